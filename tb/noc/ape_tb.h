/*
 * ape_tb.h - the harness of the ExaNet torus tests (test_ape_torus.c, test_noc_mesh_large.c): an
 * ape_torus top of tb/noc/tops.txt in lockstep with ape_torus_model, every output every cycle
 * (the APElink ends' counters and link_up included), driven by csrc/lib/noc/ape_traffic.c with
 * its scoreboard and a no-progress watchdog. With APElinks (LINK 1, 2), cfg_tred steps through
 * every legal TRED (0 .. D - MAXP - 2) during a run.
 */
#ifndef TB_NOC_APE_TB_H
#define TB_NOC_APE_TB_H

#include "ape_torus_model.h"
#include "ape_traffic.h"
#include "harness.h"

typedef struct {
  const char *top;
  ape_params_t p;    /* xs, ys, nloc, nvc, w, d, maxp, ew */
  unsigned link;     /* LINK: APE_LINK_WIRE, _APELINK, _RIFL */
  unsigned fw, fidw; /* LINK 2: the RIFL lanes' FW, FIDW (the others rifl_lane's defaults) */
} ape_top_t;

const ape_top_t *ape_find_top(const char *name);

typedef struct {
  dut_t *d;
  port_t inj_valid, inj_vc, inj_data, inj_cr, ej_valid, ej_vc, ej_data, ej_cr, err;
  port_t cfg_order, cfg_arb_fixed, cfg_first, cfg_tred, link_err, link_up;
  unsigned n, nl;
  uint32_t *w;
} ape_dut_t;

void ape_open(ape_dut_t *m, const char *top, const ape_params_t *p);
void ape_close(ape_dut_t *m);
/* The DUT's outputs against the model's (registers: before the inputs are set). */
void ape_compare(ape_dut_t *m, const ape_params_t *p, const ape_tout_t *o);
void ape_drive(ape_dut_t *m, const ape_params_t *p, const ape_tin_t *in);

typedef struct {
  ape_traffic_cfg_t tc;
  unsigned order;      /* cfg_order for the run */
  unsigned arb_switch; /* > 0: the arbiter flips between round-robin and fixed priority (from a
                          new first port) every arb_switch cycles */
  unsigned watchdog;   /* cycles without a word ejected while packets are in flight */
} ape_run_t;

enum { RUN_DRAINED, RUN_DEADLOCK };

/* One run in lockstep; returns RUN_DRAINED (everything delivered, no error counted) or
 * RUN_DEADLOCK (the watchdog saw no progress), failing the test on any other outcome. t holds
 * the totals after (ape_traffic_free it). Skips the test if the top is not built. */
int ape_run(const char *top, const ape_run_t *rc, ape_traffic_t *t);
/* Traffic of pattern pat: packets of 0 .. 8 payload words, gaps, sinks freeing at 0.7. */
ape_traffic_cfg_t ape_traffic_cfg(noc_pattern_t pat, double rate, unsigned stop_at);
/* Every pattern at 0.9 words a port a cycle, orders alternating, arbiters switched at run time. */
void ape_saturated_patterns(const char *top);

#endif
