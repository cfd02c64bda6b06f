/*
 * noc_router at 16 VCs (BookSim's reference configuration, docs/performance.md "Mesh NoC"): the
 * router_random and router_errors lockstep of test_noc_router.c on noc_router_v16. Its own Icarus
 * program (tb/noc/tops.txt @program=router_v16): an event-driven simulator evaluates its 80 VC
 * arbiters of 80 requesters at some ten cycles a second, so make test's Icarus lane leaves these
 * two tests to make regress (tb/noc/block.mk) and the other router tests do not load the top.
 */
#include "harness.h"
#include "router_tb.h"

HARNESS_PROGRAM(router_v16);

static const router_top_t top = {"noc_router_v16", {4, 4, 16, 4, 16, 2, NOC_XY, 16, 0, 0}, 2, 2};

HARNESS_TEST(router_v16_random) {
  prng_t r;
  prng_seed(&r, harness_seed());
  router_check_random(&top, &r);
}

HARNESS_TEST(router_v16_errors) {
  prng_t r;
  prng_seed(&r, harness_seed());
  router_check_errors(&top, &r);
}
