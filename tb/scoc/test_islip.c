/*
 * Tests of the flat iSLIP crossbar (docs/islip.md): the RTL islip_switch and the C model
 * csrc/ref/islip_model run in lockstep on random packet traffic; every link output, the
 * scheduler's requests, registered match (per output: input and iteration) and pointers, and
 * the drop counters are compared every cycle. A scoreboard on the delivered words checks that
 * every good packet arrives once, in order per connection, with its words intact, and that every
 * bad packet (destination >= N, longer than 2^LW - 1 words) is dropped and counted.
 */
#include <string.h>

#include "harness.h"
#include "islip_model.h"
#include "prng.h"
#include "sw_rtl.h"

typedef struct {
  const char *top;
  islip_params_t p; /* as tb/scoc/tops.txt: N K QD OQ LW DW */
} islip_case_t;

static const islip_case_t cases[] = {
    {"islip_n8_k1", {8, 1, 16, 16, 4, 32}},
    {"islip_n16_k2", {16, 2, 16, 16, 4, 32}},
    {"islip_n6_k3", {6, 3, 4, 2, 3, 32}},
};

#define MAXW HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)
#define MAXN 16u
#define SEQ_BAD 0xfffu /* sequence number of a packet that must be dropped */

/* A data word: [31:24] source port, [23:12] sequence number in its connection (mod 2^12),
 * [11:8] words - 1, [7:4] word index, [3:0] a check nibble. */
static uint64_t word_of(unsigned src, unsigned seq, unsigned len, unsigned idx) {
  uint32_t lo = (uint32_t)((src & 0xffu) << 24 | (seq & 0xfffu) << 12 | ((len - 1u) & 0xfu) << 8 |
                           (idx & 0xfu) << 4);
  unsigned ck = 0;
  for (unsigned b = 4; b < 32; b += 4)
    ck ^= (lo >> b) & 0xfu;
  return lo | (ck ^ 0xcu);
}

static unsigned next_seq(unsigned s) {
  s = (s + 1u) & 0xfffu;
  return s == SEQ_BAD ? 0 : s;
}

typedef struct { /* the packet an input link is offering */
  unsigned active, dst, len, idx, seq;
  unsigned held; /* its word was offered and not taken: it must stay offered (valid/ready) */
} offer_t;

typedef struct {
  const islip_case_t *c;
  sw_rtl_t rtl;
  islip_model_t model;
  prng_t rng;
  unsigned n, pmax;
  port_t req, match_valid, match_in, match_it, gnt_ptr, acc_ptr;
  offer_t src[MAXN];
  unsigned seq_tx[MAXN][MAXN], seq_rx[MAXN][MAXN];
  unsigned rx_src[MAXN], rx_seq[MAXN], rx_len[MAXN], rx_idx[MAXN];
  uint64_t good_tx, good_rx, bad_len_tx, bad_dst_tx, words_rx, matches, matches_later, cycle;
} isl_t;

static void open_isl(isl_t *s, const islip_case_t *c, uint64_t salt) {
  memset(s, 0, sizeof *s);
  s->c = c;
  s->n = c->p.n;
  s->pmax = (1u << c->p.lw) - 1u;
  CHECK(s->n <= MAXN, "%s: N %u", c->top, s->n);
  CHECK(islip_model_init(&s->model, &c->p) == 0, "model parameters of %s", c->top);
  sw_rtl_open(&s->rtl, c->top, c->p.n, c->p.dw);
  dut_t *d = s->rtl.d;
  s->req = dut_port(d, "req"), s->match_valid = dut_port(d, "match_valid");
  s->match_in = dut_port(d, "match_in"), s->match_it = dut_port(d, "match_it");
  s->gnt_ptr = dut_port(d, "gnt_ptr"), s->acc_ptr = dut_port(d, "acc_ptr");
  CHECK_EQ(dut_width(d, s->req), s->n * s->n, "req width");
  prng_seed(&s->rng, harness_seed() ^ (salt * 0x9e3779b97f4a7c15ull));
}

static void close_isl(isl_t *s) {
  islip_model_free(&s->model);
  sw_rtl_close(&s->rtl);
}

/* The scheduler's ports and the drop counters of the RTL against the model. */
static void compare_sched(isl_t *s) {
  const islip_model_t *m = &s->model;
  dut_t *d = s->rtl.d;
  unsigned n = s->n, nw = s->rtl.nw;
  uint32_t rq[MAXW] = {0}, mv[MAXW] = {0}, mi[MAXW] = {0}, mt[MAXW] = {0}, gp[MAXW] = {0},
           ap[MAXW] = {0};
  for (unsigned i = 0; i < n; i++)
    for (unsigned o = 0; o < n; o++)
      sw_put_bits(rq, i * n + o, 1, islip_model_req(m, i, o));
  for (unsigned o = 0; o < n; o++) {
    unsigned in = 0, it = 0;
    if (islip_model_match(m, o, &in, &it)) {
      sw_put_bits(mv, o, 1, 1);
      sw_put_bits(mi, o * nw, nw, in);
      sw_put_bits(mt, o * 2, 2, it);
      s->matches++;
      s->matches_later += it > 0;
    }
    sw_put_bits(gp, o * nw, nw, islip_model_gnt_ptr(m, o));
    sw_put_bits(ap, o * nw, nw, islip_model_acc_ptr(m, o));
  }
  CHECK_PORT(d, s->req, rq, 0, "model");
  CHECK_PORT(d, s->match_valid, mv, 0, "model");
  CHECK_PORT(d, s->match_in, mi, 0, "model");
  CHECK_PORT(d, s->match_it, mt, 0, "model");
  CHECK_PORT(d, s->gnt_ptr, gp, 0, "model");
  CHECK_PORT(d, s->acc_ptr, ap, 0, "model");
  CHECK_PORT_U64(d, s->rtl.err_len, m->err_len, "model err_len");
  CHECK_PORT_U64(d, s->rtl.err_dst, m->err_dst, "model err_dst");
  CHECK_EQ(m->violations, 0, "model: datapath guarantees");
}

/* Scoreboard of a word leaving output o. */
static void receive(isl_t *s, unsigned o, uint64_t w, unsigned last) {
  unsigned src = (unsigned)(w >> 24) & 0xffu, seq = (unsigned)(w >> 12) & 0xfffu;
  unsigned len = ((unsigned)(w >> 8) & 0xfu) + 1u, idx = (unsigned)(w >> 4) & 0xfu;
  unsigned long long c = (unsigned long long)s->cycle;
  CHECK(src < s->n && seq != SEQ_BAD, "cycle %llu: output %u delivered a word of a bad packet", c,
        o);
  CHECK_EQ(w, word_of(src, seq, len, idx), "delivered word intact");
  if (s->rx_idx[o] == 0) {
    CHECK(seq == s->seq_rx[src][o],
          "cycle %llu: output %u got packet %u of connection %u->%u, expected %u (lost, "
          "duplicated or reordered)",
          c, o, seq, src, o, s->seq_rx[src][o]);
    s->rx_src[o] = src;
    s->rx_seq[o] = seq;
    s->rx_len[o] = len;
  } else
    CHECK(src == s->rx_src[o] && seq == s->rx_seq[o],
          "cycle %llu: output %u interleaved packets (%u/%u inside %u/%u)", c, o, src, seq,
          s->rx_src[o], s->rx_seq[o]);
  CHECK_EQ(idx, s->rx_idx[o], "word index in its packet");
  CHECK_EQ(last, idx == s->rx_len[o] - 1u, "out_last on the packet's last word");
  s->words_rx++;
  if (last) {
    s->rx_idx[o] = 0;
    s->seq_rx[src][o] = next_seq(s->seq_rx[src][o]);
    s->good_rx++;
  } else
    s->rx_idx[o]++;
}

typedef struct {
  double load;   /* probability that an idle input starts a packet in a cycle */
  double bad;    /* fraction of bad packets (too long, or dst >= N where N is not 2^k) */
  double ready;  /* probability of out_ready per output per cycle */
  double gap;    /* probability that an input holds its next word back for a cycle */
  unsigned hot;  /* > 0: destinations only in [0, hot) */
  unsigned stop; /* 1: no new packets (drain) */
} traffic_t;

static void new_packet(isl_t *s, unsigned p, const traffic_t *t) {
  offer_t *k = &s->src[p];
  unsigned n = s->n, nw = s->rtl.nw;
  k->active = 1;
  k->idx = 0;
  k->dst = (unsigned)prng_below(&s->rng, t->hot ? t->hot : n);
  k->len = 1u + (unsigned)prng_below(&s->rng, s->pmax);
  if (t->bad > 0 && prng_bernoulli(&s->rng, t->bad)) {
    k->seq = SEQ_BAD;
    if ((1u << nw) > n && prng_bernoulli(&s->rng, 0.5)) {
      k->dst = n + (unsigned)prng_below(&s->rng, (1u << nw) - n); /* no such output */
      s->bad_dst_tx++;
    } else {
      k->len = s->pmax + 1u + (unsigned)prng_below(&s->rng, 3); /* too long */
      s->bad_len_tx++;
    }
    return;
  }
  k->seq = s->seq_tx[p][k->dst];
  s->seq_tx[p][k->dst] = next_seq(k->seq);
  s->good_tx++;
}

/* One cycle: both show their outputs, they are compared, the links react, both clock. */
static void cycle(isl_t *s, const traffic_t *t) {
  static sw_link_out_t ro, mo;
  static sw_link_in_t in;
  sw_rtl_outputs(&s->rtl, &ro);
  islip_model_outputs(&s->model, &mo);
  sw_compare_links(&s->rtl, &ro, &mo);
  compare_sched(s);
  memset(&in, 0, sizeof in);
  for (unsigned p = 0; p < s->n; p++) {
    offer_t *k = &s->src[p];
    if (!k->active && !t->stop && prng_bernoulli(&s->rng, t->load))
      new_packet(s, p, t);
    if (k->active && (k->held || !(t->gap > 0 && prng_bernoulli(&s->rng, t->gap)))) {
      in.in_valid[p] = 1;
      in.in_dst[p] = (uint16_t)k->dst;
      in.in_last[p] = k->idx == k->len - 1u;
      in.in_data[p] = word_of(p, k->seq, k->len > 16 ? 16 : k->len, k->idx);
      k->held = !ro.in_ready[p];
      if (ro.in_ready[p] && ++k->idx == k->len) /* taken this cycle */
        k->active = 0;
    }
    in.out_ready[p] = t->ready >= 1 || prng_bernoulli(&s->rng, t->ready);
    if (ro.out_valid[p] && in.out_ready[p])
      receive(s, p, ro.out_data[p], ro.out_last[p]);
  }
  sw_rtl_clock(&s->rtl, &in);
  islip_model_clock(&s->model, &in);
  s->cycle++;
}

static void drain(isl_t *s, uint64_t max) {
  traffic_t t = {0, 0, 1.0, 0, 0, 1};
  uint64_t c0 = s->cycle;
  for (;;) {
    int busy = 0;
    for (unsigned p = 0; p < s->n; p++)
      busy |= s->src[p].active != 0;
    if (!busy && s->good_rx == s->good_tx)
      break;
    CHECK(s->cycle - c0 < max, "%s: %llu of %llu packets delivered %llu cycles into the drain",
          s->c->top, (unsigned long long)s->good_rx, (unsigned long long)s->good_tx,
          (unsigned long long)max);
    cycle(s, &t);
  }
  for (unsigned k = 0; k < 32; k++) /* nothing more may come out */
    cycle(s, &t);
}

static unsigned long long n_cycles(unsigned long long n) {
  int fast = strcmp(harness_sim(), "verilator") == 0 || harness_plusarg("full");
  return fast ? n : n / 10;
}

static void finish(isl_t *s) {
  harness_log("%s: %llu cycles, %llu good packets (%llu words) delivered, %llu matches (%llu in "
              "later iterations), dropped %u too long and %u to no output",
              s->c->top, (unsigned long long)s->cycle, (unsigned long long)s->good_rx,
              (unsigned long long)s->words_rx, (unsigned long long)s->matches,
              (unsigned long long)s->matches_later, s->model.err_len, s->model.err_dst);
  CHECK_EQ(s->good_rx, s->good_tx, "every good packet delivered");
  CHECK_EQ(s->model.err_len, s->bad_len_tx, "every too-long packet dropped and counted");
  CHECK_EQ(s->model.err_dst, s->bad_dst_tx, "every packet to no output dropped and counted");
  for (unsigned p = 0; p < s->n; p++)
    CHECK(islip_model_arr_count(&s->model, p) == 0 && islip_model_in_used(&s->model, p) == 0 &&
              islip_model_out_occ(&s->model, p) == 0,
          "%s: port %u not empty after the drain", s->c->top, p);
}

/* Lockstep on every top: light load with gaps, full load with slow outputs, a hotspot that
 * fills the output buffers and backs the inputs up, bad packets throughout, then a drain. */
HARNESS_TEST(islip_lockstep) {
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    static isl_t s;
    open_isl(&s, &cases[i], i + 1);
    unsigned long long n = n_cycles(6000);
    traffic_t light = {0.05, 0.05, 1.0, 0.1, 0, 0};
    traffic_t full = {1.0, 0.02, 0.7, 0.05, 0, 0};
    traffic_t hot = {0.6, 0.02, 0.3, 0, 3, 0};
    for (unsigned long long k = 0; k < n; k++)
      cycle(&s, &light);
    for (unsigned long long k = 0; k < n; k++)
      cycle(&s, &full);
    for (unsigned long long k = 0; k < n; k++)
      cycle(&s, &hot);
    drain(&s, 40000);
    CHECK(s.good_rx > 100, "%s: traffic flowed (%llu packets)", s.c->top,
          (unsigned long long)s.good_rx);
    CHECK(s.c->p.k == 1 || s.matches_later > 0, "%s: later iterations matched", s.c->top);
    finish(&s);
    close_isl(&s);
  }
}
