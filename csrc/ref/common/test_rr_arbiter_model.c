/* test_rr_arbiter_model.c - round-robin arbiter cycle model. */
#include "prng.h"
#include "rr_arbiter_model.h"
#include "unit.h"

static arb_out_t cycle(rr_arb_model_t *m, uint64_t req, unsigned update) {
  arb_in_t in = {req, update};
  arb_out_t o;
  rr_arb_model_comb(m, &in, &o);
  rr_arb_model_clock(m, &in);
  return o;
}

static void t_directed(ut_t *t) {
  rr_arb_model_t m;
  UT_CHECK(t, rr_arb_model_init(&m, 4) == 0, "init");
  arb_out_t o = cycle(&m, 0xf, 0);
  UT_CHECK(t, o.gnt == 1 && o.gnt_valid && o.gnt_idx == 0, "pointer 0 grants 0");
  o = cycle(&m, 0xf, 1); /* no update before: still 0; pointer -> 1 */
  UT_EQ(t, o.gnt, 1, "grant without update kept the pointer");
  o = cycle(&m, 0xf, 0);
  UT_EQ(t, o.gnt, 2, "pointer moved to 1");
  o = cycle(&m, 0x1, 1); /* only 0 requests: wrap around */
  UT_CHECK(t, o.gnt == 1 && o.gnt_idx == 0, "cyclic search wraps");
  o = cycle(&m, 0x0, 1); /* pointer 1; no request, update ignored */
  UT_CHECK(t, o.gnt == 0 && !o.gnt_valid && o.gnt_idx == 0, "no request, no grant");
  o = cycle(&m, 0xb, 1);
  UT_CHECK(t, o.gnt == 2 && o.gnt_idx == 1,
           "pointer 1 after grant 0 (update without grant kept it)");
  o = cycle(&m, 0xb, 1);
  UT_EQ(t, o.gnt_idx, 3, "skips idle requester 2");
  o = cycle(&m, 0xb, 1);
  UT_EQ(t, o.gnt_idx, 0, "pointer wrapped to 0");
}

/* Properties over random traffic, with an independently tracked pointer. */
static void t_random(ut_t *t) {
  enum { N = 5 };
  rr_arb_model_t m;
  UT_CHECK(t, rr_arb_model_init(&m, N) == 0, "init");
  prng_t r;
  prng_seed(&r, 41);
  unsigned ptr = 0, wait[N] = {0};
  for (int c = 0; c < 5000; c++) {
    arb_in_t in = {prng_next(&r) & 0x1f, prng_bernoulli(&r, 0.7)};
    arb_out_t o;
    rr_arb_model_comb(&m, &in, &o);
    UT_CHECK(t, o.gnt_valid == (in.req != 0), "grant iff request, cycle %d", c);
    if (o.gnt_valid) {
      unsigned g = o.gnt_idx;
      UT_CHECK(t, o.gnt == (UINT64_C(1) << g) && ((in.req >> g) & 1), "one-hot to a requester");
      for (unsigned k = ptr; k != g; k = (k + 1) % N)
        UT_CHECK(t, !((in.req >> k) & 1), "requester %u at/after pointer %u skipped", k, ptr);
      if (in.update)
        ptr = (g + 1) % N;
    }
    /* Fairness: a requester waits at most N-1 updated grants. */
    for (unsigned i = 0; i < N; i++) {
      if (!((in.req >> i) & 1) || (o.gnt_valid && o.gnt_idx == i && in.update))
        wait[i] = 0;
      else if (o.gnt_valid && in.update)
        UT_CHECK(t, ++wait[i] < N, "requester %u starved", i);
    }
    rr_arb_model_clock(&m, &in);
  }
}

static void t_params(ut_t *t) {
  UT_EQ(t, arb_idx_width(1), 1, "idx width N=1");
  UT_EQ(t, arb_idx_width(2), 1, "idx width N=2");
  UT_EQ(t, arb_idx_width(4), 2, "idx width N=4");
  UT_EQ(t, arb_idx_width(5), 3, "idx width N=5");
  UT_EQ(t, arb_idx_width(7), 3, "idx width N=7");
  UT_EQ(t, arb_idx_width(9), 4, "idx width N=9");
  rr_arb_model_t m;
  UT_CHECK(t, rr_arb_model_init(&m, 0) != 0 && rr_arb_model_init(&m, 65) != 0, "bad N accepted");
  UT_CHECK(t, rr_arb_model_init(&m, 1) == 0, "N=1");
  arb_out_t o = cycle(&m, 1, 1);
  UT_CHECK(t, o.gnt == 1 && m.ptr == 0, "N=1 pointer stays 0");
}

UT_SUITE(rr_arbiter_model) {
  ut_run(s, "rr_arb_model_directed", t_directed);
  ut_run(s, "rr_arb_model_random", t_random);
  ut_run(s, "rr_arb_model_params", t_params);
}
