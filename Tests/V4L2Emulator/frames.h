#ifndef SHADERBENCH_V4L2_EMULATOR_FRAMES_H
#define SHADERBENCH_V4L2_EMULATOR_FRAMES_H

#include "config.h"

#include <stddef.h>

#pragma GCC visibility push(hidden)

struct pixel_format {
    uint32_t fourcc;
    const char *description;
    bool compressed;
};

/* NULL when the emulator cannot produce `fourcc`. */
const struct pixel_format *find_pixel_format(uint32_t fourcc);

uint32_t format_bytesperline(uint32_t fourcc, uint32_t width);
uint32_t format_sizeimage(uint32_t fourcc, uint32_t width, uint32_t height);

/* Draws the device's bars into `out` (format_sizeimage bytes) and returns the bytes used, 0 on failure. */
size_t render_frame(const struct emulated_device *device, uint32_t fourcc, uint32_t width, uint32_t height,
                    uint8_t *out);

#pragma GCC visibility pop

#endif
