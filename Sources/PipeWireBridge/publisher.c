#include "connection.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <spa/buffer/meta.h>
#include <spa/param/buffers.h>
#include <spa/param/format-utils.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>

struct sbpw_publisher {
    struct sbpw_connection connection;
    struct pw_stream *stream;
    struct spa_hook stream_listener;
    uint32_t width, height;
    sbpw_event_callback on_event;
    void *context;
    /* The consumer's format (SBPW_FORMAT_UNKNOWN while there is none) and its buffers' shape. */
    uint32_t format;
    uint32_t stride, size;
    int streaming;
};

static void on_broken(void *data) {
    struct sbpw_publisher *publisher = data;
    publisher->on_event(publisher->context, SBPW_EVENT_DAEMON_GONE, "the connection to PipeWire broke");
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    (void)old;
    (void)error;
    struct sbpw_publisher *publisher = data;
    publisher->streaming = state == PW_STREAM_STATE_STREAMING;
    if (state == PW_STREAM_STATE_STREAMING) publisher->on_event(publisher->context, SBPW_EVENT_STREAMING, NULL);
    else if (state == PW_STREAM_STATE_PAUSED) publisher->on_event(publisher->context, SBPW_EVENT_PAUSED, NULL);
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    struct sbpw_publisher *publisher = data;
    if (id != SPA_PARAM_Format) return;
    publisher->format = SBPW_FORMAT_UNKNOWN;
    struct spa_video_info_raw info = {0};
    if (!param || spa_format_video_raw_parse(param, &info) < 0) return;
    uint32_t width = publisher->width, height = publisher->height;
    uint32_t chroma = ((width + 1) / 2) * ((height + 1) / 2);
    uint32_t format = sbpw_format_from_spa(info.format);
    switch (format) {
    case SBPW_FORMAT_YUY2: publisher->stride = width * 2; publisher->size = width * 2 * height; break;
    case SBPW_FORMAT_NV12: publisher->stride = width; publisher->size = width * height + 2 * chroma; break;
    case SBPW_FORMAT_I420: publisher->stride = width; publisher->size = width * height + 2 * chroma; break;
    case SBPW_FORMAT_RGBX:
    case SBPW_FORMAT_BGRX: publisher->stride = width * 4; publisher->size = width * 4 * height; break;
    default: return;
    }
    uint8_t storage[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(storage, sizeof storage);
    const struct spa_pod *params[2];
    params[0] = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
        SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(4, 2, 8),
        SPA_PARAM_BUFFERS_blocks, SPA_POD_Int(1),
        SPA_PARAM_BUFFERS_size, SPA_POD_Int(publisher->size),
        SPA_PARAM_BUFFERS_stride, SPA_POD_Int(publisher->stride),
        SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemPtr) | (1 << SPA_DATA_MemFd)));
    params[1] = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_ParamMeta, SPA_PARAM_Meta,
        SPA_PARAM_META_type, SPA_POD_Id(SPA_META_Header),
        SPA_PARAM_META_size, SPA_POD_Int(sizeof(struct spa_meta_header)));
    pw_stream_update_params(publisher->stream, params, 2);
    publisher->format = format;
    publisher->on_event(publisher->context, SBPW_EVENT_FORMAT, NULL);
}

static const struct pw_stream_events stream_events = {
    .version = PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
};

sbpw_publisher *sbpw_publisher_open(const char *remote, const char *name, const char *description, uint32_t width, uint32_t height,
                                    uint32_t rate_numerator, uint32_t rate_denominator,
                                    const uint32_t *formats, uint32_t format_count,
                                    sbpw_event_callback on_event, void *context, int *error_number) {
    char loader[256];
    if (sbpw_load(loader, sizeof loader) < 0) {
        *error_number = -ENOSYS;
        return NULL;
    }
    uint32_t offered[8], offered_count = 0;
    for (uint32_t i = 0; i < format_count && offered_count < 8; i++) {
        switch (formats[i]) {
        case SBPW_FORMAT_YUY2: case SBPW_FORMAT_NV12: case SBPW_FORMAT_I420: case SBPW_FORMAT_RGBX: case SBPW_FORMAT_BGRX:
            offered[offered_count++] = sbpw_format_to_spa(formats[i]);
            break;
        default:
            break;
        }
    }
    if (offered_count == 0 || width == 0 || height == 0) {
        *error_number = -EINVAL;
        return NULL;
    }
    struct sbpw_publisher *publisher = calloc(1, sizeof *publisher);
    if (!publisher) {
        *error_number = -ENOMEM;
        return NULL;
    }
    publisher->width = width;
    publisher->height = height;
    publisher->on_event = on_event;
    publisher->context = context;
    int result = sbpw_connection_open(&publisher->connection, name, remote);
    if (result < 0) {
        *error_number = result;
        free(publisher);
        return NULL;
    }
    publisher->connection.on_broken = on_broken;
    publisher->connection.broken_context = publisher;
    struct pw_properties *properties = pw_properties_new(PW_KEY_MEDIA_CLASS, "Video/Source", PW_KEY_MEDIA_TYPE, "Video",
                                                         PW_KEY_MEDIA_CATEGORY, "Source", PW_KEY_MEDIA_ROLE, "Camera",
                                                         PW_KEY_NODE_NAME, name, PW_KEY_NODE_DESCRIPTION, description, NULL);
    publisher->stream = pw_stream_new(publisher->connection.core, name, properties);
    if (!publisher->stream) {
        *error_number = -errno;
        sbpw_connection_close(&publisher->connection);
        free(publisher);
        return NULL;
    }
    pw_stream_add_listener(publisher->stream, &publisher->stream_listener, &stream_events, publisher);
    uint8_t storage[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(storage, sizeof storage);
    struct spa_rectangle size = SPA_RECTANGLE(width, height);
    struct spa_fraction rate = SPA_FRACTION(rate_numerator, rate_denominator);
    struct spa_pod_frame object, choice;
    spa_pod_builder_push_object(&builder, &object, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat);
    spa_pod_builder_add(&builder, SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
                        SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw), 0);
    spa_pod_builder_prop(&builder, SPA_FORMAT_VIDEO_format, 0);
    spa_pod_builder_push_choice(&builder, &choice, offered_count > 1 ? SPA_CHOICE_Enum : SPA_CHOICE_None, 0);
    spa_pod_builder_id(&builder, offered[0]);
    for (uint32_t i = 0; offered_count > 1 && i < offered_count; i++) spa_pod_builder_id(&builder, offered[i]);
    spa_pod_builder_pop(&builder, &choice);
    spa_pod_builder_add(&builder, SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&size),
                        SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&rate), 0);
    const struct spa_pod *param = spa_pod_builder_pop(&builder, &object);
    /* The driver of its own graph: a frame goes out when the workbench sends it, at the composition's rate. */
    result = pw_stream_connect(publisher->stream, PW_DIRECTION_OUTPUT, PW_ID_ANY,
                               PW_STREAM_FLAG_DRIVER | PW_STREAM_FLAG_MAP_BUFFERS, &param, 1);
    pw_thread_loop_unlock(publisher->connection.loop);
    if (result < 0) {
        *error_number = result;
        sbpw_publisher_close(publisher);
        return NULL;
    }
    return publisher;
}

uint32_t sbpw_publisher_format(sbpw_publisher *publisher) {
    pw_thread_loop_lock(publisher->connection.loop);
    uint32_t format = publisher->streaming ? publisher->format : SBPW_FORMAT_UNKNOWN;
    pw_thread_loop_unlock(publisher->connection.loop);
    return format;
}

static void copy_plane(uint8_t *destination, uint32_t destination_stride, const uint8_t *source, uint32_t source_stride,
                       uint32_t row_bytes, uint32_t rows) {
    for (uint32_t row = 0; row < rows; row++)
        memcpy(destination + row * destination_stride, source + row * source_stride, row_bytes);
}

/* Writes `frame` as `format` into `out`: I420 frames become the YCbCr formats (the chroma interleaved, or each
   chroma row serving its two luma rows for YUY2), RGBA frames the RGB ones. 0 when the frame cannot be. */
static int convert(const sbpw_source_frame *frame, uint32_t format, uint8_t *out, uint32_t stride) {
    uint32_t width = frame->width, height = frame->height;
    uint32_t chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
    const uint8_t *y = frame->planes[0], *cb = frame->planes[1], *cr = frame->planes[2];
    switch (format) {
    case SBPW_FORMAT_I420:
        if (frame->is_rgba) return 0;
        copy_plane(out, width, y, frame->strides[0], width, height);
        copy_plane(out + width * height, chroma_width, cb, frame->strides[1], chroma_width, chroma_height);
        copy_plane(out + width * height + chroma_width * chroma_height, chroma_width, cr, frame->strides[2], chroma_width, chroma_height);
        return 1;
    case SBPW_FORMAT_NV12:
        if (frame->is_rgba) return 0;
        copy_plane(out, width, y, frame->strides[0], width, height);
        for (uint32_t row = 0; row < chroma_height; row++) {
            uint8_t *line = out + width * height + row * 2 * chroma_width;
            const uint8_t *blue = cb + row * frame->strides[1], *red = cr + row * frame->strides[2];
            for (uint32_t x = 0; x < chroma_width; x++) {
                line[2 * x] = blue[x];
                line[2 * x + 1] = red[x];
            }
        }
        return 1;
    case SBPW_FORMAT_YUY2:
        if (frame->is_rgba) return 0;
        for (uint32_t row = 0; row < height; row++) {
            uint8_t *line = out + row * stride;
            const uint8_t *luma = y + row * frame->strides[0];
            const uint8_t *blue = cb + (row / 2) * frame->strides[1], *red = cr + (row / 2) * frame->strides[2];
            for (uint32_t pair = 0; pair < width / 2; pair++) {
                line[4 * pair] = luma[2 * pair];
                line[4 * pair + 1] = blue[pair];
                line[4 * pair + 2] = luma[2 * pair + 1];
                line[4 * pair + 3] = red[pair];
            }
        }
        return 1;
    case SBPW_FORMAT_RGBX:
        if (!frame->is_rgba) return 0;
        copy_plane(out, stride, y, frame->strides[0], width * 4, height);
        return 1;
    case SBPW_FORMAT_BGRX:
        if (!frame->is_rgba) return 0;
        for (uint32_t row = 0; row < height; row++) {
            uint8_t *line = out + row * stride;
            const uint8_t *pixels = y + row * frame->strides[0];
            for (uint32_t x = 0; x < width; x++) {
                line[4 * x] = pixels[4 * x + 2];
                line[4 * x + 1] = pixels[4 * x + 1];
                line[4 * x + 2] = pixels[4 * x];
                line[4 * x + 3] = 255;
            }
        }
        return 1;
    default:
        return 0;
    }
}

int sbpw_publisher_send(sbpw_publisher *publisher, const sbpw_source_frame *frame, uint64_t sequence) {
    pw_thread_loop_lock(publisher->connection.loop);
    int sent = 0;
    if (publisher->connection.broken) {
        sent = -1;
    } else if (publisher->streaming && publisher->format != SBPW_FORMAT_UNKNOWN && frame->width == publisher->width
               && frame->height == publisher->height) {
        struct pw_buffer *buffer = pw_stream_dequeue_buffer(publisher->stream);
        if (buffer) {
            struct spa_data *block = &buffer->buffer->datas[0];
            if (block->data && block->maxsize >= publisher->size
                && convert(frame, publisher->format, block->data, publisher->stride)) {
                block->chunk->offset = 0;
                block->chunk->size = publisher->size;
                block->chunk->stride = (int32_t)publisher->stride;
                block->chunk->flags = 0;
                sent = 1;
            } else {
                block->chunk->size = 0;
            }
            struct spa_meta_header *header = spa_buffer_find_meta_data(buffer->buffer, SPA_META_Header, sizeof *header);
            if (header) {
                struct timespec now;
                clock_gettime(CLOCK_MONOTONIC, &now);
                header->flags = 0;
                header->seq = sequence;
                header->pts = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
                header->dts_offset = 0;
            }
            pw_stream_queue_buffer(publisher->stream, buffer);
        }
    }
    pw_thread_loop_unlock(publisher->connection.loop);
    return sent;
}

void sbpw_publisher_close(sbpw_publisher *publisher) {
    pw_thread_loop_lock(publisher->connection.loop);
    spa_hook_remove(&publisher->stream_listener);
    pw_stream_disconnect(publisher->stream);
    pw_stream_destroy(publisher->stream);
    sbpw_connection_close(&publisher->connection);
    free(publisher);
}
