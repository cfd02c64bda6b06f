/*
 * sue_cbfc_model.h - CBFC state of the SUE endpoint (spec 3.3.6; docs/sue/index.md "CBFC",
 * docs/sue/sue_cbfc.md), a cycle model: the one place the credit rules live.
 * tb/sue/test_sue_cbfc.c drives it in lockstep with rtl/sue/sue_cbfc.v.
 *
 * Credits are cumulative and modulo 2^16, in units of 2^USHIFT bytes; a frame of b bytes (FCS
 * excluded) takes ceil(b / unit) units. Per VC:
 *   used   units we sent on the VC (every frame the peer buffers: data, replay, ACK, NACK);
 *   limit  the peer's last advertised limit: we may send while limit - used >= need, need the
 *          units of the largest frame (FRAME_MAX bytes);
 *   rcvd   units of the VC's frames received (at their verdict, kept or dropped);
 *   adv    what we advertise: rcvd + min(free units of the VC's receive buffer, 0x7FFF), never
 *          below the last update's (a frame kept and not counted would lower it).
 * An update frame carries, per class (the wire's index; the VC's class is cls[v], and a class
 * speaks for the lowest VC that has it), adv and used. Receiving one sets limit := its adv and
 * rcvd := its used (every frame the peer sent before the update has arrived or is lost, so a
 * frame lost on the link gives its units back here).
 *
 * A cycle t is, in this order:
 *   sue_cbfc_eval(t, levels)        receive-buffer bytes left by the cycles before t: adv, and
 *                                   whether an update is owed (what the cycle's decision sees:
 *                                   sue_cbfc_owed, sue_cbfc_frame, sue_cbfc_paused);
 *   sue_cbfc_sent(t)                the owed update was decided in cycle t;
 *   sue_cbfc_tx(vc, bytes)          a frame that takes credits was decided in cycle t;
 *   sue_cbfc_rx_frame(vc, bytes)    a frame's verdict in cycle t (counted in rcvd);
 *   sue_cbfc_rx_update(...)         an update frame's verdict in cycle t.
 * Everything but eval shows from cycle t + 1. eval may be called only in cycles where something
 * changes (levels, configuration, events): its result holds in between.
 */
#ifndef REF_SUE_CBFC_MODEL_H
#define REF_SUE_CBFC_MODEL_H

#include <stdint.h>

#include "sue_cfg.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_CBFC_ADV_MAX 0x7FFFu /* free units advertised at most (half the counter space) */

/* Configuration (registers once the endpoint carries CBFC). */
typedef struct {
  unsigned tx_en;       /* send updates (advertise our receive buffers) */
  unsigned rx_en;       /* obey the peer's credits (paused) */
  uint8_t cls[SUE_NVC]; /* class of each VC, 0..7 */
  unsigned ushift;      /* unit = 2^ushift bytes, 0..15 */
  uint16_t step;        /* an update is owed once some adv grew by step units (0: by one) */
  uint32_t refresh;     /* ... and every refresh cycles (24 bits) */
} sue_cbfc_cfg_t;

typedef struct {
  uint16_t used[SUE_NVC], limit[SUE_NVC], rcvd[SUE_NVC];
  uint16_t last[SUE_NVC]; /* adv in the last update sent */
  uint16_t adv[SUE_NVC];  /* as of the last eval */
  unsigned pending;       /* an update is owed */
  uint64_t last_t;        /* cycle of the last update sent (0 at reset) */
  uint64_t eval_next;     /* first cycle not evaluated yet */
  uint64_t eval_t;        /* cycle of the last evaluation */
  unsigned pend_in;       /* pending as the cycles before eval_t left it */
} sue_cbfc_t;

/* Reset: nothing sent, received or granted (every VC blocked under rx_en until an update). */
void sue_cbfc_init(sue_cbfc_t *s);
/* Units of a frame of b bytes: ceil(b / 2^ushift). */
unsigned sue_cbfc_units(const sue_cbfc_cfg_t *c, unsigned bytes);
/* VC v speaks for its class on the wire: no lower VC has the same class. */
int sue_cbfc_owner(const sue_cbfc_cfg_t *c, unsigned v);
/* Start of cycle now; level[v] = receive-buffer bytes of VC v (of rx_bytes per VC). Once per
 * cycle (a second call with the same now does nothing, unless eval_next was set back to now: the
 * configuration changed within the cycle, and the cycle is evaluated again from the state the
 * cycles before it left).
 *   adv[v] = rcvd[v] + min((rx_bytes - level[v]) >> ushift, 0x7FFF), or last[v] if that is below
 *            it (mod 2^16: a step back of under 0x8000)
 *   !tx_en: nothing owed. Else owed if owed before, or an owner VC's adv - last (mod 2^16) is
 *   nonzero and >= step, or now >= last_t + refresh. */
void sue_cbfc_eval(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, uint64_t now,
                   const unsigned level[SUE_NVC], unsigned rx_bytes);
int sue_cbfc_owed(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c);
/* The update to send: class-enable vector (the classes of the four VCs), and per class c the
 * adv and used of the VC that owns it (0 for classes no VC has). */
unsigned sue_cbfc_frame(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c, uint16_t limit[SUE_PRIO],
                        uint16_t sent[SUE_PRIO]);
/* The owed update was decided in cycle now: last := adv, last_t := now. */
void sue_cbfc_sent(sue_cbfc_t *s, uint64_t now);
/* A frame of bytes bytes on VC vc was decided, or a guest's started (used += units). */
void sue_cbfc_tx(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned vc, unsigned bytes);
/* A frame of bytes bytes on VC vc had its verdict (rcvd += units). */
void sue_cbfc_rx_frame(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned vc, unsigned bytes);
/* An update had its verdict: for every owner VC whose class is in cev, limit := limit[class],
 * rcvd := sent[class] (whatever the enables: they decide only what is obeyed and sent). */
void sue_cbfc_rx_update(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned cev,
                        const uint16_t limit[SUE_PRIO], const uint16_t sent[SUE_PRIO]);
/* Credits the peer has left us on VC v: limit - used (mod 2^16). */
unsigned sue_cbfc_avail(const sue_cbfc_t *s, unsigned v);
/* VC v may not be sent: rx_en and avail < units of frame_max bytes. */
int sue_cbfc_paused(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned v, unsigned frame_max);
/* A guest frame (another port's, carried on this port's wire by a multi-port instance's failover)
 * on VC v's class may not start: rx_en and avail < 2 * units of frame_max bytes (room for it and
 * for this port's own frame decided in the same cycle). The guest's frame is spent by a second
 * sue_cbfc_tx of the cycle its first beat is taken. */
int sue_cbfc_gblock(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned v, unsigned frame_max);

#ifdef __cplusplus
}
#endif
#endif
