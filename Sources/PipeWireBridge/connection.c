#include "connection.h"

#include <errno.h>
#include <string.h>
#include <spa/param/video/raw.h>

static void on_core_done(void *data, uint32_t id, int sequence) {
    struct sbpw_connection *connection = data;
    if (id == PW_ID_CORE && sequence == connection->sync_sequence) {
        connection->synced = 1;
        pw_thread_loop_signal(connection->loop, false);
    }
}

/* Only a broken connection matters here: other core errors name objects the session manager removed, which
   the streams hear about themselves. */
static void on_core_error(void *data, uint32_t id, int sequence, int result, const char *message) {
    (void)sequence;
    (void)message;
    struct sbpw_connection *connection = data;
    if (id != PW_ID_CORE || result != -EPIPE || connection->broken) return;
    connection->broken = 1;
    if (connection->on_broken) connection->on_broken(connection->broken_context);
    pw_thread_loop_signal(connection->loop, false);
}

static const struct pw_core_events core_events = {
    .version = PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

int sbpw_connection_open(struct sbpw_connection *connection, const char *name, const char *remote) {
    memset(connection, 0, sizeof *connection);
    connection->loop = pw_thread_loop_new(name, NULL);
    if (!connection->loop) return -errno;
    connection->context = pw_context_new(pw_thread_loop_get_loop(connection->loop), NULL, 0);
    if (!connection->context) {
        int error = -errno;
        pw_thread_loop_destroy(connection->loop);
        return error;
    }
    if (pw_thread_loop_start(connection->loop) < 0) {
        int error = -errno;
        pw_context_destroy(connection->context);
        pw_thread_loop_destroy(connection->loop);
        return error;
    }
    pw_thread_loop_lock(connection->loop);
    struct pw_properties *properties = remote ? pw_properties_new(PW_KEY_REMOTE_NAME, remote, NULL) : NULL;
    connection->core = pw_context_connect(connection->context, properties, 0);
    if (!connection->core) {
        int error = errno ? -errno : -EHOSTDOWN;
        sbpw_connection_close(connection);
        return error;
    }
    pw_core_add_listener(connection->core, &connection->core_listener, &core_events, connection);
    return 0;
}

int sbpw_connection_round_trip(struct sbpw_connection *connection, int timeout_seconds) {
    connection->synced = 0;
    connection->sync_sequence = pw_core_sync(connection->core, PW_ID_CORE, connection->sync_sequence);
    while (!connection->synced && !connection->broken) {
        /* The wait returns a positive ETIMEDOUT. */
        if (pw_thread_loop_timed_wait(connection->loop, timeout_seconds) == ETIMEDOUT) return -ETIMEDOUT;
    }
    return connection->broken ? -EPIPE : 0;
}

void sbpw_connection_close(struct sbpw_connection *connection) {
    if (connection->core) {
        spa_hook_remove(&connection->core_listener);
        pw_core_disconnect(connection->core);
        connection->core = NULL;
    }
    pw_thread_loop_unlock(connection->loop);
    pw_thread_loop_stop(connection->loop);
    pw_context_destroy(connection->context);
    pw_thread_loop_destroy(connection->loop);
}

static const struct { uint32_t format, spa; } format_names[] = {
    {SBPW_FORMAT_YUY2, SPA_VIDEO_FORMAT_YUY2}, {SBPW_FORMAT_UYVY, SPA_VIDEO_FORMAT_UYVY},
    {SBPW_FORMAT_NV12, SPA_VIDEO_FORMAT_NV12}, {SBPW_FORMAT_I420, SPA_VIDEO_FORMAT_I420},
    {SBPW_FORMAT_YV12, SPA_VIDEO_FORMAT_YV12}, {SBPW_FORMAT_RGBX, SPA_VIDEO_FORMAT_RGBx},
    {SBPW_FORMAT_BGRX, SPA_VIDEO_FORMAT_BGRx}, {SBPW_FORMAT_RGBA, SPA_VIDEO_FORMAT_RGBA},
    {SBPW_FORMAT_BGRA, SPA_VIDEO_FORMAT_BGRA}, {SBPW_FORMAT_RGB, SPA_VIDEO_FORMAT_RGB},
    {SBPW_FORMAT_BGR, SPA_VIDEO_FORMAT_BGR},
};

uint32_t sbpw_format_from_spa(uint32_t spa_format) {
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (format_names[i].spa == spa_format) return format_names[i].format;
    return SBPW_FORMAT_UNKNOWN;
}

uint32_t sbpw_format_to_spa(uint32_t format) {
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (format_names[i].format == format) return format_names[i].spa;
    return SPA_VIDEO_FORMAT_UNKNOWN;
}
