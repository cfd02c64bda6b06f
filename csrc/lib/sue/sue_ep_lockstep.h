/*
 * sue_ep_lockstep.h - one SUE endpoint model (csrc/ref/sue/sue_endpoint_model.h) held in
 * lockstep with one RTL sue_endpoint from what the RTL shows at its ports, cycle by cycle. The
 * two-endpoint harness (tb/sue/sue_ep_tb.c) and the fabric's (tb/fabric/fabric_tb.c, an endpoint
 * per XPU) both use it, so an endpoint is held to its model the same way alone and in a fabric.
 *
 * The model follows the RTL's decisions (the moment the port asks for a frame, tx_decide; the
 * moment a received frame is judged, rx_verdict; the VC a delivery starts on) and is checked on
 * everything else: the kind of each decision, every frame the RTL sends byte for byte, that each
 * delivery is the command the model holds at the head of that VC, that no ingress credit is
 * returned before the model returns it, and in the end every counter.
 *
 * A cycle, in this order, on the values the RTL shows before the clock edge:
 *   sue_ls_backlog  (tx_backlog: the pack queues' bytes before the cycle)
 *   sue_ls_begin    (the model's own time: timers, PFC; the XPU's commands due this cycle)
 *   sue_ls_guest_fc (fc_away, fc_gblock: a multi-port instance's failover)
 *   sue_ls_decide   (tx_decide, tx_kind), sue_ls_guest_spend (g_valid)
 *   sue_ls_verdict  (rx_verdict)
 *   sue_ls_deliver  (the first beat of a delivery on rx_*)
 *   sue_ls_rx_credit, sue_ls_credits  (credits given by the XPU; returned to it)
 *   sue_ls_eth_tx, sue_ls_eth_rx      (a beat taken on the Ethernet port, each way)
 *   sue_ls_link     (the link_up input), sue_ls_reg_write (a write completing), sue_ls_irq
 * and sue_ls_cmd whenever the last beat of a command is on tx_*. Functions that compare return
 * the number of comparisons made (>= 0), or -1 with ls->msg saying what differs.
 */
#ifndef LIB_SUE_EP_LOCKSTEP_H
#define LIB_SUE_EP_LOCKSTEP_H

#include <stddef.h>
#include <stdint.h>

#include "sue_endpoint_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_LS_NEV 8u /* commands the XPU may finish before the model takes them */

#define SUE_LS_NKIND                                                                               \
  7u /* tx_kind: 0 none, 1 PFC, 2 replay, 3 NACK, 4 ACK, 5 new PDU, 6 management */

typedef struct {
  uint8_t *buf;
  size_t len;
  unsigned kind; /* sue_ls_decide's kind: 1 PFC, 2 replay, 3 NACK, 4 ACK, 5 new PDU, 6 management */
  unsigned tag;  /* a frame out: its tags (sue_ls_tag); in: it came via another wire */
} sue_ls_frame_t;

typedef struct { /* a FIFO of frames */
  sue_ls_frame_t *q;
  size_t n, cap, rd;
} sue_ls_fq_t;

typedef struct {
  sue_ep_t m; /* the model: its counters (m.cnt) and configuration (m.cfg) */
  unsigned id;
  struct {
    uint64_t t;
    sue_cmd_t c;
  } ev[SUE_LS_NEV]; /* commands the XPU finished, for the model in cycle t */
  unsigned ev_rd, ev_n;
  sue_ls_fq_t exp;    /* frames the model decided, not yet out of the RTL */
  uint8_t *txb, *rxb; /* the frame coming out of the RTL, the one going in */
  size_t txn, rxn;
  sue_ls_fq_t fed;   /* frames the RTL took in, awaiting its verdict */
  sue_ls_frame_t tx; /* the last frame out (sue_ls_eth_tx) */
  uint8_t *scratch;
  uint64_t r_cred[SUE_NVC][2], m_cred[SUE_NVC][2]; /* ingress credits returned: RTL, model */
  unsigned frames, kinds[SUE_LS_NKIND];            /* frames out, by kind */
  char msg[256];
} sue_ls_t;

extern const char *const sue_ls_kind_name[SUE_LS_NKIND];

/* The model of parameters p at reset; id names the endpoint in messages. -1: bad parameters. */
int sue_ls_init(sue_ls_t *ls, const sue_params_t *p, unsigned id);
void sue_ls_free(sue_ls_t *ls);
/* A register write that completed (endpoint-relative address). */
void sue_ls_reg_write(sue_ls_t *ls, uint32_t addr, uint32_t data);
/* The last beat of command c is on tx_* in cycle t (the RTL takes it at the edge; the model in
 * cycle t + 1). -1 when SUE_LS_NEV are already waiting. */
int sue_ls_cmd(sue_ls_t *ls, uint64_t t, const sue_cmd_t *c);
/* tx_backlog as the RTL shows it in cycle t, before sue_ls_begin(t): the packed bytes in the
 * pack queues as the cycles before t left them (sue_ep_tx_backlog). */
int sue_ls_backlog(sue_ls_t *ls, uint64_t t, unsigned backlog);
/* The start of cycle t. -1 when the model refuses a command the RTL took. */
int sue_ls_begin(sue_ls_t *ls, uint64_t t);
/* tx_decide and tx_kind of cycle t: the model decides too; *len is its frame's length (0: none). */
int sue_ls_decide(sue_ls_t *ls, uint64_t t, unsigned decide, unsigned kind, size_t *len);
/* rx_verdict of cycle t: the model judges the oldest frame the RTL took in. */
int sue_ls_verdict(sue_ls_t *ls, uint64_t t, unsigned verdict);
/* The first beat of a delivery on VC vc in cycle t: *c is the model's command (with a credit). */
int sue_ls_deliver(sue_ls_t *ls, uint64_t t, unsigned vc, sue_cmd_t *c);
/* The XPU gives n receive credits of {vc, type}. */
void sue_ls_rx_credit(sue_ls_t *ls, unsigned vc, unsigned type, unsigned n);
/* The RTL returns n ingress credits of {vc, type} in this cycle (n = 0: none). */
int sue_ls_credits(sue_ls_t *ls, unsigned vc, unsigned type, unsigned n);
/* A frame's tags as one number: eth_tx_detour, eth_tx_fc, and when fc its eth_tx_cls and
 * eth_tx_bytes (what a frame that takes no flow control carries there is not compared). */
unsigned sue_ls_tag(unsigned detour, unsigned fc, unsigned cls, unsigned bytes);
/* A beat taken on eth_tx in cycle t: its n bytes, its tags (sue_ls_tag; -1: not compared), which
 * must be the model's for the frame; at the last one the frame must be the model's next (then
 * *done points at it until the next call, else it is NULL). */
int sue_ls_eth_tx(sue_ls_t *ls, uint64_t t, const uint8_t *b, unsigned n, int last, long tag,
                  const sue_ls_frame_t **done);
/* A beat taken on eth_rx in cycle t: its n bytes, user (a MAC error) and via (eth_rx_via: over
 * another port's wire) on the last one. */
int sue_ls_eth_rx(sue_ls_t *ls, uint64_t t, const uint8_t *b, unsigned n, int last, int user,
                  unsigned via);
/* The link_up input the RTL has in cycle t. */
void sue_ls_link(sue_ls_t *ls, uint64_t t, unsigned up);
/* Guest flow control (a multi-port instance's failover), before sue_ls_decide of cycle t: the
 * fc_away input the RTL has in cycle t, and its fc_gblock output, which must be the model's. */
int sue_ls_guest_fc(sue_ls_t *ls, uint64_t t, unsigned away, unsigned gblock);
/* A guest's frame granted the port's wire in the current cycle (g_valid, g_cls, g_bytes), after
 * sue_ls_decide: it takes the port's CBFC credits. */
void sue_ls_guest_spend(sue_ls_t *ls, unsigned cls, unsigned bytes);
/* irq of cycle t, after the register write completing in it (if any) is reported. */
int sue_ls_irq(sue_ls_t *ls, uint64_t t, unsigned irq);
/* Counters as the RTL reads them (cnt[SUE_NCNT]): every existing one equal to the model's. */
int sue_ls_counters(sue_ls_t *ls, const uint32_t *cnt);
/* Ingress credits: every one the model returned, the RTL returned. */
int sue_ls_credits_final(sue_ls_t *ls);
/* Nothing between the RTL and the model: commands, decided frames, frames in or out. */
int sue_ls_quiet(const sue_ls_t *ls);

#ifdef __cplusplus
}
#endif
#endif
