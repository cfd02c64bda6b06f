# Block "sue": make test runs it on Verilator and Icarus (SystemC in make regress).
TEST_SIMS := verilator icarus
# Tests make test's Icarus lane leaves out (scripts/sim.sh TESTSET=test): the two-instance tests
# (two endpoints or two 2-port instances face to face), which run about 80 cycles a second on
# Icarus, 20 to 80 s each even at +quick: together 530 s of the lane's CPU, most of make test's
# overrun of its budget (docs/performance.md "make test"). Each runs in make test's Verilator
# lane at full length in lockstep with the same models, and on Icarus in make regress (nightly)
# and `make sim BLOCK=sue SIM=icarus`. The lane keeps one of each kind on Icarus: ep_clean and
# ep_pfc_per_vc (two endpoints), mp_unordered (two 2-port instances), fxb_lockstep (the crossbar).
ICARUS_NIGHTLY := ep_cbfc ep_link_down ep_lossy ep_mgmt ep_vlan sweep_min_len \
  mp_failover mp_failover_cbfc mp_unreach mp_ordered mp_map_move mp_port_en mp_port_down \
  mp_credit_viol mp_failover_cover
