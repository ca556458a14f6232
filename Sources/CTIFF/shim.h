#ifndef SHADERBENCH_CTIFF_SHIM_H
#define SHADERBENCH_CTIFF_SHIM_H
#include <tiffio.h>
#endif
