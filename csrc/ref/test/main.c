/* main.c - runs every csrc/ref unit-test suite; exit 1 if any test failed. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "unit.h"

void ut_fail(ut_t *t, const char *file, int line, const char *fmt, ...) {
  if (t->failed)
    return; /* keep the first reason */
  t->failed = 1;
  const char *base = strrchr(file, '/');
  int n = snprintf(t->reason, sizeof t->reason, "%s:%d: ", base ? base + 1 : file, line);
  if (n < 0 || (size_t)n >= sizeof t->reason)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t->reason + n, sizeof t->reason - (size_t)n, fmt, ap);
  va_end(ap);
}

void ut_info(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("INFO ", stdout);
  vprintf(fmt, ap);
  fputc('\n', stdout);
  va_end(ap);
}

void ut_run(ut_stats_t *s, const char *name, ut_fn fn) {
  ut_t t;
  memset(&t, 0, sizeof t);
  fn(&t);
  if (t.failed) {
    printf("FAIL %s: %s\n", name, t.reason);
    s->failed++;
  } else {
    printf("PASS %s\n", name);
    s->passed++;
  }
  fflush(stdout);
}

int main(void) {
  ut_stats_t s = {0, 0};
  suite_prng(&s);
  suite_crc(&s);
  suite_scrambler(&s);
  suite_vec(&s);
  suite_fifo_model(&s);
  suite_rr_arb_model(&s);
  suite_matrix_arb_model(&s);
  suite_crc_engine_model(&s);
  suite_credit_model(&s);
  suite_rifl(&s);
  suite_rifl_axis_model(&s);
  suite_rifl_lane_model(&s);
  suite_scoc_model(&s);
  suite_sw_traffic(&s);
  suite_scoc_fairness(&s);
  suite_islip_model(&s);
  suite_sue(&s);
  suite_sue_ep(&s);
  suite_sue_star(&s);
  printf("%u passed, %u failed\n", s.passed, s.failed);
  return s.failed ? 1 : 0;
}
