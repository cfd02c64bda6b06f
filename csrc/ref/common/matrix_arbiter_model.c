/* matrix_arbiter_model.c - least-recently-granted arbiter (priority matrix). */
#include "matrix_arbiter_model.h"

#include <string.h>

static uint64_t mask_n(unsigned n) { return n >= 64 ? UINT64_MAX : (UINT64_C(1) << n) - 1u; }

int matrix_arb_model_init(matrix_arb_model_t *m, unsigned n) {
  memset(m, 0, sizeof *m);
  m->n = n;
  if (n < 1 || n > ARB_MAX_N)
    return -1;
  matrix_arb_model_reset(m);
  return 0;
}

void matrix_arb_model_reset(matrix_arb_model_t *m) {
  /* i has priority over every j > i. */
  for (unsigned i = 0; i < m->n; i++)
    m->pri[i] = mask_n(m->n) & ~mask_n(i + 1);
}

void matrix_arb_model_comb(const matrix_arb_model_t *m, const arb_in_t *in, arb_out_t *out) {
  uint64_t req = in->req & mask_n(m->n);
  out->gnt = 0;
  out->gnt_valid = 0;
  out->gnt_idx = 0;
  for (unsigned i = 0; i < m->n; i++) {
    uint64_t others = req & ~(UINT64_C(1) << i);
    if (((req >> i) & 1u) && (others & ~m->pri[i]) == 0) {
      out->gnt = UINT64_C(1) << i;
      out->gnt_valid = 1;
      out->gnt_idx = i;
      return;
    }
  }
}

void matrix_arb_model_clock(matrix_arb_model_t *m, const arb_in_t *in) {
  arb_out_t o;
  matrix_arb_model_comb(m, in, &o);
  if (!(in->update && o.gnt_valid))
    return;
  unsigned g = o.gnt_idx;
  m->pri[g] = 0; /* g becomes the least recently granted */
  for (unsigned j = 0; j < m->n; j++)
    if (j != g)
      m->pri[j] |= UINT64_C(1) << g;
}
