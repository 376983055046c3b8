#ifndef CADENCE_CGLFW_SHIM_H
#define CADENCE_CGLFW_SHIM_H
// GL comes from CGL; GLFW must not pull in its own GL header.
#define GLFW_INCLUDE_NONE 1
#include <GLFW/glfw3.h>

// From glfw3native.h (X11 + GLX), declared with opaque types so that Xlib's and GLX's headers
// stay out of Swift: a Display * and a GLXWindow (an XID).
void *glfwGetX11Display(void);
unsigned long glfwGetGLXWindow(GLFWwindow *window);
unsigned long glfwGetX11Window(GLFWwindow *window);

typedef void (*cadence_CopySubBufferMESA)(void *display, unsigned long drawable, int x, int y, int width, int height);

// Copies a rectangle (GL window coordinates, bottom-left origin) of the back buffer to the
// window with glXCopySubBufferMESA (GLX_MESA_copy_sub_buffer), which flushes first; no swap.
// The window's context must be current. Returns 0 where that cannot be done.
static inline int cadence_glfwCopySubBuffer(GLFWwindow *window, int x, int y, int width, int height) {
    cadence_CopySubBufferMESA copy = (cadence_CopySubBufferMESA)glfwGetProcAddress("glXCopySubBufferMESA");
    void *display = glfwGetX11Display();
    unsigned long drawable = glfwGetGLXWindow(window);
    if (copy == 0 || display == 0 || drawable == 0) { return 0; }
    copy(display, drawable, x, y, width, height);
    return 1;
}
#endif
