/*
 * Golden vector replays of block scoc (docs/vectors.md): the files csrc/gen/gen_scoc.c writes
 * from the cycle-exact models with seed 1, played on the RTL of their tops. vectors_sched: every
 * registered output of scoc_sched every cycle; vectors_switch: the link outputs, drop counters
 * and the scheduler's gnt_valid / acc_valid of scoc_switch.
 */
#include "harness.h"

HARNESS_TEST(vectors_sched) { harness_play_vectors_glob("scoc/sched_*.vec"); }
HARNESS_TEST(vectors_switch) { harness_play_vectors_glob("scoc/sw_*.vec"); }
