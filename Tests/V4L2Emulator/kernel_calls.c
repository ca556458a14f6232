#define _GNU_SOURCE
#include "emulator.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/* The kernel's side of the emulated devices. libv4l2 and libv4lconvert reach the kernel through syscall()
   (openat, ioctl, mmap, munmap, close); an app opens a device with open(2) before handing it to
   v4l2_fd_open, asks the device itself with ioctl(2) past libv4l2, and reads a busy device's name from
   sysfs. All of these arrive here, and whatever is not an emulated device's goes on untouched. */

static long (*real_syscall)(long, ...);
static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_ioctl)(int, unsigned long, ...);
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

static void resolve(void) {
    real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
    real_open64 = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open64");
    real_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
}

static long emulated_syscall(long number, const long a[6]) {
    int result;
    void *address;
    switch (number) {
    case SYS_open:
        if (emulates_path((const char *)a[0])) return emulated_open((const char *)a[0], (int)a[1]);
        break;
    case SYS_openat:
        if ((int)a[0] == AT_FDCWD && emulates_path((const char *)a[1])) return emulated_open((const char *)a[1], (int)a[2]);
        break;
    case SYS_ioctl:
        if (emulated_ioctl((int)a[0], (unsigned long)a[1], (void *)a[2], &result)) return result;
        break;
    case SYS_mmap:
        if (emulated_mmap((void *)a[0], (size_t)a[1], (int)a[2], (int)a[3], (int)a[4], (int64_t)a[5], &address)) {
            return (long)address;
        }
        break;
    case SYS_munmap:
        if (emulated_munmap((void *)a[0], (size_t)a[1], &result)) return result;
        break;
    case SYS_close:
        if (emulated_close((int)a[0])) return 0;
        break;
    }
    return real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* The kernel takes at most six arguments, all in registers, whatever the call: reading six passes any call on.
   Threads call this as they end (Foundation's thread-specific data asks for the thread's id), after
   ThreadSanitizer has let the thread go, where instrumented code crashes; so this entry is not instrumented and
   passes every other call straight on. */
__attribute__((disable_sanitizer_instrumentation)) long syscall(long number, ...) {
    va_list arguments;
    va_start(arguments, number);
    long a[6];
    for (int i = 0; i < 6; i++) a[i] = va_arg(arguments, long);
    va_end(arguments);
    int device_call = number == SYS_open || number == SYS_openat || number == SYS_ioctl || number == SYS_mmap
        || number == SYS_munmap || number == SYS_close;
    /* Looked up here, not through pthread_once, which the sanitizer intercepts. */
    if (!real_syscall) real_syscall = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
    if (!device_call) return real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
    return emulated_syscall(number, a);
}

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(arguments, int) : 0;
}

int open(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (emulates_path(path)) return emulated_open(path, flags);
    if (emulates_name_file(path)) return emulated_name_file(path);
    pthread_once(&resolved, resolve);
    return real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (emulates_path(path)) return emulated_open(path, flags);
    if (emulates_name_file(path)) return emulated_name_file(path);
    pthread_once(&resolved, resolve);
    return real_open64(path, flags, mode);
}

int ioctl(int fd, unsigned long request, ...) {
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    int result;
    if (emulated_ioctl(fd, request, argument, &result)) return result;
    pthread_once(&resolved, resolve);
    return real_ioctl(fd, request, argument);
}
