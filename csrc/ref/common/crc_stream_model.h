/*
 * crc_stream_model.h - cycle model of rtl/common crc_stream: crc_engine for byte streams whose
 * words may be partial (docs/common/crc_stream.md).
 *
 * Like crc_engine, a non-reflected register reg (reset: INIT). Per cycle:
 *   base = start ? INIT : reg
 *   next = valid ? update(base, the first nbytes bytes of data) : base
 *   crc     = finish(next)   (refout, xorout)   -- combinational, includes this word
 *   crc_reg = finish(reg)                        -- registered only
 * and the rising edge loads reg = next. Bytes count from the most significant byte of data
 * (wire order); update is crc.c's byte-wise register update (refin per byte). nbytes 0 is an
 * empty word. nbytes above DATA_W/8 is the RTL's assertion; its byte-count steps then shift
 * zero bytes in past the end of the word, and so does the model, so both still agree.
 */
#ifndef REF_CRC_STREAM_MODEL_H
#define REF_CRC_STREAM_MODEL_H

#include <stdint.h>

#include "crc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CRC_STREAM_MAX_DATA_W 2048u

typedef struct {
  crc_params_t crc; /* refin and refout 0 or 1 */
  unsigned data_w;  /* a multiple of 8 in 8 .. 2048 */
} crc_stream_params_t;

typedef struct {
  unsigned start;
  unsigned valid;
  const uint32_t *data; /* data_w bits, first byte in data[W-1:W-8] */
  unsigned nbytes;      /* crc_stream_nbytes_width(data_w) bits */
} crc_stream_in_t;

typedef struct {
  uint32_t crc;
  uint32_t crc_reg;
} crc_stream_out_t;

typedef struct {
  crc_stream_params_t p;
  crc_t c;
  unsigned nbw; /* width of nbytes */
  uint32_t reg;
} crc_stream_model_t;

/* Violation reported by crc_stream_model_clock (the RTL's assertion). */
#define CRC_STREAM_NBYTES 1u /* valid with nbytes above DATA_W/8 */

unsigned crc_stream_nbytes_width(unsigned data_w); /* $clog2(DATA_W/8+1) */
int crc_stream_model_init(crc_stream_model_t *m, const crc_stream_params_t *p); /* -1: bad */
void crc_stream_model_reset(crc_stream_model_t *m);
/* Register after shifting the first nbytes bytes of data into reg (refin applied). */
uint32_t crc_stream_model_step(const crc_stream_model_t *m, uint32_t reg, const uint32_t *data,
                               unsigned nbytes);
void crc_stream_model_comb(const crc_stream_model_t *m, const crc_stream_in_t *in,
                           crc_stream_out_t *out);
/* Applies the edge; returns 0 or CRC_STREAM_NBYTES. */
unsigned crc_stream_model_clock(crc_stream_model_t *m, const crc_stream_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
