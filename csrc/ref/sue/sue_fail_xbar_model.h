/*
 * sue_fail_xbar_model.h - cross-port failover of a 2- or 4-port SUE instance (docs/sue/
 * sue_fail_xbar.md), a cycle model of rtl/sue/sue_fail_xbar.v: the one place its rules live.
 * tb/sue/sue_multi_tb.c holds the RTL to it every cycle.
 *
 * Transmit: endpoint e's frames take wire host[e] (want[e]): e while its link is up and the beat
 * it offers is not detoured (or FAILOVER is off, or no other wire is up, or its frames do not
 * carry its MAC: the AIFH formats), else the next wire up after e; host[e] changes only between e's
 * frames, when no wire holds e. An endpoint offers a first beat only where host[e] == want[e]. Each
 * wire carries a frame at a time, round-robin among the endpoints it carries (the pointer moves
 * past a frame at its last beat, or at its cut), and holds the endpoint from its first beat offered
 * to its last taken. A wire held by an endpoint that is to move (want != the wire) while the wire
 * is down cuts the frame: the beat on offer is taken (into the hold if the wire does not take it
 * now), the rest is taken and discarded (sink), and the wire ends the frame with the held beat and
 * then, unless that was the last, a terminator: 4 bytes, the complement of the FCS of the bytes the
 * wire sent of the frame, least significant byte first. A frame of an endpoint on another's wire
 * whose destination address is a group address (I/G bit, bit 0 of byte 0: PFC, CBFC) is taken from
 * the endpoint and not sent. Receive: a frame on wire w goes to endpoint e != w whose MAC is its
 * destination address (bytes 0 .. 5) and whose frames carry it, FAILOVER on, the lowest such e;
 * else to endpoint w. Each endpoint takes a frame at a time, round-robin among the wires that have
 * one for it.
 * Guest flow control: a guest's frame (endpoint e's on wire w != e) that takes flow control
 * (ep_tx_fc) of class c requests wire w only while bit c of endpoint w's fc_gblock is clear, and
 * when granted with no frame held on the wire spends endpoint w's CBFC credits (g_valid, g_cls,
 * g_bytes). away[e]: FAILOVER on, e's frames carry its MAC, its link down and another up.
 *
 * A cycle is sue_fxb_eval (the outputs of the cycle, combinational in the RTL, from its inputs)
 * then sue_fxb_commit (the registers at the edge).
 */
#ifndef REF_SUE_FAIL_XBAR_MODEL_H
#define REF_SUE_FAIL_XBAR_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_FXB_PMAX 4
#define SUE_FXB_BMAX 128 /* bytes of a beat, at most (ETH_W / 8) */
#define SUE_FXB_OWN (-2) /* tx_src: the wire's own beat (the held one, or the terminator) */

typedef struct {
  unsigned p;        /* wires and endpoints: 2 or 4 */
  unsigned failover; /* MCTRL.FAILOVER */
  unsigned link;     /* bit w: wire w's link (MSTATUS.LINK) */
  uint64_t mac[SUE_FXB_PMAX];
  unsigned mac_on; /* bit e: endpoint e's frames carry its MAC (the UDP header format) */
  /* the endpoints' transmit beats */
  unsigned ep_tx_valid, ep_tx_last, ep_tx_group; /* bit e; group: bit 0 of the beat's byte 0 */
  unsigned ep_tx_detour; /* bit e: its frame is detoured (sue_reach: another wire, if one is up) */
  unsigned ep_tx_fc;     /* bit e: its frame takes flow control, of class ep_tx_cls[e] */
  unsigned ep_tx_cls[SUE_FXB_PMAX], ep_tx_bytes[SUE_FXB_PMAX];
  unsigned fc_gblock[SUE_FXB_PMAX]; /* endpoint w: bit c, a guest's class c may not start on w */
  unsigned ep_tx_nbytes[SUE_FXB_PMAX];
  uint8_t ep_tx_data[SUE_FXB_PMAX][SUE_FXB_BMAX]; /* byte 0 first (the top of the beat) */
  unsigned eth_tx_ready;                          /* bit w */
  /* the wires' receive beats */
  unsigned eth_rx_valid, eth_rx_last; /* bit w */
  uint64_t rx_dst[SUE_FXB_PMAX];      /* bytes 0 .. 5 of wire w's beat, byte 0 the highest */
  unsigned ep_rx_ready;               /* bit e */
} sue_fxb_in_t;

typedef struct {
  int tx_src[SUE_FXB_PMAX]; /* the endpoint whose beat wire w shows, -1: none, SUE_FXB_OWN */
  unsigned eth_tx_valid;    /* bit w */
  unsigned own_nbytes[SUE_FXB_PMAX], own_last; /* wire w's own beat (tx_src SUE_FXB_OWN) */
  uint8_t own_data[SUE_FXB_PMAX][SUE_FXB_BMAX];
  unsigned ep_tx_ready;     /* bit e */
  int rx_src[SUE_FXB_PMAX]; /* the wire whose beat endpoint e is offered, -1: none */
  unsigned ep_rx_valid;     /* bit e */
  unsigned ep_rx_err; /* bit e: what it is offered is the error beat ending a cut-off frame (1 byte
                         of 0, last, user): rx_src[e] is then -1 */
  unsigned ep_rx_via; /* bit e: the wire of what it is offered is not its own */
  unsigned away;      /* bit e: its frames go on another wire (fc_away) */
  unsigned g_valid;   /* bit w: a guest's frame granted on wire w spends endpoint w's credits */
  unsigned g_cls[SUE_FXB_PMAX], g_bytes[SUE_FXB_PMAX];
  unsigned eth_rx_ready;              /* bit w */
  unsigned carried, dropped, steered; /* frames this cycle (first beats taken) */
  unsigned cut;                       /* frames cut this cycle (to end with a terminator) */
  unsigned rx_cut; /* frames into an endpoint cut off by a dead wire this cycle */
} sue_fxb_out_t;

typedef struct {
  unsigned host[SUE_FXB_PMAX], tx_inf; /* endpoint e's wire; bit e: inside a frame */
  unsigned sink;                       /* bit e: its frame was cut, its beats are discarded */
  unsigned tx_own_v, tx_drop;          /* bit w: wire w holds an endpoint (its frame dropped) */
  unsigned tx_own[SUE_FXB_PMAX], tx_ptr[SUE_FXB_PMAX];
  unsigned tx_mid;                /* bit w: wire w sent a beat of its frame, not the last */
  uint32_t fcs_reg[SUE_FXB_PMAX]; /* wire w's CRC register over those bytes (non-reflected) */
  unsigned cut, hold_v, hold_l;   /* bit w: ending a cut frame; the held beat to send */
  unsigned hold_n[SUE_FXB_PMAX];
  uint8_t hold[SUE_FXB_PMAX][SUE_FXB_BMAX];
  unsigned rx_inf, rx_tgt[SUE_FXB_PMAX]; /* bit w: wire w inside a frame, for rx_tgt[w] */
  unsigned rx_own_v, rx_own[SUE_FXB_PMAX], rx_ptr[SUE_FXB_PMAX]; /* bit e: held to a wire */
  unsigned rx_cut; /* bit e: cut off from its frame's wire, offered the error beat */
  /* eval's intermediate results, for commit */
  unsigned want[SUE_FXB_PMAX], tgt[SUE_FXB_PMAX], tx_acc, rx_acc, drop_now, cut_now, own_nx;
  unsigned rx_cut_now, rx_offer;
  sue_fxb_out_t o;
  unsigned n_carried, n_dropped, n_steered, n_cut, n_rx_cut; /* frames, as the counters */
} sue_fxb_t;

void sue_fxb_init(sue_fxb_t *x, unsigned p);
void sue_fxb_eval(sue_fxb_t *x, const sue_fxb_in_t *in, sue_fxb_out_t *out);
void sue_fxb_commit(sue_fxb_t *x, const sue_fxb_in_t *in);
/* ep_away of the cycle (sue_fxb_out_t.away), from in->p, failover, mac_on and link alone: what
 * the endpoints' decisions of the cycle see, before the crossbar's eval. */
unsigned sue_fxb_away(const sue_fxb_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
