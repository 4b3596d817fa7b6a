#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (LLVM 12 and later): parses libFuzzer's flags from `argv` and fuzzes
/// `callback` as its own `main` would. The fuzz executables call it from their entry point,
/// which SwiftPM renames for executables, so libFuzzer's `main` is not the one that runs.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
