/*
 * Tests of credit_counter (docs/common/credit_counter.md): golden vectors, the RTL in
 * lockstep with credit_counter_model, and the overflow assertion (xfail: a credit never taken).
 */
#include "credit_counter_model.h"
#include "harness.h"
#include "prng.h"

static prng_t rng;
static void seed_rng(void) { prng_seed(&rng, harness_seed()); }

HARNESS_TEST(vectors_credit_counter) { harness_play_vectors_glob("common/credit_counter_*.vec"); }

/* ---------------------------------------------------------- credit counter */
HARNESS_TEST(credit_random) {
  seed_rng();
  credit_params_t p = {8, 4};
  credit_model_t m;
  CHECK(credit_model_init(&m, &p) == 0, "model init");
  dut_t *d = dut_open("credit_counter_i8");
  port_t take = dut_port(d, "take"), give = dut_port(d, "give"), count = dut_port(d, "count"),
         avail = dut_port(d, "avail");
  dut_reset(d, 2);
  unsigned out_there = 0, empties = 0;
  for (unsigned c = 0; c < 5000; c++) {
    credit_out_t o;
    credit_in_t in = {0, 0};
    credit_model_comb(&m, &in, &o);
    in.take = o.avail && prng_bernoulli(&rng, 0.6);
    unsigned maxgive = out_there + in.take; /* only credits that were taken come back */
    if (maxgive > 15)
      maxgive = 15;
    in.give = prng_bernoulli(&rng, 0.3) ? (unsigned)prng_below(&rng, maxgive + 1) : 0;
    dut_set_u64(d, take, in.take);
    dut_set_u64(d, give, in.give);
    CHECK_PORT_U64(d, count, o.count, "count");
    CHECK_PORT_U64(d, avail, o.avail, "avail");
    empties += !o.avail;
    out_there = out_there + in.take - in.give;
    credit_model_clock(&m, &in);
    dut_step(d, 1);
  }
  CHECK(empties > 10, "credits ran out sometimes (%u cycles)", empties);
}

HARNESS_XFAIL(xfail_credit_overflow, "credits above INIT") {
  dut_t *d = dut_open("credit_counter_i8");
  port_t give = dut_port(d, "give");
  dut_reset(d, 2);
  dut_set_u64(d, give, 1); /* a credit that was never taken */
  dut_step(d, 2);
  FAIL("no assertion fired");
}
