/*
 * bits.h - helpers for little-endian bit vectors held as uint32_t words
 * (bit i is words[i/32] bit i%32), the layout of the harness and vectors.
 */
#ifndef REF_BITS_H
#define REF_BITS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BITS_WORDS(nbits) (((nbits) + 31u) / 32u)
#define BITS_MAX 4096u /* widest port or vector field, as the harness */
#define BITS_MAX_WORDS BITS_WORDS(BITS_MAX)

static inline unsigned bits_get(const uint32_t *w, unsigned i) {
  return (w[i / 32] >> (i % 32)) & 1u;
}

static inline void bits_put(uint32_t *w, unsigned i, unsigned v) {
  uint32_t m = 1u << (i % 32);
  w[i / 32] = v ? (w[i / 32] | m) : (w[i / 32] & ~m);
}

/* Mask of the valid bits of the last word of an nbits vector. */
static inline uint32_t bits_top_mask(unsigned nbits) {
  return (nbits % 32) ? ((1u << (nbits % 32)) - 1u) : 0xffffffffu;
}

/* Low 64 bits of a vector (width <= 64 is the common case for control ports). */
static inline uint64_t bits_u64(const uint32_t *w, unsigned nbits) {
  uint64_t v = w[0];
  if (nbits > 32)
    v |= (uint64_t)w[1] << 32;
  return nbits >= 64 ? v : v & ((UINT64_C(1) << nbits) - 1u);
}

/* Stores v into an nbits vector (nbits <= 64), clearing the other words. */
static inline void bits_from_u64(uint32_t *w, unsigned nbits, uint64_t v) {
  for (unsigned i = 0; i < BITS_WORDS(nbits); i++)
    w[i] = 0;
  if (nbits < 64)
    v &= (UINT64_C(1) << nbits) - 1u;
  w[0] = (uint32_t)v;
  if (nbits > 32)
    w[1] = (uint32_t)(v >> 32);
}

/* Writes the low width bits of v at bit pos (a field of a wider vector). */
static inline void bits_put_field(uint32_t *w, unsigned pos, unsigned width, uint64_t v) {
  for (unsigned b = 0; b < width; b++)
    bits_put(w, pos + b, (unsigned)(v >> b) & 1u);
}

/* Byte j of a byte stream packed in an nbits word, first byte at the top (docs/common/index.md). */
static inline unsigned bits_stream_byte(const uint32_t *w, unsigned nbits, unsigned j) {
  unsigned base = nbits - 8u - 8u * j, v = 0;
  for (unsigned i = 0; i < 8; i++)
    v |= bits_get(w, base + i) << i;
  return v;
}
static inline void bits_put_stream_byte(uint32_t *w, unsigned nbits, unsigned j, unsigned v) {
  bits_put_field(w, nbits - 8u - 8u * j, 8, v);
}

/* Verilog $clog2: ceil(log2(x)), 0 for x <= 1. */
static inline unsigned bits_clog2(uint64_t x) {
  unsigned n = 0;
  while (n < 64 && (UINT64_C(1) << n) < x)
    n++;
  return n;
}

#ifdef __cplusplus
}
#endif
#endif
