/* rifl_channel.c - RIFL transceiver words, serial stream, channel with offset and BER. */
#include "rifl_channel.h"

#include <string.h>

#include "bits.h"

void rifl_frame_to_words(const uint32_t *frame, unsigned fw, uint64_t *words) {
  unsigned n = fw / 64;
  for (unsigned t = 0; t < n; t++) {
    unsigned lo = fw - 64 * (t + 1); /* word t = frame bits [lo+63:lo] */
    words[t] = (uint64_t)frame[lo / 32] | ((uint64_t)frame[lo / 32 + 1] << 32);
  }
}

void rifl_words_to_frame(const uint64_t *words, unsigned fw, uint32_t *frame) {
  unsigned n = fw / 64;
  for (unsigned t = 0; t < n; t++) {
    unsigned lo = fw - 64 * (t + 1);
    frame[lo / 32] = (uint32_t)words[t];
    frame[lo / 32 + 1] = (uint32_t)(words[t] >> 32);
  }
}

void rifl_serialize(const uint64_t *words, size_t n, uint32_t *serial) {
  for (size_t t = 0; t < n; t++) {
    serial[2 * t] = (uint32_t)words[t];
    serial[2 * t + 1] = (uint32_t)(words[t] >> 32);
  }
}

void rifl_deserialize(const uint32_t *serial, size_t n, uint64_t *words) {
  for (size_t t = 0; t < n; t++)
    words[t] = (uint64_t)serial[2 * t] | ((uint64_t)serial[2 * t + 1] << 32);
}

void rifl_serial_shift(const uint32_t *in, size_t nbits, size_t k, uint32_t *out) {
  memset(out, 0, ((nbits + 31) / 32) * sizeof *out);
  for (size_t i = k; i < nbits; i++)
    if ((in[(i - k) / 32] >> ((i - k) % 32)) & 1u)
      out[i / 32] |= 1u << (i % 32);
}

/* ---- bit errors ---------------------------------------------------------- */

/* floor(a * b / 2^64), with 32-bit halves only. */
static uint64_t mulhi64(uint64_t a, uint64_t b) {
  uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

void rifl_ber_init(rifl_ber_t *b, double ber) {
  memset(b, 0, sizeof *b);
  if (!(ber > 0.0)) /* also NaN */
    return;
  if (ber >= 1.0) {
    b->mode = 1;
    return;
  }
  /* Scaling by 2^64 is exact and the conversion truncates: portable. */
  uint64_t p = (uint64_t)(ber * 18446744073709551616.0);
  if (p == 0)
    return;
  b->mode = 2;
  b->q[0] = 0 - p; /* 2^64 - p = (1-p) in 0.64 fixed point */
  for (unsigned j = 1; j < 64; j++)
    b->q[j] = mulhi64(b->q[j - 1], b->q[j - 1]);
}

uint64_t rifl_ber_gap(const rifl_ber_t *b, prng_t *r) {
  if (b->mode == 0)
    return UINT64_MAX;
  if (b->mode == 1)
    return 0;
  /* Largest m with U < (1-p)^m, built from the binary digits of m down. */
  uint64_t u = prng_next(r), cur = 0, m = 0;
  int one = 1; /* cur stands for 1.0 (not representable) */
  for (unsigned j = 64; j-- > 0;) {
    uint64_t cand = one ? b->q[j] : mulhi64(cur, b->q[j]);
    if (u < cand) {
      cur = cand;
      one = 0;
      m += UINT64_C(1) << j;
    }
  }
  return m;
}

/* ---- channel ------------------------------------------------------------- */

int rifl_chan_init(rifl_chan_t *c, unsigned offset, double ber, uint64_t seed) {
  memset(c, 0, sizeof *c);
  if (offset > RIFL_CHAN_MAX_OFFSET)
    return -1;
  c->offset = offset;
  rifl_ber_init(&c->ber, ber);
  prng_seed(&c->rng, seed);
  c->gap = rifl_ber_gap(&c->ber, &c->rng);
  return 0;
}

/* Transmitted word x (0 before the start). */
static uint64_t tx_word(const rifl_chan_t *c, uint64_t j, uint64_t back) {
  return j < back ? 0 : c->hist[(j - back) % RIFL_CHAN_HIST];
}

uint64_t rifl_chan_word(rifl_chan_t *c, uint64_t tx) {
  uint64_t j = c->t++;
  c->hist[j % RIFL_CHAN_HIST] = tx;
  unsigned q = c->offset / 64, r = c->offset % 64;
  /* r_j[i] = s[64 j + i - k]: words j-q (low bits shifted up) and j-q-1 */
  uint64_t w = tx_word(c, j, q) << r;
  if (r)
    w |= tx_word(c, j, q + 1) >> (64 - r);
  /* errors in serial order over the received bits */
  unsigned pos = 0;
  while (c->gap < 64 - pos) {
    pos += (unsigned)c->gap;
    w ^= UINT64_C(1) << pos;
    c->errors++;
    pos++;
    c->gap = rifl_ber_gap(&c->ber, &c->rng);
  }
  if (c->gap != UINT64_MAX)
    c->gap -= 64 - pos;
  c->bits += 64;
  return w;
}

void rifl_chan_words(rifl_chan_t *c, const uint64_t *tx, size_t n, uint64_t *rx) {
  for (size_t i = 0; i < n; i++)
    rx[i] = rifl_chan_word(c, tx[i]);
}
