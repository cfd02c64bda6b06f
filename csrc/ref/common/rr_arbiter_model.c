/* rr_arbiter_model.c - round-robin arbiter with an update-gated pointer. */
#include "rr_arbiter_model.h"

#include "bits.h"

unsigned arb_idx_width(unsigned n) {
  unsigned w = bits_clog2(n);
  return w ? w : 1;
}

int rr_arb_model_init(rr_arb_model_t *m, unsigned n) {
  m->n = n;
  m->ptr = 0;
  return (n >= 1 && n <= ARB_MAX_N) ? 0 : -1;
}

void rr_arb_model_reset(rr_arb_model_t *m) { m->ptr = 0; }

void rr_arb_model_comb(const rr_arb_model_t *m, const arb_in_t *in, arb_out_t *out) {
  out->gnt = 0;
  out->gnt_valid = 0;
  out->gnt_idx = 0;
  for (unsigned k = 0; k < m->n; k++) {
    unsigned i = (m->ptr + k) % m->n;
    if ((in->req >> i) & 1u) {
      out->gnt = UINT64_C(1) << i;
      out->gnt_valid = 1;
      out->gnt_idx = i;
      return;
    }
  }
}

void rr_arb_model_clock(rr_arb_model_t *m, const arb_in_t *in) {
  arb_out_t o;
  rr_arb_model_comb(m, in, &o);
  if (in->update && o.gnt_valid)
    m->ptr = (o.gnt_idx + 1) % m->n;
}
