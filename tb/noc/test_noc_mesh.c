/*
 * Tests of noc_mesh on 2x2 meshes (docs/noc/index.md "Tests"), in make test on every simulator;
 * the larger meshes are in test_noc_mesh_large.c. Harness: noc_mesh_tb.c.
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
