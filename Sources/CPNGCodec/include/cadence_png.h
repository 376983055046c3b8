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
