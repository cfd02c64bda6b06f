/* test_rifl_lane_core_model.c - rifl_lane_core model: two models back to back
 * through channel models (bit offset, latency, bit errors): bring-up, traffic
 * both ways, retransmission, flow control, restarts. */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "rifl_channel.h"
#include "rifl_lane_core_model.h"
#include "unit.h"

#define W RIFL_FRAME_WORDS_MAX
#define MAX_LAT 64u

typedef struct {
  uint64_t sent;   /* frames accepted (u_valid && u_ready) */
  uint64_t expect; /* next frame number expected from the peer */
  uint64_t got, lost, aborts, bad;
  int offered;       /* a frame is on u_* (held until taken) */
  uint64_t limit;    /* frames to send */
  double gap, stall; /* probability of no offer / of r_ready low */
} side_t;

typedef struct {
  unsigned fw;
  rifl_lane_model_t m[2];
  rifl_chan_t ch[2]; /* direction s: side s -> side 1-s */
  uint64_t line[2][MAX_LAT];
  unsigned lat;
  uint64_t t, seed;
  prng_t rng;
  side_t sd[2];
  unsigned force[2];
  rifl_lane_out_t out[2];
} mlink_t;

/* Frame n of side s: a function of the seed, so the receiver can recompute it. */
static void user_frame(const mlink_t *l, int s, uint64_t n, unsigned *meta, uint32_t *data) {
  prng_t r;
  prng_seed(&r, l->seed ^ ((uint64_t)(s + 1) << 56) ^ (n * UINT64_C(0x9E3779B97F4A7C15)));
  rifl_lane_random_user(&r, l->fw, meta, data);
}

static int link_open(mlink_t *l, const rifl_lane_params_t *p, const unsigned off[2], double ber,
                     unsigned lat, uint64_t seed) {
  memset(l, 0, sizeof *l);
  l->fw = p->fw;
  l->lat = lat;
  l->seed = seed;
  prng_seed(&l->rng, seed);
  for (int s = 0; s < 2; s++) {
    if (rifl_lane_model_init(&l->m[s], p) || rifl_chan_init(&l->ch[s], off[s], ber, seed + 7 * s))
      return -1;
    l->sd[s].limit = 0;
  }
  return 0;
}

static void link_close(mlink_t *l) {
  rifl_lane_model_free(&l->m[0]);
  rifl_lane_model_free(&l->m[1]);
}

/* One cycle; returns 0, or -1 when a side received a frame that is not the peer's. */
static int link_step(mlink_t *l) {
  rifl_lane_in_t in[2];
  uint32_t data[2][W];
  unsigned slot = (unsigned)(l->t % l->lat);
  for (int s = 0; s < 2; s++) {
    side_t *d = &l->sd[s];
    memset(&in[s], 0, sizeof in[s]);
    if (!d->offered && d->sent < d->limit && !prng_bernoulli(&l->rng, d->gap))
      d->offered = 1;
    in[s].u_valid = (unsigned)d->offered;
    user_frame(l, s, d->sent, &in[s].u_meta, data[s]);
    in[s].u_data = data[s];
    in[s].r_ready = !prng_bernoulli(&l->rng, d->stall);
    in[s].gt_rx_valid = 1;
    in[s].gt_rx_data = l->line[1 - s][slot];
    in[s].force_restart = l->force[s];
  }
  for (int s = 0; s < 2; s++) {
    rifl_lane_model_comb(&l->m[s], &in[s], &l->out[s]);
    l->line[s][slot] = rifl_chan_word(&l->ch[s], l->out[s].gt_tx_data);
  }
  int rc = 0;
  for (int s = 0; s < 2; s++) {
    side_t *d = &l->sd[s];
    const rifl_lane_out_t *o = &l->out[s];
    if (in[s].u_valid && o->u_ready)
      d->sent++, d->offered = 0;
    if (o->r_valid && in[s].r_ready) {
      if (o->r_abort) {
        d->aborts++;
        continue;
      }
      /* the peer's next frame, or a later one (the ones between were lost) */
      uint64_t j = d->expect;
      for (; j < d->expect + 64 && j < l->sd[1 - s].sent; j++) {
        unsigned meta;
        uint32_t exp[W];
        user_frame(l, 1 - s, j, &meta, exp);
        if (meta == o->r_meta && memcmp(exp, o->r_data, BITS_WORDS(l->fw - 16) * 4) == 0)
          break;
      }
      if (j == d->expect + 64 || j == l->sd[1 - s].sent) {
        d->bad++;
        rc = -1;
      } else {
        d->lost += j - d->expect;
        d->got++;
        d->expect = j + 1;
      }
    }
  }
  for (int s = 0; s < 2; s++)
    rifl_lane_model_clock(&l->m[s], &in[s]);
  l->t++;
  return rc;
}

/* Steps until both sides are up (returns the cycles) or max cycles (returns -1). */
static long wait_up(mlink_t *l, long max) {
  for (long c = 0; c < max; c++) {
    if (l->out[0].link_up && l->out[1].link_up && c > 0)
      return c;
    if (link_step(l))
      return -1;
  }
  return -1;
}

/* Steps until both sides run NORMAL (the first replay done) or max cycles; 0 when there. */
static int wait_normal(mlink_t *l, long max) {
  for (long c = 0; c < max; c++) {
    if (l->out[0].tx_state == RIFL_TX_NORMAL && l->out[1].tx_state == RIFL_TX_NORMAL)
      return 0;
    if (link_step(l))
      return -1;
  }
  return -1;
}

/* Steps until every frame queued both ways arrived, or max cycles; 0 when done. */
static int drain(mlink_t *l, long max) {
  for (long c = 0; c < max; c++) {
    if (l->sd[0].expect == l->sd[1].limit && l->sd[1].expect == l->sd[0].limit &&
        l->sd[0].sent == l->sd[0].limit && l->sd[1].sent == l->sd[1].limit)
      return 0;
    if (link_step(l))
      return -1;
  }
  return -1;
}

static rifl_lane_params_t params(unsigned fw) {
  rifl_lane_params_t p = rifl_lane_default_params(fw);
  if (fw == 1024) { /* as the rifl_lane_core_fw1024 top */
    p.lock = 16;
    p.unlock = 8;
  }
  return p;
}

/* ---- tests ------------------------------------------------------------------ */

static void t_params(ut_t *t) {
  rifl_lane_model_t m;
  rifl_lane_params_t p = params(256);
  UT_CHECK(t, rifl_lane_model_init(&m, &p) == 0, "default parameters rejected");
  rifl_lane_out_t o;
  rifl_lane_in_t in = {0};
  rifl_lane_model_comb(&m, &in, &o);
  UT_EQ(t, o.tx_state, RIFL_TX_INIT, "state after reset");
  UT_EQ(t, o.gt_tx_data, 0, "wire after reset");
  UT_EQ(t, o.u_ready | o.r_valid | o.link_up | o.aligned, 0, "status after reset");
  rifl_lane_model_free(&m);
  static const rifl_lane_params_t bad[] = {
      {192, 8, 64, 64, 16, 64, 0}, {256, 4, 64, 64, 16, 64, 0}, {256, 13, 64, 64, 16, 64, 0},
      {256, 8, 48, 64, 16, 64, 0}, {256, 8, 2, 64, 16, 64, 0},  {256, 8, 64, 0, 16, 64, 0},
      {256, 8, 64, 64, 0, 64, 0},  {256, 8, 64, 64, 16, 0, 0},  {256, 8, 64, 64, 16, 65536, 0},
      {256, 8, 64, 64, 16, 64, 2}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    UT_CHECK(t, rifl_lane_model_init(&m, &bad[i]) != 0, "bad parameter set %u accepted", i);
  UT_EQ(t, rifl_lane_phase_width(128), 1, "phase width FW=128");
  UT_EQ(t, rifl_lane_phase_width(1024), 4, "phase width FW=1024");
  UT_EQ(t, rifl_lane_level_width(64), 7, "level width 64");
}

/* Every frame width comes up from reset at a few bit offsets, and the first
 * procedure (the replay of INIT's fillers, which takes each receiver out of
 * Listing 1's start state) delivers nothing. */
static void t_bringup(ut_t *t) {
  static const unsigned fws[] = {128, 256, 512, 1024};
  static const unsigned offs[][2] = {{0, 0}, {1, 77}, {63, 64}, {200, 5}};
  for (unsigned i = 0; i < 4; i++)
    for (unsigned k = 0; k < 4; k++) {
      mlink_t l;
      rifl_lane_params_t p = params(fws[i]);
      unsigned off[2] = {offs[k][0] % fws[i], offs[k][1] % fws[i]};
      UT_CHECK(t, link_open(&l, &p, off, 0.0, 1 + 5 * k, 11 + k) == 0, "open");
      long up = wait_up(&l, 60000L * (fws[i] / 64));
      if (up < 0) {
        link_close(&l);
        UT_CHECK(t, 0, "FW=%u offsets %u/%u: link not up (states %u/%u)", fws[i], off[0], off[1],
                 l.out[0].tx_state, l.out[1].tx_state);
      }
      /* after the first replay both run NORMAL without errors */
      for (long c = 0; c < 3L * (256 * 5 / 2) * (fws[i] / 64); c++)
        (void)link_step(&l);
      for (int s = 0; s < 2; s++) {
        const rifl_lane_out_t *o = &l.out[s];
        UT_EQ(t, o->tx_state, RIFL_TX_NORMAL, "state after bring-up");
        UT_CHECK(t, o->cnt_retrans >= 1 && o->cnt_retrans <= 3, "FW=%u: %u replay procedures",
                 fws[i], o->cnt_retrans);
        UT_EQ(t, o->cnt_restart + o->frame_err + o->cnt_overflow, 0, "errors after bring-up");
        UT_EQ(t, l.sd[s].got + l.sd[s].bad + o->r_valid, 0, "bring-up delivered a frame");
      }
      if (k == 0)
        ut_info("lane model FW=%u: link up after %ld cycles", fws[i], up);
      link_close(&l);
    }
}

static void run_traffic(ut_t *t, unsigned fw, double ber, uint64_t frames, double gap, double stall,
                        int expect_retrans) {
  mlink_t l;
  rifl_lane_params_t p = params(fw);
  const unsigned off[2] = {37, fw - 3};
  UT_CHECK(t, link_open(&l, &p, off, ber, 9, 1234 + fw) == 0, "open");
  if (wait_normal(&l, 100000L * (fw / 64))) {
    link_close(&l);
    UT_CHECK(t, 0, "FW=%u: not NORMAL after bring-up", fw);
  }
  const uint32_t base[2] = {l.out[0].cnt_frame_err, l.out[1].cnt_frame_err};
  for (int s = 0; s < 2; s++) {
    l.sd[s].limit = frames;
    l.sd[s].gap = gap;
    l.sd[s].stall = stall;
  }
  int rc = drain(&l, 4000000);
  link_close(&l);
  for (int s = 0; s < 2; s++) {
    const side_t *d = &l.sd[s];
    const rifl_lane_out_t *o = &l.out[s];
    UT_CHECK(t, d->bad == 0, "FW=%u side %d: %llu frames not sent by the peer", fw, s,
             (unsigned long long)d->bad);
    UT_CHECK(t, rc == 0, "FW=%u: not drained: side %d got %llu of %llu", fw, s,
             (unsigned long long)d->got, (unsigned long long)frames);
    UT_EQ(t, d->lost + d->aborts, 0, "frames lost or aborted");
    UT_EQ(t, o->cnt_restart + o->cnt_overflow, 0, "restarts or overflows");
    if (expect_retrans) {
      UT_CHECK(t, o->cnt_frame_err > 0 && l.out[1 - s].cnt_retrans > 1,
               "FW=%u side %d: errors %u and replays %u", fw, s, o->cnt_frame_err,
               l.out[1 - s].cnt_retrans);
    } else {
      UT_EQ(t, o->cnt_frame_err - base[s], 0, "frame errors without bit errors");
    }
  }
  if (expect_retrans)
    ut_info("lane model FW=%u BER %g: %llu cycles, errors %u/%u, replays %u/%u", fw, ber,
            (unsigned long long)l.t, l.out[0].cnt_frame_err, l.out[1].cnt_frame_err,
            l.out[0].cnt_retrans, l.out[1].cnt_retrans);
}

static void t_traffic(ut_t *t) {
  run_traffic(t, 128, 0.0, 3000, 0.2, 0.1, 0);
  if (t->failed)
    return;
  run_traffic(t, 256, 0.0, 2000, 0.0, 0.0, 0);
  if (t->failed)
    return;
  run_traffic(t, 1024, 0.0, 500, 0.5, 0.3, 0);
}

static void t_errors(ut_t *t) {
  run_traffic(t, 256, 1e-5, 3000, 0.1, 0.1, 1);
  if (t->failed)
    return;
  run_traffic(t, 128, 3e-5, 3000, 0.1, 0.1, 1);
}

/* A slow sink: its buffer fills to 2/3, it asks the peer to stop, and nothing is lost. */
static void t_flow_control(ut_t *t) {
  mlink_t l;
  rifl_lane_params_t p = params(128);
  const unsigned off[2] = {5, 9};
  UT_CHECK(t, link_open(&l, &p, off, 0.0, 4, 99) == 0, "open");
  UT_CHECK(t, wait_up(&l, 100000) > 0, "link up");
  l.sd[0].limit = 2000;
  l.sd[1].stall = 1.0;
  unsigned seen_remote = 0, seen_local = 0, max_level = 0;
  for (int c = 0; c < 4000; c++) {
    UT_CHECK(t, link_step(&l) == 0, "bad frame");
    seen_remote |= l.out[0].fc_remote;
    seen_local |= l.out[1].fc_local;
    max_level = l.out[1].rx_level > max_level ? l.out[1].rx_level : max_level;
  }
  UT_CHECK(t, seen_local && seen_remote, "flow control on (local %u, remote %u)", seen_local,
           seen_remote);
  UT_CHECK(t, max_level >= 42 && max_level < 64, "buffer level peaked at %u", max_level);
  l.sd[1].stall = 0.7;
  int rc = drain(&l, 2000000);
  link_close(&l);
  UT_CHECK(t, rc == 0, "drained (got %llu)", (unsigned long long)l.sd[1].got);
  UT_EQ(t, l.sd[1].lost + l.out[1].cnt_overflow, 0, "lost or overflow");
  UT_EQ(t, l.out[0].fc_remote + l.out[1].fc_local, 0, "flow control off at the end");
}

/* RESTART 1: force_restart in the middle of traffic: both ends restart, the
 * packet cut on the receive side is closed by an abort entry, the rest of the
 * packet cut on the transmit side is flushed, and traffic resumes. */
static void t_restart(ut_t *t) {
  mlink_t l;
  rifl_lane_params_t p = params(256);
  p.restart = 1;
  const unsigned off[2] = {100, 3};
  UT_CHECK(t, link_open(&l, &p, off, 0.0, 6, 5) == 0, "open");
  UT_CHECK(t, wait_up(&l, 100000) > 0, "link up");
  for (int s = 0; s < 2; s++)
    l.sd[s].limit = 100000;
  uint32_t flushes = 0, aborts = 0;
  for (int n = 0; n < 6; n++) {
    for (int c = 0; c < 5000; c++) /* the replay after bring-up, then traffic */
      UT_CHECK(t, link_step(&l) == 0, "bad frame");
    l.force[n & 1] = 1; /* sampled at a slot: held for one */
    for (int c = 0; c < 4; c++)
      UT_CHECK(t, link_step(&l) == 0, "bad frame");
    l.force[n & 1] = 0;
    UT_CHECK(t, wait_up(&l, 100000) > 0, "link up again after restart %d", n);
  }
  for (int c = 0; c < 3000; c++)
    UT_CHECK(t, link_step(&l) == 0, "bad frame");
  for (int s = 0; s < 2; s++) {
    UT_CHECK(t, l.out[s].cnt_restart >= 6, "side %d: %u restarts", s, l.out[s].cnt_restart);
    UT_EQ(t, l.out[s].cnt_abort, l.sd[s].aborts, "abort counter = abort entries taken");
    flushes += l.out[s].cnt_flush;
    aborts += l.out[s].cnt_abort;
  }
  link_close(&l);
  UT_CHECK(t, flushes > 0 && aborts > 0, "flushes %u, aborts %u", flushes, aborts);
  UT_CHECK(t, l.sd[0].got > 1000 && l.sd[1].got > 1000, "traffic resumed: %llu / %llu frames",
           (unsigned long long)l.sd[0].got, (unsigned long long)l.sd[1].got);
}

UT_SUITE(rifl_lane_core_model) {
  ut_run(s, "rifl_lane_params", t_params);
  ut_run(s, "rifl_lane_bringup", t_bringup);
  ut_run(s, "rifl_lane_traffic", t_traffic);
  ut_run(s, "rifl_lane_errors", t_errors);
  ut_run(s, "rifl_lane_flow_control", t_flow_control);
  ut_run(s, "rifl_lane_restart", t_restart);
}
