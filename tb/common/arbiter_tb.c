/*
 * arbiter_tb.c - see arbiter_tb.h.
 */
#include "arbiter_tb.h"

void arb_random(prng_t *rng, const char *top, unsigned n, void *m, arb_comb_fn comb,
                arb_clock_fn clock) {
  dut_t *d = dut_open(top);
  port_t req = dut_port(d, "req"), update = dut_port(d, "update"), gnt = dut_port(d, "gnt"),
         gnt_valid = dut_port(d, "gnt_valid"), gnt_idx = dut_port(d, "gnt_idx");
  dut_reset(d, 2);
  unsigned grants[64] = {0};
  for (unsigned c = 0; c < 5000; c++) {
    /* Dense phases show the fairness order, sparse ones the empty cases. */
    double p = (c / 256) % 3 == 0 ? 0.2 : 0.85;
    arb_in_t in = {0, (unsigned)prng_bernoulli(rng, 0.7)};
    for (unsigned i = 0; i < n; i++)
      if (prng_bernoulli(rng, p))
        in.req |= 1ull << i;
    arb_out_t out;
    comb(m, &in, &out);
    dut_set_u64(d, req, in.req);
    dut_set_u64(d, update, in.update);
    CHECK_PORT_U64(d, gnt, out.gnt, "gnt");
    CHECK_PORT_U64(d, gnt_valid, out.gnt_valid, "gnt_valid");
    CHECK_PORT_U64(d, gnt_idx, out.gnt_idx, "gnt_idx");
    if (out.gnt_valid && in.update)
      grants[out.gnt_idx]++;
    clock(m, &in);
    dut_step(d, 1);
  }
  for (unsigned i = 0; i < n; i++)
    CHECK(grants[i] > 0, "requester %u was never served", i);
  dut_close(d);
}

void arb_fairness(const char *top, unsigned n) {
  dut_t *d = dut_open(top);
  port_t req = dut_port(d, "req"), update = dut_port(d, "update"), gnt_idx = dut_port(d, "gnt_idx");
  dut_reset(d, 2);
  dut_set_u64(d, req, (1ull << n) - 1);
  dut_set_u64(d, update, 1);
  for (unsigned round = 0; round < 4; round++) {
    uint64_t seen = 0;
    for (unsigned i = 0; i < n; i++) {
      uint64_t g = dut_get_u64(d, gnt_idx);
      CHECK(!(seen >> g & 1), "%s served %llu twice in one round", top, (unsigned long long)g);
      seen |= 1ull << g;
      dut_step(d, 1);
    }
    CHECK_EQ(seen, (1ull << n) - 1, "inputs served in a round");
  }
  dut_close(d);
}
