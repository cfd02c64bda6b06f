/*
 * sue_reach_model.h - link status and reachability of the destinations (docs/sue/index.md "Link
 * status and reachability"), the model of rtl/sue/sue_reach.v: the link_up input registered,
 * per destination slot a count of cycles with a retransmission timer expiry since a frame from
 * it last passed the receive checks, unreachable at RETRY_LIMIT (0: never), and the four events
 * of INTR (LINK_DOWN, LINK_UP, UNREACH, REACH). For a port of a multi-port instance, the detour
 * (docs/sue/sue_fail_xbar.md "Detour"): set by an expiry while the slot is unreachable; via: the
 * last frame from the slot came over another port's wire; both cleared by a frame from it over
 * this port's own wire, by this port's link coming up, and for every slot every REACH.PROBE
 * cycles.
 *
 * A cycle: sue_reach_expired for each slot with an expiry in it, then sue_reach_heard for a frame
 * heard (so a frame heard wins over an expiry of the same cycle), then sue_reach_edge, the clock
 * edge: the cycle's changes become the registered state and the events set INTR bits.
 */
#ifndef REF_SUE_REACH_MODEL_H
#define REF_SUE_REACH_MODEL_H

#include <stdint.h>

#include "sue_regs_map.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_REACH_MAXD 64u

/* INTR / INTR_EN bits */
#define SUE_INTR_LINK_DOWN SUE_REG_INTR_LINK_DOWN_MASK
#define SUE_INTR_LINK_UP SUE_REG_INTR_LINK_UP_MASK
#define SUE_INTR_UNREACH SUE_REG_INTR_UNREACH_MASK
#define SUE_INTR_REACH SUE_REG_INTR_REACH_MASK
#define SUE_INTR_ALL (SUE_INTR_LINK_DOWN | SUE_INTR_LINK_UP | SUE_INTR_UNREACH | SUE_INTR_REACH)

typedef struct {
  unsigned link_in;            /* the link_up input of the current cycle */
  unsigned link_q;             /* registered: STATUS.LINK_UP */
  uint64_t unr, unr_q;         /* unreachable slots: this cycle's value, registered (UNREACH0/1) */
  uint64_t det, det_q;         /* detoured slots: this cycle's value, registered */
  uint64_t via, via_q;         /* slots whose last frame came over another wire: the same */
  unsigned probe_cnt;          /* the probe's cycle count, 0 .. REACH.PROBE - 1 */
  uint8_t cnt[SUE_REACH_MAXD]; /* expiry cycles since the slot was heard from, saturating */
  uint32_t intr;               /* INTR: events, cleared by writing 1 */
  uint32_t last_ev;            /* the events of the last edge */
} sue_reach_t;

/* Reset: link down (its first coming up is an event), link_in up (a caller that never sets it
 * has a link that is up), every slot reachable, INTR 0. */
void sue_reach_reset(sue_reach_t *r);
/* A cycle with a timer expiry on slot d (once per cycle, whatever number of its connections). */
void sue_reach_expired(sue_reach_t *r, unsigned d, unsigned retry_limit);
/* A frame from slot d passed the receive checks (data or control), over this port's own wire. */
void sue_reach_heard(sue_reach_t *r, unsigned d);
/* ... over the wire of another port (via) or its own (via 0: sue_reach_heard). */
void sue_reach_heard_via(sue_reach_t *r, unsigned d, unsigned via);
/* The clock edge at the end of the cycle. */
void sue_reach_edge(sue_reach_t *r);
/* The same edge with REACH.PROBE = probe (sue_reach_edge: 0), then cycles - 1 more edges with
 * nothing in them (cycles >= 1). */
void sue_reach_edges(sue_reach_t *r, unsigned probe, uint64_t cycles);
/* The slots whose frames take another wire (registered). */
uint64_t sue_reach_detour(const sue_reach_t *r);
/* The slots whose last frame came over another port's wire (registered): their stand-alone ACKs
 * and NACKs take another wire too, and new work avoids the port. */
uint64_t sue_reach_via(const sue_reach_t *r);
/* INTR written at the last edge (the edge sue_reach_edge modelled last; before the first, none):
 * ones clear, but an event of that same edge stays set, as in the RTL. */
void sue_reach_intr_write(sue_reach_t *r, uint32_t val);

#ifdef __cplusplus
}
#endif
#endif
