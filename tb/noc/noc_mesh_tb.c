/*
 * noc_mesh_tb.c - the harness of the mesh tests (noc_mesh_tb.h).
 */
#include "noc_mesh_tb.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"

/* tb/noc/tops.txt */
static const mesh_top_t mesh_tops[] = {
    {"noc_mesh_2x2", {2, 2, 4, 8, 16, 2, NOC_XY, 16, 0, 0}},
    {"noc_mesh_2x2_wf", {2, 2, 2, 4, 16, 1, NOC_WEST_FIRST, 16, 0, 0}},
    {"noc_mesh_2x2_ll", {2, 2, 4, 8, 16, 2, NOC_XY, 16, 1, 0}},
    {"noc_mesh_4x4_ll", {4, 4, 4, 8, 16, 2, NOC_WEST_FIRST, 16, 1, 0}},
    {"noc_mesh_4x4", {4, 4, 4, 8, 16, 2, NOC_XY, 16, 0, 0}},
    {"noc_mesh_4x4_wf", {4, 4, 4, 8, 16, 2, NOC_WEST_FIRST, 16, 0, 0}},
    {"noc_mesh_8x8", {8, 8, 4, 8, 16, 2, NOC_XY, 8, 0, 0}},
    {"noc_mesh_torus_ring_2vc", {6, 1, 2, 4, 16, 1, NOC_XY, 16, 0, 1}},
    {"noc_mesh_torus_ring_1vc", {6, 1, 1, 4, 16, 1, NOC_XY, 16, 0, 1}},
    {"noc_mesh_torus_4x4", {4, 4, 4, 8, 16, 2, NOC_XY, 16, 0, 1}},
};

static const unsigned mesh_ntops = sizeof mesh_tops / sizeof mesh_tops[0];

static const mesh_top_t *find_top(const char *name) {
  for (unsigned i = 0; i < mesh_ntops; i++)
    if (!strcmp(mesh_tops[i].top, name))
      return &mesh_tops[i];
  FAIL("no mesh top %s", name);
}

typedef struct {
  dut_t *d;
  port_t inj_valid, inj_flit, inj_cr, ej_valid, ej_flit, ej_cr, err;
  unsigned n, fw;
  uint32_t *w_a, *w_b;
} mesh_dut_t;

static void dut_ports(mesh_dut_t *m, const char *top, const noc_params_t *p) {
  m->d = dut_open(top);
  m->n = p->xs * p->ys;
  m->fw = noc_widths(p).fw;
  m->inj_valid = dut_port(m->d, "inj_valid");
  m->inj_flit = dut_port(m->d, "inj_flit");
  m->inj_cr = dut_port(m->d, "inj_cr");
  m->ej_valid = dut_port(m->d, "ej_valid");
  m->ej_flit = dut_port(m->d, "ej_flit");
  m->ej_cr = dut_port(m->d, "ej_cr");
  m->err = dut_port(m->d, "err_count");
  CHECK_EQ(dut_width(m->d, m->inj_flit), m->n * m->fw, "inj_flit width (the model's FW)");
  m->w_a = calloc(HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH), 4);
  m->w_b = calloc(HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH), 4);
  CHECK(m->w_a && m->w_b, "memory");
}

static void dut_drop(mesh_dut_t *m) {
  dut_close(m->d);
  free(m->w_a);
  free(m->w_b);
}

/* The DUT's outputs against the model's (all registered, so before the inputs are set). */
static void compare(mesh_dut_t *m, const noc_params_t *p, const noc_mout_t *o) {
  unsigned n = m->n, fw = m->fw;
  memset(m->w_a, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4);
  for (unsigned i = 0; i < n; i++)
    bits_put_field(m->w_a, i, 1, o->ej_valid[i]);
  CHECK_PORT(m->d, m->ej_valid, m->w_a, 0, "ej_valid");
  memset(m->w_a, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4);
  for (unsigned i = 0; i < n; i++)
    bits_put_field(m->w_a, i * fw, fw, o->ej_flit[i]);
  CHECK_PORT(m->d, m->ej_flit, m->w_a, 0, "ej_flit");
  memset(m->w_a, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4);
  for (unsigned i = 0; i < n; i++)
    bits_put_field(m->w_a, i * p->v, p->v, o->inj_cr[i]);
  CHECK_PORT(m->d, m->inj_cr, m->w_a, 0, "inj_cr");
  memset(m->w_a, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4);
  for (unsigned i = 0; i < n; i++)
    for (unsigned k = 0; k < NOC_NERR; k++)
      bits_put_field(m->w_a, (i * NOC_NERR + k) * p->ew, p->ew, o->err[i][k]);
  CHECK_PORT(m->d, m->err, m->w_a, 0, "err_count");
}

static void drive(mesh_dut_t *m, const noc_params_t *p, const noc_min_t *in) {
  unsigned n = m->n, fw = m->fw;
  memset(m->w_a, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4);
  memset(m->w_b, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4);
  for (unsigned i = 0; i < n; i++) {
    bits_put_field(m->w_a, i, 1, in->inj_valid[i]);
    if (in->inj_valid[i])
      bits_put_field(m->w_b, i * fw, fw, in->inj_flit[i]);
  }
  dut_set(m->d, m->inj_valid, m->w_a);
  dut_set(m->d, m->inj_flit, m->w_b);
  memset(m->w_a, 0, HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH) * 4);
  for (unsigned i = 0; i < n; i++)
    bits_put_field(m->w_a, i * p->v, p->v, in->ej_cr[i]);
  dut_set(m->d, m->ej_cr, m->w_a);
}

/* One run; with may_deadlock, the watchdog ends it and the run returns 1 instead of failing. */
static int run(const char *top, const run_cfg_t *rc, noc_traffic_t *t, int may_deadlock) {
  const mesh_top_t *mt = find_top(top);
  const noc_params_t *p = &mt->p;
  if (!dut_top_built(top))
    harness_skip("%s is not in this program", top);
  noc_mesh_t model;
  CHECK(noc_mesh_init(&model, p) == 0, "mesh model of %s", top);
  noc_traffic_cfg_t tc = {rc->pat, rc->rate, rc->max_len, rc->p_sink, rc->cycles, rc->q_cap, 0};
  CHECK(noc_traffic_init(t, p, &tc, harness_seed()) == 0, "traffic of %s", top);
  mesh_dut_t m;
  dut_ports(&m, top, p);
  dut_reset(m.d, 2);
  noc_mout_t *o = calloc(1, sizeof *o);
  noc_min_t *in = calloc(1, sizeof *in);
  CHECK(o && in, "memory");
  const unsigned watchdog = 4000;
  uint64_t c = 0;
  for (;; c++) {
    noc_mesh_comb(&model, o);
    compare(&m, p, o);
    if (noc_traffic_cycle(t, o, in))
      FAIL("%s, %s: %s", top, noc_pattern_name(rc->pat), t->err);
    drive(&m, p, in);
    noc_mesh_clock(&model, in);
    dut_step(m.d, 1);
    if (c >= rc->cycles && !noc_traffic_pending(t))
      break;
    if (noc_traffic_pending(t) && c - t->last_progress > watchdog && c > watchdog) {
      if (!may_deadlock)
        FAIL("%s, %s: no flit left the mesh for %u cycles with %u packets in flight (deadlock)",
             top, noc_pattern_name(rc->pat), watchdog, noc_traffic_pending(t));
      harness_log("%s %s: no flit left the mesh for %u cycles with %u packets in flight "
                  "(deadlock, as expected) after %llu cycles, %llu packets delivered",
                  top, noc_pattern_name(rc->pat), watchdog, noc_traffic_pending(t),
                  (unsigned long long)c, (unsigned long long)t->ej_pkts);
      free(o);
      free(in);
      dut_drop(&m);
      noc_mesh_free(&model);
      return 1;
    }
  }
  for (unsigned i = 0; i < m.n; i++)
    for (unsigned k = 0; k < NOC_NERR; k++)
      CHECK(o->err[i][k] == 0, "%s: router %u counted %u errors of kind %u", top, i, o->err[i][k],
            k);
  CHECK(t->ej_pkts == t->gen_pkts && t->ej_flits == t->gen_flits,
        "%s: %llu packets (%llu flits) generated, %llu (%llu) delivered", top,
        (unsigned long long)t->gen_pkts, (unsigned long long)t->gen_flits,
        (unsigned long long)t->ej_pkts, (unsigned long long)t->ej_flits);
  harness_log("%s %s: %llu packets, %llu flits in %llu cycles (offered %.2f flits/node/cycle, "
              "accepted %.3f), latency mean %.1f p99 %u max %llu cycles, %.2f hops",
              top, noc_pattern_name(rc->pat), (unsigned long long)t->ej_pkts,
              (unsigned long long)t->ej_flits, (unsigned long long)c, rc->rate,
              (double)t->ej_flits / (double)(c + 1) / m.n,
              t->meas_pkts ? (double)t->lat_sum / (double)t->meas_pkts : 0.0,
              noc_traffic_lat_pct(t, 0.99), (unsigned long long)t->lat_max,
              t->meas_pkts ? (double)t->hops_sum / (double)t->meas_pkts : 0.0);
  free(o);
  free(in);
  dut_drop(&m);
  noc_mesh_free(&model);
  return 0;
}

void mesh_run(const char *top, const run_cfg_t *rc, noc_traffic_t *t) { run(top, rc, t, 0); }

int mesh_run_deadlocks(const char *top, const run_cfg_t *rc) {
  noc_traffic_t *t = mesh_traffic_new();
  int dl = run(top, rc, t, 1);
  noc_traffic_free(t);
  free(t);
  return dl;
}

noc_traffic_t *mesh_traffic_new(void) {
  noc_traffic_t *t = malloc(sizeof *t);
  CHECK(t != NULL, "memory");
  return t;
}

void mesh_run_checked(const char *top, const run_cfg_t *rc) {
  noc_traffic_t *t = mesh_traffic_new();
  mesh_run(top, rc, t);
  CHECK(t->ej_pkts > 0, "%s: packets delivered", top);
  noc_traffic_free(t);
  free(t);
}

void mesh_zero_load(const char *top) {
  noc_traffic_t *t = mesh_traffic_new();
  run_cfg_t rc = {NOC_PAT_UNIFORM, 0.004, 1, 1.0, (unsigned)harness_scaled(2000, 6000, 20000), 0};
  mesh_run(top, &rc, t);
  CHECK(t->ej_pkts > 5, "%s: packets", top);
  unsigned stages = find_top(top)->p.lowlat ? 3u : 5u; /* docs/noc/noc_router.md */
  double exp = stages * ((double)t->hops_sum / (double)t->meas_pkts + 1.0);
  double got = (double)t->net_lat_sum / (double)t->meas_pkts;
  CHECK(got >= exp && got < exp + 0.5, "%s: zero-load latency %.2f, %u cycles a router: %.2f", top,
        got, stages, exp);
  noc_traffic_free(t);
  free(t);
}
