#include "connection.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spa/param/buffers.h>
#include <spa/param/format-utils.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>

struct sbpw_capture {
    struct sbpw_connection connection;
    struct pw_stream *stream;
    struct spa_hook stream_listener;
    sbpw_picture picture;
    sbpw_picture_callback on_picture;
    sbpw_event_callback on_event;
    void *context;
    int ended;
};

static void end(struct sbpw_capture *capture, int event, const char *why) {
    if (capture->ended) return;
    capture->ended = 1;
    capture->on_event(capture->context, event, why);
}

static void on_broken(void *data) {
    end(data, SBPW_EVENT_DAEMON_GONE, "the connection to PipeWire broke");
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    (void)old;
    struct sbpw_capture *capture = data;
    switch (state) {
    case PW_STREAM_STATE_STREAMING:
        capture->on_event(capture->context, SBPW_EVENT_STREAMING, NULL);
        break;
    case PW_STREAM_STATE_PAUSED:
        capture->on_event(capture->context, SBPW_EVENT_PAUSED, NULL);
        break;
    case PW_STREAM_STATE_UNCONNECTED:
        /* A broken connection leaves the stream unconnected too, with "connection error". */
        if (capture->connection.broken) on_broken(capture);
        else end(capture, SBPW_EVENT_ENDED, error ? error : "the node went away");
        break;
    case PW_STREAM_STATE_ERROR:
        end(capture, SBPW_EVENT_ENDED, error ? error : "the stream failed");
        break;
    default:
        break;
    }
}

static uint32_t matrix_of(enum spa_video_color_matrix matrix) {
    switch (matrix) {
    case SPA_VIDEO_COLOR_MATRIX_BT601: return 1;
    case SPA_VIDEO_COLOR_MATRIX_BT709: return 2;
    case SPA_VIDEO_COLOR_MATRIX_BT2020: return 3;
    case SPA_VIDEO_COLOR_MATRIX_SMPTE240M: return 4;
    default: return 0;
    }
}

static uint32_t range_of(enum spa_video_color_range range) {
    switch (range) {
    case SPA_VIDEO_COLOR_RANGE_0_255: return 1;
    case SPA_VIDEO_COLOR_RANGE_16_235: return 2;
    default: return 0;
    }
}

/* Takes the agreed format and asks for buffers the bridge can read: shared memory, never DMA-BUF (which would
   need the GPU's modifiers and a mapping of its own). */
static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    struct sbpw_capture *capture = data;
    if (id != SPA_PARAM_Format || !param) return;
    uint32_t media_type, media_subtype;
    if (spa_format_parse(param, &media_type, &media_subtype) < 0 || media_type != SPA_MEDIA_TYPE_video) return;
    sbpw_picture *picture = &capture->picture;
    if (media_subtype == SPA_MEDIA_SUBTYPE_mjpg) {
        struct spa_video_info_mjpg info = {0};
        if (spa_format_video_mjpg_parse(param, &info) < 0) return;
        picture->format = SBPW_FORMAT_MJPG;
        picture->width = info.size.width;
        picture->height = info.size.height;
        picture->color_matrix = 0;
        picture->color_range = 0;
    } else if (media_subtype == SPA_MEDIA_SUBTYPE_raw) {
        struct spa_video_info_raw info = {0};
        if (spa_format_video_raw_parse(param, &info) < 0) return;
        picture->format = sbpw_format_from_spa(info.format);
        picture->width = info.size.width;
        picture->height = info.size.height;
        picture->color_matrix = matrix_of(info.color_matrix);
        picture->color_range = range_of(info.color_range);
    } else {
        return;
    }
    uint8_t storage[512];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(storage, sizeof storage);
    const struct spa_pod *buffers = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
        SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(4, 2, 8),
        SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemPtr) | (1 << SPA_DATA_MemFd)));
    pw_stream_update_params(capture->stream, &buffers, 1);
    char description[96];
    snprintf(description, sizeof description, "%" PRIu32 "x%" PRIu32, picture->width, picture->height);
    capture->on_event(capture->context, SBPW_EVENT_FORMAT, description);
}

/* The newest buffer wins: older ones waiting behind it go back unread. */
static void on_process(void *data) {
    struct sbpw_capture *capture = data;
    struct pw_buffer *newest = NULL, *buffer;
    while ((buffer = pw_stream_dequeue_buffer(capture->stream))) {
        if (newest) pw_stream_queue_buffer(capture->stream, newest);
        newest = buffer;
    }
    if (!newest) return;
    sbpw_picture *picture = &capture->picture;
    struct spa_buffer *contents = newest->buffer;
    picture->block_count = 0;
    for (uint32_t i = 0; i < contents->n_datas && i < 3; i++) {
        struct spa_data *block = &contents->datas[i];
        if (!block->data || !block->chunk || block->maxsize == 0) break;
        uint32_t offset = block->chunk->offset % block->maxsize;
        uint32_t size = block->chunk->size;
        if (size > block->maxsize - offset) size = block->maxsize - offset;
        picture->blocks[i] = (const uint8_t *)block->data + offset;
        picture->block_sizes[i] = size;
        picture->block_strides[i] = block->chunk->stride;
        picture->block_count = i + 1;
    }
    if (picture->block_count > 0 && picture->format != SBPW_FORMAT_UNKNOWN) {
        picture->sequence++;
        capture->on_picture(capture->context, picture);
    }
    pw_stream_queue_buffer(capture->stream, newest);
}

static const struct pw_stream_events stream_events = {
    .version = PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
    .process = on_process,
};

/* The EnumFormat objects: every raw format in one choice, in the caller's order, and MJPG on its own. */
static uint32_t build_formats(struct spa_pod_builder *builder, const struct spa_pod **params, uint32_t width, uint32_t height,
                              uint32_t rate, const uint32_t *formats, uint32_t format_count) {
    struct spa_rectangle size = SPA_RECTANGLE(width, height), smallest = SPA_RECTANGLE(1, 1), largest = SPA_RECTANGLE(16384, 16384);
    struct spa_fraction wanted = SPA_FRACTION(rate, 1), slowest = SPA_FRACTION(0, 1), fastest = SPA_FRACTION(1000, 1);
    uint32_t raw[16], raw_count = 0, count = 0;
    int mjpg = 0;
    for (uint32_t i = 0; i < format_count; i++) {
        if (formats[i] == SBPW_FORMAT_MJPG) mjpg = 1;
        else if (sbpw_format_to_spa(formats[i]) != SPA_VIDEO_FORMAT_UNKNOWN && raw_count < 16) raw[raw_count++] = sbpw_format_to_spa(formats[i]);
    }
    if (raw_count > 0) {
        struct spa_pod_frame object, choice;
        spa_pod_builder_push_object(builder, &object, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat);
        spa_pod_builder_add(builder, SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
                            SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw), 0);
        spa_pod_builder_prop(builder, SPA_FORMAT_VIDEO_format, 0);
        spa_pod_builder_push_choice(builder, &choice, raw_count > 1 ? SPA_CHOICE_Enum : SPA_CHOICE_None, 0);
        /* An enumeration's first value is its default. */
        spa_pod_builder_id(builder, raw[0]);
        for (uint32_t i = 0; raw_count > 1 && i < raw_count; i++) spa_pod_builder_id(builder, raw[i]);
        spa_pod_builder_pop(builder, &choice);
        spa_pod_builder_add(builder, SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(&size, &smallest, &largest),
                            SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(&wanted, &slowest, &fastest), 0);
        params[count++] = spa_pod_builder_pop(builder, &object);
    }
    if (mjpg) {
        params[count++] = spa_pod_builder_add_object(builder, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
            SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
            SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_mjpg),
            SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(&size, &smallest, &largest),
            SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(&wanted, &slowest, &fastest));
    }
    return count;
}

sbpw_capture *sbpw_capture_open(const char *remote, uint64_t serial, const char *client_name, uint32_t width, uint32_t height, uint32_t rate,
                                const uint32_t *formats, uint32_t format_count,
                                sbpw_picture_callback on_picture, sbpw_event_callback on_event, void *context,
                                int *error_number) {
    char loader[256];
    if (sbpw_load(loader, sizeof loader) < 0) {
        *error_number = -ENOSYS;
        return NULL;
    }
    struct sbpw_capture *capture = calloc(1, sizeof *capture);
    if (!capture) {
        *error_number = -ENOMEM;
        return NULL;
    }
    capture->on_picture = on_picture;
    capture->on_event = on_event;
    capture->context = context;
    int result = sbpw_connection_open(&capture->connection, client_name, remote);
    if (result < 0) {
        *error_number = result;
        free(capture);
        return NULL;
    }
    capture->connection.on_broken = on_broken;
    capture->connection.broken_context = capture;
    char target[32];
    snprintf(target, sizeof target, "%" PRIu64, serial);
    struct pw_properties *properties = pw_properties_new(PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture",
                                                         PW_KEY_MEDIA_ROLE, "Camera", PW_KEY_TARGET_OBJECT, target, NULL);
    capture->stream = pw_stream_new(capture->connection.core, client_name, properties);
    if (!capture->stream) {
        *error_number = -errno;
        sbpw_connection_close(&capture->connection);
        free(capture);
        return NULL;
    }
    pw_stream_add_listener(capture->stream, &capture->stream_listener, &stream_events, capture);
    uint8_t storage[2048];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(storage, sizeof storage);
    const struct spa_pod *params[2];
    uint32_t count = build_formats(&builder, params, width, height, rate, formats, format_count);
    /* Not moved to another camera when this one goes: the caller connects again when it is back. */
    result = pw_stream_connect(capture->stream, PW_DIRECTION_INPUT, PW_ID_ANY,
                               PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS | PW_STREAM_FLAG_DONT_RECONNECT,
                               params, count);
    pw_thread_loop_unlock(capture->connection.loop);
    if (result < 0) {
        *error_number = result;
        sbpw_capture_close(capture);
        return NULL;
    }
    return capture;
}

void sbpw_capture_close(sbpw_capture *capture) {
    pw_thread_loop_lock(capture->connection.loop);
    spa_hook_remove(&capture->stream_listener);
    pw_stream_disconnect(capture->stream);
    pw_stream_destroy(capture->stream);
    sbpw_connection_close(&capture->connection);
    free(capture);
}
