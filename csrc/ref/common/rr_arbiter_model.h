/*
 * rr_arbiter_model.h - cycle model of rtl/common rr_arbiter #(N): grant the first
 * requester at or after the pointer, cyclically; on update with a grant the
 * pointer moves to one past the grant (mod N). Also the port types shared with
 * matrix_arb_model. The model supports 1 <= N <= 64.
 */
#ifndef REF_RR_ARB_MODEL_H
#define REF_RR_ARB_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARB_MAX_N 64u

typedef struct {
  uint64_t req; /* bit i = requester i */
  unsigned update;
} arb_in_t;

typedef struct {
  uint64_t gnt; /* one-hot or zero */
  unsigned gnt_valid;
  unsigned gnt_idx; /* 0 when no grant */
} arb_out_t;

unsigned arb_idx_width(unsigned n); /* max(1, $clog2(N)) */

typedef struct {
  unsigned n;
  unsigned ptr; /* next to serve */
} rr_arb_model_t;

int rr_arb_model_init(rr_arb_model_t *m, unsigned n); /* -1 if n out of range */
void rr_arb_model_reset(rr_arb_model_t *m);
void rr_arb_model_comb(const rr_arb_model_t *m, const arb_in_t *in, arb_out_t *out);
void rr_arb_model_clock(rr_arb_model_t *m, const arb_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
