/*
 * Tests of the SCOC switch datapath (docs/scoc.md "Switch datapath"): the RTL scoc_switch and
 * the C model scoc_switch_model run in lockstep; every link output, the scheduler's registered
 * requests, grants and accepts, and the drop counters are compared every cycle. A scoreboard
 * on the delivered words checks that every good packet arrives exactly once, in order per
 * connection, with its words intact, and that every bad packet (destination >= N, longer than
 * 2^LW - 1 words) is dropped and counted.
 */
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "scoc_switch_model.h"
#include "sw_rtl.h"

typedef struct {
  const char *top;
  scoc_sw_params_t p; /* as tb/scoc/tops.txt: N M MT QD OQ LW DW */
} sw_case_t;

static const sw_case_t sw_cases[] = {
    {"sw_n16_m4", {16, 4, 4, 16, 12, 4, 32}},
    {"sw_n8_m2_mt1", {8, 2, 1, 8, 4, 3, 32}},
    {"sw_n24_m4", {24, 4, 2, 8, 6, 3, 64}},
};

#define MAXW HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)
#define SEQ_BITS 12u
#define SEQ_BAD 0xfffu /* sequence number of a packet that must be dropped */

/* A data word: [31:24] source port, [23:12] sequence number in its connection (mod 2^12),
 * [11:8] words - 1, [7:4] word index, [3:0] a check nibble; bits above 32 (DW = 64) repeat a
 * hash of the low ones. */
static uint64_t word_of(unsigned src, unsigned seq, unsigned len, unsigned idx, unsigned dw) {
  uint32_t lo = (uint32_t)((src & 0xffu) << 24 | (seq & 0xfffu) << 12 | ((len - 1u) & 0xfu) << 8 |
                           (idx & 0xfu) << 4);
  unsigned ck = 0;
  for (unsigned b = 4; b < 32; b += 4)
    ck ^= (lo >> b) & 0xfu;
  lo |= ck ^ 0x5u;
  uint64_t w = lo;
  if (dw > 32)
    w |= (uint64_t)(lo * 0x9e3779b1u) << 32;
  return dw >= 64 ? w : w & ((1ull << dw) - 1ull);
}

typedef struct { /* a packet being offered on an input link */
  unsigned active, dst, len, idx, seq;
} src_pkt_t;

typedef struct {
  const sw_case_t *c;
  sw_rtl_t rtl;
  scoc_sw_model_t model;
  prng_t rng;
  unsigned n, pmax;
  src_pkt_t src[SCOC_MAX_N];
  unsigned seq_tx[SCOC_MAX_N][SCOC_MAX_N]; /* next sequence number per connection */
  unsigned seq_rx[SCOC_MAX_N][SCOC_MAX_N]; /* next expected at the output */
  unsigned rx_src[SCOC_MAX_N], rx_seq[SCOC_MAX_N], rx_len[SCOC_MAX_N], rx_idx[SCOC_MAX_N];
  uint64_t good_tx, good_rx, bad_len_tx, bad_dst_tx, words_rx, cycle;
} sw_t;

static void open_sw(sw_t *s, const sw_case_t *c, uint64_t salt) {
  memset(s, 0, sizeof *s);
  s->c = c;
  s->n = c->p.n;
  s->pmax = (1u << c->p.lw) - 1u;
  CHECK(scoc_sw_model_init(&s->model, &c->p) == 0, "model parameters of %s", c->top);
  sw_rtl_open(&s->rtl, c->top, c->p.n, c->p.dw);
  prng_seed(&s->rng, harness_seed() ^ (salt * 0x9e3779b97f4a7c15ull));
}

static void close_sw(sw_t *s) {
  scoc_sw_model_free(&s->model);
  sw_rtl_close(&s->rtl);
}

/* The scheduler's registered outputs and the drop counters of the RTL against the model. */
static void compare_sched(sw_t *s) {
  static scoc_out_t o;
  scoc_model_outputs(&s->model.sched, &o);
  dut_t *d = s->rtl.d;
  unsigned n = s->n, m = s->c->p.m, r = n / m, mw = 0, nw = s->rtl.nw, tw = s->model.tw;
  while ((1u << mw) < m)
    mw++;
  unsigned rw = 0;
  while ((1u << rw) < r)
    rw++;
  uint32_t w[MAXW];
  memset(w, 0, sizeof w);
  for (unsigned g = 0; g < r; g++)
    for (unsigned x = 0; x < n; x++)
      sw_put_bits(w, g * n + x, 1, o.req[g][x]);
  CHECK_PORT(d, dut_port(d, "req"), w, 0, "model");
  struct {
    const char *name;
    unsigned width;
    int field;
  } f[] = {{"gnt_valid", 1, 0},  {"gnt_out", mw, 1},  {"gnt_ig", rw, 2},
           {"acc_valid", 1, 3},  {"acc_port", mw, 4}, {"acc_out", nw, 5},
           {"acc_route", mw, 6}, {"acc_len", 0, 7},   {"acc_tag", tw, 8}};
  for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) {
    unsigned width = f[i].field == 7 ? s->c->p.lw : f[i].width;
    memset(w, 0, sizeof w);
    for (unsigned g = 0; g < r; g++) {
      uint64_t v = 0;
      switch (f[i].field) {
      case 0:
        v = o.gnt_valid[g];
        break;
      case 1:
        v = o.gnt_out[g];
        break;
      case 2:
        v = o.gnt_ig[g];
        break;
      case 3:
        v = o.acc_valid[g];
        break;
      case 4:
        v = o.acc_port[g];
        break;
      case 5:
        v = o.acc_out[g];
        break;
      case 6:
        v = o.acc_route[g];
        break;
      case 7:
        v = o.acc_len[g];
        break;
      default:
        v = o.acc_tag[g];
        break;
      }
      sw_put_bits(w, g * width, width, v);
    }
    CHECK_PORT(d, dut_port(d, f[i].name), w, 0, "model");
  }
  CHECK_PORT_U64(d, s->rtl.err_len, s->model.err_len, "model err_len");
  CHECK_PORT_U64(d, s->rtl.err_dst, s->model.err_dst, "model err_dst");
  CHECK_EQ(s->model.violations, 0, "model: datapath guarantees");
}

/* Scoreboard of the words leaving output o. */
static void receive(sw_t *s, unsigned o, uint64_t w, unsigned last) {
  unsigned src = (unsigned)(w >> 24) & 0xffu, seq = (unsigned)(w >> 12) & 0xfffu;
  unsigned len = ((unsigned)(w >> 8) & 0xfu) + 1u, idx = (unsigned)(w >> 4) & 0xfu;
  unsigned long long c = (unsigned long long)s->cycle;
  CHECK(src < s->n && seq != SEQ_BAD, "cycle %llu: output %u delivered a word of a bad packet", c,
        o);
  CHECK_EQ(w, word_of(src, seq, len, idx, s->c->p.dw), "delivered word intact");
  if (s->rx_idx[o] == 0) { /* first word: the connection's next packet */
    CHECK(seq == s->seq_rx[src][o],
          "cycle %llu: output %u got packet %u of connection %u->%u, expected %u (lost, "
          "duplicated or reordered)",
          c, o, seq, src, o, s->seq_rx[src][o]);
    s->rx_src[o] = src, s->rx_seq[o] = seq, s->rx_len[o] = len;
  } else
    CHECK(src == s->rx_src[o] && seq == s->rx_seq[o],
          "cycle %llu: output %u interleaved packets (%u/%u inside %u/%u)", c, o, src, seq,
          s->rx_src[o], s->rx_seq[o]);
  CHECK_EQ(idx, s->rx_idx[o], "word index in its packet");
  CHECK_EQ(last, idx == s->rx_len[o] - 1u, "out_last on the packet's last word");
  s->words_rx++;
  if (last) {
    s->rx_idx[o] = 0;
    s->seq_rx[src][o] = (s->seq_rx[src][o] + 1u) & 0xfffu;
    if (s->seq_rx[src][o] == SEQ_BAD)
      s->seq_rx[src][o] = 0;
    s->good_rx++;
  } else
    s->rx_idx[o]++;
}

typedef struct {
  double load;   /* probability that an idle input starts a packet in a cycle */
  double bad;    /* fraction of packets that are bad (too long, or dst >= N if possible) */
  double ready;  /* probability of out_ready per output per cycle */
  double gap;    /* probability that a busy input holds its word back for a cycle */
  unsigned hot;  /* > 0: destinations only in [0, hot) (an overload of a few outputs) */
  unsigned stop; /* 1: no new packets (drain) */
} traffic_t;

static void new_packet(sw_t *s, unsigned p, const traffic_t *t) {
  src_pkt_t *k = &s->src[p];
  unsigned n = s->n;
  k->active = 1;
  k->idx = 0;
  k->dst = (unsigned)prng_below(&s->rng, t->hot ? t->hot : n);
  k->len = 1u + (unsigned)prng_below(&s->rng, s->pmax);
  k->seq = s->seq_tx[p][k->dst];
  if (t->bad > 0 && prng_bernoulli(&s->rng, t->bad)) {
    unsigned nw = s->rtl.nw;
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
  s->seq_tx[p][k->dst] = (s->seq_tx[p][k->dst] + 1u) & 0xfffu;
  if (s->seq_tx[p][k->dst] == SEQ_BAD)
    s->seq_tx[p][k->dst] = 0;
  s->good_tx++;
}

/* One cycle: both sides show their outputs, they are compared, the links react, both clock. */
static void cycle(sw_t *s, const traffic_t *t) {
  static sw_link_out_t ro, mo;
  static sw_link_in_t in;
  sw_rtl_outputs(&s->rtl, &ro);
  scoc_sw_model_outputs(&s->model, &mo);
  sw_compare_links(&s->rtl, &ro, &mo);
  compare_sched(s);
  memset(&in, 0, sizeof in);
  for (unsigned p = 0; p < s->n; p++) {
    src_pkt_t *k = &s->src[p];
    if (!k->active && !t->stop && prng_bernoulli(&s->rng, t->load))
      new_packet(s, p, t);
    if (k->active && !(t->gap > 0 && prng_bernoulli(&s->rng, t->gap))) {
      in.in_valid[p] = 1;
      in.in_dst[p] = (uint16_t)k->dst;
      in.in_last[p] = k->idx == k->len - 1u;
      in.in_data[p] = word_of(p, k->seq, k->len > 16 ? 16 : k->len, k->idx, s->c->p.dw);
      if (ro.in_ready[p]) { /* taken this cycle */
        if (++k->idx == k->len)
          k->active = 0;
      }
    }
    in.out_ready[p] = t->ready >= 1 || prng_bernoulli(&s->rng, t->ready);
    if (ro.out_valid[p] && in.out_ready[p])
      receive(s, p, ro.out_data[p], ro.out_last[p]);
  }
  sw_rtl_clock(&s->rtl, &in);
  scoc_sw_model_clock(&s->model, &in);
  s->cycle++;
}

static void drain(sw_t *s, uint64_t max) {
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

static void finish(sw_t *s) {
  harness_log("%s: %llu cycles, %llu good packets (%llu words) delivered, dropped %llu too long "
              "and %llu to no output",
              s->c->top, (unsigned long long)s->cycle, (unsigned long long)s->good_rx,
              (unsigned long long)s->words_rx, (unsigned long long)s->model.err_len,
              (unsigned long long)s->model.err_dst);
  CHECK_EQ(s->good_rx, s->good_tx, "every good packet delivered");
  CHECK_EQ(s->model.err_len, s->bad_len_tx, "every too-long packet dropped and counted");
  CHECK_EQ(s->model.err_dst, s->bad_dst_tx, "every packet to no output dropped and counted");
}

/* Lockstep on every switch top: light load, full load with slow outputs and gappy inputs,
 * a hotspot that fills the output buffers, bad packets throughout, then a drain. */
HARNESS_TEST(switch_lockstep) {
  for (unsigned i = 0; i < sizeof sw_cases / sizeof sw_cases[0]; i++) {
    static sw_t s;
    open_sw(&s, &sw_cases[i], i + 1);
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
    finish(&s);
    close_sw(&s);
  }
}
