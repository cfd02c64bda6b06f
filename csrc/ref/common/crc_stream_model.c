/* crc_stream_model.c - registered Rocksoft CRC over the first nbytes bytes of each word. */
#include "crc_stream_model.h"

#include "bits.h"

unsigned crc_stream_nbytes_width(unsigned data_w) { return bits_clog2((uint64_t)data_w / 8 + 1); }

int crc_stream_model_init(crc_stream_model_t *m, const crc_stream_params_t *p) {
  m->p = *p;
  m->reg = 0;
  m->nbw = crc_stream_nbytes_width(p->data_w);
  if (crc_init(&m->c, &p->crc))
    return -1;
  if ((p->crc.refin != 0 && p->crc.refin != 1) || (p->crc.refout != 0 && p->crc.refout != 1))
    return -1;
  if (p->data_w < 8 || p->data_w > CRC_STREAM_MAX_DATA_W || p->data_w % 8)
    return -1;
  crc_stream_model_reset(m);
  return 0;
}

void crc_stream_model_reset(crc_stream_model_t *m) { m->reg = m->p.crc.init; }

uint32_t crc_stream_model_step(const crc_stream_model_t *m, uint32_t reg, const uint32_t *data,
                               unsigned nbytes) {
  /* nbytes has nbw bits, so at most 2 * DATA_W/8 - 1 bytes; those past the word are zero. */
  uint8_t bytes[2 * CRC_STREAM_MAX_DATA_W / 8] = {0};
  unsigned nb = m->p.data_w / 8;
  nbytes &= (1u << m->nbw) - 1u;
  for (unsigned k = 0; k < nbytes && k < nb; k++)
    bytes[k] = (uint8_t)bits_stream_byte(data, m->p.data_w, k);
  return crc_update(&m->c, reg, bytes, nbytes);
}

static uint32_t next_reg(const crc_stream_model_t *m, const crc_stream_in_t *in) {
  uint32_t base = in->start ? m->p.crc.init : m->reg;
  return in->valid ? crc_stream_model_step(m, base, in->data, in->nbytes) : base;
}

void crc_stream_model_comb(const crc_stream_model_t *m, const crc_stream_in_t *in,
                           crc_stream_out_t *out) {
  out->crc = crc_finish(&m->p.crc, next_reg(m, in));
  out->crc_reg = crc_finish(&m->p.crc, m->reg);
}

unsigned crc_stream_model_clock(crc_stream_model_t *m, const crc_stream_in_t *in) {
  unsigned viol = in->valid && (in->nbytes & ((1u << m->nbw) - 1u)) > m->p.data_w / 8;
  m->reg = next_reg(m, in);
  return viol ? CRC_STREAM_NBYTES : 0;
}
