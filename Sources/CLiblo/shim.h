#ifndef SHADERBENCH_CLIBLO_SHIM_H
#define SHADERBENCH_CLIBLO_SHIM_H
#include <lo/lo.h>

/* A string argument is the first byte of its characters inside the argument's union. */
static inline const char *cliblo_string(lo_arg *argument) { return &argument->s; }
#endif
