#ifndef SHADERBENCH_CTURBOJPEG_SHIM_H
#define SHADERBENCH_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
