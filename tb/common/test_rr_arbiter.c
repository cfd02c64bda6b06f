/*
 * Tests of rr_arbiter (docs/common/rr_arbiter.md): golden vectors, the RTL in lockstep with
 * rr_arbiter_model on random requests, and the round-robin order with every input requesting.
 */
#include "arbiter_tb.h"
#include "harness.h"
#include "prng.h"
#include "rr_arbiter_model.h"

static prng_t rng;
static void seed_rng(void) { prng_seed(&rng, harness_seed()); }

HARNESS_TEST(vectors_rr_arbiter) { harness_play_vectors_glob("common/rr_arbiter_*.vec"); }

static void rr_comb(const void *m, const arb_in_t *in, arb_out_t *out) {
  rr_arb_model_comb(m, in, out);
}
static void rr_clock(void *m, const arb_in_t *in) { rr_arb_model_clock(m, in); }

HARNESS_TEST(rr_arbiter_random) {
  seed_rng();
  static const unsigned ns[] = {4, 5};
  static const char *const tops[] = {"rr_arbiter_n4", "rr_arbiter_n5"};
  for (int k = 0; k < 2; k++) {
    rr_arb_model_t m;
    CHECK(rr_arb_model_init(&m, ns[k]) == 0, "model init");
    arb_random(&rng, tops[k], ns[k], &m, rr_comb, rr_clock);
  }
}

/* Fairness itself, independent of the model: with every input requesting, all N served in turn. */
HARNESS_TEST(rr_arbiter_fairness) { arb_fairness("rr_arbiter_n5", 5); }
