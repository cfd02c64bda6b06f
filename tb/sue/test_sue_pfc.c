/*
 * Tests of sue_pfc (docs/sue/sue_pfc.md): the RTL and the model's PFC unit
 * (csrc/ref/sue/sue_pfc_model.c, the code sue_endpoint_model.c runs) in lockstep. Every cycle t, as
 * the timing contract says: the inputs of cycle t (configuration, receive-buffer levels) are
 * applied, the model runs sue_pfc_eval(t, levels), and paused, xoff, pfc_owed, tx_cev and tx_time
 * are compared with sue_pfc_paused / ->xoff / sue_pfc_owed / sue_pfc_frame; then the events of the
 * cycle (the owed frame taken: pfc_sent / sue_pfc_sent(t); a received PFC frame: rx_pfc_valid /
 * sue_pfc_rx(t)) are applied and the clock ticks.
 *
 *  - pfc_lockstep: both tops, random phases: levels walking across and jumping onto the
 *    thresholds (XOFF and XON +-1, XON >= XOFF too), PFC frames received with random
 *    class-enable vectors and times (0, 1, 0xFFFF, small, random), PFC_QCYC 0 .. 255, the
 *    owed frame taken at once, late or not at all, PFC_REFRESH 0 .. 2^24 - 1, PFC_TX_EN /
 *    PFC_RX_EN toggled, PFC_MAP changed (several VCs on one priority), rst_n mid-run.
 *    The event mix is checked (pauses expiring, refreshes, XON with XON >= XOFF ...).
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "sue_cfg.h"
#include "sue_pfc_model.h"

typedef struct {
  const char *top;
  unsigned bw; /* as tb/sue/tops.txt */
} pfc_case_t;

static const pfc_case_t cases[] = {{"sue_pfc_bw15", 15}, {"sue_pfc_bw24", 24}};
#define NCASES (sizeof cases / sizeof cases[0])

typedef struct {
  double p_sent, p_rx, p_move, p_jump;
  unsigned step;     /* largest level change of a random walk step */
  unsigned time_max; /* largest random pause time received (besides 0xFFFF) */
} knobs_t;

typedef struct {
  const pfc_case_t *c;
  dut_t *d;
  prng_t rng;
  sue_cfg_t cfg;
  sue_pfc_t m;
  uint64_t now;
  unsigned lvl[SUE_NVC], maxlvl;
  knobs_t kb;
  port_t tx_en, rx_en, prio, ptime, qcyc, refresh, xoff_p, xon_p, level;
  port_t rx_valid, rx_cev, rx_time, paused, xoff, owed, sent, tx_cev, tx_time;
  /* statistics */
  uint64_t n_sent, n_rx, n_paused, n_expire, n_refresh, n_on, n_off, n_held, n_resets;
  uint64_t n_inverted, n_shared, n_t0, n_tmax, n_q0, n_q255;
} pt_t;

static void drive_cfg(pt_t *s) {
  dut_t *d = s->d;
  const sue_cfg_t *c = &s->cfg;
  uint64_t prio = 0;
  for (unsigned v = 0; v < SUE_NVC; v++)
    prio |= (uint64_t)(c->pfc_prio[v] & 7u) << (3 * v);
  dut_set_u64(d, s->tx_en, c->pfc_tx_en);
  dut_set_u64(d, s->rx_en, c->pfc_rx_en);
  dut_set_u64(d, s->prio, prio);
  dut_set_u64(d, s->ptime, c->pfc_time);
  dut_set_u64(d, s->qcyc, c->pfc_qcyc);
  dut_set_u64(d, s->refresh, c->pfc_refresh);
  dut_set_u64(d, s->xoff_p, c->pfc_xoff);
  dut_set_u64(d, s->xon_p, c->pfc_xon);
}

static void drive_levels(pt_t *s) {
  uint32_t w[HARNESS_WORDS(4 * 32)] = {0};
  for (unsigned v = 0; v < SUE_NVC; v++)
    bits_put_field(w, v * s->c->bw, s->c->bw, s->lvl[v]);
  dut_set(s->d, s->level, w);
}

static unsigned pick(prng_t *r, const unsigned *v, unsigned n) { return v[prng_below(r, n)]; }

/* A threshold in reach of the levels (sometimes 0, sometimes above every level). */
static unsigned rand_thresh(pt_t *s) {
  switch (prng_below(&s->rng, 8)) {
  case 0:
    return 0;
  case 1:
    return s->maxlvl + 1 + (unsigned)prng_below(&s->rng, 3); /* never reached */
  case 2:
    return s->maxlvl;
  default:
    return (unsigned)prng_below(&s->rng, 64u + (s->maxlvl > 5000 ? 5000 : s->maxlvl));
  }
}

static void new_thresholds(pt_t *s) {
  unsigned a = rand_thresh(s), b = rand_thresh(s);
  if (prng_bernoulli(&s->rng, 0.8)) { /* XON < XOFF, the sane case; else anything */
    if (a == b)
      b = a + 1 + (unsigned)prng_below(&s->rng, 50);
    if (a > b) {
      unsigned x = a;
      a = b;
      b = x;
    }
  }
  s->cfg.pfc_xon = a & 0x7FFFFFu;
  s->cfg.pfc_xoff = b & 0x7FFFFFu;
}

static void new_prio(pt_t *s) {
  for (unsigned v = 0; v < SUE_NVC; v++)
    s->cfg.pfc_prio[v] =
        prng_bernoulli(&s->rng, 0.3) ? (uint8_t)v : (uint8_t)prng_below(&s->rng, 8);
}

static void new_phase(pt_t *s) {
  static const unsigned refresh_pick[] = {0, 1, 2, 5, 17, 100, 300, 1000, 32768, 0xFFFFFF};
  static const unsigned qcyc_pick[] = {0, 1, 2, 3, 7, 255};
  static const unsigned time_pick[] = {0, 1, 2, 100, 0xFFFF};
  knobs_t *k = &s->kb;
  k->p_sent = prng_bernoulli(&s->rng, 0.2) ? 1.0 : prng_double(&s->rng) * 0.5;
  if (prng_bernoulli(&s->rng, 0.1))
    k->p_sent = 0.0; /* the port never frees: the frame stays owed */
  k->p_rx = prng_double(&s->rng) * 0.05;
  k->p_move = prng_double(&s->rng) * 0.5;
  k->p_jump = prng_double(&s->rng) * 0.3;
  k->step = 1u + (unsigned)prng_below(&s->rng, 200);
  k->time_max = prng_bernoulli(&s->rng, 0.7) ? 40u : 0xFFFFu;
  s->cfg.pfc_refresh = pick(&s->rng, refresh_pick, 10);
  s->cfg.pfc_qcyc = prng_bernoulli(&s->rng, 0.7) ? (uint8_t)pick(&s->rng, qcyc_pick, 6)
                                                 : (uint8_t)prng_below(&s->rng, 256);
  s->cfg.pfc_time = prng_bernoulli(&s->rng, 0.6) ? (uint16_t)pick(&s->rng, time_pick, 5)
                                                 : (uint16_t)prng_u32(&s->rng);
  s->cfg.pfc_tx_en = !prng_bernoulli(&s->rng, 0.15);
  s->cfg.pfc_rx_en = !prng_bernoulli(&s->rng, 0.15);
  new_thresholds(s);
  new_prio(s);
}

static unsigned clamp_lvl(const pt_t *s, long long v) {
  return v < 0 ? 0u : v > (long long)s->maxlvl ? s->maxlvl : (unsigned)v;
}

static void move_levels(pt_t *s) {
  for (unsigned v = 0; v < SUE_NVC; v++) {
    if (!prng_bernoulli(&s->rng, s->kb.p_move))
      continue;
    long long l = s->lvl[v];
    if (prng_bernoulli(&s->rng, s->kb.p_jump)) { /* onto a threshold, or next to it */
      long long t = prng_bernoulli(&s->rng, 0.5) ? s->cfg.pfc_xoff : s->cfg.pfc_xon;
      l = t + (long long)prng_below(&s->rng, 3) - 1;
    } else if (prng_bernoulli(&s->rng, 0.01)) {
      l = (long long)prng_below(&s->rng, (uint64_t)s->maxlvl + 1);
    } else {
      long long dl = 1 + (long long)prng_below(&s->rng, s->kb.step);
      l += prng_bernoulli(&s->rng, 0.5) ? dl : -dl;
    }
    s->lvl[v] = clamp_lvl(s, l);
  }
}

static uint16_t rand_time(pt_t *s) {
  switch (prng_below(&s->rng, 6)) {
  case 0:
    return 0;
  case 1:
    return 0xFFFF;
  case 2:
    return 1;
  default:
    return (uint16_t)prng_below(&s->rng, (uint64_t)s->kb.time_max + 1);
  }
}

static void check_outputs(pt_t *s) {
  dut_t *d = s->d;
  unsigned paused = 0, xoff = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    paused |= (unsigned)sue_pfc_paused(&s->m, &s->cfg, s->now, v) << v;
    xoff |= (s->m.xoff[v] ? 1u : 0u) << v;
  }
  uint16_t tm[SUE_PRIO];
  unsigned cev = sue_pfc_frame(&s->m, &s->cfg, tm);
  uint32_t w[4] = {0};
  for (unsigned p = 0; p < SUE_PRIO; p++)
    w[p / 2] |= (uint32_t)tm[p] << (16 * (p % 2));
  CHECK_PORT_U64(d, s->paused, paused, "paused");
  CHECK_PORT_U64(d, s->xoff, xoff, "xoff");
  CHECK_PORT_U64(d, s->owed, (unsigned)sue_pfc_owed(&s->m, &s->cfg), "pfc_owed");
  CHECK_PORT_U64(d, s->tx_cev, cev, "tx_cev");
  CHECK_PORT(d, s->tx_time, w, 0, "tx_time");
}

static void pfc_cycle(pt_t *s) {
  dut_t *d = s->d;
  /* inputs of the cycle: occasional single configuration changes, levels */
  if (prng_bernoulli(&s->rng, 0.002))
    s->cfg.pfc_tx_en ^= 1u;
  if (prng_bernoulli(&s->rng, 0.002))
    s->cfg.pfc_rx_en ^= 1u;
  if (prng_bernoulli(&s->rng, 0.001))
    new_prio(s);
  if (prng_bernoulli(&s->rng, 0.001))
    new_thresholds(s);
  move_levels(s);
  drive_cfg(s);
  drive_levels(s);
  /* model: start of cycle, then compare */
  unsigned was_pending = s->m.pfc_pending, was_xoff[SUE_NVC], paused_before = 0;
  memcpy(was_xoff, s->m.xoff, sizeof was_xoff);
  for (unsigned v = 0; v < SUE_NVC; v++)
    paused_before |= (unsigned)sue_pfc_paused(&s->m, &s->cfg, s->now ? s->now - 1 : 0, v) << v;
  sue_pfc_eval(&s->m, &s->cfg, s->now, s->lvl);
  check_outputs(s);
  /* statistics of what eval did */
  unsigned changed = 0, paused_now = 0, shared = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    changed |= was_xoff[v] != s->m.xoff[v];
    s->n_on += !was_xoff[v] && s->m.xoff[v];
    s->n_off += was_xoff[v] && !s->m.xoff[v];
    paused_now |= (unsigned)sue_pfc_paused(&s->m, &s->cfg, s->now, v) << v;
    for (unsigned u = 0; u < v; u++)
      shared |= s->cfg.pfc_prio[u] == s->cfg.pfc_prio[v];
  }
  if (!was_pending && !changed && s->m.pfc_pending)
    s->n_refresh++;
  if (s->m.pfc_pending && s->cfg.pfc_xon >= s->cfg.pfc_xoff)
    s->n_inverted++;
  s->n_shared += shared && s->m.pfc_pending;
  s->n_paused += paused_now != 0;
  s->n_expire += (paused_before & ~paused_now) != 0;
  /* events of the cycle */
  int owed = sue_pfc_owed(&s->m, &s->cfg);
  int sent = owed && prng_bernoulli(&s->rng, s->kb.p_sent);
  s->n_held += owed && !sent;
  dut_set_u64(d, s->sent, (uint64_t)sent);
  if (sent) {
    sue_pfc_sent(&s->m, s->now);
    s->n_sent++;
  }
  int rx = prng_bernoulli(&s->rng, s->kb.p_rx);
  unsigned cev = (unsigned)prng_below(&s->rng, 256);
  if (prng_bernoulli(&s->rng, 0.3))
    cev = prng_bernoulli(&s->rng, 0.5) ? 0xFFu : 1u << prng_below(&s->rng, 8);
  uint16_t tm[SUE_PRIO];
  uint32_t w[4] = {0};
  for (unsigned p = 0; p < SUE_PRIO; p++) {
    tm[p] = rand_time(s);
    w[p / 2] |= (uint32_t)tm[p] << (16 * (p % 2));
  }
  dut_set_u64(d, s->rx_valid, (uint64_t)rx); /* cev / time are random when not valid */
  dut_set_u64(d, s->rx_cev, cev);
  dut_set(d, s->rx_time, w);
  if (rx) {
    sue_pfc_rx(&s->m, &s->cfg, s->now, cev, tm);
    s->n_rx++;
    for (unsigned p = 0; p < SUE_PRIO; p++) {
      s->n_t0 += tm[p] == 0;
      s->n_tmax += tm[p] == 0xFFFF;
    }
    s->n_q0 += s->cfg.pfc_qcyc == 0 && s->cfg.pfc_rx_en;
    s->n_q255 += s->cfg.pfc_qcyc == 255 && s->cfg.pfc_rx_en;
  }
  dut_step(d, 1);
  s->now++;
}

static void open_pfc(pt_t *s, const pfc_case_t *c) {
  memset(s, 0, sizeof *s);
  s->c = c;
  s->maxlvl = (unsigned)((1ull << c->bw) - 1);
  prng_seed(&s->rng, harness_seed() ^ (0x9FC0u + c->bw));
  sue_params_t p = sue_default_params();
  sue_cfg_reset(&s->cfg, &p);
  sue_pfc_init(&s->m);
  dut_t *d = s->d = dut_open(c->top);
  s->tx_en = dut_port(d, "cfg_pfc_tx_en"), s->rx_en = dut_port(d, "cfg_pfc_rx_en");
  s->prio = dut_port(d, "cfg_pfc_prio"), s->ptime = dut_port(d, "cfg_pfc_time");
  s->qcyc = dut_port(d, "cfg_pfc_qcyc"), s->refresh = dut_port(d, "cfg_pfc_refresh");
  s->xoff_p = dut_port(d, "cfg_pfc_xoff"), s->xon_p = dut_port(d, "cfg_pfc_xon");
  s->level = dut_port(d, "level"), s->rx_valid = dut_port(d, "rx_pfc_valid");
  s->rx_cev = dut_port(d, "rx_pfc_cev"), s->rx_time = dut_port(d, "rx_pfc_time");
  s->paused = dut_port(d, "paused"), s->xoff = dut_port(d, "xoff");
  s->owed = dut_port(d, "pfc_owed"), s->sent = dut_port(d, "pfc_sent");
  s->tx_cev = dut_port(d, "tx_cev"), s->tx_time = dut_port(d, "tx_time");
  dut_set_u64(d, s->rx_valid, 0);
  dut_set_u64(d, s->sent, 0);
  drive_cfg(s);
  drive_levels(s);
  dut_reset(d, 2);
}

HARNESS_TEST(pfc_lockstep) {
  const char *pa = harness_plusarg("cycles");
  unsigned cycles = pa ? (unsigned)strtoul(pa, NULL, 0) : 100000;
  for (unsigned ci = 0; ci < NCASES; ci++) {
    pt_t *s = calloc(1, sizeof *s);
    CHECK(s != NULL, "memory");
    open_pfc(s, &cases[ci]);
    uint64_t next_reset = 3000 + prng_below(&s->rng, 20000);
    for (unsigned t = 0; t < cycles; t++) {
      if (t % 1500 == 0)
        new_phase(s);
      if (t == next_reset) { /* rst_n: the model restarts at cycle 0 */
        dut_set_u64(s->d, s->rx_valid, 0);
        dut_set_u64(s->d, s->sent, 0);
        dut_reset(s->d, 1 + (unsigned)prng_below(&s->rng, 3));
        sue_pfc_init(&s->m);
        s->now = 0;
        s->n_resets++;
        next_reset = t + 3000 + prng_below(&s->rng, 20000);
      }
      pfc_cycle(s);
    }
    harness_log(
        "%s: %u cycles: PFC sent %llu (held owed %llu cycles, refreshes %llu), XOFF "
        "entries %llu / exits %llu, received %llu (qcyc 0: %llu, 255: %llu; times 0: "
        "%llu, 0xFFFF: %llu), paused %llu cycles, pause expiries %llu, owed with XON >= "
        "XOFF %llu, with shared priorities %llu, resets %llu",
        s->c->top, cycles, (unsigned long long)s->n_sent, (unsigned long long)s->n_held,
        (unsigned long long)s->n_refresh, (unsigned long long)s->n_on, (unsigned long long)s->n_off,
        (unsigned long long)s->n_rx, (unsigned long long)s->n_q0, (unsigned long long)s->n_q255,
        (unsigned long long)s->n_t0, (unsigned long long)s->n_tmax, (unsigned long long)s->n_paused,
        (unsigned long long)s->n_expire, (unsigned long long)s->n_inverted,
        (unsigned long long)s->n_shared, (unsigned long long)s->n_resets);
    CHECK(pa || (s->n_sent > 50 && s->n_held > 0 && s->n_refresh > 0 && s->n_on > 20 &&
                 s->n_off > 20 && s->n_rx > 50 && s->n_q0 > 0 && s->n_q255 > 0 &&
                 s->n_expire > 10 && s->n_inverted > 0 && s->n_shared > 0 && s->n_resets > 0),
          "event mix of %s (at the default length)", s->c->top);
    dut_close(s->d);
    free(s);
  }
}

/* Golden vectors (csrc/ref/sue/gen_sue.c, seed 1): paused, xoff, pfc_owed, tx_cev, tx_time every
 * cycle. */
HARNESS_TEST(vectors_pfc) { harness_play_vectors_glob("sue/sue_pfc_*.vec"); }
