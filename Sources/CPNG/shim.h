#ifndef SHADERBENCH_CPNG_SHIM_H
#define SHADERBENCH_CPNG_SHIM_H
#include <png.h>
#endif
