#ifndef SCENEACTIVATION_BENCHMARK_FLOORS_H
#define SCENEACTIVATION_BENCHMARK_FLOORS_H

// The floors the benchmark matrix divides by: what each operator costs with no predicate
// machinery at all, written in C so that no Swift abstraction is hidden in them. Strings are
// UTF-8 bytes with a length; `caseless` folds ASCII letters only, which is the whole of case
// folding on the ASCII identifiers these floors are measured on.

#include <stddef.h>
#include <stdint.h>

/// `a == b`, byte for byte (ASCII-caseless when asked).
int floor_equal(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length, int caseless);
/// `a` compared with `b` by bytes (ASCII-caseless when asked): negative, zero or positive.
int floor_compare(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length, int caseless);
/// Whether `text` starts with `needle`.
int floor_has_prefix(const uint8_t *text, size_t length, const uint8_t *needle, size_t needle_length, int caseless);
/// Whether `text` ends with `needle`.
int floor_has_suffix(const uint8_t *text, size_t length, const uint8_t *needle, size_t needle_length, int caseless);
/// Whether `needle` occurs in `text`: glibc's `memmem`, on a lowercased stack copy when caseless
/// (`needle` is then already lowercase).
int floor_contains(const uint8_t *text, size_t length, const uint8_t *needle, size_t needle_length, int caseless);
/// `text` lowercased (ASCII) into `buffer` of `capacity` bytes; returns the length, or -1 when it
/// does not fit.
long floor_lowercase(const uint8_t *text, size_t length, uint8_t *buffer, size_t capacity);

/// A pattern compiled by `pcre2_compile_8` with the flags `RegexProgram` uses (UTF, UCP, DOTALL,
/// MULTILINE, anchored at both ends, NEWLINE_ANY, no UTF check; CASELESS when asked) and
/// JIT-compiled; NULL when either step fails.
void *floor_regex_compile(const uint8_t *pattern, size_t length, int caseless);
/// One `pcre2_jit_match_8` of the whole subject with match data made once: 1, 0, or negative on
/// an error.
int floor_regex_match(void *regex, const uint8_t *subject, size_t length);

#endif
