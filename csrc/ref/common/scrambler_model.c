/* scrambler_model.c - bit-serial self-synchronizing scrambler (reference, not fast). */
#include "scrambler_model.h"

#include <stddef.h>

#include "bits.h"

static uint64_t len_mask(unsigned len) {
  return len >= 64 ? UINT64_MAX : ((UINT64_C(1) << len) - 1u);
}

static unsigned parity64(uint64_t v) {
  v ^= v >> 32;
  v ^= v >> 16;
  v ^= v >> 8;
  v ^= v >> 4;
  v ^= v >> 2;
  v ^= v >> 1;
  return (unsigned)(v & 1u);
}

int scr_params_check(const scr_params_t *p) {
  if (p->w < 1 || p->len < 1 || p->len > 64)
    return -1;
  uint64_t m = len_mask(p->len);
  if (p->taps == 0 || (p->taps & ~m) || (p->seed & ~m))
    return -1;
  return 0;
}

uint64_t scr_run(const scr_params_t *p, uint64_t hist, const uint32_t *in, uint32_t *out) {
  const uint64_t m = len_mask(p->len);
  for (unsigned n = 0; n < p->w; n++) {
    unsigned idx = p->msb_first ? p->w - 1 - n : n;
    unsigned b = bits_get(in, idx); /* read before write: out may alias in */
    unsigned o = b ^ parity64(hist & p->taps);
    if (out)
      bits_put(out, idx, o);
    hist = ((hist << 1) | (p->descramble ? b : o)) & m;
  }
  if (out)
    out[BITS_WORDS(p->w) - 1] &= bits_top_mask(p->w);
  return hist;
}

int scr_init(scr_t *s, const scr_params_t *p) {
  s->p = *p;
  s->hist = 0;
  if (scr_params_check(p))
    return -1;
  scr_reset(s);
  return 0;
}

void scr_reset(scr_t *s) { s->hist = s->p.seed; }

void scr_comb(const scr_t *s, const uint32_t *in, uint32_t *out) {
  (void)scr_run(&s->p, s->hist, in, out);
}

void scr_clock(scr_t *s, int valid, const uint32_t *in) {
  if (valid)
    s->hist = scr_run(&s->p, s->hist, in, NULL);
}
