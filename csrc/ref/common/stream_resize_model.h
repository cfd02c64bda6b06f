/*
 * stream_resize_model.h - cycle model of rtl/common stream_resize #(IN_B, OUT_B): a byte stream
 * from IN_B-byte beats to OUT_B-byte beats, valid/ready, nbytes, last
 * (docs/common/stream_resize.md).
 *
 *   IN_B > OUT_B  no data register: a piece counter k picks bytes [k*OUT_B, (k+1)*OUT_B) of the
 *                 input beat (from the top); rem = in_nbytes - k*OUT_B (IN_W bits, wrapping),
 *                 the piece is the beat's last when rem <= OUT_B; in_ready = out_ready on the
 *                 last piece only; out_* are combinational from in_* and k.
 *   IN_B < OUT_B  a gathering register (acc, acc_n, k, acc_full, acc_last): out_* are the
 *                 register, in_ready = !acc_full || out_ready; an accepted beat goes to place k
 *                 (place 0 clears the others) and completes the word on in_last or place R-1.
 *   IN_B = OUT_B  wires (no assertions either).
 * IN_W = $clog2(IN_B+1), OUT_W = $clog2(OUT_B+1) are the nbytes widths; the model wraps where the
 * RTL's vectors wrap, so it agrees with the RTL on any input, legal or not.
 */
#ifndef REF_STREAM_RESIZE_MODEL_H
#define REF_STREAM_RESIZE_MODEL_H

#include <stdint.h>

#include "bits.h"

#ifdef __cplusplus
extern "C" {
#endif

#define STREAM_RESIZE_MAX_B (BITS_MAX / 8) /* 512 bytes: the widest port the harness has */

typedef struct {
  unsigned in_b; /* powers of two, 1 .. STREAM_RESIZE_MAX_B */
  unsigned out_b;
} stream_resize_params_t;

typedef struct {
  unsigned in_valid;
  const uint32_t *in_data; /* in_b*8 bits, first byte in the top byte */
  unsigned in_nbytes;      /* IN_W bits (higher bits ignored, as by the port) */
  unsigned in_last;
  unsigned out_ready;
} stream_resize_in_t;

typedef struct {
  unsigned in_ready;
  unsigned out_valid;
  uint32_t out_data[BITS_MAX_WORDS]; /* out_b*8 bits */
  unsigned out_nbytes;               /* OUT_W bits */
  unsigned out_last;
} stream_resize_out_t;

typedef struct {
  stream_resize_params_t p;
  unsigned in_w, out_w; /* nbytes widths */
  unsigned r;           /* the larger width over the smaller */
  unsigned k;           /* down: piece of the input beat; up: place of the next input beat */
  /* up only: the gathering register */
  uint32_t acc[BITS_MAX_WORDS];
  unsigned acc_n, acc_full, acc_last;
} stream_resize_model_t;

/* Violations reported by stream_resize_model_clock (the RTL's assertions, not with IN_B = OUT_B).
 */
#define STREAM_RESIZE_NBYTES 1u   /* in_valid with in_nbytes 0 or above IN_B */
#define STREAM_RESIZE_NOT_FULL 2u /* in_valid, not in_last, in_nbytes != IN_B */

unsigned stream_resize_nbytes_width(unsigned b); /* $clog2(b+1) */
int stream_resize_model_init(stream_resize_model_t *m,
                             const stream_resize_params_t *p); /* -1: bad params */
void stream_resize_model_reset(stream_resize_model_t *m);
void stream_resize_model_comb(const stream_resize_model_t *m, const stream_resize_in_t *in,
                              stream_resize_out_t *out);
/* Applies the edge; returns 0 or STREAM_RESIZE_* flags of the violated assertions. */
unsigned stream_resize_model_clock(stream_resize_model_t *m, const stream_resize_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
