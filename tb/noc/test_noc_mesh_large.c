/*
 * Tests of noc_mesh on 4x4 and 8x8 meshes and a 4x4 torus (docs/noc/index.md "Tests"). Their tops
 * are @regress (make test's Verilator program leaves them out: about 150 s of build) and in the
 * Icarus program mesh_large; on Icarus they run in make regress and make sim (tb/noc/block.mk).
 */
#include "ape_tb.h"
#include "harness.h"
#include "noc_mesh_tb.h"

HARNESS_PROGRAM(mesh_large);

HARNESS_TEST(mesh_zero_load_large) {
  mesh_zero_load("noc_mesh_4x4");
  mesh_zero_load("noc_mesh_4x4_wf");
  mesh_zero_load("noc_mesh_8x8");
  mesh_zero_load("noc_mesh_4x4_ll");
  mesh_zero_load("noc_mesh_torus_4x4");
}

/* Every pattern at saturation: nothing lost, no deadlock. */
static void patterns(const char *top) {
  for (unsigned pat = 0; pat < NOC_NPAT; pat++) {
    run_cfg_t rc = {(noc_pattern_t)pat, 1.0, 6, 0.9, (unsigned)harness_scaled(400, 2000, 20000), 4};
    mesh_run_checked(top, &rc);
  }
}

HARNESS_TEST(mesh_4x4_xy_patterns) { patterns("noc_mesh_4x4"); }
HARNESS_TEST(mesh_4x4_wf_patterns) { patterns("noc_mesh_4x4_wf"); }
HARNESS_TEST(mesh_4x4_ll_patterns) { patterns("noc_mesh_4x4_ll"); }
HARNESS_TEST(torus_4x4_patterns) { patterns("noc_mesh_torus_4x4"); }

HARNESS_TEST(mesh_4x4_slow_sinks) {
  run_cfg_t rc = {NOC_PAT_UNIFORM, 0.5, 8, 0.15, (unsigned)harness_scaled(400, 2000, 20000), 4};
  mesh_run_checked("noc_mesh_4x4", &rc);
  mesh_run_checked("noc_mesh_4x4_wf", &rc);
}

/* 8x8 (the lockstep size the issue names), uniform and transpose at saturation. */
HARNESS_TEST(mesh_8x8) {
  run_cfg_t rc = {NOC_PAT_UNIFORM, 1.0, 4, 1.0, (unsigned)harness_scaled(300, 1500, 10000), 4};
  mesh_run_checked("noc_mesh_8x8", &rc);
  rc.pat = NOC_PAT_TRANSPOSE;
  mesh_run_checked("noc_mesh_8x8", &rc);
}

/* The ExaNet router on a 4x4 torus with two local ports a node (tb/noc/ape_tb.c). */
HARNESS_TEST(ape_torus_4x4_patterns) { ape_saturated_patterns("ape_torus_4x4"); }
