#ifndef CADENCE_CGL_SHIM_H
#define CADENCE_CGL_SHIM_H
// GLVND's libOpenGL exports every core GL function, so prototypes need no loader and the same
// calls work on an EGL context and on a GLFW (GLX) context.
#define GL_GLEXT_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

// Function-like and pointer-cast macros are not imported by Swift; these are their equivalents.
static const EGLNativeDisplayType cadence_EGL_DEFAULT_DISPLAY = (EGLNativeDisplayType)0;
static inline EGLDisplay cadence_EGL_NO_DISPLAY(void) { return EGL_NO_DISPLAY; }
static inline EGLContext cadence_EGL_NO_CONTEXT(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface cadence_EGL_NO_SURFACE(void) { return EGL_NO_SURFACE; }
static inline EGLConfig cadence_EGL_NO_CONFIG(void) { return (EGLConfig)0; }

// Extension entry points are looked up at run time: GLVND's libEGL does not export them all.
static inline EGLBoolean cadence_eglQueryDevices(EGLint max, EGLDeviceEXT *devices, EGLint *count) {
    PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    if (query == 0) { return EGL_FALSE; }
    return query(max, devices, count);
}
#endif
