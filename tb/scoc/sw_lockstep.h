/*
 * sw_lockstep.h - the lockstep run shared by the switch tests (scoc_switch, islip_switch): a
 * switch top and its cycle-exact model see the same random link traffic; every cycle the link
 * outputs are compared (sw_compare_links) and a test-supplied hook compares the rest (the
 * scheduler's ports, the drop counters). The traffic has what a lockstep test needs and the
 * benchmark library (csrc/ref/sw_traffic) does not: bad packets (longer than 2^LW - 1 words, or
 * to an output >= N), input gaps and random out_ready. A scoreboard checks every delivered word:
 * every good packet once, in order per connection, intact; bad packets never delivered.
 */
#ifndef TB_SW_LOCKSTEP_H
#define TB_SW_LOCKSTEP_H

#include "prng.h"
#include "sw_rtl.h"

typedef struct {
  double load;   /* probability that an idle input starts a packet in a cycle */
  double bad;    /* fraction of bad packets (too long, or dst >= N where N is not 2^k) */
  double ready;  /* probability of out_ready per output per cycle */
  double gap;    /* probability that an input holds a new word back for a cycle */
  unsigned hot;  /* > 0: destinations only in [0, hot) */
  unsigned stop; /* 1: no new packets (drain) */
} swl_traffic_t;

typedef struct { /* the packet an input link is offering */
  unsigned active, dst, len, idx, seq;
  unsigned held; /* its word was offered and not taken: it stays offered (valid/ready) */
} swl_offer_t;

#define SWL_MAX_N 256u /* ports of an RTL top in lockstep (the tops of tb/scoc: 64 at most) */

typedef void (*swl_hook_fn)(void *ctx); /* compares what the links do not show */

typedef struct {
  sw_rtl_t rtl;
  sw_ops_t model;
  swl_hook_fn compare;
  void *ctx;
  const char *top;
  prng_t rng;
  unsigned n, pmax, dw;
  swl_offer_t src[SWL_MAX_N];
  uint16_t seq_tx[SWL_MAX_N][SWL_MAX_N], seq_rx[SWL_MAX_N][SWL_MAX_N];
  unsigned rx_src[SWL_MAX_N], rx_seq[SWL_MAX_N], rx_len[SWL_MAX_N], rx_idx[SWL_MAX_N];
  uint64_t good_tx, good_rx, bad_len_tx, bad_dst_tx, words_rx, cycle;
} swl_t;

/* Opens top (n ports, LW, DW) beside the model (already reset); compare runs every cycle. */
void swl_open(swl_t *s, const char *top, unsigned n, unsigned lw, unsigned dw, sw_ops_t model,
              swl_hook_fn compare, void *ctx, uint64_t salt);
void swl_close(swl_t *s);
/* One cycle: outputs compared, links react, both clock. */
void swl_cycle(swl_t *s, const swl_traffic_t *t);
/* The standard run: light load with gaps, full load with slow outputs, a hotspot that fills the
 * output buffers, bad packets throughout (`phase` cycles each), then a drain; checks that traffic
 * flowed and every good packet arrived. */
void swl_run(swl_t *s, unsigned long long phase);
/* Every bad packet dropped and counted: the model's counters against what was sent. */
void swl_check_drops(swl_t *s, uint64_t err_len, uint64_t err_dst);

#endif
