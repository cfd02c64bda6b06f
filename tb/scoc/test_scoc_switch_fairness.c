/*
 * The fairness microbenchmarks of the SCOC paper (Section 3, Figs. 5 and 6;
 * csrc/lib/scoc/scoc_fairness.h) as tests on the RTL switch: top scoc_switch_n16_m4 (N 16, M 4, MT
 * 4, 16-packet input and 12-packet output buffers) runs every scenario in lockstep with the
 * cycle-exact model, driven by the seeded traffic of csrc/ref/sw_traffic with its scoreboard, and
 * every connection's rate must be within 3 % of its max-min fair rate.
 *
 * Length: Verilator runs the whole scenario on the RTL. Icarus and SystemC run the RTL in
 * lockstep for the first +lockstep cycles (default 1500) and the model alone for the rest (the
 * rates need the full length to settle to 3 %; the model is the RTL, cycle for cycle, as long
 * as both ran). +full runs the RTL for the whole length everywhere.
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

static void run_mb(const char *name) {
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

  int fast = strcmp(harness_sim(), "verilator") == 0 || harness_plusarg("full");
  const char *ls = harness_plusarg("lockstep");
  uint64_t lock = fast ? MB_CYCLES : (ls ? strtoull(ls, NULL, 10) : 1500u);
  static sw_link_in_t in;
  static sw_link_out_t ro, mo;
  for (uint64_t cyc = 0; cyc < MB_CYCLES; cyc++) {
    if (cyc == MB_CYCLES / 10)
      sw_traffic_measure(t);
    sw.ops.outputs(sw.ops.model, &mo);
    if (cyc < lock) {
      sw_rtl_outputs(&rtl, &ro);
      sw_compare_links(&rtl, &ro, &mo);
    }
    memset(&in, 0, sizeof in);
    sw_traffic_drive(t, &in);
    if (cyc < lock)
      sw_rtl_clock(&rtl, &in);
    sw.ops.clock(sw.ops.model, &in);
    sw_traffic_account(t, &mo, &in);
  }
  CHECK_EQ(sw.scoc.violations, 0, "model: datapath guarantees");
  CHECK_PORT_U64(rtl.d, rtl.err_len, 0, "err_len");
  sw_traffic_stop(t);
  for (unsigned k = 0; k < 100000 && !sw_traffic_idle(t); k++)
    sw_step(&sw.ops, t);
  sw_traffic_finish(t);
  sw_summary_t s;
  sw_traffic_summary(t, &s);
  CHECK_EQ(s.errors, 0, "scoreboard: lost + duplicated + reordered + corrupted packets");
  harness_log("%s (%s): RTL in lockstep for %llu of %u cycles", mb->name, mb->what,
              (unsigned long long)lock, MB_CYCLES);
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
