/*
 * sue_mgmt_rx_model.h - management frames, receive (docs/sue/index.md "Management frames,
 * receive"), the model of rtl/sue/sue_mgmt_rx.v: frames that are not SUE traffic and pass the
 * filter kept whole in SUE_MGMT_RX_SLOTS slots for the XPU to read through AXI.
 *
 * A frame is seen three times: its first beat (sue_mgmt_rx_begin: a slot is reserved if one is
 * free, when EN), its last beat (sue_mgmt_rx_end: the screen on bytes 0 .. 17; a frame that
 * fails gives its slot back) and its verdict (sue_mgmt_rx_verdict, in frame order: taken or
 * dropped). A slot freed by a verdict takes a frame from the next cycle on; one released by the
 * XPU (sue_mgmt_rx_pop, called when the write is reported, a cycle after its edge, after the
 * frame beats of that cycle) at once.
 */
#ifndef REF_SUE_MGMT_RX_MODEL_H
#define REF_SUE_MGMT_RX_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "sue_cfg.h"
#include "sue_frame.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_MGMT_RX_SLOTS 4u
#define SUE_MGMT_RX_INFLIGHT 8u /* frames ended and not yet judged, at most (the RTL's seq) */

typedef struct {
  unsigned state;   /* 0 free, 1 receiving, 2 waiting for its verdict, 3 taken */
  uint64_t free_at; /* free: takes a frame starting at or after this cycle */
  size_t len;       /* taken: bytes, FCS excluded */
  uint64_t taken_t; /* taken: the cycle of its verdict */
  uint8_t buf[SUE_MGMT_MAX + 4];
} sue_mgmt_rx_slot_t;

typedef struct {
  sue_mgmt_rx_slot_t slot[SUE_MGMT_RX_SLOTS];
  int cur;                        /* the frame coming in: its slot, -1 none */
  unsigned ncap;                  /* it began with EN on and no free slot */
  int pend[SUE_MGMT_RX_INFLIGHT]; /* frames ended, oldest first: slot, -1 none, -2 screened in
                                     without a slot */
  unsigned pend_rd, pend_n;
  unsigned ready[SUE_MGMT_RX_SLOTS]; /* taken slots in arrival order */
  unsigned ready_rd, ready_n;
  uint64_t next; /* no frame taken before this cycle (the last one's + MGMT_GAP) */
  size_t maxb;   /* MGMT_MAX (sue_mgmt_max) */
} sue_mgmt_rx_t;

/* Reset: every slot free, nothing taken; maxb = MGMT_MAX of the parameters. */
void sue_mgmt_rx_reset(sue_mgmt_rx_t *m, size_t maxb);
/* The screen on a frame's first bytes (len >= 18): not SUE's Ethertype for the format, not a
 * MAC control frame, the filter. */
int sue_mgmt_rx_screen(const sue_cfg_t *c, const uint8_t *f, size_t len);
/* The first beat of a frame is taken in cycle now. */
void sue_mgmt_rx_begin(sue_mgmt_rx_t *m, const sue_cfg_t *c, uint64_t now);
/* Its last beat: the whole frame, FCS included. -1 when SUE_MGMT_RX_INFLIGHT frames wait. */
int sue_mgmt_rx_end(sue_mgmt_rx_t *m, const sue_cfg_t *c, const uint8_t *f, size_t len);
/* Frames ended whose verdict has not come. */
unsigned sue_mgmt_rx_waiting(const sue_mgmt_rx_t *m);
/* The verdict of the oldest frame ended, in cycle now: code is the receive checks' first failing
 * counter index (0: passed), len the frame's bytes. Sets *taken / *dropped (rx_mgmt,
 * rx_mgmt_drop). */
void sue_mgmt_rx_verdict(sue_mgmt_rx_t *m, const sue_cfg_t *c, uint64_t now, unsigned code,
                         size_t len, unsigned *taken, unsigned *dropped);
/* MGMT_RX_POP, reported in cycle now (a cycle after the write's edge, the cycle the RTL acts):
 * the head frame released if it was taken before now (none: nothing; a frame taken by a verdict
 * of this same cycle is not yet there for it). */
void sue_mgmt_rx_pop(sue_mgmt_rx_t *m, uint64_t now);
/* MGMT_RX_STATUS and MGMT_RX_DATA (word w of the head frame) as the registers read them. */
uint32_t sue_mgmt_rx_status(const sue_mgmt_rx_t *m);
uint32_t sue_mgmt_rx_data(const sue_mgmt_rx_t *m, unsigned w);

#ifdef __cplusplus
}
#endif
#endif
