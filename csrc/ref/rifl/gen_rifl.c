/*
 * gen_rifl.c - cases of block "rifl": <top>_random for the frame layer tops
 * of tb/rifl/tops.txt, <top>_link for two lane core tops. Expected outputs
 * come from the csrc/ref cycle models (record = inputs, outputs during the
 * cycle, then the edge).
 *
 *   rifl_tx_frame      random in_valid phases, SYN (mostly legal), body (random
 *                      bits or a real frame's body), frame ID.
 *   rifl_rx_frame      frames from the TX model in order, some with 1-3 bit
 *                      errors and a few replaced by random bits; random in_frame
 *                      while in_valid is 0.
 *   rifl_lane_aligner  a scrambled TX-model stream (data, IDLE, flow control)
 *                      serialized through a channel with a nonzero bit offset,
 *                      gt_valid mostly 1: search and lock, a run of UNLOCK-1
 *                      frames with an illegal SYN (no unlock), then UNLOCK of
 *                      them followed by one extra bit on the line, so the slip
 *                      that unlocks lands on the new boundary and it relocks.
 *   rifl_lane_core     <top>_link (not _random): the recorded endpoint and a
 *                      second model endpoint, each direction through a channel
 *                      with a bit offset and latency; bring-up from reset
 *                      (alignment, PAUSE handshake, the first replay) and
 *                      random user frames both ways with offer gaps and sink
 *                      stalls. Only the FW=128 and FW=256 tops: the bring-up
 *                      alone is thousands of cycles of 64-bit words.
 */
#include "gen.h"

#include <string.h>

#include "bits.h"
#include "rifl_channel.h"
#include "rifl_frame.h"
#include "rifl_lane_aligner_model.h"
#include "rifl_lane_core_model.h"

#define BLOCK "rifl"

#define FWORDS RIFL_FRAME_WORDS_MAX

static const double levels[] = {0.05, 0.3, 0.5, 0.7, 0.95, 1.0};

static double pick_level(prng_t *r) {
  return levels[prng_below(r, sizeof levels / sizeof levels[0])];
}

/* Fewer cycles for wide frames keeps every file around 100 kB. */
static int cycles_for(unsigned fw) {
  return fw <= 128 ? 1500 : fw <= 256 ? 800 : fw <= 512 ? 400 : 200;
}

/* The next frame of a TX-model stream (frame IDs counting up). */
static void tx_next(rifl_tx_model_t *tx, prng_t *r, unsigned *fid, uint32_t *frame) {
  uint32_t plain[FWORDS], body[FWORDS];
  unsigned fw = tx->p.fw;
  rifl_random_plain_frame(r, fw, plain);
  rifl_frame_body(plain, fw, body);
  rifl_tx_in_t in = {1, rifl_frame_syn(plain, fw), body, *fid};
  rifl_tx_model_clock(tx, &in);
  rifl_tx_out_t o;
  rifl_tx_model_comb(tx, &o);
  memcpy(frame, o.out_frame, sizeof(uint32_t) * RIFL_FRAME_WORDS(fw));
  *fid = (*fid + 1) & ((1u << tx->p.fidw) - 1u);
}

/* ---- rifl_tx_frame ------------------------------------------------------- */

enum { TX_IN_VALID, TX_IN_SYN, TX_IN_BODY, TX_IN_FID };
enum { TX_OUT_VALID, TX_OUT_FRAME };

static int txf_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  rifl_tx_model_t m;
  gen_case_t c;
  if (p[1] > RIFL_FIDW_MAX ||
      rifl_tx_model_init(&m, &(rifl_tx_params_t){(unsigned)p[0], (unsigned)p[1]}))
    return gen_fail(ctx, "%s: illegal parameters for rifl_tx_frame", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  unsigned fw = m.p.fw, nb = RIFL_BODY_BITS(fw);
  gen_case_field(&c, VEC_IN, "in_valid", 1);
  gen_case_field(&c, VEC_IN, "in_syn", 2);
  gen_case_field(&c, VEC_IN, "in_body", nb);
  gen_case_field(&c, VEC_IN, "in_fid", m.p.fidw);
  gen_case_field(&c, VEC_OUT, "out_valid", 1);
  gen_case_field(&c, VEC_OUT, "out_frame", fw);
  double p_valid = 0.5;
  for (int cyc = 0, n = cycles_for(fw); cyc < n; cyc++) {
    if (cyc % 100 == 0)
      p_valid = pick_level(&c.rng);
    uint32_t body[FWORDS];
    unsigned valid = (unsigned)prng_bernoulli(&c.rng, p_valid);
    /* SYN mostly legal; 00 and 11 just get encoded */
    unsigned syn = prng_bernoulli(&c.rng, 0.9) ? (unsigned)prng_range(&c.rng, 1, 2)
                                               : 3u * (unsigned)prng_below(&c.rng, 2);
    if (prng_bernoulli(&c.rng, 0.5)) {
      prng_fill_bits(&c.rng, body, nb);
    } else {
      uint32_t plain[FWORDS];
      rifl_random_plain_frame(&c.rng, fw, plain);
      rifl_frame_body(plain, fw, body);
    }
    rifl_tx_in_t in = {valid, syn, body, (unsigned)prng_below(&c.rng, 1u << m.p.fidw)};
    rifl_tx_out_t o;
    rifl_tx_model_comb(&m, &o);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, TX_IN_VALID, in.in_valid);
    gen_case_set(&c, VEC_IN, TX_IN_SYN, in.in_syn);
    gen_case_set_words(&c, VEC_IN, TX_IN_BODY, body);
    gen_case_set(&c, VEC_IN, TX_IN_FID, in.in_fid);
    gen_case_set(&c, VEC_OUT, TX_OUT_VALID, o.out_valid);
    gen_case_set_words(&c, VEC_OUT, TX_OUT_FRAME, o.out_frame);
    rifl_tx_model_clock(&m, &in);
  }
  return gen_case_end(&c);
}

/* ---- rifl_rx_frame ------------------------------------------------------- */

enum { RX_IN_VALID, RX_IN_FRAME };
enum { RX_OUT_VALID, RX_OUT_SYN, RX_OUT_BODY, RX_OUT_CODE };

static int rxf_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  rifl_rx_model_t m;
  rifl_tx_model_t tx;
  gen_case_t c;
  unsigned fw = (unsigned)p[0];
  if (rifl_rx_model_init(&m, &(rifl_rx_params_t){fw}) ||
      rifl_tx_model_init(&tx, &(rifl_tx_params_t){fw, RIFL_FIDW_MAX}))
    return gen_fail(ctx, "%s: illegal parameters for rifl_rx_frame", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  gen_case_field(&c, VEC_IN, "in_valid", 1);
  gen_case_field(&c, VEC_IN, "in_frame", fw);
  gen_case_field(&c, VEC_OUT, "out_valid", 1);
  gen_case_field(&c, VEC_OUT, "out_syn", 2);
  gen_case_field(&c, VEC_OUT, "out_body", RIFL_BODY_BITS(fw));
  gen_case_field(&c, VEC_OUT, "out_code", 12);
  double p_valid = 0.5;
  unsigned fid = (unsigned)prng_below(&c.rng, 4096), want = 0, intact = 0;
  for (int cyc = 0, n = cycles_for(fw); cyc < n; cyc++) {
    if (cyc % 100 == 0)
      p_valid = pick_level(&c.rng);
    uint32_t frame[FWORDS];
    rifl_rx_in_t in = {(unsigned)prng_bernoulli(&c.rng, p_valid), frame};
    unsigned sent_fid = fid, ok = 0;
    if (in.in_valid) {
      tx_next(&tx, &c.rng, &fid, frame);
      double e = prng_double(&c.rng);
      if (e < 0.02) { /* garbage: the next frame's first 33 body bits descramble wrong */
        prng_fill_bits(&c.rng, frame, fw);
      } else if (e < 0.12) { /* 1 to 3 bit errors */
        for (uint64_t k = prng_range(&c.rng, 1, 3); k > 0; k--) {
          unsigned b = (unsigned)prng_below(&c.rng, fw);
          bits_put(frame, b, !bits_get(frame, b));
        }
      } else {
        ok = 1;
      }
    } else {
      prng_fill_bits(&c.rng, frame, fw); /* ignored */
    }
    rifl_rx_out_t o;
    rifl_rx_model_comb(&m, &o);
    if (o.out_valid && intact && o.out_code != want)
      return gen_fail(ctx, "%s: internal error: intact frame gives code %03x, not %03x", top->name,
                      o.out_code, want);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, RX_IN_VALID, in.in_valid);
    gen_case_set_words(&c, VEC_IN, RX_IN_FRAME, frame);
    gen_case_set(&c, VEC_OUT, RX_OUT_VALID, o.out_valid);
    gen_case_set(&c, VEC_OUT, RX_OUT_SYN, o.out_syn);
    gen_case_set_words(&c, VEC_OUT, RX_OUT_BODY, o.out_body);
    gen_case_set(&c, VEC_OUT, RX_OUT_CODE, o.out_code);
    rifl_rx_model_clock(&m, &in);
    intact = in.in_valid && ok;
    want = sent_fid;
  }
  return gen_case_end(&c);
}

/* ---- rifl_lane_aligner --------------------------------------------------- */

enum { AL_GT_VALID, AL_GT_DATA };
enum { AL_FRAME_VALID, AL_FRAME, AL_ALIGNED, AL_OFFSET, AL_PHASE };

/* Serial bits on their way to the transceiver, in time order. */
#define BQ_SIZE 8192u
typedef struct {
  uint8_t b[BQ_SIZE];
  unsigned head, len;
} bitq_t;

static void bq_push(bitq_t *q, unsigned bit) {
  if (q->head + q->len == BQ_SIZE) {
    memmove(q->b, q->b + q->head, q->len);
    q->head = 0;
  }
  q->b[q->head + q->len++] = (uint8_t)(bit & 1u);
}

static uint64_t bq_pop_word(bitq_t *q) {
  uint64_t w = 0;
  for (unsigned i = 0; i < 64; i++) /* LSB first on the line */
    w |= (uint64_t)q->b[q->head + i] << i;
  q->head += 64;
  q->len -= 64;
  return w;
}

/* Stimulus plan, advanced once per generated frame. */
typedef enum { PL_SEARCH, PL_SHORT, PL_GAP, PL_UNLOCK, PL_RELOCK } plan_t;

typedef struct {
  rifl_tx_model_t tx;
  unsigned fid;
  bitq_t q;
  plan_t plan;
  unsigned left;      /* frames left in the current run */
  unsigned delivered; /* aligned frames shown (from the start, again after the UNLOCK run) */
  unsigned unlocked;  /* the aligner went out of lock after the UNLOCK run */
} al_stim_t;

/* Appends the next TX frame's bits, corrupting SYN in the runs. */
static void al_next_frame(al_stim_t *s, const rifl_align_model_t *al, prng_t *r) {
  unsigned fw = s->tx.p.fw, nw = fw / 64, lock_n = fw >= 1024 ? 6 : 12;
  uint32_t frame[FWORDS];
  uint64_t w[16];
  switch (s->plan) {
  case PL_SEARCH:
    if (al->aligned && s->delivered >= lock_n) {
      s->plan = PL_SHORT;
      s->left = al->p.unlock - 1;
    }
    break;
  case PL_SHORT:
    if (s->left == 0) {
      s->plan = PL_GAP;
      s->left = 4; /* legal frames clear bad before the UNLOCK run */
    }
    break;
  case PL_GAP:
    if (s->left == 0) {
      s->plan = PL_UNLOCK;
      s->left = al->p.unlock;
    }
    break;
  default:
    break;
  }
  tx_next(&s->tx, r, &s->fid, frame);
  int run = s->plan == PL_SHORT || s->plan == PL_GAP || s->plan == PL_UNLOCK;
  if (run && s->left > 0 && s->plan != PL_GAP) /* SYN 00 or 11 on the line */
    rifl_frame_set_syn(frame, fw, 3u * (unsigned)prng_below(r, 2));
  rifl_frame_to_words(frame, fw, w);
  for (unsigned t = 0; t < nw; t++)
    for (unsigned i = 0; i < 64; i++)
      bq_push(&s->q, (unsigned)(w[t] >> i) & 1u);
  if (run && s->left > 0 && --s->left == 0 && s->plan == PL_UNLOCK) {
    /* one extra bit: the unlocking slip (o + 1) lands on the new boundary */
    bq_push(&s->q, (unsigned)prng_below(r, 2));
    s->plan = PL_RELOCK;
    s->delivered = 0;
  }
}

static int align_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  al_stim_t s;
  rifl_align_model_t m;
  rifl_chan_t ch;
  gen_case_t c;
  unsigned fw = (unsigned)p[0];
  if (p[1] > 0xffff || p[2] > 0xffff ||
      rifl_align_model_init(&m, &(rifl_align_params_t){fw, (unsigned)p[1], (unsigned)p[2]}) ||
      rifl_tx_model_init(&s.tx, &(rifl_tx_params_t){fw, 8}))
    return gen_fail(ctx, "%s: illegal parameters for rifl_lane_aligner", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  /* The candidate that fits a channel offset k is n* = k + 64 mod FW (one word
   * of latency in prev). Pick n* so the search is short but real: past the
   * first wrap-slip for FW <= 256; n* mod 64 != 63 so the unlocking slip
   * needs no word skip. */
  unsigned nstar = fw <= 256 ? (unsigned)prng_range(&c.rng, 65, fw == 128 ? 100 : 80)
                             : (unsigned)prng_range(&c.rng, 3, 12);
  unsigned k = (nstar + fw - 64) % fw;
  if (rifl_chan_init(&ch, k, 0.0, prng_next(&c.rng))) {
    gen_case_abort(&c);
    return gen_fail(ctx, "%s: channel offset %u", top->name, k);
  }
  s.fid = 0;
  s.q.head = s.q.len = 0;
  s.plan = PL_SEARCH;
  s.left = s.delivered = s.unlocked = 0;
  gen_case_field(&c, VEC_IN, "gt_valid", 1);
  gen_case_field(&c, VEC_IN, "gt_data", 64);
  gen_case_field(&c, VEC_OUT, "frame_valid", 1);
  gen_case_field(&c, VEC_OUT, "frame", fw);
  gen_case_field(&c, VEC_OUT, "aligned", 1);
  gen_case_field(&c, VEC_OUT, "offset", 6);
  gen_case_field(&c, VEC_OUT, "phase", rifl_align_phase_width(fw));
  static const double gv_levels[] = {0.75, 0.9, 1.0};
  double p_gv = 1.0;
  unsigned done_n = fw >= 1024 ? 8 : 16;
  for (int cyc = 0; cyc < 4000; cyc++) {
    if (cyc % 64 == 0)
      p_gv = gv_levels[prng_below(&c.rng, 3)];
    rifl_align_in_t in = {(unsigned)prng_bernoulli(&c.rng, p_gv), prng_next(&c.rng)};
    if (in.gt_valid) {
      while (s.q.len < 64)
        al_next_frame(&s, &m, &c.rng);
      in.gt_data = rifl_chan_word(&ch, bq_pop_word(&s.q));
    }
    rifl_align_out_t o;
    rifl_align_model_comb(&m, &o);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, AL_GT_VALID, in.gt_valid);
    gen_case_set(&c, VEC_IN, AL_GT_DATA, in.gt_data);
    gen_case_set(&c, VEC_OUT, AL_FRAME_VALID, o.frame_valid);
    if (o.frame_valid) /* held otherwise; x keeps the wide cases small */
      gen_case_set_words(&c, VEC_OUT, AL_FRAME, o.frame);
    else
      gen_case_x(&c, AL_FRAME);
    gen_case_set(&c, VEC_OUT, AL_ALIGNED, o.aligned);
    gen_case_set(&c, VEC_OUT, AL_OFFSET, o.offset);
    gen_case_set(&c, VEC_OUT, AL_PHASE, o.phase);
    rifl_align_model_clock(&m, &in);
    if (o.frame_valid && o.aligned)
      s.delivered++;
    if (s.plan == PL_RELOCK && !o.aligned)
      s.unlocked = 1;
    /* a few idle cycles after the last frame */
    if (s.plan == PL_RELOCK && s.unlocked && s.delivered >= done_n + 4)
      break;
  }
  return gen_case_end(&c);
}

/* ---- rifl_lane_core ------------------------------------------------------ */

enum { LC_U_VALID, LC_U_META, LC_U_DATA, LC_R_READY, LC_GT_RX_VALID, LC_GT_RX_DATA, LC_FORCE };
enum {
  LC_U_READY,
  LC_R_VALID,
  LC_R_META,
  LC_R_DATA,
  LC_R_ABORT,
  LC_GT_TX_DATA,
  LC_TX_STATE,
  LC_ALIGNED,
  LC_ALIGN_OFFSET,
  LC_ALIGN_PHASE,
  LC_LINK_UP,
  LC_FRAME_ERR,
  LC_PAUSE_REQ,
  LC_RETRANS_REQ,
  LC_FC_LOCAL,
  LC_FC_REMOTE,
  LC_RX_LEVEL,
  LC_CNT /* six counters from here */
};

#define LC_LAT 6u /* channel latency in words, both directions */

/* User side of one endpoint: a frame once offered stays until taken. */
typedef struct {
  int offered;
  unsigned meta;
  uint32_t data[FWORDS];
} lc_user_t;

static void lc_offer(lc_user_t *u, prng_t *r, unsigned fw, double gap, int on) {
  if (!u->offered && on && !prng_bernoulli(r, gap)) {
    u->offered = 1;
    rifl_lane_random_user(r, fw, &u->meta, u->data);
  }
  if (!u->offered) {
    u->meta = 0;
    memset(u->data, 0, sizeof u->data);
  }
}

/* The recorded endpoint A and a model peer B, each direction through a channel
 * with a bit offset and LC_LAT words of latency, no bit errors: bring-up from
 * reset (alignment, PAUSE handshake, the first replay) and random traffic both
 * ways with offer gaps and sink stalls, so the flow-control buffer fills for a
 * while. The offsets put both frame boundaries a few slips from the start, so
 * the bring-up is short. */
static int lcore_link(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  rifl_lane_params_t lp = {(unsigned)p[0], (unsigned)p[1], (unsigned)p[2], (unsigned)p[3],
                           (unsigned)p[4], (unsigned)p[6], (unsigned)p[5]};
  rifl_lane_model_t m[2];
  rifl_chan_t ch[2];
  gen_case_t c;
  for (int i = 0; i < 7; i++)
    if (p[i] > 0xffff)
      return gen_fail(ctx, "%s: illegal parameters for rifl_lane_core", top->name);
  if (rifl_lane_model_init(&m[0], &lp))
    return gen_fail(ctx, "%s: illegal parameters for rifl_lane_core", top->name);
  if (rifl_lane_model_init(&m[1], &lp)) {
    rifl_lane_model_free(&m[0]);
    return gen_fail(ctx, "%s: illegal parameters for rifl_lane_core", top->name);
  }
  if (gen_case_begin(&c, ctx, BLOCK, top, "link")) {
    rifl_lane_model_free(&m[0]);
    rifl_lane_model_free(&m[1]);
    return -1;
  }
  const unsigned fw = lp.fw, pw = fw - 16, r_last = (5u << lp.fidw) / 2 - 1;
  for (int s = 0; s < 2; s++) { /* boundary n* = k + 64 mod FW = 3 .. 12 slips */
    unsigned k = fw - 64 + (unsigned)prng_range(&c.rng, 3, 12);
    (void)rifl_chan_init(&ch[s], k, 0.0, prng_next(&c.rng));
  }
  gen_case_field(&c, VEC_IN, "u_valid", 1);
  gen_case_field(&c, VEC_IN, "u_meta", 2);
  gen_case_field(&c, VEC_IN, "u_data", pw);
  gen_case_field(&c, VEC_IN, "r_ready", 1);
  gen_case_field(&c, VEC_IN, "gt_rx_valid", 1);
  gen_case_field(&c, VEC_IN, "gt_rx_data", 64);
  gen_case_field(&c, VEC_IN, "force_restart", 1);
  gen_case_field(&c, VEC_OUT, "u_ready", 1);
  gen_case_field(&c, VEC_OUT, "r_valid", 1);
  gen_case_field(&c, VEC_OUT, "r_meta", 2);
  gen_case_field(&c, VEC_OUT, "r_data", pw);
  gen_case_field(&c, VEC_OUT, "r_abort", 1);
  gen_case_field(&c, VEC_OUT, "gt_tx_data", 64);
  gen_case_field(&c, VEC_OUT, "tx_state", 3);
  gen_case_field(&c, VEC_OUT, "aligned", 1);
  gen_case_field(&c, VEC_OUT, "align_offset", 6);
  gen_case_field(&c, VEC_OUT, "align_phase", rifl_lane_phase_width(fw));
  gen_case_field(&c, VEC_OUT, "link_up", 1);
  gen_case_field(&c, VEC_OUT, "frame_err", 1);
  gen_case_field(&c, VEC_OUT, "pause_req", 1);
  gen_case_field(&c, VEC_OUT, "retrans_req", 1);
  gen_case_field(&c, VEC_OUT, "fc_local", 1);
  gen_case_field(&c, VEC_OUT, "fc_remote", 1);
  gen_case_field(&c, VEC_OUT, "rx_level", rifl_lane_level_width(lp.fc_depth));
  static const char *const cnt_names[6] = {"cnt_retrans", "cnt_frame_err", "cnt_overflow",
                                           "cnt_restart", "cnt_flush",     "cnt_abort"};
  for (int i = 0; i < 6; i++)
    gen_case_field(&c, VEC_OUT, cnt_names[i], 32);
  static lc_user_t u[2];
  static uint64_t line[2][LC_LAT];
  memset(u, 0, sizeof u);
  memset(line, 0, sizeof line);
  /* bring-up (about 1600 cycles at FW=128, 3300 at FW=256), then some traffic */
  const int cycles = fw <= 128 ? 2600 : 3600;
  double gap = 0.3, stall = 0.1;
  for (int cyc = 0; cyc < cycles; cyc++) {
    if (cyc % 200 == 0) { /* phases: some with a slow sink at A */
      gap = prng_bernoulli(&c.rng, 0.5) ? 0.0 : 0.4;
      stall = prng_bernoulli(&c.rng, 0.3) ? 0.9 : 0.1;
    }
    rifl_lane_in_t in[2];
    rifl_lane_out_t o[2];
    unsigned slot = (unsigned)(cyc % LC_LAT);
    for (int s = 0; s < 2; s++) {
      /* offers start near the end of the first replay: a frame waiting through the whole
       * bring-up would only make the file bigger */
      const rifl_lane_ctrl_t *ct = &m[s].ctrl;
      int on = ct->st == RIFL_TX_NORMAL || (ct->st == RIFL_TX_RETRANS && ct->rs + 8 >= r_last);
      lc_offer(&u[s], &c.rng, fw, gap, on);
      in[s].u_valid = (unsigned)u[s].offered;
      in[s].u_meta = u[s].meta;
      in[s].u_data = u[s].data;
      in[s].r_ready = s == 0 ? !prng_bernoulli(&c.rng, stall) : 1u;
      in[s].gt_rx_valid = 1;
      in[s].gt_rx_data = line[1 - s][slot];
      in[s].force_restart = 0;
    }
    for (int s = 0; s < 2; s++) {
      rifl_lane_model_comb(&m[s], &in[s], &o[s]);
      line[s][slot] = rifl_chan_word(&ch[s], o[s].gt_tx_data);
    }
    const rifl_lane_out_t *a = &o[0];
    const uint32_t cnt[6] = {a->cnt_retrans, a->cnt_frame_err, a->cnt_overflow,
                             a->cnt_restart, a->cnt_flush,     a->cnt_abort};
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, LC_U_VALID, in[0].u_valid);
    gen_case_set(&c, VEC_IN, LC_U_META, in[0].u_meta);
    gen_case_set_words(&c, VEC_IN, LC_U_DATA, in[0].u_data);
    gen_case_set(&c, VEC_IN, LC_R_READY, in[0].r_ready);
    gen_case_set(&c, VEC_IN, LC_GT_RX_VALID, in[0].gt_rx_valid);
    gen_case_set(&c, VEC_IN, LC_GT_RX_DATA, in[0].gt_rx_data);
    gen_case_set(&c, VEC_IN, LC_FORCE, in[0].force_restart);
    gen_case_set(&c, VEC_OUT, LC_U_READY, a->u_ready);
    gen_case_set(&c, VEC_OUT, LC_R_VALID, a->r_valid);
    gen_case_set(&c, VEC_OUT, LC_R_META, a->r_meta);
    gen_case_set_words(&c, VEC_OUT, LC_R_DATA, a->r_data);
    gen_case_set(&c, VEC_OUT, LC_R_ABORT, a->r_abort);
    gen_case_set(&c, VEC_OUT, LC_GT_TX_DATA, a->gt_tx_data);
    gen_case_set(&c, VEC_OUT, LC_TX_STATE, a->tx_state);
    gen_case_set(&c, VEC_OUT, LC_ALIGNED, a->aligned);
    gen_case_set(&c, VEC_OUT, LC_ALIGN_OFFSET, a->align_offset);
    gen_case_set(&c, VEC_OUT, LC_ALIGN_PHASE, a->align_phase);
    gen_case_set(&c, VEC_OUT, LC_LINK_UP, a->link_up);
    gen_case_set(&c, VEC_OUT, LC_FRAME_ERR, a->frame_err);
    gen_case_set(&c, VEC_OUT, LC_PAUSE_REQ, a->pause_req);
    gen_case_set(&c, VEC_OUT, LC_RETRANS_REQ, a->retrans_req);
    gen_case_set(&c, VEC_OUT, LC_FC_LOCAL, a->fc_local);
    gen_case_set(&c, VEC_OUT, LC_FC_REMOTE, a->fc_remote);
    gen_case_set(&c, VEC_OUT, LC_RX_LEVEL, a->rx_level);
    for (unsigned i = 0; i < 6; i++)
      gen_case_set(&c, VEC_OUT, LC_CNT + i, cnt[i]);
    for (int s = 0; s < 2; s++) {
      if (in[s].u_valid && o[s].u_ready)
        u[s].offered = 0;
      rifl_lane_model_clock(&m[s], &in[s]);
    }
  }
  int normal = m[0].ctrl.st == RIFL_TX_NORMAL && m[1].ctrl.st == RIFL_TX_NORMAL;
  rifl_lane_model_free(&m[0]);
  rifl_lane_model_free(&m[1]);
  if (!normal) {
    gen_case_abort(&c);
    return gen_fail(ctx, "%s: internal error: the link is not up at the end", top->name);
  }
  return gen_case_end(&c);
}

/* ---- table and block entry ----------------------------------------------- */

/* Every rifl module has the frame width FW as its first parameter. */
static int fw_ok(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  if (p[0] > RIFL_FW_MAX || !rifl_fw_ok((unsigned)p[0]))
    return gen_fail(ctx, "%s: FW must be 128, 256, 512 or 1024", top->name);
  return 0;
}

static const gen_module_t modules[] = {
    {"rifl_tx_frame", {"FW", "FIDW", NULL}, {256, 8}, txf_random, NULL, fw_ok},
    {"rifl_rx_frame", {"FW", NULL}, {256}, rxf_random, NULL, fw_ok},
    {"rifl_lane_aligner", {"FW", "LOCK", "UNLOCK", NULL}, {256, 64, 16}, align_random, NULL, fw_ok},
    {"rifl_lane_core",
     {"FW", "FIDW", "FC_DEPTH", "LOCK", "UNLOCK", "RESTART", "PAUSE_TIMEOUT", NULL},
     {256, 8, 64, 64, 16, 0, 64},
     lcore_link,
     NULL,
     fw_ok},
};

static int rifl_write(gen_ctx_t *ctx) {
  return gen_write_tops(ctx, modules, sizeof modules / sizeof modules[0]);
}

GEN_BLOCK(rifl, rifl_write)
