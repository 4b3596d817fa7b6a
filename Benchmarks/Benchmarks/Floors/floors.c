#define _GNU_SOURCE
#define PCRE2_CODE_UNIT_WIDTH 8
#include "floors.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

static inline uint8_t lower(uint8_t byte) {
  return (uint8_t)(byte - 'A') < 26 ? byte | 0x20 : byte;
}

static int caseless_compare(const uint8_t *a, const uint8_t *b, size_t length) {
  for (size_t i = 0; i < length; i++) {
    uint8_t x = lower(a[i]), y = lower(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

int floor_equal(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length, int caseless) {
  if (a_length != b_length) return 0;
  return caseless ? caseless_compare(a, b, a_length) == 0 : memcmp(a, b, a_length) == 0;
}

int floor_compare(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length, int caseless) {
  size_t common = a_length < b_length ? a_length : b_length;
  int order = caseless ? caseless_compare(a, b, common) : memcmp(a, b, common);
  if (order != 0) return order;
  return a_length < b_length ? -1 : a_length > b_length ? 1 : 0;
}

int floor_has_prefix(const uint8_t *text, size_t length, const uint8_t *needle, size_t needle_length, int caseless) {
  if (length < needle_length) return 0;
  return caseless ? caseless_compare(text, needle, needle_length) == 0
                  : memcmp(text, needle, needle_length) == 0;
}

int floor_has_suffix(const uint8_t *text, size_t length, const uint8_t *needle, size_t needle_length, int caseless) {
  if (length < needle_length) return 0;
  const uint8_t *end = text + length - needle_length;
  return caseless ? caseless_compare(end, needle, needle_length) == 0
                  : memcmp(end, needle, needle_length) == 0;
}

long floor_lowercase(const uint8_t *text, size_t length, uint8_t *buffer, size_t capacity) {
  if (length > capacity) return -1;
  for (size_t i = 0; i < length; i++) buffer[i] = lower(text[i]);
  return (long)length;
}

int floor_contains(const uint8_t *text, size_t length, const uint8_t *needle, size_t needle_length, int caseless) {
  if (!caseless) return memmem(text, length, needle, needle_length) != NULL;
  uint8_t stack[512];
  uint8_t *buffer = length <= sizeof stack ? stack : malloc(length);
  floor_lowercase(text, length, buffer, length);
  int found = memmem(buffer, length, needle, needle_length) != NULL;
  if (buffer != stack) free(buffer);
  return found;
}

typedef struct {
  pcre2_code_8 *code;
  pcre2_match_data_8 *data;
} floor_regex;

void *floor_regex_compile(const uint8_t *pattern, size_t length, int caseless) {
  uint32_t flags = PCRE2_UTF | PCRE2_UCP | PCRE2_DOTALL | PCRE2_MULTILINE | PCRE2_ANCHORED |
                   PCRE2_ENDANCHORED | PCRE2_NO_UTF_CHECK | PCRE2_NEVER_BACKSLASH_C;
  if (caseless) flags |= PCRE2_CASELESS;
  pcre2_compile_context_8 *context = pcre2_compile_context_create_8(NULL);
  pcre2_set_newline_8(context, PCRE2_NEWLINE_ANY);
  int error;
  PCRE2_SIZE offset;
  pcre2_code_8 *code = pcre2_compile_8(pattern, length, flags, &error, &offset, context);
  pcre2_compile_context_free_8(context);
  if (code == NULL) return NULL;
  if (pcre2_jit_compile_8(code, PCRE2_JIT_COMPLETE) != 0) {
    pcre2_code_free_8(code);
    return NULL;
  }
  floor_regex *regex = malloc(sizeof *regex);
  regex->code = code;
  regex->data = pcre2_match_data_create_8(1, NULL);
  return regex;
}

int floor_regex_match(void *handle, const uint8_t *subject, size_t length) {
  floor_regex *regex = handle;
  int result = pcre2_jit_match_8(regex->code, subject, length, 0, 0, regex->data, NULL);
  if (result >= 0) return 1;
  return result == PCRE2_ERROR_NOMATCH ? 0 : result;
}
