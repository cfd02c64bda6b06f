/*
 * scoc_fairness.h - the fairness microbenchmarks of the SCOC paper (seed 001, Section 3,
 * Figs. 5 and 6) on a 16-port switch in groups of 4 (port g_k = 4 g + k), and a runner that
 * measures every connection's rate on a switch model. The figures are missing from the seed's
 * text, so each scenario is the text's description; docs/scoc/index.md lists them and the choices.
 *
 * Every connection is saturated (rate >= 1: "connections arrive at full line rate"); an input
 * with several connections shares its link among them, and every connection keeps at most
 * QD / 2 = 8 packets generated and not yet delivered (sw_traffic_cfg_t.conn_window; no input
 * has more than two connections), as per-VOQ admission into the shared 16-packet input buffer
 * would: so a rate reflects the scheduler, not head-of-line blocking on the link. The fair rates
 * are the max-min rates (sw_maxmin()).
 */
#ifndef REF_SCOC_FAIRNESS_H
#define REF_SCOC_FAIRNESS_H

#include <stdint.h>

#include "sw_traffic.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCOC_MB_MAX_CONNS 8u
#define SCOC_MB_N 16u /* ports */
#define SCOC_MB_M 4u  /* ports per group */

typedef struct {
  const char *name; /* "mb1" .. "mb7" */
  const char *what; /* the scenario in a line */
  sw_conn_t conns[SCOC_MB_MAX_CONNS];
  unsigned n_conns;
  unsigned len;       /* packet words */
  double speedup;     /* the paper's 1.45 */
  unsigned ablate;    /* SCOC_ABL_* flags of the mechanism the benchmark is about (0: none) */
  unsigned ablate_mt; /* MT of the ablated run (0: the default, M) */
  const char *ablation_label; /* the paper's label, e.g. "scoc_X2" */
} scoc_mb_t;

#define SCOC_N_MB 7u
extern const scoc_mb_t scoc_mb[SCOC_N_MB];

/* Looks a benchmark up by name; NULL if unknown. */
const scoc_mb_t *scoc_mb_find(const char *name);

/* Traffic configuration of a benchmark for a switch whose links carry a word every cpw cycles. */
sw_traffic_cfg_t scoc_mb_traffic(const scoc_mb_t *mb, double cpw, uint64_t seed);

/* Runs mb on a model of arch ("scoc" or "flat", sw_arch.h) with the given ablation and MT
 * (0: default) for cycles (a tenth of them warm-up) and writes each connection's rate,
 * normalized to the link rate, into rate[]. Returns the scoreboard's error count (0 in a good
 * run), or -1 when the switch cannot be built. */
int64_t scoc_mb_run(const scoc_mb_t *mb, const char *arch, unsigned ablate, unsigned mt,
                    double speedup, uint64_t cycles, uint64_t seed, double *rate);

/* Largest relative deviation |rate / fair - 1| over the connections. */
double scoc_mb_worst(const scoc_mb_t *mb, const double *rate, const double *fair);

#ifdef __cplusplus
}
#endif
#endif
