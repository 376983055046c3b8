#ifndef CADENCE_PNG_H
#define CADENCE_PNG_H
#include <stddef.h>
#include <stdint.h>

/// Writes 8-bit RGBA rows (straight alpha, top row first) as a PNG to `fd`, a new file open for
/// writing (the writers take a descriptor so that the caller creates the file safely, never
/// through a planted link). Every writer closes `fd` before it returns, whatever happens.
/// level: zlib level 0...9. filters: a PNG_FILTER_* mask, or 0 for libpng's adaptive choice.
/// Returns 0 on success; otherwise a message is left in `error` (NUL-terminated).
int cadence_png_write(int fd, const uint8_t *rgba, uint32_t width, uint32_t height,
                      int level, int filters, char *error, size_t error_size);

/// Writes 8-bit RGBA rows as a PNG to `fd` (closed before it returns), whose image data is
/// compressed by libdeflate (faster than zlib at low levels). filters: CADENCE_PNG_FILTER_NONE
/// or CADENCE_PNG_FILTER_UP only. level: libdeflate's 1...12. Returns 0 on success; otherwise a
/// message is left in `error`.
int cadence_png_write_deflate(int fd, const uint8_t *rgba, uint32_t width, uint32_t height,
                              int level, int filters, char *error, size_t error_size);

/// Reads any PNG as 8-bit RGBA (straight alpha). On success *pixels is malloc'd (width*height*4
/// bytes, the caller frees it) and 0 is returned; otherwise a message is left in `error`.
/// An image wider or taller than `max_side` pixels is refused from its header, before any
/// memory is allocated for it. One of more than `max_pixels` pixels (0: no limit) is refused too,
/// or, when `reduce` is non-zero, read smaller by the least whole factor that fits it (each block
/// of factor x factor pixels averaged, a row at a time): *width and *height are then the reduced size.
int cadence_png_read(const char *path, uint32_t max_side, uint64_t max_pixels, int reduce, uint8_t **pixels,
                     uint32_t *width, uint32_t *height,
                     char *error, size_t error_size);

/// Reads a PNG held in memory (`size` bytes at `data`) as 8-bit RGBA, as cadence_png_read does;
/// an image over `max_side` pixels a side or `max_pixels` pixels (0: no limit) is refused from
/// its header.
int cadence_png_read_memory(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels, uint8_t **pixels,
                            uint32_t *width, uint32_t *height, char *error, size_t error_size);

/// Compresses the `width` × `height` region at (`x`, `y`) of an 8-bit RGBA image `stride` pixels
/// wide (top row first) as a PNG zlib stream of filtered scanlines: what an IDAT or an APNG fdAT
/// chunk holds. filters: CADENCE_PNG_FILTER_NONE or CADENCE_PNG_FILTER_UP; level: libdeflate's
/// 1...12. On success *out is malloc'd (the caller frees it), *out_size set and 0 returned;
/// otherwise a message is left in `error`.
int cadence_png_compress_region(const uint8_t *rgba, uint32_t stride, uint32_t x, uint32_t y,
                                uint32_t width, uint32_t height, int level, int filters,
                                uint8_t **out, size_t *out_size, char *error, size_t error_size);

/// One band of rows of an incremental PNG: a complete IDAT chunk (length, type, data, CRC) whose
/// data is the band's filtered rows as raw deflate blocks ending in a full flush, so that any
/// sequence of bands forms one zlib stream; and the Adler-32 of those filtered rows.
typedef struct {
    uint8_t *chunk;
    size_t chunk_size;
    uint32_t adler;
    size_t raw_size;
} cadence_png_band;

/// Compresses rows `first_row` ..< `first_row + rows` of an 8-bit RGBA image `width` pixels wide
/// (top row first) into `band` with zlib at `level` (0...9). filters: CADENCE_PNG_FILTER_NONE,
/// _SUB or _UP; with up, the band's first row is written unfiltered, so the band's bytes depend on
/// its own rows only. The bytes are a pure function of the rows, the filter and the level.
/// On success `band` owns malloc'd memory (free it with cadence_png_band_free) and 0 is
/// returned; otherwise a message is left in `error`.
int cadence_png_compress_band(const uint8_t *rgba, uint32_t width, uint32_t first_row, uint32_t rows,
                              int level, int filters, cadence_png_band *band, char *error, size_t error_size);

/// Frees what cadence_png_compress_band allocated (a zeroed band is fine).
void cadence_png_band_free(cadence_png_band *band);

/// Writes to `fd` (closed before it returns) a `width` × `height` RGBA PNG whose image data is
/// `bands` in order (which together must hold every row once, top first): signature, IHDR, an
/// IDAT with the zlib header, the bands' chunks, an IDAT with the final empty block and the
/// combined Adler-32, IEND. Returns 0 on success; otherwise a message is left in `error`.
int cadence_png_write_bands(int fd, uint32_t width, uint32_t height, int level,
                            const cadence_png_band *bands, size_t count, char *error, size_t error_size);

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
