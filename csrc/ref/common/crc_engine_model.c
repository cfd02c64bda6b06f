/* crc_engine_model.c - registered Rocksoft CRC over DATA_W-bit words. */
#include "crc_engine_model.h"

#include "bits.h"

#define CRC_ENGINE_MAX_DATA_W 1024u

uint32_t crc_comb_model(unsigned crc_w, uint32_t poly, uint32_t crc_in, const uint32_t *data,
                        unsigned data_w) {
  return crc_raw_bits(crc_w, poly, crc_in & crc_mask(crc_w), data, data_w);
}

int crc_engine_model_init(crc_engine_model_t *m, const crc_engine_params_t *p) {
  m->p = *p;
  m->reg = 0;
  if (crc_init(&m->c, &p->crc))
    return -1;
  if (p->data_w < 1 || p->data_w > CRC_ENGINE_MAX_DATA_W)
    return -1;
  if (p->crc.refin && p->data_w % 8)
    return -1;
  crc_engine_model_reset(m);
  return 0;
}

void crc_engine_model_reset(crc_engine_model_t *m) { m->reg = m->p.crc.init; }

/* Byte k of the word counts from the most significant end (wire order). */
static uint8_t word_byte(const uint32_t *data, unsigned data_w, unsigned k) {
  unsigned lsb = data_w - 8 * (k + 1);
  unsigned v = 0;
  for (unsigned j = 0; j < 8; j++)
    v |= bits_get(data, lsb + j) << j;
  return (uint8_t)v;
}

uint32_t crc_engine_model_step(const crc_engine_model_t *m, uint32_t reg, const uint32_t *data) {
  unsigned w = m->p.data_w;
  if (w % 8) /* refin is 0 here (init checks it): plain MSB-first bits */
    return crc_raw_bits(m->p.crc.width, m->p.crc.poly, reg, data, w);
  uint8_t bytes[CRC_ENGINE_MAX_DATA_W / 8];
  for (unsigned k = 0; k < w / 8; k++)
    bytes[k] = word_byte(data, w, k);
  return crc_update(&m->c, reg, bytes, w / 8);
}

static uint32_t next_reg(const crc_engine_model_t *m, const crc_engine_in_t *in) {
  uint32_t base = in->start ? m->p.crc.init : m->reg;
  return in->valid ? crc_engine_model_step(m, base, in->data) : base;
}

void crc_engine_model_comb(const crc_engine_model_t *m, const crc_engine_in_t *in,
                           crc_engine_out_t *out) {
  out->crc = crc_finish(&m->p.crc, next_reg(m, in));
  out->crc_reg = crc_finish(&m->p.crc, m->reg);
}

void crc_engine_model_clock(crc_engine_model_t *m, const crc_engine_in_t *in) {
  m->reg = next_reg(m, in);
}
