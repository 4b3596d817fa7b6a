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

/// The calling thread's match data slot: NULL until its first match. A `__thread` slot is a
/// single segment-relative load, where `pthread_getspecific` is a call into libc on every match;
/// Swift registers a pthread key as well, only so the data is freed when the thread exits.
static inline pcre2_match_data_8 **sa_pcre2_thread_match_data_slot(void) {
  // Function-local, so it is defined wherever the function is emitted (Swift's importer emits no
  // file-scope definitions from a header).
  static __thread pcre2_match_data_8 *slot;
  return &slot;
}

#endif
