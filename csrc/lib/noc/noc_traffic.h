/*
 * noc_traffic.h - traffic for a mesh of noc_routers (docs/noc/index.md "Traffic"): the
 * destination patterns of the NoC literature (uniform random, transpose, bit-complement,
 * tornado, neighbour, hotspot), Bernoulli packet injection of 1 .. N flits, a source per node
 * that obeys the local input's credits, a sink per node that returns credits (at a set rate, for
 * back-pressure), and a scoreboard that holds every packet until its tail: nothing lost,
 * duplicated, corrupted or misrouted, flits of a packet in order on one VC.
 *
 * The same calls drive the RTL and the model (the test feeds both the one input it builds), so
 * a run is the same on every simulator for a SEED.
 */
#ifndef LIB_NOC_TRAFFIC_H
#define LIB_NOC_TRAFFIC_H

#include <stdint.h>

#include "noc_mesh_model.h"
#include "prng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NOC_PAT_UNIFORM,   /* any other node, uniformly */
  NOC_PAT_TRANSPOSE, /* (x, y) -> (y, x) */
  NOC_PAT_BITCOMP,   /* (x, y) -> (XS-1-x, YS-1-y) */
  NOC_PAT_TORNADO,   /* each coordinate + ceil(k/2) - 1, mod k */
  NOC_PAT_NEIGHBOUR, /* each coordinate + 1, mod k */
  NOC_PAT_HOTSPOT,   /* a quarter of the packets to the centre node, the rest uniform */
  NOC_NPAT
} noc_pattern_t;

const char *noc_pattern_name(noc_pattern_t pat);
/* The destination of a packet from node src (prng for the random patterns). */
unsigned noc_pattern_dst(noc_pattern_t pat, unsigned xs, unsigned ys, unsigned src, prng_t *r);

typedef struct {
  noc_pattern_t pat;
  double rate;      /* offered load, flits per node per cycle (Bernoulli per packet) */
  unsigned max_len; /* packet lengths uniform in 1 .. max_len flits */
  double p_sink;    /* a sink frees one buffered flit per cycle with this probability */
  unsigned stop_at; /* no packet is generated from this cycle on (0: never stop) */
  unsigned q_cap;   /* a source generates nothing while this many packets wait (0: no cap;
                       saturation runs cap it so that the backlog stays bounded) */
  unsigned warmup;  /* packets generated before this cycle are not in the latency figures */
} noc_traffic_cfg_t;

/* Packet ids in flight: a head's payload is its id, so 2^PW of them (PW >= 16), at most 2^20. */
#define NOC_TR_MAX_IDS (1u << 20)
#define NOC_TR_QUEUE 4096u

typedef struct {
  unsigned src, dst, len, cls, live;
  uint64_t gen, inj; /* cycle generated, cycle its head entered the mesh */
} noc_tr_pkt_t;

typedef struct {
  unsigned q[NOC_TR_QUEUE]; /* ids waiting at the source */
  unsigned qh, qn;
  unsigned cur, cur_vc, cur_k, sending; /* the packet on the local link, flit k next */
  unsigned credits[NOC_MAX_V];
  /* sink */
  unsigned held[NOC_MAX_V];  /* flits the sink buffers, per VC */
  unsigned rx_id[NOC_MAX_V]; /* the packet arriving on each VC, flit rx_k next */
  unsigned rx_k[NOC_MAX_V], rx_on[NOC_MAX_V];
  unsigned rr;
} noc_tr_node_t;

typedef struct {
  noc_params_t p;
  noc_traffic_cfg_t c;
  prng_t rng;
  unsigned n;
  noc_tr_node_t node[NOC_MAX_N];
  noc_tr_pkt_t *pkt; /* ids entries */
  unsigned ids, next_id, live;
  uint64_t cycle;
  /* results */
  uint64_t gen_pkts, gen_flits, inj_flits, ej_flits, ej_pkts;
  uint64_t meas_pkts, meas_flits;                   /* delivered, generated after warmup */
  uint64_t lat_sum, lat_max, net_lat_sum, hops_sum; /* of those: generation to tail */
  uint64_t last_progress;                           /* last cycle a flit left the mesh */
  unsigned *lat_hist;                               /* latency histogram, 1-cycle bins */
  unsigned lat_bins;
  char err[256]; /* the first scoreboard failure */
} noc_traffic_t;

int noc_traffic_init(noc_traffic_t *t, const noc_params_t *p, const noc_traffic_cfg_t *c,
                     uint64_t seed);
void noc_traffic_free(noc_traffic_t *t);
/* One cycle: read the mesh's outputs of this cycle (ejected flits, credits), check them, and
 * write the mesh's inputs of this cycle (injected flits, credits back from the sinks).
 * Returns 0, or -1 with t->err set on the first scoreboard violation. */
int noc_traffic_cycle(noc_traffic_t *t, const noc_mout_t *o, noc_min_t *in);
/* Packets generated but not yet delivered (at the sources or in the mesh). */
unsigned noc_traffic_pending(const noc_traffic_t *t);
/* Latency percentile (0 .. 1) of the measured packets (generated after warmup), cycles. */
unsigned noc_traffic_lat_pct(const noc_traffic_t *t, double q);
/* Hops (routers passed minus one) from node a to node b on the mesh. */
unsigned noc_hops(const noc_params_t *p, unsigned a, unsigned b);

#ifdef __cplusplus
}
#endif
#endif
