/*
 * scoc_switch_model.h - cycle-exact model of the SCOC switch rtl/scoc/scoc_switch #(N, M, MT,
 * QD, OQ, LW, DW): input buffers, the scheduler (scoc_model), the M-way TDM middle stage and
 * the output buffers of docs/scoc/index.md "Switch datapath". Seen from the links it is an sw_ops_t
 * (sw_link.h), so traffic, scoreboards and benchmarks drive it like any other switch model.
 */
#ifndef REF_SCOC_SWITCH_MODEL_H
#define REF_SCOC_SWITCH_MODEL_H

#include <stdint.h>

#include "scoc_sched_model.h"
#include "sw_link.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCOC_SW_MAX_OQ 64u

typedef struct {
  unsigned n, m, mt, qd, oq, lw, dw; /* as the RTL parameters; TW = clog2(QD) */
} scoc_sw_params_t;

/* 0 when legal (docs/scoc/index.md: the scheduler's rules, QD <= 32, 2 <= OQ <= 64,
 * 8 <= DW <= 64), else -1. */
int scoc_sw_params_check(const scoc_sw_params_t *p);

typedef struct { /* transfer of an input port on one route */
  uint8_t act, slot, idx, lastidx;
  uint16_t out;
} scoc_xfer_t;

typedef struct {
  scoc_sw_params_t p;
  scoc_model_t sched;
  unsigned tw, pmax, slotw; /* tag bits, words per packet at most, words per slot (2^LW) */
  uint64_t cyc;
  /* input buffers, per port */
  uint64_t *in_mem; /* [N][QD][slotw] */
  uint32_t in_free[SCOC_MAX_N];
  uint8_t in_busy[SCOC_MAX_N], in_slot[SCOC_MAX_N], in_widx[SCOC_MAX_N], in_bad[SCOC_MAX_N];
  uint16_t in_dst[SCOC_MAX_N];
  /* middle stage */
  scoc_xfer_t xf[SCOC_MAX_N][SCOC_MAX_M];
  /* output buffers, per port */
  uint64_t *out_mem;                           /* [N][OQ][slotw] */
  uint8_t out_len[SCOC_MAX_N][SCOC_SW_MAX_OQ]; /* words - 1 of each complete packet */
  uint8_t wslot[SCOC_MAX_N], rslot[SCOC_MAX_N], wpos[SCOC_MAX_N], rpos[SCOC_MAX_N];
  uint8_t done[SCOC_MAX_N], occ[SCOC_MAX_N];
  /* drop counters (err_len, err_dst) */
  uint64_t err_len, err_dst;
  scoc_in_t sin; /* the scheduler's inputs of the cycle (scratch of clock()) */
  /* violations of the guarantees the RTL asserts (must stay 0) */
  uint64_t violations;
} scoc_sw_model_t;

/* Allocates and resets; -1 on illegal parameters or no memory. */
int scoc_sw_model_init(scoc_sw_model_t *m, const scoc_sw_params_t *p);
void scoc_sw_model_free(scoc_sw_model_t *m);
void scoc_sw_model_reset(scoc_sw_model_t *m);
/* Mechanisms off for ablation studies (SCOC_ABL_* of scoc_sched_model.h). */
void scoc_sw_model_set_ablate(scoc_sw_model_t *m, unsigned flags);

/* What the links see this cycle (functions of the state only). */
void scoc_sw_model_outputs(const void *m, sw_link_out_t *o);
/* One rising edge with the link inputs of the cycle. */
void scoc_sw_model_clock(void *m, const sw_link_in_t *in);
/* The model as an sw_ops_t. */
sw_ops_t scoc_sw_model_ops(scoc_sw_model_t *m);

#ifdef __cplusplus
}
#endif
#endif
