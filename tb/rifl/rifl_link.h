/*
 * rifl_link.h - two RIFL endpoints back to back through a channel model, for
 * the tests and benchmarks of block rifl (docs/rifl/index.md "Link harness").
 *
 * Each direction of each lane is a csrc/lib/rifl rifl_chan_t (bit offset of the
 * serial stream, bit errors at a BER from a seed) followed by a delay line of
 * latency + skew[lane] words. The endpoints are two instances of one top of
 * either kind:
 *   RIFL_EP_CORE  rifl_lane_core: user side in payload frames (u_*, r_*),
 *   RIFL_EP_AXIS  rifl_lane / rifl_bond: AXI4-Stream (s_axis_*, m_axis_*).
 * Side 1 may instead be the C model of the published procedure
 * (csrc/ref/rifl/rifl_published.h, cfg.peer), with the same user-side ports as
 * rifl_lane_core: the interoperability tests put our RTL beside it.
 * Each endpoint sends numbered packets of random length (content derived from
 * the seed, the side and the packet number) and scores what it receives
 * against what the other side sent: packets intact, lost, duplicated or
 * reordered, corrupted, and aborted (closed by a link restart), in bytes.
 * Everything here is plain C on the harness API: the same on every simulator.
 */
#ifndef TB_RIFL_LINK_H
#define TB_RIFL_LINK_H

#include <stdint.h>

#include "harness.h"
#include "prng.h"
#include "rifl_channel.h"
#include "rifl_published.h"

#define RIFL_LINK_MAX_LANES 4u
#define RIFL_LINK_MAX_DELAY 4096u
#define RIFL_LINK_MAX_PKT 8192u

enum { RIFL_EP_CORE = 0, RIFL_EP_AXIS = 1 };

/* Side 1: an instance of cfg.top, or the published-procedure model (RIFL_EP_CORE, one lane);
 * _FIXED gives the model's receiver the receive-side fix of the caught-up hazard. */
enum { RIFL_PEER_RTL = 0, RIFL_PEER_PUBLISHED = 1, RIFL_PEER_PUBLISHED_FIXED = 2 };

typedef struct {
  const char *top;                         /* both endpoints */
  int kind;                                /* RIFL_EP_CORE or RIFL_EP_AXIS */
  unsigned fw;                             /* frame width */
  unsigned lanes;                          /* 1 .. 4 */
  unsigned latency;                        /* channel latency in words (cycles), both directions */
  unsigned skew[2][RIFL_LINK_MAX_LANES];   /* extra words per lane, direction 0 = A->B */
  unsigned offset[2][RIFL_LINK_MAX_LANES]; /* serial bit offset per lane */
  double ber[2];                           /* per direction */
  uint64_t seed;
  int peer;              /* RIFL_PEER_*: what side 1 is */
  unsigned fidw;         /* published model: FIDW (0: 8) */
  unsigned lock, unlock; /* published model: its aligner (0: the defaults) */
  unsigned fc_depth;     /* published model: receive buffer (0: 64) */
} rifl_link_cfg_t;

typedef struct {
  uint64_t pkts, bytes;                 /* delivered intact */
  uint64_t lost_pkts, lost_bytes;       /* never delivered, later ones were */
  uint64_t dup_pkts, dup_bytes;         /* delivered again, or out of order */
  uint64_t corrupt_pkts, corrupt_bytes; /* delivered with wrong content or length */
  uint64_t abort_pkts, abort_bytes;     /* closed by a link restart (a correct prefix) */
  uint64_t first_cycle, last_cycle;     /* cycles of the first and last byte delivered */
  uint64_t first_end, last_end; /* cycles of the last beats of the first and last intact packets */
  uint32_t *lat;                /* per intact packet: first beat in to first beat out, cycles */
  uint64_t nlat, lat_cap;
} rifl_score_t;

typedef struct {
  /* traffic source */
  uint64_t to_send;          /* packets still to start */
  unsigned len_min, len_max; /* bytes */
  double gap;                /* probability of no offer in a cycle */
  double sink_stall;         /* probability the sink is not ready in a cycle */
  uint64_t sent;             /* packets started */
  uint32_t *len;             /* length of packet n (grows) */
  uint64_t *t0;              /* cycle of the handshake of packet n's first beat (or frame) */
  uint64_t len_cap;
  unsigned pos; /* bytes of the current packet offered */
  int busy;     /* a packet is being offered */
  /* sink */
  uint8_t *rx; /* bytes of the packet being received */
  unsigned rx_n;
  uint64_t rx_first; /* cycle of its first beat */
  uint64_t expect;   /* next expected packet number from the peer */
  rifl_score_t score;
  uint64_t first_beat_cycle; /* cycle of the first beat ever received */
} rifl_traffic_t;

typedef struct {
  rifl_link_cfg_t cfg;
  dut_t *d[2]; /* d[1] is NULL when side 1 is the published model */
  rifl_pub_t *pub;
  rifl_lane_in_t pin; /* the model's inputs */
  uint32_t pin_data[RIFL_FRAME_WORDS_MAX];
  int prst; /* the model's rst_n */
  port_t rst[2], gtx[2], grv[2], grx[2];
  /* user-side ports */
  port_t tv[2], tr[2], tm[2], td[2], tk[2], tl[2];        /* u_* / s_axis_* */
  port_t rv[2], rr[2], rm[2], rd[2], rk[2], rl[2], ra[2]; /* r_* / m_axis_* */
  unsigned dw;                                            /* AXIS data width */
  rifl_chan_t ch[2][RIFL_LINK_MAX_LANES];
  uint64_t *line[2][RIFL_LINK_MAX_LANES]; /* delay lines */
  unsigned dly[2][RIFL_LINK_MAX_LANES];
  uint64_t wpos;
  int in_reset[2];
  rifl_traffic_t tr_[2];
  struct {
    uint64_t cycle; /* transmit cycle */
    uint64_t mask;  /* XORed into the word */
    int dir;        /* 0: A->B */
    unsigned lane;
  } flip[16];
  unsigned nflip;
  uint64_t cut_until[2][RIFL_LINK_MAX_LANES]; /* rifl_link_cut: zeros on the line before */
  prng_t rng;
  uint64_t cycle;
} rifl_link_t;

void rifl_link_open(rifl_link_t *l, const rifl_link_cfg_t *cfg);
void rifl_link_close(rifl_link_t *l);
/* One cycle: user traffic on both sides, words across the channels, one edge each. */
void rifl_link_step(rifl_link_t *l);
void rifl_link_run(rifl_link_t *l, uint64_t cycles);
/* Holds endpoint side's rst_n low (1) or releases it (0). */
void rifl_link_hold_reset(rifl_link_t *l, int side, int on);
/* Steps until both endpoints report link_up (fails after max cycles); returns cycles. */
uint64_t rifl_link_wait_up(rifl_link_t *l, uint64_t max);
/* Queues packets on side: count packets of len_min .. len_max bytes. */
void rifl_link_send(rifl_link_t *l, int side, uint64_t count, unsigned len_min, unsigned len_max);
/* Offer gaps at the source and stalls at the sink of side (probabilities). */
void rifl_link_pace(rifl_link_t *l, int side, double gap, double sink_stall);
/* Steps until every queued packet was delivered both ways, or max cycles. 1 if done. */
int rifl_link_drain(rifl_link_t *l, uint64_t max);
/* Flips the bits of mask in the word direction dir sends on lane `lane` `delay` cycles from
 * now (delay 0: the word sent in the next rifl_link_step), before the channel model. */
void rifl_link_flip(rifl_link_t *l, int dir, unsigned lane, unsigned delay, uint64_t mask);
/* Cuts lane `lane` of direction dir for the next `cycles` words: the line carries zeros (an
 * illegal sync header in every frame), so that lane's receiver loses alignment. */
void rifl_link_cut(rifl_link_t *l, int dir, unsigned lane, uint64_t cycles);
const rifl_score_t *rifl_link_score(const rifl_link_t *l, int side); /* what side received */
/* An output of side's top by name (the published model: the rifl_lane_core status ports). */
uint64_t rifl_link_get(rifl_link_t *l, int side, const char *port);
/* Checks that side received exactly what the other sent: nothing lost, duplicated,
 * reordered, corrupted or aborted, and at least min_pkts packets. */
void rifl_link_check_clean(const rifl_link_t *l, int side, uint64_t min_pkts);
void rifl_link_log_score(const rifl_link_t *l, int side);

#endif
