/* test_sync_fifo_model.c - sync_fifo cycle model. */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "sync_fifo_model.h"
#include "unit.h"

/* One cycle: drive, check the outputs, then the edge. */
static void cycle(fifo_model_t *m, unsigned in_valid, uint32_t data, unsigned out_ready,
                  fifo_out_t *o) {
  fifo_in_t in = {in_valid, &data, out_ready};
  fifo_model_comb(m, &in, o);
  fifo_model_clock(m, &in);
}

static void t_directed(ut_t *t) {
  fifo_model_t m;
  fifo_out_t o;
  UT_CHECK(t, fifo_model_init(&m, &(fifo_params_t){8, 4}) == 0, "init");
  fifo_model_reset(&m);
  cycle(&m, 1, 0x11, 1, &o); /* empty: push only, pop impossible */
  UT_CHECK(t, o.in_ready && !o.out_valid && o.level == 0, "reset state");
  cycle(&m, 1, 0x22, 0, &o);
  UT_CHECK(t, o.out_valid && o.out_data[0] == 0x11 && o.level == 1, "first word falls through");
  cycle(&m, 1, 0x33, 0, &o);
  cycle(&m, 1, 0x44, 0, &o);
  cycle(&m, 1, 0x55, 1, &o); /* full: pop only, 0x55 refused */
  UT_CHECK(t, !o.in_ready && o.level == 4 && o.out_data[0] == 0x11, "full: level 4, not ready");
  cycle(&m, 1, 0x55, 1, &o); /* level 3: push and pop */
  UT_CHECK(t, o.in_ready && o.level == 3 && o.out_data[0] == 0x22, "after pop at full");
  static const uint32_t rest[] = {0x33, 0x44, 0x55};
  for (int i = 0; i < 3; i++) {
    cycle(&m, 0, 0xee, 1, &o);
    UT_CHECK(t, o.out_valid && o.out_data[0] == rest[i], "drain order, word %d", i);
  }
  cycle(&m, 0, 0, 1, &o);
  UT_CHECK(t, !o.out_valid && o.level == 0, "empty again");
  fifo_model_free(&m);
}

/* Random traffic against an independent shift-register queue. */
static void t_random_vs_queue(ut_t *t) {
  enum { W = 72, D = 5, NW = BITS_WORDS(W) };
  fifo_model_t m;
  UT_CHECK(t, fifo_model_init(&m, &(fifo_params_t){W, D}) == 0, "init");
  uint32_t q[D][NW], data[NW];
  unsigned n = 0, pushes = 0, fulls = 0;
  prng_t r;
  prng_seed(&r, 31);
  for (int c = 0; c < 5000; c++) {
    fifo_in_t in = {prng_bernoulli(&r, 0.55), data, prng_bernoulli(&r, 0.5)};
    fifo_out_t o;
    prng_fill_bits(&r, data, W);
    fifo_model_comb(&m, &in, &o);
    UT_CHECK(t, o.level == n && o.in_ready == (n < D) && o.out_valid == (n != 0), "cycle %d", c);
    UT_CHECK(t, n == 0 || memcmp(o.out_data, q[0], sizeof q[0]) == 0, "data, cycle %d", c);
    unsigned pop = n && in.out_ready, push = in.in_valid && n < D;
    fulls += n == D;
    if (pop) {
      memmove(q[0], q[1], (D - 1) * sizeof q[0]);
      n--;
    }
    if (push) {
      memcpy(q[n++], data, sizeof data);
      pushes++;
    }
    fifo_model_clock(&m, &in);
  }
  fifo_model_free(&m);
  UT_CHECK(t, pushes > 1000 && fulls > 50, "traffic too tame (pushes %u, full cycles %u)", pushes,
           fulls);
}

static void t_params(ut_t *t) {
  UT_EQ(t, fifo_level_width(2), 2, "level width D=2");
  UT_EQ(t, fifo_level_width(3), 2, "level width D=3");
  UT_EQ(t, fifo_level_width(4), 3, "level width D=4");
  UT_EQ(t, fifo_level_width(5), 3, "level width D=5");
  UT_EQ(t, fifo_level_width(8), 4, "level width D=8");
  fifo_model_t m;
  UT_CHECK(t, fifo_model_init(&m, &(fifo_params_t){8, 1}) != 0, "DEPTH=1 accepted");
  UT_CHECK(t, fifo_model_init(&m, &(fifo_params_t){0, 4}) != 0, "WIDTH=0 accepted");
}

UT_SUITE(sync_fifo_model) {
  ut_run(s, "fifo_model_directed", t_directed);
  ut_run(s, "fifo_model_random_vs_queue", t_random_vs_queue);
  ut_run(s, "fifo_model_params", t_params);
}
