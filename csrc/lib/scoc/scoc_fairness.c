/* scoc_fairness.c - see scoc_fairness.h. */
#include "scoc_fairness.h"

#include <math.h>
#include <string.h>

#include "sw_arch.h"

#define P(g, k) ((g)*SCOC_MB_M + (k))
#define SAT 1.0

const scoc_mb_t scoc_mb[SCOC_N_MB] = {
    {"mb1",
     "input 0_0 -> outputs 2_0 and 3_0; input 1_0 -> 3_0 (Fig. 5(a))",
     {{P(0, 0), P(2, 0), SAT}, {P(0, 0), P(3, 0), SAT}, {P(1, 0), P(3, 0), SAT}},
     3,
     4,
     1.0,
     SCOC_ABL_NO_FAKE | SCOC_ABL_LATE_AVAIL,
     1,
     "scoc_X1"},
    {"mb2",
     "inputs 0_0, 0_1, 0_2: 0_1 -> 2_0, 0_0 and 0_2 -> 1_0 (Fig. 5(b))",
     {{P(0, 1), P(2, 0), SAT}, {P(0, 0), P(1, 0), SAT}, {P(0, 2), P(1, 0), SAT}},
     3,
     1,
     1.45,
     SCOC_ABL_IN_RR,
     0,
     "scoc_X2"},
    {"mb3",
     "inputs 0_0, 0_1, 0_2 -> 2_0; 0_0 also -> 1_0 (Fig. 5(c))",
     {{P(0, 0), P(2, 0), SAT},
      {P(0, 0), P(1, 0), SAT},
      {P(0, 1), P(2, 0), SAT},
      {P(0, 2), P(2, 0), SAT}},
     4,
     1,
     1.45,
     SCOC_ABL_IN_OLF,
     0,
     "scoc_X3"},
    {"mb4",
     "0_0 -> 2_0; 0_1 and 1_0 -> 2_1 (Fig. 5(d))",
     {{P(0, 0), P(2, 0), SAT}, {P(0, 1), P(2, 1), SAT}, {P(1, 0), P(2, 1), SAT}},
     3,
     1,
     1.45,
     SCOC_ABL_GRANT_GROUP_RR,
     0,
     "scoc_X4"},
    {"mb5",
     "group 0: three inputs -> 2_0, one -> 2_1; group 1: one -> 2_0, two -> 2_1 (Fig. 5(e))",
     {{P(0, 0), P(2, 0), SAT},
      {P(0, 1), P(2, 0), SAT},
      {P(0, 2), P(2, 0), SAT},
      {P(0, 3), P(2, 1), SAT},
      {P(1, 0), P(2, 0), SAT},
      {P(1, 1), P(2, 1), SAT},
      {P(1, 2), P(2, 1), SAT}},
     7,
     1,
     1.45,
     SCOC_ABL_NO_WEIGHT,
     0,
     "scoc_X5"},
    {"mb6",
     "0_0 and 1_0 -> 2_0; 1_1, 1_2, 1_3 -> 3_0, 3_1, 3_2 (Fig. 6(a))",
     {{P(0, 0), P(2, 0), SAT},
      {P(1, 0), P(2, 0), SAT},
      {P(1, 1), P(3, 0), SAT},
      {P(1, 2), P(3, 1), SAT},
      {P(1, 3), P(3, 2), SAT}},
     5,
     8,
     1.45,
     SCOC_ABL_NO_FAKE,
     0,
     "scoc_X6"},
    {"mb7",
     "inputs 0_0, 0_1, 0_2 each -> the other two of outputs 0_0, 0_1, 0_2 (Fig. 6(b))",
     {{P(0, 0), P(0, 1), SAT},
      {P(0, 0), P(0, 2), SAT},
      {P(0, 1), P(0, 0), SAT},
      {P(0, 1), P(0, 2), SAT},
      {P(0, 2), P(0, 0), SAT},
      {P(0, 2), P(0, 1), SAT}},
     6,
     1,
     1.45,
     0,
     0,
     NULL},
};

const scoc_mb_t *scoc_mb_find(const char *name) {
  for (unsigned i = 0; i < SCOC_N_MB; i++)
    if (strcmp(scoc_mb[i].name, name) == 0)
      return &scoc_mb[i];
  return NULL;
}

sw_traffic_cfg_t scoc_mb_traffic(const scoc_mb_t *mb, double cpw, uint64_t seed) {
  sw_traffic_cfg_t c = sw_traffic_defaults(SCOC_MB_N, 32);
  c.pattern = SW_PAT_CONNS;
  c.conns = mb->conns;
  c.n_conns = mb->n_conns;
  c.len = mb->len;
  c.cpw = cpw;
  c.conn_window = SW_ARCH_QD / 2; /* two connections at most per input in these scenarios */
  c.seed = seed;
  return c;
}

int64_t scoc_mb_run(const scoc_mb_t *mb, const char *arch, unsigned ablate, unsigned mt,
                    double speedup, uint64_t cycles, uint64_t seed, double *rate) {
  sw_switch_t sw;
  if (sw_switch_open(&sw, arch, SCOC_MB_N, SCOC_MB_M, mt, ablate))
    return -1;
  sw_traffic_cfg_t c = scoc_mb_traffic(mb, sw_switch_cpw(&sw, speedup), seed);
  sw_traffic_t *t = sw_traffic_new(&c);
  if (!t) {
    sw_switch_close(&sw);
    return -1;
  }
  sw_run(&sw.ops, t, cycles / 10, cycles - cycles / 10, 100000);
  for (unsigned i = 0; i < mb->n_conns; i++)
    rate[i] = sw_traffic_conn_rate(t, mb->conns[i].src, mb->conns[i].dst);
  sw_summary_t s;
  sw_traffic_summary(t, &s);
  sw_traffic_free(t);
  sw_switch_close(&sw);
  return (int64_t)s.errors;
}

double scoc_mb_worst(const scoc_mb_t *mb, const double *rate, const double *fair) {
  double w = 0;
  for (unsigned i = 0; i < mb->n_conns; i++) {
    double d = fair[i] > 0 ? fabs(rate[i] / fair[i] - 1.0) : rate[i];
    if (d > w)
      w = d;
  }
  return w;
}
