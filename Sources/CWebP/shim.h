#ifndef SHADERBENCH_CWEBP_SHIM_H
#define SHADERBENCH_CWEBP_SHIM_H
#include <webp/decode.h>
#endif
