#ifndef SHADERBENCH_CTIFF_SHIM_H
#define SHADERBENCH_CTIFF_SHIM_H
#include <tiffio.h>

/* TIFFGetFieldDefaulted through its address, libtiff being opened at run time: Swift can neither call a variadic
   function nor hand a va_list through a function pointer. Enough for tags of one value or of a count and an
   array; the second argument is ignored for tags of one. */
static inline int ctiff_get_field_defaulted(void *function, TIFF *tiff, uint32_t tag, void *first, void *second) {
    return ((int (*)(TIFF *, uint32_t, ...))function)(tiff, tag, first, second);
}
#endif
