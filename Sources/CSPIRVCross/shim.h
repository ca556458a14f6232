#ifndef SHADERBENCH_CSPIRVCROSS_SHIM_H
#define SHADERBENCH_CSPIRVCROSS_SHIM_H
#include <spirv_cross/spirv_cross_c.h>
#endif
