/*
 * sync_fifo_model.h - cycle model of rtl/common sync_fifo #(WIDTH, DEPTH):
 * first-word-fall-through, in_ready = level < DEPTH, out_valid = level != 0,
 * push and pop at the same edge allowed (docs/common/sync_fifo.md).
 */
#ifndef REF_FIFO_MODEL_H
#define REF_FIFO_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned width; /* >= 1 */
  unsigned depth; /* >= 2, any value */
} fifo_params_t;

typedef struct {
  unsigned in_valid;
  const uint32_t *in_data; /* width bits */
  unsigned out_ready;
} fifo_in_t;

typedef struct {
  unsigned in_ready;
  unsigned out_valid;
  const uint32_t *out_data; /* oldest entry (points into the model; stale when !out_valid) */
  unsigned level;
} fifo_out_t;

typedef struct {
  fifo_params_t p;
  unsigned words; /* words per entry */
  unsigned head;  /* index of the oldest entry */
  unsigned level;
  uint32_t *mem; /* depth * words, zeroed at init */
} fifo_model_t;

unsigned fifo_level_width(unsigned depth); /* $clog2(DEPTH+1) */

/* Allocates the storage; returns -1 on illegal params or no memory. */
int fifo_model_init(fifo_model_t *m, const fifo_params_t *p);
void fifo_model_free(fifo_model_t *m);
void fifo_model_reset(fifo_model_t *m); /* empty; contents are not reset */
void fifo_model_comb(const fifo_model_t *m, const fifo_in_t *in, fifo_out_t *out);
void fifo_model_clock(fifo_model_t *m, const fifo_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
