#ifndef SCENEACTIVATION_CPCRE2_SHIM_H
#define SCENEACTIVATION_CPCRE2_SHIM_H

// PCRE2's generic names (pcre2_compile, pcre2_match, ...) are macros over the code-unit width, which
// Swift cannot import; Swift calls the `_8` functions directly. The helpers below wrap the macros
// whose values Swift cannot import or would import with the wrong type.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>
#include <stdint.h>

/// `PCRE2_ZERO_TERMINATED` is `~(size_t)0`, which overflows Swift's `Int` when imported as a literal.
static inline size_t sa_pcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }

/// `PCRE2_UNSET` is `~(size_t)0` as well.
static inline size_t sa_pcre2_unset(void) { return PCRE2_UNSET; }

#endif
