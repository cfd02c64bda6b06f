/* test_noc_mesh_model.c - the mesh of router models (noc_mesh_model.h): neighbours, the wiring
 * (meshes and tori)
 * (zero-load latency of 5 cycles a router on every path, 3 with LOWLAT 1), and random traffic on
 * 2x2, 4x4 and an odd mesh with XY and west-first routing, with LOWLAT 0 and 1: a credit-respecting
 * injector at every node, a sink that returns credits, every packet delivered exactly once at its
 * node, its flits in order and contiguous on their VC, every field but vc intact, the credits of
 * every link back home, no error; and the ablation: a saturated ring with one VC deadlocks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noc_mesh_model.h"
#include "prng.h"
#include "unit.h"

static noc_params_t mparams(unsigned xs, unsigned ys, unsigned routing) {
  noc_params_t p = noc_default_params();
  p.xs = xs;
  p.ys = ys;
  p.routing = routing;
  return p;
}

static unsigned absdiff(unsigned a, unsigned b) { return a > b ? a - b : b - a; }

/* ------------------------------------------------------------------ neighbours, init */

static void t_neighbour(ut_t *t) {
  noc_params_t p = mparams(4, 4, NOC_XY);
  UT_EQ(t, noc_mesh_neighbour(&p, 5, NOC_NORTH), 9, "(1,1) north");
  UT_EQ(t, noc_mesh_neighbour(&p, 5, NOC_EAST), 6, "(1,1) east");
  UT_EQ(t, noc_mesh_neighbour(&p, 5, NOC_SOUTH), 1, "(1,1) south");
  UT_EQ(t, noc_mesh_neighbour(&p, 5, NOC_WEST), 4, "(1,1) west");
  UT_EQ(t, noc_mesh_neighbour(&p, 5, NOC_LOCAL), -1, "local");
  UT_EQ(t, noc_mesh_neighbour(&p, 0, NOC_SOUTH), -1, "(0,0) south");
  UT_EQ(t, noc_mesh_neighbour(&p, 0, NOC_WEST), -1, "(0,0) west");
  UT_EQ(t, noc_mesh_neighbour(&p, 3, NOC_EAST), -1, "(3,0) east");
  UT_EQ(t, noc_mesh_neighbour(&p, 12, NOC_NORTH), -1, "(0,3) north");
  UT_EQ(t, noc_mesh_neighbour(&p, 15, NOC_NORTH), -1, "(3,3) north");
  UT_EQ(t, noc_mesh_neighbour(&p, 15, NOC_WEST), 14, "(3,3) west");
  UT_EQ(t, noc_mesh_neighbour(&p, 16, NOC_WEST), -1, "off the mesh");
  noc_params_t q = mparams(3, 2, NOC_XY);
  UT_EQ(t, noc_mesh_neighbour(&q, 2, NOC_NORTH), 5, "3x2 (2,0) north");
  UT_EQ(t, noc_mesh_neighbour(&q, 2, NOC_EAST), -1, "3x2 (2,0) east");
  UT_EQ(t, noc_mesh_neighbour(&q, 3, NOC_EAST), 4, "3x2 (0,1) east");
  UT_EQ(t, noc_mesh_neighbour(&q, 4, NOC_SOUTH), 1, "3x2 (1,1) south");
  noc_params_t one = mparams(1, 1, NOC_XY);
  for (unsigned o = 0; o < NOC_P; o++)
    UT_EQ(t, noc_mesh_neighbour(&one, 0, o), -1, "1x1");
  /* every link is symmetric */
  for (unsigned n = 0; n < 16; n++)
    for (unsigned o = NOC_NORTH; o <= NOC_WEST; o++) {
      int nb = noc_mesh_neighbour(&p, n, o);
      if (nb >= 0) {
        unsigned back = o == NOC_NORTH   ? NOC_SOUTH
                        : o == NOC_SOUTH ? NOC_NORTH
                        : o == NOC_EAST  ? NOC_WEST
                                         : NOC_EAST;
        UT_EQ(t, noc_mesh_neighbour(&p, (unsigned)nb, back), n, "symmetric");
      }
    }
  /* a torus: no edge; every link symmetric; a ring of one node has no link */
  noc_params_t tor = mparams(4, 3, NOC_XY);
  tor.torus = 1;
  UT_EQ(t, noc_mesh_neighbour(&tor, 3, NOC_EAST), 0, "torus (3,0) east");
  UT_EQ(t, noc_mesh_neighbour(&tor, 0, NOC_WEST), 3, "torus (0,0) west");
  UT_EQ(t, noc_mesh_neighbour(&tor, 9, NOC_NORTH), 1, "torus (1,2) north");
  UT_EQ(t, noc_mesh_neighbour(&tor, 1, NOC_SOUTH), 9, "torus (1,0) south");
  UT_EQ(t, noc_mesh_neighbour(&tor, 5, NOC_EAST), 6, "torus (1,1) east");
  noc_params_t ring = mparams(1, 5, NOC_XY);
  ring.torus = 1;
  UT_EQ(t, noc_mesh_neighbour(&ring, 2, NOC_EAST), -1, "1x5 torus: no X link");
  UT_EQ(t, noc_mesh_neighbour(&ring, 4, NOC_NORTH), 0, "1x5 torus (0,4) north");
  noc_params_t two = mparams(2, 1, NOC_XY);
  two.torus = 1;
  UT_EQ(t, noc_mesh_neighbour(&two, 0, NOC_EAST), 1, "2x1 torus: east");
  UT_EQ(t, noc_mesh_neighbour(&two, 0, NOC_WEST), 1, "2x1 torus: west, the other link");
  for (unsigned n = 0; n < 12; n++)
    for (unsigned o = NOC_NORTH; o <= NOC_WEST; o++) {
      int nb = noc_mesh_neighbour(&tor, n, o);
      unsigned back = o == NOC_NORTH   ? NOC_SOUTH
                      : o == NOC_SOUTH ? NOC_NORTH
                      : o == NOC_EAST  ? NOC_WEST
                                       : NOC_EAST;
      UT_CHECK(t, nb >= 0 && noc_mesh_neighbour(&tor, (unsigned)nb, back) == (int)n,
               "torus node %u port %u: symmetric", n, o);
    }
  noc_mesh_t m;
  noc_params_t bad = mparams(17, 1, NOC_XY);
  UT_EQ(t, noc_mesh_init(&m, &bad), -1, "bad params");
  UT_CHECK(t, m.r == NULL, "nothing allocated");
  UT_EQ(t, noc_mesh_init(&m, &p), 0, "init");
  UT_EQ(t, m.n, 16, "16 routers");
  noc_mout_t o;
  noc_mesh_comb(&m, &o);
  for (unsigned n = 0; n < 16; n++)
    UT_CHECK(t, !o.ej_valid[n] && !o.inj_cr[n] && m.r[n].credits[NOC_EAST][3] == 16, "reset");
  noc_mesh_free(&m);
  UT_CHECK(t, m.r == NULL && m.ro == NULL, "freed");
}

/* ------------------------------------------------------------------ zero-load latency */

/* From every source to every destination in an empty mesh: a 3-flit packet sent in cycles 0,
 * 1, 2 is at the destination's ej in cycles L, L + 1, L + 2 with L = (hops + 1) * 5, and
 * nowhere else; its credits come back at the source in cycles 4, 5, 6. With LOWLAT 1:
 * L = (hops + 1) * 3, the credits in cycles 2, 3, 4. */
static void latency_mesh(ut_t *t, unsigned xs, unsigned ys, unsigned routing, unsigned lowlat,
                         unsigned torus) {
  noc_params_t p = mparams(xs, ys, routing);
  p.lowlat = lowlat;
  p.torus = torus;
  const unsigned per_router = lowlat ? 3 : 5, cr0 = lowlat ? 2 : 4;
  noc_mesh_t m;
  noc_min_t *in = calloc(1, sizeof *in);
  noc_mout_t *o = calloc(1, sizeof *o);
  UT_CHECK(t, in && o, "alloc");
  for (unsigned src = 0; src < xs * ys; src++)
    for (unsigned dst = 0; dst < xs * ys; dst++) {
      if (noc_mesh_init(&m, &p)) {
        free(in);
        free(o);
        UT_CHECK(t, 0, "init");
      }
      unsigned dx = dst % xs, dy = dst / xs, cls = (src + dst) & 1, vc = cls * 2 + (dst & 1);
      unsigned hx = absdiff(dx, src % xs), hy = absdiff(dy, src / xs);
      if (torus) { /* the shorter way round */
        hx = hx < xs - hx ? hx : xs - hx;
        hy = hy < ys - hy ? hy : ys - hy;
      }
      unsigned hops = hx + hy, lat = (hops + 1) * per_router;
      uint64_t f[3];
      for (unsigned i = 0; i < 3; i++) {
        noc_flit_t fl = {i == 0, i == 2, vc, cls, dx, dy, src << 16 | dst << 4 | i};
        f[i] = noc_flit_pack(&p, &fl);
      }
      int bad = 0;
      for (unsigned c = 0; c < lat + 8 && !bad; c++) {
        memset(in, 0, sizeof *in);
        if (c < 3) {
          in->inj_valid[src] = 1;
          in->inj_flit[src] = f[c];
        }
        noc_mesh_comb(&m, o);
        for (unsigned n = 0; n < xs * ys; n++) {
          int want = n == dst && c >= lat && c < lat + 3;
          if (o->ej_valid[n] != (unsigned)want)
            bad = 1;
          noc_flit_t g = noc_flit_unpack(&p, o->ej_flit[n]);
          if (want &&
              (g.vc != cls * 2 || (o->ej_flit[n] ^ f[c - lat]) != (uint64_t)(g.vc ^ vc) << 2))
            bad = 2;
          unsigned wcr = n == src && c >= cr0 && c < cr0 + 3 ? 1u << vc : 0;
          if (o->inj_cr[n] != wcr)
            bad = 3;
          for (unsigned k = 0; k < NOC_NERR; k++)
            if (o->err[n][k])
              bad = 4;
        }
        noc_mesh_clock(&m, in);
      }
      noc_mesh_free(&m);
      if (bad) {
        free(in);
        free(o);
        UT_CHECK(t, 0, "%ux%u %s LOWLAT %u: %u -> %u (%u hops): check %d failed", xs, ys,
                 routing ? "west-first" : "XY", lowlat, src, dst, hops, bad);
      }
    }
  free(in);
  free(o);
}

/* xs, ys, routing, torus */
static const unsigned lat_cfgs[][4] = {{2, 2, 0, 0}, {2, 2, 1, 0}, {4, 4, 0, 0}, {4, 4, 1, 0},
                                       {3, 5, 1, 0}, {1, 1, 0, 0}, {4, 4, 0, 1}, {5, 3, 0, 1},
                                       {2, 3, 0, 1}, {6, 1, 0, 1}};

static void t_latency(ut_t *t) {
  for (unsigned i = 0; i < sizeof lat_cfgs / sizeof lat_cfgs[0] && !t->failed; i++)
    latency_mesh(t, lat_cfgs[i][0], lat_cfgs[i][1], lat_cfgs[i][2], 0, lat_cfgs[i][3]);
}

static void t_latency_ll(ut_t *t) {
  for (unsigned i = 0; i < sizeof lat_cfgs / sizeof lat_cfgs[0] && !t->failed; i++)
    latency_mesh(t, lat_cfgs[i][0], lat_cfgs[i][1], lat_cfgs[i][2], 1, lat_cfgs[i][3]);
}

/* ------------------------------------------------------------------ random traffic */

#define MAXLEN 8u

typedef struct {
  unsigned src, dst, cls, len, vc;
  uint64_t flit[MAXLEN]; /* as injected */
  unsigned got;          /* flits delivered */
  unsigned done;
  unsigned t_inj;
} pkt_t;

typedef struct {
  const char *name;
  unsigned xs, ys, routing, v, ncls, d, per_node;
  double p_new, p_send, p_ret;     /* chances a cycle: new packet, send a flit, return a credit */
  unsigned torus, expect_deadlock; /* TORUS; the run must stop making progress (the ablation) */
} traffic_cfg_t;

typedef struct {
  int cur[NOC_MAX_V]; /* packet in progress per injection VC, -1 none */
  unsigned next[NOC_MAX_V];
  unsigned credits[NOC_MAX_V];
  unsigned made;
  int rx[NOC_MAX_V];        /* packet in progress per ejection VC, -1 none */
  unsigned owed[NOC_MAX_V]; /* credits the sink owes the router */
} node_t;

static void traffic(ut_t *t, const traffic_cfg_t *cfg, uint64_t seed, unsigned lowlat) {
  noc_params_t p = mparams(cfg->xs, cfg->ys, cfg->routing);
  p.lowlat = lowlat;
  p.v = cfg->v;
  p.ncls = cfg->ncls;
  p.d = cfg->d;
  p.torus = cfg->torus;
  const unsigned n = cfg->xs * cfg->ys, per = p.v / p.ncls, total = n * cfg->per_node;
  const unsigned watchdog = 5000; /* cycles without a delivered flit while packets are out */
  unsigned long long last_flit = 0;
  int deadlock = 0;
  noc_mesh_t m;
  UT_CHECK(t, noc_mesh_init(&m, &p) == 0, "%s: init", cfg->name);
  noc_min_t *in = calloc(1, sizeof *in);
  noc_mout_t *o = calloc(1, sizeof *o);
  pkt_t *pk = calloc(total, sizeof *pk);
  node_t *nd = calloc(n, sizeof *nd);
  char why[256] = "";
  if (!in || !o || !pk || !nd) {
    snprintf(why, sizeof why, "alloc");
    goto out;
  }
  prng_t rng;
  prng_seed(&rng, seed);
  for (unsigned k = 0; k < n; k++)
    for (unsigned v = 0; v < p.v; v++) {
      nd[k].cur[v] = nd[k].rx[v] = -1;
      nd[k].credits[v] = p.d;
    }
  unsigned npk = 0, delivered = 0, flits = 0, stalls = 0, idle = 0;
  const noc_widths_t w = noc_widths(&p);
  const uint64_t vcmask = ((UINT64_C(1) << w.vcw) - 1) << 2;
  unsigned long long cyc;
  for (cyc = 0; cyc < 400000 && idle < 100; cyc++) {
    memset(in, 0, sizeof *in);
    noc_mesh_comb(&m, o);
    for (unsigned k = 0; k < n && !why[0]; k++) {
      node_t *s = &nd[k];
      for (unsigned e = 0; e < NOC_NERR; e++)
        if (o->err[k][e])
          snprintf(why, sizeof why, "node %u: error %u counted", k, e);
      /* credits home from the local input */
      for (unsigned v = 0; v < p.v; v++)
        if (o->inj_cr[k] >> v & 1u) {
          if (++s->credits[v] > p.d)
            snprintf(why, sizeof why, "node %u VC %u: injector credits above D", k, v);
        }
      /* the sink: check what arrives, owe its credit */
      if (o->ej_valid[k]) {
        uint64_t b = o->ej_flit[k];
        noc_flit_t f = noc_flit_unpack(&p, b);
        unsigned id = f.payload >> 3, idx = f.payload & 7u;
        pkt_t *q = id < npk ? &pk[id] : NULL;
        flits++;
        last_flit = cyc;
        if (!q)
          snprintf(why, sizeof why, "node %u: unknown packet %u", k, id);
        else if (q->dst != k)
          snprintf(why, sizeof why, "packet %u for %u at node %u", id, q->dst, k);
        else if (f.vc / per != q->cls)
          snprintf(why, sizeof why, "packet %u of class %u on VC %u", id, q->cls, f.vc);
        else if (q->done)
          snprintf(why, sizeof why, "packet %u delivered twice", id);
        else if (idx != q->got || (b & ~vcmask) != (q->flit[idx] & ~vcmask))
          snprintf(why, sizeof why, "packet %u: flit %u not the %u-th as sent", id, idx, q->got);
        else if ((idx == 0) != (s->rx[f.vc] < 0) || (idx > 0 && s->rx[f.vc] != (int)id))
          snprintf(why, sizeof why, "node %u VC %u: packet %u interleaved with %d", k, f.vc, id,
                   s->rx[f.vc]);
        else if (++s->owed[f.vc] > p.d)
          snprintf(why, sizeof why, "node %u VC %u: more than D flits unreturned", k, f.vc);
        else {
          q->got++;
          s->rx[f.vc] = (int)id;
          if (q->got == q->len) {
            q->done = 1;
            s->rx[f.vc] = -1;
            delivered++;
          }
        }
      }
      for (unsigned v = 0; v < p.v; v++)
        if (s->owed[v] && prng_bernoulli(&rng, cfg->p_ret)) {
          s->owed[v]--;
          in->ej_cr[k] |= 1u << v;
        }
      /* the injector: new packets on free VCs, then one flit of one of them */
      for (unsigned v = 0; v < p.v; v++)
        if (s->cur[v] < 0 && s->made < cfg->per_node && prng_bernoulli(&rng, cfg->p_new)) {
          pkt_t *q = &pk[npk];
          q->src = k;
          q->dst = (unsigned)prng_below(&rng, n);
          q->cls = v / per;
          q->vc = v;
          q->len = 1 + (unsigned)prng_below(&rng, MAXLEN);
          for (unsigned i = 0; i < q->len; i++) {
            /* body and tail flits carry random cls / dst bits, forwarded unchanged */
            noc_flit_t f = {i == 0,
                            i + 1 == q->len,
                            v,
                            i == 0 ? q->cls : (unsigned)prng_below(&rng, 1u << w.cw),
                            i == 0 ? q->dst % p.xs : (unsigned)prng_below(&rng, 1u << w.xw),
                            i == 0 ? q->dst / p.xs : (unsigned)prng_below(&rng, 1u << w.yw),
                            npk << 3 | i};
            q->flit[i] = noc_flit_pack(&p, &f);
          }
          s->cur[v] = (int)npk++;
          s->next[v] = 0;
          s->made++;
        }
      if (prng_bernoulli(&rng, cfg->p_send)) {
        unsigned cand[NOC_MAX_V], nc = 0;
        for (unsigned v = 0; v < p.v; v++)
          if (s->cur[v] >= 0) {
            if (s->credits[v])
              cand[nc++] = v;
            else
              stalls++;
          }
        if (nc) {
          unsigned v = cand[prng_below(&rng, nc)];
          pkt_t *q = &pk[s->cur[v]];
          if (s->next[v] == 0)
            q->t_inj = (unsigned)cyc;
          in->inj_valid[k] = 1;
          in->inj_flit[k] = q->flit[s->next[v]++];
          s->credits[v]--;
          if (s->next[v] == q->len)
            s->cur[v] = -1;
        }
      }
    }
    if (why[0])
      break;
    noc_mesh_clock(&m, in);
    idle = delivered == total ? idle + 1 : 0;
    if (delivered < npk && cyc - last_flit > watchdog) {
      deadlock = 1;
      snprintf(why, sizeof why, "no flit delivered for %u cycles, %u packets out (deadlock)",
               watchdog, npk - delivered);
      break;
    }
  }
  if (!why[0] && delivered != total)
    snprintf(why, sizeof why, "%u of %u packets delivered in %llu cycles", delivered, total, cyc);
  /* quiet: every credit home, every VC idle */
  for (unsigned k = 0; k < n && !why[0]; k++) {
    const noc_router_t *r = &m.r[k];
    for (unsigned q = 0; q < NOC_P && !why[0]; q++)
      for (unsigned v = 0; v < p.v; v++) {
        if (r->credits[q][v] != p.d || r->busy[q][v] || r->ivc[q][v].state != NOC_IDLE ||
            r->ivc[q][v].cnt)
          snprintf(why, sizeof why, "router %u port %u VC %u not quiet at the end", k, q, v);
        if (nd[k].credits[v] != p.d || nd[k].owed[v])
          snprintf(why, sizeof why, "node %u VC %u: credits not home at the end", k, v);
      }
  }
  if (!why[0])
    ut_info("%s%s: %u packets, %u flits in %llu cycles, %u credit stalls", cfg->name,
            lowlat ? " LOWLAT 1" : "", total, flits, cyc, stalls);
  if (cfg->expect_deadlock) {
    if (deadlock)
      ut_info("%s%s: deadlocked as expected after %llu cycles, %u of %u packets delivered",
              cfg->name, lowlat ? " LOWLAT 1" : "", cyc, delivered, total);
    else
      snprintf(why, sizeof why,
               "no deadlock (%u of %u packets delivered): the watchdog proves "
               "nothing",
               delivered, total);
    if (deadlock)
      why[0] = 0;
  }
out:
  noc_mesh_free(&m);
  free(in);
  free(o);
  free(pk);
  free(nd);
  UT_CHECK(t, !why[0], "%s%s: %s", cfg->name, lowlat ? " LOWLAT 1" : "", why);
}

static const traffic_cfg_t traffic_cfgs[] = {
    {"2x2 XY", 2, 2, NOC_XY, 4, 2, 16, 300, 0.3, 0.9, 0.9, 0, 0},
    {"2x2 west-first", 2, 2, NOC_WEST_FIRST, 4, 2, 16, 300, 0.3, 0.9, 0.9, 0, 0},
    {"4x4 XY", 4, 4, NOC_XY, 4, 2, 16, 150, 0.2, 0.8, 0.9, 0, 0},
    {"4x4 west-first", 4, 4, NOC_WEST_FIRST, 4, 2, 16, 150, 0.2, 0.8, 0.9, 0, 0},
    {"4x4 XY D 2, slow sink", 4, 4, NOC_XY, 4, 2, 2, 60, 0.5, 1.0, 0.3, 0, 0},
    {"4x4 west-first D 2, slow sink", 4, 4, NOC_WEST_FIRST, 4, 2, 2, 60, 0.5, 1.0, 0.3, 0, 0},
    {"4x4 west-first V 2 NCLS 1 D 4", 4, 4, NOC_WEST_FIRST, 2, 1, 4, 80, 0.5, 1.0, 0.6, 0, 0},
    {"3x5 west-first V 6 NCLS 3 D 3", 3, 5, NOC_WEST_FIRST, 6, 3, 3, 60, 0.5, 1.0, 0.5, 0, 0},
    {"4x4 XY V 8 NCLS 8 D 2", 4, 4, NOC_XY, 8, 8, 2, 60, 0.5, 1.0, 0.5, 0, 0},
    /* tori: the shorter way round, the VC halves keeping the wrap links from closing a cycle */
    {"4x4 torus", 4, 4, NOC_XY, 4, 2, 4, 150, 0.3, 1.0, 0.9, 1, 0},
    {"5x3 torus V 6 NCLS 2 D 3", 5, 3, NOC_XY, 6, 2, 3, 80, 0.5, 1.0, 0.6, 1, 0},
    {"6x1 ring V 2 NCLS 1 D 2, saturated", 6, 1, NOC_XY, 2, 1, 2, 300, 1.0, 1.0, 1.0, 1, 0},
    {"1x6 ring V 2 NCLS 1 D 2, saturated", 1, 6, NOC_XY, 2, 1, 2, 300, 1.0, 1.0, 1.0, 1, 0},
};

/* The ablation: the same saturated rings with one VC, no halves, must deadlock (the watchdog
 * sees it), while two VCs drain (above). */
static const traffic_cfg_t deadlock_cfgs[] = {
    {"6x1 ring V 1, saturated", 6, 1, NOC_XY, 1, 1, 2, 300, 1.0, 1.0, 1.0, 1, 1},
    {"1x6 ring V 1, saturated", 1, 6, NOC_XY, 1, 1, 2, 300, 1.0, 1.0, 1.0, 1, 1},
};

static void t_deadlock_ablation(ut_t *t) {
  for (unsigned i = 0; i < sizeof deadlock_cfgs / sizeof deadlock_cfgs[0] && !t->failed; i++) {
    traffic(t, &deadlock_cfgs[i], 0x9abcu + i, 0);
    if (!t->failed)
      traffic(t, &deadlock_cfgs[i], 0xdef0u + i, 1);
  }
}

static void t_traffic(ut_t *t) {
  for (unsigned i = 0; i < sizeof traffic_cfgs / sizeof traffic_cfgs[0] && !t->failed; i++)
    traffic(t, &traffic_cfgs[i], 0x1234u + i, 0);
}

/* The same configurations with LOWLAT 1 (other seeds). */
static void t_traffic_ll(ut_t *t) {
  for (unsigned i = 0; i < sizeof traffic_cfgs / sizeof traffic_cfgs[0] && !t->failed; i++)
    traffic(t, &traffic_cfgs[i], 0x5678u + i, 1);
}

UT_SUITE(noc_mesh_model) {
  ut_run(s, "noc_mesh_model neighbours and init", t_neighbour);
  ut_run(s, "noc_mesh_model zero-load latency (hops + 1) * 5", t_latency);
  ut_run(s, "noc_mesh_model random traffic", t_traffic);
  ut_run(s, "noc_mesh_model LOWLAT 1: zero-load latency (hops + 1) * 3", t_latency_ll);
  ut_run(s, "noc_mesh_model LOWLAT 1: random traffic", t_traffic_ll);
  ut_run(s, "noc_mesh_model torus with one VC a class deadlocks (ablation)", t_deadlock_ablation);
}
