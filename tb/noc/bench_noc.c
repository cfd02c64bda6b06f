/*
 * bench_noc.c - mesh figures for `make bench BLOCK=noc` (tb/noc/bench.sh), on the cycle-exact
 * mesh model (the lockstep tests hold the RTL to it cycle for cycle): latency against offered
 * load on an 8x8 mesh, uniform random and transpose, for the configurations of FACTS.md's
 * BookSim reference (1-flit packets; 8, 2 and 1 VCs of 8 flits; XY) and the project's 8x8 top
 * (4 VCs in 2 classes, packets of 1 .. 4 flits; XY and west-first). Not a test: it asserts only
 * that every run delivered everything (the scoreboard), so that no figure comes from a broken run.
 */
#include <stdlib.h>

#include "harness.h"
#include "noc_mesh_model.h"
#include "noc_traffic.h"

typedef struct {
  const char *name;
  noc_params_t p;
  unsigned max_len;
} bench_cfg_t;

static const bench_cfg_t cfgs[] = {
    /* 24-bit payloads: the scoreboard then holds 2^20 packets in flight (noc_traffic.h) */
    {"booksim_8vc", {8, 8, 8, 8, 24, 1, NOC_XY, 16}, 1},
    {"booksim_2vc", {8, 8, 2, 8, 24, 1, NOC_XY, 16}, 1},
    {"booksim_1vc", {8, 8, 1, 8, 24, 1, NOC_XY, 16}, 1},
    {"top_8x8_xy", {8, 8, 4, 8, 24, 2, NOC_XY, 16}, 4},
    {"top_8x8_wf", {8, 8, 4, 8, 24, 2, NOC_WEST_FIRST, 16}, 4},
};

/* One point: warmup, then measure the packets generated in the next `measure` cycles; the run
 * ends when they are all delivered (or at a cap, when the load is past saturation). */
static int point(FILE *f, const bench_cfg_t *c, noc_pattern_t pat, double load, unsigned warm,
                 unsigned measure) {
  noc_mesh_t m;
  CHECK(noc_mesh_init(&m, &c->p) == 0, "mesh model %s", c->name);
  noc_traffic_t *t = malloc(sizeof *t);
  CHECK(t != NULL, "memory");
  /* past saturation the sources' queues would grow without end: capped at 50 packets each */
  noc_traffic_cfg_t tc = {pat, load, c->max_len, 1.0, warm + measure, 50, warm};
  CHECK(noc_traffic_init(t, &c->p, &tc, harness_seed()) == 0, "traffic %s", c->name);
  noc_mout_t *o = calloc(1, sizeof *o);
  noc_min_t *in = calloc(1, sizeof *in);
  CHECK(o && in, "memory");
  uint64_t ej_at_warm = 0, ej_at_end = 0, cap = (uint64_t)warm + measure * 4u;
  for (uint64_t cyc = 0; cyc < cap; cyc++) {
    if (cyc == warm)
      ej_at_warm = t->ej_flits;
    if (cyc == warm + measure)
      ej_at_end = t->ej_flits;
    noc_mesh_comb(&m, o);
    CHECK(noc_traffic_cycle(t, o, in) == 0, "%s: %s", c->name, t->err);
    noc_mesh_clock(&m, in);
    if (cyc > warm + measure && !noc_traffic_pending(t))
      break;
  }
  double accepted = (double)(ej_at_end - ej_at_warm) / measure / (c->p.xs * c->p.ys);
  /* saturated: the measured packets did not all get out, or the mesh took visibly less than
   * was offered */
  int saturated = noc_traffic_pending(t) > 0 || accepted < 0.95 * load;
  double lat = t->meas_pkts ? (double)t->lat_sum / (double)t->meas_pkts : 0.0;
  fprintf(f, "%s,%u,%u,%u,%s,%s,%.3f,%.4f,%.2f,%u,%llu,%d\n", c->name, c->p.v, c->p.d, c->max_len,
          c->p.routing == NOC_XY ? "xy" : "west_first", noc_pattern_name(pat), load, accepted, lat,
          noc_traffic_lat_pct(t, 0.99), (unsigned long long)t->lat_max, saturated);
  harness_log("%s %s load %.3f: accepted %.4f, latency %.2f, p99 %u, max %llu%s", c->name,
              noc_pattern_name(pat), load, accepted, lat, noc_traffic_lat_pct(t, 0.99),
              (unsigned long long)t->lat_max, saturated ? " (saturated)" : "");
  free(o);
  free(in);
  noc_traffic_free(t);
  free(t);
  noc_mesh_free(&m);
  return saturated;
}

HARNESS_TEST(bench_noc_latency_load) {
  FILE *f = harness_csv("latency_load.csv",
                        "config,vcs,depth,max_len,routing,pattern,offered,accepted,latency_mean,"
                        "latency_p99,latency_max,saturated");
  static const double loads[] = {0.01, 0.05, 0.1,  0.15, 0.2,  0.25, 0.3,
                                 0.35, 0.4,  0.45, 0.5,  0.55, 0.6};
  unsigned warm = (unsigned)harness_scaled(500, 2000, 5000);
  unsigned measure = (unsigned)harness_scaled(1000, 4000, 10000);
  for (unsigned i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++)
    for (unsigned pat = NOC_PAT_UNIFORM; pat <= NOC_PAT_TRANSPOSE; pat++) {
      unsigned sat = 0; /* two saturated points and the curve is done */
      for (unsigned l = 0; l < sizeof loads / sizeof loads[0] && sat < 2; l++)
        sat += (unsigned)point(f, &cfgs[i], (noc_pattern_t)pat, loads[l], warm, measure);
    }
  fclose(f);
}
