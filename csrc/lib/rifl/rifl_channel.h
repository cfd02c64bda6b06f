/*
 * rifl_channel.h - the transceiver side of RIFL (docs/rifl/rifl_frame.md): a frame as
 * FW/64 64-bit words, most significant word first (word 0 = frame bits
 * [FW-1:FW-64]); each word on the serial line least significant bit first,
 * so serial bit 64 t + i is bit i of word t; and a channel model that delays
 * the serial stream by k bits (zeros before the start) and flips bits at a
 * given bit error rate, delivering words r_j[i] = s[64 j + i - k] ^ e[64 j + i].
 *
 * Serial bit streams are little-endian uint32_t bit vectors (bit n = time n).
 * Errors use a geometric skip drawn with integer arithmetic only (no libm, no
 * floating point after the BER is converted once), so the error pattern is
 * the same for a seed on every platform, and a BER of 1e-12 costs nothing per
 * bit.
 */
#ifndef REF_RIFL_CHANNEL_H
#define REF_RIFL_CHANNEL_H

#include <stddef.h>
#include <stdint.h>

#include "prng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIFL_CHAN_HIST 66u                                       /* transmitted words kept */
#define RIFL_CHAN_MAX_OFFSET (64u * (RIFL_CHAN_HIST - 2u) + 63u) /* 4159 bits */

/* Frame (FW bits) <-> FW/64 words, word 0 = bits [FW-1:FW-64]. */
void rifl_frame_to_words(const uint32_t *frame, unsigned fw, uint64_t *words);
void rifl_words_to_frame(const uint64_t *words, unsigned fw, uint32_t *frame);

/* Words -> serial stream (n words, 64 n bits, each word LSB first) and back
 * (n words from the first 64 n bits). */
void rifl_serialize(const uint64_t *words, size_t n, uint32_t *serial);
void rifl_deserialize(const uint32_t *serial, size_t n, uint64_t *words);
/* out[i] = in[i - k] for i < nbits (zeros for i < k); out must not alias in. */
void rifl_serial_shift(const uint32_t *in, size_t nbits, size_t k, uint32_t *out);

/* ---- bit errors: geometric gaps between flipped bits ---- */
typedef struct {
  uint64_t q[64]; /* (1-p)^(2^j) as 0.64 fixed point */
  int mode;       /* 0: no errors, 1: every bit, 2: geometric */
} rifl_ber_t;

/* ber <= 0 (or below 2^-64): never; ber >= 1: every bit. */
void rifl_ber_init(rifl_ber_t *b, double ber);
/* Error-free bits before the next error, G with P(G >= m) = (1-p)^m;
 * UINT64_MAX for "never". One prng_next() per call (none when mode != 2). */
uint64_t rifl_ber_gap(const rifl_ber_t *b, prng_t *r);

/* ---- channel: word in, word out ---- */
typedef struct {
  unsigned offset; /* k, 0..RIFL_CHAN_MAX_OFFSET */
  rifl_ber_t ber;
  prng_t rng;
  uint64_t hist[RIFL_CHAN_HIST]; /* transmitted word t at hist[t % RIFL_CHAN_HIST] */
  uint64_t t;                    /* words transmitted so far */
  uint64_t gap;                  /* error-free received bits before the next error */
  uint64_t bits, errors;         /* received bits, flipped bits */
} rifl_chan_t;

/* Returns -1 if offset > RIFL_CHAN_MAX_OFFSET. seed seeds the error stream. */
int rifl_chan_init(rifl_chan_t *c, unsigned offset, double ber, uint64_t seed);
/* Transmits one word and returns the received word r_j (j = words so far). */
uint64_t rifl_chan_word(rifl_chan_t *c, uint64_t tx);
/* n words through the channel (tx and rx may alias). */
void rifl_chan_words(rifl_chan_t *c, const uint64_t *tx, size_t n, uint64_t *rx);

#ifdef __cplusplus
}
#endif
#endif
