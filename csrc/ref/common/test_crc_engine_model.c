/* test_crc_engine_model.c - crc_comb and crc_engine cycle models. */
#include <string.h>

#include "bits.h"
#include "crc_engine_model.h"
#include "prng.h"
#include "unit.h"

static crc_engine_out_t cycle(crc_engine_model_t *m, unsigned start, unsigned valid,
                              const uint32_t *data) {
  crc_engine_in_t in = {start, valid, data};
  crc_engine_out_t o;
  crc_engine_model_comb(m, &in, &o);
  crc_engine_model_clock(m, &in);
  return o;
}

/* Packs bytes into a data_w-bit word, first byte most significant. */
static void pack(uint32_t *w, unsigned data_w, const uint8_t *bytes) {
  memset(w, 0, BITS_WORDS(data_w) * 4);
  for (unsigned k = 0; k < data_w / 8; k++)
    for (unsigned j = 0; j < 8; j++)
      bits_put(w, data_w - 8 * (k + 1) + j, (bytes[k] >> j) & 1u);
}

static void t_crc32_d8_check(ut_t *t) {
  crc_engine_model_t m;
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){CRC_32, 8}) == 0, "init");
  const char *msg = "123456789";
  crc_engine_out_t o = cycle(&m, 0, 0, &(uint32_t){0});
  UT_EQ(t, o.crc_reg, 0, "reset: finish(INIT) = ~reflect(0xFFFFFFFF) = 0");
  for (int i = 0; i < 9; i++) {
    uint32_t b = (uint8_t)msg[i];
    o = cycle(&m, i == 0, 1, &b);
    if (i == 4)
      o = cycle(&m, 0, 0, &(uint32_t){0xff}); /* a gap: state holds */
  }
  UT_EQ(t, o.crc, 0xCBF43926, "crc during the last byte");
  o = cycle(&m, 0, 0, &(uint32_t){0x5a});
  UT_EQ(t, o.crc_reg, 0xCBF43926, "crc_reg after the last byte");
  UT_EQ(t, o.crc, 0xCBF43926, "crc without valid = crc_reg");
  /* start without valid loads INIT; crc shows finish(INIT) at once. */
  o = cycle(&m, 1, 0, &(uint32_t){0x31});
  UT_CHECK(t, o.crc == 0 && o.crc_reg == 0xCBF43926, "start without valid");
  o = cycle(&m, 0, 0, &(uint32_t){0});
  UT_EQ(t, o.crc_reg, 0, "INIT loaded");
}

/* A restart in the middle of a message forgets the old words. */
static void t_restart(ut_t *t) {
  crc_engine_model_t m;
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){CRC_32C, 64}) == 0, "init");
  uint8_t bytes[16] = "123456789ABCDEFG";
  uint32_t w0[2], w1[2], junk[2] = {0xdeadbeef, 0x01234567};
  pack(w0, 64, bytes);
  pack(w1, 64, bytes + 8);
  cycle(&m, 1, 1, junk);
  cycle(&m, 0, 1, junk);
  cycle(&m, 1, 1, w0);
  crc_engine_out_t o = cycle(&m, 0, 1, w1);
  crc_t c;
  crc_init(&c, &CRC_32C);
  UT_EQ(t, o.crc, crc_compute(&c, bytes, 16), "CRC-32C of 16 bytes in two 64-bit words");
}

/* Random multi-word messages with gaps against the byte-string CRC. */
static void random_messages(ut_t *t, const crc_params_t *p, unsigned data_w, uint64_t seed) {
  crc_engine_model_t m;
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){*p, data_w}) == 0, "init");
  crc_t c;
  crc_init(&c, p);
  prng_t r;
  prng_seed(&r, seed);
  uint8_t msg[16 * 128], bytes[128];
  uint32_t w[32];
  for (int trial = 0; trial < 30; trial++) {
    unsigned nw = (unsigned)prng_range(&r, 1, 16), len = 0;
    for (unsigned k = 0; k < nw; k++) {
      while (prng_bernoulli(&r, 0.3))
        cycle(&m, 0, 0, w); /* idle cycles keep the state */
      prng_fill(&r, bytes, data_w / 8);
      memcpy(msg + len, bytes, data_w / 8);
      len += data_w / 8;
      pack(w, data_w, bytes);
      crc_engine_out_t o = cycle(&m, k == 0, 1, w);
      UT_EQ(t, o.crc, crc_compute(&c, msg, len), "crc (combinational)");
    }
    crc_engine_out_t o = cycle(&m, 0, 0, w);
    UT_EQ(t, o.crc_reg, crc_compute(&c, msg, len), "crc_reg");
  }
}

static void t_random_d8(ut_t *t) { random_messages(t, &CRC_32, 8, 61); }
static void t_random_d64(ut_t *t) { random_messages(t, &CRC_32C, 64, 62); }
static void t_random_d256(ut_t *t) { random_messages(t, &CRC_12_RIFL, 256, 63); }
static void t_random_d1024(ut_t *t) { random_messages(t, &CRC_32, 1024, 64); }

/* DATA_W not a multiple of 8 (no reflection): the raw register over the bit
 * string of all words, MSB first, as RIFL's CRC over a frame's bits. */
static void t_odd_width(ut_t *t) {
  crc_engine_model_t m;
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){CRC_12_RIFL, 21}) == 0, "init");
  prng_t r;
  prng_seed(&r, 65);
  uint32_t reg = 0, w;
  for (int k = 0; k < 10; k++) {
    prng_fill_bits(&r, &w, 21);
    crc_engine_out_t o = cycle(&m, k == 0, 1, &w);
    reg = crc_comb_model(12, 0x02F, reg, &w, 21);
    UT_EQ(t, o.crc, reg, "crc over a 21-bit word stream");
  }
  uint32_t ref = 0;
  for (int i = 20; i >= 0; i--)
    ref = crc_raw_bit(12, 0x02F, ref, (w >> i) & 1u);
  UT_EQ(t, crc_comb_model(12, 0x02F, 0, &w, 21), ref, "crc_comb = serial MSB-first steps");
}

static void t_params(ut_t *t) {
  crc_engine_model_t m;
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){CRC_32, 12}) != 0,
           "REFIN with DATA_W=12 accepted");
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){CRC_12_RIFL, 0}) != 0, "DATA_W=0");
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){CRC_12_RIFL, 1025}) != 0,
           "DATA_W=1025");
  UT_CHECK(t, crc_engine_model_init(&m, &(crc_engine_params_t){CRC_12_RIFL, 1}) == 0, "DATA_W=1");
}

UT_SUITE(crc_engine_model) {
  ut_run(s, "crc_engine_model_crc32_d8_check", t_crc32_d8_check);
  ut_run(s, "crc_engine_model_restart", t_restart);
  ut_run(s, "crc_engine_model_random_d8", t_random_d8);
  ut_run(s, "crc_engine_model_random_d64", t_random_d64);
  ut_run(s, "crc_engine_model_random_d256", t_random_d256);
  ut_run(s, "crc_engine_model_random_d1024", t_random_d1024);
  ut_run(s, "crc_engine_model_odd_width", t_odd_width);
  ut_run(s, "crc_engine_model_params", t_params);
}
