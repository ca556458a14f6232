#ifndef SHADERBENCH_V4L2_EMULATOR_DEVICES_H
#define SHADERBENCH_V4L2_EMULATOR_DEVICES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* The emulated devices, as every layer that calls them sees them: libv4l2's entry points when the emulator
   stands in for libv4l2, the kernel's calls when the real libv4l2 runs on top. Each call that takes a
   descriptor or an address answers false when it is not an emulated device's, so the caller passes the
   call on untouched; otherwise it has set `result` (0, or -1 with errno) as the kernel would. */

/* Whether V4L2_EMULATOR_DIR names a folder, without which nothing is emulated. */
bool emulator_enabled(void);

/* Whether opening `path` reaches an emulated device: every /dev/video path does while the emulator is on. */
bool emulates_path(const char *path);

/* A new descriptor for the device at `path`, or -1 with errno (ENOENT when it is not configured). */
int emulated_open(const char *path, int flags);

/* Whether `path` is under sysfs's video4linux class, which the emulator answers for while it is on. */
bool emulates_name_file(const char *path);
/* sysfs's name file of a device node (/sys/class/video4linux/video0/name): its card name, readable even
   while the device is busy. A descriptor for its text, or -1 with errno (ENOENT for any other file). */
int emulated_name_file(const char *path);

bool is_emulated_fd(int fd);
bool emulated_close(int fd);
bool emulated_ioctl(int fd, unsigned long request, void *argument, int *result);
/* `address` is MAP_FAILED, with errno set, when the device refuses the mapping. */
bool emulated_mmap(void *start, size_t length, int prot, int flags, int fd, int64_t offset, void **address);
bool emulated_munmap(void *start, size_t length, int *result);
/* A frame written to an output device: kept in the folder's output file (see V4L2Emulator.h). */
bool emulated_write(int fd, const void *buffer, size_t length, long *result);

#pragma GCC visibility pop

#endif
