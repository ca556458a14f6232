#ifndef SHADERBENCH_CFFTW_SHIM_H
#define SHADERBENCH_CFFTW_SHIM_H
#include <fftw3.h>

/* FFTW's planner flags are macros Swift cannot import. */
static inline unsigned cfftw_estimate(void) { return FFTW_ESTIMATE; }
#endif
