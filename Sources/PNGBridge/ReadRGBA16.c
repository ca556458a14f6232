#include "PNGBridge.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The bytes being read and where libpng's errors go.
struct reader {
    const uint8_t *data;
    size_t size;
    size_t position;
    char *message;
    size_t message_capacity;
    jmp_buf failure;
};

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    struct reader *reader = png_get_io_ptr(png);
    if (count > reader->size - reader->position) {
        png_error(png, "the file ends early");
    }
    memcpy(out, reader->data + reader->position, count);
    reader->position += count;
}

/// libpng's errors must not return; this one records the reason and jumps back to the caller.
static void fail(png_structp png, png_const_charp reason) {
    struct reader *reader = png_get_error_ptr(png);
    snprintf(reader->message, reader->message_capacity, "%s", reason);
    longjmp(reader->failure, 1);
}

/// Warnings name ancillary chunks libpng skipped; the image itself is whole, so they are dropped.
static void ignore(png_structp png, png_const_charp reason) {
    (void)png;
    (void)reason;
}

int pngbridge_read_rgba16(const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint16_t *pixels,
                          char *message, size_t message_capacity) {
    struct reader reader = { data, size, 0, message, message_capacity };
    if (message_capacity > 0) message[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, fail, ignore);
    if (png == NULL) {
        snprintf(message, message_capacity, "cannot start libpng");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    // Written after setjmp and read after a jump back, so volatile.
    png_bytep *volatile rows = NULL;
    if (info == NULL || setjmp(reader.failure)) {
        if (info == NULL) snprintf(message, message_capacity, "cannot start libpng");
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    png_set_read_fn(png, &reader, read_bytes);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        png_error(png, "the image's size changed between reads");
    }
    int colour = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_expand_16(png);
    if ((colour & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    if ((colour & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFFFF, PNG_FILLER_AFTER);
    }
    // Untagged files are sRGB, as for 8-bit files; only a file that declares another gamma is converted.
    png_fixed_point file_gamma = PNG_DEFAULT_sRGB;
    png_get_gAMA_fixed(png, info, &file_gamma);
    png_set_gamma_fixed(png, PNG_DEFAULT_sRGB, file_gamma);
    const uint16_t one = 1;
    if (*(const uint8_t *)&one == 1) png_set_swap(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) png_error(png, "out of memory");
    for (uint32_t row = 0; row < height; row++) {
        rows[row] = (png_bytep)(pixels + (size_t)row * width * 4);
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}
