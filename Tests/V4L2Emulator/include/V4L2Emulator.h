#ifndef SHADERBENCH_V4L2_EMULATOR_H
#define SHADERBENCH_V4L2_EMULATOR_H

/* An emulated V4L2 camera for the capture tests, loaded with LD_PRELOAD into the unmodified shaderbench
   binary. It answers at two layers; whatever is not an emulated device's goes on untouched:

   libv4l2        v4l2_open, v4l2_fd_open, v4l2_close, v4l2_ioctl, v4l2_mmap and v4l2_munmap. By default the
                  emulator stands in for libv4l2 here, so faults reach the app exactly as injected.
   the kernel     syscall() (openat, ioctl, mmap, munmap, close: how libv4l2 and libv4lconvert reach the
                  kernel), open(2) and ioctl(2) (how an app reaches a device past libv4l2), and sysfs's
                  /sys/class/video4linux/videoN/name. With V4L2_EMULATOR_LAYER=kernel, libv4l2's entry
                  points go on to the real libv4l2, which runs on the emulated device, format emulation and all.

   V4L2_EMULATOR_DIR names a folder; without it nothing is emulated. In that folder:

   devices.conf   Re-read at every open of a /dev/video* path. One section per device; paths under
                  /dev/video that have no section do not exist (ENOENT), so a real camera never leaks in.
                      [/dev/video0]
                      card = Emulated Camera
                      driver = v4l2-emulator
                      bus = platform:v4l2-emulator-0
                      formats = YUYV NV12 YU12 RGB3 MJPG
                      sizes = 640x480 1280x720
                      fps = 30
                      colorspace = smpte170m            # or rec709, srgb
                      quantization = limited            # or full
                      bars = c83232 32c832 3232c8 808080
                      capture = yes                     # no: a metadata node
                      output = yes                      # a video output (v4l2loopback's writer side)
                      only = UYVY 320x240               # a strict device: see below
                  Frames are vertical bars of the `bars` colours, left to right. Formats: YUYV UYVY NV12
                  YU12 RGB3 MJPG. A strict device (`only`) starts in that one format and size, and S_FMT and
                  TRY_FMT refuse anything else with EINVAL, whatever ENUM_FMT and ENUM_FRAMESIZES list.

   An output device reports V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_READWRITE, lists its `formats` for the output
   type, takes S_FMT of any size in one of them (and S_PARM's frame interval), and takes v4l2_write() of
   whole frames of that format (EINVAL otherwise; a capture device takes no write). Its node's name names
   its files in the folder: output-video9.format holds the format set (`YUYV 640x480`), output-video9.yuv
   every frame written since, one after another. `busy` makes its S_FMT and writes fail with EBUSY.

   Fault files, whose presence is the fault, checked at every call and watched while a device is open:
       unplugged      opens fail with ENOENT; every open emulated fd is dead for good (ENODEV, and
                      poll() reports it readable so a waiting capture loop notices)
       busy-open      opens fail with EBUSY, as when another program holds a device that allows one open;
                      its sysfs name can still be read
       busy           S_FMT, REQBUFS with count > 0 and STREAMON fail with EBUSY
       refuse-format  S_FMT and TRY_FMT fail with EINVAL
       eagain         DQBUF fails with EAGAIN without consuming the frame that is due
       stall          the frame timer stops until the file is removed
       eio            each frame due is lost: DQBUF fails with EIO

   status         Rewritten atomically after every open, close, mmap, munmap, REQBUFS, STREAMON, STREAMOFF:
                      open=N        emulated fds open now
                      mapped=N      buffers mapped now
                      buffers=N     buffers allocated now (a mapped buffer outlives its fd's close)
                      streaming=N   fds streaming now
                      opens=N       opens ever
                      written=N     whole frames written to output devices ever
*/

#endif
