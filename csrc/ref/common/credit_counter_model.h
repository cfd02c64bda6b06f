/*
 * credit_counter_model.h - cycle model of rtl/common credit_counter #(INIT, GIVE_W):
 * count resets to INIT, count <= count - take + give (CNT_W = $clog2(INIT+1)
 * bits, wrapping like the RTL if the assertions are violated).
 */
#ifndef REF_CREDIT_MODEL_H
#define REF_CREDIT_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned init;   /* 1 .. 2^31-1 */
  unsigned give_w; /* 1 .. 31 */
} credit_params_t;

typedef struct {
  unsigned take;
  unsigned give; /* give_w bits */
} credit_in_t;

typedef struct {
  unsigned count;
  unsigned avail;
} credit_out_t;

typedef struct {
  credit_params_t p;
  unsigned cnt_w;
  unsigned count;
} credit_model_t;

/* Violations reported by credit_model_clock (the RTL's assertions). */
#define CREDIT_UNDERFLOW 1u /* take while count == 0 */
#define CREDIT_OVERFLOW 2u  /* count would exceed INIT */

unsigned credit_cnt_width(unsigned init);                           /* $clog2(INIT+1) */
int credit_model_init(credit_model_t *m, const credit_params_t *p); /* -1: bad params */
void credit_model_reset(credit_model_t *m);
void credit_model_comb(const credit_model_t *m, const credit_in_t *in, credit_out_t *out);
/* Applies the edge; returns 0 or CREDIT_* flags of the violated assertions. */
unsigned credit_model_clock(credit_model_t *m, const credit_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
