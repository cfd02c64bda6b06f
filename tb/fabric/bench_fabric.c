/*
 * bench_fabric.c - the fabric's figures (make bench BLOCK=fabric, tb/fabric/bench.sh), measured on
 * the RTL through the harness of fabric_tb.c:
 *   bench_fabric_latency     one-way latency at zero load, XPU command in (last beat) to command
 * out (first beat), cycles; on raw links split by stage (SUE TX, link, switch, link, SUE RX); on
 * RIFL links the total (the frames inside RIFL are not visible), so RIFL's cost is the difference;
 *   bench_fabric_throughput  goodput per XPU (command bytes a cycle / 8, the 64-bit line) at
 *                            saturation, uniform / permutation / incast, per top (+top=);
 *   bench_fabric_ber         goodput and p99 latency against the links' BER, RIFL on and off.
 * Every run also passes the tests' checks (fab_run: the scoreboard, no drop for want of room).
 */
#include <stdlib.h>
#include <string.h>

#include "fabric_tb.h"
#include "harness.h"

/* ---------------------------------------------------------------- latency at zero load */
typedef struct {
  uint64_t t_in, t_up, t_dn, t_out;
  int want_up, want_dn;
} lat_t;

static void lat_hook(void *ctx, unsigned ev, unsigned xpu, uint64_t t, unsigned bytes) {
  lat_t *l = ctx;
  (void)bytes;
  if (ev == FAB_EV_TX_LAST && xpu == 0) {
    l->t_in = t;
    l->want_up = l->want_dn = 1;
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
    while (!f.x[0].busy)
      fab_cycle(&f, 1);
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

static const char *const pat_name[3] = {"uniform", "permutation", "incast"};

/* goodput per receiving XPU, as a fraction of 8 bytes a cycle, between the deliveries of a
   quarter and three quarters of the commands (the steady state) */
static void tp_one(const char *top, unsigned pattern, unsigned cmds, FILE *csv) {
  fab_t f;
  tp_t p;
  memset(&p, 0, sizeof p);
  fab_opts_t o = fab_default_opts();
  o.pattern = pattern;
  o.cmds = cmds;
  o.p_cmd = 1.0;
  o.dlen = 256;
  o.hook = tp_hook;
  o.ctx = &p;
  o.max_cycles = 5000000;
  fab_open(&f, top, &o, 12 + pattern);
  unsigned senders = pattern == FAB_INCAST ? f.n - 1 : f.n;
  unsigned receivers = pattern == FAB_INCAST ? 1 : f.n;
  p.total = senders * cmds;
  fab_run(&f);
  double g = (double)p.bytes / (double)(p.t1 - p.t0) / 8.0 / receivers;
  fprintf(csv, "%s,RTL,%s,%u,%s,1.0,%.4f,%llu,%llu\n", top, f.k->islip ? "islip" : "scoc", f.n,
          pat_name[pattern], g, (unsigned long long)fab_lat_pct(&f, 50),
          (unsigned long long)fab_lat_pct(&f, 99));
  fab_close(&f);
}

HARNESS_TEST(bench_fabric_throughput) {
  unsigned cmds = (unsigned)harness_plusarg_ul("cmds", 400);
  const char *top = harness_plusarg("top");
  FILE *csv =
      harness_csv("throughput.csv",
                  "top,source,switch,xpus,pattern,speedup,goodput_per_xpu,p50_cycles,p99_cycles");
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
      memset(&p, 0, sizeof p);
      fab_opts_t o = fab_default_opts();
      o.cmds = cmds;
      o.p_cmd = 1.0;
      o.dlen = 256;
      o.ber = bers[b];
      o.hook = tp_hook;
      o.ctx = &p;
      o.max_cycles = 5000000;
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
