# Block "fabric": built from the blocks it joins (its RTL instantiates rtl/sue, rtl/rifl and
# rtl/scoc; its harness uses their models and libraries).
BLOCK_DEPS := rifl scoc sue
# make test runs the switch alone (fabric_switch_n4: switch_frames, +quick on Icarus) and the
# model's unit tests; the fabric tops are @regress (tops.txt), so the end-to-end tests run in
# make sim and make regress. The switch program costs make test about 30 s of Verilator build and
# 30 s of Icarus (docs/performance.md "make test"). On Icarus a fabric of four endpoints and eight
# RIFL lanes runs about 100 cycles a second (fabric_uniform at +quick: 96 s), and its +quick runs
# agree with Verilator's to the cycle.
TEST_SIMS := verilator icarus
