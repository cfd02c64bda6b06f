# Block "sue": make test runs it on Verilator and Icarus (SystemC in make regress).
TEST_SIMS := verilator icarus
# Tests make test's Icarus lane leaves out (scripts/sim.sh TESTSET=test): the two-instance tests
# (two endpoints or two 2-port instances face to face), which run about 80 cycles a second on
# Icarus, 20 to 80 s each even at +quick: together 530 s of the lane's CPU, most of make test's
# overrun of its budget (docs/performance.md "make test"). Each runs in make test's Verilator
# lane at full length in lockstep with the same models, and on Icarus in make regress (nightly)
# and `make sim BLOCK=sue SIM=icarus`. The lane keeps ep_clean (two endpoints) on Icarus.
# Since 2026-11-30 the lane also leaves out the single-instance tests of 14 s or more at +quick
# (second line below, about 315 s of the lane): it keeps every part's shorter lockstep and the
# frame, CRC, register and delivery tests.
ICARUS_NIGHTLY := ep_cbfc ep_link_down ep_lossy ep_mgmt ep_vlan sweep_min_len \
  mp_failover mp_failover_cbfc mp_unreach mp_ordered mp_map_move mp_port_en mp_port_down \
  mp_credit_viol mp_failover_cover \
  mp_unordered sue_pack_lockstep rxm_lockstep fxb_lockstep rxc_malformed ep_pfc_per_vc rxc_random \
  sue_gbn_wrap sue_gbn_random cbfc_lockstep rxc_b2b psel_lockstep rxc_backpressure
