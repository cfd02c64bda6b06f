/*
 * apelink_rifl_model.h - cycle-exact model of rtl/noc/apelink_rifl.v #(W, NVC, D, MAXP, EW, FW,
 * FIDW, FC_DEPTH, LOCK, UNLOCK): an APElink (apelink_model) whose wire is a RIFL lane
 * (rifl_axis_enc, rifl_lane_core, rifl_axis_dec of csrc/ref/rifl), composed as the RTL composes
 * them. docs/noc/apelink.md "apelink_rifl" is the contract: each wire word {ctrl, data} is a
 * one-beat AXI4-Stream packet of W/8 + 1 bytes, first byte {7'b0, ctrl}; the lane's s_axis_tready
 * is apelink's tx_ready; a received beat in any other format is dropped and counted.
 */
#ifndef REF_APELINK_RIFL_MODEL_H
#define REF_APELINK_RIFL_MODEL_H

#include <stdint.h>

#include "apelink_model.h"
#include "rifl_axis_model.h"
#include "rifl_lane_core_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  apl_params_t link;       /* W, NVC, D, MAXP, EW */
  rifl_lane_params_t lane; /* FW, FIDW, FC_DEPTH, LOCK, UNLOCK (RESTART 0: the published one) */
} alr_params_t;

/* The RTL defaults: apelink's, FW 256 and rifl_lane's FIDW 8, FC_DEPTH 64, LOCK 64, UNLOCK 16. */
alr_params_t alr_default_params(void);

typedef struct { /* the inputs of one cycle */
  unsigned rt_valid, rt_vc;
  apl_word_t rt_data;
  unsigned lr_cr;
  unsigned gt_rx_valid;
  uint64_t gt_rx_data;
  unsigned cfg_tred;
} alr_in_t;

typedef struct {  /* the outputs of one cycle */
  unsigned rt_cr; /* apelink's */
  unsigned lr_valid, lr_vc;
  apl_word_t lr_data;
  uint32_t err[APL_NERR];
  uint64_t gt_tx_data;
  uint32_t bad_beats;
  unsigned link_up;
  uint32_t cnt_retrans, cnt_frame_err;
} alr_out_t;

typedef struct {
  alr_params_t p;
  unsigned kb, dw; /* bytes of a wire word (W/8 + 1), beat width (128 or 256) */
  apl_t link;
  rifl_axis_enc_model_t enc;
  rifl_lane_model_t lane;
  rifl_axis_dec_model_t dec;
  uint32_t bad; /* the bad_beats counter */
} alr_t;

int alr_init(alr_t *m, const alr_params_t *p); /* -1: bad params (lane.restart must be 0) */
void alr_free(alr_t *m);
void alr_comb(const alr_t *m, const alr_in_t *in, alr_out_t *out);
void alr_clock(alr_t *m, const alr_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
