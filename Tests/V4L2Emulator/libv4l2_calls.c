#define _GNU_SOURCE
#include "emulator.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>

/* libv4l2's entry points. By default the emulator stands in for libv4l2 here, so faults reach the app
   exactly as injected. With V4L2_EMULATOR_LAYER=kernel every call goes on to the real libv4l2, which reaches
   the emulated device through the kernel's calls (kernel_calls.c), its format conversion included. */

static int (*real_open)(const char *, int, ...);
static int (*real_fd_open)(int, int);
static int (*real_close)(int);
static int (*real_ioctl)(int, unsigned long, ...);
static void *(*real_mmap)(void *, size_t, int, int, int, int64_t);
static int (*real_munmap)(void *, size_t);
static ssize_t (*real_write)(int, const void *, size_t);
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

static void resolve(void) {
    real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "v4l2_open");
    real_fd_open = (int (*)(int, int))dlsym(RTLD_NEXT, "v4l2_fd_open");
    real_close = (int (*)(int))dlsym(RTLD_NEXT, "v4l2_close");
    real_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "v4l2_ioctl");
    real_mmap = (void *(*)(void *, size_t, int, int, int, int64_t))dlsym(RTLD_NEXT, "v4l2_mmap");
    real_munmap = (int (*)(void *, size_t))dlsym(RTLD_NEXT, "v4l2_munmap");
    real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "v4l2_write");
}

/* A process that does not link libv4l2 has nothing to forward to. */
static int no_libv4l2(void) {
    errno = ENOSYS;
    return -1;
}

static bool stands_in_for_libv4l2(void) {
    const char *layer = getenv("V4L2_EMULATOR_LAYER");
    return emulator_enabled() && !(layer && strcmp(layer, "kernel") == 0);
}

int v4l2_open(const char *file, int oflag, ...) {
    va_list arguments;
    va_start(arguments, oflag);
    mode_t mode = (oflag & O_CREAT) ? (mode_t)va_arg(arguments, int) : 0;
    va_end(arguments);
    if (stands_in_for_libv4l2() && emulates_path(file)) return emulated_open(file, oflag);
    pthread_once(&resolved, resolve);
    return real_open ? real_open(file, oflag, mode) : no_libv4l2();
}

/* A descriptor opened with open(2) and handed to libv4l2: an emulated one needs nothing more. */
int v4l2_fd_open(int fd, int v4l2_flags) {
    if (stands_in_for_libv4l2() && is_emulated_fd(fd)) return fd;
    pthread_once(&resolved, resolve);
    return real_fd_open ? real_fd_open(fd, v4l2_flags) : no_libv4l2();
}

int v4l2_close(int fd) {
    if (stands_in_for_libv4l2() && emulated_close(fd)) return 0;
    pthread_once(&resolved, resolve);
    return real_close ? real_close(fd) : no_libv4l2();
}

int v4l2_ioctl(int fd, unsigned long int request, ...) {
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    int result;
    if (stands_in_for_libv4l2() && emulated_ioctl(fd, request, argument, &result)) return result;
    pthread_once(&resolved, resolve);
    return real_ioctl ? real_ioctl(fd, request, argument) : no_libv4l2();
}

void *v4l2_mmap(void *start, size_t length, int prot, int flags, int fd, int64_t offset) {
    void *address;
    if (stands_in_for_libv4l2() && emulated_mmap(start, length, prot, flags, fd, offset, &address)) return address;
    pthread_once(&resolved, resolve);
    if (!real_mmap) {
        no_libv4l2();
        return MAP_FAILED;
    }
    return real_mmap(start, length, prot, flags, fd, offset);
}

int v4l2_munmap(void *start, size_t length) {
    int result;
    if (stands_in_for_libv4l2() && emulated_munmap(start, length, &result)) return result;
    pthread_once(&resolved, resolve);
    return real_munmap ? real_munmap(start, length) : no_libv4l2();
}

ssize_t v4l2_write(int fd, const void *buffer, size_t n) {
    long result;
    if (stands_in_for_libv4l2() && emulated_write(fd, buffer, n, &result)) return (ssize_t)result;
    pthread_once(&resolved, resolve);
    return real_write ? real_write(fd, buffer, n) : no_libv4l2();
}
