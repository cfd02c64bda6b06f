# Block "noc": the mesh router and meshes, the ExaNet router and link (docs/noc/index.md);
# apelink_rifl puts a RIFL lane under the link, hence rtl/rifl. On Icarus a 2x2 mesh runs about
# 160 cycles a second (measured) and a 4x4 or 8x8 has four or sixteen times the routers, so the
# large meshes' tests (test_noc_mesh_large.c, program mesh_large) are left to make regress there;
# the Verilator lane runs them in make sim. mesh_2x2_patterns (three 2x2 meshes, six patterns:
# about 115 s of Icarus CPU) and ape_torus_3x3_patterns (about 20 s) are left to make regress and
# make sim there too: make test's Icarus lane keeps the 2x2 meshes' other tests and the torus's.
# The 16-VC router's two tests (program router_v16) run about ten cycles a second there. Since
# 2026-11-30 the lane also leaves out the 2x2 tests and the ablation of 13 s or more (last line):
# it keeps router_random, mesh_zero_load, the torus's and the link's tests. The 6-node rings of
# noc_mesh (TORUS 1): torus_zero_load stays (8 s), the patterns (28 s) and the ablation (19 s) go;
# so do the ExaNet tori over APElinks (16 s) and over RIFL lanes (48 s).
BLOCK_DEPS := rifl
ICARUS_NIGHTLY := mesh_zero_load_large mesh_4x4_xy_patterns mesh_4x4_wf_patterns \
  mesh_4x4_slow_sinks mesh_8x8 ape_torus_4x4_patterns mesh_4x4_ll_patterns mesh_2x2_patterns \
  ape_torus_3x3_patterns router_v16_random router_v16_errors \
  router_errors mesh_2x2_slow_sinks ape_deadlock_ablation \
  torus_4x4_patterns torus_ring_patterns torus_deadlock_ablation \
  ape_torus_apelink_patterns ape_torus_rifl_patterns
