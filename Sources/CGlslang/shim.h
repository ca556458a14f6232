#ifndef SHADERBENCH_CGLSLANG_SHIM_H
#define SHADERBENCH_CGLSLANG_SHIM_H
#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>
#endif
