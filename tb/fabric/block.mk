# Block "fabric": built from the blocks it joins (its RTL instantiates rtl/sue, rtl/rifl and
# rtl/scoc; its harness uses their models and libraries).
BLOCK_DEPS := rifl scoc sue
TEST_SIMS := verilator icarus
