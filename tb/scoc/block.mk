# Block "scoc": make test runs it on Verilator and Icarus (SystemC in make regress).
# Tests make test's Icarus lane leaves out (scripts/sim.sh TESTSET=test): the two switch
# lockstep tests, 20 and 30 s on Icarus at +quick; the lane keeps the scheduler's lockstep and
# vectors and the switch's cocotb lockstep (py_switch_lockstep). Both run in make test's Verilator
# lane and on Icarus in make regress and `make sim BLOCK=scoc SIM=icarus`.
ICARUS_NIGHTLY := islip_lockstep switch_lockstep
