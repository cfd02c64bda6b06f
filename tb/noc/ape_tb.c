/*
 * ape_tb.c - the harness of the ExaNet torus tests (ape_tb.h).
 */
#include "ape_tb.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "prng.h"

/* tb/noc/tops.txt */
static const ape_top_t ape_tops[] = {
    {"ape_torus_3x3", {3, 3, 1, 2, 64, 10, 8, 16}, APE_LINK_WIRE, 0, 0},
    {"ape_torus_4x4", {4, 4, 2, 2, 64, 12, 8, 8}, APE_LINK_WIRE, 0, 0},
    {"ape_torus_ring_1vc", {6, 1, 1, 1, 64, 10, 8, 16}, APE_LINK_WIRE, 0, 0},
    {"ape_torus_ring_2vc", {6, 1, 1, 2, 64, 10, 8, 16}, APE_LINK_WIRE, 0, 0},
    {"ape_torus_1x1", {1, 1, 3, 2, 128, 68, 32, 16}, APE_LINK_WIRE, 0, 0},
    {"ape_torus_2x2_apelink", {2, 2, 1, 2, 64, 12, 8, 16}, APE_LINK_APELINK, 0, 0},
    {"ape_torus_ring_rifl", {3, 1, 1, 2, 64, 12, 8, 16}, APE_LINK_RIFL, 128, 6},
};

const ape_top_t *ape_find_top(const char *name) {
  for (unsigned i = 0; i < sizeof ape_tops / sizeof ape_tops[0]; i++)
    if (!strcmp(ape_tops[i].top, name))
      return &ape_tops[i];
  FAIL("no ape top %s", name);
}

void ape_open(ape_dut_t *m, const char *top, const ape_params_t *p) {
  m->d = dut_open(top);
  m->n = p->xs * p->ys;
  m->nl = m->n * p->nloc;
  m->inj_valid = dut_port(m->d, "inj_valid");
  m->inj_vc = dut_port(m->d, "inj_vc");
  m->inj_data = dut_port(m->d, "inj_data");
  m->inj_cr = dut_port(m->d, "inj_cr");
  m->ej_valid = dut_port(m->d, "ej_valid");
  m->ej_vc = dut_port(m->d, "ej_vc");
  m->ej_data = dut_port(m->d, "ej_data");
  m->ej_cr = dut_port(m->d, "ej_cr");
  m->err = dut_port(m->d, "err_count");
  m->cfg_order = dut_port(m->d, "cfg_order");
  m->cfg_arb_fixed = dut_port(m->d, "cfg_arb_fixed");
  m->cfg_first = dut_port(m->d, "cfg_first");
  m->cfg_tred = dut_port(m->d, "cfg_tred");
  m->link_err = dut_port(m->d, "link_err");
  m->link_up = dut_port(m->d, "link_up");
  CHECK_EQ(dut_width(m->d, m->inj_data), m->nl * p->w, "inj_data width (the model's W, NLOC)");
  CHECK_EQ(dut_width(m->d, m->inj_cr), m->nl * p->nvc, "inj_cr width (the model's NVC)");
  m->w = calloc(HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH), 4);
  CHECK(m->w != NULL, "memory");
}

void ape_close(ape_dut_t *m) {
  dut_close(m->d);
  free(m->w);
}

static void clear(ape_dut_t *m) { memset(m->w, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4); }

static void put_word(uint32_t *dst, unsigned at, unsigned w, const ape_word_t *x) {
  for (unsigned j = 0; j < w / 32; j++)
    bits_put_field(dst, at + 32 * j, 32, x->w[j]);
}

/* The DUT's outputs against the model's (all registers, so before the inputs are set). */
void ape_compare(ape_dut_t *m, const ape_params_t *p, const ape_tout_t *o) {
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    bits_put_field(m->w, i, 1, o->ej_valid[i]);
  CHECK_PORT(m->d, m->ej_valid, m->w, 0, "ej_valid");
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    bits_put_field(m->w, i, 1, o->ej_vc[i]);
  CHECK_PORT(m->d, m->ej_vc, m->w, 0, "ej_vc");
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    put_word(m->w, i * p->w, p->w, &o->ej_data[i]);
  CHECK_PORT(m->d, m->ej_data, m->w, 0, "ej_data");
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    bits_put_field(m->w, i * p->nvc, p->nvc, o->inj_cr[i]);
  CHECK_PORT(m->d, m->inj_cr, m->w, 0, "inj_cr");
  clear(m);
  for (unsigned i = 0; i < m->n; i++)
    for (unsigned k = 0; k < APE_NERR; k++)
      bits_put_field(m->w, (i * APE_NERR + k) * p->ew, p->ew, o->err[i][k]);
  CHECK_PORT(m->d, m->err, m->w, 0, "err_count");
  clear(m);
  for (unsigned i = 0; i < m->n; i++)
    for (unsigned q = 0; q < 4; q++)
      for (unsigned k = 0; k < APL_NERR; k++)
        bits_put_field(m->w, ((i * 4 + q) * APL_NERR + k) * p->ew, p->ew, o->link_err[i][q][k]);
  CHECK_PORT(m->d, m->link_err, m->w, 0, "link_err");
  clear(m);
  for (unsigned i = 0; i < m->n; i++)
    for (unsigned q = 0; q < 4; q++)
      bits_put_field(m->w, i * 4 + q, 1, o->link_up[i][q]);
  CHECK_PORT(m->d, m->link_up, m->w, 0, "link_up");
}

void ape_drive(ape_dut_t *m, const ape_params_t *p, const ape_tin_t *in) {
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    bits_put_field(m->w, i, 1, in->inj_valid[i]);
  dut_set(m->d, m->inj_valid, m->w);
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    bits_put_field(m->w, i, 1, in->inj_vc[i]);
  dut_set(m->d, m->inj_vc, m->w);
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    put_word(m->w, i * p->w, p->w, &in->inj_data[i]);
  dut_set(m->d, m->inj_data, m->w);
  clear(m);
  for (unsigned i = 0; i < m->nl; i++)
    bits_put_field(m->w, i * p->nvc, p->nvc, in->ej_cr[i]);
  dut_set(m->d, m->ej_cr, m->w);
  dut_set_u64(m->d, m->cfg_order, in->cfg_order);
  dut_set_u64(m->d, m->cfg_arb_fixed, in->cfg_arb_fixed);
  dut_set_u64(m->d, m->cfg_first, in->cfg_first);
  dut_set_u64(m->d, m->cfg_tred, in->cfg_tred);
}

/* One run in lockstep; returns RUN_DRAINED (everything delivered, no error counted) or
 * RUN_DEADLOCK (the watchdog saw no progress), failing the test on any other outcome. */
int ape_run(const char *top, const ape_run_t *rc, ape_traffic_t *t) {
  const ape_top_t *at = ape_find_top(top);
  const ape_params_t *p = &at->p;
  if (!dut_top_built(top))
    harness_skip("%s is not in this program", top);
  ape_torus_t model;
  alr_params_t lane = alr_default_params();
  lane.lane.fw = at->fw;
  lane.lane.fidw = at->fidw;
  CHECK(ape_torus_init_link(&model, p, at->link, &lane) == 0, "torus model of %s", top);
  ape_traffic_cfg_t tc = rc->tc;
  tc.links = at->link != APE_LINK_WIRE;
  CHECK(ape_traffic_init(t, p, &tc, harness_seed()) == 0, "traffic of %s", top);
  ape_dut_t m;
  ape_open(&m, top, p);
  ape_tout_t *o = calloc(1, sizeof *o);
  ape_tin_t *in = calloc(1, sizeof *in);
  CHECK(o && in, "memory");
  dut_reset(m.d, 2);
  prng_t r;
  prng_seed(&r, harness_seed() ^ 0xA9Eu);
  unsigned fixed = 0, first = 0, res = RUN_DRAINED;
  uint64_t c = 0, down = 0; /* down: the last cycle a link was not up (a RIFL lane's bring-up) */
  for (;; c++) {
    ape_torus_comb(&model, o);
    ape_compare(&m, p, o);
    for (unsigned i = 0; i < m.n; i++)
      for (unsigned q = 0; q < 4; q++)
        if (ape_torus_neighbour(p, i, q) >= 0 && !o->link_up[i][q])
          down = c;
    if (ape_traffic_cycle(t, o, in))
      FAIL("%s, %s: %s", top, noc_pattern_name(rc->tc.pat), t->err);
    if (rc->arb_switch && c % rc->arb_switch == rc->arb_switch - 1) {
      fixed = !fixed;
      first = (unsigned)prng_below(&r, 8);
    }
    in->cfg_order = rc->order;
    in->cfg_arb_fixed = fixed;
    in->cfg_first = first;
    /* every legal TRED in turn (docs/noc/apelink.md: at most D - MAXP - 2) */
    in->cfg_tred = at->link != APE_LINK_WIRE ? (unsigned)(c / 211 % (p->d - p->maxp - 1)) : 0;
    ape_drive(&m, p, in);
    ape_torus_clock(&model, in);
    dut_step(m.d, 1);
    if (c >= rc->tc.stop_at && !ape_traffic_pending(t))
      break;
    uint64_t since = t->last_progress > down ? t->last_progress : down; /* no deadlock yet */
    if (ape_traffic_pending(t) && c - since > rc->watchdog && c > rc->watchdog) {
      res = RUN_DEADLOCK;
      break;
    }
  }
  if (res == RUN_DRAINED) {
    for (unsigned i = 0; i < m.n; i++)
      for (unsigned k = 0; k < APE_NERR; k++)
        CHECK(o->err[i][k] == 0, "%s: router %u counted %u errors of kind %u", top, i, o->err[i][k],
              k);
    for (unsigned i = 0; i < m.n; i++)
      for (unsigned q = 0; q < 4; q++) {
        for (unsigned k = 0; k < APL_NERR; k++)
          CHECK(o->link_err[i][q][k] == 0,
                "%s: the link end at node %u port %u counted %u errors "
                "of kind %u",
                top, i, q, o->link_err[i][q][k], k);
        CHECK(o->link_up[i][q] == (ape_torus_neighbour(p, i, q) >= 0),
              "%s: the link at node %u port %u: link_up %u", top, i, q, o->link_up[i][q]);
      }
    CHECK(t->ej_pkts == t->gen_pkts && t->ej_words == t->gen_words,
          "%s: %llu packets generated, %llu delivered", top, (unsigned long long)t->gen_pkts,
          (unsigned long long)t->ej_pkts);
  }
  harness_log("%s %s order %u: %llu packets, %llu words in %llu cycles (offered %.2f words/port/"
              "cycle, accepted %.3f), latency mean %.1f p99 %u max %llu, %.2f hops%s",
              top, noc_pattern_name(rc->tc.pat), rc->order, (unsigned long long)t->ej_pkts,
              (unsigned long long)t->ej_words, (unsigned long long)c, rc->tc.rate,
              (double)t->ej_words / (double)(c + 1) / m.nl,
              t->meas_pkts ? (double)t->lat_sum / (double)t->meas_pkts : 0.0,
              ape_traffic_lat_pct(t, 0.99), (unsigned long long)t->lat_max,
              t->meas_pkts ? (double)t->hops_sum / (double)t->meas_pkts : 0.0,
              res == RUN_DEADLOCK ? ", DEADLOCKED" : "");
  free(o);
  free(in);
  ape_close(&m);
  ape_torus_free(&model);
  return (int)res;
}

ape_traffic_cfg_t ape_traffic_cfg(noc_pattern_t pat, double rate, unsigned stop_at) {
  ape_traffic_cfg_t c;
  memset(&c, 0, sizeof c);
  c.pat = pat;
  c.rate = rate;
  c.min_len = 0;
  c.max_len = 8;
  c.p_gap = 0.1;
  c.p_sink = 0.7;
  c.stop_at = stop_at;
  c.q_cap = 8;
  c.fixed_node = -1;
  return c;
}

void ape_saturated_patterns(const char *top) {
  static const noc_pattern_t pats[] = {NOC_PAT_UNIFORM, NOC_PAT_TRANSPOSE, NOC_PAT_BITCOMP,
                                       NOC_PAT_TORNADO, NOC_PAT_NEIGHBOUR, NOC_PAT_HOTSPOT};
  unsigned cycles = (unsigned)harness_scaled(80, 1500, 6000);
  for (unsigned i = 0; i < sizeof pats / sizeof pats[0]; i++) {
    ape_traffic_t t;
    ape_run_t rc = {ape_traffic_cfg(pats[i], 0.9, cycles), i % 2, 97, 400};
    CHECK(ape_run(top, &rc, &t) == RUN_DRAINED, "%s %s: deadlock", top, noc_pattern_name(pats[i]));
    CHECK(t.ej_pkts > 0, "%s: packets delivered", top);
    ape_traffic_free(&t);
  }
}
