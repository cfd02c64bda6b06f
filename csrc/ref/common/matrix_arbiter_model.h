/*
 * matrix_arbiter_model.h - cycle model of rtl/common matrix_arbiter #(N):
 * least-recently-granted via a priority matrix. pri[i] bit j means "i has
 * priority over j", reset to (i < j). Requester i wins when it requests and
 * has priority over every other requester; on update with a grant to g, g
 * loses priority to every other input. Same ports as rr_arbiter; 1 <= N <= 64.
 */
#ifndef REF_MATRIX_ARB_MODEL_H
#define REF_MATRIX_ARB_MODEL_H

#include <stdint.h>

#include "rr_arbiter_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned n;
  uint64_t pri[ARB_MAX_N];
} matrix_arb_model_t;

int matrix_arb_model_init(matrix_arb_model_t *m, unsigned n); /* -1 if n out of range */
void matrix_arb_model_reset(matrix_arb_model_t *m);
void matrix_arb_model_comb(const matrix_arb_model_t *m, const arb_in_t *in, arb_out_t *out);
void matrix_arb_model_clock(matrix_arb_model_t *m, const arb_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
