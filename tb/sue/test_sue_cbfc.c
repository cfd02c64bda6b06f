/*
 * Tests of sue_cbfc (docs/sue/sue_cbfc.md): the RTL and the model's CBFC unit
 * (csrc/ref/sue/sue_cbfc_model.c) in lockstep. Every cycle t, as the timing contract says: the
 * inputs of cycle t (configuration, receive-buffer levels) are applied, the model runs
 * sue_cbfc_eval(t, levels), and paused, gblock, avail, upd_owed, tx_cev, tx_limit and tx_sent
 * are compared with sue_cbfc_paused / _gblock / _avail / _owed / _frame; then the events of the
 * cycle (the owed update taken, a frame sent, a guest frame started, a frame's or an update's
 * verdict) are applied to both and the clock ticks.
 *
 *  - cbfc_lockstep: three tops, random phases: levels walking over the whole buffer, frames sent
 *    mostly only on VCs not paused (as the arbiter does) and sometimes regardless, updates
 *    received whose limit sits just above or below what a largest frame needs (so VCs block and
 *    unblock) or anywhere, units of 1 .. 2^15 bytes, STEP 0 / 1 / random, REFRESH 0 .. 2^24 - 1,
 *    enables toggled, several VCs on one class, the 16-bit counters wrapping, rst_n mid-run;
 *    guest frames (g_valid: another port's, failover) mostly where gblock is clear, some in the
 *    cycle of a frame of the same VC (the two spends add).
 *    The event mix is checked (blocks and unblocks, refreshes, growth updates, wraps, clamped
 *    advertisements, shared classes ...).
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "sue_cbfc_model.h"

typedef struct {
  const char *top;
  unsigned bw, rx_bytes, frame_max; /* as tb/sue/tops.txt */
} cbfc_case_t;

static const cbfc_case_t cases[] = {{"sue_cbfc_bw15", 15, 16384, 1100},
                                    {"sue_cbfc_bw24", 24, 4000000, 9000},
                                    {"sue_cbfc_bw9", 9, 300, 64}};
#define NCASES (sizeof cases / sizeof cases[0])

typedef struct {
  double p_sent, p_tx, p_force, p_rx, p_upd, p_move;
  unsigned walk; /* largest level change of a walk step */
} knobs_t;

typedef struct {
  const cbfc_case_t *c;
  dut_t *d;
  prng_t rng;
  sue_cbfc_cfg_t cfg;
  sue_cbfc_t m;
  uint64_t now;
  unsigned lvl[SUE_NVC], maxlvl; /* levels up to 2^BW - 1, past RX_BYTES now and then */
  knobs_t kb;
  port_t tx_en, rx_en, cls, ushift, step, refresh, level;
  port_t tx_valid, tx_vc, tx_bytes, rx_valid, rx_vc, rx_bytes, upd_valid, upd_cev, upd_limit,
      upd_sent_p, g_valid, g_vc, g_bytes;
  port_t paused, gblock, avail, owed, sent, tx_cev, tx_limit, tx_sent;
  /* statistics */
  uint64_t n_sent, n_held, n_refresh, n_grow, n_tx, n_forced, n_rx, n_upd, n_block, n_unblock,
      n_paused, n_shared, n_wrap, n_clamp, n_over, n_resets, n_guest, n_both, n_gblock;
  unsigned was_paused;
  /* the limit VC v's class carried in the last update taken, if v owned its class then (bit v
     of prev_ok): an advertisement never falls (docs/sue/sue_cbfc.md), whatever the levels and
     the resyncs do */
  uint16_t prev_adv[SUE_NVC];
  unsigned prev_ok;
} ct_t;

static void drive_cfg(ct_t *s) {
  dut_t *d = s->d;
  const sue_cbfc_cfg_t *c = &s->cfg;
  uint64_t cls = 0;
  for (unsigned v = 0; v < SUE_NVC; v++)
    cls |= (uint64_t)(c->cls[v] & 7u) << (3 * v);
  dut_set_u64(d, s->tx_en, c->tx_en);
  dut_set_u64(d, s->rx_en, c->rx_en);
  dut_set_u64(d, s->cls, cls);
  dut_set_u64(d, s->ushift, c->ushift);
  dut_set_u64(d, s->step, c->step);
  dut_set_u64(d, s->refresh, c->refresh);
}

static void drive_levels(ct_t *s) {
  uint32_t w[HARNESS_WORDS(4 * 32)] = {0};
  for (unsigned v = 0; v < SUE_NVC; v++)
    bits_put_field(w, v * s->c->bw, s->c->bw, s->lvl[v]);
  dut_set(s->d, s->level, w);
}

static void pack16(uint32_t w[4], const uint16_t x[SUE_PRIO]) {
  for (unsigned k = 0; k < SUE_PRIO; k++)
    bits_put_field(w, 16 * k, 16, x[k]);
}

static void new_cls(ct_t *s) {
  for (unsigned v = 0; v < SUE_NVC; v++)
    s->cfg.cls[v] = prng_bernoulli(&s->rng, 0.6) ? (uint8_t)v : (uint8_t)prng_below(&s->rng, 8);
}

static void new_phase(ct_t *s) {
  static const uint32_t refresh_pick[] = {0, 1, 2, 7, 50, 300, 2000, 0xFFFFFF};
  static const unsigned ushift_pick[] = {0, 4, 5, 6, 6, 6, 7, 8, 10, 15};
  knobs_t *k = &s->kb;
  k->p_sent = prng_bernoulli(&s->rng, 0.2) ? 1.0 : prng_double(&s->rng) * 0.5;
  if (prng_bernoulli(&s->rng, 0.1))
    k->p_sent = 0.0; /* the port never frees: the update stays owed */
  k->p_tx = prng_double(&s->rng) * 0.6;
  k->p_force = prng_bernoulli(&s->rng, 0.7) ? 0.0 : prng_double(&s->rng) * 0.3;
  k->p_rx = prng_double(&s->rng) * 0.4;
  k->p_upd = prng_double(&s->rng) * 0.05;
  k->p_move = prng_double(&s->rng) * 0.5;
  k->walk = 1u + (unsigned)prng_below(&s->rng, s->c->rx_bytes / 8 + 1);
  s->cfg.refresh = refresh_pick[prng_below(&s->rng, 8)];
  s->cfg.ushift = ushift_pick[prng_below(&s->rng, 10)];
  switch (prng_below(&s->rng, 4)) {
  case 0:
    s->cfg.step = 0;
    break;
  case 1:
    s->cfg.step = 1;
    break;
  case 2:
    s->cfg.step = (uint16_t)prng_below(&s->rng, 64);
    break;
  default:
    s->cfg.step = (uint16_t)prng_u32(&s->rng);
  }
  s->cfg.tx_en = !prng_bernoulli(&s->rng, 0.15);
  s->cfg.rx_en = !prng_bernoulli(&s->rng, 0.15);
  new_cls(s);
}

static void move_levels(ct_t *s) {
  for (unsigned v = 0; v < SUE_NVC; v++) {
    if (!prng_bernoulli(&s->rng, s->kb.p_move))
      continue;
    long long l = s->lvl[v];
    /* a walk stays within RX_BYTES, or within 2^BW - 1 once a jump took it past */
    long long top = s->lvl[v] > s->c->rx_bytes ? s->maxlvl : s->c->rx_bytes;
    if (prng_bernoulli(&s->rng, 0.02)) {
      l = prng_bernoulli(&s->rng, 0.5) ? 0 : s->c->rx_bytes;
    } else if (prng_bernoulli(&s->rng, 0.002)) { /* past RX_BYTES: frees nothing */
      l = s->c->rx_bytes + 1 + (long long)prng_below(&s->rng, s->maxlvl - s->c->rx_bytes);
      top = s->maxlvl;
    } else {
      long long dl = 1 + (long long)prng_below(&s->rng, s->kb.walk);
      l += prng_bernoulli(&s->rng, 0.5) ? dl : -dl;
    }
    s->lvl[v] = l < 0 ? 0u : l > top ? (unsigned)top : (unsigned)l;
  }
}

/* A frame length: mostly the sizes SUE sends, sometimes the extremes. */
static unsigned rand_bytes(ct_t *s) {
  switch (prng_below(&s->rng, 6)) {
  case 0:
    return 60;
  case 1:
    return s->c->frame_max;
  case 2:
    return 1 + (unsigned)prng_below(&s->rng, 0xFFFF);
  default:
    return 1 + (unsigned)prng_below(&s->rng, s->c->frame_max);
  }
}

static void check_outputs(ct_t *s) {
  dut_t *d = s->d;
  unsigned paused = 0, gblock = 0;
  uint64_t avail = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    paused |= (unsigned)sue_cbfc_paused(&s->m, &s->cfg, v, s->c->frame_max) << v;
    gblock |= (unsigned)sue_cbfc_gblock(&s->m, &s->cfg, v, s->c->frame_max) << v;
    avail |= (uint64_t)sue_cbfc_avail(&s->m, v) << (16 * v);
  }
  uint16_t lim[SUE_PRIO], snt[SUE_PRIO];
  unsigned cev = sue_cbfc_frame(&s->m, &s->cfg, lim, snt);
  uint32_t wl[4], ws[4];
  pack16(wl, lim);
  pack16(ws, snt);
  CHECK_PORT_U64(d, s->paused, paused, "paused");
  CHECK_PORT_U64(d, s->gblock, gblock, "gblock");
  CHECK_PORT_U64(d, s->avail, avail, "avail");
  CHECK_PORT_U64(d, s->owed, (unsigned)sue_cbfc_owed(&s->m, &s->cfg), "upd_owed");
  CHECK_PORT_U64(d, s->tx_cev, cev, "tx_cev");
  CHECK_PORT(d, s->tx_limit, wl, 0, "tx_limit");
  CHECK_PORT(d, s->tx_sent, ws, 0, "tx_sent");
  /* statistics */
  s->n_paused += paused != 0;
  s->n_gblock += (gblock & ~paused) != 0;
  s->n_block += (paused & ~s->was_paused) != 0;
  s->n_unblock += (s->was_paused & ~paused) != 0;
  s->was_paused = paused;
}

/* An update as the peer would send it: per class, a limit near what VC needs (just above or
 * below used + the units of a largest frame) or anywhere, and units sent near rcvd. */
static void rand_update(ct_t *s, unsigned *cev, uint16_t lim[SUE_PRIO], uint16_t snt[SUE_PRIO]) {
  *cev = prng_bernoulli(&s->rng, 0.7) ? 0xFFu : (unsigned)prng_below(&s->rng, 256);
  unsigned need = sue_cbfc_units(&s->cfg, s->c->frame_max);
  for (unsigned k = 0; k < SUE_PRIO; k++) {
    lim[k] = (uint16_t)prng_u32(&s->rng);
    snt[k] = (uint16_t)prng_u32(&s->rng);
  }
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned k = s->cfg.cls[v] & 7u;
    if (prng_bernoulli(&s->rng, 0.85))
      lim[k] =
          (uint16_t)(s->m.used[v] + need + (unsigned)prng_below(&s->rng, 2 * need + 3) - need - 1u);
    if (prng_bernoulli(&s->rng, 0.85))
      snt[k] = (uint16_t)(s->m.rcvd[v] + (unsigned)prng_below(&s->rng, 4));
  }
}

static void cbfc_cycle(ct_t *s) {
  dut_t *d = s->d;
  if (prng_bernoulli(&s->rng, 0.002))
    s->cfg.tx_en ^= 1u;
  if (prng_bernoulli(&s->rng, 0.002))
    s->cfg.rx_en ^= 1u;
  if (prng_bernoulli(&s->rng, 0.001))
    new_cls(s);
  move_levels(s);
  drive_cfg(s);
  drive_levels(s);
  unsigned was_pending = s->m.pending;
  uint16_t last[SUE_NVC];
  memcpy(last, s->m.last, sizeof last);
  sue_cbfc_eval(&s->m, &s->cfg, s->now, s->lvl, s->c->rx_bytes);
  check_outputs(s);
  if (!was_pending && s->m.pending) {
    int grew = 0;
    for (unsigned v = 0; v < SUE_NVC; v++) {
      uint16_t g = (uint16_t)(s->m.adv[v] - last[v]);
      grew |= sue_cbfc_owner(&s->cfg, v) && g != 0 && g >= s->cfg.step;
    }
    s->n_grow += grew;
    s->n_refresh += !grew;
  }
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned fb = s->lvl[v] < s->c->rx_bytes ? s->c->rx_bytes - s->lvl[v] : 0u;
    s->n_clamp += (fb >> s->cfg.ushift) > SUE_CBFC_ADV_MAX;
    s->n_over += s->lvl[v] > s->c->rx_bytes;
    for (unsigned u = 0; u < v; u++)
      s->n_shared += s->cfg.cls[u] == s->cfg.cls[v] && s->m.pending;
  }
  /* events of the cycle */
  int owed = sue_cbfc_owed(&s->m, &s->cfg);
  int sent = owed && prng_bernoulli(&s->rng, s->kb.p_sent);
  s->n_held += owed && !sent;
  dut_set_u64(d, s->sent, (uint64_t)sent);
  if (sent) {
    /* the RTL's update, independent of the model: no owner's limit below its last one */
    unsigned ok = 0;
    for (unsigned v = 0; v < SUE_NVC; v++) {
      if (!sue_cbfc_owner(&s->cfg, v))
        continue;
      uint16_t lim = (uint16_t)dut_get_field(d, s->tx_limit, 16 * (s->cfg.cls[v] & 7u), 16);
      if (s->prev_ok >> v & 1u) {
        CHECK((uint16_t)(lim - s->prev_adv[v]) < 0x8000u,
              "%s: VC %u's advertised limit went back from %u to %u", s->c->top, v, s->prev_adv[v],
              lim);
      }
      s->prev_adv[v] = lim;
      ok |= 1u << v;
    }
    s->prev_ok = ok;
    sue_cbfc_sent(&s->m, s->now);
    s->n_sent++;
  }
  /* a frame decided: on a VC not paused (an arbiter), or regardless (p_force); not with an
   * update (one decision a cycle) */
  unsigned vc = (unsigned)prng_below(&s->rng, 4), bytes = rand_bytes(s);
  int tx = !sent && prng_bernoulli(&s->rng, s->kb.p_tx);
  if (tx && sue_cbfc_paused(&s->m, &s->cfg, vc, s->c->frame_max)) {
    tx = prng_bernoulli(&s->rng, s->kb.p_force);
    s->n_forced += tx;
  }
  dut_set_u64(d, s->tx_valid, (uint64_t)tx);
  dut_set_u64(d, s->tx_vc, vc);
  dut_set_u64(d, s->tx_bytes, bytes);
  if (tx) {
    uint16_t before = s->m.used[vc];
    sue_cbfc_tx(&s->m, &s->cfg, vc, bytes);
    s->n_wrap += s->m.used[vc] < before;
    s->n_tx++;
  }
  /* a guest frame started (another port's, on this wire): where gblock is clear, or regardless
   * (p_force), in the same cycle as a decision or not */
  unsigned gvc = (unsigned)prng_below(&s->rng, 4), gbytes = rand_bytes(s);
  int g = prng_bernoulli(&s->rng, s->kb.p_tx / 2);
  if (g && sue_cbfc_gblock(&s->m, &s->cfg, gvc, s->c->frame_max))
    g = prng_bernoulli(&s->rng, s->kb.p_force);
  dut_set_u64(d, s->g_valid, (uint64_t)g);
  dut_set_u64(d, s->g_vc, gvc);
  dut_set_u64(d, s->g_bytes, gbytes);
  if (g) {
    sue_cbfc_tx(&s->m, &s->cfg, gvc, gbytes);
    s->n_guest++;
    s->n_both += tx && gvc == vc;
  }
  /* a verdict: a frame or an update (one a cycle) */
  unsigned rvc = (unsigned)prng_below(&s->rng, 4), rbytes = rand_bytes(s), cev;
  uint16_t lim[SUE_PRIO], snt[SUE_PRIO];
  rand_update(s, &cev, lim, snt);
  int upd = prng_bernoulli(&s->rng, s->kb.p_upd);
  int rx = !upd && prng_bernoulli(&s->rng, s->kb.p_rx);
  uint32_t wl[4], ws[4];
  pack16(wl, lim);
  pack16(ws, snt);
  dut_set_u64(d, s->rx_valid, (uint64_t)rx);
  dut_set_u64(d, s->rx_vc, rvc);
  dut_set_u64(d, s->rx_bytes, rbytes);
  dut_set_u64(d, s->upd_valid, (uint64_t)upd); /* contents random when not valid */
  dut_set_u64(d, s->upd_cev, cev);
  dut_set(d, s->upd_limit, wl);
  dut_set(d, s->upd_sent_p, ws);
  if (rx) {
    sue_cbfc_rx_frame(&s->m, &s->cfg, rvc, rbytes);
    s->n_rx++;
  }
  if (upd) {
    sue_cbfc_rx_update(&s->m, &s->cfg, cev, lim, snt);
    s->n_upd++;
  }
  dut_step(d, 1);
  s->now++;
}

static void quiet_events(ct_t *s) {
  dut_set_u64(s->d, s->sent, 0);
  dut_set_u64(s->d, s->tx_valid, 0);
  dut_set_u64(s->d, s->g_valid, 0);
  dut_set_u64(s->d, s->rx_valid, 0);
  dut_set_u64(s->d, s->upd_valid, 0);
}

static void open_cbfc(ct_t *s, const cbfc_case_t *c) {
  memset(s, 0, sizeof *s);
  s->c = c;
  s->maxlvl = (unsigned)((1ull << c->bw) - 1u);
  prng_seed(&s->rng, harness_seed() ^ (0xCBFCu + c->bw));
  sue_cbfc_init(&s->m);
  dut_t *d = s->d = dut_open(c->top);
  s->tx_en = dut_port(d, "cfg_cbfc_tx_en"), s->rx_en = dut_port(d, "cfg_cbfc_rx_en");
  s->cls = dut_port(d, "cfg_cbfc_cls"), s->ushift = dut_port(d, "cfg_cbfc_ushift");
  s->step = dut_port(d, "cfg_cbfc_step"), s->refresh = dut_port(d, "cfg_cbfc_refresh");
  s->level = dut_port(d, "level");
  s->tx_valid = dut_port(d, "tx_valid"), s->tx_vc = dut_port(d, "tx_vc");
  s->tx_bytes = dut_port(d, "tx_bytes"), s->rx_valid = dut_port(d, "rx_valid");
  s->rx_vc = dut_port(d, "rx_vc"), s->rx_bytes = dut_port(d, "rx_bytes");
  s->upd_valid = dut_port(d, "rx_upd_valid"), s->upd_cev = dut_port(d, "rx_upd_cev");
  s->upd_limit = dut_port(d, "rx_upd_limit"), s->upd_sent_p = dut_port(d, "rx_upd_sent");
  s->g_valid = dut_port(d, "g_valid"), s->g_vc = dut_port(d, "g_vc");
  s->g_bytes = dut_port(d, "g_bytes"), s->gblock = dut_port(d, "gblock");
  s->paused = dut_port(d, "paused"), s->avail = dut_port(d, "avail");
  s->owed = dut_port(d, "upd_owed"), s->sent = dut_port(d, "upd_sent");
  s->tx_cev = dut_port(d, "tx_cev"), s->tx_limit = dut_port(d, "tx_limit");
  s->tx_sent = dut_port(d, "tx_sent");
  new_phase(s);
  quiet_events(s);
  drive_cfg(s);
  drive_levels(s);
  dut_reset(d, 2);
}

HARNESS_TEST(cbfc_lockstep) {
  const char *pa = harness_plusarg("cycles");
  unsigned cycles = pa ? (unsigned)strtoul(pa, NULL, 0) : 100000;
  for (unsigned ci = 0; ci < NCASES; ci++) {
    ct_t *s = calloc(1, sizeof *s);
    CHECK(s != NULL, "memory");
    open_cbfc(s, &cases[ci]);
    uint64_t next_reset = 3000 + prng_below(&s->rng, 20000);
    for (unsigned t = 0; t < cycles; t++) {
      if (t % 1500 == 0)
        new_phase(s);
      if (t == next_reset) { /* rst_n: the model restarts at cycle 0 */
        quiet_events(s);
        dut_reset(s->d, 1 + (unsigned)prng_below(&s->rng, 3));
        sue_cbfc_init(&s->m);
        s->now = 0;
        s->was_paused = 0;
        s->prev_ok = 0;
        s->n_resets++;
        next_reset = t + 3000 + prng_below(&s->rng, 20000);
      }
      cbfc_cycle(s);
    }
    harness_log(
        "%s: %u cycles: updates sent %llu (held owed %llu cycles; owed by growth %llu, "
        "by refresh %llu), frames sent %llu (%llu on a paused VC), counted %llu, updates "
        "received %llu, paused %llu cycles (blocks %llu, unblocks %llu), owed with "
        "shared classes %llu, used wraps %llu, clamped adv %llu, levels past RX_BYTES %llu, "
        "resets %llu, guest frames %llu (with a frame of the same VC %llu), guest-blocked "
        "but not paused %llu cycles",
        s->c->top, cycles, (unsigned long long)s->n_sent, (unsigned long long)s->n_held,
        (unsigned long long)s->n_grow, (unsigned long long)s->n_refresh,
        (unsigned long long)s->n_tx, (unsigned long long)s->n_forced, (unsigned long long)s->n_rx,
        (unsigned long long)s->n_upd, (unsigned long long)s->n_paused,
        (unsigned long long)s->n_block, (unsigned long long)s->n_unblock,
        (unsigned long long)s->n_shared, (unsigned long long)s->n_wrap,
        (unsigned long long)s->n_clamp, (unsigned long long)s->n_over,
        (unsigned long long)s->n_resets, (unsigned long long)s->n_guest,
        (unsigned long long)s->n_both, (unsigned long long)s->n_gblock);
    CHECK(pa || (s->n_sent > 50 && s->n_held > 0 && s->n_grow > 20 && s->n_refresh > 20 &&
                 s->n_tx > 1000 && s->n_forced > 0 && s->n_rx > 1000 && s->n_upd > 100 &&
                 s->n_block > 20 && s->n_unblock > 20 && s->n_shared > 0 && s->n_wrap > 0 &&
                 s->n_over > 0 && s->n_resets > 0 && s->n_guest > 500 && s->n_both > 20 &&
                 s->n_gblock > 100),
          "event mix of %s (at the default length)", s->c->top);
    CHECK(pa || s->c->rx_bytes < (SUE_CBFC_ADV_MAX << 4) || s->n_clamp > 0,
          "clamped advertisements in %s", s->c->top);
    dut_close(s->d);
    free(s);
  }
}
