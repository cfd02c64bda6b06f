/*
 * Benchmarks of block scoc (tb/scoc/bench.sh, docs/performance.md): not tests, they
 * measure. They run the cycle-exact C models (scoc_switch_model, islip_model), which the
 * lockstep tests prove equal to the RTL cycle by cycle, because the paper's sizes (N = 128 and
 * 256, hundreds of permutations) would take hours on the RTL. Each writes a CSV file into the
 * run's outdir:
 *   bench_scoc_permutation  permutation.csv  arch,n,m,packet_bytes,speedup,throughput
 *   bench_scoc_fairness     fairness.csv     bench,arch,connection,rate,fair_rate
 *   bench_scoc_load_delay   load_delay.csv   arch,pattern,load,throughput,delay_cycles
 * Plusargs: +n=N (permutation: one size), +perms=K (default 100), +cycles=C (cycles a run).
 * Datapath words are 40 bytes (the paper's); a packet of B bytes is ceil(B / 40) words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "scoc_fairness.h"
#include "scoc_switch_model.h"
#include "sw_arch.h"
#include "sw_traffic.h"

#define WORD_BYTES 40u

/* One saturated or loaded run of cycles on a fresh switch of the architecture; fills s. */
static void run_one(const char *arch, unsigned n, const sw_traffic_cfg_t *cfg, uint64_t warmup,
                    uint64_t measure, sw_summary_t *s) {
  sw_switch_t sw;
  CHECK(sw_switch_open(&sw, arch, n, 4, 0, 0) == 0, "switch %s N=%u", arch, n);
  sw_traffic_cfg_t c = *cfg;
  c.cpw = sw_switch_cpw(&sw, cfg->cpw); /* cfg->cpw carries the speedup */
  sw_traffic_t *t = sw_traffic_new(&c);
  CHECK(t != NULL, "traffic configuration");
  CHECK(sw_run(&sw.ops, t, warmup, measure, 200000) == 0, "run");
  sw_traffic_summary(t, s);
  sw_traffic_free(t);
  sw_switch_close(&sw);
}

/* Permutation throughput (paper Sec. 4, Fig. 7 and 8): saturated inputs, a random
 * permutation per run, averaged over +perms runs. */
HARNESS_TEST(bench_scoc_permutation) {
  static const unsigned bytes[] = {40, 80, 320};
  static const double speedups[] = {1.0, 1.45};
  static const char *const archs[] = {"scoc", "flat"};
  unsigned ns[2] = {128, 256}, nn = 2;
  if (harness_plusarg("n"))
    ns[0] = (unsigned)harness_plusarg_ul("n", 128), nn = 1;
  unsigned perms = (unsigned)harness_plusarg_ul("perms", 100);
  uint64_t cycles = harness_plusarg_ul("cycles", 4000);
  FILE *f = harness_csv("permutation.csv", "arch,n,m,packet_bytes,speedup,throughput");
  for (unsigned a = 0; a < 2; a++)
    for (unsigned i = 0; i < nn; i++)
      for (unsigned b = 0; b < 3; b++)
        for (unsigned s = 0; s < 2; s++) {
          double sum = 0;
          uint64_t errors = 0;
          for (unsigned k = 0; k < perms; k++) {
            sw_traffic_cfg_t c = sw_traffic_defaults(ns[i], 32);
            c.pattern = SW_PAT_PERM_RANDOM;
            c.saturate = 1;
            c.len = (bytes[b] + WORD_BYTES - 1) / WORD_BYTES;
            c.cpw = speedups[s];
            c.rand_phase = 1;
            c.seed = harness_seed() * 1000003u + k;
            sw_summary_t sm;
            run_one(archs[a], ns[i], &c, cycles / 4, cycles, &sm);
            sum += sm.throughput;
            errors += sm.errors;
          }
          CHECK_EQ(errors, 0, "scoreboard errors");
          fprintf(f, "%s,%u,4,%u,%.2f,%.4f\n", archs[a], ns[i], bytes[b], speedups[s], sum / perms);
          fflush(f);
          harness_log("%s N=%u %u B speedup %.2f: %.4f over %u permutations", archs[a], ns[i],
                      bytes[b], speedups[s], sum / perms, perms);
        }
  fclose(f);
}

/* The fairness microbenchmarks (paper Sec. 3, Figs. 5 and 6) on SCOC, on the ablated SCOC that
 * each one is about, and on the flat iSLIP crossbar with the same speedup (and without). */
HARNESS_TEST(bench_scoc_fairness) {
  uint64_t cycles = harness_plusarg_ul("cycles", 400000);
  FILE *f = harness_csv("fairness.csv", "bench,arch,connection,rate,fair_rate");
  for (unsigned b = 0; b < SCOC_N_MB; b++) {
    const scoc_mb_t *mb = &scoc_mb[b];
    double fair[SCOC_MB_MAX_CONNS];
    CHECK(sw_maxmin(mb->conns, mb->n_conns, fair) == 0, "fair rates");
    struct {
      const char *arch, *label;
      unsigned ablate;
      double speedup;
    } v[] = {{"scoc", "scoc", 0, mb->speedup},
             {"scoc", mb->ablation_label, mb->ablate, mb->speedup},
             {"flat", "flat", 0, mb->speedup},
             {"flat", "flat_1.0x", 0, 1.0}};
    for (unsigned k = 0; k < sizeof v / sizeof v[0]; k++) {
      if (k == 1 && !mb->ablate)
        continue;
      double rate[SCOC_MB_MAX_CONNS];
      int64_t err = scoc_mb_run(mb, v[k].arch, v[k].ablate, k == 1 ? mb->ablate_mt : 0,
                                v[k].speedup, cycles, harness_seed(), rate);
      CHECK(err == 0, "%s on %s: %lld scoreboard errors", mb->name, v[k].label, (long long)err);
      for (unsigned c = 0; c < mb->n_conns; c++)
        fprintf(f, "%s,%s,%u->%u,%.4f,%.4f\n", mb->name, v[k].label, mb->conns[c].src,
                mb->conns[c].dst, rate[c], fair[c]);
      fflush(f);
    }
  }
  fclose(f);
}

/* Throughput and delay against load (paper Fig. 11): N = 128, 288-byte packets, SCOC and the
 * flat iSLIP crossbar with speedup 1.45. */
HARNESS_TEST(bench_scoc_load_delay) {
  static const struct {
    const char *name;
    sw_pattern_t pat;
  } pats[] = {{"uniform", SW_PAT_UNIFORM},
              {"partitioned", SW_PAT_PARTITION},
              {"diagonal", SW_PAT_DIAGONAL},
              {"logdiagonal", SW_PAT_LOGDIAG}};
  static const char *const archs[] = {"scoc", "flat"};
  static const double loads[] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0};
  unsigned n = (unsigned)harness_plusarg_ul("n", 128);
  uint64_t cycles = harness_plusarg_ul("cycles", 40000);
  FILE *f = harness_csv("load_delay.csv", "arch,pattern,load,throughput,delay_cycles");
  for (unsigned a = 0; a < 2; a++)
    for (unsigned p = 0; p < sizeof pats / sizeof pats[0]; p++)
      for (unsigned l = 0; l < sizeof loads / sizeof loads[0]; l++) {
        sw_traffic_cfg_t c = sw_traffic_defaults(n, 32);
        c.pattern = pats[p].pat;
        c.load = loads[l];
        c.len = (288 + WORD_BYTES - 1) / WORD_BYTES;
        c.cpw = 1.45;
        c.group = 16; /* partitioned: groups of 16 ports, all-to-all inside */
        c.rand_phase = 1;
        c.src_cap = 1000;
        c.seed = harness_seed();
        sw_summary_t s;
        run_one(archs[a], n, &c, cycles / 4, cycles, &s);
        CHECK_EQ(s.errors, 0, "scoreboard errors");
        fprintf(f, "%s,%s,%.2f,%.4f,%.1f\n", archs[a], pats[p].name, loads[l], s.throughput,
                s.delay_avg);
        fflush(f);
      }
  fclose(f);
}
