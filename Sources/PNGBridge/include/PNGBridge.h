#ifndef SHADERBENCH_PNGBRIDGE_H
#define SHADERBENCH_PNGBRIDGE_H

#include <stddef.h>
#include <stdint.h>

/// Decodes the PNG in `data` to 16-bit RGBA: samples in the host's byte order, straight alpha, sRGB-encoded
/// colour (a file whose gAMA chunk declares another encoding is converted). Grey becomes RGB, a
/// missing alpha channel becomes 65535, lower bit depths are scaled up. `pixels` holds width × height × 4
/// samples for the size the file declares, which must be `width` × `height`. Returns 1 on success; 0 with
/// the reason in `message` (always terminated) for damaged or truncated data. Never prints.
int pngbridge_read_rgba16(const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint16_t *pixels,
                          char *message, size_t message_capacity);

#endif
