# Block "harness": built from rtl/common and rtl/harness only (no BLOCK_DEPS).
# make test runs it on all three simulators: it is the proof of each backend.
TEST_SIMS := verilator icarus systemc
