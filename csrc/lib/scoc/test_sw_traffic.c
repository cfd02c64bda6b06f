/* test_sw_traffic.c - traffic patterns, link pacing, data word packing, scoreboard, statistics,
 * max-min fair rates and the run loop of sw_traffic (csrc/lib/scoc/sw_traffic.h). The switch under
 * the traffic is a test double: an ideal output-queued switch (store and forward, a few cycles
 * of latency, unbounded output queues) implementing sw_ops_t, with switches that make it stall
 * its inputs or misbehave on purpose (lose, duplicate, reorder, corrupt, misroute a packet). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "scoc_switch_model.h"
#include "sw_traffic.h"
#include "unit.h"

/* ------------------------------------------------------------------ the ideal switch double */

#define ID_MAXN 32u
#define ID_MAXLEN 64u

enum {
  F_NONE,
  F_LOSS,     /* the packet is not delivered */
  F_DUP,      /* delivered twice */
  F_REORDER,  /* delivered after the next packet of its connection */
  F_CORRUPT,  /* bit f_bit of word f_word flipped */
  F_MISROUTE, /* delivered at output dst + 1 */
  F_DROPWORD, /* word f_word removed */
  F_TRUNCATE, /* last word removed (out_last on the word before) */
  F_LOSS_DUP  /* lost, and the next packet of its connection delivered twice */
};

typedef struct id_pkt {
  struct id_pkt *next;
  uint64_t ready; /* first cycle it may be shown */
  unsigned len, src, dst;
  uint64_t w[ID_MAXLEN];
} id_pkt_t;

typedef struct {
  unsigned n, dw, lat;
  uint64_t now;
  uint64_t asm_w[ID_MAXN][ID_MAXLEN]; /* packet being received per input */
  unsigned asm_n[ID_MAXN], asm_dst[ID_MAXN];
  id_pkt_t *head[ID_MAXN], *tail[ID_MAXN];
  unsigned pos[ID_MAXN];
  unsigned done[ID_MAXN]; /* packets completed per input */
  /* misbehaviour: on the f_nth packet completed at input f_port */
  int fault;
  unsigned f_port, f_nth, f_word, f_bit;
  unsigned f_dst, f_hit; /* destination of the victim, 1 once it happened */
  id_pkt_t *held;        /* F_REORDER: the victim, until the next packet to its output */
  /* stalls: in_ready low with probability stall, drawn at each edge */
  double stall;
  prng_t rng;
  uint8_t ready[ID_MAXN];
} ideal_t;

static void id_init(ideal_t *s, unsigned n, unsigned dw, unsigned lat) {
  memset(s, 0, sizeof *s);
  s->n = n;
  s->dw = dw;
  s->lat = lat;
  memset(s->ready, 1, sizeof s->ready);
  prng_seed(&s->rng, 99);
}

static void id_free(ideal_t *s) {
  for (unsigned o = 0; o < ID_MAXN; o++)
    while (s->head[o]) {
      id_pkt_t *k = s->head[o];
      s->head[o] = k->next;
      free(k);
    }
  free(s->held);
  s->held = NULL;
}

static void id_push(ideal_t *s, id_pkt_t *k, unsigned o) {
  k->next = NULL;
  k->ready = s->now + 1u + s->lat;
  if (s->tail[o])
    s->tail[o]->next = k;
  else
    s->head[o] = k;
  s->tail[o] = k;
}

static void id_complete(ideal_t *s, unsigned p) {
  id_pkt_t *k = malloc(sizeof *k);
  if (!k)
    abort();
  k->len = s->asm_n[p];
  k->src = p;
  k->dst = s->asm_dst[p];
  memcpy(k->w, s->asm_w[p], k->len * sizeof k->w[0]);
  unsigned o = k->dst;
  s->done[p]++;
  if (s->held && p == s->f_port && o == s->f_dst) { /* the packet that overtakes the victim */
    id_push(s, k, o);
    id_push(s, s->held, o);
    s->held = NULL;
    return;
  }
  if (s->f_hit == 1 && s->fault == F_LOSS_DUP && p == s->f_port && o == s->f_dst) {
    id_pkt_t *c = malloc(sizeof *c); /* the packet after the lost one, twice */
    if (!c)
      abort();
    *c = *k;
    id_push(s, k, o);
    id_push(s, c, o);
    s->f_hit = 2;
    return;
  }
  if (!s->fault || s->f_hit || p != s->f_port || s->done[p] != s->f_nth) {
    id_push(s, k, o);
    return;
  }
  s->f_hit = 1;
  s->f_dst = o;
  switch (s->fault) {
  case F_LOSS:
  case F_LOSS_DUP:
    free(k);
    return;
  case F_DUP: {
    id_pkt_t *c = malloc(sizeof *c);
    if (!c)
      abort();
    *c = *k;
    id_push(s, k, o);
    id_push(s, c, o);
    return;
  }
  case F_REORDER:
    s->held = k;
    return;
  case F_CORRUPT:
    k->w[s->f_word % k->len] ^= 1ull << s->f_bit;
    id_push(s, k, o);
    return;
  case F_MISROUTE:
    id_push(s, k, (o + 1u) % s->n);
    return;
  case F_DROPWORD:
    if (k->len > 1) {
      unsigned i = s->f_word % k->len;
      memmove(&k->w[i], &k->w[i + 1], (k->len - i - 1u) * sizeof k->w[0]);
      k->len--;
    }
    id_push(s, k, o);
    return;
  case F_TRUNCATE:
    if (k->len > 1)
      k->len--;
    id_push(s, k, o);
    return;
  default:
    id_push(s, k, o);
  }
}

static void id_outputs(const void *v, sw_link_out_t *o) {
  const ideal_t *s = v;
  for (unsigned p = 0; p < s->n; p++) {
    const id_pkt_t *k = s->head[p];
    o->in_ready[p] = s->ready[p];
    o->out_valid[p] = k && k->ready <= s->now;
    o->out_data[p] = o->out_valid[p] ? k->w[s->pos[p]] : 0;
    o->out_last[p] = o->out_valid[p] && s->pos[p] + 1u == k->len;
  }
}

static void id_clock(void *v, const sw_link_in_t *in) {
  ideal_t *s = v;
  for (unsigned p = 0; p < s->n; p++) {
    id_pkt_t *k = s->head[p];
    if (k && k->ready <= s->now && in->out_ready[p] && ++s->pos[p] == k->len) {
      s->head[p] = k->next;
      if (!s->head[p])
        s->tail[p] = NULL;
      free(k);
      s->pos[p] = 0;
    }
  }
  for (unsigned p = 0; p < s->n; p++) {
    if (!s->ready[p] || !in->in_valid[p])
      continue;
    if (s->asm_n[p] == 0)
      s->asm_dst[p] = in->in_dst[p];
    if (s->asm_n[p] < ID_MAXLEN)
      s->asm_w[p][s->asm_n[p]++] = in->in_data[p];
    if (in->in_last[p]) {
      id_complete(s, p);
      s->asm_n[p] = 0;
    }
  }
  for (unsigned p = 0; p < s->n; p++)
    s->ready[p] = s->stall > 0.0 ? !prng_bernoulli(&s->rng, s->stall) : 1;
  s->now++;
}

static sw_ops_t id_ops(ideal_t *s) {
  sw_ops_t ops = {s, s->n, s->dw, id_outputs, id_clock};
  return ops;
}

/* ------------------------------------------------------------------ helpers */

/* Generation and injection only: a switch that takes every word (ready) or none, and never
 * delivers anything. */
static void gen_only(sw_traffic_t *t, uint64_t cycles, int ready) {
  static sw_link_out_t o;
  static sw_link_in_t in;
  memset(&o, 0, sizeof o);
  memset(o.in_ready, ready ? 1 : 0, sizeof o.in_ready);
  for (uint64_t c = 0; c < cycles; c++) {
    sw_traffic_drive(t, &in);
    sw_traffic_account(t, &o, &in);
  }
}

static uint64_t pace_num(double cpw) { return (uint64_t)llround(cpw * 1e6); }

/* Words a link paced at cpw may carry in cycles 0 .. c-1 (aligned phase). */
static uint64_t ticks(uint64_t c, double cpw) { return c * 1000000u / pace_num(cpw); }

/* A run of cfg on the ideal switch (latency lat) with a fault; the summary in *s. */
static sw_traffic_t *run_ideal(const sw_traffic_cfg_t *cfg, ideal_t *sw, unsigned lat, int fault,
                               unsigned nth, unsigned word, unsigned bit, uint64_t measure,
                               sw_summary_t *s) {
  id_init(sw, cfg->n, cfg->dw, lat);
  sw->fault = fault;
  sw->f_port = 1;
  sw->f_nth = nth;
  sw->f_word = word;
  sw->f_bit = bit;
  sw_traffic_t *t = sw_traffic_new(cfg);
  if (!t)
    return NULL;
  sw_ops_t ops = id_ops(sw);
  if (sw_run(&ops, t, 200, measure, 2000000) != 0) {
    sw_traffic_free(t);
    return NULL;
  }
  sw_traffic_summary(t, s);
  return t;
}

static int is_perm(const unsigned *d, unsigned n) {
  unsigned char seen[SW_MAX_N];
  memset(seen, 0, sizeof seen);
  for (unsigned i = 0; i < n; i++) {
    if (d[i] >= n || seen[d[i]])
      return 0;
    seen[d[i]] = 1;
  }
  return 1;
}

/* ------------------------------------------------------------------ patterns */

static void t_perm_defs(ut_t *t) {
  static const unsigned bitrev16[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  const unsigned n = 16;
  unsigned d[SW_MAX_N];
  for (unsigned i = 0; i < n; i++)
    d[i] = sw_perm_dst(SW_PAT_BITREV, n, i);
  UT_CHECK(t, is_perm(d, n), "bit-reverse is not a permutation");
  for (unsigned i = 0; i < n; i++)
    UT_EQ(t, d[i], bitrev16[i], "bit-reverse");
  for (unsigned i = 0; i < n; i++)
    d[i] = sw_perm_dst(SW_PAT_BITCOMP, n, i);
  UT_CHECK(t, is_perm(d, n), "bit-complement is not a permutation");
  for (unsigned i = 0; i < n; i++)
    UT_EQ(t, d[i], 15u - i, "bit-complement");
  for (unsigned i = 0; i < n; i++)
    d[i] = sw_perm_dst(SW_PAT_SHUFFLE, n, i);
  UT_CHECK(t, is_perm(d, n), "shuffle is not a permutation");
  for (unsigned i = 0; i < n; i++)
    UT_EQ(t, d[i], ((i << 1) | (i >> 3)) & 15u, "shuffle (rotate left 1 of 4 bits)");
  UT_EQ(t, d[8], 1, "shuffle 1000 -> 0001");
  UT_EQ(t, d[9], 3, "shuffle 1001 -> 0011");
  for (unsigned i = 0; i < n; i++)
    d[i] = sw_perm_dst(SW_PAT_TRANSPOSE, n, i);
  UT_CHECK(t, is_perm(d, n), "transpose is not a permutation");
  for (unsigned i = 0; i < n; i++)
    UT_EQ(t, d[i], ((i & 3u) << 2) | (i >> 2), "transpose (swap 2-bit halves)");
  UT_EQ(t, d[6], 9, "transpose 01|10 -> 10|01");
  /* odd number of bits (N = 32): rotate left by 2, still a permutation */
  for (unsigned i = 0; i < 32; i++)
    d[i] = sw_perm_dst(SW_PAT_TRANSPOSE, 32, i);
  UT_CHECK(t, is_perm(d, 32), "transpose on 32 ports is not a permutation");
  UT_EQ(t, d[1], 4, "transpose N=32 of 1");
  UT_EQ(t, d[16], 2, "transpose N=32 of 16 (rotate left 2)");
  UT_EQ(t, sw_perm_dst(SW_PAT_BITREV, 12, 3), 12, "non power of two is refused");
  /* configuration check refuses bit permutations on N = 12 */
  sw_traffic_cfg_t c = sw_traffic_defaults(12, 32);
  c.pattern = SW_PAT_SHUFFLE;
  UT_CHECK(t, sw_traffic_cfg_check(&c, NULL, 0) != 0, "shuffle on 12 ports accepted");

  /* random permutation: a permutation, a function of the seed, and the traffic follows it */
  unsigned a[SW_MAX_N], b[SW_MAX_N], e[SW_MAX_N];
  c = sw_traffic_defaults(n, 32);
  c.pattern = SW_PAT_PERM_RANDOM;
  c.load = 0.5;
  c.seed = 7;
  sw_traffic_t *x = sw_traffic_new(&c), *y = sw_traffic_new(&c);
  c.seed = 8;
  sw_traffic_t *z = sw_traffic_new(&c);
  UT_CHECK(t, x && y && z, "sw_traffic_new");
  for (unsigned i = 0; i < n; i++) {
    a[i] = b[i] = e[i] = n;
    for (unsigned j = 0; j < n; j++) {
      if (sw_traffic_dest_prob(x, i, j) == 1.0)
        a[i] = j;
      if (sw_traffic_dest_prob(y, i, j) == 1.0)
        b[i] = j;
      if (sw_traffic_dest_prob(z, i, j) == 1.0)
        e[i] = j;
    }
  }
  int same_ab = memcmp(a, b, n * sizeof a[0]) == 0, same_ae = memcmp(a, e, n * sizeof a[0]) == 0;
  int ok = is_perm(a, n) && is_perm(e, n);
  gen_only(x, 4000, 1);
  unsigned bad = 0, none = 0;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++) {
      uint64_t g = sw_traffic_conn(x, i, j)->gen_pkts;
      if (j != a[i] && g)
        bad++;
      if (j == a[i] && !g)
        none++;
    }
  sw_traffic_free(x);
  sw_traffic_free(y);
  sw_traffic_free(z);
  UT_CHECK(t, ok, "random permutation is not a permutation");
  UT_CHECK(t, same_ab, "same seed, different permutation");
  UT_CHECK(t, !same_ae, "seeds 7 and 8 give the same permutation");
  UT_CHECK(t, bad == 0 && none == 0, "traffic off the permutation: %u, silent inputs: %u", bad,
           none);
  /* every bit permutation drives the traffic too */
  const sw_pattern_t pats[] = {SW_PAT_BITREV, SW_PAT_BITCOMP, SW_PAT_SHUFFLE, SW_PAT_TRANSPOSE};
  for (unsigned k = 0; k < 4; k++) {
    c = sw_traffic_defaults(n, 64);
    c.pattern = pats[k];
    c.saturate = 1;
    x = sw_traffic_new(&c);
    UT_CHECK(t, x, "sw_traffic_new");
    gen_only(x, 200, 1);
    bad = 0;
    for (unsigned i = 0; i < n; i++)
      for (unsigned j = 0; j < n; j++)
        if ((sw_traffic_conn(x, i, j)->gen_pkts != 0) != (j == sw_perm_dst(pats[k], n, i)))
          bad++;
    sw_traffic_free(x);
    UT_CHECK(t, bad == 0, "pattern %u: %u connections off the permutation", k, bad);
  }
}

/* Probabilities of the distributions against their definitions, then the generated packets
 * against the probabilities (5 sigma, binomial). */
static void t_dest_dist(ut_t *t) {
  const unsigned n = 16;
  sw_conn_t conns[] = {{0, 3, 0.2}, {0, 5, 0.6}, {2, 2, 0.5}, {7, 0, 0.1}, {7, 1, 0.1}};
  struct {
    sw_pattern_t pat;
    double diag, u;
    unsigned group, shift;
  } cases[] = {
      {SW_PAT_UNIFORM, 0, 0, 4, 0},
      {SW_PAT_DIAGONAL, 2.0 / 3.0, 0, 4, 0},
      {SW_PAT_DIAGONAL, 1.0 / 3.0, 0, 4, 0},
      {SW_PAT_LOGDIAG, 0, 0, 4, 0},
      {SW_PAT_UNBALANCED, 0, 0.5, 4, 0},
      {SW_PAT_UNBALANCED, 0, 0.0, 4, 0},
      {SW_PAT_UNBALANCED, 0, 1.0, 4, 0},
      {SW_PAT_PARTITION, 0, 0, 4, 0},
      {SW_PAT_PARTITION, 0, 0, 4, 1},
      {SW_PAT_PARTITION, 0, 0, 8, 1},
      {SW_PAT_CONNS, 0, 0, 4, 0},
  };
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    sw_traffic_cfg_t c = sw_traffic_defaults(n, 32);
    c.pattern = cases[k].pat;
    c.diag = cases[k].diag;
    c.u = cases[k].u;
    c.group = cases[k].group;
    c.group_shift = cases[k].shift;
    c.conns = conns;
    c.n_conns = 5;
    c.load = 1.0;
    c.seed = 100 + k;
    sw_traffic_t *x = sw_traffic_new(&c);
    UT_CHECK(t, x, "case %u: sw_traffic_new", k);
    /* definitions */
    for (unsigned i = 0; i < n; i++) {
      double sum = 0.0;
      for (unsigned j = 0; j < n; j++) {
        double p = sw_traffic_dest_prob(x, i, j), e = -1.0;
        sum += p;
        unsigned off = (j + n - i) % n;
        switch (c.pattern) {
        case SW_PAT_UNIFORM:
          e = 1.0 / n;
          break;
        case SW_PAT_DIAGONAL:
          e = off == 0 ? c.diag : off == 1 ? 1.0 - c.diag : 0.0;
          break;
        case SW_PAT_LOGDIAG:
          e = ldexp(1.0, -(int)off - 1) / (1.0 - ldexp(1.0, -(int)n));
          break;
        case SW_PAT_UNBALANCED:
          e = (j == i ? c.u : 0.0) + (1.0 - c.u) / n;
          break;
        case SW_PAT_PARTITION:
          e = j / c.group == ((i / c.group + c.group_shift) % (n / c.group)) ? 1.0 / c.group : 0.0;
          break;
        default:
          e = p;
          break;
        }
        if (fabs(p - e) > 1e-12) {
          sw_traffic_free(x);
          UT_CHECK(t, 0, "case %u: P(%u -> %u) = %g, definition %g", k, i, j, p, e);
        }
      }
      double want = c.pattern == SW_PAT_CONNS && i != 0 && i != 2 && i != 7 ? 0.0 : 1.0;
      if (fabs(sum - want) > 1e-9) {
        sw_traffic_free(x);
        UT_CHECK(t, 0, "case %u: probabilities of input %u sum to %g", k, i, sum);
      }
    }
    if (c.pattern == SW_PAT_CONNS) {
      double p03 = sw_traffic_dest_prob(x, 0, 3), p05 = sw_traffic_dest_prob(x, 0, 5);
      if (fabs(p03 - 0.25) > 1e-12 || fabs(p05 - 0.75) > 1e-12) {
        sw_traffic_free(x);
        UT_CHECK(t, 0, "connections: shares %g %g, expected 0.25 0.75", p03, p05);
      }
    }
    if (c.pattern == SW_PAT_UNBALANCED && c.u == 0.5 &&
        fabs(sw_traffic_dest_prob(x, 3, 3) - 0.53125) > 1e-12) {
      sw_traffic_free(x);
      UT_CHECK(t, 0, "unbalanced u 0.5: P(i -> i) should be 0.5 + 0.5 / 16");
    }
    /* empirical */
    gen_only(x, 30000, 1);
    for (unsigned i = 0; i < n; i++) {
      uint64_t tot = 0;
      for (unsigned j = 0; j < n; j++)
        tot += sw_traffic_conn(x, i, j)->gen_pkts;
      for (unsigned j = 0; j < n; j++) {
        double p = sw_traffic_dest_prob(x, i, j);
        uint64_t g = sw_traffic_conn(x, i, j)->gen_pkts;
        if (c.pattern == SW_PAT_CONNS) { /* each connection is its own stream of its rate */
          p = 0.0;
          for (unsigned m = 0; m < 5; m++)
            if (conns[m].src == i && conns[m].dst == j)
              p = conns[m].rate;
          tot = 30000;
        }
        double mu = p * (double)tot, sd = sqrt(mu * (1.0 - p));
        if (fabs((double)g - mu) > 5.0 * sd + 2.0 || (p == 0.0 && g != 0)) {
          sw_traffic_free(x);
          UT_CHECK(t, 0, "case %u: %u -> %u generated %llu of %llu, expected %.1f", k, i, j,
                   (unsigned long long)g, (unsigned long long)tot, mu);
        }
      }
    }
    sw_traffic_free(x);
  }
}

/* Slotted Bernoulli: offered words per link tick = load, for fixed and bimodal sizes. */
static void t_bernoulli_load(ut_t *t) {
  const unsigned n = 16;
  const double loads[] = {0.1, 0.5, 0.9};
  const unsigned lens[][2] = {{1, 0}, {4, 0}, {1, 8}};
  const uint64_t cyc = 100000;
  for (unsigned li = 0; li < 3; li++)
    for (unsigned si = 0; si < 3; si++) {
      sw_traffic_cfg_t c = sw_traffic_defaults(n, 48);
      c.load = loads[li];
      c.len = lens[si][0];
      c.len2 = lens[si][1];
      c.p_len2 = 0.1;
      c.cpw = 2.5;
      c.seed = 3 + li * 3 + si;
      sw_traffic_t *x = sw_traffic_new(&c);
      UT_CHECK(t, x, "sw_traffic_new");
      sw_traffic_measure(x);
      gen_only(x, cyc, 1);
      sw_traffic_stop(x);
      sw_summary_t s;
      sw_traffic_summary(x, &s);
      double tk = (double)ticks(cyc, c.cpw) * n, meas = (double)s.gen_words / tk;
      uint64_t backlog = s.backlog_pkts;
      sw_traffic_free(x);
      UT_CHECK(t, fabs(meas - c.load) < 0.015, "load %.2f sizes %u/%u: measured %.4f", c.load,
               c.len, c.len2, meas);
      UT_CHECK(t, fabs(s.offered - meas) < 1e-3, "window offered %.4f vs %.4f", s.offered, meas);
      UT_CHECK(t, backlog < 4u * n, "a link that takes every word left %llu packets queued",
               (unsigned long long)backlog);
    }
  /* load 1 with fixed sizes: a packet in every slot, exactly ceil(ticks / L) per input */
  sw_traffic_cfg_t c = sw_traffic_defaults(n, 32);
  c.load = 1.0;
  c.len = 3;
  c.cpw = 1.7;
  sw_traffic_t *x = sw_traffic_new(&c);
  UT_CHECK(t, x, "sw_traffic_new");
  gen_only(x, 1000, 1);
  uint64_t tk = ticks(1000, 1.7), want = (tk + 2) / 3;
  int ok = 1;
  for (unsigned p = 0; p < n; p++)
    ok &= sw_traffic_port(x, p)->gen_pkts == want && sw_traffic_port(x, p)->inj_words == tk;
  sw_traffic_free(x);
  UT_CHECK(t, ok, "load 1: expected %llu packets and %llu words per input",
           (unsigned long long)want, (unsigned long long)tk);
  /* load 0: nothing */
  c.load = 0.0;
  x = sw_traffic_new(&c);
  UT_CHECK(t, x, "sw_traffic_new");
  gen_only(x, 1000, 1);
  sw_summary_t s;
  sw_traffic_summary(x, &s);
  sw_traffic_free(x);
  UT_EQ(t, s.gen_pkts, 0, "packets at load 0");
}

/* ------------------------------------------------------------------ link pacing */

static void t_pacing(ut_t *t) {
  const double cpws[] = {1.0, 2.0, 2.5, 5.8, 4 * 1.45, 10.0 / 3.0, 7.123457};
  for (unsigned k = 0; k < sizeof cpws / sizeof cpws[0]; k++) {
    sw_traffic_cfg_t c = sw_traffic_defaults(4, 32);
    c.saturate = 1;
    c.len = 5;
    c.cpw = cpws[k];
    sw_traffic_t *x = sw_traffic_new(&c);
    UT_CHECK(t, x, "sw_traffic_new");
    static sw_link_out_t o;
    static sw_link_in_t in;
    memset(&o, 0, sizeof o);
    memset(o.in_ready, 1, sizeof o.in_ready);
    uint64_t num = pace_num(c.cpw), taken = 0, bad_at = UINT64_MAX;
    const uint64_t cyc = 23456;
    for (uint64_t cy = 0; cy < cyc; cy++) {
      sw_traffic_drive(x, &in);
      if (in.in_valid[0]) { /* word `taken` must go exactly at its tick */
        taken++;
        if ((cy + 1) * 1000000u / num != taken || cy * 1000000u / num != taken - 1)
          bad_at = bad_at == UINT64_MAX ? cy : bad_at;
      }
      sw_traffic_account(x, &o, &in);
    }
    uint64_t w0 = sw_traffic_port(x, 0)->inj_words, w3 = sw_traffic_port(x, 3)->inj_words;
    sw_traffic_free(x);
    UT_CHECK(t, bad_at == UINT64_MAX, "cpw %g: a word off its tick at cycle %llu", c.cpw,
             (unsigned long long)bad_at);
    UT_EQ(t, w0, ticks(cyc, c.cpw), "words in the run = floor(cycles / cpw)");
    UT_EQ(t, w3, w0, "every link paced alike");
  }
  UT_EQ(t, ticks(5800, 5.8), 1000, "5800 cycles at 5.8");
  UT_EQ(t, ticks(5799, 4 * 1.45), 999, "5799 cycles at 4 x 1.45");
  UT_EQ(t, (uint64_t)floor(10000 / 5.8), ticks(10000, 5.8), "floor(10000 / 5.8)");

  /* output pacing, with and without a slow consumer: a switch that always shows a word */
  const double slows[] = {1.0, 2.0, 3.5};
  for (unsigned k = 0; k < 3; k++) {
    sw_traffic_cfg_t c = sw_traffic_defaults(4, 32);
    c.load = 0.0;
    c.cpw = 2.5;
    c.out_slow = slows[k];
    sw_traffic_t *x = sw_traffic_new(&c);
    UT_CHECK(t, x, "sw_traffic_new");
    static sw_link_out_t o;
    static sw_link_in_t in;
    memset(&o, 0, sizeof o);
    memset(o.out_valid, 1, sizeof o.out_valid);
    memset(o.out_last, 1, sizeof o.out_last);
    for (unsigned cy = 0; cy < 10000; cy++) {
      sw_traffic_drive(x, &in);
      sw_traffic_account(x, &o, &in);
    }
    uint64_t w = sw_traffic_port(x, 2)->out_words;
    sw_summary_t s;
    sw_traffic_summary(x, &s);
    sw_traffic_free(x);
    UT_EQ(t, w, ticks(10000, 2.5 * slows[k]), "output words = floor(cycles / (cpw x slow))");
    UT_EQ(t, s.unknown_pkts, 4u * w, "garbage words are unknown packets");
  }

  /* random phases: each link within one word of floor(cycles / cpw), and not all aligned */
  sw_traffic_cfg_t c = sw_traffic_defaults(8, 32);
  c.saturate = 1;
  c.cpw = 5.8;
  c.rand_phase = 1;
  sw_traffic_t *x = sw_traffic_new(&c);
  UT_CHECK(t, x, "sw_traffic_new");
  static sw_link_out_t o;
  static sw_link_in_t in;
  memset(&o, 0, sizeof o);
  memset(o.in_ready, 1, sizeof o.in_ready);
  unsigned first[8] = {0}, distinct = 0;
  for (unsigned cy = 0; cy < 20000; cy++) {
    sw_traffic_drive(x, &in);
    for (unsigned p = 0; p < 8; p++)
      if (in.in_valid[p] && !first[p])
        first[p] = cy + 1;
    sw_traffic_account(x, &o, &in);
  }
  int ok = 1;
  for (unsigned p = 0; p < 8; p++) {
    uint64_t w = sw_traffic_port(x, p)->inj_words, f = ticks(20000, 5.8);
    ok &= w == f || w == f + 1;
    distinct += first[p] != first[0];
  }
  sw_traffic_free(x);
  UT_CHECK(t, ok, "random phase: a link off floor(cycles / cpw) by more than one word");
  UT_CHECK(t, distinct > 0, "random phase: every link starts in the same cycle");
}

/* ------------------------------------------------------------------ data words */

static void t_word_pack(ut_t *t) {
  prng_t r;
  prng_seed(&r, 5);
  for (unsigned dw = 32; dw <= 64; dw++) {
    sw_word_fmt_t f = sw_word_fmt(dw);
    UT_EQ(t, f.src_bits + f.widx_bits + f.seq_bits + f.chk_bits, dw, "fields fill the word");
    UT_EQ(t, f.src_lsb + f.src_bits, dw, "source at the top");
    UT_EQ(t, f.seq_bits, 10 + (dw - 32) / 2, "sequence bits");
    unsigned aliases = 0, misroutes = 0, flips = 0, trials = 400;
    for (unsigned i = 0; i < trials; i++) {
      unsigned src = (unsigned)prng_below(&r, 256), dst = (unsigned)prng_below(&r, 256);
      uint32_t seq = prng_u32(&r);
      unsigned widx = (unsigned)prng_below(&r, 300);
      uint64_t w = sw_word_pack(dw, src, dst, seq, widx);
      unsigned s2, w2;
      uint32_t q2, c2;
      sw_word_unpack(dw, w, &s2, &q2, &w2, &c2);
      UT_CHECK(t, dw == 64 || (w >> dw) == 0, "bits above DW set");
      UT_CHECK(t, s2 == src && q2 == (seq & ((1u << f.seq_bits) - 1u)) && w2 == (widx & 63u),
               "DW %u: unpack does not return the fields", dw);
      UT_CHECK(t, sw_word_ok(dw, w, src, dst, seq, widx), "own word refused");
      /* sequence numbers are carried modulo 2^seq_bits, but checked in full */
      uint64_t w_wrap = sw_word_pack(dw, src, dst, seq + (1u << f.seq_bits), widx);
      uint32_t q3;
      sw_word_unpack(dw, w_wrap, NULL, &q3, NULL, NULL);
      UT_CHECK(t, q3 == q2, "sequence field not modulo its width");
      aliases += w_wrap == w;
      misroutes += sw_word_ok(dw, w, src, (dst + 1u) & 255u, seq, widx);
      /* a single-bit flip: the word is no longer this packet's, and read as whatever packet
       * its fields now name (as the receiver does), it passes only on a check collision */
      unsigned b = (unsigned)prng_below(&r, dw);
      uint64_t x = w ^ (1ull << b);
      UT_CHECK(t, !sw_word_ok(dw, x, src, dst, seq, widx), "flip of bit %u", b);
      unsigned s3, w3;
      uint32_t q4, c3;
      sw_word_unpack(dw, x, &s3, &q4, &w3, &c3);
      uint32_t m = (1u << f.seq_bits) - 1u, full = (seq & ~m) | q4;
      flips += sw_word_ok(dw, x, s3, dst, full, (widx & ~63u) | w3);
    }
    /* the check has chk_bits bits: collisions at rate 2^-chk_bits */
    unsigned lim = dw >= 48 ? 1 : 12;
    UT_CHECK(t, aliases <= lim && misroutes <= lim && flips <= lim,
             "DW %u: %u aliases, %u misroutes, %u flips accepted in %u", dw, aliases, misroutes,
             flips, trials);
  }
  sw_word_fmt_t f32 = sw_word_fmt(32), f64 = sw_word_fmt(64);
  UT_CHECK(t, f32.seq_bits == 10 && f32.chk_bits == 8 && f32.widx_bits == 6, "DW 32 layout");
  UT_CHECK(t, f64.seq_bits == 26 && f64.chk_bits == 24 && f64.src_lsb == 56, "DW 64 layout");
  /* all-zero words (an idle or reset bus) are never a valid packet word */
  unsigned zeros = 0;
  for (unsigned s = 0; s < 256; s++)
    zeros += sw_word_ok(64, 0, 0, s, 0, 0);
  UT_EQ(t, zeros, 0, "zero word valid");
}

static void t_hist(ut_t *t) {
  sw_hist_t h;
  UT_CHECK(t, sw_hist_init(&h) == 0, "sw_hist_init");
  for (uint64_t v = 1; v <= 1000; v++)
    sw_hist_add(&h, v);
  uint64_t p99 = sw_hist_quantile(&h, 0.99), p50 = sw_hist_quantile(&h, 0.5);
  uint64_t p100 = sw_hist_quantile(&h, 1.0);
  double mean = sw_hist_mean(&h);
  uint64_t mx = h.max;
  for (unsigned i = 0; i < 10; i++)
    sw_hist_add(&h, 123456789);
  uint64_t top = sw_hist_quantile(&h, 1.0);
  sw_hist_free(&h);
  UT_EQ(t, p99, 990, "p99 of 1..1000");
  UT_EQ(t, p50, 500, "p50 of 1..1000");
  UT_EQ(t, p100, 1000, "p100 of 1..1000");
  UT_EQ(t, mx, 1000, "max");
  UT_CHECK(t, fabs(mean - 500.5) < 1e-9, "mean %g", mean);
  UT_CHECK(t, top <= 123456789 && top > 123456789 - 123456789 / 256, "large value bucket %llu",
           (unsigned long long)top);
}

/* ------------------------------------------------------------------ scoreboard */

static sw_traffic_cfg_t sb_cfg(unsigned dw) {
  sw_traffic_cfg_t c = sw_traffic_defaults(8, dw);
  c.load = 0.6;
  c.len = 4;
  c.len2 = 1;
  c.p_len2 = 0.25;
  c.cpw = 2.0;
  c.seed = 11 + dw;
  return c;
}

static void t_scoreboard_clean(ut_t *t) {
  const unsigned dws[] = {32, 40, 57, 64};
  for (unsigned k = 0; k < 4; k++) {
    ideal_t *sw = malloc(sizeof *sw);
    sw_traffic_cfg_t c = sb_cfg(dws[k]);
    sw_summary_t s;
    sw_traffic_t *x = run_ideal(&c, sw, 3, F_NONE, 0, 0, 0, 6000, &s);
    UT_CHECK(t, x, "run");
    int conn_ok = 1;
    for (unsigned i = 0; i < 8; i++)
      for (unsigned j = 0; j < 8; j++) {
        const sw_conn_stats_t *cs = sw_traffic_conn(x, i, j);
        conn_ok &= cs->ok_pkts == cs->gen_pkts && cs->inj_pkts == cs->gen_pkts;
      }
    sw_traffic_free(x);
    id_free(sw);
    free(sw);
    UT_CHECK(t, s.errors == 0 && s.corrupt_words == 0 && s.unknown_words == 0,
             "DW %u: errors %llu on an ideal switch", dws[k], (unsigned long long)s.errors);
    UT_CHECK(t, s.gen_pkts > 4000 && s.ok_pkts == s.gen_pkts && s.inj_pkts == s.gen_pkts,
             "DW %u: generated %llu injected %llu delivered %llu", dws[k],
             (unsigned long long)s.gen_pkts, (unsigned long long)s.inj_pkts,
             (unsigned long long)s.ok_pkts);
    UT_CHECK(t, s.backlog_pkts == 0 && s.outstanding == 0, "not drained");
    UT_CHECK(t, conn_ok, "a connection delivered a different number of packets");
  }
}

/* Each fault of the double is seen, exactly, on the right connection; DW 32 and 64. */
static void t_scoreboard_faults(ut_t *t) {
  struct {
    int fault;
    unsigned word, bit;
    uint64_t lost, dup, reorder, corrupt, unknown;
    const char *what;
  } cases[] = {
      {F_LOSS, 0, 0, 1, 0, 0, 0, 0, "lost packet"},
      {F_DUP, 0, 0, 0, 1, 0, 0, 0, "duplicate packet"},
      {F_REORDER, 0, 0, 0, 0, 1, 0, 0, "reordered packet"},
      {F_CORRUPT, 1, 0, 0, 0, 0, 1, 0, "bit 0 (check) of word 1"},
      {F_CORRUPT, 2, 9, 0, 0, 0, 1, 0, "bit 9 (DW 32: sequence) of word 2"},
      {F_CORRUPT, 3, 20, 0, 0, 0, 1, 0, "bit 20 (DW 32: word index) of word 3"},
      {F_CORRUPT, 1, 31, 0, 0, 0, 1, 0, "bit 31 (DW 32: source; DW 64: sequence) of word 1"},
      {F_CORRUPT, 2, 52, 0, 0, 0, 1, 0, "bit 52 (DW 32: above DW; DW 64: word index)"},
      {F_CORRUPT, 1, 60, 0, 0, 0, 1, 0, "bit 60 (DW 64: source)"},
      {F_CORRUPT, 0, 3, 1, 0, 0, 0, 1, "first word: unknown packet, then lost"},
      {F_MISROUTE, 0, 0, 1, 0, 0, 0, 1, "misrouted: fails the check at the wrong output"},
      {F_DROPWORD, 2, 0, 0, 0, 0, 1, 0, "a word dropped inside the packet"},
      {F_TRUNCATE, 0, 0, 0, 0, 0, 1, 0, "last word dropped: out_last one word early"},
      {F_LOSS_DUP, 0, 0, 1, 1, 0, 0, 0, "a duplicate while an older packet is missing"},
  };
  const unsigned dws[] = {32, 64};
  for (unsigned d = 0; d < 2; d++)
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
      ideal_t *sw = malloc(sizeof *sw);
      sw_traffic_cfg_t c = sb_cfg(dws[d]);
      c.len2 = 0; /* 4-word packets: the words named above exist */
      sw_summary_t s;
      sw_traffic_t *x =
          run_ideal(&c, sw, 2, cases[k].fault, 40, cases[k].word, cases[k].bit, 4000, &s);
      UT_CHECK(t, x, "run");
      unsigned hit = sw->f_hit, vd = sw->f_dst;
      const sw_conn_stats_t *v = sw_traffic_conn(x, 1, vd);
      uint64_t v_lost = v->lost, v_dup = v->dup, v_reo = v->reorder, v_cor = v->corrupt_pkts;
      uint64_t cw = s.corrupt_words;
      sw_traffic_free(x);
      id_free(sw);
      free(sw);
      UT_CHECK(t, hit == (cases[k].fault == F_LOSS_DUP ? 2u : 1u), "%s: the fault never fired",
               cases[k].what);
      UT_CHECK(t,
               s.lost == cases[k].lost && s.dup == cases[k].dup && s.reorder == cases[k].reorder &&
                   s.corrupt_pkts == cases[k].corrupt && s.unknown_pkts == cases[k].unknown,
               "DW %u %s: lost %llu dup %llu reorder %llu corrupt %llu unknown %llu", dws[d],
               cases[k].what, (unsigned long long)s.lost, (unsigned long long)s.dup,
               (unsigned long long)s.reorder, (unsigned long long)s.corrupt_pkts,
               (unsigned long long)s.unknown_pkts);
      UT_CHECK(t,
               v_lost == cases[k].lost && v_dup == cases[k].dup && v_reo == cases[k].reorder &&
                   v_cor == cases[k].corrupt,
               "DW %u %s: not on the victim's connection 1 -> %u", dws[d], cases[k].what, vd);
      if (cases[k].fault == F_CORRUPT && cases[k].word > 0)
        UT_EQ(t, cw, 1, "one corrupt word");
      if (cases[k].fault == F_DROPWORD)
        UT_CHECK(t, cw >= 1, "dropped word: no corrupt word counted");
      if (cases[k].fault == F_TRUNCATE)
        UT_EQ(t, cw, 0, "truncated packet: its words are all good");
    }
}

/* DW 32 carries 10 sequence bits: more than 2^10 packets per connection run clean, a reorder
 * after the wrap is still seen, and a loss followed by thousands of packets is one loss. */
static void t_seq_wrap(ut_t *t) {
  const int faults[] = {F_NONE, F_REORDER, F_LOSS};
  for (unsigned fi = 0; fi < 3; fi++) {
    int fault = faults[fi];
    ideal_t *sw = malloc(sizeof *sw);
    sw_traffic_cfg_t c = sw_traffic_defaults(4, 32);
    c.pattern = SW_PAT_BITCOMP;
    c.saturate = 1;
    c.len = 1;
    sw_summary_t s;
    sw_traffic_t *x = run_ideal(&c, sw, 1, fault, fault == F_LOSS ? 1000 : 3000, 0, 0, 5000, &s);
    UT_CHECK(t, x, "run");
    uint64_t per = sw_traffic_conn(x, 1, 2)->ok_pkts;
    unsigned hit = sw->f_hit;
    sw_traffic_free(x);
    id_free(sw);
    free(sw);
    UT_CHECK(t, per > 3000, "only %llu packets on connection 1 -> 2", (unsigned long long)per);
    UT_EQ(t, s.dup + s.corrupt_pkts + s.unknown_pkts, 0, "errors across the wrap");
    UT_EQ(t, s.lost, fault == F_LOSS ? 1 : 0, "losses across the wrap");
    UT_EQ(t, s.reorder, fault == F_REORDER ? 1 : 0, "reorders across the wrap");
    UT_CHECK(t, fault == F_NONE || hit, "fault never fired");
  }
}

/* ------------------------------------------------------------------ max-min fairness */

static int near(double a, double b) { return fabs(a - b) < 1e-9; }

static void t_maxmin(ut_t *t) {
  double f[8];
  /* two connections sharing an output */
  sw_conn_t a[] = {{0, 5, 1.0}, {1, 5, 1.0}};
  UT_CHECK(t, sw_maxmin(a, 2, f) == 0, "sw_maxmin");
  UT_CHECK(t, near(f[0], 0.5) && near(f[1], 0.5), "shared output: %g %g", f[0], f[1]);
  /* microbenchmark 1: 0 -> 2, 0 -> 3, 1 -> 3: all 0.5 */
  sw_conn_t b[] = {{0, 2, 1.0}, {0, 3, 1.0}, {1, 3, 1.0}};
  sw_maxmin(b, 3, f);
  UT_CHECK(t, near(f[0], 0.5) && near(f[1], 0.5) && near(f[2], 0.5), "mb1: %g %g %g", f[0], f[1],
           f[2]);
  /* three share output 8, input 0 also sends to output 4: 1/3 each, 0 -> 4 gets 2/3 */
  sw_conn_t c[] = {{0, 8, 1.0}, {1, 8, 1.0}, {2, 8, 1.0}, {0, 4, 1.0}};
  sw_maxmin(c, 4, f);
  UT_CHECK(t,
           near(f[0], 1.0 / 3) && near(f[1], 1.0 / 3) && near(f[2], 1.0 / 3) && near(f[3], 2.0 / 3),
           "mb3: %g %g %g %g", f[0], f[1], f[2], f[3]);
  /* a connection offered 0.3 keeps it, the other two share the remaining 0.7 */
  sw_conn_t d[] = {{0, 8, 0.3}, {1, 8, 1.0}, {2, 8, 5.0}};
  sw_maxmin(d, 3, f);
  UT_CHECK(t, near(f[0], 0.3) && near(f[1], 0.35) && near(f[2], 0.35), "0.3 case: %g %g %g", f[0],
           f[1], f[2]);
  /* microbenchmark 5: group 0 = inputs 0..3, group 1 = 4..7, outputs 8 and 9 (group 2) */
  sw_conn_t e[] = {{0, 8, 1}, {1, 8, 1}, {2, 8, 1}, {3, 9, 1}, {4, 8, 1}, {5, 9, 1}, {6, 9, 1}};
  sw_maxmin(e, 7, f);
  int ok = 1;
  for (unsigned i = 0; i < 7; i++)
    ok &= near(f[i], e[i].dst == 8 ? 0.25 : 1.0 / 3);
  UT_CHECK(t, ok, "mb5: output 8 shared by 4, output 9 by 3");
  /* a chain with a small demand: 2 -> 2 keeps 0.2, the rest 0.5 */
  sw_conn_t g[] = {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {2, 1, 1}, {2, 2, 0.2}};
  sw_maxmin(g, 5, f);
  UT_CHECK(t,
           near(f[0], 0.5) && near(f[1], 0.5) && near(f[2], 0.5) && near(f[3], 0.5) &&
               near(f[4], 0.2),
           "chain: %g %g %g %g %g", f[0], f[1], f[2], f[3], f[4]);
  /* two bottlenecks: 0 -> 0, 1 -> 0, 1 -> 1, 2 -> 1, 3 -> 1: output 1 fills first at 1/3 each,
   * then 0 -> 0 and 1 -> 0 share output 0 (0.5 each; input 1 ends at 5/6, not full) */
  sw_conn_t h[] = {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {2, 1, 1}, {3, 1, 1}};
  sw_maxmin(h, 5, f);
  UT_CHECK(t,
           near(f[2], 1.0 / 3) && near(f[3], 1.0 / 3) && near(f[4], 1.0 / 3) && near(f[0], 0.5) &&
               near(f[1], 0.5),
           "two bottlenecks: %g %g %g %g %g", f[0], f[1], f[2], f[3], f[4]);
  /* an input bottleneck: input 1 sends to 0, 1, 2 (1/3 each, input full), 0 -> 0 takes the
   * rest of output 0 (2/3) */
  sw_conn_t in_b[] = {{1, 0, 1}, {1, 1, 1}, {1, 2, 1}, {0, 0, 1}};
  sw_maxmin(in_b, 4, f);
  UT_CHECK(t,
           near(f[0], 1.0 / 3) && near(f[1], 1.0 / 3) && near(f[2], 1.0 / 3) && near(f[3], 2.0 / 3),
           "input bottleneck: %g %g %g %g", f[0], f[1], f[2], f[3]);
  /* zero demand and an empty list */
  sw_conn_t z[] = {{0, 1, 0.0}, {2, 1, 1.0}};
  sw_maxmin(z, 2, f);
  UT_CHECK(t, near(f[0], 0.0) && near(f[1], 1.0), "zero demand: %g %g", f[0], f[1]);
  UT_CHECK(t, sw_maxmin(z, 0, f) == 0, "empty list");
  sw_conn_t bad[] = {{SW_MAX_N, 0, 1.0}};
  UT_CHECK(t, sw_maxmin(bad, 1, f) != 0, "port out of range accepted");
}

/* ------------------------------------------------------------------ run loop */

static void t_run_ideal(ut_t *t) {
  /* uniform 0.6 at the SCOC link rate (cpw 5.8), 8-word packets: the offered load arrives */
  ideal_t *sw = malloc(sizeof *sw);
  sw_traffic_cfg_t c = sw_traffic_defaults(16, 64);
  c.load = 0.6;
  c.len = 8;
  c.cpw = 4 * 1.45;
  c.rand_phase = 1;
  sw_summary_t s;
  sw_traffic_t *x = run_ideal(&c, sw, 4, F_NONE, 0, 0, 0, 200000, &s);
  UT_CHECK(t, x, "run");
  double lo = 1.0, hi = 0.0;
  for (unsigned o = 0; o < 16; o++) {
    double r = sw_traffic_out_rate(x, o);
    lo = fmin(lo, r);
    hi = fmax(hi, r);
  }
  sw_traffic_free(x);
  id_free(sw);
  UT_CHECK(t, s.errors == 0, "errors %llu", (unsigned long long)s.errors);
  UT_CHECK(t, fabs(s.offered - 0.6) < 0.02 && fabs(s.throughput - 0.6) < 0.02,
           "offered %.4f throughput %.4f, expected 0.6", s.offered, s.throughput);
  UT_CHECK(t, lo > 0.5 && hi < 0.7, "output rates %.3f .. %.3f", lo, hi);
  UT_CHECK(t,
           s.delay_n > 10000 && s.delay_avg >= 8 * 5.8 && s.delay_p99 >= s.delay_avg &&
               s.delay_max >= s.delay_p99,
           "delays: n %llu avg %.1f p99 %llu max %llu", (unsigned long long)s.delay_n, s.delay_avg,
           (unsigned long long)s.delay_p99, (unsigned long long)s.delay_max);

  /* no contention (permutation, low load, cpw 1): every delay is exactly 2 L - 1 + latency */
  c = sw_traffic_defaults(16, 32);
  c.pattern = SW_PAT_BITCOMP;
  c.load = 0.3;
  c.len = 4;
  x = run_ideal(&c, sw, 3, F_NONE, 0, 0, 0, 20000, &s);
  UT_CHECK(t, x, "run");
  sw_traffic_free(x);
  id_free(sw);
  UT_CHECK(t, s.errors == 0 && s.delay_n > 1000, "permutation run");
  UT_CHECK(t, s.delay_avg == 10.0 && s.delay_p99 == 10 && s.delay_max == 10,
           "delay avg %.2f p99 %llu max %llu, expected 10", s.delay_avg,
           (unsigned long long)s.delay_p99, (unsigned long long)s.delay_max);
  UT_CHECK(t, s.sw_delay_max == 10, "switch delay max %llu", (unsigned long long)s.sw_delay_max);

  /* a feasible connection list: every connection gets its offered rate, = its fair rate */
  sw_conn_t k[] = {{0, 2, 0.3}, {0, 3, 0.3}, {1, 3, 0.5}, {4, 5, 0.2}, {6, 6, 0.9}};
  double fair[5];
  sw_maxmin(k, 5, fair);
  c = sw_traffic_defaults(8, 48);
  c.pattern = SW_PAT_CONNS;
  c.conns = k;
  c.n_conns = 5;
  c.len = 2;
  c.cpw = 3.0;
  x = run_ideal(&c, sw, 2, F_NONE, 0, 0, 0, 150000, &s);
  UT_CHECK(t, x, "run");
  double worst = 0.0;
  for (unsigned i = 0; i < 5; i++)
    worst = fmax(worst, fabs(sw_traffic_conn_rate(x, k[i].src, k[i].dst) - fair[i]));
  double idle = sw_traffic_conn_rate(x, 2, 3);
  sw_traffic_free(x);
  id_free(sw);
  UT_CHECK(t, s.errors == 0, "errors on connections");
  UT_CHECK(t, worst < 0.02 && idle == 0.0, "connection rates off their fair rates by %.4f", worst);

  /* a slow consumer: saturated permutation, outputs at half rate -> throughput 0.5 */
  c = sw_traffic_defaults(8, 32);
  c.pattern = SW_PAT_SHUFFLE;
  c.saturate = 1;
  c.len = 3;
  c.cpw = 2.0;
  c.out_slow = 2.0;
  x = run_ideal(&c, sw, 2, F_NONE, 0, 0, 0, 30000, &s);
  UT_CHECK(t, x, "run");
  double in0 = sw_traffic_in_rate(x, 0);
  sw_traffic_free(x);
  id_free(sw);
  free(sw);
  UT_CHECK(t, s.errors == 0, "errors with a slow consumer");
  UT_CHECK(t, fabs(s.throughput - 0.5) < 0.01 && fabs(in0 - 1.0) < 0.01,
           "slow consumer: throughput %.4f, input rate %.4f", s.throughput, in0);
}

/* The measurement window and the two delays, exactly: saturated permutation, 1-word packets
 * at cpw 1 through a switch of latency 0 move one word per cycle on every link. */
static void t_window(ut_t *t) {
  ideal_t *sw = malloc(sizeof *sw);
  id_init(sw, 16, 32, 0);
  sw_traffic_cfg_t c = sw_traffic_defaults(16, 32);
  c.pattern = SW_PAT_BITREV;
  c.saturate = 1;
  sw_traffic_t *x = sw_traffic_new(&c);
  UT_CHECK(t, x, "sw_traffic_new");
  sw_ops_t ops = id_ops(sw);
  UT_CHECK(t, sw_run(&ops, x, 100, 1000, 100000) == 0, "sw_run");
  sw_summary_t s;
  sw_traffic_summary(x, &s);
  int ok = 1;
  for (unsigned i = 0; i < 16; i++) {
    unsigned d = sw_perm_dst(SW_PAT_BITREV, 16, i);
    const sw_conn_stats_t *k = sw_traffic_conn(x, i, d);
    ok &= k->win_words == 1000 && k->win_pkts == 1000 && k->delay_n == 1000 && k->ok_pkts > 1050 &&
          sw_traffic_conn_rate(x, i, d) == 1.0 && sw_traffic_out_rate(x, d) == 1.0 &&
          sw_traffic_in_rate(x, i) == 1.0;
  }
  sw_traffic_free(x);
  id_free(sw);
  UT_CHECK(t, ok, "a connection off one word per cycle in the window");
  UT_EQ(t, s.win_cycles, 1000, "window");
  UT_CHECK(t, s.throughput == 1.0 && s.offered == 1.0, "throughput %.4f offered %.4f", s.throughput,
           s.offered);
  UT_EQ(t, s.delay_n, 16000, "packets generated in the window");
  UT_CHECK(t, s.errors == 0, "errors");

  /* a saturated source keeps two packets: each waits one whole packet (L cycles) at the
   * source, so generation -> out is exactly L more than first word in -> out */
  c = sw_traffic_defaults(16, 32);
  c.pattern = SW_PAT_BITCOMP;
  c.saturate = 1;
  c.len = 4;
  x = run_ideal(&c, sw, 3, F_NONE, 0, 0, 0, 5000, &s);
  UT_CHECK(t, x, "run");
  sw_traffic_free(x);
  id_free(sw);
  free(sw);
  UT_CHECK(t, s.errors == 0 && s.delay_n > 1000, "saturated permutation run");
  UT_CHECK(t,
           s.delay_avg == s.sw_delay_avg + 4.0 && s.delay_max == s.sw_delay_max + 4 &&
               s.sw_delay_max == 10,
           "delay avg %.2f max %llu, in switch avg %.2f max %llu", s.delay_avg,
           (unsigned long long)s.delay_max, s.sw_delay_avg, (unsigned long long)s.sw_delay_max);
}

/* The per-cycle API on a switch that stalls its inputs at random: valid/ready rules, never
 * faster than the link, no errors; and open-loop traffic independent of the switch. */
static void t_handshake(ut_t *t) {
  uint64_t hash[3];
  for (unsigned run = 0; run < 3; run++) {
    ideal_t *sw = malloc(sizeof *sw);
    id_init(sw, 8, 64, 2);
    sw->stall = run == 1 ? 0.4 : 0.0;
    sw_traffic_cfg_t c = sw_traffic_defaults(8, 64);
    c.load = 0.35;
    c.len = 3;
    c.len2 = 7;
    c.p_len2 = 0.2;
    c.cpw = 2.5;
    c.seed = run == 2 ? 77 : 76;
    sw_traffic_t *x = sw_traffic_new(&c);
    UT_CHECK(t, x, "sw_traffic_new");
    sw_ops_t ops = id_ops(sw);
    static sw_link_out_t o;
    static sw_link_in_t in, prev;
    static uint8_t prev_taken[SW_MAX_N];
    uint64_t taken[8] = {0};
    const char *bad = NULL;
    uint64_t bad_cy = 0;
    sw_traffic_measure(x);
    for (uint64_t cy = 0; cy < 40000 && !bad; cy++) {
      ops.outputs(ops.model, &o);
      sw_traffic_drive(x, &in);
      for (unsigned p = 0; p < 8 && !bad; p++) {
        if (cy && prev.in_valid[p] && !prev_taken[p] &&
            (!in.in_valid[p] || in.in_data[p] != prev.in_data[p] ||
             in.in_last[p] != prev.in_last[p] || in.in_dst[p] != prev.in_dst[p]))
          bad = "an offer changed before it was taken";
        if (in.in_valid[p] && in.in_dst[p] >= 8)
          bad = "destination out of range";
        prev_taken[p] = in.in_valid[p] && o.in_ready[p];
        taken[p] += prev_taken[p];
        if (taken[p] > ticks(cy + 1, c.cpw))
          bad = "a link faster than its rate";
      }
      bad_cy = cy;
      prev = in;
      ops.clock(ops.model, &in);
      sw_traffic_account(x, &o, &in);
    }
    sw_traffic_stop(x);
    for (unsigned cy = 0; cy < 100000 && !sw_traffic_idle(x); cy++)
      sw_step(&ops, x);
    for (unsigned cy = 0; cy < 200; cy++)
      sw_step(&ops, x);
    sw_traffic_finish(x);
    sw_summary_t s;
    sw_traffic_summary(x, &s);
    hash[run] = s.gen_hash;
    sw_traffic_free(x);
    id_free(sw);
    free(sw);
    UT_CHECK(t, !bad, "%s at cycle %llu", bad ? bad : "", (unsigned long long)bad_cy);
    UT_CHECK(t, s.errors == 0 && s.ok_pkts == s.gen_pkts && s.gen_pkts > 10000,
             "stall %d: errors %llu, delivered %llu of %llu", run, (unsigned long long)s.errors,
             (unsigned long long)s.ok_pkts, (unsigned long long)s.gen_pkts);
  }
  UT_CHECK(t, hash[0] == hash[1], "same seed, different traffic on a stalling switch");
  UT_CHECK(t, hash[0] != hash[2], "seeds 76 and 77 give the same traffic");
}

/* Source capacity: a switch that never takes a word keeps src_cap packets per input. */
static void t_src_cap(ut_t *t) {
  for (int sat = 0; sat <= 1; sat++) {
    sw_traffic_cfg_t c = sw_traffic_defaults(4, 32);
    c.load = 0.5;
    c.saturate = sat;
    c.src_cap = 3;
    sw_traffic_t *x = sw_traffic_new(&c);
    UT_CHECK(t, x, "sw_traffic_new");
    gen_only(x, 2000, 0);
    sw_summary_t s;
    sw_traffic_summary(x, &s);
    sw_traffic_finish(x);
    sw_summary_t f;
    sw_traffic_summary(x, &f);
    sw_traffic_free(x);
    /* a saturated source keeps two packets queued, a Bernoulli one fills its cap */
    UT_EQ(t, s.backlog_pkts, sat ? 8 : 12, "packets held at the sources");
    UT_EQ(t, s.inj_words, 0, "words taken by a switch that is never ready");
    UT_CHECK(t, sat || s.src_dropped == s.gen_pkts - 12, "drops %llu of %llu",
             (unsigned long long)s.src_dropped, (unsigned long long)s.gen_pkts);
    UT_EQ(t, f.lost, 0, "packets never injected are not lost");
  }
}

/* Saturated connections of one input: smooth weighted round-robin splits the top-ups exactly
 * by rate, and conn_window caps each connection's packets generated and not yet delivered. */
static void t_conn_window(ut_t *t) {
  const sw_conn_t cs[2] = {{0, 1, 2.0}, {0, 2, 1.0}};
  for (unsigned win = 0; win <= 3; win += 3) {
    sw_traffic_cfg_t c = sw_traffic_defaults(4, 32);
    c.pattern = SW_PAT_CONNS;
    c.conns = cs;
    c.n_conns = 2;
    c.conn_window = win;
    sw_traffic_t *x = sw_traffic_new(&c);
    UT_CHECK(t, x, "sw_traffic_new");
    gen_only(x, 3000, 1); /* every word taken, nothing ever delivered */
    uint64_t a = sw_traffic_conn(x, 0, 1)->gen_pkts, b = sw_traffic_conn(x, 0, 2)->gen_pkts;
    sw_traffic_free(x);
    if (win) {
      UT_EQ(t, a, win, "0->1 stops at its window");
      UT_EQ(t, b, win, "0->2 stops at its window");
    } else {
      UT_CHECK(t, a > 1000 && llabs((long long)a - 2 * (long long)b) <= 2,
               "rate 2 : 1 split exactly: %llu and %llu packets", (unsigned long long)a,
               (unsigned long long)b);
    }
  }
}

/* The run loop on the SCOC switch model (csrc/ref/scoc_switch_model): zero errors, and the
 * offered load delivered at the SCOC speedup. */
static void t_scoc_smoke(ut_t *t) {
  static scoc_sw_model_t m;
  scoc_sw_params_t p = {16, 4, 4, 16, 12, 4, 32};
  UT_CHECK(t, scoc_sw_model_init(&m, &p) == 0, "scoc_sw_model_init");
  sw_ops_t ops = scoc_sw_model_ops(&m);
  sw_traffic_cfg_t c = sw_traffic_defaults(16, 32);
  c.load = 0.5;
  c.len = 4;
  c.cpw = 4 * 1.45;
  c.rand_phase = 1;
  sw_traffic_t *x = sw_traffic_new(&c);
  int rc = x ? sw_run(&ops, x, 2000, 30000, 200000) : -1;
  sw_summary_t s;
  if (x)
    sw_traffic_summary(x, &s);
  sw_traffic_free(x);
  scoc_sw_model_free(&m);
  UT_CHECK(t, rc == 0, "sw_run");
  UT_CHECK(t, s.errors == 0 && s.backlog_pkts == 0, "SCOC model: errors %llu backlog %llu",
           (unsigned long long)s.errors, (unsigned long long)s.backlog_pkts);
  UT_CHECK(t, fabs(s.throughput - 0.5) < 0.04, "SCOC model throughput %.4f at load 0.5",
           s.throughput);
  UT_CHECK(t, s.delay_n > 1000, "delays counted");
}

UT_SUITE(sw_traffic) {
  ut_run(s, "sw_traffic permutations", t_perm_defs);
  ut_run(s, "sw_traffic destination distributions", t_dest_dist);
  ut_run(s, "sw_traffic Bernoulli load", t_bernoulli_load);
  ut_run(s, "sw_traffic link pacing", t_pacing);
  ut_run(s, "sw_traffic word packing", t_word_pack);
  ut_run(s, "sw_traffic delay histogram", t_hist);
  ut_run(s, "sw_traffic scoreboard clean", t_scoreboard_clean);
  ut_run(s, "sw_traffic scoreboard faults", t_scoreboard_faults);
  ut_run(s, "sw_traffic sequence wrap at DW 32", t_seq_wrap);
  ut_run(s, "sw_traffic max-min fair rates", t_maxmin);
  ut_run(s, "sw_traffic run loop on the ideal switch", t_run_ideal);
  ut_run(s, "sw_traffic measurement window and delays", t_window);
  ut_run(s, "sw_traffic handshakes and determinism", t_handshake);
  ut_run(s, "sw_traffic source capacity", t_src_cap);
  ut_run(s, "sw_traffic connection split and window", t_conn_window);
  ut_run(s, "sw_traffic on the SCOC switch model", t_scoc_smoke);
}
