/*
 * Interoperability of the RIFL lane with the published procedure (docs/rifl/index.md
 * "Interoperability"): our RTL lane (rifl_lane_core, default build) on side 0, the C model of the
 * procedures as the paper publishes them (csrc/ref/rifl/rifl_published.c, written from the
 * paper's text, separate from our model) on side 1, through the channel of rifl_link.c (bit
 * offset, latency, bit errors) in both directions at once. Every packet of either side is scored
 * at the other: lost, duplicated or reordered, corrupted.
 * Every frame width at the default scale; at +quick (make test's Icarus lane) FW 128 and 256,
 * fewer packets, and one bit-error run (FW 256, 1e-5 both ways).
 */
#include <string.h>

#include "harness.h"
#include "rifl_link.h"

typedef struct {
  const char *top;
  unsigned fw, lock, unlock, fc_depth; /* as tb/rifl/tops.txt: the published model matches */
} ic_case_t;

/* FC_DEPTH: the 1/3 headroom above Thr_ON must hold a round trip of frames (16 words of
 * latency each way are 16 slots at FW=128, plus both pipelines): 128 there, 64 above. */
static const ic_case_t cases[] = {{"rifl_lane_core_fw128", 128, 64, 16, 128},
                                  {"rifl_lane_core_fw256", 256, 64, 16, 64},
                                  {"rifl_lane_core_fw512", 512, 64, 16, 64},
                                  {"rifl_lane_core_fw1024", 1024, 16, 8, 64}};
#define FW256 (&cases[1])

/* Event-driven simulators run one RTL lane at a few thousand cycles/s: at +quick (make test's
 * Icarus lane) FW 128 and 256 and a quarter of the packets. */
static unsigned n_fw(void) { return (unsigned)harness_scaled(2, 4, 4); }
static uint64_t pk(uint64_t n) { return harness_scaled((n + 3) / 4, n, n); }

/* Reset to link up at both ends, bounded: INIT (2^FIDW cycles), alignment (LOCK frames, a
 * slip per frame at worst over FW/64 word phases and 64 bit phases), and up to four replay
 * procedures of 2.5 x 2^FIDW slots (a side that locks first starts, is paused, starts again;
 * the peer may have missed the start and ask once more). Measured values are far below. */
static uint64_t up_bound(const ic_case_t *c) {
  uint64_t nw = c->fw / 64;
  return 256 + nw * (2 * (64 * nw + c->lock) + 64) + 4 * nw * 640 + 4 * 16;
}

static void cfg_of(rifl_link_cfg_t *cfg, const ic_case_t *c, int peer, unsigned latency) {
  memset(cfg, 0, sizeof *cfg);
  cfg->top = c->top;
  cfg->kind = RIFL_EP_CORE;
  cfg->fw = c->fw;
  cfg->lanes = 1;
  cfg->latency = latency;
  cfg->seed = harness_seed() ^ (uint64_t)c->fw << 8;
  cfg->peer = peer;
  cfg->lock = c->lock;
  cfg->unlock = c->unlock;
  cfg->fc_depth = c->fc_depth;
}

static uint64_t get(rifl_link_t *l, int s, const char *p) { return rifl_link_get(l, s, p); }

static void log_counters(rifl_link_t *l) {
  static const char *const who[2] = {"RTL", "published"};
  for (int s = 0; s < 2; s++)
    harness_log("%s side %d (%s): state %llu, replays %llu, error events %llu, overflows %llu, "
                "restarts %llu; bits flipped toward it %llu",
                l->cfg.top, s, who[s], (unsigned long long)get(l, s, "tx_state"),
                (unsigned long long)get(l, s, "cnt_retrans"),
                (unsigned long long)get(l, s, "cnt_frame_err"),
                (unsigned long long)get(l, s, "cnt_overflow"),
                (unsigned long long)get(l, s, "cnt_restart"),
                (unsigned long long)l->ch[1 - s][0].errors);
}

/* Steps until both sides delivered everything queued; records which sides raised flow
 * control (fc_local) on the way. */
static void drain_watch(rifl_link_t *l, uint64_t max, unsigned *fc_seen) {
  uint64_t c0 = l->cycle;
  while (!rifl_link_drain(l, 1)) {
    CHECK(l->cycle - c0 < max, "%s: traffic drained within %llu cycles", l->cfg.top,
          (unsigned long long)max);
    for (int s = 0; s < 2; s++)
      if (get(l, s, "fc_local"))
        *fc_seen |= 1u << s;
  }
}

static void check_clean(rifl_link_t *l, uint64_t pkts) {
  log_counters(l);
  rifl_link_check_clean(l, 0, pkts);
  rifl_link_check_clean(l, 1, pkts);
  CHECK_EQ(get(l, 0, "cnt_restart"), 0, "RTL restarts");
  CHECK_EQ(get(l, 0, "cnt_overflow") + get(l, 1, "cnt_overflow"), 0, "receive buffer overflows");
}

/* ---------------------------------------------------------------- bring-up and traffic */
/* From reset, any bit offset either way and 0 .. 16 words of latency: both ends up within
 * the bound, the first packet of each side (offered from reset) delivered, then packets of
 * 1 .. 1500 bytes (partial last frames) both ways with phases where each sink is slow, so
 * each side's flow control engages; everything arrives intact, once, in order, no replay
 * after the bring-up and no error event. */
HARNESS_TEST(interop_bringup_traffic) {
  prng_t r;
  prng_seed(&r, harness_seed() ^ 0x1A7E);
  for (unsigned i = 0; i < n_fw(); i++)
    for (unsigned k = 0; k < (unsigned)harness_scaled(1, 3, 6); k++) {
      const ic_case_t *c = &cases[i];
      rifl_link_cfg_t cfg;
      cfg_of(&cfg, c, RIFL_PEER_PUBLISHED, k == 0 ? 16 : (unsigned)prng_below(&r, 17));
      cfg.offset[0][0] = (unsigned)prng_below(&r, 2 * c->fw);
      cfg.offset[1][0] = (unsigned)prng_below(&r, 2 * c->fw);
      cfg.seed ^= k;
      static rifl_link_t l;
      rifl_link_open(&l, &cfg);
      rifl_link_send(&l, 0, 1, 1, 200);
      rifl_link_send(&l, 1, 1, 1, 200);
      uint64_t t = rifl_link_wait_up(&l, up_bound(c));
      CHECK(rifl_link_drain(&l, up_bound(c)), "%s: first packets", c->top);
      const uint64_t first[2] = {l.tr_[0].first_beat_cycle, l.tr_[1].first_beat_cycle};
      harness_log("%s vs published: offsets %u / %u bits, latency %u: link up after %llu "
                  "cycles; first packet delivered at cycle %llu (RTL) / %llu (published)",
                  c->top, cfg.offset[0][0], cfg.offset[1][0], cfg.latency, (unsigned long long)t,
                  (unsigned long long)first[0], (unsigned long long)first[1]);
      const uint64_t retr[2] = {get(&l, 0, "cnt_retrans"), get(&l, 1, "cnt_retrans")};
      const uint64_t errs[2] = {get(&l, 0, "cnt_frame_err"), get(&l, 1, "cnt_frame_err")};
      const uint64_t n = pk(60);
      rifl_link_send(&l, 0, n, 1, 1500);
      rifl_link_send(&l, 1, n, 1, 1500);
      unsigned fc = 0;
      /* one side sends at full rate into the other's slow sink, then the other way: the
       * receiving side's buffer fills and its flow control engages. +quick (make test's Icarus
       * lane): a fifth of the phase; flow control engages within 260 cycles of its start
       * (seeds 1 to 3), out of 600 at FW 128, 1200 at FW 256 */
      const unsigned slow = (unsigned)harness_scaled(300, 1500, 1500) * c->fw / 64;
      for (int rx = 1; rx >= 0; rx--) {
        rifl_link_pace(&l, 1 - rx, 0.0, 0.0);
        rifl_link_pace(&l, rx, 1.0, 0.95);
        for (unsigned j = 0; j < slow; j++) {
          rifl_link_step(&l);
          if (get(&l, rx, "fc_local"))
            fc |= 1u << rx;
        }
      }
      rifl_link_pace(&l, 0, 0.2, 0.1);
      rifl_link_pace(&l, 1, 0.2, 0.1);
      drain_watch(&l, 4000000, &fc);
      check_clean(&l, n + 1);
      CHECK_EQ(fc, 3, "flow control raised by both sides (mask)");
      for (int s = 0; s < 2; s++) {
        CHECK(get(&l, s, "cnt_retrans") == retr[s], "side %d: replays after the bring-up", s);
        CHECK(get(&l, s, "cnt_frame_err") == errs[s], "side %d: error events after bring-up", s);
        CHECK(get(&l, s, "tx_state") == 5, "side %d NORMAL", s);
      }
      rifl_link_close(&l);
    }
}

/* ---------------------------------------------------------------- bit errors */
/* Random packets both ways while the channel flips bits at `ber` toward one side or both.
 * Errors toward our receiver: the published TX replays and our receiver recovers. Errors
 * toward the published receiver: our TX replays. The published receiver as the paper writes
 * it takes a whole retransmission buffer a second time when a replay repeats after it caught
 * up (Listing 1 keeps Frame_Error until a delivery: interop_hazard); where bits are flipped
 * toward it, it runs with the receive-side fix our receiver has (caught_up_clear), so what is
 * checked here is our TX, not that hazard. */
static void ber_run(const ic_case_t *c, double to_pub, double to_rtl, uint64_t pkts) {
  rifl_link_cfg_t cfg;
  cfg_of(&cfg, c, to_pub > 0 ? RIFL_PEER_PUBLISHED_FIXED : RIFL_PEER_PUBLISHED, 9);
  cfg.offset[0][0] = 37 % c->fw;
  cfg.offset[1][0] = c->fw - 5;
  cfg.ber[0] = to_pub;
  cfg.ber[1] = to_rtl;
  static rifl_link_t l;
  rifl_link_open(&l, &cfg);
  rifl_link_wait_up(&l, 4 * up_bound(c));
  while (get(&l, 0, "tx_state") != 5 || get(&l, 1, "tx_state") != 5) {
    CHECK(l.cycle < 40 * up_bound(c), "%s: both NORMAL", c->top);
    rifl_link_step(&l);
  }
  /* bits flipped while the receivers align are not error events: count from here */
  const uint64_t e0[2] = {l.ch[0][0].errors, l.ch[1][0].errors};
  rifl_link_send(&l, 0, pkts, 1, 2000);
  rifl_link_send(&l, 1, pkts, 1, 2000);
  rifl_link_pace(&l, 0, 0.1, 0.1);
  rifl_link_pace(&l, 1, 0.1, 0.1);
  unsigned fc = 0;
  drain_watch(&l, 40000000, &fc);
  harness_log("%s BER %g toward the published side, %g toward ours (%s receiver):", c->top, to_pub,
              to_rtl, cfg.peer == RIFL_PEER_PUBLISHED ? "published" : "published + fix");
  check_clean(&l, pkts);
  if (l.ch[0][0].errors > e0[0])
    CHECK(get(&l, 1, "cnt_frame_err") > 0 && get(&l, 0, "cnt_retrans") > 1,
          "errors toward the published side detected there and replayed by ours");
  if (l.ch[1][0].errors > e0[1])
    CHECK(get(&l, 0, "cnt_frame_err") > 0 && get(&l, 1, "cnt_retrans") > 1,
          "errors toward our side detected here and replayed by the published side");
  if (to_pub >= 1e-5 || to_rtl >= 1e-5) /* a few hundred error events expected: a replay */
    CHECK(l.ch[0][0].errors + l.ch[1][0].errors > e0[0] + e0[1], "bit errors during traffic");
  rifl_link_close(&l);
}

/* +quick (make test's Icarus lane): FW 256 at 1e-5 both ways only (about 2300 cycles/s
 * there); everything at the default scale (Verilator in make test, every simulator in make
 * regress). */
HARNESS_TEST(interop_errors_one_way) {
  if (harness_scale() == HARNESS_QUICK)
    harness_skip("a long error-injection run: +quick (make test's Icarus lane) has FW 256 at "
                 "1e-5 both ways in interop_errors_both_ways; default and +full run it "
                 "(Verilator in make test, every simulator in make regress)");
  for (unsigned i = 0; i < n_fw(); i++)
    for (unsigned k = 0; k < 2; k++) {
      const double ber = k ? 1e-5 : 1e-6;
      ber_run(&cases[i], 0, ber, 60);
      ber_run(&cases[i], ber, 0, 60);
    }
}

HARNESS_TEST(interop_errors_both_ways) {
  if (harness_scale() == HARNESS_QUICK) {
    ber_run(FW256, 1e-5, 1e-5, 12);
    return;
  }
  for (unsigned i = 0; i < n_fw(); i++) {
    ber_run(&cases[i], 1e-6, 1e-6, 60);
    ber_run(&cases[i], 1e-5, 1e-5, 60);
  }
}

/* ---------------------------------------------------------------- the published hazard */
/* A receiver V that fails on a frame it needs no copy of (here a RETRANS request of S's,
 * corrupted) while S sends no new data (S is in SEND_RETRANS: V's own replay is under way)
 * re-verifies S's last 16 IDs and waits, caught up, with Frame_Error raised: Listing 1 clears
 * it only on a delivery. It keeps requesting, S's replay repeats, and its oldest entry has
 * exactly V's threshold ID. Recipe: both NORMAL with traffic; flip a bit of a V -> S frame
 * (S's receiver fails, S goes SEND_RETRANS); once S is in SEND_RETRANS, flip a bit of its
 * next frame toward V. Run with V = the published receiver (S = our RTL TX: the duplicate
 * happens: it is the published receiver's), V = the published receiver with the fix (none),
 * and V = our receiver (S = the published TX: none). */
static void hazard_run(int victim, int peer, uint64_t *dup_or_bad) {
  const ic_case_t *c = &cases[0];
  rifl_link_cfg_t cfg;
  cfg_of(&cfg, c, peer, 5);
  cfg.offset[0][0] = 21;
  cfg.offset[1][0] = 90;
  static rifl_link_t l;
  rifl_link_open(&l, &cfg);
  rifl_link_wait_up(&l, up_bound(c));
  const int s = 1 - victim; /* the sender whose replay repeats */
  rifl_link_send(&l, s, 1000000, 200, 200);
  rifl_link_send(&l, victim, 1000000, 200, 200);
  rifl_link_pace(&l, victim, 0.5, 0.0);
  while (get(&l, 0, "tx_state") != 5 || get(&l, 1, "tx_state") != 5)
    rifl_link_step(&l);
  rifl_link_run(&l, 2000);
  rifl_link_flip(&l, victim, 0, 0, UINT64_C(1)); /* a V -> S frame: code bit 0 or a body bit */
  uint64_t t0 = l.cycle;
  while (get(&l, s, "tx_state") != 4) { /* SEND_RETRANS */
    CHECK(l.cycle - t0 < 2000, "sender in SEND_RETRANS");
    rifl_link_step(&l);
  }
  rifl_link_run(&l, 3 * c->fw / 64); /* a frame or two of RETRANS requests on the line */
  rifl_link_flip(&l, s, 0, 0, UINT64_C(1) << 40); /* one of them, toward V */
  rifl_link_run(&l, 200);
  CHECK(get(&l, victim, "frame_err"), "the victim's receiver failed");
  /* stop the sources, deliver what was sent */
  for (int k = 0; k < 2; k++)
    l.tr_[k].to_send = 0;
  rifl_link_pace(&l, victim, 0.0, 0.0);
  CHECK(rifl_link_drain(&l, 400000), "drained");
  log_counters(&l);
  rifl_link_log_score(&l, victim);
  const rifl_score_t *sc = rifl_link_score(&l, victim);
  *dup_or_bad = sc->dup_pkts + sc->corrupt_pkts;
  CHECK_EQ(sc->lost_pkts + sc->abort_pkts, 0, "lost or aborted at the victim");
  rifl_link_check_clean(&l, s, 1);
  rifl_link_close(&l);
}

HARNESS_TEST(interop_hazard) {
  uint64_t pub, fixed, ours;
  hazard_run(1, RIFL_PEER_PUBLISHED, &pub);
  hazard_run(1, RIFL_PEER_PUBLISHED_FIXED, &fixed);
  hazard_run(0, RIFL_PEER_PUBLISHED, &ours);
  harness_log("packets delivered again or broken: published receiver %llu, published receiver "
              "with the fix %llu, our receiver %llu",
              (unsigned long long)pub, (unsigned long long)fixed, (unsigned long long)ours);
  CHECK(pub > 0, "the published receiver's hazard did not show: the recipe no longer reaches it");
  CHECK_EQ(fixed, 0, "published receiver with the fix");
  CHECK_EQ(ours, 0, "our receiver");
}
