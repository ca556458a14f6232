#ifndef SHADERBENCH_CGLES_SHIM_H
#define SHADERBENCH_CGLES_SHIM_H
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#endif
