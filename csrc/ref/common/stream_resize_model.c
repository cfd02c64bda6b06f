/* stream_resize_model.c - byte stream width converter: down pieces, up gathering, equal wires. */
#include "stream_resize_model.h"

#include <string.h>

unsigned stream_resize_nbytes_width(unsigned b) { return bits_clog2((uint64_t)b + 1); }

static int pow2(unsigned b) { return b >= 1 && (b & (b - 1)) == 0; }

int stream_resize_model_init(stream_resize_model_t *m, const stream_resize_params_t *p) {
  memset(m, 0, sizeof *m);
  if (!pow2(p->in_b) || !pow2(p->out_b) || p->in_b > STREAM_RESIZE_MAX_B ||
      p->out_b > STREAM_RESIZE_MAX_B)
    return -1;
  m->p = *p;
  m->in_w = stream_resize_nbytes_width(p->in_b);
  m->out_w = stream_resize_nbytes_width(p->out_b);
  m->r = p->in_b > p->out_b ? p->in_b / p->out_b : p->out_b / p->in_b;
  stream_resize_model_reset(m);
  return 0;
}

void stream_resize_model_reset(stream_resize_model_t *m) {
  m->k = 0;
  memset(m->acc, 0, sizeof m->acc);
  m->acc_n = 0;
  m->acc_full = 0;
  m->acc_last = 0;
}

/* n bits of src from bit spos to dst from bit dpos (byte-aligned pieces of beats). */
static void copy_bits(uint32_t *dst, unsigned dpos, const uint32_t *src, unsigned spos,
                      unsigned n) {
  for (unsigned i = 0; i < n; i++)
    bits_put(dst, dpos + i, bits_get(src, spos + i));
}

static unsigned mask(unsigned w) { return (1u << w) - 1u; }

/* Down-conversion: the remaining bytes of the beat from piece k on, and whether piece k is the
 * beat's last (the RTL's rem and piece_last, in IN_W-bit arithmetic). */
static unsigned down_rem(const stream_resize_model_t *m, const stream_resize_in_t *in,
                         unsigned *piece_last) {
  unsigned rem = ((in->in_nbytes & mask(m->in_w)) - m->k * m->p.out_b) & mask(m->in_w);
  *piece_last = rem <= m->p.out_b;
  return rem;
}

void stream_resize_model_comb(const stream_resize_model_t *m, const stream_resize_in_t *in,
                              stream_resize_out_t *out) {
  const unsigned ib = m->p.in_b * 8, ob = m->p.out_b * 8;
  memset(out->out_data, 0, sizeof out->out_data);
  if (m->p.in_b == m->p.out_b) {
    out->in_ready = in->out_ready;
    out->out_valid = in->in_valid;
    copy_bits(out->out_data, 0, in->in_data, 0, ib);
    out->out_nbytes = in->in_nbytes & mask(m->in_w);
    out->out_last = in->in_last;
  } else if (m->p.in_b > m->p.out_b) {
    unsigned last;
    unsigned rem = down_rem(m, in, &last);
    out->out_valid = in->in_valid;
    copy_bits(out->out_data, 0, in->in_data, ib - (m->k + 1) * ob, ob);
    out->out_nbytes = last ? rem & mask(m->out_w) : m->p.out_b;
    out->out_last = in->in_last && last;
    out->in_ready = in->out_ready && last;
  } else {
    out->in_ready = !m->acc_full || in->out_ready;
    out->out_valid = m->acc_full;
    memcpy(out->out_data, m->acc, sizeof m->acc);
    out->out_nbytes = m->acc_n;
    out->out_last = m->acc_last;
  }
}

unsigned stream_resize_model_clock(stream_resize_model_t *m, const stream_resize_in_t *in) {
  unsigned nb = in->in_nbytes & mask(m->in_w), viol = 0;
  if (m->p.in_b != m->p.out_b && in->in_valid) {
    if (nb == 0 || nb > m->p.in_b)
      viol |= STREAM_RESIZE_NBYTES;
    if (!in->in_last && nb != m->p.in_b)
      viol |= STREAM_RESIZE_NOT_FULL;
  }
  if (m->p.in_b > m->p.out_b) {
    unsigned last;
    down_rem(m, in, &last);
    if (in->in_valid && in->out_ready)
      m->k = last ? 0 : (m->k + 1) % m->r;
  } else if (m->p.in_b < m->p.out_b) {
    unsigned in_fire = in->in_valid && (!m->acc_full || in->out_ready);
    if (in_fire) {
      const unsigned ib = m->p.in_b * 8, ob = m->p.out_b * 8;
      if (m->k == 0) /* a new word: the places after this beat's stay zero */
        memset(m->acc, 0, sizeof m->acc);
      copy_bits(m->acc, ob - (m->k + 1) * ib, in->in_data, 0, ib);
      m->acc_n = ((m->k == 0 ? 0 : m->acc_n) + nb) & mask(m->out_w);
      m->acc_full = in->in_last || m->k == m->r - 1;
      m->acc_last = in->in_last != 0;
      m->k = m->acc_full ? 0 : m->k + 1;
    } else if (m->acc_full && in->out_ready) {
      m->acc_full = 0;
    }
  }
  return viol;
}
