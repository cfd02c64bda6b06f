/*
 * unit.h - minimal unit-test runner for csrc/ref. Each test is a function
 * taking a ut_t; a failed check records "file:line: reason" and returns from
 * the test. Each csrc/ref/test/test_<unit>.c exports one suite_<unit>().
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

void suite_prng(ut_stats_t *s);
void suite_crc(ut_stats_t *s);
void suite_scrambler(ut_stats_t *s);
void suite_vec(ut_stats_t *s);
void suite_fifo_model(ut_stats_t *s);
void suite_rr_arb_model(ut_stats_t *s);
void suite_matrix_arb_model(ut_stats_t *s);
void suite_crc_engine_model(ut_stats_t *s);
void suite_credit_model(ut_stats_t *s);
void suite_rifl(ut_stats_t *s);
void suite_rifl_axis_model(ut_stats_t *s);
void suite_rifl_lane_model(ut_stats_t *s);
void suite_scoc_model(ut_stats_t *s);
void suite_sw_traffic(ut_stats_t *s);
void suite_scoc_fairness(ut_stats_t *s);
void suite_islip_model(ut_stats_t *s);
void suite_sue(ut_stats_t *s);
void suite_sue_ep(ut_stats_t *s);
void suite_sue_star(ut_stats_t *s);

#endif
