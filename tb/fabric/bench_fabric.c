/*
 * bench_fabric.c - the fabric's figures (make bench BLOCK=fabric, tb/fabric/bench.sh), measured on
 * the RTL through the harness of fabric_tb.c:
 *   bench_fabric_latency     one-way latency at zero load, XPU command in (last beat) to command
 * out (first beat), cycles, send-now commands (no packing wait); on raw links split by stage (SUE
 * TX, link, switch, link, SUE RX); on RIFL links the total (the frames inside RIFL are not
 * visible), so RIFL's cost is the difference; bench_fabric_throughput  goodput per XPU (command
 * bytes a cycle / 8, the 64-bit line) at saturation, uniform / permutation / incast, per top
 * (+top=); bench_fabric_ber         goodput and p99 latency against the links' BER, RIFL on and
 * off; bench_fabric_model       the same goodput on the composed C model (csrc/ref/fabric/
 * fabric_model.c): the RTL's sizes beside the RTL (how close the model is), then N = 64, 256 and
 * 1024, SCOC and iSLIP, speedup 1.0 and 1.45 (the core clocked 1.45 times the line);
 * bench_fabric_fc PFC against CBFC (and no flow control) under incast;
 * bench_fabric_planes goodput per XPU against switch planes (1, 2, 4), uniform and permutation,
 * ordered and unordered; bench_fabric_plane_fail goodput in time while one of two planes is down
 * and after it returns (the time back to full rate). Every run also
 * passes the tests' checks (fab_run, fm_run: the scoreboard, no drop for want of room).
 */
#include <stdlib.h>
#include <string.h>

#include "fabric_model.h"
#include "fabric_tb.h"
#include "harness.h"
#include "sue_multi_regs.h"

/* ---------------------------------------------------------------- latency at zero load */
typedef struct {
  uint64_t t_in, t_up, t_dn, t_out;
  int want_up, want_dn;
  unsigned n_in; /* commands whose last beat went */
} lat_t;

static void lat_hook(void *ctx, unsigned ev, unsigned xpu, uint64_t t, unsigned bytes) {
  lat_t *l = ctx;
  (void)bytes;
  if (ev == FAB_EV_TX_LAST && xpu == 0) {
    l->t_in = t;
    l->want_up = l->want_dn = 1;
    l->n_in++;
  } else if (ev == FAB_EV_UP_FIRST && xpu == 0 && l->want_up) {
    l->t_up = t;
    l->want_up = 0;
  } else if (ev == FAB_EV_DN_FIRST && xpu == 1 && l->want_dn) {
    l->t_dn = t;
    l->want_dn = 0;
  } else if (ev == FAB_EV_RX_FIRST && xpu == 1) {
    l->t_out = t;
  }
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}
static uint64_t median(uint64_t *v, unsigned n) {
  qsort(v, n, sizeof *v, cmp_u64);
  return v[n / 2];
}

#define LAT_MAX 256
static void lat_top(const char *top, unsigned dlen, unsigned samples, FILE *csv) {
  fab_t f;
  lat_t l;
  memset(&l, 0, sizeof l);
  fab_opts_t o = fab_default_opts();
  o.pattern = FAB_PERMUTATION;
  o.cmds = samples;
  o.dlen = dlen;
  o.p_cmd = 1.0;
  o.send_now = 1; /* a lone command: no packing wait (PACK_TIMEOUT) */
  o.hook = lat_hook;
  o.ctx = &l;
  fab_open(&f, top, &o, 11);
  for (unsigned i = 0; i < f.n; i++) /* XPU 0 sends to XPU 1 only */
    f.x[i].to_send = i == 0 ? samples : 0;
  f.x[0].perm = 1;
  static uint64_t tot[LAT_MAX], ste[5][LAT_MAX];
  f.t_traffic = f.t;
  for (unsigned s = 0; s < samples; s++) {
    f.hold = 0;
    l.t_out = 0;
    /* one command: its last beat (a one-beat command starts and ends in one cycle) */
    while (l.n_in == s) {
      fab_cycle(&f, 1);
      CHECK(f.t < 10000000, "XPU 0 does not send");
    }
    f.hold = 1;
    while (!l.t_out) {
      fab_cycle(&f, 1);
      CHECK(f.t - l.t_in < 100000, "a command not delivered at zero load");
    }
    for (unsigned c = 0; c < 1500; c++) /* the ACK and everything else settle */
      fab_cycle(&f, 1);
    tot[s] = l.t_out - l.t_in;
    if (!f.k->rifl) {
      uint64_t ch = o.delay + 1; /* a channel's delay, cycles */
      ste[0][s] = l.t_up - l.t_in;
      ste[1][s] = ch;
      ste[2][s] = l.t_dn - (l.t_up + ch);
      ste[3][s] = ch;
      ste[4][s] = l.t_out - (l.t_dn + ch);
    }
  }
  f.hold = 0;
  fab_run(&f);
  static const char *const nm[5] = {"sue_tx", "link_up", "switch", "link_dn", "sue_rx"};
  if (!f.k->rifl)
    for (unsigned k = 0; k < 5; k++)
      fprintf(csv, "%s,%s,%u,%llu\n", top, nm[k], dlen,
              (unsigned long long)median(ste[k], samples));
  fprintf(csv, "%s,total,%u,%llu\n", top, dlen, (unsigned long long)median(tot, samples));
  fab_close(&f);
}

HARNESS_TEST(bench_fabric_latency) {
  unsigned samples = (unsigned)harness_plusarg_ul("samples", 50);
  CHECK(samples >= 1 && samples <= LAT_MAX, "+samples 1 .. %u", LAT_MAX);
  FILE *csv = harness_csv("latency.csv", "top,stage,command_data_bytes,median_cycles");
  lat_top("fabric_n4_raw", 8, samples, csv);
  lat_top("fabric_n4", 8, samples, csv);
  lat_top("fabric_n4_raw", 256, samples, csv);
  lat_top("fabric_n4", 256, samples, csv);
  fclose(csv);
}

/* ---------------------------------------------------------------- throughput at saturation */
typedef struct {
  unsigned total, done;
  uint64_t t0, t1, bytes;
} tp_t;

static void tp_hook(void *ctx, unsigned ev, unsigned xpu, uint64_t t, unsigned bytes) {
  tp_t *p = ctx;
  (void)xpu;
  if (ev != FAB_EV_RX_LAST)
    return;
  p->done++;
  if (p->done == p->total / 4)
    p->t0 = t;
  if (p->done > p->total / 4 && p->done <= 3 * p->total / 4) {
    p->bytes += bytes;
    p->t1 = t;
  }
}

/* the options of a run at saturation: cmds 256-byte commands per XPU, an XPU starting one
   whenever its credits allow, measured by tp_hook into p */
static fab_opts_t sat_opts(unsigned cmds, tp_t *p) {
  fab_opts_t o = fab_default_opts();
  memset(p, 0, sizeof *p);
  o.cmds = cmds;
  o.p_cmd = 1.0;
  o.dlen = 256;
  o.hook = tp_hook;
  o.ctx = p;
  o.max_cycles = 5000000;
  return o;
}

static const char *const pat_name[3] = {"uniform", "permutation", "incast"};
#define TP_HEADER                                                                                  \
  "top,source,switch,xpus,pattern,speedup,goodput_per_xpu,busiest_egress,p50_cycles,"              \
  "p99_cycles"

/* goodput per receiving XPU, as a fraction of 8 bytes a cycle, between the deliveries of a
   quarter and three quarters of the commands (the steady state) */
static void tp_one(const char *top, unsigned pattern, unsigned cmds, FILE *csv) {
  fab_t f;
  tp_t p;
  fab_opts_t o = sat_opts(cmds, &p);
  o.pattern = pattern;
  fab_open(&f, top, &o, 12 + pattern);
  unsigned senders = pattern == FAB_INCAST ? f.n - 1 : f.n;
  unsigned receivers = pattern == FAB_INCAST ? 1 : f.n;
  p.total = senders * cmds;
  fab_run(&f);
  double g = (double)p.bytes / (double)(p.t1 - p.t0) / 8.0 / receivers;
  fprintf(csv, "%s,RTL,%s,%u,%s,1.0,%.4f,,%llu,%llu\n", top, f.k->islip ? "islip" : "scoc", f.n,
          pat_name[pattern], g, (unsigned long long)fab_lat_pct(&f, 50),
          (unsigned long long)fab_lat_pct(&f, 99));
  fab_close(&f);
}

HARNESS_TEST(bench_fabric_throughput) {
  unsigned cmds = (unsigned)harness_plusarg_ul("cmds", 400);
  const char *top = harness_plusarg("top");
  FILE *csv = harness_csv("throughput.csv", TP_HEADER);
  const char *const tops[] = {"fabric_n4", "fabric_n4_islip", "fabric_n8", "fabric_n16"};
  for (unsigned t = 0; t < 4; t++) {
    if (top && strcmp(top, tops[t]))
      continue;
    for (unsigned pat = 0; pat < 3; pat++)
      tp_one(tops[t], pat, cmds, csv);
  }
  fclose(csv);
}

/* ---------------------------------------------------------------- goodput against BER */
HARNESS_TEST(bench_fabric_ber) {
  unsigned cmds = (unsigned)harness_plusarg_ul("cmds", 300);
  FILE *csv = harness_csv("ber.csv", "top,rifl,ber,goodput_per_xpu,p99_cycles,rifl_retx,"
                                     "sue_retx,fcs_drops,bits_flipped");
  static const double bers[5] = {1e-9, 1e-8, 1e-7, 1e-6, 1e-5};
  const char *const tops[2] = {"fabric_n4", "fabric_n4_raw"};
  for (unsigned t = 0; t < 2; t++)
    for (unsigned b = 0; b < 5; b++) {
      fab_t f;
      tp_t p;
      fab_opts_t o = sat_opts(cmds, &p);
      o.ber = bers[b];
      if (t == 1) { /* raw links lose PFC frames too (fabric_ber_raw) */
        o.pfc_time = 0x400;
        o.pfc_refresh = 256;
      }
      fab_open(&f, tops[t], &o, 20 + b);
      p.total = f.n * cmds;
      fab_run(&f);
      uint64_t flips = 0;
      for (unsigned i = 0; i < f.n; i++)
        flips += f.up[i].c.errors + f.dn[i].c.errors;
      double g = (double)p.bytes / (double)(p.t1 - p.t0) / 8.0 / f.n;
      fprintf(csv, "%s,%u,%g,%.4f,%llu,%llu,%llu,%llu,%llu\n", tops[t], f.k->rifl, bers[b], g,
              (unsigned long long)fab_lat_pct(&f, 99), (unsigned long long)f.rifl_retx,
              (unsigned long long)fab_ep_sum(&f, SUE_CNT_TX_RETX),
              (unsigned long long)(fab_sw_sum(&f, FSP_CNT_DROP + FSP_DROP_FCS) +
                                   fab_ep_sum(&f, SUE_CNT_RX_FCS)),
              (unsigned long long)flips);
      fab_close(&f);
    }
  fclose(csv);
}

/* ---------------------------------------------------------------- PFC against CBFC */
/* 3-to-1 incast (256-byte commands, one VC) onto XPU 0, which takes receive credits with
 * probability grant a cycle (up to four commands each: 0.003 is about 3 bytes a cycle, slower
 * than the senders; 0.9 keeps up), under PFC (the fabric's thresholds), CBFC, and no flow control
 * at all; on RIFL and raw links. Goodput: XPU 0's command bytes a cycle over the middle half of
 * the run, as a fraction of the line; drops: for want of room (rx_nobuf + switch overflow);
 * resends: go-back-N. The runs with flow control also pass the tests' lossless checks. */
HARNESS_TEST(bench_fabric_fc) {
  unsigned cmds = (unsigned)harness_plusarg_ul("cmds", 200);
  FILE *csv = harness_csv("fc.csv", "top,fc,xpu0_grant,goodput_xpu0,p50_cycles,p99_cycles,"
                                    "drops_no_room,sue_resends,fc_frames");
  static const char *const tops[2] = {"fabric_n4", "fabric_n4_raw"};
  static const char *const fcn[3] = {"pfc", "cbfc", "none"};
  static const double grants[2] = {0.003, 0.9};
  for (unsigned t = 0; t < 2; t++)
    for (unsigned g = 0; g < 2; g++)
      for (unsigned m = 0; m < 3; m++) {
        fab_t f;
        tp_t p;
        fab_opts_t o = sat_opts(cmds, &p);
        o.pattern = FAB_INCAST;
        o.p_grant = grants[g];
        o.vcs = 1;
        o.cbfc = m == 1;
        o.no_fc = m == 2;
        fab_open(&f, tops[t], &o, 30 + g);
        p.total = (f.n - 1) * cmds;
        fab_run(&f);
        double gp = (double)p.bytes / (double)(p.t1 - p.t0) / 8.0;
        uint64_t fc = fab_ep_sum(&f, SUE_CNT_TX_PFC) + fab_ep_sum(&f, SUE_CNT_TX_CBFC) +
                      fab_sw_sum(&f, FSP_CNT_PFC_TX);
        fprintf(csv, "%s,%s,%g,%.4f,%llu,%llu,%llu,%llu,%llu\n", tops[t], fcn[m], grants[g], gp,
                (unsigned long long)fab_lat_pct(&f, 50), (unsigned long long)fab_lat_pct(&f, 99),
                (unsigned long long)(fab_ep_sum(&f, SUE_CNT_RX_NOBUF) +
                                     fab_sw_sum(&f, FSP_CNT_DROP + FSP_DROP_OVERFLOW)),
                (unsigned long long)fab_ep_sum(&f, SUE_CNT_TX_RETX), (unsigned long long)fc);
        fflush(csv);
        fab_close(&f);
      }
  fclose(csv);
}

/* ---------------------------------------------------------------- switch planes */
/* Goodput per XPU against the number of switch planes (docs/performance.md "Planes"): fabric_n4
 * (one endpoint an XPU, one plane), fabric_multi_n4_p2 and _p4 (an sue_multi instance of P ports,
 * port k on plane k's switch), every link a 64-bit line, every XPU's command interface 32 bytes a
 * cycle; uniform and permutation traffic at saturation (256-byte commands, 4 VCs), ordered
 * (connections pinned by the port choice's hash) and unordered (per command, by credits). The
 * figure: command bytes a receiving XPU takes a cycle over the middle half of the run, and that
 * as a fraction of its P lines; plane_balance: the least-loaded plane's commands over the
 * most-loaded's (1.0: even). */
#define PLANES_HEADER                                                                              \
  "top,planes,pattern,mode,bytes_per_cycle_per_xpu,fraction_of_lines,plane_balance,p50_cycles,"    \
  "p99_cycles"

static void planes_one(const char *top, unsigned pattern, unsigned unordered, unsigned cmds,
                       FILE *csv) {
  fab_t f;
  tp_t p;
  fab_opts_t o = sat_opts(cmds, &p);
  o.pattern = pattern;
  o.unordered = unordered;
  fab_open(&f, top, &o, 40 + pattern);
  p.total = f.n * cmds;
  fab_run(&f);
  double bpc = (double)p.bytes / (double)(p.t1 - p.t0) / f.n;
  uint64_t lo = UINT64_MAX, hi = 0;
  for (unsigned k = 0; k < f.planes; k++) {
    uint64_t c = 0;
    for (unsigned i = 0; i < f.n; i++)
      c += f.x[i].port_cmds[0][k];
    lo = c < lo ? c : lo;
    hi = c > hi ? c : hi;
  }
  /* fabric (one plane) has no port choice: its one plane carries everything */
  double bal = f.planes > 1 ? (hi ? (double)lo / (double)hi : 0.0) : 1.0;
  fprintf(csv, "%s,%u,%s,%s,%.3f,%.4f,%.3f,%llu,%llu\n", top, f.planes, pat_name[pattern],
          unordered ? "unordered" : "ordered", bpc, bpc / (8.0 * f.planes), bal,
          (unsigned long long)fab_lat_pct(&f, 50), (unsigned long long)fab_lat_pct(&f, 99));
  fflush(csv);
  fab_close(&f);
}

HARNESS_TEST(bench_fabric_planes) {
  unsigned cmds = (unsigned)harness_plusarg_ul("cmds", 400);
  FILE *csv = harness_csv("planes.csv", PLANES_HEADER);
  static const char *const tops[3] = {"fabric_n4", "fabric_multi_n4_p2", "fabric_multi_n4_p4"};
  for (unsigned t = 0; t < 3; t++)
    for (unsigned pat = 0; pat < 2; pat++)
      for (unsigned u = 0; u < (t ? 2u : 1u); u++) /* one plane: no port choice, ordered */
        planes_one(tops[t], pat, u, cmds, csv);
  fclose(csv);
}

/* A plane failing under load (docs/performance.md "Planes"): fabric_multi_n4_p2, uniform traffic
 * at saturation (256-byte commands), every link of plane 1 dark from WARM cycles after the
 * traffic starts for CUT cycles (RIFL loses alignment, each instance's port 1 goes down), then
 * back; ordered and unordered, go-back-N RETX_TIMEOUT 4000 and 20000 (the timer that resends what
 * the dead port held, over the live plane). Goodput: command bytes a cycle delivered to an XPU
 * (the mean of the four), as a fraction of its two lines (16 bytes a cycle), in windows of WIN
 * cycles. before / during / after: the WARM / 2 cycles before the cut, the second half of the
 * cut, the CUT / 2 cycles from CUT / 2 after the return; recover_cycles: from the return to the
 * end of the first window at 0.95 of `before` or more. Every run passes fab_run's checks: every
 * command delivered exactly once, intact, in order per connection when ordered. */
typedef struct {
  const fab_t *f; /* for its t_traffic: windows start with the traffic */
  uint64_t win, *bins;
  size_t nbins;
} pf_t;

static void pf_hook(void *ctx, unsigned ev, unsigned xpu, uint64_t t, unsigned bytes) {
  pf_t *p = ctx;
  (void)xpu;
  if (ev != FAB_EV_RX_LAST)
    return;
  size_t b = (size_t)((t - p->f->t_traffic) / p->win);
  if (b >= p->nbins) {
    size_t n = 2 * b + 64;
    p->bins = realloc(p->bins, n * sizeof *p->bins);
    CHECK(p->bins != NULL, "out of memory");
    memset(p->bins + p->nbins, 0, (n - p->nbins) * sizeof *p->bins);
    p->nbins = n;
  }
  p->bins[b] += bytes;
}

/* mean line fraction of windows [a, b) (cycles from the start of the traffic, multiples of win) */
static double pf_mean(const pf_t *p, uint64_t a, uint64_t b, double line) {
  uint64_t s = 0;
  for (uint64_t w = a / p->win; w < b / p->win && w < p->nbins; w++)
    s += p->bins[w];
  return (double)s / (double)(b - a) / line;
}

/* cycles from `from` to the end of the first window after it at `level` or more (0: none) */
static uint64_t pf_reach(const pf_t *p, uint64_t from, double level, double line) {
  for (uint64_t w = from / p->win; w < p->nbins; w++)
    if ((double)p->bins[w] / (double)p->win / line >= level)
      return (w + 1) * p->win - from;
  return 0;
}

HARNESS_TEST(bench_fabric_plane_fail) {
  const uint64_t warm = harness_plusarg_ul("warm", 4000), cut = harness_plusarg_ul("cut", 6000),
                 win = harness_plusarg_ul("win", 250);
  CHECK(win > 0 && warm % win == 0 && cut % win == 0 && warm >= 2 * win && cut >= 2 * win,
        "+warm and +cut must be multiples of +win, at least two windows each");
  FILE *csv = harness_csv("plane_fail.csv", "mode,retx_timeout,before,during,after,recover_cycles,"
                                            "gbn_timeouts,nack_replays,carried_frames");
  FILE *tr = harness_csv("plane_fail_trace.csv", "mode,retx_timeout,cycle,line_fraction");
  static const uint32_t tmos[2] = {4000, 20000};
  for (unsigned u = 0; u < 2; u++)
    for (unsigned ti = 0; ti < 2; ti++) {
      const unsigned unordered = 1u - u;
      const char *mode = unordered ? "unordered" : "ordered";
      fab_t f;
      pf_t p = {&f, win, NULL, 0};
      fab_opts_t o = fab_default_opts();
      o.p_cmd = 1.0;
      o.dlen = 256;
      /* enough commands that every XPU still sends when the measured windows end: at most
         16 bytes a cycle each, 264 bytes a command on the wire */
      o.cmds = (unsigned)((warm + 2 * cut) * 16 / 256 + 200);
      o.unordered = unordered;
      o.retx_timeout = tmos[ti];
      o.down_plane = 1;
      o.down_at = warm;
      o.down_for = cut;
      o.hook = pf_hook;
      o.ctx = &p;
      o.max_cycles = 5000000;
      fab_open(&f, "fabric_multi_n4_p2", &o, 50 + u * 2 + ti);
      fab_run(&f);
      const double line = 16.0 * f.n;
      const uint64_t t_cut = warm, t_back = t_cut + cut; /* from the start of the traffic */
      CHECK(f.t_done >= f.t_traffic + t_back + cut, "traffic ended at %llu, before the last window",
            (unsigned long long)(f.t_done - f.t_traffic));
      double before = pf_mean(&p, t_cut - warm / 2, t_cut, line);
      double during = pf_mean(&p, t_cut + cut / 2, t_back, line);
      double after = pf_mean(&p, t_back + cut / 2, t_back + cut, line);
      uint64_t recover = pf_reach(&p, t_back, 0.95 * before, line);
      uint64_t tmo = 0;
      for (unsigned l = 0; l < f.nl; l++)
        tmo += f.ep_cnt[l][SUE_CNT_TX_TIMEOUTS];
      uint64_t carried = fab_inst_sum(&f, MREG_NCARRY);
      fprintf(csv, "%s,%u,%.4f,%.4f,%.4f,%llu,%llu,%llu,%llu\n", mode, tmos[ti], before, during,
              after, (unsigned long long)recover, (unsigned long long)tmo,
              (unsigned long long)fab_ep_sum(&f, SUE_CNT_TX_REPLAYS), (unsigned long long)carried);
      fflush(csv);
      for (uint64_t t = 0; t + win <= t_back + cut; t += win)
        fprintf(tr, "%s,%u,%llu,%.4f\n", mode, tmos[ti], (unsigned long long)t,
                pf_mean(&p, t, t + win, line));
      harness_log("  %s RETX_TIMEOUT %u: before %.3f during %.3f after %.3f, recover %llu cycles",
                  mode, tmos[ti], before, during, after, (unsigned long long)recover);
      free(p.bins);
      fab_close(&f);
    }
  fclose(tr);
  fclose(csv);
}

/* ---------------------------------------------------------------- the composed model */
static void model_row(FILE *csv, unsigned n, unsigned islip, unsigned pattern, double speedup,
                      unsigned cmds, unsigned pdu_max) {
  fm_params_t p = fm_default_params(n);
  if (pdu_max) { /* the spec's PDU size, buffers to match (fabric_sw_egress: TQD >= FMAX / 8) */
    p.ep.pdu_max = pdu_max;
    p.ep.q_bytes = 2 * pdu_max + 512;
    p.ep.rx_bytes = 8 * pdu_max;
    p.rx_xoff = p.ep.rx_bytes / 4;
    p.rx_xon = p.ep.rx_bytes / 8;
    p.ibw = 16384;
    p.rbd = 1024;
    p.tqd = 2048;
    p.xoff = 8192;
    p.xon = 4096;
  }
  p.islip = islip;
  p.pattern = pattern;
  p.speedup = speedup;
  /* incast: the same number of commands in all, not per sender; at least 8 a sender, 1 at
     N = 1024 (8 would be 8,184 commands into one port: 16 times N = 256's run) */
  unsigned senders = n - 1 < 62 ? n - 1 : 62, least = n >= 1024 ? 1 : 8;
  p.cmds = pattern == FM_INCAST ? (2 * cmds / senders > least ? 2 * cmds / senders : least) : cmds;
  /* a permutation's figure depends on the permutation (SCOC's groups): at the RTL's sizes the
     mean of five, at N >= 64 one (there it averages out) */
  unsigned runs = pattern == FM_PERMUTATION && n <= 16 ? 5 : 1;
  double g = 0, u = 0, p50 = 0, p99 = 0;
  for (unsigned k = 0; k < runs; k++) {
    p.seed = 12 + pattern + 100 * k;
    fm_result_t r;
    char why[256];
    CHECK(fm_run(&p, &r, why, sizeof why) == 0, "model N %u %s %s: %s", n, islip ? "islip" : "scoc",
          pat_name[pattern], why);
    uint64_t drops = 0;
    for (unsigned d = 0; d < FSP_NDROP; d++)
      drops += r.sw_drop[d];
    CHECK(drops == 0 && r.core_violations == 0, "model N %u: %llu drops, %llu core violations", n,
          (unsigned long long)drops, (unsigned long long)r.core_violations);
    g += r.goodput / runs;
    u += r.egress_util / runs;
    p50 += (double)r.p50 / runs;
    p99 += (double)r.p99 / runs;
  }
  char top[64];
  snprintf(top, sizeof top, pdu_max ? "model_n%u_pdu%u" : "model_n%u", n, pdu_max);
  fprintf(csv, "%s,model,%s,%u,%s,%.2f,%.4f,%.4f,%.0f,%.0f\n", top, islip ? "islip" : "scoc", n,
          pat_name[pattern], speedup, g, u, p50, p99);
  fflush(csv);
}

HARNESS_TEST(bench_fabric_model) {
  unsigned cmds = (unsigned)harness_plusarg_ul("cmds", 400);
  unsigned big = (unsigned)harness_plusarg_ul("big_cmds", 200);
  /* N = 1024 (the spec's largest fabric): each endpoint model ticks its 256 connections every
     cycle, so a command costs 4 times N = 256's; 40 a XPU give N = 1024 uniform within 1 % of
     100's (0.518 / 0.525) */
  unsigned huge = (unsigned)harness_plusarg_ul("huge_cmds", 40);
  FILE *csv = harness_csv("model.csv", TP_HEADER);
  /* the RTL tops' configurations (fabric_n4, fabric_n4_islip, fabric_n8, fabric_n16) */
  for (unsigned pat = 0; pat < 3; pat++) {
    model_row(csv, 4, 0, pat, 1.0, cmds, 0);
    model_row(csv, 4, 1, pat, 1.0, cmds, 0);
    model_row(csv, 8, 0, pat, 1.0, cmds, 0);
    model_row(csv, 16, 0, pat, 1.0, cmds, 0);
  }
  static const unsigned ns[3] = {64, 256, 1024};
  static const double sp[2] = {1.0, 1.45};
  for (unsigned i = 0; i < 3; i++)
    for (unsigned islip = 0; islip < 2; islip++)
      for (unsigned k = 0; k < 2; k++)
        for (unsigned pat = 0; pat < 3; pat++)
          model_row(csv, ns[i], islip, pat, sp[k],
                    ns[i] >= 1024 ? huge
                    : ns[i] > 64  ? big
                                  : cmds,
                    0);
  /* the spec's PDU of 4096 bytes: up to 15 commands of 256 bytes a frame instead of one */
  for (unsigned pat = 0; pat < 2; pat++) {
    model_row(csv, 64, 0, pat, 1.0, cmds, 4096);
    model_row(csv, 64, 0, pat, 1.45, cmds, 4096);
    model_row(csv, 64, 1, pat, 1.0, cmds, 4096);
  }
  fclose(csv);
}
