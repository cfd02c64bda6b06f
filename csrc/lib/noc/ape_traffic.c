/*
 * ape_traffic.c - traffic, sinks and scoreboard for the ExaNet torus (ape_traffic.h).
 */
#include "ape_traffic.h"

#include "apelink_model.h"
#include "secded.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ID_LSB 28u /* the packet id in the header's software field */
#define ID_W 24u

static uint32_t mix(uint32_t id, uint32_t i, uint32_t j) {
  uint32_t h = id * 0x9E3779B1u ^ i * 0x85EBCA77u ^ j * 0xC2B2AE3Du ^ 0x5bd1e995u;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  return h;
}

static void put_bits(ape_word_t *w, unsigned lsb, unsigned n, uint32_t v) {
  for (unsigned b = 0; b < n; b++) {
    unsigned at = lsb + b;
    uint32_t m = 1u << (at % 32);
    w->w[at / 32] = (v >> b & 1u) ? (w->w[at / 32] | m) : (w->w[at / 32] & ~m);
  }
}

static uint32_t get_bits(const ape_word_t *w, unsigned lsb, unsigned n) {
  uint32_t v = 0;
  for (unsigned b = 0; b < n; b++)
    v |= (w->w[(lsb + b) / 32] >> ((lsb + b) % 32) & 1u) << b;
  return v;
}

void ape_tr_word(const ape_params_t *p, const ape_tr_pkt_t *k, unsigned i, ape_word_t *w) {
  memset(w, 0, sizeof *w);
  unsigned nw = p->w / 32;
  if (i == 0) {
    put_bits(w, 0, 8, k->dst % p->xs);
    put_bits(w, 8, 8, k->dst / p->xs);
    put_bits(w, 16, 8, k->len);
    put_bits(w, 24, 4, k->port);
    put_bits(w, ID_LSB, ID_W, k->id);
    put_bits(w, ID_LSB + ID_W, p->w - 8 - ID_LSB - ID_W, mix(k->id, 0xABCDu, 0));
    return;
  }
  uint32_t tag = i <= k->len ? i : 0xFFFFu; /* payload word i - 1, or the footer */
  for (unsigned j = 0; j < nw; j++)
    w->w[j] = mix(k->id, tag, j);
}

unsigned ape_hops(const ape_params_t *p, unsigned a, unsigned b) {
  unsigned ax = a % p->xs, ay = a / p->xs, bx = b % p->xs, by = b / p->xs;
  unsigned dx = (bx + p->xs - ax) % p->xs, dy = (by + p->ys - ay) % p->ys;
  if (p->xs - dx < dx)
    dx = p->xs - dx;
  if (p->ys - dy < dy)
    dy = p->ys - dy;
  return dx + dy;
}

int ape_traffic_init(ape_traffic_t *t, const ape_params_t *p, const ape_traffic_cfg_t *c,
                     uint64_t seed) {
  memset(t, 0, sizeof *t);
  t->p = *p;
  t->c = *c;
  if (!t->c.q_cap)
    t->c.q_cap = 64;
  if (c->max_len > p->maxp || c->min_len > c->max_len || p->nvc > 2)
    return -1;
  prng_seed(&t->rng, seed);
  t->n = p->xs * p->ys;
  t->nl = t->n * p->nloc;
  t->src = calloc(t->nl, sizeof *t->src);
  t->snk = calloc(t->nl, sizeof *t->snk);
  t->pk_cap = 4096;
  t->pk = malloc(t->pk_cap * sizeof *t->pk);
  t->done = calloc(t->pk_cap, 1);
  t->lat_hist = calloc(APE_TR_LAT_MAX, sizeof *t->lat_hist);
  if (!t->src || !t->snk || !t->pk || !t->done || !t->lat_hist)
    return -1;
  for (unsigned l = 0; l < t->nl; l++) {
    t->src[l].q = malloc(t->c.q_cap * sizeof *t->src[l].q);
    if (!t->src[l].q)
      return -1;
    for (unsigned v = 0; v < p->nvc; v++)
      t->src[l].cred[v] = p->d;
  }
  return 0;
}

void ape_traffic_free(ape_traffic_t *t) {
  for (unsigned l = 0; t->src && l < t->nl; l++)
    free(t->src[l].q);
  free(t->src);
  free(t->snk);
  free(t->pk);
  free(t->done);
  free(t->lat_hist);
  memset(t, 0, sizeof *t);
}

unsigned ape_traffic_pending(const ape_traffic_t *t) {
  return (unsigned)(t->gen_pkts - t->ej_pkts);
}

unsigned ape_traffic_lat_pct(const ape_traffic_t *t, double q) {
  uint64_t want = (uint64_t)(q * (double)t->meas_pkts + 0.5), seen = 0;
  for (unsigned i = 0; i < APE_TR_LAT_MAX; i++) {
    seen += t->lat_hist[i];
    if (seen >= want && seen)
      return i;
  }
  return APE_TR_LAT_MAX;
}

static int fail(ape_traffic_t *t, const char *msg, unsigned l, unsigned vc, uint32_t id) {
  snprintf(t->err, sizeof t->err, "cycle %llu, node %u local port %u vc %u, packet %u: %s",
           (unsigned long long)t->cycle, l / t->p.nloc, l % t->p.nloc, vc, id, msg);
  return -1;
}

static int new_packet(ape_traffic_t *t, unsigned l) {
  ape_tr_src_t *s = &t->src[l];
  if (s->qn == t->c.q_cap)
    return 0;
  if (t->gen_pkts == t->pk_cap) {
    if (t->pk_cap >= (1u << ID_W))
      return -1;
    t->pk_cap *= 2;
    ape_tr_pkt_t *pk = realloc(t->pk, t->pk_cap * sizeof *pk);
    uint8_t *done = realloc(t->done, t->pk_cap);
    if (!pk || !done)
      return -1;
    t->pk = pk;
    t->done = done;
    memset(t->done + t->pk_cap / 2, 0, t->pk_cap / 2);
  }
  ape_tr_pkt_t k;
  unsigned node = l / t->p.nloc;
  k.id = (uint32_t)t->gen_pkts;
  k.src = node;
  if (t->c.fixed_node >= 0) {
    k.dst = (unsigned)t->c.fixed_node;
    k.port = t->c.fixed_port;
  } else {
    k.dst = noc_pattern_dst(t->c.pat, t->p.xs, t->p.ys, node, &t->rng);
    k.port = (unsigned)prng_below(&t->rng, t->p.nloc);
  }
  k.len = t->c.min_len + (unsigned)prng_below(&t->rng, t->c.max_len - t->c.min_len + 1);
  k.vc = (unsigned)prng_below(&t->rng, t->p.nvc);
  k.t_gen = t->cycle;
  k.t_inj = 0;
  t->pk[k.id] = k;
  t->done[k.id] = 0;
  s->q[(s->qh + s->qn) % t->c.q_cap] = k;
  s->qn++;
  t->gen_pkts++;
  t->gen_words += k.len + 2;
  return 0;
}

/* Word i of packet pk as its sink must see it: as sent, and with links (c.links) what the last
 * APElink it crossed writes into it: the header's ECC byte, the footer's CRC (the footer's
 * random [32] is a flag the links must carry unchanged on a clean run). */
static void expected(const ape_traffic_t *t, const ape_tr_pkt_t *pk, unsigned i, ape_word_t *w) {
  ape_tr_word(&t->p, pk, i, w);
  if (!t->c.links || pk->src == pk->dst)
    return;
  if (i == 0) {
    secded_encode(w->w, t->p.w);
  } else if (i == pk->len + 1) {
    apl_word_t pl[256];
    for (unsigned j = 0; j < pk->len; j++) {
      ape_word_t x;
      ape_tr_word(&t->p, pk, j + 1, &x);
      memcpy(pl[j].w, x.w, sizeof pl[j].w);
    }
    put_bits(w, 0, 32, apl_payload_crc(pl, pk->len, t->p.w)); /* [32] as sent: kept */
  }
}

/* A word ejected at local port l on vc: the next word of the packet the sink is receiving. */
static int eject(ape_traffic_t *t, unsigned l, unsigned vc, const ape_word_t *w) {
  ape_tr_sink_t *k = &t->snk[l];
  ape_word_t exp;
  if (vc >= t->p.nvc)
    return fail(t, "ejected on a VC the torus does not have", l, vc, 0);
  if (k->held[vc] >= t->p.d)
    return fail(t, "a word beyond the sink's credits", l, vc, 0);
  k->held[vc]++;
  t->ej_words++;
  t->last_progress = t->cycle;
  if (!k->busy[vc]) {
    uint32_t id = get_bits(w, ID_LSB, ID_W);
    if (id >= t->gen_pkts || t->done[id])
      return fail(t, "a header of no packet in flight (duplicate or corrupt)", l, vc, id);
    const ape_tr_pkt_t *pk = &t->pk[id];
    if (pk->dst * t->p.nloc + pk->port != l)
      return fail(t, "a packet at the wrong node or port (misrouted)", l, vc, id);
    expected(t, pk, 0, &exp);
    if (memcmp(&exp, w, sizeof exp))
      return fail(t, "header corrupted", l, vc, id);
    k->busy[vc] = 1;
    k->id[vc] = id;
    k->k[vc] = 1;
    k->rem[vc] = pk->len + 1;
    return 0;
  }
  const ape_tr_pkt_t *pk = &t->pk[k->id[vc]];
  expected(t, pk, k->k[vc], &exp);
  if (memcmp(&exp, w, sizeof exp))
    return fail(t,
                k->k[vc] <= pk->len ? "payload word corrupted or out of order" : "footer corrupted",
                l, vc, pk->id);
  k->k[vc]++;
  if (--k->rem[vc])
    return 0;
  k->busy[vc] = 0;
  t->done[pk->id] = 1;
  t->ej_pkts++;
  t->ej_payload += pk->len;
  if (pk->t_gen >= t->c.warmup) {
    uint64_t lat = t->cycle - pk->t_gen;
    t->meas_pkts++;
    t->lat_sum += lat;
    t->net_lat_sum += t->cycle - pk->t_inj;
    if (lat > t->lat_max)
      t->lat_max = lat;
    t->lat_hist[lat < APE_TR_LAT_MAX ? lat : APE_TR_LAT_MAX - 1]++;
    t->hops_sum += ape_hops(&t->p, pk->src, pk->dst);
  }
  return 0;
}

int ape_traffic_cycle(ape_traffic_t *t, const ape_tout_t *o, ape_tin_t *in) {
  const ape_params_t *p = &t->p;
  double mean_words = (t->c.min_len + t->c.max_len) / 2.0 + 2.0;
  memset(in, 0, sizeof *in);
  if (t->cycle == t->c.warmup)
    t->pay_at_warm = t->ej_payload;
  if (t->cycle == t->c.stop_at)
    t->pay_at_stop = t->ej_payload;
  for (unsigned l = 0; l < t->nl; l++) {
    ape_tr_src_t *s = &t->src[l];
    ape_tr_sink_t *k = &t->snk[l];
    for (unsigned v = 0; v < p->nvc; v++)
      s->cred[v] += o->inj_cr[l] >> v & 1u;
    if (o->ej_valid[l] && eject(t, l, o->ej_vc[l], &o->ej_data[l]))
      return -1;
    /* the sink frees its buffer at random */
    for (unsigned v = 0; v < p->nvc; v++)
      if (k->held[v] && prng_bernoulli(&t->rng, t->c.p_sink)) {
        k->held[v]--;
        in->ej_cr[l] |= 1u << v;
      }
    /* the source */
    if (t->cycle < t->c.stop_at && (!t->c.src_mask || (t->c.src_mask >> (l % p->nloc) & 1u)) &&
        prng_bernoulli(&t->rng, t->c.rate / mean_words) && new_packet(t, l))
      return fail(t, "too many packets for the scoreboard", l, 0, 0);
    if (!s->qn)
      continue;
    ape_tr_pkt_t *f = &s->q[s->qh];
    if (!s->sending) {
      if (s->cred[f->vc] < f->len + 2)
        continue;
      s->cred[f->vc] -= f->len + 2;
      s->sending = 1;
      s->k = 0;
      f->t_inj = t->cycle;
      t->pk[f->id].t_inj = t->cycle;
    } else if (prng_bernoulli(&t->rng, t->c.p_gap)) {
      continue; /* a gap inside the packet: the router's cut-through waits */
    }
    in->inj_valid[l] = 1;
    in->inj_vc[l] = f->vc;
    ape_tr_word(p, f, s->k, &in->inj_data[l]);
    if (++s->k == f->len + 2) {
      s->sending = 0;
      s->qh = (s->qh + 1) % t->c.q_cap;
      s->qn--;
    }
  }
  t->cycle++;
  return 0;
}
