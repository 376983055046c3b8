#include "cadence_png.h"

#include <png.h>
#include <setjmp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct failure {
    jmp_buf jump;
    char *error;
    size_t error_size;
};

static void on_error(png_structp png, png_const_charp message) {
    struct failure *failure = png_get_error_ptr(png);
    snprintf(failure->error, failure->error_size, "libpng: %s", message);
    longjmp(failure->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int cadence_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height,
                      int level, int filters, char *error, size_t error_size) {
    FILE *file = fopen(path, "wb");
    if (!file) {
        snprintf(error, error_size, "cannot open for writing: %s", strerror(errno));
        return -1;
    }
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
    if (fflush(file) != 0 || ferror(file)) {
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

int cadence_png_read(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     char *error, size_t error_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        snprintf(error, error_size, "%s", image.message);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(image);
    uint8_t *buffer = malloc(size ? size : 1);
    if (!buffer) {
        png_image_free(&image);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        snprintf(error, error_size, "%s", image.message);
        free(buffer);
        return -1;
    }
    *pixels = buffer;
    *width = image.width;
    *height = image.height;
    return 0;
}
