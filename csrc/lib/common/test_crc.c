/* test_crc.c - generic CRC: check values, table == bitwise, raw bit strings. */
#include <string.h>

#include "bits.h"
#include "crc.h"
#include "prng.h"
#include "unit.h"

static const uint8_t check_msg[] = "123456789";
#define CHECK_LEN 9

/* Both implementations must give the catalogued check value. */
static void expect_check(ut_t *t, const char *name, const crc_params_t *p, uint32_t check) {
  crc_t c;
  UT_CHECK(t, crc_init(&c, p) == 0, "%s: params rejected", name);
  UT_CHECK(t, crc_compute_bitwise(p, check_msg, CHECK_LEN) == check,
           "%s bitwise: got 0x%x, expected 0x%x", name,
           (unsigned)crc_compute_bitwise(p, check_msg, CHECK_LEN), (unsigned)check);
  UT_CHECK(t, crc_compute(&c, check_msg, CHECK_LEN) == check, "%s table: got 0x%x, expected 0x%x",
           name, (unsigned)crc_compute(&c, check_msg, CHECK_LEN), (unsigned)check);
}

static void t_crc32(ut_t *t) { expect_check(t, "CRC-32", &CRC_32, 0xCBF43926u); }
static void t_crc32c(ut_t *t) { expect_check(t, "CRC-32C", &CRC_32C, 0xE3069283u); }

/* Independent method: the remainder of M(x) * x^12 modulo the full generator
 * x^12 + 0x02F, by long division on the message bits (init 0, no reflection,
 * xorout 0, so it equals the Rocksoft CRC). */
static uint32_t crc12_long_division(const uint8_t *msg, size_t len) {
  const uint32_t gen = (1u << 12) | 0x02Fu;
  uint32_t rem = 0;
  for (size_t i = 0; i < 8 * len + 12; i++) {
    unsigned bit = i < 8 * len ? (msg[i / 8] >> (7 - i % 8)) & 1u : 0;
    rem = (rem << 1) | bit;
    if (rem & (1u << 12))
      rem ^= gen;
  }
  return rem;
}

static void t_crc12_rifl(ut_t *t) {
  uint32_t ref = crc12_long_division(check_msg, CHECK_LEN);
  ut_info("CRC-12/RIFL (poly 0x02F, init 0, no refl., xorout 0) of \"123456789\" = 0x%03X",
          (unsigned)ref);
  UT_EQ(t, ref, 0x11B, "long division check value (also computed in Python)");
  expect_check(t, "CRC-12/RIFL", &CRC_12_RIFL, ref);
}

/* Parameters and check values from the CRC RevEng catalogue. */
static void t_catalogue(ut_t *t) {
  static const struct {
    const char *name;
    crc_params_t p;
    uint32_t check;
  } cat[] = {
      {"CRC-3/ROHC", {3, 0x3, 0x7, 1, 1, 0x0}, 0x6},
      {"CRC-5/USB", {5, 0x05, 0x1F, 1, 1, 0x1F}, 0x19},
      {"CRC-7/MMC", {7, 0x09, 0x00, 0, 0, 0x00}, 0x75},
      {"CRC-8/SMBUS", {8, 0x07, 0x00, 0, 0, 0x00}, 0xF4},
      {"CRC-16/CCITT-FALSE", {16, 0x1021, 0xFFFF, 0, 0, 0x0000}, 0x29B1},
      {"CRC-16/ARC", {16, 0x8005, 0x0000, 1, 1, 0x0000}, 0xBB3D},
      {"CRC-16/KERMIT", {16, 0x1021, 0x0000, 1, 1, 0x0000}, 0x2189},
      {"CRC-24/OPENPGP", {24, 0x864CFB, 0xB704CE, 0, 0, 0x000000}, 0x21CF02},
      {"CRC-32/BZIP2", {32, 0x04C11DB7, 0xFFFFFFFF, 0, 0, 0xFFFFFFFF}, 0xFC891918},
      {"CRC-32/MPEG-2", {32, 0x04C11DB7, 0xFFFFFFFF, 0, 0, 0x00000000}, 0x0376E6E7},
  };
  for (size_t i = 0; i < sizeof cat / sizeof cat[0]; i++) {
    expect_check(t, cat[i].name, &cat[i].p, cat[i].check);
    if (t->failed)
      return;
  }
}

static void random_params(prng_t *r, crc_params_t *p, unsigned min_width) {
  p->width = (unsigned)prng_range(r, min_width, 32);
  uint32_t m = crc_mask(p->width);
  p->poly = prng_u32(r) & m;
  p->init = prng_u32(r) & m;
  p->xorout = prng_u32(r) & m;
  p->refin = (int)prng_below(r, 2);
  p->refout = (int)prng_below(r, 2);
}

static void t_table_equals_bitwise(ut_t *t) {
  prng_t r;
  prng_seed(&r, 11);
  for (int trial = 0; trial < 300; trial++) {
    crc_params_t p;
    crc_t c;
    uint8_t msg[64];
    random_params(&r, &p, 8);
    size_t len = (size_t)prng_below(&r, sizeof msg + 1);
    prng_fill(&r, msg, len);
    UT_CHECK(t, crc_init(&c, &p) == 0 && c.has_table, "width %u: no table", p.width);
    uint32_t a = crc_compute_bitwise(&p, msg, len), b = crc_compute(&c, msg, len);
    UT_CHECK(t, a == b, "w=%u poly=%x refin=%d len=%zu: bitwise 0x%x, table 0x%x", p.width,
             (unsigned)p.poly, p.refin, len, (unsigned)a, (unsigned)b);
  }
}

/* The raw bit-string step matches byte updates for whole bytes (packed first
 * byte most significant) and the single-bit step for any length. */
static void t_raw_bits(ut_t *t) {
  prng_t r;
  prng_seed(&r, 12);
  for (int trial = 0; trial < 200; trial++) {
    crc_params_t p;
    random_params(&r, &p, 1);
    p.refin = 0;
    uint8_t msg[32];
    uint32_t words[8] = {0};
    unsigned nbytes = (unsigned)prng_range(&r, 1, 32);
    prng_fill(&r, msg, nbytes);
    for (unsigned k = 0; k < nbytes; k++)
      for (unsigned j = 0; j < 8; j++)
        bits_put(words, 8 * (nbytes - 1 - k) + j, (msg[k] >> j) & 1u);
    uint32_t a = crc_update_bitwise(&p, p.init, msg, nbytes);
    uint32_t b = crc_raw_bits(p.width, p.poly, p.init, words, 8 * nbytes);
    UT_CHECK(t, a == b, "w=%u bytes=%u: bytes 0x%x, bit string 0x%x", p.width, nbytes, (unsigned)a,
             (unsigned)b);
    unsigned nbits = (unsigned)prng_range(&r, 1, 256);
    prng_fill_bits(&r, words, nbits);
    uint32_t reg = p.init;
    for (unsigned i = nbits; i-- > 0;)
      reg = crc_raw_bit(p.width, p.poly, reg, bits_get(words, i));
    UT_EQ(t, crc_raw_bits(p.width, p.poly, p.init, words, nbits), reg, "raw bits, odd length");
  }
}

static void t_helpers(ut_t *t) {
  UT_EQ(t, crc_reflect(0x1, 8), 0x80, "reflect 8");
  UT_EQ(t, crc_reflect(0x04C11DB7, 32), 0xEDB88320, "reflect CRC-32 poly");
  UT_EQ(t, crc_reflect(0x02F, 12), 0xF40, "reflect 12");
  UT_EQ(t, crc_mask(32), 0xFFFFFFFF, "mask 32");
  UT_EQ(t, crc_mask(1), 1, "mask 1");
  crc_params_t bad = {12, 0x1002F, 0, 0, 0, 0};
  UT_CHECK(t, crc_params_check(&bad) != 0, "poly wider than width accepted");
  bad.poly = 0x2F;
  bad.width = 33;
  UT_CHECK(t, crc_params_check(&bad) != 0, "width 33 accepted");
  crc_t c;
  UT_CHECK(t, crc_init(&c, &CRC_12_RIFL) == 0 && c.has_table, "12-bit CRC has a table");
  crc_params_t w5 = {5, 0x05, 0x1F, 1, 1, 0x1F};
  UT_CHECK(t, crc_init(&c, &w5) == 0 && !c.has_table, "5-bit CRC must go bitwise");
}

UT_SUITE(crc) {
  ut_run(s, "crc32_check", t_crc32);
  ut_run(s, "crc32c_check", t_crc32c);
  ut_run(s, "crc12_rifl_check", t_crc12_rifl);
  ut_run(s, "crc_catalogue", t_catalogue);
  ut_run(s, "crc_table_equals_bitwise", t_table_equals_bitwise);
  ut_run(s, "crc_raw_bits", t_raw_bits);
  ut_run(s, "crc_helpers", t_helpers);
}
