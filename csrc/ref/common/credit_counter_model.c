/* credit_counter_model.c - credit counter for credit-based flow control. */
#include "credit_counter_model.h"

#include "bits.h"

unsigned credit_cnt_width(unsigned init) { return bits_clog2((uint64_t)init + 1); }

int credit_model_init(credit_model_t *m, const credit_params_t *p) {
  m->p = *p;
  m->cnt_w = credit_cnt_width(p->init);
  m->count = 0;
  if (p->init < 1 || p->init > 0x7fffffffu || p->give_w < 1 || p->give_w > 31)
    return -1;
  credit_model_reset(m);
  return 0;
}

void credit_model_reset(credit_model_t *m) { m->count = m->p.init; }

void credit_model_comb(const credit_model_t *m, const credit_in_t *in, credit_out_t *out) {
  (void)in; /* both outputs are registered */
  out->count = m->count;
  out->avail = m->count != 0;
}

unsigned credit_model_clock(credit_model_t *m, const credit_in_t *in) {
  uint64_t take = in->take ? 1 : 0;
  uint64_t give = in->give & ((1u << m->p.give_w) - 1u);
  uint64_t next = (uint64_t)m->count + give - take; /* >= 0 unless underflow */
  unsigned viol = 0;
  if (take && m->count == 0)
    viol |= CREDIT_UNDERFLOW;
  else if (next > m->p.init)
    viol |= CREDIT_OVERFLOW;
  m->count = (unsigned)(next & ((UINT64_C(1) << m->cnt_w) - 1u));
  return viol;
}
