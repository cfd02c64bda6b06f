/*
 * rifl_published.h - the RIFL link-layer procedures as published: a pure-C model of one RIFL
 * endpoint written from the text of the RIFL paper (seed 003, Sections 3 and 4, Listing 1) and
 * docs FACTS.md "RIFL wire format", independent of rifl_lane_core_model.c. It is the
 * "published peer" that the RTL lane is checked against for interoperability.
 *
 * Procedures (rifl_published.c): the six-state TX logic with its 2^FIDW-entry retransmission
 * buffer and the 2.5 x 2^FIDW-slot replay procedure (Section 4.A, 4.C), the stateless RX event
 * monitor (Section 4.B), the RX verification of Listing 1, and ON/OFF flow control (Section 4.D).
 * Wire format: reused from the separately verified models, wired as the lane does: TX frame
 * layer (rifl_tx_model_t: scrambler + verification code) then a gearbox of FW/64 64-bit words,
 * most significant word first; RX aligner (rifl_align_model_t) then frame layer
 * (rifl_rx_model_t: code check + descrambler).
 *
 * Ports are those of rifl_lane_core (rifl_lane_in_t / rifl_lane_out_t) so a test harness can
 * swap this model in; cycle exactness with the RTL is not a goal, one frame per slot of FW/64
 * cycles (the line rate) is. force_restart is ignored; r_abort, align_*, cnt_restart, cnt_flush
 * and cnt_abort are 0.
 */
#ifndef REF_RIFL_PUBLISHED_H
#define REF_RIFL_PUBLISHED_H

#include <stdint.h>

#include "rifl_frame.h"
#include "rifl_lane_aligner_model.h"
#include "rifl_lane_core_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned fw;           /* 128, 256, 512, 1024 */
  unsigned fidw;         /* frame-ID width, 5 .. 12 (N = 2^FIDW buffer entries, N > 16) */
  unsigned fc_depth;     /* RX FIFO frames, >= 4 */
  unsigned lock, unlock; /* aligner, >= 1 */
  /* 0: Listing 1 as published. 1: also clear Frame_Error on an intact control frame received
   * while caught up (FrameID == Threshold): the receive-side fix of the repeated-replay
   * duplicate hazard (see rifl_published.c). */
  int caught_up_clear;
} rifl_pub_params_t;

/* FIDW 8, FC_DEPTH 64, LOCK/UNLOCK of rifl_lane_default_params(fw), caught_up_clear 0. */
rifl_pub_params_t rifl_pub_default_params(unsigned fw);

/* TX: the slot's state and the replay procedure */
typedef struct {
  unsigned ph;       /* cycle within the frame slot, 0 .. FW/64-1 */
  unsigned st;       /* RIFL_TX_* of the current slot */
  unsigned init_cnt; /* INIT: buffer entries written */
  unsigned fid;      /* ID of the next new data frame */
  unsigned in_proc;  /* a replay procedure is running, or interrupted (to be resumed at k) */
  unsigned boot;     /* no procedure completed since reset: the first replays INIT's fillers */
  unsigned k;        /* its next slot, 0 .. 2.5N-1 */
  unsigned fc_local; /* we told the peer to stop */
  uint32_t *buf;     /* N entries of body words {meta, payload}, not scrambled */
  unsigned gear_run; /* a frame has been loaded into the gearbox */
  unsigned gear_idx; /* word of the gearbox frame on the wire */
  uint64_t gear[16]; /* the frame on the wire as FW/64 words, word 0 = [FW-1:FW-64] */
} rifl_pub_tx_t;

/* RX: event monitor (Section 4.B), verification (Listing 1), FIFO (Section 4.D) */
typedef struct {
  unsigned pause_run, retr_run, quiet_run; /* consecutive PAUSE / RETRANS / data-or-IDLE */
  unsigned pause, retr;                    /* the request flags */
  unsigned frame_id, thr, err;             /* Listing 1: FrameID, Threshold_FrameID, Frame_Error */
  unsigned fc_remote;                      /* the peer told us to stop */
  uint32_t *fifo;                          /* fc_depth entries of {meta, payload} body words */
  unsigned wr, rd, level;
} rifl_pub_rx_t;

typedef struct {
  rifl_pub_params_t p;
  unsigned nw;     /* FW/64: cycles per slot */
  unsigned n;      /* 2^FIDW */
  unsigned bw;     /* FW-14 body bits */
  unsigned bwords; /* words of a body */
  rifl_pub_tx_t tx;
  rifl_tx_model_t txf;
  rifl_align_model_t al;
  rifl_rx_model_t rxf;
  rifl_pub_rx_t rx;
  uint32_t cnt_retrans, cnt_frame_err, cnt_overflow;
} rifl_pub_t;

/* -1 on bad parameters or no memory; leaves the model reset. */
int rifl_pub_init(rifl_pub_t *m, const rifl_pub_params_t *p);
void rifl_pub_free(rifl_pub_t *m);
void rifl_pub_reset(rifl_pub_t *m);
/* Outputs of this cycle (from the state; u_ready does not depend on the inputs). */
void rifl_pub_comb(const rifl_pub_t *m, const rifl_lane_in_t *in, rifl_lane_out_t *out);
/* Rising edge. */
void rifl_pub_clock(rifl_pub_t *m, const rifl_lane_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
