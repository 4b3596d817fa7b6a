// The declaration in include/CLibFuzzer.h is libFuzzer's; a C target needs one source file.
#include "CLibFuzzer.h"
