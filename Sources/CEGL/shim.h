#ifndef SHADERBENCH_CEGL_SHIM_H
#define SHADERBENCH_CEGL_SHIM_H
#include <EGL/egl.h>
#include <EGL/eglext.h>

/* EGL's "no object" values are cast macros, which Swift cannot import. */
static inline EGLContext cegl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface cegl_no_surface(void) { return EGL_NO_SURFACE; }
static inline EGLDisplay cegl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLConfig cegl_no_config(void) { return (EGLConfig)0; }
#endif
