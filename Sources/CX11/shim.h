#ifndef CADENCE_CX11_SHIM_H
#define CADENCE_CX11_SHIM_H
// Only the tests use Xlib: to read what an X window really shows, which GL cannot (Mesa's
// software front buffer is not the window's contents).
#include <stdint.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

// Copies `width` x `height` pixels of X window `window` on the default display, as the X server
// has them, into `rgba` (4 bytes a pixel, top row first, alpha 255). Returns 0 on failure.
static inline int cadence_x11_capture(unsigned long window, int width, int height, uint8_t *rgba) {
    Display *display = XOpenDisplay(NULL);
    if (display == NULL) { return 0; }
    XSync(display, False);
    XImage *image = XGetImage(display, (Window)window, 0, 0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
    if (image == NULL) { XCloseDisplay(display); return 0; }
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            unsigned long pixel = XGetPixel(image, x, y);
            uint8_t *out = rgba + ((size_t)y * (size_t)width + (size_t)x) * 4;
            out[0] = (uint8_t)((pixel & image->red_mask) >> 16);
            out[1] = (uint8_t)((pixel & image->green_mask) >> 8);
            out[2] = (uint8_t)(pixel & image->blue_mask);
            out[3] = 255;
        }
    }
    XDestroyImage(image);
    XCloseDisplay(display);
    return 1;
}
#endif
