/*
 * sw_traffic.c - traffic, link pacing, scoreboard, statistics and max-min fair rates for a
 * switch seen from its links (sw_traffic.h has the contract).
 *
 * Reading of the contract, in the order of a cycle:
 *  1. drive(): every link's pacing accumulator adds 10^6; when it reaches round(cpw 10^6) it
 *     subtracts that and the link earns a credit (at most one banked). An input tick also runs
 *     the input's slotted Bernoulli streams (unless stopped). Saturated inputs are topped up to
 *     two queued packets. The input offers its head packet's next word while it holds a credit;
 *     an output raises out_ready while it holds one.
 *  2. account(): an input handshake spends the credit and takes the word (the first word of a
 *     packet opens its scoreboard record, the last pops it from the source); an output
 *     handshake spends the credit and feeds the word to the output's receiver.
 */
#include "sw_traffic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"

#define SWT_PACE_DEN 1000000u
#define SWT_DST_PAT 0xffffu /* stream destination drawn from the pattern */
#define SWT_SAT_DEPTH 2u    /* a saturated source keeps this many packets queued */

/* ------------------------------------------------------------------ internal types */

typedef struct { /* a packet waiting at its source */
  uint64_t gen;
  uint32_t seq;
  uint16_t dst, len;
} swt_pkt_t;

typedef struct {
  swt_pkt_t *b;
  uint32_t cap, head, n;
} swt_pq_t;

enum { SWT_REC_IN, SWT_REC_RX, SWT_REC_DONE };

typedef struct { /* an injected packet, until delivered */
  uint64_t gen, in;
  uint16_t len;
  uint8_t st;
} swt_rec_t;

typedef struct { /* scoreboard of one connection: records of seq base .. base + n - 1 */
  swt_rec_t *b;
  uint32_t cap, head, n;
  uint32_t base;     /* sequence number of the oldest record (or the next to inject) */
  uint32_t hi;       /* one past the newest sequence number delivered (>= base) */
  uint32_t next_seq; /* next sequence number to assign at generation */
} swt_sb_t;

typedef struct { /* a slotted Bernoulli stream of an input */
  uint16_t dst;  /* SWT_DST_PAT: from the pattern */
  uint32_t slot; /* ticks left in the current slot */
  double rate;
} swt_stream_t;

typedef struct { /* a saturated stream of an input */
  uint16_t dst;
  double w;
  double cur; /* smooth weighted round-robin credit */
} swt_sat_t;

enum { SWT_RX_OK, SWT_RX_DUP, SWT_RX_UNK };

typedef struct { /* the packet being received at an output */
  uint8_t active, kind, bad;
  unsigned src, len, next;
  uint32_t seq;
} swt_rx_t;

struct sw_traffic {
  sw_traffic_cfg_t cfg;
  sw_conn_t *conns;
  sw_word_fmt_t fmt;
  unsigned n, maxlen;
  uint64_t num_in, num_out; /* cycles per word x SWT_PACE_DEN */
  uint64_t cycle, win_start, win_end;
  int stopped, finished, driven;
  uint64_t queued, outstanding, rx_active, gen_hash;
  /* links */
  uint64_t acc_in[SW_MAX_N], acc_out[SW_MAX_N];
  uint8_t cr_in[SW_MAX_N], cr_out[SW_MAX_N];
  /* sources */
  prng_t gen_rng[SW_MAX_N], sat_rng[SW_MAX_N];
  swt_pq_t q[SW_MAX_N];
  uint32_t sent[SW_MAX_N]; /* words of the head packet already taken */
  unsigned st_first[SW_MAX_N + 1], sat_first[SW_MAX_N + 1];
  swt_stream_t *st;
  swt_sat_t *sat;
  double sat_wsum[SW_MAX_N];
  uint16_t perm[SW_MAX_N];
  double *logp, *logcum; /* SW_PAT_LOGDIAG: probability / cumulative of offset k */
  /* sinks */
  swt_rx_t rx[SW_MAX_N];
  swt_sb_t *sb;        /* [src * n + dst] */
  sw_conn_stats_t *cs; /* [src * n + dst] */
  sw_port_stats_t ps[SW_MAX_N];
  sw_hist_t delay, sw_delay;
  /* scratch of sw_step */
  sw_link_out_t o;
  sw_link_in_t in;
};

/* ------------------------------------------------------------------ small helpers */

static uint64_t swt_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static uint64_t swt_seed(uint64_t seed, unsigned kind, unsigned p) {
  uint64_t s = seed ^ ((uint64_t)kind << 56) ^ ((uint64_t)p << 40);
  return prng_splitmix64(&s);
}

static uint64_t swt_mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1ull; }

static int swt_pow2(unsigned n) { return n != 0 && (n & (n - 1)) == 0; }

static unsigned swt_log2(unsigned n) {
  unsigned b = 0;
  while ((1u << b) < n)
    b++;
  return b;
}

static int swt_in_window(const sw_traffic_t *t, uint64_t c) {
  return c >= t->win_start && c < t->win_end;
}

static uint64_t swt_win_cycles(const sw_traffic_t *t) {
  if (t->win_start == UINT64_MAX)
    return 0;
  uint64_t end = t->win_end == UINT64_MAX ? t->cycle : t->win_end;
  return end > t->win_start ? end - t->win_start : 0;
}

/* ------------------------------------------------------------------ configuration */

sw_traffic_cfg_t sw_traffic_defaults(unsigned n, unsigned dw) {
  sw_traffic_cfg_t c;
  memset(&c, 0, sizeof c);
  c.n = n;
  c.dw = dw;
  c.pattern = SW_PAT_UNIFORM;
  c.load = 0.5;
  c.diag = 2.0 / 3.0;
  c.group = 4;
  c.len = 1;
  c.cpw = 1.0;
  c.out_slow = 1.0;
  c.seed = 1;
  return c;
}

static int swt_why(char *why, unsigned len, const char *msg) {
  if (why && len) {
    strncpy(why, msg, len - 1);
    why[len - 1] = 0;
  }
  return -1;
}

int sw_traffic_cfg_check(const sw_traffic_cfg_t *c, char *why, unsigned why_len) {
  if (c->n < 1 || c->n > SW_MAX_N)
    return swt_why(why, why_len, "n must be 1 .. SW_MAX_N");
  if (c->dw < 32 || c->dw > 64)
    return swt_why(why, why_len, "dw must be 32 .. 64");
  if ((unsigned)c->pattern > (unsigned)SW_PAT_CONNS)
    return swt_why(why, why_len, "unknown pattern");
  if (!(c->load >= 0.0 && c->load <= 1.0))
    return swt_why(why, why_len, "load must be 0 .. 1");
  if (!(c->cpw >= 1.0 && c->cpw <= 1e6))
    return swt_why(why, why_len, "cpw must be 1 .. 1e6");
  if (!(c->out_slow == 0.0 || (c->out_slow >= 1.0 && c->out_slow * c->cpw <= 1e6)))
    return swt_why(why, why_len, "out_slow must be 0 or >= 1");
  if (c->len < 1 || c->len > SW_TRAFFIC_MAX_LEN || c->len2 > SW_TRAFFIC_MAX_LEN)
    return swt_why(why, why_len, "packet sizes must be 1 .. SW_TRAFFIC_MAX_LEN words");
  if (!(c->p_len2 >= 0.0 && c->p_len2 <= 1.0))
    return swt_why(why, why_len, "p_len2 must be 0 .. 1");
  switch (c->pattern) {
  case SW_PAT_BITREV:
  case SW_PAT_BITCOMP:
  case SW_PAT_SHUFFLE:
  case SW_PAT_TRANSPOSE:
    if (!swt_pow2(c->n))
      return swt_why(why, why_len, "bit permutations need n a power of two");
    break;
  case SW_PAT_DIAGONAL:
    if (!(c->diag >= 0.0 && c->diag <= 1.0))
      return swt_why(why, why_len, "diag must be 0 .. 1");
    break;
  case SW_PAT_UNBALANCED:
    if (!(c->u >= 0.0 && c->u <= 1.0))
      return swt_why(why, why_len, "u must be 0 .. 1");
    break;
  case SW_PAT_PARTITION:
    if (c->group < 1 || c->n % c->group != 0)
      return swt_why(why, why_len, "group must divide n");
    break;
  case SW_PAT_CONNS:
    if (c->n_conns && !c->conns)
      return swt_why(why, why_len, "conns is NULL");
    for (unsigned i = 0; i < c->n_conns; i++) {
      if (c->conns[i].src >= c->n || c->conns[i].dst >= c->n)
        return swt_why(why, why_len, "a connection's port is >= n");
      if (!(c->conns[i].rate >= 0.0 && c->conns[i].rate < 1e300))
        return swt_why(why, why_len, "a connection's rate must be >= 0");
    }
    break;
  default:
    break;
  }
  return 0;
}

unsigned sw_perm_dst(sw_pattern_t pat, unsigned n, unsigned p) {
  if (!swt_pow2(n) || p >= n)
    return n;
  unsigned b = swt_log2(n), m = n - 1u, r = 0;
  switch (pat) {
  case SW_PAT_BITREV:
    for (unsigned i = 0; i < b; i++)
      r |= ((p >> i) & 1u) << (b - 1u - i);
    return r;
  case SW_PAT_BITCOMP:
    return ~p & m;
  case SW_PAT_SHUFFLE:
    return b == 0 ? 0 : ((p << 1) | (p >> (b - 1u))) & m;
  case SW_PAT_TRANSPOSE: {
    unsigned k = b / 2u;
    return k == 0 ? p : ((p << k) | (p >> (b - k))) & m;
  }
  default:
    return n;
  }
}

/* ------------------------------------------------------------------ data words */

sw_word_fmt_t sw_word_fmt(unsigned dw) {
  sw_word_fmt_t f;
  if (dw < 32)
    dw = 32;
  if (dw > 64)
    dw = 64;
  unsigned x = dw - 32u;
  f.dw = dw;
  f.src_bits = 8;
  f.widx_bits = 6;
  f.seq_bits = 10u + x / 2u;
  f.chk_bits = 8u + x - x / 2u;
  f.seq_lsb = f.chk_bits;
  f.widx_lsb = f.seq_lsb + f.seq_bits;
  f.src_lsb = f.widx_lsb + f.widx_bits;
  return f;
}

static uint64_t swt_chk(unsigned src, unsigned dst, uint32_t seq, unsigned widx) {
  uint64_t k = (uint64_t)seq | (uint64_t)(widx & 0xffffu) << 32 | (uint64_t)(dst & 0xffu) << 48 |
               (uint64_t)(src & 0xffu) << 56;
  return swt_mix(k ^ 0x5357545241464631ull);
}

static uint64_t swt_pack(const sw_word_fmt_t *f, unsigned src, unsigned dst, uint32_t seq,
                         unsigned widx) {
  return (uint64_t)(src & swt_mask(f->src_bits)) << f->src_lsb |
         (uint64_t)(widx & swt_mask(f->widx_bits)) << f->widx_lsb |
         ((uint64_t)seq & swt_mask(f->seq_bits)) << f->seq_lsb |
         (swt_chk(src, dst, seq, widx) & swt_mask(f->chk_bits));
}

uint64_t sw_word_pack(unsigned dw, unsigned src, unsigned dst, uint32_t seq, unsigned widx) {
  sw_word_fmt_t f = sw_word_fmt(dw);
  return swt_pack(&f, src, dst, seq, widx);
}

void sw_word_unpack(unsigned dw, uint64_t w, unsigned *src, uint32_t *seq_lo, unsigned *widx_lo,
                    uint32_t *chk) {
  sw_word_fmt_t f = sw_word_fmt(dw);
  if (src)
    *src = (unsigned)((w >> f.src_lsb) & swt_mask(f.src_bits));
  if (seq_lo)
    *seq_lo = (uint32_t)((w >> f.seq_lsb) & swt_mask(f.seq_bits));
  if (widx_lo)
    *widx_lo = (unsigned)((w >> f.widx_lsb) & swt_mask(f.widx_bits));
  if (chk)
    *chk = (uint32_t)(w & swt_mask(f.chk_bits));
}

int sw_word_ok(unsigned dw, uint64_t w, unsigned src, unsigned dst, uint32_t seq, unsigned widx) {
  return w == sw_word_pack(dw, src, dst, seq, widx);
}

/* The full sequence number nearest to base whose low `bits` bits are lo. */
static uint32_t swt_seq_full(uint32_t base, uint32_t lo, unsigned bits) {
  uint32_t m = (uint32_t)swt_mask(bits);
  uint32_t d = (lo - base) & m;
  if (d & (1u << (bits - 1u)))
    d |= ~m;
  return base + d;
}

/* ------------------------------------------------------------------ histogram */

int sw_hist_init(sw_hist_t *h) {
  memset(h, 0, sizeof *h);
  h->bin = calloc(SW_HIST_BINS, sizeof *h->bin);
  return h->bin ? 0 : -1;
}

void sw_hist_free(sw_hist_t *h) {
  free(h->bin);
  h->bin = NULL;
}

static unsigned swt_bin(uint64_t v) {
  if (v < SW_HIST_EXACT)
    return (unsigned)v;
  unsigned e = 12;
  while (e < 63 && (v >> (e + 1)) != 0)
    e++;
  return SW_HIST_EXACT + (e - 12u) * 256u + (unsigned)((v >> (e - 8u)) & 255u);
}

static uint64_t swt_bin_lo(unsigned b) {
  if (b < SW_HIST_EXACT)
    return b;
  unsigned e = 12u + (b - SW_HIST_EXACT) / 256u, sub = (b - SW_HIST_EXACT) % 256u;
  return (uint64_t)(256u + sub) << (e - 8u);
}

void sw_hist_add(sw_hist_t *h, uint64_t v) {
  h->bin[swt_bin(v)]++;
  h->n++;
  h->sum += v;
  if (v > h->max)
    h->max = v;
}

double sw_hist_mean(const sw_hist_t *h) { return h->n ? (double)h->sum / (double)h->n : 0.0; }

uint64_t sw_hist_quantile(const sw_hist_t *h, double q) {
  if (!h->n)
    return 0;
  double need_d = ceil(q * (double)h->n);
  uint64_t need = need_d < 1.0 ? 1 : (uint64_t)need_d;
  if (need > h->n)
    need = h->n;
  uint64_t acc = 0;
  for (unsigned b = 0; b < SW_HIST_BINS; b++) {
    acc += h->bin[b];
    if (acc >= need)
      return swt_bin_lo(b);
  }
  return h->max;
}

/* ------------------------------------------------------------------ rings */

static int swt_pq_push(swt_pq_t *q, const swt_pkt_t *p) {
  if (q->n == q->cap) {
    uint32_t nc = q->cap ? q->cap * 2u : 8u;
    swt_pkt_t *nb = malloc(nc * sizeof *nb);
    if (!nb)
      return -1;
    for (uint32_t i = 0; i < q->n; i++)
      nb[i] = q->b[(q->head + i) % q->cap];
    free(q->b);
    q->b = nb;
    q->cap = nc;
    q->head = 0;
  }
  q->b[(q->head + q->n) % q->cap] = *p;
  q->n++;
  return 0;
}

static swt_pkt_t *swt_pq_head(swt_pq_t *q) { return &q->b[q->head]; }

static void swt_pq_pop(swt_pq_t *q) {
  q->head = (q->head + 1u) % q->cap;
  q->n--;
}

static swt_rec_t *swt_sb_at(swt_sb_t *s, uint32_t i) { return &s->b[(s->head + i) % s->cap]; }

static int swt_sb_push(swt_sb_t *s, const swt_rec_t *r) {
  if (s->n == s->cap) {
    uint32_t nc = s->cap ? s->cap * 2u : 4u;
    swt_rec_t *nb = malloc(nc * sizeof *nb);
    if (!nb)
      return -1;
    for (uint32_t i = 0; i < s->n; i++)
      nb[i] = *swt_sb_at(s, i);
    free(s->b);
    s->b = nb;
    s->cap = nc;
    s->head = 0;
  }
  s->b[(s->head + s->n) % s->cap] = *r;
  s->n++;
  return 0;
}

static void swt_sb_pop_done(swt_sb_t *s) {
  while (s->n && swt_sb_at(s, 0)->st == SWT_REC_DONE) {
    s->head = (s->head + 1u) % s->cap;
    s->n--;
    s->base++;
  }
}

/* ------------------------------------------------------------------ construction */

static void swt_build_perm(sw_traffic_t *t) {
  unsigned n = t->n;
  if (t->cfg.pattern == SW_PAT_PERM_RANDOM) {
    prng_t r;
    prng_seed(&r, swt_seed(t->cfg.seed, 3, 0));
    for (unsigned i = 0; i < n; i++)
      t->perm[i] = (uint16_t)i;
    for (unsigned i = n - 1u; i > 0; i--) {
      unsigned j = (unsigned)prng_below(&r, i + 1u);
      uint16_t x = t->perm[i];
      t->perm[i] = t->perm[j];
      t->perm[j] = x;
    }
  } else {
    for (unsigned i = 0; i < n; i++)
      t->perm[i] = (uint16_t)sw_perm_dst(t->cfg.pattern, n, i);
  }
}

/* Streams per input: the pattern's one stream, or the connections of the input. */
static int swt_build_streams(sw_traffic_t *t) {
  const sw_traffic_cfg_t *c = &t->cfg;
  unsigned n = t->n, cap = c->pattern == SW_PAT_CONNS ? c->n_conns : n;
  t->st = calloc(cap ? cap : 1u, sizeof *t->st);
  t->sat = calloc(cap ? cap : 1u, sizeof *t->sat);
  if (!t->st || !t->sat)
    return -1;
  unsigned ns = 0, nsat = 0;
  for (unsigned p = 0; p < n; p++) {
    t->st_first[p] = ns;
    t->sat_first[p] = nsat;
    t->sat_wsum[p] = 0.0;
    if (c->pattern != SW_PAT_CONNS) {
      if (c->saturate) {
        t->sat[nsat].dst = SWT_DST_PAT;
        t->sat[nsat++].w = 1.0;
        t->sat_wsum[p] = 1.0;
      } else if (c->load > 0.0) {
        t->st[ns].dst = SWT_DST_PAT;
        t->st[ns++].rate = c->load;
      }
      continue;
    }
    for (unsigned i = 0; i < c->n_conns; i++) {
      const sw_conn_t *k = &t->conns[i];
      if (k->src != p || !(k->rate > 0.0))
        continue;
      if (c->saturate || k->rate >= 1.0) {
        t->sat[nsat].dst = (uint16_t)k->dst;
        t->sat[nsat++].w = k->rate;
        t->sat_wsum[p] += k->rate;
      } else {
        t->st[ns].dst = (uint16_t)k->dst;
        t->st[ns++].rate = k->rate;
      }
    }
  }
  t->st_first[n] = ns;
  t->sat_first[n] = nsat;
  return 0;
}

sw_traffic_t *sw_traffic_new(const sw_traffic_cfg_t *cfg) {
  if (sw_traffic_cfg_check(cfg, NULL, 0) != 0)
    return NULL;
  sw_traffic_t *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->cfg = *cfg;
  t->n = cfg->n;
  if (t->cfg.out_slow == 0.0)
    t->cfg.out_slow = 1.0;
  if (cfg->pattern == SW_PAT_CONNS && cfg->n_conns) {
    t->conns = malloc(cfg->n_conns * sizeof *t->conns);
    if (!t->conns) {
      free(t);
      return NULL;
    }
    memcpy(t->conns, cfg->conns, cfg->n_conns * sizeof *t->conns);
  }
  t->cfg.conns = t->conns;
  t->fmt = sw_word_fmt(cfg->dw);
  t->maxlen = cfg->len2 > cfg->len ? cfg->len2 : cfg->len;
  t->num_in = (uint64_t)llround(cfg->cpw * SWT_PACE_DEN);
  t->num_out = (uint64_t)llround(cfg->cpw * t->cfg.out_slow * SWT_PACE_DEN);
  if (t->num_in < SWT_PACE_DEN)
    t->num_in = SWT_PACE_DEN;
  if (t->num_out < SWT_PACE_DEN)
    t->num_out = SWT_PACE_DEN;
  t->win_start = t->win_end = UINT64_MAX;
  t->gen_hash = 0x6a09e667f3bcc908ull;
  unsigned n = t->n;
  t->sb = calloc((size_t)n * n, sizeof *t->sb);
  t->cs = calloc((size_t)n * n, sizeof *t->cs);
  t->logp = calloc(n, sizeof *t->logp);
  t->logcum = calloc(n, sizeof *t->logcum);
  if (!t->sb || !t->cs || !t->logp || !t->logcum || sw_hist_init(&t->delay) ||
      sw_hist_init(&t->sw_delay) || swt_build_streams(t)) {
    sw_traffic_free(t);
    return NULL;
  }
  double sum = 0.0;
  for (unsigned k = 0; k < n; k++)
    sum += t->logp[k] = ldexp(1.0, -(int)k);
  double acc = 0.0;
  for (unsigned k = 0; k < n; k++) {
    t->logp[k] /= sum;
    acc += t->logp[k];
    t->logcum[k] = acc;
  }
  t->logcum[n - 1] = 1.0;
  swt_build_perm(t);
  for (unsigned p = 0; p < n; p++) {
    prng_seed(&t->gen_rng[p], swt_seed(cfg->seed, 1, p));
    prng_seed(&t->sat_rng[p], swt_seed(cfg->seed, 2, p));
  }
  if (cfg->rand_phase) {
    prng_t r;
    prng_seed(&r, swt_seed(cfg->seed, 4, 0));
    for (unsigned p = 0; p < n; p++) {
      t->acc_in[p] = prng_below(&r, t->num_in);
      t->acc_out[p] = prng_below(&r, t->num_out);
    }
  }
  return t;
}

void sw_traffic_free(sw_traffic_t *t) {
  if (!t)
    return;
  if (t->sb)
    for (size_t i = 0; i < (size_t)t->n * t->n; i++)
      free(t->sb[i].b);
  for (unsigned p = 0; p < t->n; p++)
    free(t->q[p].b);
  free(t->sb);
  free(t->cs);
  free(t->logp);
  free(t->logcum);
  free(t->st);
  free(t->sat);
  free(t->conns);
  sw_hist_free(&t->delay);
  sw_hist_free(&t->sw_delay);
  free(t);
}

const sw_traffic_cfg_t *sw_traffic_cfg(const sw_traffic_t *t) { return &t->cfg; }

double sw_traffic_dest_prob(const sw_traffic_t *t, unsigned src, unsigned dst) {
  const sw_traffic_cfg_t *c = &t->cfg;
  unsigned n = t->n;
  if (src >= n || dst >= n)
    return 0.0;
  switch (c->pattern) {
  case SW_PAT_UNIFORM:
    return 1.0 / n;
  case SW_PAT_PERM_RANDOM:
  case SW_PAT_BITREV:
  case SW_PAT_BITCOMP:
  case SW_PAT_SHUFFLE:
  case SW_PAT_TRANSPOSE:
    return t->perm[src] == dst ? 1.0 : 0.0;
  case SW_PAT_DIAGONAL:
    return (dst == src ? c->diag : 0.0) + (dst == (src + 1u) % n ? 1.0 - c->diag : 0.0);
  case SW_PAT_LOGDIAG:
    return t->logp[(dst + n - src) % n];
  case SW_PAT_UNBALANCED:
    return (dst == src ? c->u : 0.0) + (1.0 - c->u) / n;
  case SW_PAT_PARTITION: {
    unsigned groups = n / c->group, tg = (src / c->group + c->group_shift) % groups;
    return dst / c->group == tg ? 1.0 / c->group : 0.0;
  }
  case SW_PAT_CONNS: {
    double all = 0.0, to = 0.0;
    for (unsigned i = 0; i < c->n_conns; i++)
      if (t->conns[i].src == src && t->conns[i].rate > 0.0) {
        all += t->conns[i].rate;
        if (t->conns[i].dst == dst)
          to += t->conns[i].rate;
      }
    return all > 0.0 ? to / all : 0.0;
  }
  }
  return 0.0;
}

/* ------------------------------------------------------------------ generation */

static unsigned swt_pick(sw_traffic_t *t, unsigned p, prng_t *r) {
  const sw_traffic_cfg_t *c = &t->cfg;
  unsigned n = t->n;
  switch (c->pattern) {
  case SW_PAT_UNIFORM:
    return (unsigned)prng_below(r, n);
  case SW_PAT_DIAGONAL:
    return prng_bernoulli(r, c->diag) ? p : (p + 1u) % n;
  case SW_PAT_LOGDIAG: {
    double u = prng_double(r);
    unsigned k = 0;
    while (k + 1u < n && u >= t->logcum[k])
      k++;
    return (p + k) % n;
  }
  case SW_PAT_UNBALANCED:
    return prng_bernoulli(r, c->u) ? p : (unsigned)prng_below(r, n);
  case SW_PAT_PARTITION: {
    unsigned groups = n / c->group, tg = (p / c->group + c->group_shift) % groups;
    return tg * c->group + (unsigned)prng_below(r, c->group);
  }
  default: /* permutations */
    return t->perm[p];
  }
}

static unsigned swt_len(sw_traffic_t *t, prng_t *r) {
  if (t->cfg.len2 && prng_bernoulli(r, t->cfg.p_len2))
    return t->cfg.len2;
  return t->cfg.len;
}

static void swt_generate(sw_traffic_t *t, unsigned p, unsigned dst, unsigned len) {
  sw_port_stats_t *P = &t->ps[p];
  P->gen_pkts++;
  P->gen_words += len;
  if (swt_in_window(t, t->cycle))
    P->win_gen_words += len;
  t->gen_hash = swt_mix(t->gen_hash ^ t->cycle);
  t->gen_hash = swt_mix(t->gen_hash ^ ((uint64_t)p | (uint64_t)dst << 16 | (uint64_t)len << 32));
  if (t->cfg.src_cap && t->q[p].n >= t->cfg.src_cap) {
    P->src_dropped++;
    return;
  }
  swt_sb_t *S = &t->sb[(size_t)p * t->n + dst];
  swt_pkt_t k = {t->cycle, S->next_seq, (uint16_t)dst, (uint16_t)len};
  if (swt_pq_push(&t->q[p], &k) != 0) {
    P->src_dropped++;
    return;
  }
  S->next_seq++;
  t->cs[(size_t)p * t->n + dst].gen_pkts++;
  t->queued++;
}

/* One tick of input p's slotted Bernoulli streams. */
static void swt_tick_streams(sw_traffic_t *t, unsigned p) {
  prng_t *r = &t->gen_rng[p];
  for (unsigned i = t->st_first[p]; i < t->st_first[p + 1]; i++) {
    swt_stream_t *s = &t->st[i];
    if (s->slot == 0) {
      unsigned len = swt_len(t, r);
      if (prng_bernoulli(r, s->rate))
        swt_generate(t, p, s->dst == SWT_DST_PAT ? swt_pick(t, p, r) : s->dst, len);
      s->slot = len;
    }
    s->slot--;
  }
}

/* 1 when saturated connection j of input p may take one more packet under window win (0: no
 * window; pattern streams have none). */
static int swt_sat_open(const sw_traffic_t *t, unsigned p, unsigned j, unsigned win) {
  if (!win || t->sat[j].dst == SWT_DST_PAT)
    return 1;
  const sw_conn_stats_t *c = &t->cs[(size_t)p * t->n + t->sat[j].dst];
  return c->gen_pkts - c->ok_pkts < win;
}

static void swt_top_up(sw_traffic_t *t, unsigned p) {
  unsigned a = t->sat_first[p], b = t->sat_first[p + 1];
  if (a == b)
    return;
  unsigned depth = SWT_SAT_DEPTH;
  if (t->cfg.src_cap && t->cfg.src_cap < depth)
    depth = t->cfg.src_cap;
  prng_t *r = &t->sat_rng[p];
  /* conn_window: a saturated connection keeps at most that many packets generated and not
   * yet delivered */
  unsigned win = t->cfg.conn_window;
  while (t->q[p].n < depth) {
    /* the next connection: smooth weighted round-robin over the open ones (each gains its
     * weight, the richest is picked and pays the sum), so equal weights alternate exactly */
    double wsum = 0.0;
    unsigned i = b;
    for (unsigned j = a; j < b; j++) {
      if (!swt_sat_open(t, p, j, win))
        continue;
      wsum += t->sat[j].w;
      t->sat[j].cur += t->sat[j].w;
      if (i == b || t->sat[j].cur > t->sat[i].cur)
        i = j;
    }
    if (i == b)
      break; /* every connection at its window */
    t->sat[i].cur -= wsum;
    unsigned len = swt_len(t, r);
    unsigned dst = t->sat[i].dst == SWT_DST_PAT ? swt_pick(t, p, r) : t->sat[i].dst;
    uint32_t before = t->q[p].n;
    swt_generate(t, p, dst, len);
    if (t->q[p].n == before)
      break; /* out of memory */
  }
}

/* ------------------------------------------------------------------ per cycle */

void sw_traffic_drive(sw_traffic_t *t, sw_link_in_t *in) {
  unsigned n = t->n;
  if (!t->driven && !t->finished) {
    for (unsigned p = 0; p < n; p++) {
      t->acc_in[p] += SWT_PACE_DEN;
      if (t->acc_in[p] >= t->num_in) {
        t->acc_in[p] -= t->num_in;
        t->cr_in[p] = 1;
        if (!t->stopped)
          swt_tick_streams(t, p);
      }
      if (!t->stopped)
        swt_top_up(t, p);
      t->acc_out[p] += SWT_PACE_DEN;
      if (t->acc_out[p] >= t->num_out) {
        t->acc_out[p] -= t->num_out;
        t->cr_out[p] = 1;
      }
    }
    t->driven = 1;
  }
  for (unsigned p = 0; p < n; p++) {
    in->in_valid[p] = 0;
    in->in_last[p] = 0;
    in->in_dst[p] = 0;
    in->in_data[p] = 0;
    if (t->cr_in[p] && t->q[p].n) {
      const swt_pkt_t *k = swt_pq_head(&t->q[p]);
      in->in_valid[p] = 1;
      in->in_dst[p] = k->dst;
      in->in_last[p] = t->sent[p] + 1u == k->len;
      in->in_data[p] = swt_pack(&t->fmt, p, k->dst, k->seq, t->sent[p]);
    }
    in->out_ready[p] = t->cr_out[p];
  }
}

static void swt_take(sw_traffic_t *t, unsigned p, uint64_t now) {
  swt_pq_t *q = &t->q[p];
  swt_pkt_t *k = swt_pq_head(q);
  size_t ci = (size_t)p * t->n + k->dst;
  if (t->sent[p] == 0) {
    swt_rec_t r = {k->gen, now, k->len, SWT_REC_IN};
    swt_sb_push(&t->sb[ci], &r); /* its sequence number is base + n - 1 == k->seq */
    t->outstanding++;
  }
  t->cr_in[p] = 0;
  t->ps[p].inj_words++;
  if (swt_in_window(t, now))
    t->ps[p].win_inj_words++;
  if (++t->sent[p] == k->len) {
    t->sent[p] = 0;
    t->cs[ci].inj_pkts++;
    swt_pq_pop(q);
    t->queued--;
  }
}

static void swt_rx(sw_traffic_t *t, unsigned o, uint64_t w, int last, uint64_t now) {
  const sw_word_fmt_t *f = &t->fmt;
  sw_port_stats_t *P = &t->ps[o];
  int win = swt_in_window(t, now);
  P->out_words++;
  if (win)
    P->win_out_words++;
  unsigned src = (unsigned)((w >> f->src_lsb) & swt_mask(f->src_bits));
  uint32_t seq_lo = (uint32_t)((w >> f->seq_lsb) & swt_mask(f->seq_bits));
  swt_rx_t *R = &t->rx[o];
  if (!R->active) { /* first word: which packet is it? */
    R->active = 1;
    t->rx_active++;
    R->bad = 0;
    R->next = 0;
    R->kind = SWT_RX_UNK;
    R->src = src;
    if (src < t->n) {
      swt_sb_t *S = &t->sb[(size_t)src * t->n + o];
      uint32_t full = swt_seq_full(S->hi, seq_lo, f->seq_bits);
      if (w == swt_pack(f, src, o, full, 0)) {
        int32_t d = (int32_t)(full - S->base);
        if (d < 0) {
          R->kind = SWT_RX_DUP;
        } else if ((uint32_t)d < S->n) {
          swt_rec_t *r = swt_sb_at(S, (uint32_t)d);
          if (r->st != SWT_REC_IN) {
            R->kind = SWT_RX_DUP;
          } else {
            /* older than a packet already delivered: it was overtaken (a packet that is
             * skipped for good is not a reorder: it counts lost at the end) */
            if ((int32_t)(full - S->hi) < 0)
              t->cs[(size_t)src * t->n + o].reorder++;
            else
              S->hi = full + 1u;
            r->st = SWT_REC_RX;
            R->kind = SWT_RX_OK;
            R->seq = full;
            R->len = r->len;
          }
        } /* else: never injected: unknown */
      }
    }
  }
  if (R->kind == SWT_RX_OK) {
    sw_conn_stats_t *C = &t->cs[(size_t)R->src * t->n + o];
    if (R->next < R->len && w == swt_pack(f, R->src, o, R->seq, R->next)) {
      C->ok_words++;
      if (win)
        C->win_words++;
    } else {
      C->corrupt_words++;
      R->bad = 1;
    }
    if (last != (R->next + 1u == R->len))
      R->bad = 1; /* truncated, or longer than the packet */
    R->next++;
    if (last) {
      swt_sb_t *S = &t->sb[(size_t)R->src * t->n + o];
      swt_rec_t *r = swt_sb_at(S, R->seq - S->base);
      r->st = SWT_REC_DONE;
      t->outstanding--;
      if (R->bad) {
        C->corrupt_pkts++;
      } else {
        C->ok_pkts++;
        if (win)
          C->win_pkts++;
        if (swt_in_window(t, r->gen)) {
          uint64_t d = now - r->gen;
          sw_hist_add(&t->delay, d);
          sw_hist_add(&t->sw_delay, now - r->in);
          C->delay_n++;
          C->delay_sum += d;
          if (d > C->delay_max)
            C->delay_max = d;
        }
      }
      swt_sb_pop_done(S);
    }
  } else if (R->kind == SWT_RX_DUP) {
    P->dup_words++;
    if (last)
      t->cs[(size_t)R->src * t->n + o].dup++;
  } else {
    P->unknown_words++;
    if (last)
      P->unknown_pkts++;
  }
  if (last) {
    R->active = 0;
    t->rx_active--;
  }
}

void sw_traffic_account(sw_traffic_t *t, const sw_link_out_t *o, const sw_link_in_t *in) {
  if (t->finished)
    return;
  uint64_t now = t->cycle;
  for (unsigned p = 0; p < t->n; p++) {
    if (in->in_valid[p] && o->in_ready[p] && t->cr_in[p] && t->q[p].n)
      swt_take(t, p, now);
    if (in->out_ready[p] && o->out_valid[p]) {
      t->cr_out[p] = 0;
      swt_rx(t, p, o->out_data[p], o->out_last[p] != 0, now);
    }
  }
  t->cycle++;
  t->driven = 0;
}

void sw_traffic_measure(sw_traffic_t *t) {
  t->win_start = t->cycle;
  t->win_end = UINT64_MAX;
}

void sw_traffic_stop(sw_traffic_t *t) {
  if (!t->stopped && t->win_start != UINT64_MAX && t->win_end == UINT64_MAX)
    t->win_end = t->cycle;
  t->stopped = 1;
}

int sw_traffic_idle(const sw_traffic_t *t) {
  return t->queued == 0 && t->outstanding == 0 && t->rx_active == 0;
}

void sw_traffic_finish(sw_traffic_t *t) {
  if (t->finished)
    return;
  sw_traffic_stop(t);
  for (size_t i = 0; i < (size_t)t->n * t->n; i++) {
    swt_sb_t *S = &t->sb[i];
    for (uint32_t j = 0; j < S->n; j++)
      if (swt_sb_at(S, j)->st != SWT_REC_DONE) {
        t->cs[i].lost++;
        t->outstanding--;
      }
    S->base += S->n;
    S->hi = S->base;
    S->n = 0;
    S->head = 0;
  }
  for (unsigned o = 0; o < t->n; o++)
    t->rx[o].active = 0;
  t->rx_active = 0;
  t->finished = 1;
}

uint64_t sw_traffic_cycle(const sw_traffic_t *t) { return t->cycle; }

/* ------------------------------------------------------------------ statistics */

void sw_traffic_summary(const sw_traffic_t *t, sw_summary_t *s) {
  memset(s, 0, sizeof *s);
  unsigned n = t->n;
  s->cycles = t->cycle;
  s->win_cycles = swt_win_cycles(t);
  uint64_t win_gen = 0, win_out = 0;
  for (unsigned p = 0; p < n; p++) {
    const sw_port_stats_t *P = &t->ps[p];
    s->gen_pkts += P->gen_pkts;
    s->gen_words += P->gen_words;
    s->src_dropped += P->src_dropped;
    s->inj_words += P->inj_words;
    s->unknown_pkts += P->unknown_pkts;
    s->unknown_words += P->unknown_words;
    s->backlog_pkts += t->q[p].n;
    win_gen += P->win_gen_words;
    win_out += P->win_out_words;
  }
  for (size_t i = 0; i < (size_t)n * n; i++) {
    const sw_conn_stats_t *C = &t->cs[i];
    s->inj_pkts += C->inj_pkts;
    s->ok_pkts += C->ok_pkts;
    s->ok_words += C->ok_words;
    s->lost += C->lost;
    s->dup += C->dup;
    s->reorder += C->reorder;
    s->corrupt_pkts += C->corrupt_pkts;
    s->corrupt_words += C->corrupt_words;
  }
  s->outstanding = t->outstanding;
  s->errors = s->lost + s->dup + s->reorder + s->corrupt_pkts + s->unknown_pkts;
  if (s->win_cycles) {
    double links = (double)n * (double)s->win_cycles / t->cfg.cpw;
    s->offered = (double)win_gen / links;
    s->throughput = (double)win_out / links;
  }
  s->delay_n = t->delay.n;
  s->delay_avg = sw_hist_mean(&t->delay);
  s->delay_p99 = sw_hist_quantile(&t->delay, 0.99);
  s->delay_max = t->delay.max;
  s->sw_delay_avg = sw_hist_mean(&t->sw_delay);
  s->sw_delay_p99 = sw_hist_quantile(&t->sw_delay, 0.99);
  s->sw_delay_max = t->sw_delay.max;
  s->gen_hash = t->gen_hash;
}

const sw_conn_stats_t *sw_traffic_conn(const sw_traffic_t *t, unsigned src, unsigned dst) {
  if (src >= t->n || dst >= t->n)
    return NULL;
  return &t->cs[(size_t)src * t->n + dst];
}

const sw_port_stats_t *sw_traffic_port(const sw_traffic_t *t, unsigned p) {
  return p < t->n ? &t->ps[p] : NULL;
}

static double swt_rate(const sw_traffic_t *t, uint64_t words) {
  uint64_t w = swt_win_cycles(t);
  return w ? (double)words * t->cfg.cpw / (double)w : 0.0;
}

double sw_traffic_conn_rate(const sw_traffic_t *t, unsigned src, unsigned dst) {
  const sw_conn_stats_t *c = sw_traffic_conn(t, src, dst);
  return c ? swt_rate(t, c->win_words) : 0.0;
}

double sw_traffic_out_rate(const sw_traffic_t *t, unsigned o) {
  return o < t->n ? swt_rate(t, t->ps[o].win_out_words) : 0.0;
}

double sw_traffic_in_rate(const sw_traffic_t *t, unsigned i) {
  return i < t->n ? swt_rate(t, t->ps[i].win_inj_words) : 0.0;
}

const sw_hist_t *sw_traffic_delay_hist(const sw_traffic_t *t) { return &t->delay; }
const sw_hist_t *sw_traffic_sw_delay_hist(const sw_traffic_t *t) { return &t->sw_delay; }

void sw_traffic_report(const sw_traffic_t *t, FILE *f) {
  sw_summary_t s;
  sw_traffic_summary(t, &s);
  fprintf(f, "window %llu cycles (cpw %.4g, %u ports): offered %.4f, throughput %.4f\n",
          (unsigned long long)s.win_cycles, t->cfg.cpw, t->n, s.offered, s.throughput);
  fprintf(f,
          "delay over %llu packets: avg %.1f p99 %llu max %llu cycles (in switch: avg %.1f "
          "p99 %llu max %llu)\n",
          (unsigned long long)s.delay_n, s.delay_avg, (unsigned long long)s.delay_p99,
          (unsigned long long)s.delay_max, s.sw_delay_avg, (unsigned long long)s.sw_delay_p99,
          (unsigned long long)s.sw_delay_max);
  fprintf(f,
          "packets: generated %llu, dropped at source %llu, injected %llu, delivered %llu, "
          "backlog %llu; errors %llu (lost %llu dup %llu reorder %llu corrupt %llu unknown "
          "%llu)\n",
          (unsigned long long)s.gen_pkts, (unsigned long long)s.src_dropped,
          (unsigned long long)s.inj_pkts, (unsigned long long)s.ok_pkts,
          (unsigned long long)s.backlog_pkts, (unsigned long long)s.errors,
          (unsigned long long)s.lost, (unsigned long long)s.dup, (unsigned long long)s.reorder,
          (unsigned long long)s.corrupt_pkts, (unsigned long long)s.unknown_pkts);
}

/* ------------------------------------------------------------------ run loop */

int sw_step(const sw_ops_t *ops, sw_traffic_t *t) {
  ops->outputs(ops->model, &t->o);
  sw_traffic_drive(t, &t->in);
  ops->clock(ops->model, &t->in);
  sw_traffic_account(t, &t->o, &t->in);
  for (unsigned p = 0; p < t->n; p++)
    if (t->o.out_valid[p])
      return 1;
  return 0;
}

int sw_run(const sw_ops_t *ops, sw_traffic_t *t, uint64_t warmup, uint64_t measure,
           uint64_t drain) {
  if (ops->n != t->n || ops->dw < t->cfg.dw)
    return -1;
  for (uint64_t i = 0; i < warmup; i++)
    sw_step(ops, t);
  sw_traffic_measure(t);
  for (uint64_t i = 0; i < measure; i++)
    sw_step(ops, t);
  sw_traffic_stop(t);
  uint64_t quiet_need = 4u * (uint64_t)t->maxlen * (t->num_out / SWT_PACE_DEN + 1u);
  if (quiet_need < 1000)
    quiet_need = 1000;
  uint64_t quiet = 0;
  for (uint64_t i = 0; i < drain; i++) {
    int v = sw_step(ops, t);
    if (!v && sw_traffic_idle(t)) {
      if (++quiet >= quiet_need)
        break;
    } else {
      quiet = 0;
    }
  }
  sw_traffic_finish(t);
  return 0;
}

/* ------------------------------------------------------------------ max-min fair rates */

int sw_maxmin(const sw_conn_t *c, unsigned k, double *fair) {
  const double eps = 1e-12;
  double in_rem[SW_MAX_N], out_rem[SW_MAX_N];
  unsigned in_k[SW_MAX_N], out_k[SW_MAX_N];
  for (unsigned i = 0; i < k; i++)
    if (c[i].src >= SW_MAX_N || c[i].dst >= SW_MAX_N)
      return -1;
  for (unsigned p = 0; p < SW_MAX_N; p++)
    in_rem[p] = out_rem[p] = 1.0;
  uint8_t *frozen = calloc(k ? k : 1u, 1);
  if (!frozen)
    return -1;
  for (unsigned i = 0; i < k; i++) {
    fair[i] = 0.0;
    frozen[i] = !(c[i].rate > eps);
  }
  for (unsigned it = 0; it <= k; it++) { /* every round freezes at least one connection */
    memset(in_k, 0, sizeof in_k);
    memset(out_k, 0, sizeof out_k);
    unsigned live = 0;
    for (unsigned i = 0; i < k; i++)
      if (!frozen[i]) {
        in_k[c[i].src]++;
        out_k[c[i].dst]++;
        live++;
      }
    if (!live)
      break;
    double delta = INFINITY;
    for (unsigned i = 0; i < k; i++) {
      if (frozen[i])
        continue;
      double a = in_rem[c[i].src] / in_k[c[i].src], b = out_rem[c[i].dst] / out_k[c[i].dst];
      double h = c[i].rate - fair[i];
      delta = fmin(delta, fmin(h, fmin(a, b)));
    }
    if (delta < 0.0)
      delta = 0.0;
    for (unsigned i = 0; i < k; i++)
      if (!frozen[i]) {
        fair[i] += delta;
        in_rem[c[i].src] -= delta;
        out_rem[c[i].dst] -= delta;
      }
    for (unsigned i = 0; i < k; i++)
      if (!frozen[i] &&
          (c[i].rate - fair[i] <= eps || in_rem[c[i].src] <= eps || out_rem[c[i].dst] <= eps))
        frozen[i] = 1;
  }
  free(frozen);
  return 0;
}
