// vl_user.cpp - what Verilator calls on $stop, $fatal (failed assertions) and
// $finish when its runtime is built with VL_USER_STOP / VL_USER_FATAL /
// VL_USER_FINISH (scripts/build.mk): instead of aborting the process, the
// design error is handed to the harness and the running test fails with it.
// Linked into the Verilator and the SystemC programs.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "backend.h"
#include "verilated.h"
#include "vl_user.h"

// Every Verilated model is built with --x-assign unique --x-initial unique (scripts/build.mk):
// a flop without a reset, an undriven net and an X assignment start from a random value rather
// than a friendly zero, as Icarus starts them at X. The values come from the context's random
// seed, derived from SEED so that a failure reproduces from its reproduction line, and a
// regression over seeds varies them. +verilator+seed+N and +verilator+rand+reset+N on the
// command line still override (commandArgs comes last).
void harness_vl_random_init(VerilatedContext *ctx, int argc, char **argv) {
  unsigned long long seed = 1;
  for (int i = 1; i < argc; i++)
    if (std::strncmp(argv[i], "+seed=", 6) == 0)
      seed = std::strtoull(argv[i] + 6, nullptr, 10);
  // splitmix64 finalizer: neighbouring SEEDs give unrelated states; Verilator's seed is a
  // positive int, and 0 would mean "pick one at random", which no run may do
  unsigned long long z = seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  int vseed = static_cast<int>(z & 0x7ffffffeull) + 1;
  ctx->randReset(2);
  ctx->randSeed(vseed);
  ctx->commandArgs(argc, argv);
  std::printf("verilator: random initial state, seed %d (from SEED %llu)\n", ctx->randSeed(), seed);
}

void vl_stop(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE {
  char msg[512];
  std::snprintf(msg, sizeof msg, "$stop/$fatal at %s:%d (%s)", filename, linenum, hier);
  harness_design_error(msg);
}

void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE {
  char buf[768];
  std::snprintf(buf, sizeof buf, "fatal at %s:%d (%s): %s", filename, linenum, hier, msg);
  harness_design_error(buf);
}

void vl_finish(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE {
  (void)hier;
  char msg[512];
  std::snprintf(msg, sizeof msg, "$finish at %s:%d", filename, linenum);
  harness_design_error(msg);
}
