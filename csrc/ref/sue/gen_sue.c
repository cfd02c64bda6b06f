/*
 * gen_sue.c - cases of block "sue": <top>_random for the PFC state (sue_pfc) and go-back-N
 * state (sue_gbn) tops of tb/sue/tops.txt. Expected outputs come from the cycle-exact models
 * (record = inputs, outputs during the cycle, then the edge), called in the order of the
 * modules' timing contracts (docs/sue/sue_pfc.md, docs/sue/sue_gbn.md "Cycle order"); every output
 * is defined and checked in every record.
 *
 *   sue_pfc  csrc/ref/sue/sue_pfc_model.c per cycle: sue_pfc_eval(t, level), the outputs (paused,
 * xoff, pfc_owed, tx_cev, tx_time), then sue_pfc_sent(t) when pfc_sent, sue_pfc_rx(t) when
 * rx_pfc_valid. Phases of PFC_PHASE cycles, each with a forced trait (plan below) and random
 * levels: receive-buffer levels walking across and jumping onto PFC_XOFF / PFC_XON and +-1 (and,
 * rarely, anywhere up to 2^BW - 1); PFC frames received with random / all / single enabled
 * priorities and times 0, 1, small (pauses that expire within the file), 0xFFFF; the owed frame
 * taken at once, late or not at all; PFC_REFRESH 0 .. 300 and 2^24 - 1; PFC_TX_EN / PFC_RX_EN
 * toggled, PFC_MAP and the thresholds changed mid-phase; XON >= XOFF; rx_pfc_cev / rx_pfc_time
 * random in some cycles where rx_pfc_valid is 0 (ignored). sue_gbn  csrc/ref/sue/sue_gbn_model.c
 * through its per-cycle stepping (sue_gbn_bank_*, the code the lockstep test tb/sue/test_sue_gbn.c
 * runs): timers, the transmit event (only legal kinds: a new PDU while the window is open, a replay
 * while one is pending, a stand-alone frame any time), the receive event (ACK / NACK in, around and
 * far outside the window; data PSNs expected, ahead, behind, far; no room), the same connection for
 * both events in some cycles, RETX_TIMEOUT (1 .. 300, 2^24 - 1) and ACK_DELAY (0 .. 30, 65535) per
 * phase, phases of a well-behaved peer. Every output every cycle: the masks, rp_slot, tmo /
 * tmo_cnt, the tx_conn outputs, the register view of rd_conn (random) and the receive verdicts (0
 * while rx_valid is 0).
 *
 * Each case checks its own event mix (gen_fail otherwise), so the coverage documented in
 * docs/vectors.md holds for the committed files.
 */
#include "gen.h"

#include <string.h>

#include "bits.h"
#include "sue_cfg.h"
#include "sue_gbn_model.h"
#include "sue_pfc_model.h"

#define BLOCK "sue"

#define WORDS 8 /* up to 256 bits a field */

/* Element value v at bits pos .. pos+width-1 of a packed port value. */
static void put(uint32_t *w, unsigned pos, unsigned width, uint64_t v) {
  for (unsigned b = 0; b < width; b++)
    bits_put(w, pos + b, (unsigned)(v >> b) & 1u);
}

static unsigned pick_u(prng_t *r, const unsigned *v, size_t n) { return v[prng_below(r, n)]; }
#define PICK(r, a) pick_u((r), (a), sizeof(a) / sizeof((a)[0]))

/* ---- sue_pfc -------------------------------------------------------------- */

#define PFC_PHASE 250
#define PFC_CYCLES 2000

/* The trait each phase forces (then random knobs); the phases run in this order. */
enum { PH_PLAIN, PH_SHARED, PH_HOLD, PH_INVERTED, PH_QCYC0, PH_TXOFF, PH_LONG, PH_RXOFF };
static const unsigned char pfc_plan[] = {PH_PLAIN, PH_SHARED, PH_HOLD, PH_INVERTED,
                                         PH_QCYC0, PH_TXOFF,  PH_LONG, PH_RXOFF};

enum {
  PI_TX_EN,
  PI_RX_EN,
  PI_PRIO,
  PI_TIME,
  PI_QCYC,
  PI_REFRESH,
  PI_XOFF,
  PI_XON,
  PI_LEVEL,
  PI_RX_VALID,
  PI_RX_CEV,
  PI_RX_TIME,
  PI_SENT,
  PI_N
};
enum { PO_PAUSED, PO_XOFF, PO_OWED, PO_TX_CEV, PO_TX_TIME, PO_N };

typedef struct {
  gen_case_t *c;
  unsigned bw, maxlvl, lvl[SUE_NVC];
  sue_cfg_t cfg;
  sue_pfc_t m;
  uint64_t now;
  double p_sent, p_rx, p_move, p_jump, p_cfg;
  unsigned step, time_max, trait;
  /* event mix */
  unsigned long n_sent, n_held, n_refresh, n_on, n_off, n_rx, n_expire, n_inverted, n_shared, n_q0,
      n_rx_off;
} pfc_gen_t;

static void pfc_fields(gen_case_t *c, unsigned bw) {
  gen_case_field(c, VEC_IN, "cfg_pfc_tx_en", 1);
  gen_case_field(c, VEC_IN, "cfg_pfc_rx_en", 1);
  gen_case_field(c, VEC_IN, "cfg_pfc_prio", 12);
  gen_case_field(c, VEC_IN, "cfg_pfc_time", 16);
  gen_case_field(c, VEC_IN, "cfg_pfc_qcyc", 8);
  gen_case_field(c, VEC_IN, "cfg_pfc_refresh", 24);
  gen_case_field(c, VEC_IN, "cfg_pfc_xoff", 23);
  gen_case_field(c, VEC_IN, "cfg_pfc_xon", 23);
  gen_case_field(c, VEC_IN, "level", 4 * bw);
  gen_case_field(c, VEC_IN, "rx_pfc_valid", 1);
  gen_case_field(c, VEC_IN, "rx_pfc_cev", 8);
  gen_case_field(c, VEC_IN, "rx_pfc_time", 128);
  gen_case_field(c, VEC_IN, "pfc_sent", 1);
  gen_case_field(c, VEC_OUT, "paused", 4);
  gen_case_field(c, VEC_OUT, "xoff", 4);
  gen_case_field(c, VEC_OUT, "pfc_owed", 1);
  gen_case_field(c, VEC_OUT, "tx_cev", 8);
  gen_case_field(c, VEC_OUT, "tx_time", 128);
}

/* A threshold in reach of the walking levels; sometimes 0 or never reached. */
static unsigned pfc_thresh(pfc_gen_t *g) {
  prng_t *r = &g->c->rng;
  switch (prng_below(r, 10)) {
  case 0:
    return 0;
  case 1: /* above every level (23 bits at most) */
    return g->maxlvl >= 0x7FFFFFu ? 0x7FFFFFu : g->maxlvl + 1;
  default:
    return (unsigned)prng_below(r, 400);
  }
}

static void pfc_thresholds(pfc_gen_t *g, int inverted) {
  unsigned a = pfc_thresh(g), b = pfc_thresh(g);
  if (a == b)
    b = a + 1 + (unsigned)prng_below(&g->c->rng, 50);
  if ((a > b) != (inverted != 0)) { /* sane: XON < XOFF; inverted: XON > XOFF */
    unsigned x = a;
    a = b;
    b = x;
  }
  g->cfg.pfc_xon = a & 0x7FFFFFu;
  g->cfg.pfc_xoff = b & 0x7FFFFFu;
}

static void pfc_prio(pfc_gen_t *g, int shared) {
  prng_t *r = &g->c->rng;
  unsigned p0 = (unsigned)prng_below(r, 8), p1 = (unsigned)prng_below(r, 8);
  for (unsigned v = 0; v < SUE_NVC; v++)
    g->cfg.pfc_prio[v] = shared                   ? (uint8_t)(prng_bernoulli(r, 0.5) ? p0 : p1)
                         : prng_bernoulli(r, 0.5) ? (uint8_t)v
                                                  : (uint8_t)prng_below(r, 8);
}

static void pfc_phase(pfc_gen_t *g, unsigned k) {
  static const unsigned refresh_pick[] = {0, 1, 2, 5, 17, 40, 100, 300, 0xFFFFFF};
  static const unsigned qcyc_pick[] = {1, 2, 3, 7};
  static const unsigned time_pick[] = {0, 1, 2, 5, 30, 200};
  prng_t *r = &g->c->rng;
  g->trait = pfc_plan[k % sizeof pfc_plan];
  g->p_sent = g->trait == PH_HOLD ? 0.0 : prng_bernoulli(r, 0.4) ? 1.0 : 0.1 + 0.5 * prng_double(r);
  g->p_rx = 0.01 + prng_double(r) * 0.05;
  g->p_move = 0.1 + prng_double(r) * 0.4;
  g->p_jump = prng_double(r) * 0.3;
  g->p_cfg = 0.002 + prng_double(r) * 0.006;
  g->step = 1u + (unsigned)prng_below(r, 40);
  g->time_max = g->trait == PH_LONG ? 0xFFFFu : 30u;
  g->cfg.pfc_refresh = PICK(r, refresh_pick);
  g->cfg.pfc_qcyc = g->trait == PH_QCYC0  ? 0
                    : g->trait == PH_LONG ? 255
                                          : (uint8_t)PICK(r, qcyc_pick);
  g->cfg.pfc_time = prng_bernoulli(r, 0.8) ? (uint16_t)PICK(r, time_pick) : (uint16_t)prng_u32(r);
  g->cfg.pfc_tx_en = g->trait != PH_TXOFF;
  g->cfg.pfc_rx_en = g->trait != PH_RXOFF;
  pfc_thresholds(g, g->trait == PH_INVERTED);
  pfc_prio(g, g->trait == PH_SHARED);
}

static unsigned pfc_clamp(const pfc_gen_t *g, long long v) {
  return v < 0 ? 0u : v > (long long)g->maxlvl ? g->maxlvl : (unsigned)v;
}

static void pfc_move_levels(pfc_gen_t *g) {
  prng_t *r = &g->c->rng;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    if (!prng_bernoulli(r, g->p_move))
      continue;
    long long l = g->lvl[v];
    if (prng_bernoulli(r, g->p_jump)) { /* onto a threshold, or next to it */
      long long t = prng_bernoulli(r, 0.5) ? g->cfg.pfc_xoff : g->cfg.pfc_xon;
      l = t + (long long)prng_below(r, 3) - 1;
    } else if (prng_bernoulli(r, 0.005)) { /* anywhere, beyond 23 bits with BW = 24 */
      l = (long long)prng_below(r, (uint64_t)g->maxlvl + 1);
    } else {
      long long dl = 1 + (long long)prng_below(r, g->step);
      l += prng_bernoulli(r, 0.5) ? dl : -dl;
    }
    g->lvl[v] = pfc_clamp(g, l);
  }
}

static uint16_t pfc_rand_time(pfc_gen_t *g) {
  prng_t *r = &g->c->rng;
  switch (prng_below(r, 6)) {
  case 0:
    return 0;
  case 1:
    return g->time_max == 0xFFFFu ? 0xFFFFu : 1u;
  default:
    return (uint16_t)prng_below(r, (uint64_t)g->time_max + 1);
  }
}

/* Single configuration changes inside a phase. */
static void pfc_cfg_changes(pfc_gen_t *g) {
  prng_t *r = &g->c->rng;
  if (prng_bernoulli(r, g->p_cfg))
    g->cfg.pfc_tx_en ^= 1u;
  if (prng_bernoulli(r, g->p_cfg))
    g->cfg.pfc_rx_en ^= 1u;
  if (prng_bernoulli(r, g->p_cfg / 2))
    pfc_prio(g, 0);
  if (prng_bernoulli(r, g->p_cfg / 2))
    pfc_thresholds(g, prng_bernoulli(r, 0.2));
}

/* One cycle: inputs, the model's eval and outputs, the events, the record. */
static void pfc_cycle(pfc_gen_t *g) {
  static uint32_t vi[PI_N][WORDS], vo[PO_N][WORDS];
  gen_case_t *c = g->c;
  prng_t *r = &c->rng;
  sue_pfc_t *m = &g->m;
  pfc_cfg_changes(g);
  pfc_move_levels(g);
  unsigned was_xoff[SUE_NVC], was_pending = m->pfc_pending, paused_before = 0;
  memcpy(was_xoff, m->xoff, sizeof was_xoff);
  for (unsigned v = 0; v < SUE_NVC; v++)
    paused_before |= (unsigned)sue_pfc_paused(m, &g->cfg, g->now ? g->now - 1 : 0, v) << v;
  sue_pfc_eval(m, &g->cfg, g->now, g->lvl);
  /* outputs during the cycle */
  memset(vi, 0, sizeof vi);
  memset(vo, 0, sizeof vo);
  unsigned paused = 0, xoff = 0, shared = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    paused |= (unsigned)sue_pfc_paused(m, &g->cfg, g->now, v) << v;
    xoff |= (m->xoff[v] ? 1u : 0u) << v;
    g->n_on += !was_xoff[v] && m->xoff[v];
    g->n_off += was_xoff[v] && !m->xoff[v];
    for (unsigned u = 0; u < v; u++)
      shared |= g->cfg.pfc_prio[u] == g->cfg.pfc_prio[v];
  }
  uint16_t tm[SUE_PRIO];
  unsigned cev = sue_pfc_frame(m, &g->cfg, tm);
  int owed = sue_pfc_owed(m, &g->cfg);
  put(vo[PO_PAUSED], 0, 4, paused);
  put(vo[PO_XOFF], 0, 4, xoff);
  put(vo[PO_OWED], 0, 1, (unsigned)owed);
  put(vo[PO_TX_CEV], 0, 8, cev);
  for (unsigned p = 0; p < SUE_PRIO; p++)
    put(vo[PO_TX_TIME], 16 * p, 16, tm[p]);
  g->n_refresh += !was_pending && owed && !memcmp(was_xoff, m->xoff, sizeof was_xoff);
  g->n_inverted += owed && g->cfg.pfc_xon >= g->cfg.pfc_xoff;
  g->n_shared += owed && shared;
  g->n_expire += (paused_before & ~paused) != 0;
  /* events of the cycle */
  int sent = owed && prng_bernoulli(r, g->p_sent);
  g->n_sent += sent != 0;
  g->n_held += owed && !sent;
  int rx = prng_bernoulli(r, g->p_rx);
  unsigned rcev = 0;
  uint16_t rtm[SUE_PRIO] = {0};
  if (rx || prng_bernoulli(r, 0.05)) { /* random while not valid now and then: ignored */
    rcev = (unsigned)prng_below(r, 256);
    if (prng_bernoulli(r, 0.3))
      rcev = prng_bernoulli(r, 0.5) ? 0xFFu : 1u << prng_below(r, 8);
    for (unsigned p = 0; p < SUE_PRIO; p++)
      rtm[p] = pfc_rand_time(g);
  }
  /* inputs */
  for (unsigned v = 0; v < SUE_NVC; v++) {
    put(vi[PI_PRIO], 3 * v, 3, g->cfg.pfc_prio[v] & 7u);
    put(vi[PI_LEVEL], v * g->bw, g->bw, g->lvl[v]);
  }
  for (unsigned p = 0; p < SUE_PRIO; p++)
    put(vi[PI_RX_TIME], 16 * p, 16, rtm[p]);
  put(vi[PI_TX_EN], 0, 1, g->cfg.pfc_tx_en);
  put(vi[PI_RX_EN], 0, 1, g->cfg.pfc_rx_en);
  put(vi[PI_TIME], 0, 16, g->cfg.pfc_time);
  put(vi[PI_QCYC], 0, 8, g->cfg.pfc_qcyc);
  put(vi[PI_REFRESH], 0, 24, g->cfg.pfc_refresh);
  put(vi[PI_XOFF], 0, 23, g->cfg.pfc_xoff);
  put(vi[PI_XON], 0, 23, g->cfg.pfc_xon);
  put(vi[PI_RX_VALID], 0, 1, (unsigned)rx);
  put(vi[PI_RX_CEV], 0, 8, rcev);
  put(vi[PI_SENT], 0, 1, (unsigned)sent);
  gen_case_row(c);
  for (unsigned f = 0; f < PI_N; f++)
    gen_case_set_words(c, VEC_IN, f, vi[f]);
  for (unsigned f = 0; f < PO_N; f++)
    gen_case_set_words(c, VEC_OUT, f, vo[f]);
  /* the model: the events in the contract's order, then the edge */
  if (sent)
    sue_pfc_sent(m, g->now);
  if (rx) {
    sue_pfc_rx(m, &g->cfg, g->now, rcev, rtm);
    g->n_rx++;
    g->n_q0 += g->cfg.pfc_qcyc == 0 && g->cfg.pfc_rx_en;
    g->n_rx_off += !g->cfg.pfc_rx_en;
  }
  g->now++;
}

static int pfc_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  static pfc_gen_t g;
  gen_case_t c;
  if (p[0] < 1 || p[0] > 32)
    return gen_fail(ctx, "%s: illegal parameters for sue_pfc", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  memset(&g, 0, sizeof g);
  g.c = &c;
  g.bw = (unsigned)p[0];
  g.maxlvl = (unsigned)((1ull << g.bw) - 1u);
  sue_params_t sp = sue_default_params();
  sue_cfg_reset(&g.cfg, &sp);
  sue_pfc_init(&g.m);
  pfc_fields(&c, g.bw);
  for (unsigned t = 0; t < PFC_CYCLES; t++) {
    if (t % PFC_PHASE == 0)
      pfc_phase(&g, t / PFC_PHASE);
    pfc_cycle(&g);
  }
  if (!(g.n_sent > 20 && g.n_held > 20 && g.n_refresh > 0 && g.n_on > 10 && g.n_off > 10 &&
        g.n_rx > 20 && g.n_expire > 5 && g.n_inverted > 0 && g.n_shared > 0 && g.n_q0 > 0 &&
        g.n_rx_off > 0)) {
    gen_case_abort(&c);
    return gen_fail(ctx,
                    "%s: internal error: thin event mix (sent %lu, held %lu, refreshes %lu, "
                    "XOFF on %lu / off %lu, received %lu, expiries %lu, inverted %lu, shared "
                    "%lu, QCYC 0 %lu, RX_EN 0 %lu)",
                    top->name, g.n_sent, g.n_held, g.n_refresh, g.n_on, g.n_off, g.n_rx, g.n_expire,
                    g.n_inverted, g.n_shared, g.n_q0, g.n_rx_off);
  }
  return gen_case_end(&c);
}

/* ---- sue_gbn -------------------------------------------------------------- */

#define GBN_PHASE 250
#define GBN_CYCLES 1500

enum {
  GI_RETX,
  GI_ACKD,
  GI_TX_CONN,
  GI_TX_VALID,
  GI_TX_KIND,
  GI_RX_VALID,
  GI_RX_CONN,
  GI_RX_OP,
  GI_RX_RPSN,
  GI_RX_DATA,
  GI_RX_PSN,
  GI_RX_ROOM,
  GI_RD_CONN,
  GI_N
};
enum {
  GO_PSN_NEW,
  GO_SLOT_NEW,
  GO_PSN_RP,
  GO_SLOT_RP,
  GO_OP,
  GO_RPSN,
  GO_CAN_NEW,
  GO_REPLAYING,
  GO_ACK_ADV,
  GO_NACK_OK,
  GO_REPLAY_START,
  GO_ACK_STALE,
  GO_CTRL,
  GO_AHEAD,
  GO_DUP,
  GO_NOBUF,
  GO_ACCEPT,
  GO_WIN_OPEN,
  GO_REPLAY_PEND,
  GO_RP_SLOT,
  GO_NACK_OWED,
  GO_ACK_OWED,
  GO_ACK_DUE,
  GO_TMO,
  GO_TMO_CNT,
  GO_RD_TX,
  GO_RD_RX,
  GO_N
};

typedef struct {
  gen_case_t *c;
  sue_gbn_bank_t b;
  unsigned nc, win, cw, sw;
  uint32_t retx, ackd;
  double p_tx, p_rx, p_rep, p_ctrl, p_ack, p_nack, p_data, p_room, p_far;
  int in_order;
  /* event mix */
  unsigned long n_new, n_rep, n_ctrl, n_adv, n_nack, n_stale, n_tmo, n_full, n_acc, n_ahead, n_dup,
      n_nobuf, n_same;
} gbn_gen_t;

static void gbn_fields(gen_case_t *c, const gbn_gen_t *g) {
  static const char *const verdicts[] = {"rx_ack_adv",   "rx_nack_ok", "rx_replay_start",
                                         "rx_ack_stale", "rx_ctrl",    "rx_psn_ahead",
                                         "rx_psn_dup",   "rx_nobuf",   "rx_accept"};
  static const char *const masks[] = {"win_open", "replay_pend", "rp_slot", "nack_owed",
                                      "ack_owed", "ack_due",     "tmo"};
  gen_case_field(c, VEC_IN, "cfg_retx_timeout", 24);
  gen_case_field(c, VEC_IN, "cfg_ack_delay", 16);
  gen_case_field(c, VEC_IN, "tx_conn", g->cw);
  gen_case_field(c, VEC_IN, "tx_valid", 1);
  gen_case_field(c, VEC_IN, "tx_kind", 2);
  gen_case_field(c, VEC_IN, "rx_valid", 1);
  gen_case_field(c, VEC_IN, "rx_conn", g->cw);
  gen_case_field(c, VEC_IN, "rx_op", 2);
  gen_case_field(c, VEC_IN, "rx_rpsn", 16);
  gen_case_field(c, VEC_IN, "rx_data", 1);
  gen_case_field(c, VEC_IN, "rx_psn", 16);
  gen_case_field(c, VEC_IN, "rx_room", 1);
  gen_case_field(c, VEC_IN, "rd_conn", g->cw);
  gen_case_field(c, VEC_OUT, "tx_psn_new", 16);
  gen_case_field(c, VEC_OUT, "tx_slot_new", g->sw);
  gen_case_field(c, VEC_OUT, "tx_psn_rp", 16);
  gen_case_field(c, VEC_OUT, "tx_slot_rp", g->sw);
  gen_case_field(c, VEC_OUT, "tx_op", 2);
  gen_case_field(c, VEC_OUT, "tx_rpsn", 16);
  gen_case_field(c, VEC_OUT, "tx_can_new", 1);
  gen_case_field(c, VEC_OUT, "tx_replaying", 1);
  for (unsigned i = 0; i < sizeof verdicts / sizeof verdicts[0]; i++)
    gen_case_field(c, VEC_OUT, verdicts[i], 1);
  for (unsigned i = 0; i < sizeof masks / sizeof masks[0]; i++)
    gen_case_field(c, VEC_OUT, masks[i], i == 2 ? g->nc * g->sw : g->nc);
  gen_case_field(c, VEC_OUT, "tmo_cnt", 9);
  gen_case_field(c, VEC_OUT, "rd_tx", 32);
  gen_case_field(c, VEC_OUT, "rd_rx", 32);
}

static void gbn_phase(gbn_gen_t *g, unsigned k) {
  static const unsigned retx_pick[] = {1, 2, 3, 7, 16, 40, 100, 300, 0xFFFFFF};
  static const unsigned ackd_pick[] = {0, 1, 2, 5, 30, 0xFFFF};
  prng_t *r = &g->c->rng;
  g->p_tx = 0.2 + 0.8 * prng_double(r);
  g->p_rx = 0.2 + 0.8 * prng_double(r);
  g->p_rep = 0.3 + 0.7 * prng_double(r);
  g->p_ctrl = 0.2 * prng_double(r);
  g->p_ack = prng_double(r) * 0.8;
  g->p_nack = (1.0 - g->p_ack) * prng_double(r);
  g->p_data = 0.3 + 0.7 * prng_double(r);
  g->p_room = prng_bernoulli(r, 0.5) ? 1.0 : 0.7;
  g->p_far = prng_bernoulli(r, 0.5) ? 0.0 : 0.05;
  g->in_order = k % 3 == 1; /* every third phase a well-behaved peer */
  g->retx = PICK(r, retx_pick);
  g->ackd = PICK(r, ackd_pick);
  if (k == 0) /* short timers first: expiries early in every file */
    g->retx = 7, g->ackd = 2;
}

static unsigned near16(prng_t *r, unsigned base, int lo, int hi) {
  return (unsigned)((int)base + lo + (int)prng_below(r, (uint64_t)(hi - lo + 1))) & 0xFFFFu;
}

/* The receive event of a cycle on connection q (state after the transmit event). */
static void gbn_pick_rx(gbn_gen_t *g, const sue_conn_t *q, sue_gbn_rx_t *ev) {
  prng_t *r = &g->c->rng;
  unsigned out = sue_gbn_outstanding(q);
  double u = prng_double(r);
  ev->op = u < g->p_ack ? SUE_OP_ACK : u < g->p_ack + g->p_nack ? SUE_OP_NACK : SUE_OP_NONE;
  ev->rpsn = 0;
  if (g->in_order) { /* a peer: cumulative ACK of a prefix, data in order, rare loss */
    if (ev->op == SUE_OP_ACK)
      ev->rpsn = out ? near16(r, q->una, 0, (int)out - 1) : (q->una - 1u) & 0xFFFFu;
    else if (ev->op == SUE_OP_NACK)
      ev->rpsn = near16(r, q->una, 0, (int)out);
    ev->data = (unsigned)prng_bernoulli(r, g->p_data);
    ev->psn = prng_bernoulli(r, 0.1) ? near16(r, q->exp, -2, 2) : q->exp;
  } else {
    if (ev->op != SUE_OP_NONE)
      ev->rpsn =
          prng_bernoulli(r, g->p_far) ? prng_u32(r) & 0xFFFFu : near16(r, q->una, -2, (int)out + 2);
    ev->data = (unsigned)prng_bernoulli(r, g->p_data);
    ev->psn = prng_bernoulli(r, g->p_far) ? prng_u32(r) & 0xFFFFu : near16(r, q->exp, -3, 3);
  }
  ev->room = (unsigned)prng_bernoulli(r, g->p_room);
}

static void gbn_cycle(gbn_gen_t *g) {
  static uint32_t vo[GO_N][WORDS];
  static sue_gbn_conn_out_t co;
  gen_case_t *c = g->c;
  prng_t *r = &c->rng;
  sue_gbn_bank_t *b = &g->b;
  /* 1. timers, and the outputs of the state */
  sue_gbn_bank_timers(b, g->retx, &co);
  unsigned tc = (unsigned)prng_below(r, g->nc), rd = (unsigned)prng_below(r, g->nc);
  sue_gbn_tx_view_t tv;
  uint32_t rd_tx, rd_rx;
  sue_gbn_bank_tx_view(b, tc, &tv);
  sue_gbn_bank_conn_view(b, rd, &rd_tx, &rd_rx);
  memset(vo, 0, sizeof vo);
  for (unsigned k = 0; k < g->nc; k++) {
    put(vo[GO_WIN_OPEN], k, 1, co.win_open[k]);
    put(vo[GO_REPLAY_PEND], k, 1, co.replay_pend[k]);
    put(vo[GO_RP_SLOT], k * g->sw, g->sw, co.rp_slot[k]);
    put(vo[GO_NACK_OWED], k, 1, co.nack_owed[k]);
    put(vo[GO_ACK_OWED], k, 1, co.ack_owed[k]);
    put(vo[GO_ACK_DUE], k, 1, co.ack_due[k]);
    put(vo[GO_TMO], k, 1, co.tmo[k]);
    g->n_full += sue_gbn_outstanding(&b->conn[k]) == g->win;
  }
  g->n_tmo += co.tmo_cnt;
  const unsigned txo[] = {tv.psn_new, tv.slot_new, tv.psn_rp,  tv.slot_rp,
                          tv.op,      tv.rpsn,     tv.can_new, tv.replaying};
  for (unsigned f = GO_PSN_NEW; f <= GO_REPLAYING; f++)
    put(vo[f], 0, 32, txo[f - GO_PSN_NEW]);
  put(vo[GO_TMO_CNT], 0, 32, co.tmo_cnt);
  put(vo[GO_RD_TX], 0, 32, rd_tx);
  put(vo[GO_RD_RX], 0, 32, rd_rx);
  /* 2. the transmit event: legal kinds only */
  const sue_conn_t *k = &b->conn[tc];
  unsigned txv = 0, kind = (unsigned)prng_below(r, 3); /* ignored while tx_valid is 0 */
  if (prng_bernoulli(r, g->p_tx)) {
    if (sue_gbn_replaying(k) && prng_bernoulli(r, g->p_rep))
      txv = 1, kind = 1;
    else if (sue_gbn_can_send_new(k, g->win) && !prng_bernoulli(r, g->p_ctrl))
      txv = 1, kind = 0;
    else if (prng_bernoulli(r, 0.3) || k->nack_pending)
      txv = 1, kind = 2;
  }
  if (txv) {
    sue_gbn_bank_tx(b, tc, kind, g->retx);
    g->n_new += kind == 0, g->n_rep += kind == 1, g->n_ctrl += kind == 2;
  }
  /* 3. the receive event */
  unsigned rxv = (unsigned)prng_bernoulli(r, g->p_rx);
  sue_gbn_rx_t ev;
  ev.conn = prng_bernoulli(r, 0.3) ? tc : (unsigned)prng_below(r, g->nc);
  gbn_pick_rx(g, &b->conn[ev.conn], &ev);
  sue_gbn_verdict_t v;
  memset(&v, 0, sizeof v);
  if (rxv) {
    sue_gbn_bank_rx(b, &ev, g->retx, g->ackd, &v);
    g->n_same += txv && ev.conn == tc;
    g->n_adv += v.ack_adv, g->n_nack += v.nack_ok, g->n_stale += v.ack_stale;
    g->n_acc += v.accept, g->n_ahead += v.psn_ahead, g->n_dup += v.psn_dup;
    g->n_nobuf += v.nobuf;
  }
  const unsigned verd[] = {v.ack_adv,   v.nack_ok, v.replay_start, v.ack_stale, v.ctrl,
                           v.psn_ahead, v.psn_dup, v.nobuf,        v.accept};
  for (unsigned f = GO_ACK_ADV; f <= GO_ACCEPT; f++)
    put(vo[f], 0, 1, verd[f - GO_ACK_ADV]);
  /* the record */
  const uint64_t in[GI_N] = {g->retx, g->ackd, tc,      txv,    kind,    rxv, ev.conn,
                             ev.op,   ev.rpsn, ev.data, ev.psn, ev.room, rd};
  gen_case_row(c);
  for (unsigned f = 0; f < GI_N; f++)
    gen_case_set(c, VEC_IN, f, in[f]);
  for (unsigned f = 0; f < GO_N; f++)
    gen_case_set_words(c, VEC_OUT, f, vo[f]);
  /* 4. the edge */
  sue_gbn_bank_edge(b);
}

static int gbn_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  static gbn_gen_t g;
  gen_case_t c;
  unsigned ndst = (unsigned)p[0], win = (unsigned)p[1], per_vc = (unsigned)p[2];
  unsigned nc = per_vc ? ndst * 4 : ndst;
  if (ndst < 1 || ndst > 64 || win < 1 || win > 64 || (win & (win - 1)) || per_vc > 1 || nc > 32)
    return gen_fail(ctx, "%s: illegal parameters for sue_gbn (or more than 32 connections)",
                    top->name);
  memset(&g, 0, sizeof g);
  if (sue_gbn_bank_init(&g.b, nc, win))
    return gen_fail(ctx, "%s: out of memory", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random")) {
    sue_gbn_bank_free(&g.b);
    return -1;
  }
  g.c = &c;
  g.nc = nc, g.win = win;
  g.cw = nc > 1 ? bits_clog2(nc) : 1u;
  g.sw = win > 1 ? bits_clog2(win) : 1u;
  gbn_fields(&c, &g);
  for (unsigned t = 0; t < GBN_CYCLES; t++) {
    if (t % GBN_PHASE == 0)
      gbn_phase(&g, t / GBN_PHASE);
    gbn_cycle(&g);
  }
  int thin = !(g.n_new > 50 && g.n_rep > 20 && g.n_ctrl > 0 && g.n_adv > 20 && g.n_nack > 5 &&
               g.n_stale > 5 && g.n_tmo > 5 && g.n_full > 0 && g.n_acc > 50 && g.n_ahead > 5 &&
               g.n_dup > 5 && g.n_nobuf > 0 && g.n_same > 10);
  sue_gbn_bank_free(&g.b);
  if (thin) {
    gen_case_abort(&c);
    return gen_fail(ctx,
                    "%s: internal error: thin event mix (new %lu, replayed %lu, stand-alone "
                    "%lu, ACKs %lu, NACKs %lu, stale %lu, expiries %lu, full %lu, accepted "
                    "%lu, ahead %lu, behind %lu, no room %lu, same connection %lu)",
                    top->name, g.n_new, g.n_rep, g.n_ctrl, g.n_adv, g.n_nack, g.n_stale, g.n_tmo,
                    g.n_full, g.n_acc, g.n_ahead, g.n_dup, g.n_nobuf, g.n_same);
  }
  return gen_case_end(&c);
}

/* ---- table and block entry ----------------------------------------------- */

static const gen_module_t modules[] = {
    {"sue_gbn", {"NDST", "WIN", "PSN_PER_VC", NULL}, {64, 8, 0}, gbn_random, NULL, NULL},
    {"sue_pfc", {"BW", NULL}, {15}, pfc_random, NULL, NULL},
};

static int sue_write(gen_ctx_t *ctx) {
  return gen_write_tops(ctx, modules, sizeof modules / sizeof modules[0]);
}

GEN_BLOCK(sue, sue_write)
