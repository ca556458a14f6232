#include "frames.h"

#include <stdlib.h>
#include <string.h>
#include <linux/videodev2.h>
#include <turbojpeg.h>

static const struct pixel_format pixel_formats[] = {
    {V4L2_PIX_FMT_YUYV, "YUYV 4:2:2", false},
    {V4L2_PIX_FMT_UYVY, "UYVY 4:2:2", false},
    {V4L2_PIX_FMT_NV12, "Y/UV 4:2:0", false},
    {V4L2_PIX_FMT_YUV420, "Planar YUV 4:2:0", false},
    {V4L2_PIX_FMT_RGB24, "24-bit RGB 8-8-8", false},
    {V4L2_PIX_FMT_MJPEG, "Motion-JPEG", true},
};

const struct pixel_format *find_pixel_format(uint32_t fourcc) {
    for (size_t i = 0; i < sizeof pixel_formats / sizeof pixel_formats[0]; i++) {
        if (pixel_formats[i].fourcc == fourcc) return &pixel_formats[i];
    }
    return NULL;
}

uint32_t format_bytesperline(uint32_t fourcc, uint32_t width) {
    switch (fourcc) {
    case V4L2_PIX_FMT_YUYV:
    case V4L2_PIX_FMT_UYVY: return width * 2;
    case V4L2_PIX_FMT_RGB24: return width * 3;
    case V4L2_PIX_FMT_MJPEG: return 0;
    default: return width; /* the luma plane of NV12 and YU12 */
    }
}

uint32_t format_sizeimage(uint32_t fourcc, uint32_t width, uint32_t height) {
    switch (fourcc) {
    case V4L2_PIX_FMT_YUYV:
    case V4L2_PIX_FMT_UYVY: return width * height * 2;
    case V4L2_PIX_FMT_RGB24: return width * height * 3;
    /* The worst case, so any JPEG of this size fits the buffer. */
    case V4L2_PIX_FMT_MJPEG: return (uint32_t)tjBufSize((int)width, (int)height, TJSAMP_420);
    default: return width * height * 3 / 2;
    }
}

static uint8_t clamp8(double value) {
    if (value <= 0) return 0;
    if (value >= 255) return 255;
    return (uint8_t)(value + 0.5);
}

/* One row of Y'CbCr; every row of a frame of vertical bars is the same, so a 2×2 chroma average equals
   the 2×1 average of one row. */
struct ycbcr_row {
    uint8_t *y, *cb, *cr; /* width, width / 2, width / 2 samples */
};

static bool convert_row(const struct emulated_device *device, const uint8_t *rgb, uint32_t width,
                        struct ycbcr_row *row) {
    bool bt709 = device_matrix(device) == MATRIX_BT709;
    double kr = bt709 ? 0.2126 : 0.299, kb = bt709 ? 0.0722 : 0.114;
    double luma_scale = device->full_range ? 255 : 219, luma_offset = device->full_range ? 0 : 16;
    double chroma_scale = device->full_range ? 255 : 224;
    row->y = malloc(width);
    row->cb = malloc(width / 2);
    row->cr = malloc(width / 2);
    if (!row->y || !row->cb || !row->cr) return false;
    double cb_sum = 0, cr_sum = 0;
    for (uint32_t x = 0; x < width; x++) {
        double r = rgb[3 * x] / 255.0, g = rgb[3 * x + 1] / 255.0, b = rgb[3 * x + 2] / 255.0;
        double y = kr * r + (1 - kr - kb) * g + kb * b;
        row->y[x] = clamp8(luma_offset + luma_scale * y);
        cb_sum += (b - y) / (2 * (1 - kb));
        cr_sum += (r - y) / (2 * (1 - kr));
        if (x % 2 == 1) {
            row->cb[x / 2] = clamp8(128 + chroma_scale * cb_sum / 2);
            row->cr[x / 2] = clamp8(128 + chroma_scale * cr_sum / 2);
            cb_sum = cr_sum = 0;
        }
    }
    return true;
}

static size_t render_ycbcr(const struct emulated_device *device, uint32_t fourcc, uint32_t width,
                           uint32_t height, const uint8_t *rgb_row, uint8_t *out) {
    struct ycbcr_row row;
    size_t used = 0;
    if (convert_row(device, rgb_row, width, &row)) {
        uint32_t half = width / 2;
        uint8_t *chroma = out + (size_t)width * height;
        switch (fourcc) {
        case V4L2_PIX_FMT_YUYV:
            for (uint32_t x = 0; x < half; x++) {
                out[4 * x] = row.y[2 * x];
                out[4 * x + 1] = row.cb[x];
                out[4 * x + 2] = row.y[2 * x + 1];
                out[4 * x + 3] = row.cr[x];
            }
            for (uint32_t y = 1; y < height; y++) memcpy(out + (size_t)y * width * 2, out, (size_t)width * 2);
            break;
        case V4L2_PIX_FMT_UYVY:
            for (uint32_t x = 0; x < half; x++) {
                out[4 * x] = row.cb[x];
                out[4 * x + 1] = row.y[2 * x];
                out[4 * x + 2] = row.cr[x];
                out[4 * x + 3] = row.y[2 * x + 1];
            }
            for (uint32_t y = 1; y < height; y++) memcpy(out + (size_t)y * width * 2, out, (size_t)width * 2);
            break;
        case V4L2_PIX_FMT_NV12:
            for (uint32_t y = 0; y < height; y++) memcpy(out + (size_t)y * width, row.y, width);
            for (uint32_t x = 0; x < half; x++) {
                chroma[2 * x] = row.cb[x];
                chroma[2 * x + 1] = row.cr[x];
            }
            for (uint32_t y = 1; y < height / 2; y++) memcpy(chroma + (size_t)y * width, chroma, width);
            break;
        case V4L2_PIX_FMT_YUV420:
            for (uint32_t y = 0; y < height; y++) memcpy(out + (size_t)y * width, row.y, width);
            for (uint32_t y = 0; y < height / 2; y++) {
                memcpy(chroma + (size_t)y * half, row.cb, half);
                memcpy(chroma + (size_t)(height / 2 + y) * half, row.cr, half);
            }
            break;
        }
        used = format_sizeimage(fourcc, width, height);
    }
    free(row.y);
    free(row.cb);
    free(row.cr);
    return used;
}

static size_t render_jpeg(uint32_t width, uint32_t height, const uint8_t *rgb_row, uint8_t *out) {
    size_t stride = (size_t)width * 3;
    uint8_t *rgb = malloc(stride * height);
    tjhandle compressor = tjInitCompress();
    unsigned long size = 0;
    if (rgb && compressor) {
        for (uint32_t y = 0; y < height; y++) memcpy(rgb + y * stride, rgb_row, stride);
        if (tjCompress2(compressor, rgb, (int)width, 0, (int)height, TJPF_RGB, &out, &size, TJSAMP_420, 90,
                        TJFLAG_NOREALLOC) != 0) {
            size = 0;
        }
    }
    if (compressor) tjDestroy(compressor);
    free(rgb);
    return size;
}

size_t render_frame(const struct emulated_device *device, uint32_t fourcc, uint32_t width, uint32_t height,
                    uint8_t *out) {
    uint8_t *rgb_row = malloc((size_t)width * 3);
    if (!rgb_row) return 0;
    for (uint32_t x = 0; x < width; x++) {
        memcpy(rgb_row + 3 * x, device->bars[(uint64_t)x * device->bar_count / width], 3);
    }
    size_t used;
    switch (fourcc) {
    case V4L2_PIX_FMT_RGB24:
        for (uint32_t y = 0; y < height; y++) memcpy(out + (size_t)y * width * 3, rgb_row, (size_t)width * 3);
        used = (size_t)width * height * 3;
        break;
    case V4L2_PIX_FMT_MJPEG:
        used = render_jpeg(width, height, rgb_row, out);
        break;
    default:
        used = render_ycbcr(device, fourcc, width, height, rgb_row, out);
        break;
    }
    free(rgb_row);
    return used;
}
