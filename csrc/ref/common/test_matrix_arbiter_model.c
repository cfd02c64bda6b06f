/* test_matrix_arbiter_model.c - least-recently-granted arbiter cycle model. */
#include "matrix_arbiter_model.h"
#include "prng.h"
#include "unit.h"

static arb_out_t cycle(matrix_arb_model_t *m, uint64_t req, unsigned update) {
  arb_in_t in = {req, update};
  arb_out_t o;
  matrix_arb_model_comb(m, &in, &o);
  matrix_arb_model_clock(m, &in);
  return o;
}

static void t_directed(ut_t *t) {
  matrix_arb_model_t m;
  UT_CHECK(t, matrix_arb_model_init(&m, 4) == 0, "init");
  for (int i = 0; i < 8; i++)
    UT_EQ(t, cycle(&m, 0xf, 1).gnt_idx, i % 4, "all requesting: rotation");
  /* Order now 0,1,2,3 (0 least recent). Grant 2 alone, then 3 vs 2: 3 wins. */
  UT_EQ(t, cycle(&m, 0x4, 1).gnt_idx, 2, "lone requester");
  UT_EQ(t, cycle(&m, 0xc, 0).gnt_idx, 3, "3 granted less recently than 2");
  UT_EQ(t, cycle(&m, 0xc, 0).gnt_idx, 3, "no update: priorities kept");
  UT_EQ(t, cycle(&m, 0x5, 1).gnt_idx, 0, "0 less recent than 2");
  arb_out_t o = cycle(&m, 0, 1);
  UT_CHECK(t, !o.gnt_valid && o.gnt == 0 && o.gnt_idx == 0, "no request");
}

/* Reference: grant the requester with the oldest grant time (initially
 * requester i has time i - N, so lower indices are older). */
static void t_random_vs_lrg(ut_t *t) {
  enum { N = 7 };
  matrix_arb_model_t m;
  UT_CHECK(t, matrix_arb_model_init(&m, N) == 0, "init");
  long stamp[N];
  for (int i = 0; i < N; i++)
    stamp[i] = i - N;
  prng_t r;
  prng_seed(&r, 51);
  for (long c = 0; c < 10000; c++) {
    arb_in_t in = {prng_next(&r) & prng_next(&r) & 0x7f, prng_bernoulli(&r, 0.6)};
    arb_out_t o;
    matrix_arb_model_comb(&m, &in, &o);
    int best = -1;
    for (int i = 0; i < N; i++)
      if (((in.req >> i) & 1) && (best < 0 || stamp[i] < stamp[best]))
        best = i;
    UT_CHECK(t, o.gnt_valid == (best >= 0), "grant iff request, cycle %ld", c);
    if (best >= 0) {
      UT_CHECK(t, o.gnt_idx == (unsigned)best && o.gnt == (UINT64_C(1) << best),
               "cycle %ld: granted %u, least recently granted is %d", c, o.gnt_idx, best);
      if (in.update)
        stamp[best] = c;
    }
    matrix_arb_model_clock(&m, &in);
  }
}

static void t_params(ut_t *t) {
  matrix_arb_model_t m;
  UT_CHECK(t, matrix_arb_model_init(&m, 0) != 0 && matrix_arb_model_init(&m, 65) != 0, "bad N");
  UT_CHECK(t, matrix_arb_model_init(&m, 1) == 0, "N=1");
  UT_EQ(t, cycle(&m, 1, 1).gnt, 1, "N=1 grant");
  UT_EQ(t, cycle(&m, 1, 1).gnt, 1, "N=1 grant again");
  UT_CHECK(t, matrix_arb_model_init(&m, 64) == 0, "N=64");
  UT_EQ(t, cycle(&m, UINT64_C(1) << 63 | 2, 1).gnt_idx, 1, "N=64 initial order");
  UT_EQ(t, cycle(&m, UINT64_C(1) << 63 | 2, 1).gnt_idx, 63, "N=64 after update");
}

UT_SUITE(matrix_arbiter_model) {
  ut_run(s, "matrix_arb_model_directed", t_directed);
  ut_run(s, "matrix_arb_model_random_vs_lrg", t_random_vs_lrg);
  ut_run(s, "matrix_arb_model_params", t_params);
}
