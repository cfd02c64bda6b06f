/*
 * scrambler_model.h - self-synchronizing scrambler / descrambler, and the
 * cycle model of rtl/common scrambler and descrambler (docs/common/scrambler.md).
 *
 * Scrambler:   out[n] = in[n] ^ XOR_{k in TAPS} out[n-k]
 * Descrambler: out[n] = in[n] ^ XOR_{k in TAPS} in[n-k]
 * TAPS bit k-1 set means the term x^k. The history holds the last LEN bits
 * (of out for the scrambler, of in for the descrambler), bit 0 = most recent,
 * so the feedback is parity(history & TAPS). Words are W-bit little-endian
 * uint32_t arrays; MSB_FIRST=1 makes in[W-1] the earliest bit in time.
 */
#ifndef REF_SCRAMBLER_H
#define REF_SCRAMBLER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned w;     /* bits per word, >= 1 (any width) */
  unsigned len;   /* history length, 1..64 */
  uint64_t taps;  /* nonzero, no bit at or above len */
  int msb_first;  /* 1: in[w-1] is the earliest bit */
  uint64_t seed;  /* history after reset, fits len bits */
  int descramble; /* 0: scrambler, 1: descrambler */
} scr_params_t;

typedef struct {
  scr_params_t p;
  uint64_t hist;
} scr_t;

/* Returns 0, or -1 for illegal parameters. */
int scr_params_check(const scr_params_t *p);

/* Pure step over one word: writes out (may alias in; NULL: history only) and
 * returns the history after the word's w bits. Bits of out above w are cleared. */
uint64_t scr_run(const scr_params_t *p, uint64_t hist, const uint32_t *in, uint32_t *out);

/* Cycle model: init (returns -1 on bad params) leaves the reset state. */
int scr_init(scr_t *s, const scr_params_t *p);
void scr_reset(scr_t *s);
/* Combinational out from in and the history. */
void scr_comb(const scr_t *s, const uint32_t *in, uint32_t *out);
/* Rising edge: the history advances over the word only when valid. */
void scr_clock(scr_t *s, int valid, const uint32_t *in);

#ifdef __cplusplus
}
#endif
#endif
