/*
 * Tests of matrix_arbiter (docs/common/rr_arbiter.md "matrix_arbiter"): golden vectors, the RTL in
 * lockstep with matrix_arbiter_model on random requests, and the least-recently-granted order
 * with every input requesting.
 */
#include "arbiter_tb.h"
#include "harness.h"
#include "matrix_arbiter_model.h"
#include "prng.h"

static prng_t rng;
static void seed_rng(void) { prng_seed(&rng, harness_seed()); }

HARNESS_TEST(vectors_matrix_arbiter) { harness_play_vectors_glob("common/matrix_arbiter_*.vec"); }

static void mx_comb(const void *m, const arb_in_t *in, arb_out_t *out) {
  matrix_arb_model_comb(m, in, out);
}
static void mx_clock(void *m, const arb_in_t *in) { matrix_arb_model_clock(m, in); }

HARNESS_TEST(matrix_arbiter_random) {
  seed_rng();
  static const unsigned ns[] = {4, 7};
  static const char *const tops[] = {"matrix_arbiter_n4", "matrix_arbiter_n7"};
  for (int k = 0; k < 2; k++) {
    matrix_arb_model_t m;
    CHECK(matrix_arb_model_init(&m, ns[k]) == 0, "model init");
    arb_random(&rng, tops[k], ns[k], &m, mx_comb, mx_clock);
  }
}

/* Fairness itself, independent of the model: with every input requesting, all N served in turn. */
HARNESS_TEST(matrix_arbiter_fairness) { arb_fairness("matrix_arbiter_n7", 7); }
