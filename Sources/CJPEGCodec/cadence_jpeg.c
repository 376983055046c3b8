#include "cadence_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg reports errors through error_exit, which must not return: it jumps back here.
struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *error;
    size_t error_size;
};

/// The progress monitor, which refuses files of too many scans.
struct progress {
    struct jpeg_progress_mgr manager;
    int max_scans;
};

static void on_error(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    snprintf(failure->error, failure->error_size, "libjpeg: %s", message);
    longjmp(failure->jump, 1);
}

/// Warnings (a corrupt but readable stream, say) are not errors: libjpeg fills in what it can.
static void on_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static void on_progress(j_common_ptr info) {
    struct progress *progress = (struct progress *)info->progress;
    if (!info->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (progress->max_scans > 0 && decompress->input_scan_number > progress->max_scans) {
        struct failure *failure = (struct failure *)info->err;
        snprintf(failure->error, failure->error_size, "more than %d progressive scans", progress->max_scans);
        longjmp(failure->jump, 1);
    }
}

int cadence_jpeg_read_memory(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels, int reduce,
                             int max_scans, uint8_t **pixels, uint32_t *width, uint32_t *height,
                             char *error, size_t error_size) {
    *pixels = NULL;
    if (error_size > 0) error[0] = 0;
    if (!data || size < 4) {
        snprintf(error, error_size, "too short to be a JPEG");
        return -1;
    }
    if (size > (size_t)0xffffffffu) {
        snprintf(error, error_size, "larger than 4 GiB");
        return -1;
    }
    struct jpeg_decompress_struct info;
    struct failure failure;
    struct progress progress;
    /// Volatile: set after setjmp and read after a longjmp.
    uint8_t *volatile result = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = on_error;
    failure.manager.emit_message = on_message;
    failure.error = error;
    failure.error_size = error_size;
    if (setjmp(failure.jump)) {
        free(result);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    progress.manager.progress_monitor = on_progress;
    progress.max_scans = max_scans;
    info.progress = &progress.manager;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0) {
        snprintf(error, error_size, "the image has no pixels");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    if (info.image_width > max_side || info.image_height > max_side) {
        snprintf(error, error_size, "%ux%u is larger than %u pixels a side", info.image_width, info.image_height, max_side);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    uint64_t count = (uint64_t)info.image_width * info.image_height;
    info.scale_num = 1;
    info.scale_denom = 1;
    if (max_pixels > 0 && count > max_pixels) {
        if (!reduce) {
            snprintf(error, error_size, "%ux%u is more than %llu pixels", info.image_width, info.image_height,
                     (unsigned long long)max_pixels);
            jpeg_destroy_decompress(&info);
            return -1;
        }
        unsigned denominator = 2;
        while (denominator < 8 && count / ((uint64_t)denominator * denominator) > max_pixels) denominator *= 2;
        info.scale_denom = denominator;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    uint64_t out_count = (uint64_t)info.output_width * info.output_height;
    if (max_pixels > 0 && out_count > max_pixels) {
        snprintf(error, error_size, "%ux%u is more than %llu pixels even at 1/8 of its size", info.image_width, info.image_height,
                 (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    size_t stride = (size_t)info.output_width * 4;
    result = calloc(info.output_height, stride);
    if (!result) {
        snprintf(error, error_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = result + (size_t)info.output_scanline * stride;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
    }
    // A stream that ends early leaves the rest of the rows as libjpeg filled them (grey).
    jpeg_finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    *pixels = result;
    jpeg_destroy_decompress(&info);
    return 0;
}
