/*
 * crc_engine_model.h - cycle models of rtl/common crc_comb and crc_engine.
 *
 * crc_engine keeps a non-reflected register reg (reset: INIT). Per cycle:
 *   base = start ? INIT : reg
 *   next = valid ? step(base, data) : base      (step: DATA_W bits, MSB first,
 *                                                each byte reflected if REFIN)
 *   crc     = finish(next)   (refout, xorout)   -- combinational
 *   crc_reg = finish(reg)                        -- registered only
 * and the rising edge loads reg = next. So crc is what crc_reg shows after
 * the edge; with start && !valid it is finish(INIT).
 */
#ifndef REF_CRC_ENGINE_MODEL_H
#define REF_CRC_ENGINE_MODEL_H

#include <stdint.h>

#include "crc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* crc_comb: crc_in after shifting in data_w bits of data, MSB first (raw, no
 * reflection, init or xorout). */
uint32_t crc_comb_model(unsigned crc_w, uint32_t poly, uint32_t crc_in, const uint32_t *data,
                        unsigned data_w);

typedef struct {
  crc_params_t crc;
  unsigned data_w; /* 1..1024; a multiple of 8 when refin */
} crc_engine_params_t;

typedef struct {
  unsigned start;
  unsigned valid;
  const uint32_t *data; /* data_w bits, first byte in data[W-1:W-8] */
} crc_engine_in_t;

typedef struct {
  uint32_t crc;
  uint32_t crc_reg;
} crc_engine_out_t;

typedef struct {
  crc_engine_params_t p;
  crc_t c;
  uint32_t reg;
} crc_engine_model_t;

int crc_engine_model_init(crc_engine_model_t *m, const crc_engine_params_t *p); /* -1: bad params */
void crc_engine_model_reset(crc_engine_model_t *m);
/* Register after shifting one data word into reg (refin applied). */
uint32_t crc_engine_model_step(const crc_engine_model_t *m, uint32_t reg, const uint32_t *data);
void crc_engine_model_comb(const crc_engine_model_t *m, const crc_engine_in_t *in,
                           crc_engine_out_t *out);
void crc_engine_model_clock(crc_engine_model_t *m, const crc_engine_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
