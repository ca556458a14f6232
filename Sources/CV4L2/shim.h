#ifndef SHADERBENCH_CV4L2_SHIM_H
#define SHADERBENCH_CV4L2_SHIM_H
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

/* libv4l2's entry points are variadic, which Swift cannot call. These wrappers still call through the
   PLT, so a library preloaded with LD_PRELOAD can interpose v4l2_open and v4l2_ioctl. */
static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int cv4l2_ioctl(int fd, unsigned long request, void *argument) {
    return v4l2_ioctl(fd, request, argument);
}
/* ioctl(2) itself, past libv4l2: what the device is doing while libv4l2 converts its frames. */
static inline int cv4l2_device_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

/* libv4l2 prints its own errors to standard error unless it has a log file; the workbench says what failed in
   its own words, so libv4l2's lines go to /dev/null, or where LIBV4L2_LOG_FILENAME names, which it then opens
   itself. Called once, before the first device is opened. */
static inline void cv4l2_keep_log_off_the_terminal(void) {
    if (!v4l2_log_file && !getenv("LIBV4L2_LOG_FILENAME")) v4l2_log_file = fopen("/dev/null", "w");
}

/* VIDIOC_* numbers are built with sizeof, so Swift cannot import them as constants. */
static inline unsigned long cv4l2_querycap(void) { return VIDIOC_QUERYCAP; }
static inline unsigned long cv4l2_enum_fmt(void) { return VIDIOC_ENUM_FMT; }
static inline unsigned long cv4l2_enum_framesizes(void) { return VIDIOC_ENUM_FRAMESIZES; }
static inline unsigned long cv4l2_enum_frameintervals(void) { return VIDIOC_ENUM_FRAMEINTERVALS; }
static inline unsigned long cv4l2_g_fmt(void) { return VIDIOC_G_FMT; }
static inline unsigned long cv4l2_try_fmt(void) { return VIDIOC_TRY_FMT; }
static inline unsigned long cv4l2_s_fmt(void) { return VIDIOC_S_FMT; }
static inline unsigned long cv4l2_s_parm(void) { return VIDIOC_S_PARM; }
static inline unsigned long cv4l2_reqbufs(void) { return VIDIOC_REQBUFS; }
static inline unsigned long cv4l2_querybuf(void) { return VIDIOC_QUERYBUF; }
static inline unsigned long cv4l2_qbuf(void) { return VIDIOC_QBUF; }
static inline unsigned long cv4l2_dqbuf(void) { return VIDIOC_DQBUF; }
static inline unsigned long cv4l2_streamon(void) { return VIDIOC_STREAMON; }
static inline unsigned long cv4l2_streamoff(void) { return VIDIOC_STREAMOFF; }
static inline void *cv4l2_map_failed(void) { return MAP_FAILED; }
#endif
