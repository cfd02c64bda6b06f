/*
 * Lockstep tests of rifl_lane_core against its C model (csrc/ref
 * rifl_lane_model): two RTL endpoints and two model endpoints, each pair
 * connected through its own copy of the same channels (bit offset, BER, seed,
 * latency), driven with the same user traffic. Every output of every RTL
 * endpoint is compared with its model every cycle, the wire bit for bit.
 * Also the replay of the golden vectors of one endpoint (csrc/gen gen_rifl.c).
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "rifl_channel.h"
#include "rifl_lane_core_model.h"

#define WORDS HARNESS_WORDS(1024)
#define MAX_LAT 64u

HARNESS_TEST(vectors_lane) { harness_play_vectors_glob("rifl/rifl_lane_core_*.vec"); }

typedef struct {
  const char *top;
  unsigned fw, lock, unlock, restart, fc_depth; /* as tb/rifl/tops.txt */
} lm_case_t;

static const lm_case_t cases[] = {{"rifl_lane_core_fw128", 128, 64, 16, 0, 128},
                                  {"rifl_lane_core_fw256", 256, 64, 16, 0, 64},
                                  {"rifl_lane_core_fw512", 512, 64, 16, 0, 64},
                                  {"rifl_lane_core_fw1024", 1024, 16, 8, 0, 64},
                                  {"rifl_lane_core_fw256_restart", 256, 64, 16, 1, 64}};

/* Every output port of rifl_lane_core. */
enum {
  O_U_READY,
  O_R_VALID,
  O_R_META,
  O_R_DATA,
  O_R_ABORT,
  O_GT_TX_DATA,
  O_TX_STATE,
  O_ALIGNED,
  O_ALIGN_OFFSET,
  O_ALIGN_PHASE,
  O_LINK_UP,
  O_FRAME_ERR,
  O_PAUSE_REQ,
  O_RETRANS_REQ,
  O_FC_LOCAL,
  O_FC_REMOTE,
  O_RX_LEVEL,
  O_CNT_RETRANS,
  O_CNT_FRAME_ERR,
  O_CNT_OVERFLOW,
  O_CNT_RESTART,
  O_CNT_FLUSH,
  O_CNT_ABORT,
  O_N
};

static const char *const out_names[O_N] = {
    "u_ready",       "r_valid",      "r_meta",       "r_data",      "r_abort",  "gt_tx_data",
    "tx_state",      "aligned",      "align_offset", "align_phase", "link_up",  "frame_err",
    "pause_req",     "retrans_req",  "fc_local",     "fc_remote",   "rx_level", "cnt_retrans",
    "cnt_frame_err", "cnt_overflow", "cnt_restart",  "cnt_flush",   "cnt_abort"};

/* The model's value of output i as a word vector. */
static void model_value(const rifl_lane_out_t *o, unsigned i, uint32_t *v) {
  const uint64_t sc[O_N] = {o->u_ready,      o->r_valid,     o->r_meta,        0,
                            o->r_abort,      o->gt_tx_data,  o->tx_state,      o->aligned,
                            o->align_offset, o->align_phase, o->link_up,       o->frame_err,
                            o->pause_req,    o->retrans_req, o->fc_local,      o->fc_remote,
                            o->rx_level,     o->cnt_retrans, o->cnt_frame_err, o->cnt_overflow,
                            o->cnt_restart,  o->cnt_flush,   o->cnt_abort};
  memset(v, 0, WORDS * sizeof *v);
  if (i == O_R_DATA) {
    memcpy(v, o->r_data, sizeof o->r_data);
  } else {
    v[0] = (uint32_t)sc[i];
    v[1] = (uint32_t)(sc[i] >> 32);
  }
}

typedef struct {
  dut_t *d;
  port_t u_valid, u_meta, u_data, r_ready, gt_rx_valid, gt_rx_data, force;
  port_t out[O_N];
  unsigned width[O_N];
  rifl_lane_model_t m;
  rifl_lane_out_t mo;
  /* traffic, the same for RTL and model */
  int offered;
  unsigned meta;
  uint32_t data[WORDS];
  uint64_t taken, got, expect, lost;
  double gap, stall;
  unsigned force_left; /* cycles force_restart stays high */
  unsigned states;     /* tx_state values seen (bit mask) */
} lm_ep_t;

typedef struct {
  const lm_case_t *c;
  lm_ep_t ep[2];
  rifl_chan_t ch[2][2]; /* [0 RTL | 1 model][direction s: side s -> side 1-s] */
  uint64_t line[2][2][MAX_LAT];
  unsigned lat;
  uint64_t cycle, seed;
  prng_t rng;
} lm_link_t;

static void hex_of(const uint32_t *v, unsigned bits, char *buf, size_t n) {
  size_t k = 0;
  buf[0] = '\0';
  for (unsigned i = HARNESS_WORDS(bits); i-- > 0 && k + 9 < n;)
    k += (size_t)snprintf(buf + k, n - k, "%08x", v[i]);
}

/* Frame n sent by side s: recomputable by the receiver. */
static void user_frame(const lm_link_t *l, int s, uint64_t n, unsigned *meta, uint32_t *data) {
  prng_t r;
  prng_seed(&r, l->seed ^ ((uint64_t)(s + 1) << 56) ^ (n * UINT64_C(0x9E3779B97F4A7C15)));
  rifl_lane_random_user(&r, l->c->fw, meta, data);
}

static void lm_open(lm_link_t *l, const lm_case_t *c, unsigned off0, unsigned off1, double ber,
                    unsigned lat) {
  memset(l, 0, sizeof *l);
  l->c = c;
  l->lat = lat;
  l->seed = harness_seed() ^ c->fw;
  prng_seed(&l->rng, l->seed ^ UINT64_C(0x1a4e));
  rifl_lane_params_t p = rifl_lane_default_params(c->fw);
  p.lock = c->lock;
  p.unlock = c->unlock;
  p.restart = c->restart;
  p.fc_depth = c->fc_depth;
  const unsigned off[2] = {off0, off1};
  for (int s = 0; s < 2; s++) {
    lm_ep_t *e = &l->ep[s];
    CHECK(rifl_lane_model_init(&e->m, &p) == 0, "model init");
    e->d = dut_open(c->top);
    e->u_valid = dut_port(e->d, "u_valid");
    e->u_meta = dut_port(e->d, "u_meta");
    e->u_data = dut_port(e->d, "u_data");
    e->r_ready = dut_port(e->d, "r_ready");
    e->gt_rx_valid = dut_port(e->d, "gt_rx_valid");
    e->gt_rx_data = dut_port(e->d, "gt_rx_data");
    e->force = dut_port(e->d, "force_restart");
    for (unsigned i = 0; i < O_N; i++) {
      e->out[i] = dut_port(e->d, out_names[i]);
      e->width[i] = dut_width(e->d, e->out[i]);
    }
    CHECK_EQ(e->width[O_ALIGN_PHASE], rifl_lane_phase_width(c->fw), "align_phase width");
    CHECK_EQ(e->width[O_RX_LEVEL], rifl_lane_level_width(p.fc_depth), "rx_level width");
    CHECK_EQ(e->width[O_R_DATA], c->fw - 16, "r_data width");
    dut_reset(e->d, 2);
    /* the same channel twice: one for the RTL link, one for the model link */
    uint64_t cs = l->seed ^ ((uint64_t)s << 40) ^ UINT64_C(0xC4A7);
    uint64_t chseed = prng_splitmix64(&cs);
    for (int k = 0; k < 2; k++)
      CHECK(rifl_chan_init(&l->ch[k][s], off[s], ber, chseed) == 0, "channel init");
  }
}

static unsigned states_seen; /* tx_state values seen by any lockstep run (bit mask) */

static void lm_close(lm_link_t *l) {
  for (int s = 0; s < 2; s++) {
    states_seen |= l->ep[s].states;
    rifl_lane_model_free(&l->ep[s].m);
    dut_close(l->ep[s].d);
  }
}

/* One cycle: inputs to both RTL endpoints and both models, every output
 * compared, words through the channels, one edge. */
static void lm_step(lm_link_t *l) {
  rifl_lane_in_t in[2];
  unsigned slot = (unsigned)(l->cycle % l->lat);
  for (int s = 0; s < 2; s++) {
    lm_ep_t *e = &l->ep[s];
    /* a frame once offered stays on u_* until taken */
    if (!e->offered && !prng_bernoulli(&l->rng, e->gap)) {
      e->offered = 1;
      user_frame(l, s, e->taken, &e->meta, e->data);
    }
    memset(&in[s], 0, sizeof in[s]);
    in[s].u_valid = (unsigned)e->offered;
    in[s].u_meta = e->offered ? e->meta : 0;
    in[s].u_data = e->data;
    if (!e->offered)
      memset(e->data, 0, sizeof e->data);
    in[s].r_ready = !prng_bernoulli(&l->rng, e->stall);
    in[s].gt_rx_valid = 1;
    in[s].force_restart = e->force_left > 0;
    dut_set_u64(e->d, e->u_valid, in[s].u_valid);
    dut_set_u64(e->d, e->u_meta, in[s].u_meta);
    dut_set(e->d, e->u_data, e->data);
    dut_set_u64(e->d, e->r_ready, in[s].r_ready);
    dut_set_u64(e->d, e->gt_rx_valid, 1);
    dut_set_u64(e->d, e->gt_rx_data, l->line[0][1 - s][slot]);
    dut_set_u64(e->d, e->force, in[s].force_restart);
    in[s].gt_rx_data = l->line[1][1 - s][slot];
  }
  for (int s = 0; s < 2; s++) {
    lm_ep_t *e = &l->ep[s];
    rifl_lane_model_comb(&e->m, &in[s], &e->mo);
    e->states |= 1u << e->mo.tx_state;
    for (unsigned i = 0; i < O_N; i++) {
      uint32_t got[WORDS], exp[WORDS];
      unsigned bits = e->width[i];
      dut_get(e->d, e->out[i], got);
      model_value(&e->mo, i, exp);
      for (unsigned k = 0; k < HARNESS_WORDS(bits); k++) {
        uint32_t mask = (k == bits / 32 && bits % 32) ? (1u << (bits % 32)) - 1u : 0xffffffffu;
        if ((got[k] ^ exp[k]) & mask) {
          char g[300], x[300];
          hex_of(got, bits, g, sizeof g);
          hex_of(exp, bits, x, sizeof x);
          FAIL("%s side %d, cycle %llu: %s is %s, the model says %s", l->c->top, s,
               (unsigned long long)l->cycle, out_names[i], g, x);
        }
      }
    }
    harness_count_check();
  }
  for (int s = 0; s < 2; s++) {
    lm_ep_t *e = &l->ep[s];
    uint32_t tx[2];
    dut_get(e->d, e->out[O_GT_TX_DATA], tx);
    uint64_t wr = (uint64_t)tx[0] | (uint64_t)tx[1] << 32;
    l->line[0][s][slot] = rifl_chan_word(&l->ch[0][s], wr);
    l->line[1][s][slot] = rifl_chan_word(&l->ch[1][s], e->mo.gt_tx_data);
  }
  for (int s = 0; s < 2; s++) {
    lm_ep_t *e = &l->ep[s];
    lm_ep_t *peer = &l->ep[1 - s];
    if (in[s].u_valid && e->mo.u_ready)
      e->taken++, e->offered = 0;
    if (e->force_left)
      e->force_left--;
    /* what arrives is the peer's frames in order (some lost only by a restart) */
    if (e->mo.r_valid && in[s].r_ready && !e->mo.r_abort) {
      uint64_t j = e->expect;
      for (; j < peer->taken && j < e->expect + 256; j++) {
        unsigned meta;
        uint32_t x[WORDS] = {0};
        user_frame(l, 1 - s, j, &meta, x);
        if (meta == e->mo.r_meta && memcmp(x, e->mo.r_data, sizeof x) == 0)
          break;
      }
      CHECK(j < peer->taken && j < e->expect + 256,
            "%s side %d, cycle %llu: received a frame the peer did not send", l->c->top, s,
            (unsigned long long)l->cycle);
      e->lost += j - e->expect;
      e->expect = j + 1;
      e->got++;
    }
  }
  for (int s = 0; s < 2; s++) {
    rifl_lane_model_clock(&l->ep[s].m, &in[s]);
    dut_step(l->ep[s].d, 1);
  }
  l->cycle++;
}

static void lm_run(lm_link_t *l, uint64_t cycles) {
  for (uint64_t i = 0; i < cycles; i++)
    lm_step(l);
}

/* Runs until both models are in NORMAL (the first replay done), at most max cycles. */
static void lm_wait_normal(lm_link_t *l, uint64_t max) {
  uint64_t c0 = l->cycle;
  while (l->ep[0].mo.tx_state != RIFL_TX_NORMAL || l->ep[1].mo.tx_state != RIFL_TX_NORMAL) {
    CHECK(l->cycle - c0 < max, "%s: not in NORMAL after %llu cycles (states %u / %u)", l->c->top,
          (unsigned long long)max, l->ep[0].mo.tx_state, l->ep[1].mo.tx_state);
    lm_step(l);
  }
}

static void lm_pace(lm_link_t *l, double gap0, double stall0, double gap1, double stall1) {
  l->ep[0].gap = gap0, l->ep[0].stall = stall0;
  l->ep[1].gap = gap1, l->ep[1].stall = stall1;
}

static void lm_log(const lm_link_t *l, const char *what) {
  for (int s = 0; s < 2; s++) {
    const rifl_lane_out_t *o = &l->ep[s].mo;
    harness_log("%s %s side %d at cycle %llu: sent %llu, received %llu (lost %llu); retrans %u "
                "frame_err %u overflow %u restart %u flush %u abort %u",
                l->c->top, what, s, (unsigned long long)l->cycle,
                (unsigned long long)l->ep[s].taken, (unsigned long long)l->ep[s].got,
                (unsigned long long)l->ep[s].lost, o->cnt_retrans, o->cnt_frame_err,
                o->cnt_overflow, o->cnt_restart, o->cnt_flush, o->cnt_abort);
  }
}

/* Bring-up with user frames offered from the start, traffic both ways with
 * gaps and stalls, a slow sink (flow control), and for the restart variant a
 * forced restart in the middle of traffic and a second bring-up. */
static void lockstep_clean(const lm_case_t *c, int with_restart) {
  static lm_link_t l;
  unsigned nw = c->fw / 64;
  lm_open(&l, c, (c->fw / 2 + 13) % c->fw, 70 % c->fw, 0.0, 5);
  lm_pace(&l, 0.3, 0.1, 0.5, 0.2);
  lm_wait_normal(&l, 40000 * nw);
  lm_run(&l, 300 * nw);
  lm_pace(&l, 0.0, 0.0, 0.1, 0.97); /* side 1 a slow sink: its buffer fills */
  unsigned fc = 0;
  for (unsigned i = 0; i < 400 * nw; i++) {
    lm_step(&l);
    fc |= l.ep[1].mo.fc_local;
  }
  CHECK(fc, "%s: flow control raised by the slow sink", c->top);
  lm_pace(&l, 0.2, 0.0, 0.2, 0.0);
  lm_run(&l, 200 * nw);
  if (with_restart) {
    /* cut a packet on side 0's transmit side: the rest of it is flushed; RESTART=1: side 1
     * restarts too and its receiver closes the packet with an abort entry; RESTART=0 (as
     * published, a peer has no restart): side 1 goes on and only side 0 restarts */
    for (unsigned i = 0; i < 1000 && !l.ep[0].m.ctrl.tx_open; i++)
      lm_step(&l);
    CHECK(l.ep[0].m.ctrl.tx_open, "%s: a packet open on side 0", c->top);
    l.ep[0].force_left = nw; /* sampled at a slot edge */
    lm_run(&l, 4 * nw);
    lm_wait_normal(&l, 40000 * nw);
    lm_run(&l, 200 * nw);
    CHECK(l.ep[0].mo.cnt_restart > 0 && (l.ep[1].mo.cnt_restart > 0) == (c->restart != 0),
          "%s: restarted %u / %u", c->top, l.ep[0].mo.cnt_restart, l.ep[1].mo.cnt_restart);
    CHECK(l.ep[0].mo.cnt_flush > 0 && (l.ep[1].mo.cnt_abort > 0) == (c->restart != 0),
          "%s: flushed %u, aborted %u", c->top, l.ep[0].mo.cnt_flush, l.ep[1].mo.cnt_abort);
  }
  lm_log(&l, "clean");
  for (int s = 0; s < 2; s++) {
    CHECK(l.ep[s].got > 100, "%s side %d: frames received", c->top, s);
    if (!with_restart)
      CHECK_EQ(l.ep[s].lost + l.ep[s].mo.cnt_restart, 0, "frames lost or restarts");
  }
  lm_close(&l);
}

static void lockstep_errors(const lm_case_t *c, double ber, uint64_t cycles) {
  static lm_link_t l;
  unsigned nw = c->fw / 64;
  lm_open(&l, c, 3, c->fw - 29, ber, 7);
  lm_pace(&l, 0.2, 0.1, 0.2, 0.1);
  lm_wait_normal(&l, 40000 * nw);
  lm_run(&l, cycles);
  lm_log(&l, "BER");
  for (int s = 0; s < 2; s++) {
    CHECK(l.ep[s].mo.cnt_retrans > 1 && l.ep[s].mo.cnt_frame_err > 0,
          "%s side %d: replays (%u) after errors (%u) covered", c->top, s, l.ep[s].mo.cnt_retrans,
          l.ep[s].mo.cnt_frame_err);
    /* PAUSE only when a side sees the peer's PAUSE while aligned: not in every bring-up */
    CHECK_EQ(l.ep[s].states | 0x04u, 0x3f, "TX states visited (mask)");
  }
  lm_close(&l);
}

HARNESS_TEST(lane_model_lockstep) {
  /* every width; FW 128 at +quick (make test's Icarus lane), where vectors_lane replays FW 256
   * through bring-up, traffic and slow-sink flow control, and the BER run below is FW 256 */
  states_seen = 0;
  unsigned n = (unsigned)harness_scaled(1, 4, 4);
  for (unsigned i = 0; i < n; i++)
    lockstep_clean(&cases[i], i == 0);
  if (harness_scale() != HARNESS_QUICK) /* +quick: lane_peer_reset covers RESTART=1 */
    lockstep_clean(&cases[4], 1);       /* RESTART=1: both ends restart */
  lockstep_errors(&cases[1], 1e-5, harness_scaled(6000, 12000, 12000));
  CHECK_EQ(states_seen | (harness_scale() == HARNESS_QUICK ? 0x04u : 0u), 0x3f,
           "TX states visited by the lockstep runs (mask; PAUSE: RESTART=1 case)");
}
