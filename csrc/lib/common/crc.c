/* crc.c - Rocksoft-model CRC, bitwise and byte-table. */
#include "crc.h"

#include "bits.h"

const crc_params_t CRC_32 = {32, 0x04C11DB7u, 0xFFFFFFFFu, 1, 1, 0xFFFFFFFFu};
const crc_params_t CRC_32C = {32, 0x1EDC6F41u, 0xFFFFFFFFu, 1, 1, 0xFFFFFFFFu};
const crc_params_t CRC_12_RIFL = {12, 0x02Fu, 0, 0, 0, 0};

uint32_t crc_mask(unsigned width) { return width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1u); }

uint32_t crc_reflect(uint32_t v, unsigned n) {
  uint32_t r = 0;
  for (unsigned i = 0; i < n; i++)
    r |= ((v >> i) & 1u) << (n - 1 - i);
  return r;
}

int crc_params_check(const crc_params_t *p) {
  if (p->width < 1 || p->width > 32)
    return -1;
  uint32_t m = crc_mask(p->width);
  if ((p->poly & ~m) || (p->init & ~m) || (p->xorout & ~m))
    return -1;
  return 0;
}

uint32_t crc_raw_bit(unsigned width, uint32_t poly, uint32_t reg, unsigned bit) {
  uint32_t fb = ((reg >> (width - 1)) ^ bit) & 1u;
  reg = (reg << 1) & crc_mask(width);
  return fb ? reg ^ poly : reg;
}

uint32_t crc_raw_bits(unsigned width, uint32_t poly, uint32_t reg, const uint32_t *words,
                      unsigned nbits) {
  for (unsigned i = nbits; i-- > 0;)
    reg = crc_raw_bit(width, poly, reg, bits_get(words, i));
  return reg;
}

uint32_t crc_update_bitwise(const crc_params_t *p, uint32_t reg, const uint8_t *data, size_t len) {
  for (size_t k = 0; k < len; k++) {
    unsigned byte = p->refin ? crc_reflect(data[k], 8) : data[k];
    for (int i = 7; i >= 0; i--)
      reg = crc_raw_bit(p->width, p->poly, reg, (byte >> i) & 1u);
  }
  return reg;
}

/* table[b] is the register change for the top byte b: MSB-first, width >= 8. */
static void crc_build_table(crc_t *c) {
  unsigned w = c->p.width;
  for (uint32_t b = 0; b < 256; b++) {
    uint32_t reg = b << (w - 8);
    for (int i = 0; i < 8; i++)
      reg = crc_raw_bit(w, c->p.poly, reg, 0);
    c->table[b] = reg;
  }
}

int crc_init(crc_t *c, const crc_params_t *p) {
  c->p = *p;
  c->has_table = 0;
  if (crc_params_check(p))
    return -1;
  if (p->width >= 8) {
    crc_build_table(c);
    c->has_table = 1;
  }
  return 0;
}

uint32_t crc_update_table(const crc_t *c, uint32_t reg, const uint8_t *data, size_t len) {
  unsigned w = c->p.width;
  uint32_t m = crc_mask(w);
  for (size_t k = 0; k < len; k++) {
    uint32_t byte = c->p.refin ? crc_reflect(data[k], 8) : data[k];
    uint32_t idx = ((reg >> (w - 8)) ^ byte) & 0xFFu;
    reg = ((reg << 8) & m) ^ c->table[idx];
  }
  return reg;
}

uint32_t crc_update(const crc_t *c, uint32_t reg, const uint8_t *data, size_t len) {
  return c->has_table ? crc_update_table(c, reg, data, len)
                      : crc_update_bitwise(&c->p, reg, data, len);
}

uint32_t crc_finish(const crc_params_t *p, uint32_t reg) {
  if (p->refout)
    reg = crc_reflect(reg, p->width);
  return (reg ^ p->xorout) & crc_mask(p->width);
}

uint32_t crc_compute(const crc_t *c, const uint8_t *data, size_t len) {
  return crc_finish(&c->p, crc_update(c, c->p.init, data, len));
}

uint32_t crc_compute_bitwise(const crc_params_t *p, const uint8_t *data, size_t len) {
  return crc_finish(p, crc_update_bitwise(p, p->init, data, len));
}
