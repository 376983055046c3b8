#include "cadence_png.h"

#include <libdeflate.h>
#include <png.h>
#include <pthread.h>
#include <zlib.h>
#include <setjmp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct failure {
    jmp_buf jump;
    char *error;
    size_t error_size;
    /// errno when libpng failed: a full disk reaches libpng as a short fwrite ("Write Error").
    int saved_errno;
};

/// Flushes and closes `file`, reporting a failed write (a full disk shows here) or close.
static int finish_file(FILE *file, int written, char *error, size_t error_size) {
    if (!written || fflush(file) != 0 || ferror(file)) {
        snprintf(error, error_size, "write failed: %s", strerror(errno));
        fclose(file);
        return -1;
    }
    if (fclose(file) != 0) {
        snprintf(error, error_size, "close failed: %s", strerror(errno));
        return -1;
    }
    return 0;
}

/// A stream writing to `fd`, which it now owns; on failure `fd` is closed and a message left.
/// Writers take a descriptor, not a path: the file was created safely by the caller (never
/// through a link planted at its name), and opening a path here would undo that.
static FILE *open_stream(int fd, char *error, size_t error_size) {
    FILE *file = fdopen(fd, "wb");
    if (!file) {
        snprintf(error, error_size, "cannot open for writing: %s", strerror(errno));
        close(fd);
    }
    return file;
}

static void on_error(png_structp png, png_const_charp message) {
    struct failure *failure = png_get_error_ptr(png);
    failure->saved_errno = errno;
    snprintf(failure->error, failure->error_size, "libpng: %s", message);
    longjmp(failure->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int cadence_png_write(int fd, const uint8_t *rgba, uint32_t width, uint32_t height,
                      int level, int filters, char *error, size_t error_size) {
    FILE *file = open_stream(fd, error, error_size);
    if (!file) return -1;
    struct failure failure = {.error = error, .error_size = error_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(error, error_size, "libpng: out of memory");
        png_destroy_write_struct(&png, NULL);
        fclose(file);
        return -1;
    }
    png_bytep *rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (setjmp(failure.jump)) {
        if (ferror(file) && failure.saved_errno != 0) {
            snprintf(error, error_size, "write failed: %s", strerror(failure.saved_errno));
        }
        png_destroy_write_struct(&png, &info);
        free(rows);
        fclose(file);
        return -1;
    }
    if (!rows) {
        png_error(png, "out of memory");
    }
    png_init_io(png, file);
    png_set_compression_level(png, level);
    if (filters != CADENCE_PNG_FILTER_ADAPTIVE) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    }
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    for (uint32_t y = 0; y < height; y++) {
        rows[y] = (png_bytep)(rgba + (size_t)y * width * 4);
    }
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    return finish_file(file, 1, error, error_size);
}

/* What a reduced read holds, on the heap so that libpng's longjmp cannot lose it. */
struct reduced_read {
    struct failure failure;
    FILE *file;
    png_structp png;
    png_infop info;
    uint8_t *row;
    uint64_t *sums;
    uint8_t *out;
};

static void free_reduced(struct reduced_read *read) {
    png_destroy_read_struct(&read->png, &read->info, NULL);
    if (read->file) fclose(read->file);
    free(read->row);
    free(read->sums);
    free(read->out);
    free(read);
}

/* Reads a PNG row by row, averaging each `factor` x `factor` block into one pixel (alpha-weighted,
   so transparent pixels lend no colour): memory is the reduced image and one row, never the whole
   image. Interlaced files cannot be read a row at a time and are refused. */
static int read_reduced(const char *path, uint32_t factor, uint8_t **pixels, uint32_t *width, uint32_t *height,
                        char *error, size_t error_size) {
    struct reduced_read *read = calloc(1, sizeof *read);
    if (!read) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    read->failure.error = error;
    read->failure.error_size = error_size;
    read->file = fopen(path, "rb");
    if (!read->file) {
        snprintf(error, error_size, "cannot open: %s", strerror(errno));
        free_reduced(read);
        return -1;
    }
    read->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &read->failure, on_error, on_warning);
    read->info = read->png ? png_create_info_struct(read->png) : NULL;
    if (!read->png || !read->info) {
        snprintf(error, error_size, "libpng: out of memory");
        free_reduced(read);
        return -1;
    }
    if (setjmp(read->failure.jump)) {
        free_reduced(read);
        return -1;
    }
    png_structp png = read->png;
    png_init_io(png, read->file);
    png_read_info(png, read->info);
    png_uint_32 w = 0, h = 0;
    int depth = 0, color = 0, interlace = 0;
    png_get_IHDR(png, read->info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    if (interlace != PNG_INTERLACE_NONE) {
        png_error(png, "an interlaced PNG this large is not read (save it without interlacing, or smaller)");
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, read->info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    png_read_update_info(png, read->info);
    if (png_get_rowbytes(png, read->info) != (size_t)w * 4) {
        png_error(png, "cannot convert this PNG to RGBA");
    }
    uint32_t out_width = (uint32_t)((w + factor - 1) / factor);
    uint32_t out_height = (uint32_t)((h + factor - 1) / factor);
    read->row = malloc((size_t)w * 4);
    read->sums = calloc((size_t)out_width * 5, sizeof(uint64_t));
    read->out = malloc((size_t)out_width * out_height * 4);
    if (!read->row || !read->sums || !read->out) {
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < h; y++) {
        png_read_row(png, read->row, NULL);
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *pixel = read->row + (size_t)x * 4;
            uint64_t *sum = read->sums + (size_t)(x / factor) * 5;
            uint64_t alpha = pixel[3];
            sum[0] += pixel[0] * alpha;
            sum[1] += pixel[1] * alpha;
            sum[2] += pixel[2] * alpha;
            sum[3] += alpha;
            sum[4] += 1;
        }
        if ((y + 1) % factor == 0 || y + 1 == h) {
            uint8_t *out_row = read->out + (size_t)(y / factor) * out_width * 4;
            for (uint32_t x = 0; x < out_width; x++) {
                uint64_t *sum = read->sums + (size_t)x * 5;
                uint64_t alpha = sum[3];
                for (int channel = 0; channel < 3; channel++) {
                    out_row[x * 4 + channel] = alpha ? (uint8_t)((sum[channel] + alpha / 2) / alpha) : 0;
                }
                out_row[x * 4 + 3] = sum[4] ? (uint8_t)((alpha + sum[4] / 2) / sum[4]) : 0;
            }
            memset(read->sums, 0, (size_t)out_width * 5 * sizeof(uint64_t));
        }
    }
    png_read_end(png, NULL);
    *pixels = read->out;
    read->out = NULL;
    *width = out_width;
    *height = out_height;
    free_reduced(read);
    return 0;
}

/* Reads the pixels of an image whose header libpng's simplified API has read, as 8-bit RGBA into
   a malloc'd buffer the caller frees. */
static int finish_read(png_image *image, uint8_t **pixels, uint32_t *width, uint32_t *height, char *error, size_t error_size) {
    image->format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(*image);
    uint8_t *buffer = malloc(size ? size : 1);
    if (!buffer) {
        png_image_free(image);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    if (!png_image_finish_read(image, NULL, buffer, 0, NULL)) {
        snprintf(error, error_size, "%s", image->message);
        free(buffer);
        return -1;
    }
    *pixels = buffer;
    *width = image->width;
    *height = image->height;
    return 0;
}

int cadence_png_read(const char *path, uint32_t max_side, uint64_t max_pixels, int reduce, uint8_t **pixels,
                     uint32_t *width, uint32_t *height, char *error, size_t error_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        snprintf(error, error_size, "%s", image.message);
        return -1;
    }
    if (image.width > max_side || image.height > max_side) {
        snprintf(error, error_size, "%ux%u pixels is above the limit of %u pixels a side",
                 (unsigned)image.width, (unsigned)image.height, (unsigned)max_side);
        png_image_free(&image);
        return -1;
    }
    uint64_t count = (uint64_t)image.width * image.height;
    if (max_pixels > 0 && count > max_pixels) {
        if (!reduce) {
            snprintf(error, error_size, "%ux%u pixels is above the limit of %llu pixels",
                     (unsigned)image.width, (unsigned)image.height, (unsigned long long)max_pixels);
            png_image_free(&image);
            return -1;
        }
        /* The smallest whole factor that brings the image within the limit. */
        uint32_t factor = 2;
        while ((uint64_t)((image.width + factor - 1) / factor) * ((image.height + factor - 1) / factor) > max_pixels) factor++;
        png_image_free(&image);
        return read_reduced(path, factor, pixels, width, height, error, error_size);
    }
    return finish_read(&image, pixels, width, height, error, error_size);
}

static void put32(uint8_t *at, uint32_t value) {
    at[0] = (uint8_t)(value >> 24);
    at[1] = (uint8_t)(value >> 16);
    at[2] = (uint8_t)(value >> 8);
    at[3] = (uint8_t)value;
}

/* The IHDR of an 8-bit RGBA image, not interlaced. */
static void fill_ihdr(uint8_t ihdr[13], uint32_t width, uint32_t height) {
    put32(ihdr, width);
    put32(ihdr + 4, height);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 6;  /* RGBA */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* adaptive filtering method */
    ihdr[12] = 0; /* no interlace */
}

/// Writes one chunk: length, type, data, CRC of type and data.
static int write_chunk(FILE *file, const char *type, const uint8_t *data, size_t length) {
    uint8_t header[8];
    put32(header, (uint32_t)length);
    memcpy(header + 4, type, 4);
    uint32_t crc = cadence_png_crc32(cadence_png_crc32(0, header + 4, 4), data, length);
    uint8_t trailer[4];
    put32(trailer, crc);
    return fwrite(header, 1, 8, file) == 8 && (length == 0 || fwrite(data, 1, length, file) == length) &&
           fwrite(trailer, 1, 4, file) == 4;
}

int cadence_png_write_deflate(int fd, const uint8_t *rgba, uint32_t width, uint32_t height,
                              int level, int filters, char *error, size_t error_size) {
    FILE *file = open_stream(fd, error, error_size);
    if (!file) return -1;
    /* The whole image is the region at (0, 0) as wide as its rows. */
    uint8_t *compressed = NULL;
    size_t compressed_size = 0;
    if (cadence_png_compress_region(rgba, width, 0, 0, width, height, level, filters, &compressed, &compressed_size,
                                    error, error_size) != 0) {
        fclose(file);
        return -1;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    uint8_t ihdr[13];
    fill_ihdr(ihdr, width, height);
    int ok = fwrite(signature, 1, 8, file) == 8 && write_chunk(file, "IHDR", ihdr, 13) &&
             write_chunk(file, "IDAT", compressed, compressed_size) && write_chunk(file, "IEND", NULL, 0);
    free(compressed);
    return finish_file(file, ok, error, error_size);
}

int cadence_png_compress_region(const uint8_t *rgba, uint32_t stride, uint32_t x, uint32_t y,
                                uint32_t width, uint32_t height, int level, int filters,
                                uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (filters != CADENCE_PNG_FILTER_NONE && filters != CADENCE_PNG_FILTER_UP) {
        snprintf(error, error_size, "libdeflate encoder: only the none and up filters");
        return -1;
    }
    if (width == 0 || height == 0 || x > stride || width > stride - x) {
        snprintf(error, error_size, "region %ux%u at (%u, %u) is empty or outside rows of %u pixels", width, height, x, y, stride);
        return -1;
    }
    size_t row_bytes = (size_t)width * 4;
    size_t stride_bytes = (size_t)stride * 4;
    size_t raw_size = (row_bytes + 1) * height;
    uint8_t *raw = malloc(raw_size);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (!raw || !compressor) {
        free(raw);
        if (compressor) libdeflate_free_compressor(compressor);
        snprintf(error, error_size, "out of memory (or libdeflate level %d out of 1...12)", level);
        return -1;
    }
    for (uint32_t row = 0; row < height; row++) {
        uint8_t *line = raw + row * (row_bytes + 1);
        const uint8_t *source = rgba + (size_t)(y + row) * stride_bytes + (size_t)x * 4;
        if (filters == CADENCE_PNG_FILTER_UP && row > 0) {
            const uint8_t *above = source - stride_bytes;
            line[0] = 2;
            for (size_t i = 0; i < row_bytes; i++) line[1 + i] = (uint8_t)(source[i] - above[i]);
        } else {
            line[0] = filters == CADENCE_PNG_FILTER_UP ? 2 : 0; /* Up on a first row is the row itself */
            memcpy(line + 1, source, row_bytes);
        }
    }
    size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
    uint8_t *compressed = malloc(bound);
    size_t compressed_size = compressed ? libdeflate_zlib_compress(compressor, raw, raw_size, compressed, bound) : 0;
    libdeflate_free_compressor(compressor);
    free(raw);
    if (compressed_size == 0) {
        free(compressed);
        snprintf(error, error_size, "libdeflate: compression failed");
        return -1;
    }
    *out = compressed;
    *out_size = compressed_size;
    return 0;
}

uint32_t cadence_png_crc32(uint32_t crc, const uint8_t *data, size_t length) {
    /* libdeflate_crc32 with a NULL buffer returns the initial value, 0, whatever `crc` is: an
       empty chunk (IEND, whose data Swift and C pass as NULL) got a CRC of 0, which libpng rejects. */
    if (length == 0) return crc;
    return libdeflate_crc32(crc, data, length);
}

/* ---- Incremental PNG: bands of rows compressed on their own ---- */

/* One deflate state per thread, reset between bands: a fresh deflateInit2 allocates and clears
   about 270 KB each time. Freed when the thread ends. */
struct band_deflater {
    z_stream stream;
    int level;
};

static pthread_key_t deflater_key;
static pthread_once_t deflater_once = PTHREAD_ONCE_INIT;

static void free_deflater(void *value) {
    struct band_deflater *deflater = value;
    deflateEnd(&deflater->stream);
    free(deflater);
}

static void make_deflater_key(void) {
    pthread_key_create(&deflater_key, free_deflater);
}

/* This thread's raw-deflate state at `level`, reset; NULL when out of memory. */
static z_stream *thread_deflater(int level) {
    pthread_once(&deflater_once, make_deflater_key);
    struct band_deflater *deflater = pthread_getspecific(deflater_key);
    if (deflater && deflater->level != level) {
        free_deflater(deflater);
        pthread_setspecific(deflater_key, NULL);
        deflater = NULL;
    }
    if (!deflater) {
        deflater = calloc(1, sizeof *deflater);
        if (!deflater) return NULL;
        /* Raw deflate (no zlib header: the PNG writer puts one in front of all bands). */
        if (deflateInit2(&deflater->stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
            free(deflater);
            return NULL;
        }
        deflater->level = level;
        pthread_setspecific(deflater_key, deflater);
        return &deflater->stream;
    }
    deflateReset(&deflater->stream);
    return &deflater->stream;
}

void cadence_png_band_free(cadence_png_band *band) {
    free(band->chunk);
    band->chunk = NULL;
    band->chunk_size = 0;
}

int cadence_png_compress_band(const uint8_t *rgba, uint32_t width, uint32_t first_row, uint32_t rows,
                              int level, int filters, cadence_png_band *band, char *error, size_t error_size) {
    memset(band, 0, sizeof *band);
    if (filters != CADENCE_PNG_FILTER_NONE && filters != CADENCE_PNG_FILTER_SUB && filters != CADENCE_PNG_FILTER_UP) {
        snprintf(error, error_size, "incremental encoder: only the none, sub and up filters");
        return -1;
    }
    if (level < 0 || level > 9 || width == 0 || rows == 0) {
        snprintf(error, error_size, "incremental encoder: level %d or band of %u rows of %u pixels out of range", level, rows, width);
        return -1;
    }
    size_t row_bytes = (size_t)width * 4;
    size_t raw_size = (row_bytes + 1) * rows;
    uint8_t *raw = malloc(raw_size);
    z_stream *stream = thread_deflater(level);
    if (!raw || !stream) {
        free(raw);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    for (uint32_t row = 0; row < rows; row++) {
        uint8_t *line = raw + row * (row_bytes + 1);
        const uint8_t *source = rgba + (size_t)(first_row + row) * row_bytes;
        if (filters == CADENCE_PNG_FILTER_SUB) {
            line[0] = 1;
            memcpy(line + 1, source, 4);
            for (size_t i = 4; i < row_bytes; i++) line[1 + i] = (uint8_t)(source[i] - source[i - 4]);
        } else if (filters == CADENCE_PNG_FILTER_UP && row > 0) {
            const uint8_t *above = source - row_bytes;
            line[0] = 2;
            for (size_t i = 0; i < row_bytes; i++) line[1 + i] = (uint8_t)(source[i] - above[i]);
        } else {
            /* None, and a band's first row under up: the band must not depend on the row above. */
            line[0] = 0;
            memcpy(line + 1, source, row_bytes);
        }
    }
    /* deflateBound holds for Z_FINISH; a full flush adds an empty stored block (5 bytes). */
    size_t capacity = deflateBound(stream, (uLong)raw_size) + 64;
    uint8_t *chunk = malloc(12 + capacity);
    if (!chunk) {
        free(raw);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    stream->next_in = raw;
    stream->avail_in = (uInt)raw_size;
    stream->next_out = chunk + 8;
    stream->avail_out = (uInt)capacity;
    int status = deflate(stream, Z_FULL_FLUSH);
    /* Everything consumed and room left over: the flush is complete. */
    if (status != Z_OK || stream->avail_in != 0 || stream->avail_out == 0) {
        free(raw);
        free(chunk);
        snprintf(error, error_size, "zlib: band compression failed (%d)", status);
        return -1;
    }
    size_t data_size = capacity - stream->avail_out;
    put32(chunk, (uint32_t)data_size);
    memcpy(chunk + 4, "IDAT", 4);
    put32(chunk + 8 + data_size, libdeflate_crc32(0, chunk + 4, 4 + data_size));
    band->adler = libdeflate_adler32(1, raw, raw_size);
    band->raw_size = raw_size;
    band->chunk = chunk;
    band->chunk_size = 12 + data_size;
    free(raw);
    return 0;
}

/* Appends a whole chunk to `out` at `*at`. */
static void append_chunk(uint8_t *out, size_t *at, const char *type, const uint8_t *data, size_t length) {
    put32(out + *at, (uint32_t)length);
    memcpy(out + *at + 4, type, 4);
    if (length) memcpy(out + *at + 8, data, length);
    put32(out + *at + 8 + length, libdeflate_crc32(0, out + *at + 4, 4 + length));
    *at += 12 + length;
}

int cadence_png_write_bands(int fd, uint32_t width, uint32_t height, int level,
                            const cadence_png_band *bands, size_t count, char *error, size_t error_size) {
    FILE *file = open_stream(fd, error, error_size);
    if (!file) return -1;
    size_t total = 8 + 25 + 14 + 18 + 12;
    size_t raw_total = 0;
    for (size_t i = 0; i < count; i++) {
        if (!bands[i].chunk) {
            snprintf(error, error_size, "incremental encoder: band %zu is missing", i);
            fclose(file);
            return -1;
        }
        total += bands[i].chunk_size;
        raw_total += bands[i].raw_size;
    }
    if (raw_total != ((size_t)width * 4 + 1) * height) {
        snprintf(error, error_size, "incremental encoder: the bands hold %zu bytes of rows, not %ux%u", raw_total, width, height);
        fclose(file);
        return -1;
    }
    uint8_t *out = malloc(total);
    if (!out) {
        snprintf(error, error_size, "out of memory");
        fclose(file);
        return -1;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(out, signature, 8);
    size_t at = 8;
    uint8_t ihdr[13];
    fill_ihdr(ihdr, width, height);
    append_chunk(out, &at, "IHDR", ihdr, 13);
    /* The zlib header: deflate with a 32 KiB window, FLEVEL as zlib writes it for `level`. */
    uint8_t header[2] = {0x78, level <= 1 ? 0x01 : level <= 5 ? 0x5e : level == 6 ? 0x9c : 0xda};
    append_chunk(out, &at, "IDAT", header, 2);
    uint32_t adler = 1;
    for (size_t i = 0; i < count; i++) {
        memcpy(out + at, bands[i].chunk, bands[i].chunk_size);
        at += bands[i].chunk_size;
        adler = (uint32_t)adler32_combine(adler, bands[i].adler, (z_off_t)bands[i].raw_size);
    }
    /* The last block: final, fixed Huffman codes, nothing but the end-of-block code; then the
       Adler-32 of all the filtered rows. */
    uint8_t trailer[6] = {0x03, 0x00};
    put32(trailer + 2, adler);
    append_chunk(out, &at, "IDAT", trailer, 6);
    append_chunk(out, &at, "IEND", NULL, 0);
    int ok = fwrite(out, 1, at, file) == at;
    free(out);
    return finish_file(file, ok, error, error_size);
}

int cadence_png_read_memory(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels, uint8_t **pixels,
                            uint32_t *width, uint32_t *height, char *error, size_t error_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(error, error_size, "%s", image.message);
        return -1;
    }
    uint64_t count = (uint64_t)image.width * image.height;
    if (image.width > max_side || image.height > max_side || (max_pixels > 0 && count > max_pixels)) {
        snprintf(error, error_size, "%ux%u pixels is above the limit of %u pixels a side and %llu pixels",
                 (unsigned)image.width, (unsigned)image.height, (unsigned)max_side, (unsigned long long)max_pixels);
        png_image_free(&image);
        return -1;
    }
    return finish_read(&image, pixels, width, height, error, error_size);
}
