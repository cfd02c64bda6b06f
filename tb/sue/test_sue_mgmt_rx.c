/*
 * Tests of sue_mgmt_rx (docs/sue/index.md "Management frames, receive"): the RTL and the model
 * (csrc/ref/sue/sue_mgmt_rx_model.c, the code sue_endpoint_model.c runs) in lockstep, the frames
 * and verdicts driven as sue_rx_check would give them. Each cycle t, in the endpoint lockstep's
 * order: the outputs (MGMT_RX_STATUS, MGMT_RX_DATA at a random word) are compared with the model's
 * state; then the verdict of cycle t (sue_mgmt_rx_verdict: taken / dropped against inc_mgmt /
 * inc_drop), the beat of cycle t (a first beat: sue_mgmt_rx_begin; a last: sue_mgmt_rx_end), a
 * release written at t - 1 (sue_mgmt_rx_pop, as the lockstep reports a write a cycle after its
 * edge), and the clock ticks.
 *
 *  - mgmt_rx_lockstep: three tops (ETH_W 64 / 256 / 512, MGMT_MAX 508 / 334 / 508), random phases:
 *    frames of every kind (management frames untagged and tagged, the filter's own Ethertype, SUE
 *    frames of the format in use, tagged too, MAC control frames, runts shorter than 18 bytes,
 *    frames longer than MGMT_MAX + 4), back to back or with gaps; verdicts 1 .. 7 cycles after
 *    the last beat, in order, with the codes sue_rx_check gives such frames (rx_ethertype, FCS,
 *    oversize, runt; SUE frames passing or failing later checks); the three header formats, the
 *    filter and mask, EN, MGMT_GAP 0 .. 2000, changed between frames; releases at random rates
 *    (the four slots full for long stretches). The event mix is checked: frames taken, dropped
 *    for each reason, SUE frames passing while a management frame waits.
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "sue_cfg.h"
#include "sue_endpoint_model.h"
#include "sue_frame.h"
#include "sue_mgmt_rx_model.h"
#include "sue_regs_map.h"

typedef struct {
  const char *top;
  unsigned w, pdu_max; /* as tb/sue/tops.txt */
} mrx_case_t;

static const mrx_case_t cases[] = {
    {"sue_mgmt_rx_w64", 64, 512},
    {"sue_mgmt_rx_w256", 256, 280},
    {"sue_mgmt_rx_w512", 512, 4096},
};
#define NCASES (sizeof cases / sizeof cases[0])
#define MAXW HARNESS_WORDS(512)
#define FMAX 600u
#define NVQ 16u

enum { K_MGMT, K_TAG, K_FILT, K_SUE, K_MACC, K_RUNT, K_LONG, NK };

typedef struct {
  uint64_t t;    /* the cycle of the verdict */
  unsigned code; /* SUE_CNT_RX_* index, 0: passed */
  size_t len;
} vq_t;

typedef struct {
  const mrx_case_t *c;
  dut_t *d;
  prng_t rng;
  sue_cfg_t cfg;
  sue_mgmt_rx_t m;
  size_t maxb;
  uint64_t now;
  /* the frame being sent */
  uint8_t f[FMAX];
  size_t len, off;
  unsigned kind;
  int sending;
  /* verdicts to give, in frame order */
  vq_t vq[NVQ];
  unsigned vq_rd, vq_n;
  int pop_due; /* a release written in the last cycle */
  double p_frame, p_gap, p_pop;
  unsigned vmax;
  port_t en, etype, mask, fmt, ethertype, gap, take, data, nbytes, last, vv, vdrop, vlen, pop, word,
      st_len, st_frames, rd_data, inc_mgmt, inc_drop;
  uint64_t n_frames[NK], n_taken, n_drop, n_drop_noslot, n_drop_gap, n_drop_long, n_pops,
      n_full_cycles, n_sue_while_wait;
} mt_t;

/* An Ethertype that is none of the special ones of the configuration. */
static unsigned other_etype(mt_t *s) {
  for (;;) {
    unsigned e = (unsigned)prng_below(&s->rng, 0x10000);
    if (e != 0x0800 && e != 0x8100 && e != 0x8808 && e != s->cfg.ethertype)
      return e;
  }
}

/* A new frame of a random kind in s->f. */
static void new_frame(mt_t *s) {
  prng_t *r = &s->rng;
  unsigned k = (unsigned)prng_below(r, NK + 3);
  if (k >= NK) /* more management frames */
    k = prng_bernoulli(r, 0.5) ? K_MGMT : K_FILT;
  size_t len = 64 + (size_t)prng_below(r, 120);
  if (prng_bernoulli(r, 0.15))
    len = 64 + (size_t)prng_below(r, s->maxb + 4 - 63); /* up to MGMT_MAX + 4 */
  for (size_t i = 0; i < FMAX; i++)
    s->f[i] = (uint8_t)prng_u32(r);
  unsigned et = other_etype(s);
  switch (k) {
  case K_MGMT:
    sue_put_be16(s->f + 12, et);
    break;
  case K_TAG:
    sue_put_be16(s->f + 12, 0x8100);
    sue_put_be16(s->f + 16, prng_bernoulli(r, 0.5) ? s->cfg.mgmt_rx_etype : et);
    break;
  case K_FILT:
    sue_put_be16(s->f + 12, s->cfg.mgmt_rx_etype ^ ((unsigned)prng_below(r, 2) << 15));
    break;
  case K_SUE: /* SUE's own Ethertype for the format (tagged at times) */
    if (s->cfg.hdr_fmt == SUE_HDR_AIFH6) {
      sue_put_be16(s->f + 6, s->cfg.ethertype);
    } else {
      unsigned o = prng_bernoulli(r, 0.3) ? 16 : 12;
      if (o == 16)
        sue_put_be16(s->f + 12, 0x8100);
      sue_put_be16(s->f + o, s->cfg.hdr_fmt == SUE_HDR_UDP ? 0x0800 : s->cfg.ethertype);
    }
    len = 64 + (size_t)prng_below(r, 64); /* short SUE frames back to back fill a slow screen */
    break;
  case K_MACC: {
    static const uint8_t da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
    memcpy(s->f, da, 6);
    sue_put_be16(s->f + 12, 0x8808);
    break;
  }
  case K_RUNT:
    sue_put_be16(s->f + 12, et);
    len = 1 + (size_t)prng_below(r, 63);
    break;
  default: /* K_LONG: the filter's Ethertype, so that it gets as far as its length */
    sue_put_be16(s->f + 12, s->cfg.mgmt_rx_etype);
    len = s->maxb + 5 + (size_t)prng_below(r, FMAX - s->maxb - 5);
    break;
  }
  if (k != K_SUE && s->cfg.hdr_fmt == SUE_HDR_AIFH6 && sue_get_be16(s->f + 6) == s->cfg.ethertype)
    s->f[6] ^= 0x40u; /* not an AIFH 6-byte frame by accident */
  s->kind = k;
  s->len = len;
  s->off = 0;
  s->sending = 1;
  s->n_frames[k]++;
}

/* The code sue_rx_check would give the frame (a random one of those it can give). */
static unsigned verdict_code(mt_t *s) {
  prng_t *r = &s->rng;
  if (s->len < 64)
    return SUE_CNT_RX_RUNT;
  if (s->kind == K_SUE) {
    static const unsigned c[] = {
        0, 0, SUE_CNT_RX_FCS, SUE_CNT_RX_DST, SUE_CNT_RX_RCRC, SUE_CNT_RX_BAD_PDU};
    return c[prng_below(r, 6)];
  }
  if (s->kind == K_LONG && prng_bernoulli(r, 0.3))
    return SUE_CNT_RX_OVERSIZE;
  return prng_bernoulli(r, 0.1) ? SUE_CNT_RX_FCS : SUE_CNT_RX_ETHERTYPE;
}

static void drive_cfg(mt_t *s) {
  dut_t *d = s->d;
  dut_set_u64(d, s->en, s->cfg.mgmt_rx_en);
  dut_set_u64(d, s->etype, s->cfg.mgmt_rx_etype);
  dut_set_u64(d, s->mask, s->cfg.mgmt_rx_mask);
  dut_set_u64(d, s->fmt, s->cfg.hdr_fmt);
  dut_set_u64(d, s->ethertype, s->cfg.ethertype);
  dut_set_u64(d, s->gap, s->cfg.mgmt_gap);
}

/* A new phase: the configuration (between frames only) and the rates. */
static void new_phase(mt_t *s) {
  prng_t *r = &s->rng;
  static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};
  static const unsigned gaps[5] = {0, 1, 40, 300, 2000};
  s->cfg.hdr_fmt = fmts[prng_below(r, 3)];
  s->cfg.ethertype = prng_bernoulli(r, 0.7) ? 0x88B5u : other_etype(s);
  s->cfg.mgmt_rx_en = !prng_bernoulli(r, 0.1);
  s->cfg.mgmt_rx_etype = (uint16_t)other_etype(s);
  s->cfg.mgmt_rx_mask = prng_bernoulli(r, 0.5) ? 0u : prng_bernoulli(r, 0.5) ? 0xFFFFu : 0xFF00u;
  s->cfg.mgmt_gap = prng_bernoulli(r, 0.5) ? 0u : gaps[prng_below(r, 5)];
  s->p_frame = prng_bernoulli(r, 0.3) ? 1.0 : 0.05 + prng_double(r) * 0.5;
  s->p_gap = prng_bernoulli(r, 0.5) ? 0.0 : prng_double(r) * 0.3;
  s->p_pop = prng_bernoulli(r, 0.3) ? 0.0 : prng_bernoulli(r, 0.3) ? 0.5 : prng_double(r) * 0.02;
  s->vmax = 1 + (unsigned)prng_below(r, 7);
  drive_cfg(s);
}

static void check_outputs(mt_t *s, unsigned word) {
  dut_t *d = s->d;
  uint32_t st = sue_mgmt_rx_status(&s->m);
  CHECK_PORT_U64(d, s->st_len, SUE_REG_GET(st, SUE_REG_MGMT_RX_STATUS_LEN), "st_len");
  CHECK_PORT_U64(d, s->st_frames, SUE_REG_GET(st, SUE_REG_MGMT_RX_STATUS_FRAMES), "st_frames");
  CHECK_PORT_U64(d, s->rd_data, sue_mgmt_rx_data(&s->m, word), "rd_data");
}

static void mrx_cycle(mt_t *s) {
  dut_t *d = s->d;
  prng_t *r = &s->rng;
  unsigned eb = s->c->w / 8;
  /* the read word of the cycle, and the outputs against the model */
  unsigned word =
      prng_bernoulli(r, 0.7) ? (unsigned)prng_below(r, 20) : (unsigned)prng_below(r, 128);
  dut_set_u64(d, s->word, word);
  check_outputs(s, word);
  s->n_full_cycles += s->m.ready_n == SUE_MGMT_RX_SLOTS;
  /* 1. the verdict of this cycle */
  int v = s->vq_n && s->vq[s->vq_rd].t <= s->now;
  dut_set_u64(d, s->vv, (uint64_t)v);
  dut_set_u64(d, s->vdrop, v ? s->vq[s->vq_rd].code : prng_below(r, 64));
  dut_set_u64(d, s->vlen, v ? s->vq[s->vq_rd].len : prng_below(r, 0x10000));
  if (v) {
    vq_t *q = &s->vq[s->vq_rd];
    unsigned waiting_before = s->m.pend_n, tk, dr;
    int rec = s->m.pend[s->m.pend_rd];
    uint64_t next = s->m.next;
    sue_mgmt_rx_verdict(&s->m, &s->cfg, s->now, q->code, q->len, &tk, &dr);
    CHECK(waiting_before > 0, "a verdict without a frame in the model");
    CHECK_PORT_U64(d, s->inc_mgmt, tk, "inc_mgmt");
    CHECK_PORT_U64(d, s->inc_drop, dr, "inc_drop");
    s->n_taken += tk;
    s->n_drop += dr;
    if (dr) {
      if (rec == -2)
        s->n_drop_noslot++;
      else if (q->len > s->maxb + 4)
        s->n_drop_long++;
      else if (s->now < next)
        s->n_drop_gap++;
    }
    s->vq_rd = (s->vq_rd + 1) % NVQ;
    s->vq_n--;
  } else {
    CHECK_PORT_U64(d, s->inc_mgmt, 0, "inc_mgmt without a verdict");
    CHECK_PORT_U64(d, s->inc_drop, 0, "inc_drop without a verdict");
  }
  /* 2. the beat of this cycle */
  if (!s->sending && s->vq_n < NVQ - 1 && s->m.pend_n < SUE_MGMT_RX_INFLIGHT - 1 &&
      prng_bernoulli(r, s->p_frame)) {
    if (prng_bernoulli(r, 0.002))
      new_phase(s); /* between frames: the configuration may change */
    new_frame(s);
  }
  int beat = s->sending && (s->off == 0 || !prng_bernoulli(r, s->p_gap));
  uint32_t w[MAXW] = {0};
  size_t n = 0;
  if (beat) {
    n = s->len - s->off < eb ? s->len - s->off : eb;
    for (size_t i = 0; i < n; i++)
      bits_put_field(w, s->c->w - 8u - 8u * (unsigned)i, 8, s->f[s->off + i]);
  } else {
    for (unsigned i = 0; i < MAXW; i++)
      w[i] = prng_u32(r); /* data is ignored without a beat */
  }
  int last = beat && s->off + n == s->len;
  dut_set_u64(d, s->take, (uint64_t)beat);
  dut_set(d, s->data, w);
  dut_set_u64(d, s->nbytes, beat ? n : prng_below(r, eb + 1));
  dut_set_u64(d, s->last, beat ? (uint64_t)last : prng_below(r, 2));
  if (beat && s->off == 0) {
    if (s->kind == K_SUE && s->m.pend_n > 0)
      s->n_sue_while_wait++;
    sue_mgmt_rx_begin(&s->m, &s->cfg, s->now);
  }
  if (beat)
    s->off += n;
  if (last) {
    CHECK(sue_mgmt_rx_end(&s->m, &s->cfg, s->f, s->len) == 0, "model: too many frames waiting");
    uint64_t t = s->now + 1 + prng_below(r, s->vmax);
    if (s->vq_n) {
      uint64_t prev = s->vq[(s->vq_rd + s->vq_n - 1) % NVQ].t;
      if (t <= prev)
        t = prev + 1;
    }
    vq_t *q = &s->vq[(s->vq_rd + s->vq_n++) % NVQ];
    q->t = t, q->code = verdict_code(s), q->len = s->len;
    s->sending = 0;
  }
  /* 3. a release written in the last cycle reaches the model now (after the beat) */
  if (s->pop_due) {
    sue_mgmt_rx_pop(&s->m, s->now);
    s->pop_due = 0;
  }
  int pop = prng_bernoulli(r, s->p_pop);
  dut_set_u64(d, s->pop, (uint64_t)pop);
  s->pop_due = pop;
  s->n_pops += pop && s->m.ready_n;
  dut_step(d, 1);
  s->now++;
}

static void open_mrx(mt_t *s, const mrx_case_t *c) {
  memset(s, 0, sizeof *s);
  s->c = c;
  prng_seed(&s->rng, harness_seed() ^ (0x3A7Bu + c->w));
  sue_params_t p = sue_default_params();
  p.pdu_max = c->pdu_max;
  s->maxb = sue_mgmt_max(&p);
  sue_cfg_reset(&s->cfg, &p);
  sue_mgmt_rx_reset(&s->m, s->maxb);
  dut_t *d = s->d = dut_open(c->top);
  s->en = dut_port(d, "cfg_en"), s->etype = dut_port(d, "cfg_etype");
  s->mask = dut_port(d, "cfg_mask"), s->fmt = dut_port(d, "cfg_hdr_fmt");
  s->ethertype = dut_port(d, "cfg_ethertype"), s->gap = dut_port(d, "cfg_gap");
  s->take = dut_port(d, "in_take"), s->data = dut_port(d, "in_data");
  s->nbytes = dut_port(d, "in_nbytes"), s->last = dut_port(d, "in_last");
  s->vv = dut_port(d, "v_valid"), s->vdrop = dut_port(d, "v_drop"), s->vlen = dut_port(d, "v_len");
  s->pop = dut_port(d, "pop"), s->word = dut_port(d, "rd_word");
  s->st_len = dut_port(d, "st_len"), s->st_frames = dut_port(d, "st_frames");
  s->rd_data = dut_port(d, "rd_data"), s->inc_mgmt = dut_port(d, "inc_mgmt");
  s->inc_drop = dut_port(d, "inc_drop");
  dut_set_u64(d, s->take, 0);
  dut_set_u64(d, s->vv, 0);
  dut_set_u64(d, s->pop, 0);
  new_phase(s);
  dut_reset(d, 2);
}

HARNESS_TEST(mgmt_rx_lockstep) {
  const char *pa = harness_plusarg("cycles");
  unsigned cycles =
      pa ? (unsigned)strtoul(pa, NULL, 0) : (unsigned)harness_scaled(30000, 150000, 1000000);
  /* the least count of each event: at the default length and longer; at +quick, one */
  uint64_t lo = cycles >= 150000 ? 5 : 0;
  for (unsigned ci = 0; ci < NCASES; ci++) {
    mt_t *s = calloc(1, sizeof *s);
    CHECK(s != NULL, "memory");
    open_mrx(s, &cases[ci]);
    for (unsigned t = 0; t < cycles; t++) {
      if (t % 3000 == 0 && !s->sending)
        new_phase(s);
      mrx_cycle(s);
    }
    uint64_t fr = 0;
    for (unsigned k = 0; k < NK; k++)
      fr += s->n_frames[k];
    harness_log("%s: %u cycles, %llu frames (%llu management, %llu tagged, %llu of the filter's "
                "Ethertype, %llu SUE, %llu MAC control, %llu runts, %llu long): taken %llu, "
                "dropped %llu (no slot %llu, MGMT_GAP %llu, too long %llu), released %llu, all "
                "four slots taken %llu cycles, SUE frames behind a waiting one %llu",
                s->c->top, cycles, (unsigned long long)fr, (unsigned long long)s->n_frames[K_MGMT],
                (unsigned long long)s->n_frames[K_TAG], (unsigned long long)s->n_frames[K_FILT],
                (unsigned long long)s->n_frames[K_SUE], (unsigned long long)s->n_frames[K_MACC],
                (unsigned long long)s->n_frames[K_RUNT], (unsigned long long)s->n_frames[K_LONG],
                (unsigned long long)s->n_taken, (unsigned long long)s->n_drop,
                (unsigned long long)s->n_drop_noslot, (unsigned long long)s->n_drop_gap,
                (unsigned long long)s->n_drop_long, (unsigned long long)s->n_pops,
                (unsigned long long)s->n_full_cycles, (unsigned long long)s->n_sue_while_wait);
    CHECK(pa || (s->n_taken > 10 * lo && s->n_drop_noslot > lo && s->n_drop_gap > lo &&
                 s->n_drop_long > lo && s->n_pops > 10 * lo && s->n_full_cycles > 200 * lo &&
                 s->n_sue_while_wait > 4 * lo),
          "the event mix is too thin to prove anything");
    dut_close(s->d);
    free(s);
  }
}
