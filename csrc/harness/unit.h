/*
 * unit.h - the unit-test runner of the C models and libraries (csrc/ref/<block>, csrc/lib/<block>),
 * built per block by scripts/ctools.sh unit BLOCK; no simulator.
 * A test file test_<x>.c sits beside x.c and registers its suite with UT_SUITE(name): the
 * suites of every linked test file run, in link order, with no list kept anywhere. Each test is
 * a function taking a ut_t; a failed check records "file:line: reason" and returns.
 */
#ifndef REF_UNIT_H
#define REF_UNIT_H

#include <stdint.h>

typedef struct {
  char reason[640];
  int failed;
} ut_t;

typedef struct {
  unsigned passed, failed;
} ut_stats_t;

typedef void (*ut_fn)(ut_t *t);

/* Runs one test and prints "PASS name" or "FAIL name: reason". */
void ut_run(ut_stats_t *s, const char *name, ut_fn fn);
void ut_fail(ut_t *t, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Informational line (e.g. a computed check value), not a result. */
void ut_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define UT_CHECK(t, cond, ...)                                                                     \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      ut_fail((t), __FILE__, __LINE__, __VA_ARGS__);                                               \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

#define UT_EQ(t, got, exp, what)                                                                   \
  do {                                                                                             \
    uint64_t g_ = (uint64_t)(got), e_ = (uint64_t)(exp);                                           \
    if (g_ != e_) {                                                                                \
      ut_fail((t), __FILE__, __LINE__, "%s: got 0x%llx, expected 0x%llx", (what),                  \
              (unsigned long long)g_, (unsigned long long)e_);                                     \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

typedef void (*ut_suite_fn)(ut_stats_t *s);
void ut_register_suite(const char *name, ut_suite_fn fn);

/* UT_SUITE(name) { ut_run(s, "case", fn); ... }: a suite, registered before main() runs. */
#define UT_SUITE(name)                                                                             \
  static void ut_suite_##name(ut_stats_t *s);                                                      \
  __attribute__((constructor)) static void ut_reg_##name(void) {                                   \
    ut_register_suite(#name, ut_suite_##name);                                                     \
  }                                                                                                \
  static void ut_suite_##name(ut_stats_t *s)

#endif
