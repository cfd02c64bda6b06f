# Block "rifl": make test runs it on Verilator and Icarus (SystemC in make regress).
# Tests make test's Icarus lane leaves out (scripts/sim.sh TESTSET=test): 15 to 45 s each on
# Icarus even at +quick, together about 245 s of the lane (docs/performance.md "make test"). Each
# runs in make test's Verilator lane at its default length and on Icarus in make regress and
# `make sim BLOCK=rifl SIM=icarus`. The lane keeps on Icarus the lane's bring-up at any offset,
# flow control, corrupted control frames, the vectors of the lane and its parts, the interop
# bring-up and hazard tests and the AXI4-Stream lockstep.
ICARUS_NIGHTLY := lane_bond_lane_cut lane_bond_link_cut lane_model_lockstep \
  interop_errors_both_ways lane_axis_packets lane_corrupt_fc_frame lane_peer_reset lane_bond_skew
