/*
 * Tests of noc_mesh on 2x2 meshes and 6-node rings (TORUS 1) (docs/noc/index.md "Tests"), in
 * make test on every simulator; the larger meshes and the 4x4 torus are in
 * test_noc_mesh_large.c. Harness: noc_mesh_tb.c.
 */
#include "harness.h"
#include "noc_mesh_tb.h"

HARNESS_TEST(mesh_zero_load) {
  mesh_zero_load("noc_mesh_2x2");
  mesh_zero_load("noc_mesh_2x2_wf");
  mesh_zero_load("noc_mesh_2x2_ll"); /* LOWLAT: 3 cycles a router */
}

/* Every pattern at saturation, XY and west-first: nothing lost, no deadlock. */
HARNESS_TEST(mesh_2x2_patterns) {
  for (unsigned pat = 0; pat < NOC_NPAT; pat++) {
    run_cfg_t rc = {(noc_pattern_t)pat, 1.0, 8, 0.7, (unsigned)harness_scaled(300, 3000, 30000), 4};
    mesh_run_checked("noc_mesh_2x2", &rc);
    mesh_run_checked("noc_mesh_2x2_wf", &rc);
    mesh_run_checked("noc_mesh_2x2_ll", &rc);
  }
}

/* Back-pressure from slow sinks: credits hold the mesh back, nothing overflows. */
HARNESS_TEST(mesh_2x2_slow_sinks) {
  run_cfg_t rc = {NOC_PAT_UNIFORM, 0.5, 8, 0.15, (unsigned)harness_scaled(600, 3000, 30000), 4};
  mesh_run_checked("noc_mesh_2x2", &rc);
  mesh_run_checked("noc_mesh_2x2_wf", &rc);
}

/* A ring of six (TORUS 1, two VCs): 5 cycles a router the shorter way round. */
HARNESS_TEST(torus_zero_load) { mesh_zero_load("noc_mesh_torus_ring_2vc"); }

/* Every pattern at saturation on the ring: nothing lost, no deadlock over the wrap link. */
HARNESS_TEST(torus_ring_patterns) {
  for (unsigned pat = 0; pat < NOC_NPAT; pat++) {
    run_cfg_t rc = {(noc_pattern_t)pat, 1.0, 8, 0.8, (unsigned)harness_scaled(300, 3000, 30000), 4};
    mesh_run_checked("noc_mesh_torus_ring_2vc", &rc);
  }
}

/* The ablation that proves the watchdog: saturated traffic of packets longer than a VC's buffer
 * deadlocks the ring with one VC (the wrap link closes a cycle of channel dependencies), and
 * the same traffic drains with the two VCs of the upper / lower rule. */
HARNESS_TEST(torus_deadlock_ablation) {
  run_cfg_t rc = {NOC_PAT_UNIFORM, 1.0, 8, 1.0, (unsigned)harness_scaled(1000, 3000, 30000), 4};
  CHECK(mesh_run_deadlocks("noc_mesh_torus_ring_1vc", &rc) == 1,
        "one VC on the ring did not deadlock: the watchdog proves nothing");
  CHECK(mesh_run_deadlocks("noc_mesh_torus_ring_2vc", &rc) == 0, "two VCs on the ring deadlocked");
}
