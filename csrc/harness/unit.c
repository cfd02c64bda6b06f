/* unit.c - the runner of unit.h: every registered suite of the program, or those named on the
 * command line (--list names them); exit 1 if any test failed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

#define UT_MAX_SUITES 128
static struct {
  const char *name;
  ut_suite_fn fn;
} suites[UT_MAX_SUITES];
static int nsuites;

void ut_register_suite(const char *name, ut_suite_fn fn) {
  if (nsuites == UT_MAX_SUITES) {
    fprintf(stderr, "unit: more than %d suites (raise UT_MAX_SUITES)\n", UT_MAX_SUITES);
    exit(2);
  }
  suites[nsuites].name = name;
  suites[nsuites++].fn = fn;
}

/* unit [--list] [SUITE...]: every suite, or the named ones (an unknown name is an error). */
int main(int argc, char **argv) {
  ut_stats_t s = {0, 0};
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (int i = 0; i < nsuites; i++)
      printf("%s\n", suites[i].name);
    return 0;
  }
  for (int a = 1; a < argc; a++) {
    int found = 0;
    for (int i = 0; i < nsuites; i++)
      found |= strcmp(argv[a], suites[i].name) == 0;
    if (!found) {
      fprintf(stderr, "unit: unknown suite '%s' (--list shows them)\n", argv[a]);
      return 2;
    }
  }
  if (nsuites == 0) {
    fprintf(stderr, "unit: no suites linked\n");
    return 2;
  }
  for (int i = 0; i < nsuites; i++) {
    int run = argc == 1;
    for (int a = 1; a < argc; a++)
      run |= strcmp(argv[a], suites[i].name) == 0;
    if (run)
      suites[i].fn(&s);
  }
  printf("%u passed, %u failed\n", s.passed, s.failed);
  return s.failed ? 1 : 0;
}
