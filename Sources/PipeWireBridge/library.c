#include "functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define SBPW_DEFINE(f) __typeof__(f) *sbpw_fn_##f;
SBPW_FUNCTIONS(SBPW_DEFINE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[512];

/* Kept open for the life of the process: libpipewire is not meant to be initialised twice. */
static void load(void) {
    void *library = dlopen("libpipewire-0.3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
#define SBPW_LOOK_UP(f) \
    if (!(sbpw_fn_##f = (__typeof__(f) *)dlsym(library, #f))) { \
        snprintf(load_error, sizeof load_error, "libpipewire-0.3.so.0 has no %s", #f); \
        return; \
    }
    SBPW_FUNCTIONS(SBPW_LOOK_UP)
    pw_init(NULL, NULL);
}

int sbpw_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (!load_error[0]) return 0;
    snprintf(error, error_size, "%s", load_error);
    return -1;
}
