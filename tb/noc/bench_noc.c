/*
 * bench_noc.c - mesh figures for `make bench BLOCK=noc` (tb/noc/bench.sh), on the cycle-exact
 * mesh model (the lockstep tests hold the RTL to it cycle for cycle): latency against offered
 * load on an 8x8 mesh, uniform random and transpose, for the configurations of FACTS.md's
 * BookSim reference (1-flit packets; 8, 2 and 1 VCs of 8 flits; XY) and the project's 8x8 top
 * (4 VCs in 2 classes, packets of 1 .. 4 flits; XY and west-first); and the ExaNet figures of
 * seed 004, 4.3: the router's efficiency moving 32 .. 512-byte packets between its ports with one
 * and two senders, and the link's (APElink framing and credits). Not a test: it asserts only that
 * every run delivered everything (the scoreboard), so that no figure comes from a broken run.
 */
#include <stdlib.h>

#include <string.h>

#include "ape_torus_model.h"
#include "ape_traffic.h"
#include "apelink_model.h"
#include "apelink_rifl_model.h"
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
    {"booksim_16vc", {8, 8, 16, 8, 24, 1, NOC_XY, 16, 0, 0}, 1},
    {"booksim_8vc", {8, 8, 8, 8, 24, 1, NOC_XY, 16, 0, 0}, 1},
    {"booksim_2vc", {8, 8, 2, 8, 24, 1, NOC_XY, 16, 0, 0}, 1},
    {"booksim_1vc", {8, 8, 1, 8, 24, 1, NOC_XY, 16, 0, 0}, 1},
    {"top_8x8_xy", {8, 8, 4, 8, 24, 2, NOC_XY, 16, 0, 0}, 4},
    {"top_8x8_wf", {8, 8, 4, 8, 24, 2, NOC_WEST_FIRST, 16, 0, 0}, 4},
    /* the low-latency pipeline (LOWLAT: RC at buffer write, speculative SA, 3 cycles a router) */
    {"booksim_16vc_ll", {8, 8, 16, 8, 24, 1, NOC_XY, 16, 1, 0}, 1},
    {"booksim_8vc_ll", {8, 8, 8, 8, 24, 1, NOC_XY, 16, 1, 0}, 1},
    {"booksim_2vc_ll", {8, 8, 2, 8, 24, 1, NOC_XY, 16, 1, 0}, 1},
    {"top_8x8_xy_ll", {8, 8, 4, 8, 24, 2, NOC_XY, 16, 1, 0}, 4},
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
  /* uniform and transpose for every configuration; bit-complement and hotspot for the 8x8 top,
   * XY and west-first side by side */
  static const noc_pattern_t pats[] = {NOC_PAT_UNIFORM, NOC_PAT_TRANSPOSE, NOC_PAT_BITCOMP,
                                       NOC_PAT_HOTSPOT};
  for (unsigned i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++)
    for (unsigned k = 0; k < sizeof pats / sizeof pats[0]; k++) {
      if (k >= 2 && strncmp(cfgs[i].name, "top_8x8_", 8) != 0)
        continue;
      unsigned sat = 0; /* two saturated points and the curve is done */
      for (unsigned l = 0; l < sizeof loads / sizeof loads[0] && sat < 2; l++)
        sat += (unsigned)point(f, &cfgs[i], pats[k], loads[l], warm, measure);
    }
  fclose(f);
}

/* The router alone (ape_torus 1x1 with three local ports, 128-bit words): saturating sources on
 * local port 0 (and 1) sending packets of len payload words to port 2; the fraction of the
 * cycles in which port 2 carries a payload word. */
static double ape_router_eff(unsigned len, unsigned senders, unsigned warm, unsigned stop) {
  ape_params_t p = {1, 1, 3, 2, 128, 68, 32, 16};
  ape_torus_t m;
  CHECK(ape_torus_init(&m, &p) == 0, "router model");
  ape_traffic_cfg_t c;
  memset(&c, 0, sizeof c);
  c.pat = NOC_PAT_UNIFORM;
  c.rate = len + 2.0; /* a packet every cycle: the queue is never empty */
  c.min_len = c.max_len = len;
  c.p_sink = 1.0;
  c.stop_at = stop;
  c.q_cap = 8;
  c.warmup = warm;
  c.src_mask = senders == 1 ? 1u : 3u;
  c.fixed_node = 0;
  c.fixed_port = 2;
  ape_traffic_t t;
  CHECK(ape_traffic_init(&t, &p, &c, harness_seed()) == 0, "traffic");
  ape_tout_t *o = calloc(1, sizeof *o);
  ape_tin_t *in = calloc(1, sizeof *in);
  CHECK(o && in, "memory");
  for (uint64_t cyc = 0; cyc < 4ull * stop; cyc++) {
    ape_torus_comb(&m, o);
    CHECK(ape_traffic_cycle(&t, o, in) == 0, "router, %u words: %s", len, t.err);
    ape_torus_clock(&m, in);
    if (cyc > stop && !ape_traffic_pending(&t))
      break;
  }
  CHECK(!ape_traffic_pending(&t), "router, %u words: not drained", len);
  double eff = (double)(t.pay_at_stop - t.pay_at_warm) / (double)(stop - warm);
  free(o);
  free(in);
  ape_traffic_free(&t);
  ape_torus_free(&m);
  return eff;
}

/* A saturating source of len-word packets into an APElink's router side, alternating VCs, within
 * the credits rt_cr returns. */
typedef struct {
  unsigned cred[2], k, vc, busy;
} sat_src_t;

static void sat_src_cycle(sat_src_t *s, unsigned len, unsigned rt_cr, unsigned *valid, unsigned *vc,
                          apl_word_t *data) {
  for (unsigned v = 0; v < 2; v++)
    s->cred[v] += rt_cr >> v & 1u;
  if (!s->busy && s->cred[s->vc] >= len + 2) {
    s->cred[s->vc] -= len + 2;
    s->busy = 1;
    s->k = 0;
  }
  if (!s->busy)
    return;
  *valid = 1;
  *vc = s->vc;
  if (s->k == 0)
    data->w[0] = len << 16; /* the header: len in [23:16]; the rest is zeros */
  if (++s->k == len + 2) {
    s->busy = 0;
    s->vc ^= 1u;
  }
}

/* The link: two APElink ends back to back, one saturating source of len-word packets on
 * alternate VCs into A, B's router side freeing every word at once; the fraction of the cycles
 * in which B hands a payload word to its router. */
static double ape_link_eff(unsigned len, unsigned warm, unsigned stop) {
  apl_params_t p = {128, 2, 64, 32, 16};
  apl_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
  CHECK(a && b && apl_init(a, &p) == 0 && apl_init(b, &p) == 0, "link models");
  apl_out_t oa, ob;
  apl_in_t ia, ib;
  sat_src_t src = {{p.d, p.d}, 0, 0, 0};
  unsigned rk = 0;
  uint64_t pay = 0;
  for (unsigned cyc = 0; cyc < stop; cyc++) {
    apl_comb(a, &oa);
    apl_comb(b, &ob);
    memset(&ia, 0, sizeof ia);
    memset(&ib, 0, sizeof ib);
    sat_src_cycle(&src, len, oa.rt_cr, &ia.rt_valid, &ia.rt_vc, &ia.rt_data);
    if (ob.lr_valid) {
      ib.lr_cr = 1u << ob.lr_vc;
      /* words of B's stream: header, len payload, footer, in order */
      if (cyc >= warm && rk >= 1 && rk <= len)
        pay++;
      rk = rk == len + 1 ? 0 : rk + 1;
    }
    ib.rx_valid = oa.tx_valid;
    ib.rx_ctrl = oa.tx_ctrl;
    ib.rx_data = oa.tx_data;
    ia.rx_valid = ob.tx_valid;
    ia.rx_ctrl = ob.tx_ctrl;
    ia.rx_data = ob.tx_data;
    ia.tx_ready = ib.tx_ready = 1;
    apl_clock(a, &ia);
    apl_clock(b, &ib);
  }
  apl_comb(a, &oa);
  apl_comb(b, &ob);
  for (unsigned e = 0; e < APL_NERR; e++)
    CHECK(ob.err[e] == 0 && oa.err[e] == 0, "link errors");
  free(a);
  free(b);
  return (double)pay / (double)(stop - warm);
}

/* The same over RIFL (apelink_rifl, FW 256, FIDW 6: a word a frame, a frame every 4 cycles),
 * the two lanes joined by error-free channels; the window starts once both lanes are up. */
static double ape_link_rifl_eff(unsigned len, unsigned warm, unsigned stop) {
  alr_params_t p = {{128, 2, 64, 32, 16}, rifl_lane_default_params(256)};
  p.lane.fidw = 6;
  alr_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
  CHECK(a && b && alr_init(a, &p) == 0 && alr_init(b, &p) == 0, "link models");
  alr_out_t oa, ob;
  alr_in_t ia, ib;
  sat_src_t src = {{p.link.d, p.link.d}, 0, 0, 0};
  unsigned rk = 0;
  uint64_t pay = 0, up = 0;
  uint64_t ga = 0, gb = 0; /* the gt words in flight: a one-cycle channel */
  for (uint64_t cyc = 0; up == 0 || cyc < up + stop; cyc++) {
    memset(&ia, 0, sizeof ia);
    memset(&ib, 0, sizeof ib);
    ia.gt_rx_valid = ib.gt_rx_valid = 1;
    ia.gt_rx_data = gb;
    ib.gt_rx_data = ga;
    alr_comb(a, &ia, &oa);
    alr_comb(b, &ib, &ob);
    if (!up && oa.link_up && ob.link_up)
      up = cyc;
    sat_src_cycle(&src, len, oa.rt_cr, &ia.rt_valid, &ia.rt_vc, &ia.rt_data);
    if (ob.lr_valid) {
      ib.lr_cr = 1u << ob.lr_vc;
      if (up && cyc >= up + warm && rk >= 1 && rk <= len)
        pay++;
      rk = rk == len + 1 ? 0 : rk + 1;
    }
    ga = oa.gt_tx_data;
    gb = ob.gt_tx_data;
    alr_clock(a, &ia);
    alr_clock(b, &ib);
    CHECK(up || cyc < 100000, "RIFL lanes never came up");
  }
  alr_comb(a, &ia, &oa);
  alr_comb(b, &ib, &ob);
  for (unsigned e = 0; e < APL_NERR; e++)
    CHECK(ob.err[e] == 0 && oa.err[e] == 0, "link errors");
  alr_free(a);
  alr_free(b);
  free(a);
  free(b);
  return (double)pay / (double)(stop - warm);
}

HARNESS_TEST(bench_noc_exanet) {
  FILE *f = harness_csv("exanet.csv", "what,payload_bytes,senders,efficiency,ideal,paper");
  unsigned warm = 200, stop = (unsigned)harness_scaled(2000, 20000, 100000);
  static const unsigned bytes[] = {32, 64, 128, 256, 512};
  for (unsigned i = 0; i < sizeof bytes / sizeof bytes[0]; i++) {
    unsigned len = bytes[i] / 16;
    for (unsigned s = 1; s <= 2; s++) {
      double e = ape_router_eff(len, s, warm, stop);
      /* the paper's figures (seed 004, 4.3) are at 512 B only */
      const char *paper = bytes[i] != 512 ? "" : s == 1 ? "0.76" : "0.895";
      fprintf(f, "router,%u,%u,%.4f,%.4f,%s\n", bytes[i], s, e, len / (len + 2.0), paper);
      harness_log("router %u B, %u sender(s): %.4f (ideal %.4f, paper %s)", bytes[i], s, e,
                  len / (len + 2.0), *paper ? paper : "-");
    }
    double l = ape_link_eff(len, warm, stop);
    fprintf(f, "link,%u,1,%.4f,%.4f,%s\n", bytes[i], l, len / (len + 4.0),
            bytes[i] == 512 ? "0.90" : "");
    harness_log("link %u B: %.4f (ideal %.4f)", bytes[i], l, len / (len + 4.0));
    double lr = ape_link_rifl_eff(len, warm, stop);
    fprintf(f, "link_rifl,%u,1,%.4f,%.4f,\n", bytes[i], lr, len / (len + 4.0) / 4.0);
    harness_log("link over RIFL %u B: %.4f (a word a frame slot: ideal %.4f)", bytes[i], lr,
                len / (len + 4.0) / 4.0);
  }
  fclose(f);
}
