/*
 * ape_traffic.h - traffic, sinks and scoreboard for the ExaNet torus (docs/noc/ape_router.md):
 * Bernoulli sources at the local ports sending packets of min_len .. max_len payload words to the
 * destinations of a noc_traffic pattern, within their credits (a packet starts only when all of
 * it fits, as the router's cut-through does), with random gaps inside a packet; sinks that take
 * words into a buffer of D per VC and free them at random; and a scoreboard that holds every
 * packet to be delivered once, at its node and local port, word for word as it was sent.
 * Used by tb/noc/test_ape_torus.c (RTL in lockstep) and the bench (model alone).
 */
#ifndef LIB_NOC_APE_TRAFFIC_H
#define LIB_NOC_APE_TRAFFIC_H

#include <stdint.h>

#include "ape_torus_model.h"
#include "noc_traffic.h"
#include "prng.h"

typedef struct {
  noc_pattern_t pat;
  double rate;      /* offered words (header, payload, footer) per source per cycle */
  unsigned min_len; /* payload words of a packet: min_len .. max_len */
  unsigned max_len;
  double p_gap;        /* a source idles inside a packet with this probability a cycle */
  double p_sink;       /* a sink frees a word of each VC it holds with this probability */
  unsigned stop_at;    /* no packet is generated from this cycle on */
  unsigned q_cap;      /* packets waiting per source (0: 64) */
  unsigned warmup;     /* packets generated before this cycle are not measured */
  unsigned src_mask;   /* local ports that send (bit l; 0: all) */
  int fixed_node;      /* >= 0: every packet goes to this node ... */
  unsigned fixed_port; /* ... and local port (instead of the pattern) */
  unsigned links;      /* 1: APElinks join the routers (ape_torus LINK 1, 2): a packet that
                          crossed one has the last link's ECC byte in its header and the CRC-32
                          of its payload in its footer's [31:0], [32] as sent (apelink.md) */
} ape_traffic_cfg_t;

typedef struct {
  uint32_t id;
  unsigned src, dst, port, len, vc;
  uint64_t t_gen, t_inj;
} ape_tr_pkt_t;

typedef struct {
  ape_tr_pkt_t *q; /* waiting, the front being sent */
  unsigned qh, qn;
  unsigned sending, k; /* k: words of the front packet sent */
  unsigned cred[2];
} ape_tr_src_t;

typedef struct {
  unsigned busy[2], rem[2]; /* a packet being received on the VC, words to come */
  uint32_t id[2];
  unsigned k[2];
  unsigned held[2]; /* words in the sink's buffer */
} ape_tr_sink_t;

typedef struct {
  ape_params_t p;
  ape_traffic_cfg_t c;
  prng_t rng;
  unsigned n, nl; /* nodes, local ports */
  ape_tr_src_t *src;
  ape_tr_sink_t *snk;
  ape_tr_pkt_t *pk; /* by id */
  uint8_t *done;
  unsigned pk_cap;
  uint64_t cycle, last_progress;
  uint64_t gen_pkts, gen_words, ej_pkts, ej_words, ej_payload;
  uint64_t pay_at_warm, pay_at_stop; /* ej_payload at cycles warmup and stop_at */
  uint64_t meas_pkts, lat_sum, net_lat_sum, lat_max, hops_sum;
  uint32_t *lat_hist; /* latency histogram, 0 .. APE_TR_LAT_MAX - 1 */
  char err[256];
} ape_traffic_t;

#define APE_TR_LAT_MAX 8192u

int ape_traffic_init(ape_traffic_t *t, const ape_params_t *p, const ape_traffic_cfg_t *c,
                     uint64_t seed);
void ape_traffic_free(ape_traffic_t *t);
/* One cycle: reads the torus's outputs o (this cycle's registers), checks every ejected word,
 * and writes the torus's inputs in. Returns -1 with t->err set on a scoreboard violation. */
int ape_traffic_cycle(ape_traffic_t *t, const ape_tout_t *o, ape_tin_t *in);
unsigned ape_traffic_pending(const ape_traffic_t *t); /* packets generated, not delivered */
unsigned ape_traffic_lat_pct(const ape_traffic_t *t, double q);
/* Minimal hops on the torus between nodes a and b. */
unsigned ape_hops(const ape_params_t *p, unsigned a, unsigned b);
/* The words of packet id (header with its fields, payload i, footer), as a source sends them. */
void ape_tr_word(const ape_params_t *p, const ape_tr_pkt_t *k, unsigned i, ape_word_t *w);

#endif
