/*
 * noc_traffic.c - sources, sinks and the scoreboard of a mesh run (noc_traffic.h).
 */
#include "noc_traffic.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const pat_names[NOC_NPAT] = {"uniform", "transpose", "bitcomp",
                                                "tornado", "neighbour", "hotspot"};

const char *noc_pattern_name(noc_pattern_t pat) {
  return (unsigned)pat < NOC_NPAT ? pat_names[pat] : "?";
}

static unsigned uniform_other(unsigned n, unsigned src, prng_t *r) {
  if (n < 2)
    return src;
  unsigned d = (unsigned)prng_below(r, n - 1);
  return d >= src ? d + 1 : d;
}

unsigned noc_pattern_dst(noc_pattern_t pat, unsigned xs, unsigned ys, unsigned src, prng_t *r) {
  unsigned x = src % xs, y = src / xs, n = xs * ys;
  switch (pat) {
  case NOC_PAT_TRANSPOSE:
    return (x % ys) * xs + (y % xs);
  case NOC_PAT_BITCOMP:
    return (ys - 1 - y) * xs + (xs - 1 - x);
  case NOC_PAT_TORNADO:
    return ((y + (ys + 1) / 2 - 1) % ys) * xs + (x + (xs + 1) / 2 - 1) % xs;
  case NOC_PAT_NEIGHBOUR:
    return ((y + 1) % ys) * xs + (x + 1) % xs;
  case NOC_PAT_HOTSPOT:
    if (prng_bernoulli(r, 0.25))
      return (ys / 2) * xs + xs / 2;
    return uniform_other(n, src, r);
  default:
    return uniform_other(n, src, r);
  }
}

/* Hops between coordinates a and b in a dimension of k: a torus goes the shorter way round. */
static unsigned dim_hops(const noc_params_t *p, unsigned a, unsigned b, unsigned k) {
  unsigned d = a > b ? a - b : b - a;
  return p->torus && k - d < d ? k - d : d;
}

unsigned noc_hops(const noc_params_t *p, unsigned a, unsigned b) {
  unsigned ax = a % p->xs, ay = a / p->xs, bx = b % p->xs, by = b / p->xs;
  return dim_hops(p, ax, bx, p->xs) + dim_hops(p, ay, by, p->ys);
}

/* Payload of flit k of packet id: the head carries the id, the others a hash of both. */
static uint32_t payload(const noc_traffic_t *t, unsigned id, unsigned k) {
  uint32_t v = k == 0 ? id : (id * 0x9E3779B1u) ^ (k * 0x85EBCA77u) ^ (id >> 7);
  return t->p.pw >= 32 ? v : v & ((1u << t->p.pw) - 1u);
}

int noc_traffic_init(noc_traffic_t *t, const noc_params_t *p, const noc_traffic_cfg_t *c,
                     uint64_t seed) {
  memset(t, 0, sizeof *t);
  if (noc_params_check(p) || p->pw < 16 || c->max_len < 1 || c->rate < 0 ||
      p->xs * p->ys > NOC_MAX_N)
    return -1;
  t->p = *p;
  t->c = *c;
  t->n = p->xs * p->ys;
  prng_seed(&t->rng, seed);
  t->ids = p->pw >= 20 ? NOC_TR_MAX_IDS : 1u << p->pw;
  t->pkt = calloc(t->ids, sizeof *t->pkt);
  t->lat_bins = 1u << 16;
  t->lat_hist = calloc(t->lat_bins, sizeof *t->lat_hist);
  if (!t->pkt || !t->lat_hist) {
    noc_traffic_free(t);
    return -1;
  }
  for (unsigned n = 0; n < t->n; n++)
    for (unsigned v = 0; v < p->v; v++)
      t->node[n].credits[v] = p->d;
  return 0;
}

void noc_traffic_free(noc_traffic_t *t) {
  free(t->pkt);
  free(t->lat_hist);
  t->pkt = NULL;
  t->lat_hist = NULL;
}

unsigned noc_traffic_pending(const noc_traffic_t *t) { return t->live; }

unsigned noc_traffic_lat_pct(const noc_traffic_t *t, double q) {
  if (!t->meas_pkts)
    return 0;
  uint64_t want = (uint64_t)(q * (double)t->meas_pkts + 0.999999), seen = 0;
  if (want < 1)
    want = 1;
  for (unsigned b = 0; b < t->lat_bins; b++) {
    seen += t->lat_hist[b];
    if (seen >= want)
      return b;
  }
  return t->lat_bins - 1;
}

__attribute__((format(printf, 2, 3))) static int bad(noc_traffic_t *t, const char *fmt, ...) {
  if (!t->err[0]) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->err, sizeof t->err, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* A flit out at node n: it must continue the packet on its VC, or start one for this node. */
static int sink_flit(noc_traffic_t *t, unsigned n, uint64_t bits) {
  noc_tr_node_t *s = &t->node[n];
  noc_flit_t f = noc_flit_unpack(&t->p, bits);
  unsigned vpc = t->p.v / t->p.ncls;
  if (f.vc >= t->p.v)
    return bad(t, "node %u, cycle %llu: a flit on VC %u of %u", n, (unsigned long long)t->cycle,
               f.vc, t->p.v);
  if (++s->held[f.vc] > t->p.d)
    return bad(t, "node %u, cycle %llu: VC %u sent a flit beyond the sink's %u credits", n,
               (unsigned long long)t->cycle, f.vc, t->p.d);
  if (!s->rx_on[f.vc]) {
    unsigned id = f.payload % t->ids;
    if (!f.head)
      return bad(t, "node %u, cycle %llu: VC %u: a flit that is not a head starts a packet", n,
                 (unsigned long long)t->cycle, f.vc);
    if (!t->pkt[id].live)
      return bad(t,
                 "node %u, cycle %llu: packet %u arrived, which is not in flight (duplicated "
                 "or corrupted)",
                 n, (unsigned long long)t->cycle, id);
    const noc_tr_pkt_t *k = &t->pkt[id];
    if (k->dst != n)
      return bad(t, "node %u, cycle %llu: packet %u from %u for node %u delivered here (misrouted)",
                 n, (unsigned long long)t->cycle, id, k->src, k->dst);
    if (f.cls != k->cls || f.vc / vpc != k->cls)
      return bad(t, "node %u, cycle %llu: packet %u of class %u arrived as class %u on VC %u", n,
                 (unsigned long long)t->cycle, id, k->cls, f.cls, f.vc);
    s->rx_on[f.vc] = 1;
    s->rx_id[f.vc] = id;
    s->rx_k[f.vc] = 0;
  }
  unsigned id = s->rx_id[f.vc], k = s->rx_k[f.vc];
  noc_tr_pkt_t *pk = &t->pkt[id];
  if (f.head != (k == 0) || f.tail != (k + 1 == pk->len) || f.payload != payload(t, id, k))
    return bad(t,
               "node %u, cycle %llu: VC %u, packet %u (%u flits from node %u), flit %u: head %u "
               "tail %u payload 0x%x, expected %u %u 0x%x",
               n, (unsigned long long)t->cycle, f.vc, id, pk->len, pk->src, k, f.head, f.tail,
               f.payload, k == 0, k + 1 == pk->len, payload(t, id, k));
  s->rx_k[f.vc] = k + 1;
  t->ej_flits++;
  t->last_progress = t->cycle;
  if (f.tail && pk->gen >= t->c.warmup) {
    uint64_t lat = t->cycle - pk->gen;
    t->meas_pkts++;
    t->meas_flits += pk->len;
    t->lat_sum += lat;
    t->net_lat_sum += t->cycle - pk->inj;
    t->hops_sum += noc_hops(&t->p, pk->src, pk->dst);
    if (lat > t->lat_max)
      t->lat_max = lat;
    t->lat_hist[lat < t->lat_bins ? lat : t->lat_bins - 1]++;
  }
  if (f.tail) {
    pk->live = 0;
    t->live--;
    t->ej_pkts++;
    s->rx_on[f.vc] = 0;
  }
  return 0;
}

int noc_traffic_cycle(noc_traffic_t *t, const noc_mout_t *o, noc_min_t *in) {
  const noc_params_t *p = &t->p;
  unsigned vpc = p->v / p->ncls;
  double avg = (double)(t->c.max_len + 1) / 2.0; /* mean packet length */
  for (unsigned n = 0; n < t->n; n++) {
    noc_tr_node_t *s = &t->node[n];
    /* sink: check what left the mesh, then free one buffered flit now and then */
    if (o->ej_valid[n] && sink_flit(t, n, o->ej_flit[n]))
      return -1;
    in->ej_cr[n] = 0;
    if (prng_bernoulli(&t->rng, t->c.p_sink))
      for (unsigned i = 0; i < p->v; i++) {
        unsigned v = (s->rr + i) % p->v;
        if (s->held[v]) {
          s->held[v]--;
          in->ej_cr[n] = 1u << v;
          s->rr = (v + 1) % p->v;
          break;
        }
      }
    /* source: credits back, a new packet now and then, one flit on the local link */
    for (unsigned v = 0; v < p->v; v++)
      if (o->inj_cr[n] >> v & 1u) {
        if (++s->credits[v] > p->d)
          return bad(t, "node %u, cycle %llu: the router returned a credit of VC %u beyond %u", n,
                     (unsigned long long)t->cycle, v, p->d);
      }
    if ((!t->c.stop_at || t->cycle < t->c.stop_at) && (!t->c.q_cap || s->qn < t->c.q_cap) &&
        prng_bernoulli(&t->rng, t->c.rate / avg)) {
      unsigned id = t->next_id;
      if (t->pkt[id].live || s->qn == NOC_TR_QUEUE)
        return bad(t,
                   "node %u, cycle %llu: more packets waiting than the scoreboard holds (packet "
                   "%u, from %u to %u, generated at %llu, injected at %llu, still in flight)",
                   n, (unsigned long long)t->cycle, id, t->pkt[id].src, t->pkt[id].dst,
                   (unsigned long long)t->pkt[id].gen, (unsigned long long)t->pkt[id].inj);
      t->next_id = (id + 1) % t->ids;
      noc_tr_pkt_t *k = &t->pkt[id];
      k->src = n;
      k->len = 1 + (unsigned)prng_below(&t->rng, t->c.max_len);
      k->cls = (unsigned)prng_below(&t->rng, p->ncls);
      k->dst = noc_pattern_dst(t->c.pat, p->xs, p->ys, n, &t->rng);
      k->gen = t->cycle;
      k->live = 1;
      t->live++;
      t->gen_pkts++;
      t->gen_flits += k->len;
      s->q[(s->qh + s->qn) % NOC_TR_QUEUE] = id;
      s->qn++;
    }
    in->inj_valid[n] = 0;
    if (!s->sending && s->qn) { /* a VC of the class with the most credits, lowest if equal */
      unsigned id = s->q[s->qh], best = p->v;
      for (unsigned v = t->pkt[id].cls * vpc; v < (t->pkt[id].cls + 1) * vpc; v++)
        if (s->credits[v] && (best == p->v || s->credits[v] > s->credits[best]))
          best = v;
      if (best < p->v) {
        s->qh = (s->qh + 1) % NOC_TR_QUEUE;
        s->qn--;
        s->sending = 1;
        s->cur = id;
        s->cur_vc = best;
        s->cur_k = 0;
      }
    }
    if (s->sending && s->credits[s->cur_vc]) {
      noc_tr_pkt_t *k = &t->pkt[s->cur];
      noc_flit_t f = {
          s->cur_k == 0,  s->cur_k + 1 == k->len,      s->cur_vc, k->cls, k->dst % p->xs,
          k->dst / p->xs, payload(t, s->cur, s->cur_k)};
      in->inj_valid[n] = 1;
      in->inj_flit[n] = noc_flit_pack(p, &f);
      s->credits[s->cur_vc]--;
      if (s->cur_k == 0)
        k->inj = t->cycle;
      t->inj_flits++;
      if (++s->cur_k == k->len)
        s->sending = 0;
    }
  }
  t->cycle++;
  return 0;
}
