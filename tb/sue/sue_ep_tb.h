/*
 * sue_ep_tb.h - the two-endpoint harness around the RTL top sue_endpoint
 * (docs/sue/sue_endpoint.md), shared by the tests (tb/sue/test_sue_endpoint.c) and the benchmarks
 * (tb/sue/bench_sue.c): two sue_endpoint instances back to back through the test channel of
 * csrc/ref/sue_chan, each XPU honouring both credit kinds, each endpoint in lockstep with its own
 * model (csrc/ref/sue/sue_endpoint_model.c), a scoreboard per {source, VC}, configuration over
 * AXI4-Lite. test_sue_endpoint_model.c describes the lockstep order of a cycle.
 */
#ifndef TB_SUE_EP_TB_H
#define TB_SUE_EP_TB_H

#include <stddef.h>
#include <stdint.h>

#include "axil_master.h"
#include "harness.h"
#include "sue_chan.h"
#include "sue_ep_lockstep.h"
#include "sue_pcap.h"

typedef struct {
  const char *top;
  unsigned data_w, eth_w, ndst, align, pdu_max, q_bytes, win, psn_per_vc, ing_cmd, ing_data,
      rx_bytes; /* as tops.txt */
} ep_case_t;

#define XA 0x15u /* XPU ids of the two endpoints */
#define XB 0x2Au
#define PEER_SLOT 1u

typedef struct side side_t;
typedef struct ep ep_t;

/* Events a bench observes (ep_opts_t.hook), each in the cycle e->t it happens in:
 *   EP_EV_XPU_TX_LAST   the last beat of command c is on tx_* (side s sends it)
 *   EP_EV_DECIDE        side s decides a frame of kind `kind` (tx_decide, tx_kind)
 *   EP_EV_ETH_TX_FIRST  the first beat of a frame is taken on eth_tx (valid and ready)
 *   EP_EV_ETH_TX_FRAME  the last beat of a frame of len bytes (FCS included) of kind `kind`
 *                       is taken on eth_tx
 *   EP_EV_ETH_RX_LAST   the last beat of a frame of len bytes is taken on eth_rx
 *   EP_EV_VERDICT       the verdict of a received frame of len bytes (rx_verdict)
 *   EP_EV_XPU_RX_FIRST  beat 0 of command c (from the peer) is on rx_* */
enum {
  EP_EV_XPU_TX_LAST,
  EP_EV_DECIDE,
  EP_EV_ETH_TX_FIRST,
  EP_EV_ETH_TX_FRAME,
  EP_EV_ETH_RX_LAST,
  EP_EV_VERDICT,
  EP_EV_XPU_RX_FIRST
};
typedef void (*ep_hook_fn)(ep_t *e, const side_t *s, unsigned ev, const sue_cmd_t *c, size_t len,
                           unsigned kind);
/* A command generator instead of the random one: fills c (vc, xpuid, send_now too) and
 * returns 1, or returns 0 to send nothing this cycle. A command the credits refuse is asked
 * for again. */
typedef int (*ep_gen_fn)(ep_t *e, side_t *s, sue_cmd_t *c);

typedef struct {
  double p_cmd, p_nodata, p_sn, p_gap, p_grant, p_txr;
  unsigned cmds, rx_credits, fmt, ctrl_extra;
  double loss, flip, flip_pdu;
  unsigned lat, jitter;
  uint32_t retx_timeout, ack_delay, pack_timeout, pfc_time, pfc_refresh, pfc_xoff, pfc_xon;
  uint64_t max_cycles;
  /* benches (all zero in the tests): */
  ep_gen_fn gen;    /* commands; NULL: random, as the tests */
  ep_hook_fn hook;  /* events; NULL: none */
  void *ctx;        /* for gen and hook */
  unsigned one_way; /* endpoint 1 sends no commands */
  unsigned mac_bpc; /* eth_tx paced as a MAC of mac_bpc bytes a cycle that adds
                       SUE_WIRE_EXTRA bytes (preamble, SFD, gap) a frame; 0: p_txr */
  /* registers of side i written when not 0 (else left at reset) */
  uint32_t vlan[2], pfc_map[2];
  uint32_t cbfc_cfg, cbfc_oui; /* CBFC_CFG, CBFC_OUI of both sides */
} ep_opts_t;

struct side {
  dut_t *d;
  sue_ls_t ls; /* the endpoint's model in lockstep (csrc/lib/sue/sue_ep_lockstep.h) */
  unsigned id, peer;
  side_t *other;
  port_t tx_valid, tx_cycle, tx_vc, tx_xpuid, tx_control, tx_send_now, tx_data, tx_err;
  port_t tx_credit, qc_valid, qc_xpuid, qc_vc, qc_units, tx_reset_in;
  port_t rx_valid, rx_cycle, rx_vc, rx_xpuid, rx_control, rx_data, rx_credit, rx_reset_in;
  port_t etv, etr, etd, etn, etl, etdet, erv, err, erd, ern, erl, eru, evia;
  port_t etfc, etcls, etbytes, fc_away, fc_gblock, g_valid, g_cls, g_bytes; /* guest flow control */
  port_t tx_decide, tx_kind, rx_verdict, link_up, irq, backlog, q_xpuid, q_unreach;
  unsigned link;        /* link_up driven (1 from the start; a test may take it down) */
  unsigned qx;          /* q_xpuid driven this cycle */
  uint64_t n_q_unreach; /* cycles q_unreach was 1 */
  /* XPU transmit */
  unsigned to_send; /* commands to send */
  int busy;
  sue_cmd_t cur;
  unsigned beats, beat, sent;
  int icred[SUE_NVC][2], qunits[SUE_NVC];
  sue_stream_t out[SUE_NVC];
  unsigned txn;      /* bytes of the frame coming out of the RTL */
  uint64_t wire_end; /* mac_bpc: byte time (cycle x mac_bpc) the wire is busy to */
  /* receive: the frame being fed */
  uint8_t *feed;
  size_t feed_len, feed_off;
  int feeding;
  /* XPU receive */
  int rx_busy;
  sue_cmd_t rxc;
  unsigned rx_beats, rx_beat, rx_type, received;
  unsigned owed[SUE_NVC][2]; /* credits the XPU has yet to grant */
  axil_master_t ax;          /* its registers */
  sue_pcap_t pcap;
  int pcap_on;
  uint8_t *pcap_vc; /* RH VC of each captured frame, 0xFF for PFC, 0xFE management (pcap_n) */
  unsigned pcap_n;
};

struct ep {
  const ep_case_t *k;
  ep_opts_t o;
  side_t s[2];
  sue_chan_t ch[2]; /* ch[i]: frames from side i */
  prng_t r;
  uint64_t t;
  unsigned nb, eb;
};

/* Opens the two endpoints of top (a case of tops.txt: sue_endpoint_w256, sue_endpoint_w1024_vc),
 * resets them and writes their registers over AXI4-Lite; salt varies the seeds. */
void ep_open(ep_t *e, const char *top, const ep_opts_t *o, uint64_t salt);
/* Runs the traffic to the end, then checks completeness, every counter and the link and
 * reachability registers (INTR, STATUS.LINK_UP, UNREACH0/1) against the model. */
void ep_run(ep_t *e);
void ep_close(ep_t *e);
/* One cycle of both endpoints; traffic = 0: no new commands. */
void ep_cycle(ep_t *e, int traffic);
/* Nothing in flight anywhere: commands, frames, deliveries, AXI, unacknowledged PDUs. */
int ep_idle(const ep_t *e);
/* Queues an AXI4-Lite access of side s (result: where a read goes). */
void ep_axi(side_t *s, int write, uint32_t addr, uint32_t data, uint32_t *result);
/* The tests' options: random traffic of every command class, a clean 40-cycle channel. */
ep_opts_t ep_default_opts(void);

#endif
