/*
 * Benchmarks of block common (tb/common/bench.sh, docs/performance.md): not tests, they measure.
 * Each does exactly what csrc/harness/bench_bare.cpp does with a bare Verilated model - same
 * stimulus, same reads - so the two rates give the harness overhead, and the checksum proves the
 * work was the same.
 */
#include "harness.h"
#include <stdlib.h>
#include <time.h>

static unsigned long bench_cycles(void) {
  const char *n = harness_plusarg("cycles");
  return n ? strtoul(n, NULL, 0) : 100000;
}

static double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void bench_report(unsigned long cycles, double s, uint32_t sum) {
  harness_log("bench: sim=%s cycles=%lu seconds=%.6f cycles_per_s=%.0f checksum=%08x",
              harness_sim(), cycles, s, (double)cycles / s, sum);
}

/* The smallest design: the harness's own cost is the largest share here. */
HARNESS_TEST(bench_fifo) {
  unsigned long cycles = bench_cycles();
  dut_t *d = dut_open("sync_fifo_w8_d4");
  port_t in_valid = dut_port(d, "in_valid"), in_data = dut_port(d, "in_data"),
         out_ready = dut_port(d, "out_ready"), level = dut_port(d, "level");
  dut_reset(d, 2);
  uint32_t x = 1, sum = 0, lvl = 0;
  double t0 = bench_now();
  for (unsigned long c = 0; c < cycles; c++) {
    x = x * 1664525u + 1013904223u;
    dut_set_u64(d, in_valid, (x >> 31) && lvl < 4); /* offer only when there is room */
    dut_set_u64(d, in_data, (x >> 8) & 0xff);
    dut_set_u64(d, out_ready, (x >> 30) & 1);
    dut_step(d, 1);
    lvl = (uint32_t)dut_get_u64(d, level);
    sum = sum * 31u + lvl;
  }
  bench_report(cycles, bench_now() - t0, sum);
  CHECK(dut_get_u64(d, level) <= 4, "level within DEPTH");
}

/* A 1024-bit datapath: wide-port writes through dut_set(). */
HARNESS_TEST(bench_crc1024) {
  unsigned long cycles = bench_cycles();
  dut_t *d = dut_open("crc_engine_crc32_d1024");
  port_t start = dut_port(d, "start"), valid = dut_port(d, "valid"), data = dut_port(d, "data"),
         crc_reg = dut_port(d, "crc_reg");
  dut_reset(d, 2);
  uint32_t x = 1, sum = 0, w[32] = {0};
  double t0 = bench_now();
  for (unsigned long c = 0; c < cycles; c++) {
    x = x * 1664525u + 1013904223u;
    dut_set_u64(d, start, (x >> 28) == 0);
    dut_set_u64(d, valid, x >> 31);
    w[c % 32] = x;
    dut_set(d, data, w);
    dut_step(d, 1);
    sum = sum * 31u + (uint32_t)dut_get_u64(d, crc_reg);
  }
  bench_report(cycles, bench_now() - t0, sum);
  CHECK(sum != 0, "the CRC register moved");
}
