#define _GNU_SOURCE
#include "emulator.h"
#include "config.h"
#include "frames.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <linux/version.h>
#include <linux/videodev2.h>

enum { MIN_BUFFERS = 2, MAX_BUFFERS = 8 };

struct buffer {
    bool allocated, queued;
    int maps; /* live mappings of this buffer */
    uint32_t bytesused, sequence;
    struct timeval timestamp;
};

/* One emulated open. It outlives its close while the app still maps one of its buffers. */
struct handle {
    struct handle *next;
    int fd; /* the timerfd the app polls; -1 once closed */
    bool nonblocking, dead, streaming, armed;
    struct emulated_device device;
    struct v4l2_pix_format format;
    uint8_t *frame; /* the current format's frame, rendered once per S_FMT */
    size_t frame_used;
    int memfd; /* every buffer of the last REQBUFS, one page-aligned stride apart */
    uint8_t *memory;
    size_t stride;
    uint32_t buffer_count;
    struct buffer buffers[MAX_BUFFERS];
    uint32_t queue[MAX_BUFFERS]; /* queued buffer indices, oldest first */
    uint32_t queued_count;
    uint64_t ticks;            /* timer ticks since STREAMON, delivered or not */
    struct timespec armed_at;  /* when the timer was last armed... */
    uint64_t ticks_when_armed; /* ...and the ticks counted then, to date each tick */
    bool output_format_set;    /* an output device's S_FMT was taken */
};

struct mapping {
    struct mapping *next;
    void *address;
    struct handle *handle;
    uint32_t index;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct handle *handles;
static struct mapping *mappings;
static unsigned long total_opens;
static unsigned long frames_written; /* whole frames written to output devices, ever */
static struct device_list devices;
static char *devices_text; /* what `devices` was parsed from, so an unchanged file is not re-parsed */

/* MARK: - The folder: configuration, faults, status */

static const char *emulator_dir(void) {
    const char *dir = getenv("V4L2_EMULATOR_DIR");
    return dir && *dir ? dir : NULL;
}

static bool fault(const char *name) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", emulator_dir(), name);
    return access(path, F_OK) == 0;
}

/* The whole file; a missing file reads as empty, which offers no devices. */
static char *read_text(const char *path) {
    FILE *file = fopen(path, "re");
    char *text = NULL;
    size_t capacity = 0;
    if (!file || getdelim(&text, &capacity, '\0', file) < 0) {
        free(text);
        text = strdup("");
    }
    if (file) fclose(file);
    return text;
}

static void load_devices_locked(void) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/devices.conf", emulator_dir());
    char *text = read_text(path);
    if (!text || (devices_text && strcmp(text, devices_text) == 0)) {
        free(text);
        return;
    }
    free(devices_text);
    devices_text = text;
    parse_devices(text, path, &devices);
}

static void write_status_locked(void) {
    unsigned long open = 0, mapped = 0, allocated = 0, streaming = 0;
    for (struct handle *handle = handles; handle; handle = handle->next) {
        open += handle->fd >= 0;
        streaming += handle->streaming;
        for (uint32_t i = 0; i < handle->buffer_count; i++) {
            allocated += handle->buffers[i].allocated;
            mapped += handle->buffers[i].maps > 0;
        }
    }
    char path[PATH_MAX], temporary[PATH_MAX];
    snprintf(path, sizeof path, "%s/status", emulator_dir());
    snprintf(temporary, sizeof temporary, "%s/.status-%d", emulator_dir(), (int)getpid());
    FILE *file = fopen(temporary, "we");
    if (!file) return;
    fprintf(file, "open=%lu\nmapped=%lu\nbuffers=%lu\nstreaming=%lu\nopens=%lu\nwritten=%lu\n", open, mapped, allocated,
            streaming, total_opens, frames_written);
    /* Renamed into place so a reader never sees half a file. */
    if (fclose(file) == 0) rename(temporary, path);
}

/* MARK: - The frame timer */

static int64_t interval_ns(const struct handle *handle) { return 1000000000LL / handle->device.fps; }

static struct timespec add_ns(struct timespec time, int64_t ns) {
    int64_t total = time.tv_nsec + ns;
    time.tv_sec += total / 1000000000LL;
    time.tv_nsec = total % 1000000000LL;
    return time;
}

/* Counts the ticks the timer has accumulated; returns how many there were. */
static uint64_t take_ticks(struct handle *handle) {
    uint64_t ticks = 0;
    if (read(handle->fd, &ticks, sizeof ticks) != sizeof ticks) return 0;
    handle->ticks += ticks;
    return ticks;
}

static void arm(struct handle *handle) {
    int64_t interval = interval_ns(handle);
    clock_gettime(CLOCK_MONOTONIC, &handle->armed_at);
    handle->ticks_when_armed = handle->ticks;
    struct itimerspec schedule = {
        .it_interval = {interval / 1000000000LL, interval % 1000000000LL},
        .it_value = add_ns(handle->armed_at, interval),
    };
    timerfd_settime(handle->fd, TFD_TIMER_ABSTIME, &schedule, NULL);
    handle->armed = true;
}

static void disarm(struct handle *handle) {
    struct itimerspec stopped = {0};
    timerfd_settime(handle->fd, 0, &stopped, NULL);
    take_ticks(handle);
    handle->armed = false;
}

/* Brings every open fd in line with the fault files; the watcher thread calls it too, so a capture loop
   blocked in poll() sees an unplug or the end of a stall without making any call. */
static void apply_faults_locked(void) {
    bool unplugged = fault("unplugged"), stalled = fault("stall");
    for (struct handle *handle = handles; handle; handle = handle->next) {
        if (handle->fd < 0 || handle->dead) continue;
        if (unplugged) {
            /* An expired one-shot timer that nobody reads keeps the fd readable, as a real unplugged
               device's fd keeps reporting an error, so a poll() returns and DQBUF says ENODEV. */
            handle->dead = true;
            struct itimerspec now = {.it_value = {0, 1}};
            timerfd_settime(handle->fd, 0, &now, NULL);
            handle->armed = false;
        } else if (handle->streaming && stalled && handle->armed) {
            disarm(handle);
        } else if (handle->streaming && !stalled && !handle->armed) {
            arm(handle);
        }
    }
}

static void *watch_faults(void *argument) {
    int watch = (int)(intptr_t)argument;
    char events[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    for (;;) {
        ssize_t got = read(watch, events, sizeof events);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        pthread_mutex_lock(&lock);
        apply_faults_locked();
        pthread_mutex_unlock(&lock);
    }
    close(watch);
    return NULL;
}

static pthread_once_t watching = PTHREAD_ONCE_INIT;

static void start_watching(void) {
    int watch = inotify_init1(IN_CLOEXEC);
    if (watch < 0) return;
    if (inotify_add_watch(watch, emulator_dir(), IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) < 0) {
        close(watch);
        return;
    }
    /* Started with every signal blocked, so the app's signals go to its own threads. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, watch_faults, (void *)(intptr_t)watch) != 0) close(watch);
    pthread_attr_destroy(&attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

/* MARK: - Handles and buffers */

static struct handle *find_handle(int fd) {
    for (struct handle *handle = handles; handle; handle = handle->next) {
        if (handle->fd == fd && fd >= 0) return handle;
    }
    return NULL;
}

static bool is_capture(const struct handle *handle, uint32_t type) {
    return handle->device.capture && type == V4L2_BUF_TYPE_VIDEO_CAPTURE;
}

static bool is_output(const struct handle *handle, uint32_t type) {
    return handle->device.output && type == V4L2_BUF_TYPE_VIDEO_OUTPUT;
}

static bool offers_format(const struct handle *handle, uint32_t fourcc) {
    for (int i = 0; (handle->device.capture || handle->device.output) && i < handle->device.format_count; i++) {
        if (handle->device.formats[i] == fourcc) return true;
    }
    return false;
}

static bool offers_size(const struct handle *handle, uint32_t width, uint32_t height) {
    for (int i = 0; i < handle->device.size_count; i++) {
        if (handle->device.sizes[i].width == width && handle->device.sizes[i].height == height) return true;
    }
    return false;
}

static uint32_t buffers_mapped(const struct handle *handle) {
    uint32_t mapped = 0;
    for (uint32_t i = 0; i < handle->buffer_count; i++) mapped += handle->buffers[i].maps > 0;
    return mapped;
}

static void free_buffers(struct handle *handle) {
    if (handle->memory) munmap(handle->memory, handle->stride * handle->buffer_count);
    if (handle->memfd >= 0) close(handle->memfd);
    handle->memory = NULL;
    handle->memfd = -1;
    handle->buffer_count = 0;
    handle->queued_count = 0;
}

/* Frees a closed handle once no buffer of it is left. */
static void release_if_unused(struct handle *handle) {
    if (handle->fd >= 0) return;
    for (uint32_t i = 0; i < handle->buffer_count; i++) {
        if (handle->buffers[i].allocated) return;
    }
    free_buffers(handle);
    for (struct handle **link = &handles; *link; link = &(*link)->next) {
        if (*link == handle) {
            *link = handle->next;
            break;
        }
    }
    free(handle->frame);
    free(handle);
}

static void describe_buffer(const struct handle *handle, uint32_t index, struct v4l2_buffer *out) {
    const struct buffer *buffer = &handle->buffers[index];
    *out = (struct v4l2_buffer){
        .index = index,
        .type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
        .bytesused = buffer->bytesused,
        .flags = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | (buffer->maps > 0 ? V4L2_BUF_FLAG_MAPPED : 0) |
                 (buffer->queued ? V4L2_BUF_FLAG_QUEUED : 0),
        .field = V4L2_FIELD_NONE,
        .timestamp = buffer->timestamp,
        .sequence = buffer->sequence,
        .memory = V4L2_MEMORY_MMAP,
        .m.offset = (uint32_t)(index * handle->stride),
        .length = handle->format.sizeimage,
    };
}

/* MARK: - Formats */

/* Whether S_FMT and TRY_FMT take `format`: a strict device refuses all but its one format and size. */
static bool accepts(const struct handle *handle, const struct v4l2_pix_format *format) {
    const struct emulated_device *device = &handle->device;
    return !device->only_format || (format->pixelformat == device->only_format &&
                                    format->width == device->only_size.width &&
                                    format->height == device->only_size.height);
}

/* Like a driver's TRY_FMT: an unknown pixel format becomes the first offered, the size the nearest; a strict
   device always answers its one format. */
static void negotiate(const struct handle *handle, struct v4l2_pix_format *format) {
    const struct emulated_device *device = &handle->device;
    uint32_t fourcc = offers_format(handle, format->pixelformat) ? format->pixelformat : device->formats[0];
    struct frame_size size = device->sizes[0];
    int64_t best = INT64_MAX;
    for (int i = 0; i < device->size_count; i++) {
        int64_t distance = llabs((int64_t)device->sizes[i].width - format->width) +
                           llabs((int64_t)device->sizes[i].height - format->height);
        if (distance < best) {
            best = distance;
            size = device->sizes[i];
        }
    }
    if (device->only_format) {
        fourcc = device->only_format;
        size = device->only_size;
    }
    bool jpeg = fourcc == V4L2_PIX_FMT_MJPEG, bt709 = device_matrix(device) == MATRIX_BT709;
    *format = (struct v4l2_pix_format){
        .width = size.width,
        .height = size.height,
        .pixelformat = fourcc,
        .field = V4L2_FIELD_NONE,
        .bytesperline = format_bytesperline(fourcc, size.width),
        .sizeimage = format_sizeimage(fourcc, size.width, size.height),
        /* JPEG is always full-range BT.601; RGB is always full range. */
        .colorspace = jpeg ? V4L2_COLORSPACE_JPEG : device->colorspace,
        .ycbcr_enc = jpeg || !bt709 ? V4L2_YCBCR_ENC_601 : V4L2_YCBCR_ENC_709,
        .quantization = jpeg || fourcc == V4L2_PIX_FMT_RGB24 || device->full_range ? V4L2_QUANTIZATION_FULL_RANGE
                                                                                    : V4L2_QUANTIZATION_LIM_RANGE,
        .xfer_func = jpeg || device->colorspace == V4L2_COLORSPACE_SRGB ? V4L2_XFER_FUNC_SRGB : V4L2_XFER_FUNC_709,
    };
}

static int set_format(struct handle *handle, struct v4l2_pix_format *format) {
    negotiate(handle, format);
    uint8_t *frame = malloc(format->sizeimage);
    size_t used = frame ? render_frame(&handle->device, format->pixelformat, format->width, format->height, frame) : 0;
    if (used == 0) {
        free(frame);
        return ENOMEM;
    }
    free(handle->frame);
    handle->frame = frame;
    handle->frame_used = used;
    handle->format = *format;
    return 0;
}

/* MARK: - Output devices */

/* The output file of a device: its node's name in the folder, `/dev/video9` writing `output-video9.yuv`. */
static void output_path(const struct handle *handle, const char *suffix, char *path, size_t size) {
    const char *node = strrchr(handle->device.path, '/');
    snprintf(path, size, "%s/output-%s.%s", emulator_dir(), node ? node + 1 : handle->device.path, suffix);
}

/* Like v4l2loopback before a writer has set one: any size, one of the offered formats (else the first). */
static void negotiate_output(const struct handle *handle, struct v4l2_pix_format *format) {
    uint32_t fourcc = offers_format(handle, format->pixelformat) ? format->pixelformat : handle->device.formats[0];
    uint32_t width = format->width ? format->width : 640, height = format->height ? format->height : 480;
    uint32_t colorspace = format->colorspace, quantization = format->quantization, encoding = format->ycbcr_enc;
    *format = (struct v4l2_pix_format){
        .width = width,
        .height = height,
        .pixelformat = fourcc,
        .field = V4L2_FIELD_NONE,
        .bytesperline = format_bytesperline(fourcc, width),
        .sizeimage = format_sizeimage(fourcc, width, height),
        .colorspace = colorspace ? colorspace : V4L2_COLORSPACE_SMPTE170M,
        .ycbcr_enc = encoding,
        .quantization = quantization,
    };
}

/* S_FMT on an output: the format is kept, written beside the frames as `FOURCC WIDTHxHEIGHT`, and the
   frames of an earlier format are dropped. */
static int set_output_format(struct handle *handle, struct v4l2_pix_format *format) {
    negotiate_output(handle, format);
    char path[PATH_MAX];
    output_path(handle, "format", path, sizeof path);
    FILE *file = fopen(path, "we");
    if (!file) return EIO;
    fprintf(file, "%.4s %ux%u\n", (const char *)&format->pixelformat, format->width, format->height);
    fclose(file);
    output_path(handle, "yuv", path, sizeof path);
    unlink(path);
    handle->format = *format;
    handle->output_format_set = true;
    return 0;
}

static int output_parameters(const struct handle *handle, struct v4l2_streamparm *parameters) {
    if (!is_output(handle, parameters->type)) return EINVAL;
    struct v4l2_fract asked = parameters->parm.output.timeperframe;
    *parameters = (struct v4l2_streamparm){
        .type = V4L2_BUF_TYPE_VIDEO_OUTPUT,
        .parm.output = {.capability = V4L2_CAP_TIMEPERFRAME,
                        .timeperframe = asked.denominator ? asked : (struct v4l2_fract){1, handle->device.fps}},
    };
    return 0;
}

/* MARK: - ioctls */

static int query_capabilities(const struct handle *handle, struct v4l2_capability *capability) {
    *capability = (struct v4l2_capability){
        .version = LINUX_VERSION_CODE,
        .device_caps = handle->device.output ? V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_READWRITE
                       : V4L2_CAP_STREAMING | (handle->device.capture ? V4L2_CAP_VIDEO_CAPTURE : V4L2_CAP_META_CAPTURE),
    };
    capability->capabilities = capability->device_caps | V4L2_CAP_DEVICE_CAPS;
    snprintf((char *)capability->driver, sizeof capability->driver, "%s", handle->device.driver);
    snprintf((char *)capability->card, sizeof capability->card, "%s", handle->device.card);
    snprintf((char *)capability->bus_info, sizeof capability->bus_info, "%s", handle->device.bus);
    return 0;
}

static int enumerate_format(const struct handle *handle, struct v4l2_fmtdesc *description) {
    if (!(is_capture(handle, description->type) || is_output(handle, description->type)) ||
        description->index >= (uint32_t)handle->device.format_count) {
        return EINVAL;
    }
    const struct pixel_format *format = find_pixel_format(handle->device.formats[description->index]);
    *description = (struct v4l2_fmtdesc){
        .index = description->index,
        .type = description->type,
        .flags = format->compressed ? V4L2_FMT_FLAG_COMPRESSED : 0,
        .pixelformat = format->fourcc,
    };
    snprintf((char *)description->description, sizeof description->description, "%s", format->description);
    return 0;
}

static int enumerate_sizes(const struct handle *handle, struct v4l2_frmsizeenum *size) {
    if (!offers_format(handle, size->pixel_format) || size->index >= (uint32_t)handle->device.size_count) {
        return EINVAL;
    }
    *size = (struct v4l2_frmsizeenum){
        .index = size->index,
        .pixel_format = size->pixel_format,
        .type = V4L2_FRMSIZE_TYPE_DISCRETE,
        .discrete = {handle->device.sizes[size->index].width, handle->device.sizes[size->index].height},
    };
    return 0;
}

static int enumerate_intervals(const struct handle *handle, struct v4l2_frmivalenum *interval) {
    if (!offers_format(handle, interval->pixel_format) || !offers_size(handle, interval->width, interval->height) ||
        interval->index != 0) {
        return EINVAL;
    }
    *interval = (struct v4l2_frmivalenum){
        .pixel_format = interval->pixel_format,
        .width = interval->width,
        .height = interval->height,
        .type = V4L2_FRMIVAL_TYPE_DISCRETE,
        .discrete = {1, handle->device.fps},
    };
    return 0;
}

/* G_PARM and S_PARM alike: there is one frame interval. */
static int stream_parameters(const struct handle *handle, struct v4l2_streamparm *parameters) {
    if (!is_capture(handle, parameters->type)) return EINVAL;
    *parameters = (struct v4l2_streamparm){
        .type = parameters->type,
        .parm.capture = {.capability = V4L2_CAP_TIMEPERFRAME, .timeperframe = {1, handle->device.fps}},
    };
    return 0;
}

static int request_buffers(struct handle *handle, struct v4l2_requestbuffers *request) {
    if (!is_capture(handle, request->type)) return EINVAL;
    request->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
    if (request->memory != V4L2_MEMORY_MMAP) return EINVAL;
    if (request->count > 0 && fault("busy")) return EBUSY;
    if (handle->streaming || buffers_mapped(handle) > 0) return EBUSY;
    free_buffers(handle);
    if (request->count == 0) return 0;
    uint32_t count = request->count < MIN_BUFFERS   ? MIN_BUFFERS
                     : request->count > MAX_BUFFERS ? MAX_BUFFERS
                                                    : request->count;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t stride = (handle->format.sizeimage + page - 1) / page * page;
    int memfd = memfd_create("v4l2-emulator", MFD_CLOEXEC);
    if (memfd < 0) return ENOMEM;
    void *memory = ftruncate(memfd, (off_t)(stride * count)) == 0
                       ? mmap(NULL, stride * count, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0)
                       : MAP_FAILED;
    if (memory == MAP_FAILED) {
        close(memfd);
        return ENOMEM;
    }
    handle->memfd = memfd;
    handle->memory = memory;
    handle->stride = stride;
    handle->buffer_count = count;
    for (uint32_t i = 0; i < count; i++) handle->buffers[i] = (struct buffer){.allocated = true};
    request->count = count;
    return 0;
}

static int query_buffer(const struct handle *handle, struct v4l2_buffer *buffer) {
    if (!is_capture(handle, buffer->type) || buffer->index >= handle->buffer_count) return EINVAL;
    describe_buffer(handle, buffer->index, buffer);
    return 0;
}

static int queue_buffer(struct handle *handle, struct v4l2_buffer *buffer) {
    if (!is_capture(handle, buffer->type) || buffer->memory != V4L2_MEMORY_MMAP ||
        buffer->index >= handle->buffer_count || handle->buffers[buffer->index].queued) {
        return EINVAL;
    }
    handle->buffers[buffer->index].queued = true;
    handle->queue[handle->queued_count++] = buffer->index;
    describe_buffer(handle, buffer->index, buffer);
    return 0;
}

static void deliver(struct handle *handle, struct v4l2_buffer *out) {
    uint32_t index = handle->queue[0];
    memmove(handle->queue, handle->queue + 1, --handle->queued_count * sizeof handle->queue[0]);
    struct buffer *buffer = &handle->buffers[index];
    memcpy(handle->memory + index * handle->stride, handle->frame, handle->frame_used);
    int64_t since_armed = (int64_t)(handle->ticks - handle->ticks_when_armed) * interval_ns(handle);
    struct timespec tick = add_ns(handle->armed_at, since_armed);
    buffer->queued = false;
    buffer->bytesused = (uint32_t)handle->frame_used;
    buffer->sequence = (uint32_t)(handle->ticks - 1);
    buffer->timestamp = (struct timeval){tick.tv_sec, tick.tv_nsec / 1000};
    describe_buffer(handle, index, out);
}

/* Called locked; unlocks while a blocking fd waits for the next tick. */
static int dequeue_buffer(int fd, struct v4l2_buffer *buffer) {
    for (;;) {
        struct handle *handle = find_handle(fd);
        if (!handle) return EBADF;
        if (handle->dead) return ENODEV;
        if (!is_capture(handle, buffer->type) || buffer->memory != V4L2_MEMORY_MMAP || !handle->streaming ||
            handle->queued_count == 0) {
            return EINVAL;
        }
        if (fault("eagain")) return EAGAIN;
        if (take_ticks(handle) > 0) {
            if (fault("eio")) return EIO;
            deliver(handle, buffer);
            return 0;
        }
        if (handle->nonblocking) return EAGAIN;
        pthread_mutex_unlock(&lock);
        struct pollfd ready = {.fd = fd, .events = POLLIN};
        int polled = poll(&ready, 1, -1);
        int error = errno;
        pthread_mutex_lock(&lock);
        if (polled < 0) return error;
        apply_faults_locked();
    }
}

static int stream_on(struct handle *handle, const int *type) {
    if (!is_capture(handle, (uint32_t)*type) || handle->buffer_count == 0) return EINVAL;
    if (fault("busy")) return EBUSY;
    if (handle->streaming) return 0;
    handle->streaming = true;
    handle->ticks = 0;
    apply_faults_locked(); /* arms the timer unless stalled */
    return 0;
}

static void stop_streaming(struct handle *handle) {
    if (!handle->streaming) return;
    disarm(handle);
    handle->streaming = false;
    for (uint32_t i = 0; i < handle->buffer_count; i++) handle->buffers[i].queued = false;
    handle->queued_count = 0;
}

static int stream_off(struct handle *handle, const int *type) {
    if (!is_capture(handle, (uint32_t)*type)) return EINVAL;
    stop_streaming(handle);
    return 0;
}

static int emulated_request(struct handle *handle, unsigned long request, void *argument) {
    switch (request) {
    case VIDIOC_QUERYCAP: return query_capabilities(handle, argument);
    case VIDIOC_ENUM_FMT: return enumerate_format(handle, argument);
    case VIDIOC_ENUM_FRAMESIZES: return enumerate_sizes(handle, argument);
    case VIDIOC_ENUM_FRAMEINTERVALS: return enumerate_intervals(handle, argument);
    case VIDIOC_G_FMT: {
        struct v4l2_format *format = argument;
        if (is_output(handle, format->type)) {
            if (!handle->output_format_set) negotiate_output(handle, &handle->format);
            format->fmt.pix = handle->format;
            return 0;
        }
        if (!is_capture(handle, format->type)) return EINVAL;
        format->fmt.pix = handle->format;
        return 0;
    }
    case VIDIOC_TRY_FMT:
    case VIDIOC_S_FMT: {
        struct v4l2_format *format = argument;
        if (is_output(handle, format->type) && !fault("refuse-format")) {
            if (request == VIDIOC_S_FMT) return fault("busy") ? EBUSY : set_output_format(handle, &format->fmt.pix);
            negotiate_output(handle, &format->fmt.pix);
            return 0;
        }
        if (!is_capture(handle, format->type) || fault("refuse-format") || !accepts(handle, &format->fmt.pix)) {
            return EINVAL;
        }
        if (request == VIDIOC_S_FMT) {
            return fault("busy") || handle->buffer_count > 0 ? EBUSY : set_format(handle, &format->fmt.pix);
        }
        negotiate(handle, &format->fmt.pix);
        return 0;
    }
    case VIDIOC_G_PARM:
    case VIDIOC_S_PARM:
        if (handle->device.output) return output_parameters(handle, argument);
        return stream_parameters(handle, argument);
    case VIDIOC_REQBUFS: return request_buffers(handle, argument);
    case VIDIOC_QUERYBUF: return query_buffer(handle, argument);
    case VIDIOC_QBUF: return queue_buffer(handle, argument);
    case VIDIOC_STREAMON: return stream_on(handle, argument);
    case VIDIOC_STREAMOFF: return stream_off(handle, argument);
    default: return _IOC_TYPE(request) == 'V' ? EINVAL : ENOTTY;
    }
}

/* MARK: - The calls, whichever layer they arrive at */

bool emulator_enabled(void) { return emulator_dir() != NULL; }

/* With the emulator on, every /dev/video path is its own, so a real camera never shows up in a test. */
bool emulates_path(const char *path) {
    return emulator_enabled() && path && strncmp(path, "/dev/video", 10) == 0;
}

static int fail(int error) {
    errno = error;
    return -1;
}

int emulated_open(const char *path, int flags) {
    pthread_mutex_lock(&lock);
    load_devices_locked();
    apply_faults_locked();
    const struct emulated_device *device = NULL;
    for (int i = 0; i < devices.count; i++) {
        if (strcmp(devices.devices[i].path, path) == 0) device = &devices.devices[i];
    }
    struct handle *handle = NULL;
    int fd = -1, error = 0;
    /* The timer is non-blocking whatever the app asked for: a blocking DQBUF waits in poll(), unlocked. */
    int timer_flags = TFD_NONBLOCK | ((flags & O_CLOEXEC) ? TFD_CLOEXEC : 0);
    if (!device || fault("unplugged")) {
        error = ENOENT;
    } else if (fault("busy-open")) {
        error = EBUSY;
    } else if (!(handle = calloc(1, sizeof *handle))) {
        error = ENOMEM;
    } else if ((fd = timerfd_create(CLOCK_MONOTONIC, timer_flags)) < 0) {
        error = errno;
    } else {
        *handle = (struct handle){.fd = fd, .nonblocking = flags & O_NONBLOCK, .device = *device, .memfd = -1};
        struct v4l2_pix_format format = {.pixelformat = device->formats[0]};
        if (device->capture) error = set_format(handle, &format);
    }
    if (error) {
        if (fd >= 0) close(fd);
        free(handle);
        pthread_mutex_unlock(&lock);
        return fail(error);
    }
    handle->next = handles;
    handles = handle;
    total_opens++;
    write_status_locked();
    pthread_mutex_unlock(&lock);
    pthread_once(&watching, start_watching);
    return fd;
}

bool emulates_name_file(const char *path) {
    return emulator_enabled() && path && strncmp(path, "/sys/class/video4linux/", 23) == 0;
}

int emulated_name_file(const char *path) {
    char node[64];
    int used = 0;
    if (sscanf(path, "/sys/class/video4linux/%40[^/]/name%n", node, &used) != 1 || path[used] != '\0') return fail(ENOENT);
    char device_path[80];
    snprintf(device_path, sizeof device_path, "/dev/%s", node);
    pthread_mutex_lock(&lock);
    load_devices_locked();
    char card[sizeof devices.devices[0].card + 1] = "";
    for (int i = 0; i < devices.count; i++) {
        if (strcmp(devices.devices[i].path, device_path) == 0) snprintf(card, sizeof card, "%s\n", devices.devices[i].card);
    }
    pthread_mutex_unlock(&lock);
    if (!*card) return fail(ENOENT);
    int fd = memfd_create("v4l2-emulator-name", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (write(fd, card, strlen(card)) != (ssize_t)strlen(card) || lseek(fd, 0, SEEK_SET) != 0) {
        int error = errno;
        close(fd);
        return fail(error);
    }
    return fd;
}

bool is_emulated_fd(int fd) {
    pthread_mutex_lock(&lock);
    bool emulated = emulator_enabled() && find_handle(fd);
    pthread_mutex_unlock(&lock);
    return emulated;
}

bool emulated_close(int fd) {
    pthread_mutex_lock(&lock);
    struct handle *handle = emulator_enabled() ? find_handle(fd) : NULL;
    if (!handle) {
        pthread_mutex_unlock(&lock);
        return false;
    }
    stop_streaming(handle);
    close(handle->fd);
    handle->fd = -1;
    /* A buffer the app still maps stays allocated until its munmap; the status shows the leak. */
    for (uint32_t i = 0; i < handle->buffer_count; i++) {
        if (handle->buffers[i].maps == 0) handle->buffers[i].allocated = false;
    }
    release_if_unused(handle);
    write_status_locked();
    pthread_mutex_unlock(&lock);
    return true;
}

bool emulated_ioctl(int fd, unsigned long request, void *argument, int *result) {
    pthread_mutex_lock(&lock);
    struct handle *handle = emulator_enabled() ? find_handle(fd) : NULL;
    if (!handle) {
        pthread_mutex_unlock(&lock);
        return false;
    }
    /* The kernel takes the request as 32 bits; callers that sign-extend an int must still be understood. */
    request = (unsigned int)request;
    apply_faults_locked();
    int error = !argument ? EFAULT
                : request == VIDIOC_DQBUF ? dequeue_buffer(fd, argument)
                : handle->dead           ? ENODEV
                                         : emulated_request(handle, request, argument);
    bool changes_status = request == VIDIOC_REQBUFS || request == VIDIOC_STREAMON || request == VIDIOC_STREAMOFF;
    if (changes_status) write_status_locked();
    pthread_mutex_unlock(&lock);
    *result = error ? fail(error) : 0;
    return true;
}

bool emulated_mmap(void *start, size_t length, int prot, int flags, int fd, int64_t offset, void **address) {
    pthread_mutex_lock(&lock);
    struct handle *handle = emulator_enabled() ? find_handle(fd) : NULL;
    if (!handle) {
        pthread_mutex_unlock(&lock);
        return false;
    }
    apply_faults_locked();
    int error = handle->dead ? ENODEV : EINVAL;
    *address = MAP_FAILED;
    for (uint32_t i = 0; !handle->dead && i < handle->buffer_count; i++) {
        bool fits = (int64_t)(i * handle->stride) == offset && length > 0 && length <= handle->stride;
        if (!fits || !(flags & MAP_SHARED)) continue;
        struct mapping *mapping = malloc(sizeof *mapping);
        *address = mapping ? mmap(start, length, prot, flags, handle->memfd, offset) : MAP_FAILED;
        if (*address == MAP_FAILED) {
            error = mapping ? errno : ENOMEM;
            free(mapping);
            break;
        }
        *mapping = (struct mapping){.next = mappings, .address = *address, .handle = handle, .index = i};
        mappings = mapping;
        handle->buffers[i].maps++;
        break;
    }
    write_status_locked();
    pthread_mutex_unlock(&lock);
    if (*address == MAP_FAILED) errno = error;
    return true;
}

bool emulated_munmap(void *start, size_t length, int *result) {
    pthread_mutex_lock(&lock);
    struct mapping **link = &mappings;
    while (*link && (*link)->address != start) link = &(*link)->next;
    struct mapping *mapping = *link;
    if (!mapping) {
        pthread_mutex_unlock(&lock);
        return false;
    }
    if (munmap(start, length) != 0) {
        int error = errno;
        pthread_mutex_unlock(&lock);
        *result = fail(error);
        return true;
    }
    *link = mapping->next;
    struct handle *handle = mapping->handle;
    struct buffer *buffer = &handle->buffers[mapping->index];
    free(mapping);
    if (--buffer->maps == 0 && handle->fd < 0) buffer->allocated = false;
    release_if_unused(handle);
    write_status_locked();
    pthread_mutex_unlock(&lock);
    *result = 0;
    return true;
}

bool emulated_write(int fd, const void *buffer, size_t length, long *result) {
    pthread_mutex_lock(&lock);
    struct handle *handle = emulator_enabled() ? find_handle(fd) : NULL;
    if (!handle) {
        pthread_mutex_unlock(&lock);
        return false;
    }
    apply_faults_locked();
    int error = 0;
    if (handle->dead) {
        error = ENODEV;
    } else if (!handle->device.output) {
        error = EINVAL; /* a capture device takes no write() */
    } else if (fault("busy")) {
        error = EBUSY;
    } else if (!handle->output_format_set || length != handle->format.sizeimage) {
        error = EINVAL; /* whole frames of the format set, as the tests read them back */
    } else if (handle->device.keep) {
        char path[PATH_MAX];
        output_path(handle, "yuv", path, sizeof path);
        int out = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (out < 0 || write(out, buffer, length) != (ssize_t)length) error = out < 0 ? errno : EIO;
        if (out >= 0) close(out);
        if (!error) frames_written++;
    } else {
        frames_written++;
    }
    write_status_locked();
    pthread_mutex_unlock(&lock);
    *result = error ? fail(error) : (long)length;
    return true;
}
