# Block "common": the cells every block uses. make test runs it on all three simulators: with
# block harness it proves the SystemC backend (every port width and kind, every harness path).
TEST_SIMS := verilator icarus systemc
