/*
 * runner.c - selects a registered test by name, runs it with a seed, and
 * reports: PASS/FAIL line, one reproduction line on failure, run.log, and a
 * cocotb-style JUnit results.xml in the run's output directory.
 *
 * Arguments are plusargs on every backend (vvp passes them through too):
 *   +test=NAME +seed=N +outdir=DIR +waves=1 +vectors=DIR +max_cycles=N +list
 *   +quick | +full    the run's scale (harness_scale); default between them
 * Any other plusarg is the test's (harness_plusarg) and goes into the reproduction line.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "backend.h"
#include "harness.h"
#include "harness_int.h"

#define MAX_TESTS 512
#define MAX_ARGS 64

typedef struct {
  const char *name, *file;
  harness_test_fn fn;
} test_entry_t;

static test_entry_t g_tests[MAX_TESTS];
static int g_ntests;

static struct {
  const char *args[MAX_ARGS];
  int nargs;
  const test_entry_t *test;
  uint64_t seed;
  char outdir[1024], vectors[1024], wave[1100];
  int waves, in_test, failed, skipped;
  harness_scale_t scale;
  FILE *log;
  jmp_buf jb;
  char fail_msg[2048];
  char design_msg[1024];
  int design_error;
  uint64_t checks;
  struct timespec t0;
} R;

void harness_register(const char *name, const char *file, harness_test_fn fn) {
  if (g_ntests >= MAX_TESTS) {
    fprintf(stderr, "harness: too many tests (max %d)\n", MAX_TESTS);
    exit(2);
  }
  for (int i = 0; i < g_ntests; i++)
    if (strcmp(g_tests[i].name, name) == 0) {
      fprintf(stderr, "harness: test '%s' registered twice (%s, %s)\n", name, g_tests[i].file,
              file);
      exit(2);
    }
  g_tests[g_ntests].name = name;
  g_tests[g_ntests].file = file;
  g_tests[g_ntests].fn = fn;
  g_ntests++;
}

const char *harness_plusarg(const char *name) {
  size_t n = strlen(name);
  for (int i = 0; i < R.nargs; i++) {
    const char *a = R.args[i];
    if (a[0] == '+' && strncmp(a + 1, name, n) == 0) {
      if (a[1 + n] == '=')
        return a + 2 + n;
      if (a[1 + n] == '\0')
        return "";
    }
  }
  return NULL;
}

unsigned long harness_plusarg_ul(const char *name, unsigned long dflt) {
  const char *p = harness_plusarg(name);
  return p ? strtoul(p, NULL, 10) : dflt;
}

FILE *harness_csv(const char *name, const char *header) {
  char path[2048];
  int n = snprintf(path, sizeof path, "%s/%s", harness_outdir(), name);
  CHECK(n > 0 && (size_t)n < sizeof path, "path of %s too long", name);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL, "open %s", path);
  fprintf(f, "%s\n", header);
  return f;
}

uint64_t harness_seed(void) { return R.seed; }
const char *harness_outdir(void) { return R.outdir; }
const char *harness_sim(void) { return be_sim_name(); }
const char *harness_block(void) { return harness_block_name; }
const char *harness_vectors_dir(void) { return R.vectors; }
const char *harness_wave_path(int n) {
  if (!R.waves)
    return NULL;
  if (n)
    snprintf(R.wave, sizeof R.wave, "%s/waves_%d.fst", R.outdir, n);
  else
    snprintf(R.wave, sizeof R.wave, "%s/waves.fst", R.outdir);
  return R.wave;
}
void harness_count_check(void) { R.checks++; }

static void vlog(const char *prefix, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  fputs(prefix, stdout);
  vfprintf(stdout, fmt, ap);
  fputc('\n', stdout);
  fflush(stdout);
  if (R.log) {
    fputs(prefix, R.log);
    vfprintf(R.log, fmt, ap2);
    fputc('\n', R.log);
    fflush(R.log);
  }
  va_end(ap2);
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("", fmt, ap);
  va_end(ap);
}

void harness_log(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("  ", fmt, ap);
  va_end(ap);
}

void harness_fail_at(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = snprintf(R.fail_msg, sizeof R.fail_msg, "%s:%d: ", file, line);
  vsnprintf(R.fail_msg + n, sizeof R.fail_msg - (size_t)n, fmt, ap);
  va_end(ap);
  if (R.in_test)
    longjmp(R.jb, 1);
  fprintf(stderr, "harness: %s\n", R.fail_msg);
  exit(2);
}

void harness_skip(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(R.fail_msg, sizeof R.fail_msg, fmt, ap);
  va_end(ap);
  R.skipped = 1;
  if (R.in_test)
    longjmp(R.jb, 2);
  fprintf(stderr, "harness: skip outside a test: %s\n", R.fail_msg);
  exit(2);
}

harness_scale_t harness_scale(void) { return R.scale; }

unsigned long harness_scaled(unsigned long quick, unsigned long dflt, unsigned long full) {
  return R.scale == HARNESS_QUICK ? quick : R.scale == HARNESS_FULL ? full : dflt;
}

static const char *scale_name(harness_scale_t s) {
  return s == HARNESS_QUICK ? "quick" : s == HARNESS_FULL ? "full" : "default";
}

/* The plusargs a test reads (not the runner's own): what the reproduction line must repeat. */
static int is_runner_arg(const char *a) {
  static const char *const own[] = {"+test=",     "+seed=",    "+outdir=",    "+waves",
                                    "+wavefile=", "+vectors=", "+verilator+", "+list"};
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
    if (strncmp(a, own[i], strlen(own[i])) == 0)
      return 1;
  return a[0] != '+';
}

static void test_plusargs(char *buf, size_t n) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < R.nargs && k < n; i++)
    if (!is_runner_arg(R.args[i]))
      k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : "", R.args[i]);
}

void harness_check_failed(const char *file, int line, const char *cond, const char *fmt, ...) {
  char what[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  harness_fail_at(file, line, "check failed: %s: %s", cond, what);
}

void harness_fail_msg(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(R.fail_msg, sizeof R.fail_msg, fmt, ap);
  va_end(ap);
  if (R.in_test)
    longjmp(R.jb, 1);
  fprintf(stderr, "harness: %s\n", R.fail_msg);
  exit(2);
}

void harness_design_error(const char *msg) {
  if (!R.design_error) {
    R.design_error = 1;
    harness_design_flag = 1;
    snprintf(R.design_msg, sizeof R.design_msg, "%s", msg);
    fprintf(stdout, "  design: %s\n", msg);
    if (R.log)
      fprintf(R.log, "  design: %s\n", msg);
  }
}

const char *harness_design_error_msg(void) { return R.design_error ? R.design_msg : NULL; }

int harness_design_flag;
uint64_t harness_cycles, harness_max_cycles = 50000000ull;

void harness_watchdog(uint64_t cycle) {
  FAIL("watchdog: test ran past %llu cycles (+max_cycles=N raises it); DUT at cycle %llu",
       (unsigned long long)harness_max_cycles, (unsigned long long)cycle);
}

static int mkdirs(const char *path) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      if (mkdir(buf, 0777) && errno != EEXIST)
        return -1;
      *p = '/';
    }
  return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

static void xml_escaped(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '<':
      fputs("&lt;", f);
      break;
    case '>':
      fputs("&gt;", f);
      break;
    case '&':
      fputs("&amp;", f);
      break;
    case '"':
      fputs("&quot;", f);
      break;
    case '\n':
      fputs("&#10;", f);
      break;
    default:
      if ((unsigned char)*s >= 0x20)
        fputc(*s, f);
    }
  }
}

static double elapsed(void) {
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - R.t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - R.t0.tv_nsec);
}

static void write_results(double secs) {
  char path[1100];
  snprintf(path, sizeof path, "%s/results.xml", R.outdir);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "harness: cannot write %s: %s\n", path, strerror(errno));
    return;
  }
  double sim_ns = (double)harness_now_ps() / 1000.0;
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  fprintf(f, "<testsuites name=\"results\" tests=\"1\" failures=\"%d\">\n", R.failed);
  fprintf(f,
          "  <testsuite name=\"%s\" package=\"%s.%s\" tests=\"1\" failures=\"%d\" errors=\"0\" "
          "skipped=\"%d\" time=\"%.3f\">\n",
          harness_block_name, harness_block_name, be_sim_name(), R.failed, R.skipped, secs);
  fprintf(f, "    <property name=\"seed\" value=\"%llu\"/>\n", (unsigned long long)R.seed);
  fprintf(f, "    <property name=\"sim\" value=\"%s\"/>\n", be_sim_name());
  fprintf(f, "    <property name=\"scale\" value=\"%s\"/>\n", scale_name(R.scale));
  fprintf(f,
          "    <testcase name=\"%s\" classname=\"%s.%s\" file=\"%s\" time=\"%.3f\" "
          "sim_time_ns=\"%.1f\" ratio_time=\"%.1f\" cycles=\"%llu\" checks=\"%llu\"",
          R.test->name, harness_block_name, be_sim_name(), R.test->file, secs, sim_ns,
          secs > 0 ? sim_ns / secs : 0.0, (unsigned long long)harness_cycles,
          (unsigned long long)R.checks);
  if (R.failed || R.skipped) {
    fprintf(f, ">\n      <%s message=\"", R.failed ? "failure" : "skipped");
    xml_escaped(f, R.fail_msg);
    fprintf(f, "\"/>\n    </testcase>\n");
  } else {
    fprintf(f, "/>\n");
  }
  fprintf(f, "  </testsuite>\n</testsuites>\n");
  fclose(f);
}

/* Report the test's outcome; shared by normal completion and a simulator that
 * ended under the test (Icarus $fatal). */
static int finish(void) {
  double secs = elapsed();
  if (!R.failed && R.design_error) {
    R.failed = 1;
    snprintf(R.fail_msg, sizeof R.fail_msg, "design error: %s", R.design_msg);
  }
  be_run_end(R.outdir);
  write_results(secs);
  if (R.failed) {
    say("FAIL %s.%s: %s", harness_block_name, R.test->name, R.fail_msg);
    char pa[512];
    test_plusargs(pa, sizeof pa); /* +quick / +full and whatever else the test reads */
    say("  reproduce: make sim BLOCK=%s TEST=%s SEED=%llu SIM=%s WAVES=1%s%s%s", harness_block_name,
        R.test->name, (unsigned long long)R.seed, be_sim_name(), *pa ? " PLUSARGS='" : "", pa,
        *pa ? "'" : "");
  } else if (R.skipped) {
    say("SKIP %s.%s: %s", harness_block_name, R.test->name, R.fail_msg);
  } else {
    say("PASS %s.%s (%llu checks, %llu cycles, %.2f s)", harness_block_name, R.test->name,
        (unsigned long long)R.checks, (unsigned long long)harness_cycles, secs);
  }
  say("%d passed, %d failed", R.failed ? 0 : 1, R.failed ? 1 : 0);
  if (R.log) {
    fclose(R.log);
    R.log = NULL;
  }
  return R.failed ? 1 : 0;
}

int harness_sim_ended(const char *why) {
  if (!R.test || !R.in_test)
    return R.failed;
  R.in_test = 0;
  R.failed = 1;
  snprintf(R.fail_msg, sizeof R.fail_msg, "simulation ended before the test did: %s%s%s", why,
           R.design_error ? ": " : "", R.design_error ? R.design_msg : "");
  return finish();
}

static int parse_u64(const char *s, uint64_t *v) {
  char *end;
  if (!s || !*s)
    return -1;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno || *end)
    return -1;
  *v = x;
  return 0;
}

static void list_tests(FILE *f, const char *sep) {
  for (int i = 0; i < g_ntests; i++)
    fprintf(f, "%s%s", i ? sep : "", g_tests[i].name);
}

int harness_main(int argc, char **argv) {
  for (int i = 1; i < argc && R.nargs < MAX_ARGS; i++)
    R.args[R.nargs++] = argv[i];
  if (harness_plusarg("list")) {
    list_tests(stdout, "\n");
    printf("\n");
    return 0;
  }
  const char *name = harness_plusarg("test");
  for (int i = 0; name && i < g_ntests; i++)
    if (strcmp(g_tests[i].name, name) == 0)
      R.test = &g_tests[i];
  if (!R.test) {
    fprintf(stderr, "%s TEST '%s' for BLOCK=%s; valid: ", name ? "unknown" : "no", name ? name : "",
            harness_block_name);
    list_tests(stderr, " ");
    fprintf(stderr, "\n");
    return 2;
  }
  R.seed = 1;
  if (harness_plusarg("seed") && parse_u64(harness_plusarg("seed"), &R.seed)) {
    fprintf(stderr, "bad SEED '%s': want an unsigned integer\n", harness_plusarg("seed"));
    return 2;
  }
  if (harness_plusarg("max_cycles") &&
      parse_u64(harness_plusarg("max_cycles"), &harness_max_cycles)) {
    fprintf(stderr, "bad +max_cycles '%s'\n", harness_plusarg("max_cycles"));
    return 2;
  }
  R.scale = HARNESS_DEFAULT;
  if (harness_plusarg("quick"))
    R.scale = HARNESS_QUICK;
  if (harness_plusarg("full")) {
    if (R.scale == HARNESS_QUICK) {
      fprintf(stderr, "+quick and +full together: pick one scale\n");
      return 2;
    }
    R.scale = HARNESS_FULL;
  }
  const char *od = harness_plusarg("outdir");
  if (od)
    snprintf(R.outdir, sizeof R.outdir, "%s", od);
  else
    snprintf(R.outdir, sizeof R.outdir, "sim_out/%s/%s/%s-s%llu", be_sim_name(), harness_block_name,
             R.test->name, (unsigned long long)R.seed);
  const char *vd = harness_plusarg("vectors");
  snprintf(R.vectors, sizeof R.vectors, "%s", vd ? vd : "vectors");
  const char *w = harness_plusarg("waves");
  R.waves = w && strcmp(w, "0") != 0;
  if (mkdirs(R.outdir)) {
    fprintf(stderr, "harness: cannot create %s: %s\n", R.outdir, strerror(errno));
    return 2;
  }
  char logpath[1100];
  snprintf(logpath, sizeof logpath, "%s/run.log", R.outdir);
  R.log = fopen(logpath, "w");
  clock_gettime(CLOCK_MONOTONIC, &R.t0);
  say("RUN  %s.%s sim=%s seed=%llu scale=%s out=%s", harness_block_name, R.test->name,
      be_sim_name(), (unsigned long long)R.seed, scale_name(R.scale), R.outdir);

  R.in_test = 1;
  int jumped = setjmp(R.jb);
  if (jumped == 0) {
    R.test->fn();
    if (R.checks == 0)
      FAIL("the test made no checks");
  } else if (jumped == 1) {
    R.failed = 1;
  }
  R.in_test = 0;
  if (!R.failed && R.design_error) {
    R.failed = 1;
    snprintf(R.fail_msg, sizeof R.fail_msg, "design error: %s", R.design_msg);
  }
  harness_close_all();
  return finish();
}
