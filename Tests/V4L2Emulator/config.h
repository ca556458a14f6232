#ifndef SHADERBENCH_V4L2_EMULATOR_CONFIG_H
#define SHADERBENCH_V4L2_EMULATOR_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

/* Preloaded into the app: nothing but the calls it answers (include/V4L2Emulator.h) may be visible, or a
   same-named function of the app would be replaced. */
#pragma GCC visibility push(hidden)

enum { MAX_DEVICES = 64, MAX_FORMATS = 8, MAX_SIZES = 16, MAX_BARS = 16 };

enum matrix { MATRIX_BT601, MATRIX_BT709 };

struct frame_size {
    uint32_t width, height;
};

struct emulated_device {
    char path[64];
    char card[32];
    char driver[16];
    char bus[32];
    uint32_t formats[MAX_FORMATS];
    int format_count;
    struct frame_size sizes[MAX_SIZES];
    int size_count;
    /* A strict device takes this one format and size only (0: any it offers), whatever it enumerates. */
    uint32_t only_format;
    struct frame_size only_size;
    uint32_t fps;
    uint32_t colorspace; /* V4L2_COLORSPACE_SMPTE170M, _REC709 or _SRGB */
    bool full_range;
    uint8_t bars[MAX_BARS][3];
    int bar_count;
    bool capture;
    /* A video output (as v4l2loopback's writer side): takes S_FMT and write()s, keeps what is written. */
    bool output;
    /* Whether an output keeps what is written in its file (`keep = no` only counts it, for benchmarks). */
    bool keep;
};

struct device_list {
    struct emulated_device devices[MAX_DEVICES];
    int count;
};

/* Parses devices.conf text; problems are reported on stderr, prefixed with `file`, and skipped. */
void parse_devices(const char *text, const char *file, struct device_list *out);

enum matrix device_matrix(const struct emulated_device *device);

#pragma GCC visibility pop

#endif
