/*
 * The fairness microbenchmarks of the SCOC paper (Section 3, Figs. 5 and 6;
 * csrc/lib/scoc/scoc_fairness.h) as tests on the RTL switch: top scoc_switch_n16_m4 (N 16, M 4, MT
 * 4, 16-packet input and 12-packet output buffers) runs every scenario in lockstep with the
 * cycle-exact model, driven by the seeded traffic of csrc/ref/sw_traffic with its scoreboard, and
 * every connection's rate must be within 3 % of its max-min fair rate.
 *
 * The rates are measured on the RTL's link outputs, over the whole scenario, with the model
 * checking every output beside it, cycle for cycle. The rates need the full 240,000 cycles to
 * settle within 3 %, so there is no short form: at +quick (the make test lane of the
 * event-driven simulators, where the scenario takes tens of minutes) the test is skipped;
 * make test runs it on Verilator, make regress everywhere.
 *
 * That each benchmark fails when its mechanism is switched off is checked on the model (the
 * RTL has no switches): csrc/lib/scoc/test_scoc_fairness.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "scoc_fairness.h"
#include "scoc_switch_model.h"
#include "sw_arch.h"
#include "sw_rtl.h"

#define MB_CYCLES 240000u /* 10 % warm-up */

/* One cycle: the RTL's link outputs checked against the model's, then accounted (the figures are
 * the RTL's), the traffic's inputs to both. */
static void lockstep_cycle(sw_switch_t *sw, sw_rtl_t *rtl, sw_traffic_t *t) {
  static sw_link_in_t in;
  static sw_link_out_t ro, mo;
  sw->ops.outputs(sw->ops.model, &mo);
  sw_rtl_outputs(rtl, &ro);
  sw_compare_links(rtl, &ro, &mo);
  memset(&in, 0, sizeof in);
  sw_traffic_drive(t, &in);
  sw_rtl_clock(rtl, &in);
  sw->ops.clock(sw->ops.model, &in);
  sw_traffic_account(t, &ro, &in);
}

static void run_mb(const char *name) {
  if (harness_scale() == HARNESS_QUICK)
    harness_skip("the fair rates need all %u cycles on the RTL; +quick has no short form",
                 MB_CYCLES);
  const scoc_mb_t *mb = scoc_mb_find(name);
  CHECK(mb != NULL, "benchmark %s", name);
  double fair[SCOC_MB_MAX_CONNS];
  CHECK(sw_maxmin(mb->conns, mb->n_conns, fair) == 0, "fair rates");
  static sw_switch_t sw;
  CHECK(sw_switch_open(&sw, "scoc", SCOC_MB_N, SCOC_MB_M, 0, 0) == 0, "model");
  static sw_rtl_t rtl;
  sw_rtl_open(&rtl, "scoc_switch_n16_m4", SCOC_MB_N, 32);
  sw_traffic_cfg_t c = scoc_mb_traffic(mb, sw_switch_cpw(&sw, mb->speedup), harness_seed());
  sw_traffic_t *t = sw_traffic_new(&c);
  CHECK(t != NULL, "traffic");

  for (uint64_t cyc = 0; cyc < MB_CYCLES; cyc++) {
    if (cyc == MB_CYCLES / 10)
      sw_traffic_measure(t);
    lockstep_cycle(&sw, &rtl, t);
  }
  CHECK_EQ(sw.scoc.violations, 0, "model: datapath guarantees");
  CHECK_PORT_U64(rtl.d, rtl.err_len, 0, "err_len");
  sw_traffic_stop(t);
  for (unsigned k = 0; k < 100000 && !sw_traffic_idle(t); k++) /* drain, still in lockstep */
    lockstep_cycle(&sw, &rtl, t);
  sw_traffic_finish(t);
  sw_summary_t s;
  sw_traffic_summary(t, &s);
  CHECK_EQ(s.errors, 0, "scoreboard: lost + duplicated + reordered + corrupted packets");
  harness_log("%s (%s): %u cycles on the RTL, the model in lockstep", mb->name, mb->what,
              MB_CYCLES);
  for (unsigned i = 0; i < mb->n_conns; i++) {
    double r = sw_traffic_conn_rate(t, mb->conns[i].src, mb->conns[i].dst);
    harness_log("  %2u -> %2u: rate %.4f, fair %.4f", mb->conns[i].src, mb->conns[i].dst, r,
                fair[i]);
    CHECK(fabs(r / fair[i] - 1.0) <= 0.03, "%s: connection %u -> %u at %.4f, fair rate %.4f",
          mb->name, mb->conns[i].src, mb->conns[i].dst, r, fair[i]);
  }
  sw_traffic_free(t);
  sw_rtl_close(&rtl);
  sw_switch_close(&sw);
}

HARNESS_TEST(fairness_mb1) { run_mb("mb1"); }
HARNESS_TEST(fairness_mb2) { run_mb("mb2"); }
HARNESS_TEST(fairness_mb3) { run_mb("mb3"); }
HARNESS_TEST(fairness_mb4) { run_mb("mb4"); }
HARNESS_TEST(fairness_mb5) { run_mb("mb5"); }
HARNESS_TEST(fairness_mb6) { run_mb("mb6"); }
HARNESS_TEST(fairness_mb7) { run_mb("mb7"); }
