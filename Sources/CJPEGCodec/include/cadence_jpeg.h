#ifndef CADENCE_JPEG_H
#define CADENCE_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// Reads a baseline or progressive JPEG held in memory (`size` bytes at `data`) as 8-bit RGBA
/// (opaque), through libjpeg-turbo. On success *pixels is malloc'd (width*height*4 bytes, the
/// caller frees it) and 0 is returned; otherwise a message is left in `error`.
///
/// An image wider or taller than `max_side` pixels is refused from its header, before any memory
/// is allocated for its pixels. One of more than `max_pixels` pixels (0: no limit) is refused
/// too, or, when `reduce` is non-zero, decoded at 1/2, 1/4 or 1/8 of its size (libjpeg's own
/// scaling), the largest that fits: *width and *height are then the reduced size. A progressive
/// file of more than `max_scans` scans is refused (a file of many tiny scans costs a full pass
/// over the image each).
int cadence_jpeg_read_memory(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels, int reduce,
                             int max_scans, uint8_t **pixels, uint32_t *width, uint32_t *height,
                             char *error, size_t error_size);

#endif
