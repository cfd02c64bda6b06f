# Block "common": the cells every block uses. make test runs it on Verilator and Icarus; its
# SystemC runs are in make regress (nightly) and `make sim SIM=systemc BLOCK=common`: make test's
# SystemC lane is block harness, whose probe has every port width and kind the binding maps.
TEST_SIMS := verilator icarus
