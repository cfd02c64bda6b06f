/*
 * rifl_lane_core_model.h - cycle-exact model of rtl/rifl rifl_lane_core #(FW, FIDW,
 * FC_DEPTH, LOCK, UNLOCK, RESTART, PAUSE_TIMEOUT): one RIFL lane with the
 * payload-frame user side.
 *
 * The model follows the RTL module by module, each a static part of the .c:
 *   TX: rifl_tx_ctrl (six-state controller, frame slots every FW/64 cycles,
 *       replay slot counter) with its rifl_retrans_buf (2^FIDW entries of FW-14
 *       bits, registered read: rd_data is the entry at the previous cycle's
 *       rd_addr), rifl_tx_frame (rifl_tx_model_t), rifl_tx_gearbox;
 *   RX: rifl_lane_aligner (rifl_align_model_t), rifl_rx_frame (rifl_rx_model_t),
 *       rifl_ctrl_monitor, rifl_rx_verify, the abort logic of the core, and
 *       rifl_fc_buf (FC_DEPTH entries, first word fall through, data masked to 0
 *       when empty); then the six event counters.
 * comb() gives every output port of the cycle from the state and the inputs
 * (u_ready depends on force_restart combinationally, nothing else does);
 * clock() is the rising edge. The RTL reset is asynchronous, but its two RAMs
 * (retransmission and flow-control buffers) have none: during reset the
 * retransmission buffer keeps writing entry 0 with zeros and reads entry 0, so
 * after a reset of two or more clock edges its read register is 0; reset()
 * gives exactly that state (the other entries keep their contents, as in RTL).
 */
#ifndef REF_RIFL_LANE_MODEL_H
#define REF_RIFL_LANE_MODEL_H

#include <stdint.h>

#include "prng.h"
#include "rifl_frame.h"
#include "rifl_lane_aligner_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* tx_state values (rifl_tx_ctrl) */
#define RIFL_TX_INIT 0u
#define RIFL_TX_SEND_PAUSE 1u
#define RIFL_TX_PAUSE 2u
#define RIFL_TX_RETRANS 3u
#define RIFL_TX_SEND_RETRANS 4u
#define RIFL_TX_NORMAL 5u

typedef struct {
  unsigned fw;            /* 128, 256, 512, 1024 */
  unsigned fidw;          /* 5 .. 12 */
  unsigned fc_depth;      /* power of two >= 4 */
  unsigned lock, unlock;  /* aligner, >= 1 */
  unsigned pause_timeout; /* 32 .. 65535 */
  unsigned restart;       /* 0: the published procedure; 1: the link-restart extension */
} rifl_lane_params_t;

/* The RTL defaults: FIDW 8, FC_DEPTH 64, LOCK 64, UNLOCK 16, PAUSE_TIMEOUT 64, RESTART 0. */
rifl_lane_params_t rifl_lane_default_params(unsigned fw);

typedef struct {
  unsigned u_valid;
  unsigned u_meta;        /* 2 bits */
  const uint32_t *u_data; /* FW-16 bits; NULL reads as zeros */
  unsigned r_ready;
  unsigned gt_rx_valid;
  uint64_t gt_rx_data;
  unsigned force_restart;
} rifl_lane_in_t;

typedef struct {
  unsigned u_ready;
  unsigned r_valid, r_meta, r_abort;
  uint32_t r_data[RIFL_FRAME_WORDS_MAX]; /* FW-16 bits, 0 while !r_valid */
  uint64_t gt_tx_data;
  unsigned tx_state, aligned, align_offset, align_phase, link_up;
  unsigned frame_err, pause_req, retrans_req, fc_local, fc_remote, rx_level;
  uint32_t cnt_retrans, cnt_frame_err, cnt_overflow, cnt_restart, cnt_flush, cnt_abort;
} rifl_lane_out_t;

/* rifl_tx_ctrl registers and its retransmission buffer */
typedef struct {
  unsigned ph; /* slot phase 0 .. FW/64-1 */
  unsigned st, init, init_done, fid, rp, rs, dwell, ptime, seen_pause;
  unsigned fc_local, fc_remote, tx_open, flush;
  unsigned boot, intr; /* no replay since INIT; a replay interrupted by the pause states */
  unsigned fv, fsyn, ffid, ev_retr, ev_flush, restart;
  uint32_t fbody[RIFL_FRAME_WORDS_MAX];
  uint32_t *mem;                     /* 2^FIDW entries of body words */
  uint32_t rd[RIFL_FRAME_WORDS_MAX]; /* registered read */
} rifl_lane_ctrl_t;

typedef struct {
  unsigned pause_run, retr_run, quiet_run, pause, retr;
} rifl_lane_mon_t;

typedef struct {
  unsigned fid, thr, err, push, fc_on, fc_off, fail, ovf;
  uint32_t body[RIFL_FRAME_WORDS_MAX];
} rifl_lane_verify_t;

typedef struct {
  uint32_t *mem; /* fc_depth entries of FW-13 bits: {abort, meta, data} */
  unsigned wr, rd, level;
} rifl_lane_fcb_t;

typedef struct {
  rifl_lane_params_t p;
  unsigned nw;     /* FW/64: cycles per frame slot */
  unsigned bw;     /* FW-14 body bits */
  unsigned bwords; /* words of a body; also of an fc_buf entry (BW+1 bits) */
  rifl_lane_ctrl_t ctrl;
  rifl_tx_model_t txf;
  uint32_t gear[RIFL_FRAME_WORDS_MAX]; /* gearbox shift register (FW bits) */
  unsigned gear_left, gear_run;
  rifl_align_model_t al;
  rifl_rx_model_t rxf;
  rifl_lane_mon_t mon;
  rifl_lane_verify_t ver;
  unsigned rx_open, abort_pend;
  rifl_lane_fcb_t fcb;
  uint32_t cnt[6]; /* retrans, frame_err, overflow, restart, flush, abort */
} rifl_lane_model_t;

/* A random user frame as u_meta / u_data take it: meta 01, 10 or 11 and FW-16 payload bits,
 * first byte on top; meta 10 holds n (1 .. PB-1) bytes on top, zeros below and n in the
 * lowest byte (docs/rifl/index.md). */
void rifl_lane_random_user(prng_t *r, unsigned fw, unsigned *meta, uint32_t *data);

/* Widths of the align_phase and rx_level ports. */
unsigned rifl_lane_phase_width(unsigned fw);
unsigned rifl_lane_level_width(unsigned fc_depth);

/* Allocates the buffers and resets; -1 on illegal parameters (those the RTL rejects at
 * elaboration) or no memory. */
int rifl_lane_model_init(rifl_lane_model_t *m, const rifl_lane_params_t *p);
void rifl_lane_model_free(rifl_lane_model_t *m);
void rifl_lane_model_reset(rifl_lane_model_t *m);
void rifl_lane_model_comb(const rifl_lane_model_t *m, const rifl_lane_in_t *in,
                          rifl_lane_out_t *out);
void rifl_lane_model_clock(rifl_lane_model_t *m, const rifl_lane_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
