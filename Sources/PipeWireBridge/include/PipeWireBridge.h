#ifndef SHADERBENCH_PIPEWIRE_BRIDGE_H
#define SHADERBENCH_PIPEWIRE_BRIDGE_H
/* libpipewire behind a few plain C calls. PipeWire's own interface is inline functions and variadic macros over
   its headers (format pods, method tables), which Swift cannot call; this bridge is compiled against them and
   calls libpipewire through pointers it looks up when the library is first needed, so nothing links it. None of
   PipeWire's types appear here. Every callback runs on the connection's own thread. */
#include <stddef.h>
#include <stdint.h>

/* The pixel formats the workbench takes from and gives to PipeWire. */
enum sbpw_format {
    SBPW_FORMAT_UNKNOWN = 0,
    SBPW_FORMAT_YUY2,
    SBPW_FORMAT_UYVY,
    SBPW_FORMAT_NV12,
    SBPW_FORMAT_I420,
    SBPW_FORMAT_YV12,
    SBPW_FORMAT_RGBX,
    SBPW_FORMAT_BGRX,
    SBPW_FORMAT_RGBA,
    SBPW_FORMAT_BGRA,
    SBPW_FORMAT_RGB,
    SBPW_FORMAT_BGR,
    SBPW_FORMAT_MJPG,
};

/* Opens libpipewire-0.3.so.0 (once) and initialises it. 0, or -1 with the loader's words in `error`. */
int sbpw_load(char *error, size_t error_size);

/* One format a node offers: its size and rate are the ones it prefers (a range's default). */
typedef struct {
    uint32_t format;
    uint32_t width, height;
    uint32_t rate_numerator, rate_denominator;
} sbpw_offer;

enum { SBPW_OFFER_CAPACITY = 24, SBPW_TEXT_CAPACITY = 256 };

/* A Video/Source node on the daemon. */
typedef struct {
    uint32_t id;
    uint64_t serial;
    char name[SBPW_TEXT_CAPACITY];
    char description[SBPW_TEXT_CAPACITY];
    uint32_t offer_count;
    sbpw_offer offers[SBPW_OFFER_CAPACITY];
} sbpw_source;

/* Every call that connects takes `remote`: a daemon's socket path, or NULL for the session's own (as
   PIPEWIRE_REMOTE or XDG_RUNTIME_DIR say). */

/* Lists up to `capacity` Video/Source nodes with their formats into `sources` and their number into `count`.
   0, or a negative errno with words in `error` (-EHOSTDOWN: no daemon answers). */
int sbpw_list_sources(const char *remote, sbpw_source *sources, int capacity, int *count, char *error, size_t error_size);

/* One picture as a stream hands it over: up to three blocks of bytes (a planar format may come as one block
   holding every plane), valid only during the callback. A stride of 0 means the sender did not say. */
typedef struct {
    uint32_t format;
    uint32_t width, height;
    uint32_t color_matrix; /* 0 unknown, 1 BT.601, 2 BT.709, 3 BT.2020, 4 SMPTE 240M */
    uint32_t color_range;  /* 0 unknown, 1 full, 2 limited */
    uint32_t block_count;
    const uint8_t *blocks[3];
    uint32_t block_sizes[3];
    int32_t block_strides[3];
    uint64_t sequence;
} sbpw_picture;

/* What happens to a stream, beside its pictures. */
enum sbpw_event {
    SBPW_EVENT_FORMAT = 1,    /* a format was agreed (message: its description) */
    SBPW_EVENT_STREAMING,     /* frames flow */
    SBPW_EVENT_PAUSED,        /* linked, but nothing flows (no consumer, the producer went away) */
    SBPW_EVENT_ENDED,         /* the stream is over (message: why); close it */
    SBPW_EVENT_DAEMON_GONE,   /* the connection to the daemon broke; close it */
};

typedef void (*sbpw_picture_callback)(void *context, const sbpw_picture *picture);
typedef void (*sbpw_event_callback)(void *context, int event, const char *message);

typedef struct sbpw_capture sbpw_capture;

/* Connects a capture stream to the node whose serial is `serial`, offering `formats` (in order of preference)
   near `width`×`height` at `rate` frames a second. NULL with a negative errno in `*error_number` when the
   daemon cannot be reached. */
sbpw_capture *sbpw_capture_open(const char *remote, uint64_t serial, const char *client_name, uint32_t width, uint32_t height, uint32_t rate,
                                const uint32_t *formats, uint32_t format_count,
                                sbpw_picture_callback on_picture, sbpw_event_callback on_event, void *context,
                                int *error_number);
/* Disconnects and frees; no callback runs once it returns. */
void sbpw_capture_close(sbpw_capture *capture);

typedef struct sbpw_publisher sbpw_publisher;

/* The frame a publisher is given: I420 planes, or RGBA in plane 0. */
typedef struct {
    uint32_t width, height;
    const uint8_t *planes[3];
    uint32_t strides[3];
    int is_rgba;
} sbpw_source_frame;

/* Publishes a Video/Source node called `name` offering `formats` at exactly `width`×`height` and `rate_numerator`/
   `rate_denominator` frames a second. NULL with a negative errno in `*error_number` when the daemon cannot be
   reached. `on_event` hears FORMAT, STREAMING, PAUSED and DAEMON_GONE. */
sbpw_publisher *sbpw_publisher_open(const char *remote, const char *name, const char *description, uint32_t width, uint32_t height,
                                    uint32_t rate_numerator, uint32_t rate_denominator,
                                    const uint32_t *formats, uint32_t format_count,
                                    sbpw_event_callback on_event, void *context, int *error_number);
/* The format a consumer agreed, or SBPW_FORMAT_UNKNOWN while none is connected: a frame is only worth
   preparing (and reading back as RGBA or I420) when this says what for. */
uint32_t sbpw_publisher_format(sbpw_publisher *publisher);
/* Converts `frame` into a free buffer of the agreed format and sends it. 1 when sent, 0 when no consumer
   takes frames now (nothing is converted) or none was free, -1 once the daemon has gone. */
int sbpw_publisher_send(sbpw_publisher *publisher, const sbpw_source_frame *frame, uint64_t sequence);
void sbpw_publisher_close(sbpw_publisher *publisher);

#endif
