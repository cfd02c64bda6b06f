/* test_ape_torus_model.c - the torus of ape_router models (ape_torus_model.h): neighbours and
 * tie-offs, the wiring (zero-load latency of two cycles a router on every path, credits home),
 * random traffic on 3x3, 4x2, 1x4 and a 5-ring with two VCs (credit-respecting injectors that
 * send a packet's words back to back, sinks that return a credit a word): every packet delivered
 * once at its node and local port, every word intact and in order, no error, every credit home;
 * and the deadlock ablation: one VC on a 6-ring under saturation stops for good, two drain the
 * same stimulus. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ape_torus_model.h"
#include "prng.h"
#include "secded.h"
#include "unit.h"

static ape_params_t tparams(unsigned xs, unsigned ys, unsigned nloc, unsigned nvc) {
  ape_params_t p = ape_default_params();
  p.xs = xs;
  p.ys = ys;
  p.nloc = nloc;
  p.nvc = nvc;
  p.w = 64;
  p.maxp = 8;
  p.d = 10;
  return p;
}

static unsigned ring_dist(unsigned a, unsigned b, unsigned k) {
  unsigned f = (b + k - a) % k, r = (a + k - b) % k;
  return f < r ? f : r;
}

/* Word i of packet id (len payload words): the header for dst, payload and footer from a hash
 * of (id, i); W 64. */
static ape_word_t pkt_word(const ape_params_t *p, unsigned id, unsigned i, unsigned len,
                           unsigned dst) {
  if (i == 0) {
    unsigned n = dst / p->nloc;
    ape_header_t h = {n % p->xs, n / p->xs, len, dst % p->nloc, id};
    return ape_header_pack(p, &h);
  }
  uint64_t st = (uint64_t)id << 16 | (i == len + 1 ? 0xffffu : i);
  uint64_t v = prng_splitmix64(&st);
  ape_word_t w = {{(uint32_t)v, (uint32_t)(v >> 32), 0, 0}};
  return w;
}

static int weq(const ape_word_t *a, const ape_word_t *b) { return memcmp(a, b, sizeof *a) == 0; }

/* ------------------------------------------------------------------ neighbours, init */

static void t_neighbour(ut_t *t) {
  ape_params_t p = tparams(4, 4, 1, 2);
  UT_EQ(t, ape_torus_neighbour(&p, 5, APE_XP), 6, "(1,1) X+");
  UT_EQ(t, ape_torus_neighbour(&p, 5, APE_XM), 4, "(1,1) X-");
  UT_EQ(t, ape_torus_neighbour(&p, 5, APE_YP), 9, "(1,1) Y+");
  UT_EQ(t, ape_torus_neighbour(&p, 5, APE_YM), 1, "(1,1) Y-");
  UT_EQ(t, ape_torus_neighbour(&p, 3, APE_XP), 0, "(3,0) X+ wraps");
  UT_EQ(t, ape_torus_neighbour(&p, 0, APE_XM), 3, "(0,0) X- wraps");
  UT_EQ(t, ape_torus_neighbour(&p, 13, APE_YP), 1, "(1,3) Y+ wraps");
  UT_EQ(t, ape_torus_neighbour(&p, 1, APE_YM), 13, "(1,0) Y- wraps");
  UT_EQ(t, ape_torus_neighbour(&p, 5, APE_LOCAL0), -1, "local");
  UT_EQ(t, ape_torus_neighbour(&p, 16, APE_XP), -1, "off the torus");
  ape_params_t q = tparams(3, 2, 1, 2);
  UT_EQ(t, ape_torus_neighbour(&q, 2, APE_XP), 0, "3x2 (2,0) X+");
  UT_EQ(t, ape_torus_neighbour(&q, 4, APE_YP), 1, "3x2 (1,1) Y+");
  UT_EQ(t, ape_torus_neighbour(&q, 4, APE_YM), 1, "3x2 (1,1) Y-: the same node");
  ape_params_t ring = tparams(5, 1, 1, 2), col = tparams(1, 4, 1, 2), one = tparams(1, 1, 1, 2);
  UT_EQ(t, ape_torus_neighbour(&ring, 4, APE_XP), 0, "5x1 X+");
  UT_EQ(t, ape_torus_neighbour(&ring, 2, APE_YP), -1, "5x1: Y tied off");
  UT_EQ(t, ape_torus_neighbour(&ring, 2, APE_YM), -1, "5x1: Y tied off");
  UT_EQ(t, ape_torus_neighbour(&col, 2, APE_XP), -1, "1x4: X tied off");
  UT_EQ(t, ape_torus_neighbour(&col, 3, APE_YP), 0, "1x4 Y+ wraps");
  for (unsigned o = 0; o < 4; o++)
    UT_EQ(t, ape_torus_neighbour(&one, 0, o), -1, "1x1");
  /* every link is symmetric */
  static const unsigned sz[][2] = {{4, 4}, {3, 2}, {2, 2}, {5, 1}, {1, 4}, {16, 16}};
  for (unsigned i = 0; i < sizeof sz / sizeof sz[0]; i++) {
    ape_params_t r = tparams(sz[i][0], sz[i][1], 1, 2);
    for (unsigned n = 0; n < r.xs * r.ys; n++)
      for (unsigned o = 0; o < 4; o++) {
        int nb = ape_torus_neighbour(&r, n, o);
        if (nb >= 0)
          UT_EQ(t, ape_torus_neighbour(&r, (unsigned)nb, o ^ 1u), n, "symmetric");
      }
  }
  ape_torus_t m;
  ape_params_t bad = tparams(17, 1, 1, 2);
  UT_EQ(t, ape_torus_init(&m, &bad), -1, "bad params");
  UT_CHECK(t, m.r == NULL, "nothing allocated");
  UT_EQ(t, ape_torus_init(&m, &p), 0, "init");
  UT_EQ(t, m.n, 16, "16 routers");
  ape_tout_t *o = calloc(1, sizeof *o);
  UT_CHECK(t, o != NULL, "alloc");
  ape_torus_comb(&m, o);
  for (unsigned n = 0; n < 16; n++)
    UT_CHECK(t,
             !o->ej_valid[n] && !o->inj_cr[n] && m.r[n].cred[APE_XP][1] == 10 &&
                 m.r[n].x == n % 4 && m.r[n].y == n / 4,
             "reset");
  free(o);
  ape_torus_free(&m);
  UT_CHECK(t, m.r == NULL && m.ro == NULL, "freed");
}

/* ------------------------------------------------------------------ zero-load latency */

/* From every local port to every local port of an empty torus: a packet of len 2 injected in
 * cycles 0 .. 3 is at the destination's ej in L .. L + 3 with L = 2 * (hops + 1) on VC 0, and
 * nowhere else; its credits come back to the source in 2 .. 5, every link's credits home. */
static void latency_torus(ut_t *t, unsigned xs, unsigned ys, unsigned nloc, unsigned order) {
  ape_params_t p = tparams(xs, ys, nloc, 2);
  const unsigned nl = xs * ys * nloc;
  ape_torus_t m;
  ape_tin_t *in = calloc(1, sizeof *in);
  ape_tout_t *o = calloc(1, sizeof *o);
  UT_CHECK(t, in && o, "alloc");
  for (unsigned src = 0; src < nl; src++)
    for (unsigned dst = 0; dst < nl; dst++) {
      if (ape_torus_init(&m, &p)) {
        free(in);
        free(o);
        UT_CHECK(t, 0, "init");
      }
      unsigned sn = src / nloc, dn = dst / nloc, id = src * 64 + dst;
      unsigned hops = ring_dist(sn % xs, dn % xs, xs) + ring_dist(sn / xs, dn / xs, ys);
      unsigned lat = 2 * (hops + 1), ivc = (src + dst) & 1;
      int bad = 0;
      for (unsigned c = 0; c < lat + 10 && !bad; c++) {
        memset(in, 0, sizeof *in);
        in->cfg_order = order;
        if (c < 4) {
          in->inj_valid[src] = 1;
          in->inj_vc[src] = ivc;
          in->inj_data[src] = pkt_word(&p, id, c, 2, dst);
        }
        ape_torus_comb(&m, o);
        for (unsigned k = 0; k < nl; k++) {
          int want = k == dst && c >= lat && c < lat + 4;
          if (o->ej_valid[k] != (unsigned)want)
            bad = 1;
          if (want) {
            ape_word_t w = pkt_word(&p, id, c - lat, 2, dst);
            if (o->ej_vc[k] != 0 || !weq(&o->ej_data[k], &w))
              bad = 2;
          }
          unsigned wcr = k == src && c >= 2 && c < 6 ? 1u << ivc : 0;
          if (o->inj_cr[k] != wcr)
            bad = 3;
          if (want) /* the sink frees the word at once */
            in->ej_cr[k] = 1;
        }
        for (unsigned n = 0; n < xs * ys; n++)
          for (unsigned e = 0; e < APE_NERR; e++)
            if (o->err[n][e])
              bad = 4;
        ape_torus_clock(&m, in);
      }
      for (unsigned n = 0; n < xs * ys && !bad; n++)
        for (unsigned q = 0; q < m.r[n].np; q++)
          for (unsigned w = 0; w < 2; w++)
            if (m.r[n].cred[q][w] != p.d || m.r[n].cnt[q][w] || m.r[n].ibusy[q] || m.r[n].obusy[q])
              bad = 5;
      ape_torus_free(&m);
      if (bad) {
        free(in);
        free(o);
        UT_CHECK(t, 0, "%ux%u NLOC %u order %u: %u -> %u (%u hops): check %d failed", xs, ys, nloc,
                 order, src, dst, hops, bad);
      }
    }
  free(in);
  free(o);
}

static void t_latency(ut_t *t) {
  static const unsigned c[][4] = {{3, 3, 1, 0}, {3, 3, 1, 1}, {4, 2, 2, 0}, {5, 1, 1, 0},
                                  {1, 4, 1, 1}, {2, 2, 2, 1}, {1, 1, 3, 0}, {4, 4, 1, 0}};
  for (unsigned i = 0; i < sizeof c / sizeof c[0] && !t->failed; i++)
    latency_torus(t, c[i][0], c[i][1], c[i][2], c[i][3]);
}

/* ------------------------------------------------------------------ random traffic */

typedef struct {
  unsigned src, dst, len; /* local port indices n * NLOC + l */
  unsigned got, done;
} pkt_t;

typedef struct {
  const char *name;
  unsigned xs, ys, nloc, nvc, order, arb_fixed, first;
  unsigned per_port, minlen;
  double p_new, p_ret; /* chances a cycle: a packet arrives at a source, a sink frees a word */
  int cfg_toggle;      /* switch cfg_arb_fixed / cfg_first at run time */
  int self;            /* packets may be for their own local port */
} traffic_cfg_t;

typedef struct {
  unsigned first, made;      /* its packets are pk[first .. first + per_port - 1]; started */
  unsigned pend;             /* arrived, not started */
  int cur;                   /* packet being sent, -1 none */
  unsigned next, vc, vptr;   /* its next word, its VC; the next VC to try */
  unsigned cred[APE_MAX_VC]; /* credits of the router's local input */
  int rx;                    /* packet being received, -1 none */
  unsigned rxi, owed;        /* its next word; credits the sink owes */
} port_t;

typedef struct {
  unsigned long long cyc, words;
  unsigned delivered, total, stuck; /* stuck: the last cycles with no word moving */
  int deadlocked;
  int ring; /* at a deadlock: the ring output (APE_XP / APE_XM) every node waits on, or -1 */
  char why[256];
} traffic_res_t;

/* The cyclic wait of a deadlocked ring: at every node, the FIFO of the input that ring output o
 * feeds holds a whole-packet header for output o at its front, idle, without the len + 2
 * credits it needs, on every VC that holds anything. */
static int ring_waits(const ape_torus_t *m, unsigned o) {
  for (unsigned k = 0; k < m->n; k++) {
    const ape_router_t *r = &m->r[k];
    unsigned q = o ^ 1u, held = 0;
    if (r->ibusy[q])
      return 0;
    for (unsigned v = 0; v < r->p.nvc; v++) {
      if (!r->cnt[q][v])
        continue;
      const ape_entry_t *e = &r->fifo[(q * r->p.nvc + v) * r->p.d + r->rd[q][v]];
      if (!e->is_head || e->route != o || r->cred[o][e->ovc] >= e->len + 2u)
        return 0;
      held++;
    }
    if (!held)
      return 0;
  }
  return 1;
}

/* What an APElink changes on the way (docs/noc/apelink.md), written into the expected word w:
 * the header leaves with the last link's ECC byte (the SECDED of its data bits), the footer
 * with the payload's CRC-32 in [31:0], the CRC-error flag [32] as sent. */
static void link_word(const ape_params_t *p, unsigned id, unsigned i, const pkt_t *q,
                      ape_word_t *w) {
  if (i == 0) {
    secded_encode(w->w, p->w);
  } else if (i == q->len + 1) {
    apl_word_t pl[255];
    for (unsigned k = 0; k < q->len; k++) {
      ape_word_t x = pkt_word(p, id, k + 1, q->len, q->dst);
      memcpy(pl[k].w, x.w, sizeof pl[k].w);
    }
    ape_word_set_bits(w, 0, 32, apl_payload_crc(pl, q->len, p->w)); /* [32] as sent: kept */
  }
}

/* The RIFL lanes of LINK 2 here: a word a frame at W 64 (FW 128), the fabric's frame ids. */
static alr_params_t lane_params(void) {
  alr_params_t a = alr_default_params();
  a.lane.fw = 128;
  a.lane.fidw = 6;
  return a;
}

/* Runs cfg's traffic over links of kind `link` (APE_LINK_*); with stop_stuck, stops when no word
 * has moved for stop_stuck cycles while packets are outstanding (else that is a failure). */
static void traffic(const traffic_cfg_t *cfg, uint64_t seed, unsigned stop_stuck, unsigned link,
                    traffic_res_t *res) {
  ape_params_t p = tparams(cfg->xs, cfg->ys, cfg->nloc, cfg->nvc);
  const unsigned nn = cfg->xs * cfg->ys, nl = nn * cfg->nloc, total = nl * cfg->per_port;
  ape_torus_t m;
  memset(res, 0, sizeof *res);
  res->total = total;
  char *why = res->why;
  const size_t wl = sizeof res->why;
  alr_params_t lane = lane_params();
  if (ape_torus_init_link(&m, &p, link, &lane)) {
    snprintf(why, wl, "init");
    return;
  }
  ape_tin_t *in = calloc(1, sizeof *in);
  ape_tout_t *o = calloc(1, sizeof *o);
  pkt_t *pk = calloc(total, sizeof *pk);
  port_t *pt = calloc(nl, sizeof *pt);
  if (!in || !o || !pk || !pt) {
    snprintf(why, wl, "alloc");
    goto out;
  }
  /* The packet list of every source from its own stream: the same whatever the timing. */
  for (unsigned s = 0; s < nl; s++) {
    prng_t g;
    prng_seed(&g, seed * 7919u + s);
    pt[s].first = s * cfg->per_port;
    pt[s].cur = pt[s].rx = -1;
    for (unsigned v = 0; v < p.nvc; v++)
      pt[s].cred[v] = p.d;
    for (unsigned i = 0; i < cfg->per_port; i++) {
      pkt_t *q = &pk[pt[s].first + i];
      q->src = s;
      do
        q->dst = (unsigned)prng_below(&g, nl);
      while (!cfg->self && nl > 1 && q->dst == s);
      q->len = (unsigned)prng_range(&g, cfg->minlen, p.maxp);
    }
  }
  prng_t rng;
  prng_seed(&rng, seed);
  unsigned long long cyc;
  unsigned quiet = 0;
  for (cyc = 0; cyc < 2000000; cyc++) {
    memset(in, 0, sizeof *in);
    in->cfg_order = cfg->order;
    in->cfg_arb_fixed = cfg->arb_fixed;
    in->cfg_first = cfg->first;
    if (cfg->cfg_toggle) {
      in->cfg_arb_fixed = (unsigned)(cyc / 97 % 2);
      in->cfg_first = (unsigned)(cyc / 31 % 8);
    }
    ape_torus_comb(&m, o);
    int moved = 0;
    for (unsigned k = 0; k < nn; k++) {
      for (unsigned e = 0; e < APE_NERR; e++)
        if (o->err[k][e])
          snprintf(why, wl, "node %u: error %u counted", k, e);
      for (unsigned q = APE_XP; q <= APE_YM; q++)
        for (unsigned e = 0; e < APL_NERR; e++)
          if (o->link_err[k][q][e])
            snprintf(why, wl, "node %u port %u: link error %u counted", k, q, e);
      for (unsigned q = 0; q < m.r[k].np; q++)
        moved |= m.ro[k].out_valid[q] != 0;
    }
    for (unsigned s = 0; s < nl && !why[0]; s++) {
      port_t *x = &pt[s];
      /* credits home from the local input */
      for (unsigned v = 0; v < p.nvc; v++)
        if (o->inj_cr[s] >> v & 1u && ++x->cred[v] > p.d)
          snprintf(why, wl, "port %u VC %u: injector credits above D", s, v);
      /* the sink: check what arrives, owe its credit */
      if (o->ej_valid[s]) {
        res->words++;
        if (o->ej_vc[s] != 0)
          snprintf(why, wl, "port %u: ejected on VC %u", s, o->ej_vc[s]);
        if (x->rx < 0) {
          ape_header_t h = ape_header_unpack(&p, &o->ej_data[s]);
          if (h.sw >= total)
            snprintf(why, wl, "port %u: unknown packet %llu", s, (unsigned long long)h.sw);
          else if (pk[h.sw].dst != s)
            snprintf(why, wl, "packet %u for %u at port %u", (unsigned)h.sw, pk[h.sw].dst, s);
          else if (pk[h.sw].done || pk[h.sw].got)
            snprintf(why, wl, "packet %u delivered twice", (unsigned)h.sw);
          else {
            x->rx = (int)h.sw;
            x->rxi = 0;
          }
        }
        if (!why[0]) {
          pkt_t *q = &pk[x->rx];
          ape_word_t w = pkt_word(&p, (unsigned)x->rx, x->rxi, q->len, q->dst), g = o->ej_data[s];
          if (link != APE_LINK_WIRE && q->src / cfg->nloc != q->dst / cfg->nloc)
            link_word(&p, (unsigned)x->rx, x->rxi, q, &w);
          if (!weq(&w, &g))
            snprintf(why, wl, "packet %d: word %u not as sent", x->rx, x->rxi);
          else if (++x->owed > p.d)
            snprintf(why, wl, "port %u: more than D words unreturned", s);
          else {
            q->got++;
            if (++x->rxi == q->len + 2) {
              q->done = 1;
              x->rx = -1;
              res->delivered++;
            }
          }
        }
      }
      if (x->owed && prng_bernoulli(&rng, cfg->p_ret)) {
        x->owed--;
        in->ej_cr[s] = 1;
      }
      /* the source: arrivals, then a new packet when idle (len + 2 credits on its VC), then
       * the next word of the packet in progress */
      if (x->made + x->pend < cfg->per_port && prng_bernoulli(&rng, cfg->p_new))
        x->pend++;
      if (x->cur < 0 && x->pend) {
        const pkt_t *q = &pk[x->first + x->made];
        for (unsigned i = 0; i < p.nvc; i++) {
          unsigned v = (x->vptr + i) % p.nvc;
          if (x->cred[v] >= q->len + 2) {
            x->cur = (int)(x->first + x->made);
            x->made++;
            x->pend--;
            x->next = 0;
            x->vc = v;
            x->vptr = (v + 1) % p.nvc;
            break;
          }
        }
      }
      if (x->cur >= 0) {
        const pkt_t *q = &pk[x->cur];
        in->inj_valid[s] = 1;
        in->inj_vc[s] = x->vc;
        in->inj_data[s] = pkt_word(&p, (unsigned)x->cur, x->next, q->len, q->dst);
        x->cred[x->vc]--;
        moved = 1;
        if (++x->next == q->len + 2)
          x->cur = -1;
      }
    }
    if (why[0])
      break;
    ape_torus_clock(&m, in);
    res->stuck = moved ? 0 : res->stuck + 1;
    if (res->delivered < total && stop_stuck && res->stuck >= stop_stuck) {
      res->deadlocked = 1;
      break;
    }
    if (res->delivered < total && res->stuck >= 5000) {
      snprintf(why, wl, "no word moved for 5000 cycles, %u of %u delivered", res->delivered, total);
      break;
    }
    unsigned owed = 0;
    for (unsigned s = 0; s < nl; s++)
      owed += pt[s].owed;
    quiet = res->delivered == total && owed == 0 ? quiet + 1 : 0;
    if (quiet == (link == APE_LINK_WIRE ? 20u : 400u)) /* a link's credits take their time */
      break;
  }
  res->cyc = cyc;
  res->ring = -1;
  if (res->deadlocked)
    for (unsigned d = APE_XP; d <= APE_XM && res->ring < 0; d++)
      if (ring_waits(&m, d))
        res->ring = (int)d;
  if (why[0] || res->deadlocked)
    goto out;
  if (res->delivered != total) {
    snprintf(why, wl, "%u of %u packets delivered in %llu cycles", res->delivered, total, cyc);
    goto out;
  }
  /* quiet: every credit home, every FIFO empty, no transfer */
  for (unsigned k = 0; k < nn && !why[0]; k++) {
    const ape_router_t *r = &m.r[k];
    for (unsigned q = 0; q < r->np; q++) {
      if (r->ibusy[q] || r->obusy[q])
        snprintf(why, wl, "router %u port %u busy at the end", k, q);
      for (unsigned v = 0; v < p.nvc; v++)
        if (r->cred[q][v] != p.d || r->cnt[q][v] || r->wrem[q][v])
          snprintf(why, wl, "router %u port %u VC %u not quiet at the end", k, q, v);
    }
  }
  for (unsigned s = 0; s < nl && !why[0]; s++)
    for (unsigned v = 0; v < p.nvc; v++)
      if (pt[s].cred[v] != p.d)
        snprintf(why, wl, "port %u VC %u: injector credits not home", s, v);
  /* every APElink end: its FIFOs empty, the far buffer's credits home, nothing owed */
  for (unsigned e = 0; e < nn * 4 && link != APE_LINK_WIRE && !why[0]; e++) {
    if (ape_torus_neighbour(&p, e / 4, e % 4) < 0)
      continue;
    const apl_t *a = link == APE_LINK_APELINK ? &m.apl[e] : &m.alr[e].link;
    for (unsigned v = 0; v < p.nvc; v++)
      if (a->fifo[v].cnt || a->rcred[v] != p.d || a->owe[v])
        snprintf(why, wl, "link end %u VC %u not quiet at the end", e, v);
  }
out:
  ape_torus_free(&m);
  free(in);
  free(o);
  free(pk);
  free(pt);
}

static void t_traffic(ut_t *t) {
  static const traffic_cfg_t c[] = {
      /* name xs ys nloc nvc order fixed first per_port minlen p_new p_ret toggle self */
      {"3x3", 3, 3, 1, 2, 0, 0, 0, 200, 0, 0.15, 0.9, 0, 1},
      {"3x3 Y first, fixed priority", 3, 3, 1, 2, 1, 1, 3, 200, 0, 0.15, 0.9, 0, 1},
      {"3x3 slow sinks", 3, 3, 1, 2, 0, 0, 0, 100, 0, 0.3, 0.3, 0, 0},
      {"4x2 NLOC 2", 4, 2, 2, 2, 0, 0, 0, 100, 0, 0.1, 0.8, 0, 1},
      {"4x2 Y first, arbitration switched", 4, 2, 1, 2, 1, 0, 0, 200, 0, 0.2, 1.0, 1, 0},
      {"5x1 ring", 5, 1, 1, 2, 0, 0, 0, 300, 0, 0.2, 0.9, 0, 1},
      {"5x1 ring, long packets, saturated", 5, 1, 1, 2, 0, 0, 0, 200, 6, 1.0, 1.0, 0, 0},
      {"1x4 ring NLOC 3", 1, 4, 3, 2, 0, 1, 5, 100, 0, 0.2, 0.9, 0, 1},
  };
  for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
    traffic_res_t r;
    traffic(&c[i], 0x5eed0u + i, 0, APE_LINK_WIRE, &r);
    UT_CHECK(t, !r.why[0], "%s: %s", c[i].name, r.why);
    ut_info("%s: %u packets, %llu words in %llu cycles", c[i].name, r.total, r.words, r.cyc);
  }
}

/* The ablation: a 6-ring, saturated sources, packets of 6 .. MAXP words for other nodes. With
 * NVC 1 it reaches a state where no word moves for 2000 cycles with packets outstanding (the
 * ring's cyclic buffer dependency); with NVC 2 (the dateline VCs) the same packet lists drain. */
static void t_deadlock(ut_t *t) {
  traffic_cfg_t c = {"6x1 NVC 1", 6, 1, 1, 1, 0, 0, 0, 200, 6, 1.0, 1.0, 0, 0};
  traffic_res_t r;
  traffic(&c, 0xdead1u, 2000, APE_LINK_WIRE, &r);
  UT_CHECK(t, !r.why[0], "NVC 1: %s", r.why);
  UT_CHECK(t, r.deadlocked, "NVC 1 did not deadlock: %u of %u delivered in %llu cycles",
           r.delivered, r.total, r.cyc);
  UT_CHECK(t, r.ring >= 0, "NVC 1: stuck, but not on a cyclic wait around the ring");
  ut_info("6x1 NVC 1: deadlocked at cycle %llu with %u of %u packets delivered, every node "
          "waiting on %s",
          r.cyc - r.stuck + 1, r.delivered, r.total, r.ring == APE_XP ? "X+" : "X-");
  c.name = "6x1 NVC 2";
  c.nvc = 2;
  traffic(&c, 0xdead1u, 2000, APE_LINK_WIRE, &r);
  UT_CHECK(t, !r.why[0], "NVC 2: %s", r.why);
  UT_CHECK(t, !r.deadlocked && r.delivered == r.total, "NVC 2 stuck: %u of %u delivered",
           r.delivered, r.total);
  ut_info("6x1 NVC 2: %u packets, %llu words in %llu cycles", r.total, r.words, r.cyc);
}

/* The torus over APElinks (LINK 1) and over APElinks on RIFL lanes (LINK 2): the same checks as
 * t_traffic (every packet once, intact, at its port; no error, the links' included; every
 * credit home, every link end quiet). TRED stays 0: D 10 leaves no room above MAXP 8 + 2 (the
 * link tests of test_apelink_model.c vary it). */
static void t_traffic_links(ut_t *t) {
  static const traffic_cfg_t c[] = {
      /* name xs ys nloc nvc order fixed first per_port minlen p_new p_ret toggle self */
      {"3x3 over APElinks", 3, 3, 1, 2, 0, 0, 0, 60, 0, 0.15, 0.9, 0, 1},
      {"4x1 ring over APElinks, saturated", 4, 1, 1, 2, 0, 0, 0, 80, 2, 1.0, 1.0, 0, 0},
      {"2x2 NLOC 2 over APElinks, Y first", 2, 2, 2, 2, 1, 0, 0, 40, 0, 0.3, 0.7, 0, 1},
  };
  for (unsigned link = APE_LINK_APELINK; link <= APE_LINK_RIFL; link++)
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
      traffic_res_t r;
      traffic(&c[i], 0x11c0u + i, 0, link, &r);
      UT_CHECK(t, !r.why[0], "%s%s: %s", c[i].name, link == APE_LINK_RIFL ? " (RIFL)" : "", r.why);
      ut_info("%s%s: %u packets, %llu words in %llu cycles", c[i].name,
              link == APE_LINK_RIFL ? " over RIFL lanes" : "", r.total, r.words, r.cyc);
    }
}

UT_SUITE(ape_torus_model) {
  ut_run(s, "ape_torus_model neighbours and init", t_neighbour);
  ut_run(s, "ape_torus_model zero-load latency 2 * (hops + 1)", t_latency);
  ut_run(s, "ape_torus_model random traffic", t_traffic);
  ut_run(s, "ape_torus_model deadlock with one VC, none with two", t_deadlock);
  ut_run(s, "ape_torus_model LINK 1 and 2: traffic over APElinks, and over RIFL", t_traffic_links);
}
