/*
 * harness.h - the one C API a block test sees.
 *
 * A test is a plain C function registered with HARNESS_TEST(). It opens a DUT
 * by the name of one of its block's top configurations (tb/<block>/tops.txt),
 * looks up ports by name once, sets inputs, steps the clock and checks
 * outputs. It never knows which simulator runs it: the same source is linked
 * against the Verilator, Icarus-VPI or SystemC backend.
 *
 * Clocking convention (identical on every backend):
 *   - every top has an input `clk` and an active-low reset `rst_n`;
 *   - inputs written with dut_set*() are applied at once; dut_get*() of an
 *     output first lets combinational logic settle, so a combinational output
 *     (e.g. a ready that depends on valid) is read correctly in the same cycle;
 *   - dut_step() settles, raises clk (the rising edge samples the inputs as
 *     last set), lowers clk, and returns half a period later; registered
 *     outputs then show the post-edge state.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dut dut_t;
typedef int port_t; /* handle from dut_port(); index into the top's port table */

#define HARNESS_MAX_PORT_WIDTH 4096 /* bits; wide ports are arrays of 32-bit words */
#define HARNESS_WORDS(bits) (((bits) + 31u) / 32u)

/* ---- DUT ---------------------------------------------------------------- */
dut_t *dut_open(const char *top); /* fails the test if unknown or not built */
/* 0 if this program was built without top: make test's Verilator and SystemC programs leave
 * the @regress tops of tb/<block>/tops.txt out. A test that loops over configurations skips
 * those; a 0 is logged (run.log). Icarus and make sim have every top. */
int dut_top_built(const char *top);
void dut_close(dut_t *d);
port_t dut_port(dut_t *d, const char *name);  /* fails the test if missing */
int dut_has_port(dut_t *d, const char *name); /* 1 if present */
unsigned dut_width(dut_t *d, port_t p);       /* bits */
int dut_is_input(dut_t *d, port_t p);
const char *dut_port_name(dut_t *d, port_t p);
const char *dut_top(dut_t *d);

/* Words are least significant first; bits above the port width are ignored
 * on set and returned as zero on get. */
void dut_set(dut_t *d, port_t p, const uint32_t *words);
void dut_get(dut_t *d, port_t p, uint32_t *words);                 /* fails on X/Z bits */
int dut_get_xz(dut_t *d, port_t p, uint32_t *words, uint32_t *xz); /* 1 if any X/Z */
/* Bits [lsb +: w] of a port (w <= 64), as dut_get. */
uint64_t dut_get_field(dut_t *d, port_t p, unsigned lsb, unsigned w);
/* Lane ia of port a equal to lane ib of port b, a lane being w bits ([i * w +: w]). */
int dut_lanes_equal(dut_t *d, port_t a, unsigned ia, port_t b, unsigned ib, unsigned w);
static inline void dut_set_u64(dut_t *d, port_t p, uint64_t v);
static inline uint64_t dut_get_u64(dut_t *d, port_t p);

void dut_step(dut_t *d, unsigned cycles);  /* advance whole clock cycles */
void dut_reset(dut_t *d, unsigned cycles); /* rst_n low for cycles, then high */
uint64_t dut_cycle(dut_t *d);              /* rising edges since open */
void dut_waves(dut_t *d, int on);          /* pause / resume dumping (WAVES=1) */

/* ---- test registration and run context ---------------------------------- */
typedef void (*harness_test_fn)(void);
void harness_register(const char *name, const char *file, harness_test_fn fn);

#define HARNESS_TEST(name)                                                                         \
  static void harness_test_##name(void);                                                           \
  __attribute__((constructor)) static void harness_reg_##name(void) {                              \
    harness_register(#name, __FILE__, harness_test_##name);                                        \
  }                                                                                                \
  static void harness_test_##name(void)

/* HARNESS_PROGRAM(name); at file scope: the tests of this file run, on Icarus, in the program
 * sim_<name>.vvp, which elaborates the tops of tb/<block>/tops.txt marked @program=name (and only
 * those); a file without it runs in sim.vvp, the tops with no @program. It keeps the largest tops
 * out of every other test's start (vvp elaborates every root first). scripts/run_one.sh reads it;
 * Verilator and SystemC have every top in one program. */
#define HARNESS_PROGRAM(name)                                                                      \
  static const char harness_program_##name[] __attribute__((unused)) = #name

/* HARNESS_XFAIL(xfail_name, "regex"): a test that must fail - it proves that a check or a design
 * assertion works. `regex` (POSIX extended) must match its failure message; scripts/selftest.sh
 * runs every one, on every simulator of its block's make test lanes, and checks the whole failure
 * path (FAIL line, reproduction line, JUnit <failure>, exit status). Names start with xfail_;
 * they are left out of a block's default run. */
#define HARNESS_XFAIL(name, expect) HARNESS_TEST(name)

uint64_t harness_seed(void); /* SEED of this run */

/* The run's scale, the one length control of every test on every simulator: +quick (the make
 * test lane of an event-driven simulator), default, +full (the unscaled lengths). The same SEED
 * and scale drive the same stimulus on every simulator; a test never asks which one runs it. */
typedef enum { HARNESS_QUICK, HARNESS_DEFAULT, HARNESS_FULL } harness_scale_t;
harness_scale_t harness_scale(void);
/* The value for this run's scale. */
unsigned long harness_scaled(unsigned long quick, unsigned long dflt, unsigned long full);
/* Ends the test as skipped (JUnit <skipped>, a SKIP line, not a failure): for a test that has no
 * meaningful form at this scale, e.g. a figure that needs the full length. */
void harness_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
const char *harness_outdir(void); /* sim_out/<sim>/<block>/<test>-s<seed>/ */
const char *harness_sim(void);    /* "verilator", "icarus" or "systemc": for logs, never a branch */
const char *harness_block(void);
const char *harness_vectors_dir(void);         /* vectors/ (overridable by +vectors=) */
const char *harness_plusarg(const char *name); /* value of +name=value, or NULL */
/* +name=N as an unsigned number, dflt when absent. */
unsigned long harness_plusarg_ul(const char *name, unsigned long dflt);
/* Creates <outdir>/name with its header line (benchmarks' CSV files); fails the test if it
 * cannot. The caller fcloses it. */
FILE *harness_csv(const char *name, const char *header);

/* ---- checking ------------------------------------------------------------
 * A failed check ends the test (the runner records the message, the file and
 * line, and prints the reproduction command). */
void harness_fail_at(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
void harness_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* CHECK's failure path: the condition's text is an argument, never a format. */
void harness_check_failed(const char *file, int line, const char *cond, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), noreturn));

#define FAIL(...) harness_fail_at(__FILE__, __LINE__, __VA_ARGS__)
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      harness_check_failed(__FILE__, __LINE__, #cond, __VA_ARGS__);                                \
    harness_count_check();                                                                         \
  } while (0)
#define CHECK_EQ(got, exp, what)                                                                   \
  do {                                                                                             \
    uint64_t g_ = (uint64_t)(got), e_ = (uint64_t)(exp);                                           \
    if (g_ != e_)                                                                                  \
      harness_fail_at(__FILE__, __LINE__, "%s: got 0x%llx, expected 0x%llx", (what),               \
                      (unsigned long long)g_, (unsigned long long)e_);                             \
    harness_count_check();                                                                         \
  } while (0)

/* Port checks: fail with the top, port, cycle and first differing word. bits
 * limits the compare to the low bits of the port (0: the whole port). */
void dut_expect_at(const char *file, int line, dut_t *d, port_t p, const uint32_t *exp,
                   unsigned bits, const char *what);
void dut_expect_u64_at(const char *file, int line, dut_t *d, port_t p, uint64_t exp,
                       const char *what);
#define CHECK_PORT(d, p, exp, bits, what) dut_expect_at(__FILE__, __LINE__, d, p, exp, bits, what)
#define CHECK_PORT_U64(d, p, exp, what) dut_expect_u64_at(__FILE__, __LINE__, d, p, exp, what)

/* Like FAIL, but the message already carries its own location (e.g. a
 * vector file's path:line:column). */
void harness_fail_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* ---- golden vectors (docs/vectors.md) --------------------------------------
 * Replays vectors/<rel> on a fresh instance of the file's %top: reset, then per
 * record drive the inputs, compare every cared output, step one clock. The file
 * is validated completely (and against the top's ports) before the first record
 * is applied. Returns the number of records played. */
size_t harness_play_vectors(const char *rel);
/* Plays every file matching vectors/<pattern> (glob), in name order; fails if
 * none matches. Returns the number of files. */
size_t harness_play_vectors_glob(const char *pattern);

/* Number of checks that passed (shown in run.log; a test with none fails). */
void harness_count_check(void);

/* ---- fast path (internal) --------------------------------------------------
 * On Verilator a port of up to 64 bits is plain memory in the model: the
 * narrow accessors are inline so that a test costs close to a bare eval()
 * loop. Every other case goes through the functions in dut.c. */
typedef struct {
  void *ptr; /* NULL: no direct access */
  uint64_t mask;
  int kind; /* bytes of storage: 1, 2, 4, 8 */
  int is_input;
} harness_fast_port_t;

typedef struct { /* the first member of struct dut */
  harness_fast_port_t *fast;
  int nports;
  int dirty; /* inputs written since the last settle */
} harness_dut_hot_t;

void harness_dut_settle(dut_t *d);

static inline void harness_store(void *ptr, int kind, uint64_t v) {
  switch (kind) {
  case 1:
    *(uint8_t *)ptr = (uint8_t)v;
    break;
  case 2:
    *(uint16_t *)ptr = (uint16_t)v;
    break;
  case 4:
    *(uint32_t *)ptr = (uint32_t)v;
    break;
  default:
    *(uint64_t *)ptr = v;
    break;
  }
}

static inline uint64_t harness_load(const void *ptr, int kind) {
  switch (kind) {
  case 1:
    return *(const uint8_t *)ptr;
  case 2:
    return *(const uint16_t *)ptr;
  case 4:
    return *(const uint32_t *)ptr;
  default:
    return *(const uint64_t *)ptr;
  }
}
void harness_set_u64_slow(dut_t *d, port_t p, uint64_t v);
uint64_t harness_get_u64_slow(dut_t *d, port_t p);

static inline void dut_set_u64(dut_t *d, port_t p, uint64_t v) {
  harness_dut_hot_t *h = (harness_dut_hot_t *)(void *)d;
  const harness_fast_port_t *f = &h->fast[p];
  if ((unsigned)p < (unsigned)h->nports && f->ptr && f->is_input) {
    harness_store(f->ptr, f->kind, v & f->mask);
    h->dirty = 1;
    return;
  }
  harness_set_u64_slow(d, p, v);
}

static inline uint64_t dut_get_u64(dut_t *d, port_t p) {
  harness_dut_hot_t *h = (harness_dut_hot_t *)(void *)d;
  const harness_fast_port_t *f = &h->fast[p];
  if ((unsigned)p < (unsigned)h->nports && f->ptr) {
    if (h->dirty && !f->is_input)
      harness_dut_settle(d);
    return harness_load(f->ptr, f->kind);
  }
  return harness_get_u64_slow(d, p);
}

#ifdef __cplusplus
}
#endif
#endif
