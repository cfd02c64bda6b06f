/*
 * Benchmarks of block rifl (tb/rifl/bench.sh, docs/performance.md): not
 * tests, they measure. Each appends CSV rows to a file in the run's outdir:
 *   bench_rifl_efficiency  efficiency.csv  frame_w,payload_bytes,efficiency
 *   bench_rifl_ber         ber.csv         frame_w,ber,bandwidth_ratio,lat_avg_cycles,
 *                                          lat_p99_cycles,lat_max_cycles,lost,corrupted
 *   bench_rifl_latency     latency.csv     frame_w,latency_cycles (+ latency_phase.csv)
 *   bench_rifl_bringup     bringup.csv     frame_w,peer,runs,up_min,up_avg,up_max,
 *                                          first_min,first_avg,first_max (cycles from reset)
 * Plusargs: +fw=N (default: every width the bench covers), +cycles=N (BER runs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "rifl_link.h"

static const char *core_top(unsigned fw) {
  switch (fw) {
  case 128:
    return "rifl_lane_core_fw128";
  case 256:
    return "rifl_lane_core_fw256";
  case 512:
    return "rifl_lane_core_fw512";
  default:
    return "rifl_lane_core_fw1024";
  }
}

static unsigned fw_list(unsigned *fws) {
  const char *p = harness_plusarg("fw");
  if (p) {
    fws[0] = (unsigned)strtoul(p, NULL, 10);
    return 1;
  }
  fws[0] = 128, fws[1] = 256, fws[2] = 512, fws[3] = 1024;
  return 4;
}

static void open_core(rifl_link_t *l, unsigned fw, unsigned latency, double ber) {
  rifl_link_cfg_t c;
  memset(&c, 0, sizeof c);
  c.top = core_top(fw);
  c.kind = RIFL_EP_CORE;
  c.fw = fw;
  c.lanes = 1;
  c.latency = latency;
  c.ber[0] = c.ber[1] = ber;
  c.seed = harness_seed();
  rifl_link_open(l, &c);
  rifl_link_wait_up(l, 1000000);
  /* let the bring-up replay finish so every figure is about the running link */
  while (rifl_link_get(l, 0, "tx_state") != 5 || rifl_link_get(l, 1, "tx_state") != 5)
    rifl_link_step(l);
}

/* Wire efficiency: user bytes delivered per line byte, back-to-back packets of one size
 * one way, measured between the ends of the first and the last packet. Besides the common
 * sizes, each width gets packets of exactly 1 and 64 full frames ((FW - 16) / 8 payload
 * bytes each), where the efficiency must be the frame's own, 1 - 16/FW (Table 3). */
HARNESS_TEST(bench_rifl_efficiency) {
  static const unsigned common[] = {1,   2,   4,   8,   14,   16,   30,   32,   62,   64,  100,
                                    126, 128, 256, 512, 1000, 1024, 1500, 2048, 4096, 8192};
  const unsigned nc = sizeof common / sizeof common[0];
  unsigned fws[4], nfw = fw_list(fws);
  FILE *f = harness_csv("efficiency.csv", "frame_w,payload_bytes,efficiency");
  for (unsigned i = 0; i < nfw; i++) {
    static rifl_link_t l;
    unsigned sizes[sizeof common / sizeof common[0] + 2], n = 0, full = (fws[i] - 16) / 8;
    /* the common sizes with the two full-frame sizes merged in, ascending, no repeats */
    for (unsigned k = 0, a = 0; k < nc || a < 2; n++) {
      unsigned extra = a == 0 ? full : 64 * full;
      if (a < 2 && (k == nc || extra <= common[k])) {
        if (k < nc && extra == common[k])
          k++;
        sizes[n] = extra, a++;
      } else {
        sizes[n] = common[k++];
      }
    }
    open_core(&l, fws[i], 4, 0);
    for (unsigned k = 0; k < n; k++) {
      unsigned cnt = sizes[k] >= 1024 ? 12 : 40;
      uint64_t before = rifl_link_score(&l, 1)->pkts;
      l.tr_[1].score.first_end = 0; /* this batch's first packet end */
      rifl_link_send(&l, 0, cnt, sizes[k], sizes[k]);
      CHECK(rifl_link_drain(&l, 5000000), "drained");
      const rifl_score_t *s = rifl_link_score(&l, 1);
      CHECK_EQ(s->pkts - before, cnt, "packets delivered");
      CHECK(s->lost_pkts + s->corrupt_pkts + s->dup_pkts == 0, "clean");
      /* cnt - 1 packets between the ends of the first and the last; the line carries 8
       * bytes (one 64-bit word) a cycle */
      double eff = (double)(cnt - 1) * sizes[k] / ((double)(s->last_end - s->first_end) * 8.0);
      fprintf(f, "%u,%u,%.6f\n", fws[i], sizes[k], eff);
    }
    rifl_link_close(&l);
  }
  fclose(f);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* One BER point: saturated traffic both ways (packets of 1000 bytes) for a number of cycles;
 * bytes delivered both ways, per-packet latency (first frame handed to the TX to first frame
 * out of the RX: retransmission delay included, queueing in front of the link not), and the
 * scoreboard. */
typedef struct {
  double bytes_per_cycle;
  double lat_avg;
  unsigned lat_p99, lat_max;
  uint64_t lost, corrupted, errors;
} ber_point_t;

static ber_point_t ber_point(unsigned fw, double ber, uint64_t cycles) {
  static rifl_link_t l;
  open_core(&l, fw, 10, ber);
  for (int s = 0; s < 2; s++)
    rifl_link_send(&l, s, UINT64_C(1) << 40, 1000, 1000);
  rifl_link_run(&l, 20000); /* steady state */
  /* Throughput from packet end to packet end: the bytes of the packets completed in the
   * window over the cycles between the end of the last packet before it and the end of the
   * last one in it, so that no partial packet skews a ratio. */
  uint64_t b0[2], e0[2];
  const uint64_t n0[2] = {rifl_link_score(&l, 0)->nlat, rifl_link_score(&l, 1)->nlat};
  for (int s = 0; s < 2; s++)
    b0[s] = rifl_link_score(&l, s)->bytes, e0[s] = rifl_link_score(&l, s)->last_end;
  rifl_link_run(&l, cycles);
  ber_point_t p = {0};
  for (int s = 0; s < 2; s++) {
    const rifl_score_t *sc = rifl_link_score(&l, s);
    CHECK(sc->last_end > e0[s], "packets completed in the window");
    p.bytes_per_cycle += (double)(sc->bytes - b0[s]) / (double)(sc->last_end - e0[s]) / 2.0;
  }
  uint64_t cnt = 0;
  double sum = 0;
  static uint32_t *all;
  static uint64_t cap;
  for (int s = 0; s < 2; s++) {
    const rifl_score_t *sc = rifl_link_score(&l, s);
    for (uint64_t i = n0[s]; i < sc->nlat; i++) {
      if (cnt == cap) {
        cap = cap ? 2 * cap : 4096;
        uint32_t *grown = realloc(all, cap * sizeof *all);
        CHECK(grown != NULL, "memory");
        all = grown;
      }
      all[cnt++] = sc->lat[i];
      sum += sc->lat[i];
    }
    p.lost += sc->lost_bytes + sc->dup_bytes;
    p.corrupted += sc->corrupt_bytes;
    p.errors += l.ch[s][0].errors;
  }
  CHECK(cnt > 0, "packets delivered");
  qsort(all, cnt, sizeof *all, cmp_u32);
  p.lat_avg = sum / (double)cnt;
  p.lat_p99 = all[(cnt * 99) / 100];
  p.lat_max = all[cnt - 1];
  harness_log("FW %u BER %.3g: %.4f bytes/cycle each way, latency avg %.1f p99 %u max %u, "
              "%llu bits flipped, replays %llu + %llu",
              fw, ber, p.bytes_per_cycle, p.lat_avg, p.lat_p99, p.lat_max,
              (unsigned long long)p.errors, (unsigned long long)rifl_link_get(&l, 0, "cnt_retrans"),
              (unsigned long long)rifl_link_get(&l, 1, "cnt_retrans"));
  rifl_link_close(&l);
  return p;
}

/* Bandwidth ratio and latency against BER, 1e-12 to 1e-5 in steps of 10^0.25 (Fig. 9).
 * +cycles=N per point (default 1e6, the zero-BER reference included); +emin=E +emax=E limit
 * the points to BER 10^(E/4) for E in [emin, emax] (default -48 .. -20), so that
 * tb/rifl/bench.sh can split the sweep over the cores. */
HARNESS_TEST(bench_rifl_ber) {
  unsigned fw = harness_plusarg("fw") ? (unsigned)strtoul(harness_plusarg("fw"), NULL, 10) : 256;
  uint64_t cyc =
      harness_plusarg("cycles") ? strtoull(harness_plusarg("cycles"), NULL, 10) : UINT64_C(1000000);
  int emin = harness_plusarg("emin") ? atoi(harness_plusarg("emin")) : -48;
  int emax = harness_plusarg("emax") ? atoi(harness_plusarg("emax")) : -20;
  CHECK(emin <= emax && emin >= -48 && emax <= -20, "+emin/+emax within -48 .. -20");
  FILE *f = harness_csv("ber.csv", "frame_w,ber,bandwidth_ratio,lat_avg_cycles,lat_p99_cycles,"
                                   "lat_max_cycles,lost,corrupted");
  ber_point_t ref = ber_point(fw, 0, cyc);
  for (int e = emin; e <= emax; e++) { /* BER = 10^(e/4) */
    double ber = 1;
    for (int k = 0; k < -e; k++)
      ber /= 1.7782794100389228; /* 10^0.25 */
    ber_point_t p = ber_point(fw, ber, cyc);
    fprintf(f, "%u,%.4g,%.5f,%.2f,%u,%u,%llu,%llu\n", fw, ber,
            p.bytes_per_cycle / ref.bytes_per_cycle, p.lat_avg, p.lat_p99, p.lat_max,
            (unsigned long long)p.lost, (unsigned long long)p.corrupted);
    fflush(f);
    CHECK(p.lost == 0 && p.corrupted == 0, "nothing lost or corrupted at BER %g", ber);
  }
  fclose(f);
}

/* Latency, TX handshake of a single-beat packet to the first beat out of the other
 * endpoint's AXI4-Stream, channel of zero latency and no offset, idle link. The frame slot
 * comes every FW/64 cycles: a packet handed over just before one waits least. Each of the
 * FW/64 phases is measured; latency.csv gets the minimum (the reference implementation's
 * user clock is the frame clock, so its handshakes always come at that phase),
 * latency_phase.csv every phase. */
HARNESS_TEST(bench_rifl_latency) {
  static const struct {
    unsigned fw;
    const char *top;
  } tops[] = {{128, "rifl_lane_fw128_d64"},
              {256, "rifl_lane_fw256_d256"},
              {512, "rifl_lane_fw512_d256"},
              {1024, "rifl_lane_fw1024_d256"}};
  FILE *f = harness_csv("latency.csv", "frame_w,latency_cycles");
  FILE *g = harness_csv("latency_phase.csv", "frame_w,phase,latency_cycles");
  for (unsigned i = 0; i < 4; i++) {
    rifl_link_cfg_t c;
    memset(&c, 0, sizeof c);
    c.top = tops[i].top;
    c.kind = RIFL_EP_AXIS;
    c.fw = tops[i].fw;
    c.lanes = 1;
    c.seed = harness_seed();
    static rifl_link_t l;
    rifl_link_open(&l, &c);
    rifl_link_wait_up(&l, 1000000);
    while (rifl_link_get(&l, 0, "tx_state") != 5 || rifl_link_get(&l, 1, "tx_state") != 5)
      rifl_link_step(&l);
    unsigned w = tops[i].fw / 64, best = ~0u;
    for (unsigned ph = 0; ph < w; ph++) {
      unsigned lmin = ~0u;
      for (unsigned rep = 0; rep < 4; rep++) {
        rifl_link_run(&l, 64 + ph + rep * w); /* idle, then start at a shifted phase */
        uint64_t n0 = rifl_link_score(&l, 1)->nlat;
        rifl_link_send(&l, 0, 1, 8, 8);
        CHECK(rifl_link_drain(&l, 10000), "delivered");
        const rifl_score_t *s = rifl_link_score(&l, 1);
        CHECK_EQ(s->nlat, n0 + 1, "one packet");
        if (s->lat[n0] < lmin)
          lmin = s->lat[n0];
      }
      fprintf(g, "%u,%u,%u\n", tops[i].fw, ph, lmin);
      if (lmin < best)
        best = lmin;
    }
    fprintf(f, "%u,%u\n", tops[i].fw, best);
    harness_log("FW %u: latency %u cycles at the best phase", tops[i].fw, best);
    rifl_link_close(&l);
  }
  fclose(f);
  fclose(g);
}

/* Bring-up: cycles from the release of reset to link_up at both ends, and to the first user
 * frame delivered (a one-frame packet offered by each side from reset; the later of the two
 * sides' first deliveries), over random bit offsets (0 .. 2FW-1 each way) and latencies
 * (0 .. 16 words). Peers: our lane on both sides (RESTART 0, the default, and, at FW=256, the
 * RESTART 1 top with its handshake), and our lane against the published-procedure model. */
HARNESS_TEST(bench_rifl_bringup) {
  static const struct {
    const char *name, *top;
    unsigned fw, lock, unlock, fc_depth;
    int peer;
  } cases[] = {
      {"rtl", "rifl_lane_core_fw128", 128, 64, 16, 128, RIFL_PEER_RTL},
      {"published", "rifl_lane_core_fw128", 128, 64, 16, 128, RIFL_PEER_PUBLISHED},
      {"rtl", "rifl_lane_core_fw256", 256, 64, 16, 64, RIFL_PEER_RTL},
      {"published", "rifl_lane_core_fw256", 256, 64, 16, 64, RIFL_PEER_PUBLISHED},
      {"rtl_restart1", "rifl_lane_core_fw256_restart", 256, 64, 16, 64, RIFL_PEER_RTL},
      {"rtl", "rifl_lane_core_fw512", 512, 64, 16, 64, RIFL_PEER_RTL},
      {"published", "rifl_lane_core_fw512", 512, 64, 16, 64, RIFL_PEER_PUBLISHED},
      {"rtl", "rifl_lane_core_fw1024", 1024, 16, 8, 64, RIFL_PEER_RTL},
      {"published", "rifl_lane_core_fw1024", 1024, 16, 8, 64, RIFL_PEER_PUBLISHED},
  };
  const unsigned runs = (unsigned)harness_scaled(4, 16, 32);
  FILE *f = harness_csv("bringup.csv", "frame_w,peer,runs,up_min,up_avg,up_max,first_min,"
                                       "first_avg,first_max");
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    prng_t r;
    prng_seed(&r, harness_seed() ^ 0xB3);
    uint64_t up_min = ~0ull, up_max = 0, up_sum = 0, fi_min = ~0ull, fi_max = 0, fi_sum = 0;
    for (unsigned k = 0; k < runs; k++) {
      rifl_link_cfg_t c;
      memset(&c, 0, sizeof c);
      c.top = cases[i].top;
      c.kind = RIFL_EP_CORE;
      c.fw = cases[i].fw;
      c.lanes = 1;
      c.latency = (unsigned)prng_below(&r, 17);
      c.offset[0][0] = (unsigned)prng_below(&r, 2 * c.fw);
      c.offset[1][0] = (unsigned)prng_below(&r, 2 * c.fw);
      c.seed = harness_seed() ^ k;
      c.peer = cases[i].peer;
      c.lock = cases[i].lock, c.unlock = cases[i].unlock, c.fc_depth = cases[i].fc_depth;
      static rifl_link_t l;
      rifl_link_open(&l, &c);
      const uint64_t t0 = l.cycle; /* reset released */
      rifl_link_send(&l, 0, 1, 1, (c.fw - 16) / 8);
      rifl_link_send(&l, 1, 1, 1, (c.fw - 16) / 8);
      uint64_t up = rifl_link_wait_up(&l, 1000000);
      CHECK(rifl_link_drain(&l, 1000000), "%s: first frames delivered", c.top);
      uint64_t fa = l.tr_[0].first_beat_cycle, fb = l.tr_[1].first_beat_cycle;
      uint64_t first = (fa > fb ? fa : fb) - t0;
      up_min = up < up_min ? up : up_min, up_max = up > up_max ? up : up_max, up_sum += up;
      fi_min = first < fi_min ? first : fi_min, fi_max = first > fi_max ? first : fi_max;
      fi_sum += first;
      rifl_link_close(&l);
    }
    fprintf(f, "%u,%s,%u,%llu,%.0f,%llu,%llu,%.0f,%llu\n", cases[i].fw, cases[i].name, runs,
            (unsigned long long)up_min, (double)up_sum / runs, (unsigned long long)up_max,
            (unsigned long long)fi_min, (double)fi_sum / runs, (unsigned long long)fi_max);
    harness_log("FW %u, %s: link up after %llu .. %llu cycles, first frame delivered after %llu "
                ".. %llu (avg %.0f)",
                cases[i].fw, cases[i].name, (unsigned long long)up_min, (unsigned long long)up_max,
                (unsigned long long)fi_min, (unsigned long long)fi_max, (double)fi_sum / runs);
  }
  fclose(f);
}
