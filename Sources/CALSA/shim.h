#ifndef SHADERBENCH_CALSA_SHIM_H
#define SHADERBENCH_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* alsa-lib prints its own errors to standard error ("ALSA lib pcm.c:…: Unknown PCM default"); the workbench
   reports each failure itself, with the device and what it was doing. The handler is variadic, so it is
   written here in C, and set through `snd_lib_error_set_handler`'s address, since libasound is opened at run
   time rather than linked. */
static void calsa_ignore_error(const char *file, int line, const char *function, int error, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)error; (void)format;
}
static inline void calsa_quiet(void *set_error_handler) {
    ((int (*)(snd_lib_error_handler_t))set_error_handler)(calsa_ignore_error);
}
#endif
