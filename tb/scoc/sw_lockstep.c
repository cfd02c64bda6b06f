/* sw_lockstep.c - see sw_lockstep.h. */
#include "sw_lockstep.h"

#include <string.h>

#define SEQ_MASK 0xfffu
#define SEQ_BAD 0xfffu /* sequence number of a packet that must be dropped */

/* A data word: [31:24] source port, [23:12] sequence number in its connection (mod 2^12),
 * [11:8] words - 1, [7:4] word index, [3:0] a check nibble; bits above 32 (DW > 32) repeat a
 * hash of the low ones. */
static uint64_t word_of(unsigned src, unsigned seq, unsigned len, unsigned idx, unsigned dw) {
  uint32_t lo = (uint32_t)((src & 0xffu) << 24 | (seq & SEQ_MASK) << 12 | ((len - 1u) & 0xfu) << 8 |
                           (idx & 0xfu) << 4);
  unsigned ck = 0;
  for (unsigned b = 4; b < 32; b += 4)
    ck ^= (lo >> b) & 0xfu;
  uint64_t w = lo | (ck ^ 0x5u);
  if (dw > 32)
    w |= (uint64_t)(lo * 0x9e3779b1u) << 32;
  return dw >= 64 ? w : w & ((1ull << dw) - 1ull);
}

static unsigned next_seq(unsigned s) {
  s = (s + 1u) & SEQ_MASK;
  return s == SEQ_BAD ? 0 : s;
}

void swl_open(swl_t *s, const char *top, unsigned n, unsigned lw, unsigned dw, sw_ops_t model,
              swl_hook_fn compare, void *ctx, uint64_t salt) {
  memset(s, 0, sizeof *s);
  CHECK(n <= SWL_MAX_N && dw >= 32 && lw <= 4,
        "%s: the lockstep traffic needs N <= 256, DW >= 32 and "
        "LW <= 4",
        top);
  s->top = top;
  s->n = n;
  s->dw = dw;
  s->pmax = (1u << lw) - 1u;
  s->model = model;
  s->compare = compare;
  s->ctx = ctx;
  sw_rtl_open(&s->rtl, top, n, dw);
  prng_seed(&s->rng, harness_seed() ^ (salt * 0x9e3779b97f4a7c15ull));
}

void swl_close(swl_t *s) { sw_rtl_close(&s->rtl); }

/* Scoreboard of a word leaving output o. */
static void receive(swl_t *s, unsigned o, uint64_t w, unsigned last) {
  unsigned src = (unsigned)(w >> 24) & 0xffu, seq = (unsigned)(w >> 12) & SEQ_MASK;
  unsigned len = ((unsigned)(w >> 8) & 0xfu) + 1u, idx = (unsigned)(w >> 4) & 0xfu;
  unsigned long long c = (unsigned long long)s->cycle;
  CHECK(src < s->n && seq != SEQ_BAD, "cycle %llu: output %u delivered a word of a bad packet", c,
        o);
  CHECK_EQ(w, word_of(src, seq, len, idx, s->dw), "delivered word intact");
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
    s->seq_rx[src][o] = (uint16_t)next_seq(s->seq_rx[src][o]);
    s->good_rx++;
  } else
    s->rx_idx[o]++;
}

static void new_packet(swl_t *s, unsigned p, const swl_traffic_t *t) {
  swl_offer_t *k = &s->src[p];
  unsigned n = s->n, nw = s->rtl.nw;
  k->active = 1;
  k->idx = 0;
  k->held = 0;
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
  s->seq_tx[p][k->dst] = (uint16_t)next_seq(k->seq);
  s->good_tx++;
}

void swl_cycle(swl_t *s, const swl_traffic_t *t) {
  static sw_link_out_t ro, mo;
  static sw_link_in_t in;
  sw_rtl_outputs(&s->rtl, &ro);
  s->model.outputs(s->model.model, &mo);
  sw_compare_links(&s->rtl, &ro, &mo);
  if (s->compare)
    s->compare(s->ctx);
  memset(&in, 0, sizeof in);
  for (unsigned p = 0; p < s->n; p++) {
    swl_offer_t *k = &s->src[p];
    if (!k->active && !t->stop && prng_bernoulli(&s->rng, t->load))
      new_packet(s, p, t);
    /* a gap only before a word is offered: an offered word holds until taken */
    if (k->active && (k->held || !(t->gap > 0 && prng_bernoulli(&s->rng, t->gap)))) {
      in.in_valid[p] = 1;
      in.in_dst[p] = (uint16_t)k->dst;
      in.in_last[p] = k->idx == k->len - 1u;
      in.in_data[p] = word_of(p, k->seq, k->len > 16 ? 16 : k->len, k->idx, s->dw);
      k->held = !ro.in_ready[p];
      if (ro.in_ready[p] && ++k->idx == k->len) /* taken this cycle */
        k->active = 0;
    }
    in.out_ready[p] = t->ready >= 1 || prng_bernoulli(&s->rng, t->ready);
    if (ro.out_valid[p] && in.out_ready[p])
      receive(s, p, ro.out_data[p], ro.out_last[p]);
  }
  sw_rtl_clock(&s->rtl, &in);
  s->model.clock(s->model.model, &in);
  s->cycle++;
}

static void drain(swl_t *s, uint64_t max) {
  swl_traffic_t t = {0, 0, 1.0, 0, 0, 1};
  uint64_t c0 = s->cycle;
  for (;;) {
    int busy = 0;
    for (unsigned p = 0; p < s->n; p++)
      busy |= s->src[p].active != 0;
    if (!busy && s->good_rx == s->good_tx)
      break;
    CHECK(s->cycle - c0 < max, "%s: %llu of %llu packets delivered %llu cycles into the drain",
          s->top, (unsigned long long)s->good_rx, (unsigned long long)s->good_tx,
          (unsigned long long)max);
    swl_cycle(s, &t);
  }
  for (unsigned k = 0; k < 32; k++) /* nothing more may come out */
    swl_cycle(s, &t);
}

void swl_run(swl_t *s, unsigned long long phase) {
  const swl_traffic_t light = {0.05, 0.05, 1.0, 0.1, 0, 0};
  const swl_traffic_t full = {1.0, 0.02, 0.7, 0.05, 0, 0};
  const swl_traffic_t hot = {0.6, 0.02, 0.3, 0, 3, 0};
  for (unsigned long long k = 0; k < phase; k++)
    swl_cycle(s, &light);
  for (unsigned long long k = 0; k < phase; k++)
    swl_cycle(s, &full);
  for (unsigned long long k = 0; k < phase; k++)
    swl_cycle(s, &hot);
  drain(s, 40000);
  CHECK(s->good_rx > 100, "%s: traffic flowed (%llu packets)", s->top,
        (unsigned long long)s->good_rx);
  CHECK_EQ(s->good_rx, s->good_tx, "every good packet delivered");
}

void swl_check_drops(swl_t *s, uint64_t err_len, uint64_t err_dst) {
  harness_log("%s: %llu cycles, %llu good packets (%llu words) delivered, dropped %llu too long "
              "and %llu to no output",
              s->top, (unsigned long long)s->cycle, (unsigned long long)s->good_rx,
              (unsigned long long)s->words_rx, (unsigned long long)err_len,
              (unsigned long long)err_dst);
  CHECK_EQ(err_len, s->bad_len_tx, "every too-long packet dropped and counted");
  CHECK_EQ(err_dst, s->bad_dst_tx, "every packet to no output dropped and counted");
}
