/*
 * Golden vector replays of block sue (docs/vectors.md): the files csrc/gen/gen_sue.c writes
 * from the cycle-exact models with seed 1, played on the RTL of their tops. vectors_pfc: every
 * output of sue_pfc (paused, xoff, pfc_owed, tx_cev, tx_time) every cycle; vectors_gbn: every
 * output of sue_gbn (tx_conn outputs, receive verdicts, per-connection masks and replay slots,
 * timer expiries, the register view) every cycle.
 */
#include "harness.h"

HARNESS_TEST(vectors_pfc) { harness_play_vectors_glob("sue/pfc_*.vec"); }
HARNESS_TEST(vectors_gbn) { harness_play_vectors_glob("sue/gbn_*.vec"); }
