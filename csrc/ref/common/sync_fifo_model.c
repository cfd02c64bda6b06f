/* sync_fifo_model.c - sync_fifo cycle model: a ring of depth entries. */
#include "sync_fifo_model.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"

unsigned fifo_level_width(unsigned depth) { return bits_clog2((uint64_t)depth + 1); }

int fifo_model_init(fifo_model_t *m, const fifo_params_t *p) {
  memset(m, 0, sizeof *m);
  if (p->width < 1 || p->depth < 2 || p->depth > (1u << 20))
    return -1;
  m->p = *p;
  m->words = BITS_WORDS(p->width);
  m->mem = calloc((size_t)p->depth * m->words, sizeof *m->mem);
  return m->mem ? 0 : -1;
}

void fifo_model_free(fifo_model_t *m) {
  free(m->mem);
  m->mem = NULL;
}

void fifo_model_reset(fifo_model_t *m) {
  m->head = 0;
  m->level = 0;
}

void fifo_model_comb(const fifo_model_t *m, const fifo_in_t *in, fifo_out_t *out) {
  (void)in; /* no combinational path between the two sides */
  out->in_ready = m->level < m->p.depth;
  out->out_valid = m->level != 0;
  out->out_data = m->mem + (size_t)m->head * m->words;
  out->level = m->level;
}

void fifo_model_clock(fifo_model_t *m, const fifo_in_t *in) {
  fifo_out_t o;
  fifo_model_comb(m, in, &o);
  unsigned push = in->in_valid && o.in_ready;
  unsigned pop = o.out_valid && in->out_ready;
  if (push) {
    /* Tail from the pre-edge state: a full FIFO never pushes, so no clash. */
    unsigned tail = (m->head + m->level) % m->p.depth;
    uint32_t *dst = m->mem + (size_t)tail * m->words;
    memcpy(dst, in->in_data, m->words * sizeof *dst);
    dst[m->words - 1] &= bits_top_mask(m->p.width);
  }
  if (pop)
    m->head = (m->head + 1) % m->p.depth;
  m->level = m->level + push - pop;
}
