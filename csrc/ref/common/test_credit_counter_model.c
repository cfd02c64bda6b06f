/* test_credit_counter_model.c - credit_counter cycle model. */
#include "credit_counter_model.h"
#include "prng.h"
#include "unit.h"

static unsigned cycle(credit_model_t *m, unsigned take, unsigned give, credit_out_t *o) {
  credit_in_t in = {take, give};
  credit_model_comb(m, &in, o);
  return credit_model_clock(m, &in);
}

static void t_directed(ut_t *t) {
  credit_model_t m;
  credit_out_t o;
  UT_CHECK(t, credit_model_init(&m, &(credit_params_t){8, 4}) == 0, "init");
  UT_EQ(t, m.cnt_w, 4, "CNT_W = clog2(9)");
  UT_EQ(t, cycle(&m, 1, 0, &o), 0, "take");
  UT_CHECK(t, o.count == 8 && o.avail, "reset count INIT");
  UT_EQ(t, cycle(&m, 1, 1, &o), 0, "take and give");
  UT_EQ(t, o.count, 7, "after one take");
  for (int i = 0; i < 7; i++)
    cycle(&m, 1, 0, &o);
  cycle(&m, 0, 0, &o);
  UT_CHECK(t, o.count == 0 && !o.avail, "all credits taken");
  UT_EQ(t, cycle(&m, 1, 1, &o), CREDIT_UNDERFLOW, "take at 0");
  UT_EQ(t, cycle(&m, 0, 8, &o), 0, "give 8");
  UT_EQ(t, o.count, 0, "count before give");
  UT_EQ(t, cycle(&m, 0, 0, &o), 0, "idle");
  UT_EQ(t, o.count, 8, "all returned");
  UT_EQ(t, cycle(&m, 1, 2, &o), CREDIT_OVERFLOW, "8 - 1 + 2 > INIT");
}

static void t_random(ut_t *t) {
  credit_model_t m;
  UT_CHECK(t, credit_model_init(&m, &(credit_params_t){13, 3}) == 0, "init");
  prng_t r;
  prng_seed(&r, 71);
  unsigned count = 13;
  for (int c = 0; c < 5000; c++) {
    unsigned take = count && prng_bernoulli(&r, 0.5);
    unsigned room = 13 - count + take, give = (unsigned)prng_below(&r, (room < 7 ? room : 7) + 1);
    credit_out_t o;
    UT_EQ(t, cycle(&m, take, give, &o), 0, "legal traffic flagged");
    UT_CHECK(t, o.count == count && o.avail == (count != 0), "cycle %d", c);
    count = count - take + give;
  }
  UT_EQ(t, credit_cnt_width(1), 1, "CNT_W INIT=1");
  UT_EQ(t, credit_cnt_width(7), 3, "CNT_W INIT=7");
  UT_EQ(t, credit_cnt_width(8), 4, "CNT_W INIT=8");
  UT_CHECK(t, credit_model_init(&m, &(credit_params_t){0, 4}) != 0, "INIT=0 accepted");
}

UT_SUITE(credit_counter_model) {
  ut_run(s, "credit_model_directed", t_directed);
  ut_run(s, "credit_model_random", t_random);
}
