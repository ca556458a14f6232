#ifndef SHADERBENCH_CLIBFUZZER_SHIM_H
#define SHADERBENCH_CLIBFUZZER_SHIM_H
#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver, for a program with a main of its own. It comes with the toolchain's libFuzzer, which
   only a build with -sanitize=fuzzer links; nothing else may call it. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
