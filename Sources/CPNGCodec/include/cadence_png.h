#ifndef CADENCE_PNG_H
#define CADENCE_PNG_H
#include <stddef.h>
#include <stdint.h>

/// Writes 8-bit RGBA rows (straight alpha, top row first) to an open path as a PNG.
/// level: zlib level 0...9. filters: a PNG_FILTER_* mask, or 0 for libpng's adaptive choice.
/// Returns 0 on success; otherwise a message is left in `error` (NUL-terminated).
int cadence_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height,
                      int level, int filters, char *error, size_t error_size);

/// Writes 8-bit RGBA rows as a PNG whose image data is compressed by libdeflate (faster than
/// zlib at low levels). filters: CADENCE_PNG_FILTER_NONE or CADENCE_PNG_FILTER_UP only.
/// level: libdeflate's 1...12. Returns 0 on success; otherwise a message is left in `error`.
int cadence_png_write_deflate(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height,
                              int level, int filters, char *error, size_t error_size);

/// Reads any PNG as 8-bit RGBA (straight alpha). On success *pixels is malloc'd (width*height*4
/// bytes, the caller frees it) and 0 is returned; otherwise a message is left in `error`.
/// An image wider or taller than `max_side` pixels is refused from its header, before any
/// memory is allocated for it.
int cadence_png_read(const char *path, uint32_t max_side, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     char *error, size_t error_size);

/// Compresses the `width` × `height` region at (`x`, `y`) of an 8-bit RGBA image `stride` pixels
/// wide (top row first) as a PNG zlib stream of filtered scanlines: what an IDAT or an APNG fdAT
/// chunk holds. filters: CADENCE_PNG_FILTER_NONE or CADENCE_PNG_FILTER_UP; level: libdeflate's
/// 1...12. On success *out is malloc'd (the caller frees it), *out_size set and 0 returned;
/// otherwise a message is left in `error`.
int cadence_png_compress_region(const uint8_t *rgba, uint32_t stride, uint32_t x, uint32_t y,
                                uint32_t width, uint32_t height, int level, int filters,
                                uint8_t **out, size_t *out_size, char *error, size_t error_size);

/// The CRC-32 of PNG chunks, continued from `crc` (0 to start).
uint32_t cadence_png_crc32(uint32_t crc, const uint8_t *data, size_t length);

/// Filter masks, mirrored from png.h so Swift needs no libpng header.
enum {
    CADENCE_PNG_FILTER_ADAPTIVE = 0,
    CADENCE_PNG_FILTER_NONE = 0x08,
    CADENCE_PNG_FILTER_SUB = 0x10,
    CADENCE_PNG_FILTER_UP = 0x20,
    CADENCE_PNG_FILTER_AVG = 0x40,
    CADENCE_PNG_FILTER_PAETH = 0x80,
};
#endif
