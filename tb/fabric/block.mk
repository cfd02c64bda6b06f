# Block "fabric": built from the blocks it joins (its RTL instantiates rtl/sue, rtl/rifl and
# rtl/scoc; its harness uses their models and libraries).
BLOCK_DEPS := rifl scoc sue
# make test runs it on Verilator only: a fabric of four endpoints and eight RIFL lanes runs about
# 100 cycles a second on Icarus (fabric_uniform at +quick: 96 s), and its ten tests there would
# take the whole of make test's budget. make sim SIM=icarus BLOCK=fabric and make regress run it
# on Icarus (the +quick runs agree with Verilator's to the cycle: docs/fabric/index.md "Tests").
TEST_SIMS := verilator
