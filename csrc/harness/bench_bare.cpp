// bench_bare.cpp - the floor the harness is measured against: a bare eval()
// loop on the same Verilated model, with the same stimulus and reads as the
// matching bench_* test of tb/common, and no harness in between.
//   BENCH_FIFO: sync_fifo_w8_d4, like bench_fifo (smallest design: worst case)
//   BENCH_CRC:  crc_engine_crc32_d1024, like bench_crc1024 (a 1024-bit datapath)
// Usage: bench_bare_<x> <cycles>; prints cycles, seconds, rate and a checksum
// that must equal the harness test's.
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "verilated.h"
#if BENCH_FIFO
#include "Vsync_fifo_w8_d4.h"
typedef Vsync_fifo_w8_d4 Top;
#else
#include "Vcrc_engine_crc32_d1024.h"
typedef Vcrc_engine_crc32_d1024 Top;
#endif

int main(int argc, char **argv) {
  unsigned long cycles = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : 100000;
  VerilatedContext ctx;
  Top top{&ctx, "TOP"};
  uint64_t t = 0;
  auto edge = [&](int clk) {
    top.clk = clk;
    ctx.time(t += 5000);
    top.eval();
  };
  top.rst_n = 0;
  top.eval();
  for (int i = 0; i < 2; i++) {
    edge(1);
    edge(0);
  }
  top.rst_n = 1;
  uint32_t x = 1, sum = 0, lvl = 0;
  (void)lvl;
  timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (unsigned long c = 0; c < cycles; c++) {
    x = x * 1664525u + 1013904223u; // the same LCG as the harness test
#if BENCH_FIFO
    top.in_valid = (x >> 31) && lvl < 4;
    top.in_data = (x >> 8) & 0xff;
    top.out_ready = (x >> 30) & 1;
    edge(1);
    edge(0);
    lvl = top.level;
    sum = sum * 31u + lvl;
#else
    top.start = (x >> 28) == 0;
    top.valid = x >> 31;
    top.data[c % 32] = x;
    edge(1);
    edge(0);
    sum = sum * 31u + top.crc_reg;
#endif
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  top.final();
  std::printf("bench: sim=bare cycles=%lu seconds=%.6f cycles_per_s=%.0f checksum=%08x\n", cycles,
              s, (double)cycles / s, sum);
  return 0;
}

// The Verilator runtime is built with VL_USER_STOP/FATAL/FINISH for the harness;
// this program has no harness, so a design error simply aborts it.
void vl_stop(const char *file, int line, const char *) VL_MT_UNSAFE {
  std::fprintf(stderr, "$stop at %s:%d\n", file, line);
  std::abort();
}
void vl_fatal(const char *file, int line, const char *, const char *msg) VL_MT_UNSAFE {
  std::fprintf(stderr, "fatal at %s:%d: %s\n", file, line, msg);
  std::abort();
}
void vl_finish(const char *, int, const char *) VL_MT_UNSAFE {}
