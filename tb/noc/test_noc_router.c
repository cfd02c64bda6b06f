/*
 * Tests of noc_router (docs/noc/noc_router.md): golden vectors, the RTL in lockstep with
 * noc_router_model (every output, every cycle) with five credit-respecting neighbours sending
 * legal packets and five sinks returning credits at random, and every error a neighbour can
 * cause (counted as the model counts it).
 */
#include "harness.h"
#include "router_tb.h"

HARNESS_TEST(vectors_noc_router) { harness_play_vectors_glob("noc/noc_router_*.vec"); }

static const router_top_t tops[] = {
    {"noc_router_xy", {4, 4, 4, 16, 32, 2, NOC_XY, 16, 0, 0}, 1, 2},
    {"noc_router_wf", {4, 4, 4, 4, 16, 2, NOC_WEST_FIRST, 4, 0, 0}, 2, 1},
    {"noc_router_v3", {3, 5, 3, 2, 16, 3, NOC_XY, 16, 0, 0}, 1, 3},
    {"noc_router_ll", {4, 4, 4, 8, 16, 2, NOC_WEST_FIRST, 16, 1, 0}, 1, 1},
};

/* Legal traffic on every port: everything that goes in comes out, no error is counted. */
HARNESS_TEST(router_random) {
  prng_t r;
  prng_seed(&r, harness_seed());
  for (unsigned i = 0; i < sizeof tops / sizeof tops[0]; i++)
    router_check_random(&tops[i], &r);
}

/* Bad neighbours: every kind of error, each counted as the model counts it (lockstep, every
 * cycle), each kind at least once, the counters saturating at EW bits (noc_router_wf has EW 4). */
HARNESS_TEST(router_errors) {
  prng_t r;
  prng_seed(&r, harness_seed());
  for (unsigned i = 0; i < sizeof tops / sizeof tops[0]; i++)
    router_check_errors(&tops[i], &r);
}
