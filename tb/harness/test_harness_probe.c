/*
 * Harness self-tests on harness_probe: the contract every backend must keep
 * (port widths up to 1024 bits, same-cycle combinational settle, edge
 * sampling, reset, design assertions). Run on all three simulators.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "prng.h"

#define W1024 HARNESS_WORDS(1024)

typedef struct {
  dut_t *d;
  port_t en, a, b65, b8, trip, a_inv, a_q, b65_rot, sum, cnt, acc;
} probe_t;

static void probe_open(probe_t *p, const char *top) {
  p->d = dut_open(top);
  p->en = dut_port(p->d, "en");
  p->a = dut_port(p->d, "a");
  p->b65 = dut_port(p->d, "b65");
  p->b8 = dut_port(p->d, "b8");
  p->trip = dut_port(p->d, "trip");
  p->a_inv = dut_port(p->d, "a_inv");
  p->a_q = dut_port(p->d, "a_q");
  p->b65_rot = dut_port(p->d, "b65_rot");
  p->sum = dut_port(p->d, "sum");
  p->cnt = dut_port(p->d, "cnt");
  p->acc = dut_port(p->d, "acc");
  dut_reset(p->d, 3);
}

static void check_words(const uint32_t *got, const uint32_t *exp, unsigned bits, const char *what,
                        uint64_t cycle) {
  for (unsigned i = 0; i < HARNESS_WORDS(bits); i++) {
    uint32_t mask = (i == bits / 32 && bits % 32) ? (1u << (bits % 32)) - 1u : 0xffffffffu;
    if ((got[i] & mask) != (exp[i] & mask))
      FAIL("%s word %u at cycle %llu: got 0x%08x expected 0x%08x", what, i,
           (unsigned long long)cycle, got[i], exp[i] & mask);
  }
  harness_count_check();
}

/* The port table came from the Verilated model: widths and directions. */
HARNESS_TEST(port_table) {
  probe_t p;
  probe_open(&p, "harness_probe");
  CHECK_EQ(dut_width(p.d, p.a), 1024, "width of a");
  CHECK_EQ(dut_width(p.d, p.b65), 65, "width of b65");
  CHECK_EQ(dut_width(p.d, p.acc), 40, "width of acc");
  CHECK_EQ(dut_width(p.d, p.en), 1, "width of en");
  CHECK(dut_is_input(p.d, p.a) && !dut_is_input(p.d, p.a_q), "directions");
  CHECK(!dut_has_port(p.d, "nonexistent"), "unknown port reported absent");
  probe_t q;
  probe_open(&q, "harness_probe_w100");
  CHECK_EQ(dut_width(q.d, q.a), 100, "width of a in harness_probe_w100");
}

/* Random 1024-bit and 65-bit values through combinational and registered paths. */
HARNESS_TEST(wide_ports) {
  probe_t p;
  prng_t r;
  prng_seed(&r, harness_seed());
  probe_open(&p, "harness_probe");
  uint32_t a[W1024], prev[W1024] = {0}, got[W1024], exp[W1024];
  dut_set_u64(p.d, p.en, 1);
  for (int cyc = 0; cyc < 200; cyc++) {
    prng_fill_bits(&r, a, 1024);
    if (cyc % 7 == 0) /* walking ones reach the top word boundaries */
      for (unsigned i = 0; i < W1024; i++)
        a[i] = (i == (unsigned)cyc % W1024) ? 0x80000001u : 0;
    dut_set(p.d, p.a, a);
    dut_get(p.d, p.a_inv, got);
    for (unsigned i = 0; i < W1024; i++)
      exp[i] = ~a[i];
    check_words(got, exp, 1024, "a_inv", dut_cycle(p.d));
    dut_get(p.d, p.a_q, got);
    check_words(got, prev, 1024, "a_q before edge", dut_cycle(p.d));
    uint32_t b[3] = {prng_u32(&r), prng_u32(&r), prng_u32(&r) & 1u}, br[3], bexp[3];
    dut_set(p.d, p.b65, b);
    dut_get(p.d, p.b65_rot, br);
    bexp[0] = (b[0] << 1) | b[2];
    bexp[1] = (b[1] << 1) | (b[0] >> 31);
    bexp[2] = b[1] >> 31;
    check_words(br, bexp, 65, "b65_rot", dut_cycle(p.d));
    dut_step(p.d, 1);
    memcpy(prev, a, sizeof a);
    dut_get(p.d, p.a_q, got);
    check_words(got, a, 1024, "a_q after edge", dut_cycle(p.d));
  }
}

/* Counter, accumulator and a combinational sum from a registered value. */
HARNESS_TEST(clock_and_reset) {
  probe_t p;
  prng_t r;
  prng_seed(&r, harness_seed());
  probe_open(&p, "harness_probe_w100");
  CHECK_EQ(dut_get_u64(p.d, p.cnt), 0, "cnt after reset");
  uint32_t cnt = 0;
  uint64_t acc = 0;
  for (int cyc = 0; cyc < 1000; cyc++) {
    int en = prng_bernoulli(&r, 0.7);
    unsigned b8 = prng_u32(&r) & 0xff;
    dut_set_u64(p.d, p.en, (uint64_t)en);
    dut_set_u64(p.d, p.b8, b8);
    CHECK_EQ(dut_get_u64(p.d, p.sum), b8 + (cnt & 0xff), "sum");
    dut_step(p.d, 1);
    if (en) {
      cnt++;
      acc = (acc + b8) & 0xffffffffffull;
    }
    CHECK_EQ(dut_get_u64(p.d, p.cnt), cnt, "cnt");
    CHECK_EQ(dut_get_u64(p.d, p.acc), acc, "acc");
    if (cyc == 500) { /* reset mid-run clears the state */
      dut_reset(p.d, 2);
      cnt = 0;
      acc = 0;
      CHECK_EQ(dut_get_u64(p.d, p.cnt), 0, "cnt after second reset");
    }
  }
}

/* Expected to FAIL (scripts/selftest.sh checks that it does, on every
 * simulator): a design assertion must end the test with its message. Tests
 * named xfail_* are not part of a block's default run. */
HARNESS_XFAIL(xfail_assertion, "trip raised") {
  probe_t p;
  probe_open(&p, "harness_probe");
  dut_step(p.d, 5);
  CHECK_EQ(dut_get_u64(p.d, p.cnt), 0, "cnt without en");
  dut_set_u64(p.d, p.trip, 1);
  dut_step(p.d, 3);
  CHECK(0, "the assertion did not stop the test");
}

/* Expected to FAIL: a mismatch reports the reproduction line. */
HARNESS_XFAIL(xfail_mismatch, "deliberately wrong expectation") {
  probe_t p;
  probe_open(&p, "harness_probe");
  dut_set_u64(p.d, p.en, 1);
  dut_step(p.d, 4);
  CHECK_EQ(dut_get_u64(p.d, p.cnt), 5, "cnt (deliberately wrong expectation)");
}

/* Expected to FAIL: a process that exits with a non-zero status after its checks passed (a
 * crash while closing the waves or writing coverage) is a failure, whatever results.xml says.
 * The checks pass; then an exit handler ends the process with status 3. */
static void exit_with_status_3(void) {
  fflush(NULL);
  _exit(3);
}

HARNESS_XFAIL(xfail_exit_status, "exited with status 3 after its checks passed") {
  probe_t p;
  probe_open(&p, "harness_probe");
  dut_set_u64(p.d, p.en, 1);
  dut_step(p.d, 2);
  CHECK_EQ(dut_get_u64(p.d, p.cnt), 2, "cnt after two enabled cycles");
  atexit(exit_with_status_3);
}

/* Expected to FAIL on every simulator: an output that no reset defines is never a friendly zero.
 * unrst_q has no reset; read before its first load it is X on Icarus (dut_get fails on X or Z)
 * and random on Verilator and SystemC (--x-initial unique, seeded from SEED: a 64-bit value that
 * is 0 once in 2^64). unreset_loaded shows the same port defined everywhere once loaded. */
HARNESS_XFAIL(xfail_unreset_output,
              "port unrst_q of harness_probe is X or Z|harness_probe.unrst_q") {
  probe_t p;
  probe_open(&p, "harness_probe");
  CHECK_PORT_U64(p.d, dut_port(p.d, "unrst_q"), 0, "no reset, read before a load");
}

HARNESS_TEST(unreset_loaded) {
  probe_t p;
  probe_open(&p, "harness_probe");
  port_t ld = dut_port(p.d, "ld"), unrst = dut_port(p.d, "unrst_q");
  uint32_t b[3] = {0x89abcdefu, 0x01234567u, 1};
  dut_set(p.d, p.b65, b);
  dut_set_u64(p.d, ld, 1);
  dut_step(p.d, 1);
  dut_set_u64(p.d, ld, 0);
  dut_step(p.d, 3);
  CHECK_PORT_U64(p.d, unrst, 0x0123456789abcdefull, "loaded once, then held");
}
