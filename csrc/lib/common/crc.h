/*
 * crc.h - generic CRC in the Rocksoft model (width, poly, init, refin,
 * refout, xorout) for widths 1..32.
 *
 * The register is always kept non-reflected (MSB first, as the RTL's
 * crc_comb does); refin reflects each input byte before it is shifted in and
 * refout reflects the register before xorout. Two implementations: bitwise
 * (any width) and byte-table (width >= 8); crc_update() picks the table when
 * it can, and the unit tests prove both agree.
 */
#ifndef REF_CRC_H
#define REF_CRC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned width; /* 1..32 */
  uint32_t poly;  /* without the x^width term */
  uint32_t init;
  int refin;
  int refout;
  uint32_t xorout;
} crc_params_t;

extern const crc_params_t CRC_32;      /* IEEE 802.3, check 0xCBF43926 */
extern const crc_params_t CRC_32C;     /* Castagnoli, check 0xE3069283 */
extern const crc_params_t CRC_12_RIFL; /* x^12+x^5+x^3+x^2+x+1, init 0, no refl. */

typedef struct {
  crc_params_t p;
  int has_table; /* width >= 8 */
  uint32_t table[256];
} crc_t;

/* Returns 0, or -1 if a parameter does not fit the width. */
int crc_params_check(const crc_params_t *p);
/* Builds the byte table when width >= 8. Returns crc_params_check(). */
int crc_init(crc_t *c, const crc_params_t *p);

uint32_t crc_mask(unsigned width);            /* width low bits set */
uint32_t crc_reflect(uint32_t v, unsigned n); /* reverse the low n bits */

/* Raw register step (crc_comb): shift in one bit MSB first. */
uint32_t crc_raw_bit(unsigned width, uint32_t poly, uint32_t reg, unsigned bit);
/* Raw register step over bits nbits-1 down to 0 of a little-endian word array
 * (so a W-bit frame goes in most significant bit first). */
uint32_t crc_raw_bits(unsigned width, uint32_t poly, uint32_t reg, const uint32_t *words,
                      unsigned nbits);

/* Message bytes into a register (refin applied per byte), no init/final. */
uint32_t crc_update_bitwise(const crc_params_t *p, uint32_t reg, const uint8_t *data, size_t len);
uint32_t crc_update_table(const crc_t *c, uint32_t reg, const uint8_t *data, size_t len);
uint32_t crc_update(const crc_t *c, uint32_t reg, const uint8_t *data, size_t len);

/* Register to CRC value: refout then xorout. */
uint32_t crc_finish(const crc_params_t *p, uint32_t reg);

/* Whole message: init, update, finish. */
uint32_t crc_compute(const crc_t *c, const uint8_t *data, size_t len);
uint32_t crc_compute_bitwise(const crc_params_t *p, const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
