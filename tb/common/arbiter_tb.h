/*
 * arbiter_tb.h - the arbiter tests shared by rr_arbiter and matrix_arbiter: the RTL in lockstep
 * with a cycle model on random requests, and the fairness order with every input requesting.
 */
#include "harness.h"
#include "prng.h"
#include "rr_arbiter_model.h"

#ifndef TB_ARBITER_TB_H
#define TB_ARBITER_TB_H

typedef void (*arb_comb_fn)(const void *m, const arb_in_t *in, arb_out_t *out);
typedef void (*arb_clock_fn)(void *m, const arb_in_t *in);

/* 5000 cycles of random requests (dense and sparse phases) on top, compared with the model m
 * every cycle; every requester must be served. */
void arb_random(prng_t *rng, const char *top, unsigned n, void *m, arb_comb_fn comb,
                arb_clock_fn clock);
/* Every input requesting: all n served in turn, each once per round (4 rounds). */
void arb_fairness(const char *top, unsigned n);

#endif
