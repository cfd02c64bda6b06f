/*
 * sue_pfc_model.h - PFC state of the SUE endpoint (docs/sue/index.md "PFC", docs/sue/sue_pfc.md), a
 * cycle model: the one place the PFC rules live. sue_endpoint_model.c calls it;
 * tb/sue/test_sue_pfc.c drives it directly in lockstep with rtl/sue/sue_pfc.v.
 *
 * A cycle t is, in this order:
 *   sue_pfc_eval(t, levels)   receive-buffer levels left by the cycles before t against the
 *                             thresholds (XOFF entries / exits, refresh); what the cycle's
 *                             decision sees (sue_pfc_owed, sue_pfc_frame, sue_pfc_paused);
 *   sue_pfc_sent(t)           the owed PFC frame was decided in cycle t;
 *   sue_pfc_rx(t, cev, time)  a PFC frame was received (its verdict) in cycle t.
 * Levels changed in cycle t (frames kept, commands delivered) are seen by eval(t + 1).
 */
#ifndef REF_SUE_PFC_H
#define REF_SUE_PFC_H

#include <stdint.h>

#include "sue_cfg.h"

/* CTRL.FC_MODE = 1 (CBFC) is PFC_TX_EN = PFC_RX_EN = 0 for everything below. */

#ifdef __cplusplus
extern "C" {
#endif

/* The state, as a field list so that sue_ep_t can keep the same names (ep->xoff ...). */
#define SUE_PFC_STATE_FIELDS                                                                       \
  uint64_t pause_until[SUE_PRIO]; /* a VC of priority n is paused while now < pause_until[n] */    \
  unsigned xoff[SUE_NVC];         /* we asked the peer to pause this VC */                         \
  unsigned pfc_pending;           /* a PFC frame is owed */                                        \
  uint64_t pfc_last;              /* cycle of the last PFC frame sent */                           \
  uint64_t pfc_eval_next;         /* first cycle not evaluated yet (eval once per cycle) */

typedef struct {
  SUE_PFC_STATE_FIELDS
} sue_pfc_t;

/* Reset: no pause, no XOFF, nothing owed, last frame at cycle 0. */
void sue_pfc_init(sue_pfc_t *s);
/* Start of cycle now, with the receive-buffer bytes per VC left by the cycles before it.
 * Evaluates once per cycle: a second call with the same now does nothing (the levels it
 * would see include changes of cycle now itself, which belong to cycle now + 1).
 *   PFC_TX_EN = 0: no VC in XOFF, nothing owed.
 *   else per VC: level >= PFC_XOFF: in XOFF; else level <= PFC_XON: out of XOFF; else kept.
 *   Every change owes a PFC frame, and so does any VC in XOFF with now >= last + PFC_REFRESH. */
void sue_pfc_eval(sue_pfc_t *s, const sue_cfg_t *c, uint64_t now, const unsigned level[SUE_NVC]);
/* A PFC frame is owed (transmit priority 1). */
int sue_pfc_owed(const sue_pfc_t *s, const sue_cfg_t *c);
/* Contents of the frame to send: class-enable vector (the priorities of the four VCs) and
 * pause time per priority (PFC_TIME for priorities of VCs in XOFF, 0 otherwise). */
unsigned sue_pfc_frame(const sue_pfc_t *s, const sue_cfg_t *c, uint16_t time[SUE_PRIO]);
/* The owed frame was decided in cycle now. */
void sue_pfc_sent(sue_pfc_t *s, uint64_t now);
/* A PFC frame received in cycle now (only acted on with PFC_RX_EN): every enabled priority n
 * is paused until now + time[n] * PFC_QCYC (exclusive). */
void sue_pfc_rx(sue_pfc_t *s, const sue_cfg_t *c, uint64_t now, unsigned cev,
                const uint16_t time[SUE_PRIO]);
/* VC vc may not be sent in cycle now. */
int sue_pfc_paused(const sue_pfc_t *s, const sue_cfg_t *c, uint64_t now, unsigned vc);

#ifdef __cplusplus
}
#endif
#endif
