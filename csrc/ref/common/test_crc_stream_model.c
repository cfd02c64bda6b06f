/* test_crc_stream_model.c - crc_stream cycle model. */
#include <string.h>

#include "bits.h"
#include "crc_engine_model.h"
#include "crc_stream_model.h"
#include "prng.h"
#include "unit.h"

static crc_stream_out_t cycle(crc_stream_model_t *m, unsigned start, unsigned valid,
                              const uint32_t *data, unsigned nbytes) {
  crc_stream_in_t in = {start, valid, data, nbytes};
  crc_stream_out_t o;
  crc_stream_model_comb(m, &in, &o);
  crc_stream_model_clock(m, &in);
  return o;
}

/* n bytes at the top of a data_w-bit word, the rest random (must not matter). */
static void pack(prng_t *r, uint32_t *w, unsigned data_w, const uint8_t *bytes, unsigned n) {
  prng_fill_bits(r, w, data_w);
  for (unsigned k = 0; k < n; k++)
    bits_put_stream_byte(w, data_w, k, bytes[k]);
}

/* The published check values through partial words: "123456789" as 8 + 1 bytes. */
static void t_check_values(ut_t *t) {
  static const struct {
    const crc_params_t *p;
    uint32_t check;
  } cv[] = {{&CRC_32, 0xCBF43926u}, {&CRC_32C, 0xE3069283u}, {&CRC_12_RIFL, 0x11Bu}};
  const uint8_t *msg = (const uint8_t *)"123456789";
  prng_t r;
  prng_seed(&r, 90);
  for (unsigned i = 0; i < 3; i++) {
    crc_stream_model_t m;
    UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){*cv[i].p, 64}) == 0, "init");
    uint32_t w[2];
    pack(&r, w, 64, msg, 8);
    cycle(&m, 1, 1, w, 8);
    pack(&r, w, 64, msg + 8, 1);
    crc_stream_out_t o = cycle(&m, 0, 1, w, 1);
    UT_EQ(t, o.crc, cv[i].check, "crc including the 1-byte word");
    o = cycle(&m, 0, 0, w, 8);
    UT_EQ(t, o.crc_reg, cv[i].check, "crc_reg after it");
    UT_EQ(t, o.crc, cv[i].check, "crc without valid = crc_reg");
    /* the same one byte a word, with empty words (nbytes 0) between */
    for (unsigned k = 0; k < 9; k++) {
      pack(&r, w, 64, msg + k, 1);
      cycle(&m, k == 0, 1, w, 1);
      o = cycle(&m, 0, 1, w, 0);
    }
    UT_EQ(t, o.crc, cv[i].check, "one byte a word, empty words between");
  }
}

/* Random messages cut into words of random byte counts (any word partial, empty words), idle
 * cycles, start-only empty messages, a start after a junk word; crc against crc.c's bitwise CRC of
 * the message so far (the model uses the byte table), crc_reg on the next cycle. */
static void random_messages(ut_t *t, const crc_params_t *p, unsigned data_w, uint64_t seed) {
  crc_stream_model_t m;
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){*p, data_w}) == 0, "init");
  prng_t r;
  prng_seed(&r, seed);
  const unsigned nb = data_w / 8;
  static uint8_t msg[4 * 256 + 64];
  uint32_t w[BITS_WORDS(CRC_STREAM_MAX_DATA_W)] = {0};
  unsigned partial = 0, empty = 0;
  for (int trial = 0; trial < 60; trial++) {
    unsigned len = (unsigned)prng_below(&r, trial % 3 ? 4 * nb + 2 : 40), done = 0;
    prng_fill(&r, msg, len);
    /* a junk word first: it belongs to the previous message, the start forgets it */
    if (prng_bernoulli(&r, 0.3)) {
      prng_fill_bits(&r, w, data_w);
      cycle(&m, 0, 1, w, (unsigned)prng_below(&r, nb + 1));
    }
    int first = 1; /* start with the first word, or (0) a start-only cycle before it */
    if (len == 0 || prng_bernoulli(&r, 0.3)) {
      crc_stream_out_t o = cycle(&m, 1, 0, w, (unsigned)prng_below(&r, nb + 1));
      UT_EQ(t, o.crc, crc_compute_bitwise(p, msg, 0), "start alone: the empty message");
      first = 0;
    }
    while (done < len) {
      while (prng_bernoulli(&r, 0.25))
        cycle(&m, 0, 0, w, (unsigned)prng_below(&r, nb + 1)); /* idle: state holds */
      unsigned n = prng_bernoulli(&r, 0.4)   ? nb
                   : prng_bernoulli(&r, 0.1) ? 0
                                             : (unsigned)prng_range(&r, 1, nb);
      if (n > len - done)
        n = len - done;
      partial += n < nb;
      empty += n == 0;
      pack(&r, w, data_w, msg + done, n);
      done += n;
      crc_stream_out_t o = cycle(&m, first, 1, w, n);
      first = 0;
      UT_EQ(t, o.crc, crc_compute_bitwise(p, msg, done), "crc including the word");
    }
    crc_stream_out_t o = cycle(&m, 0, 0, w, nb);
    UT_EQ(t, o.crc_reg, crc_compute_bitwise(p, msg, len), "crc_reg after the message");
  }
  UT_CHECK(t, partial > 20 && empty > 2, "too few partial (%u) or empty (%u) words", partial,
           empty);
}

static void t_random_d8(ut_t *t) { random_messages(t, &CRC_32, 8, 91); }
static void t_random_d40(ut_t *t) { random_messages(t, &CRC_32, 40, 92); }
static void t_random_d64(ut_t *t) { random_messages(t, &CRC_32C, 64, 93); }
static void t_random_d24_crc12(ut_t *t) { random_messages(t, &CRC_12_RIFL, 24, 94); }
static void t_random_d512(ut_t *t) { random_messages(t, &CRC_32C, 512, 95); }
static void t_random_d2048(ut_t *t) { random_messages(t, &CRC_32, 2048, 96); }

/* With every word full, crc_stream is crc_engine: the two models agree cycle by cycle on any
 * start / valid pattern. */
static void t_full_words_are_crc_engine(ut_t *t) {
  static const struct {
    const crc_params_t *p;
    unsigned w;
  } cfg[] = {{&CRC_32, 8}, {&CRC_32C, 64}, {&CRC_12_RIFL, 256}, {&CRC_32, 1024}};
  prng_t r;
  prng_seed(&r, 97);
  for (unsigned i = 0; i < 4; i++) {
    crc_stream_model_t s;
    crc_engine_model_t e;
    UT_CHECK(t, crc_stream_model_init(&s, &(crc_stream_params_t){*cfg[i].p, cfg[i].w}) == 0,
             "init");
    UT_CHECK(t, crc_engine_model_init(&e, &(crc_engine_params_t){*cfg[i].p, cfg[i].w}) == 0,
             "init");
    uint32_t w[32];
    for (int c = 0; c < 500; c++) {
      prng_fill_bits(&r, w, cfg[i].w);
      crc_stream_in_t si = {(unsigned)prng_bernoulli(&r, 0.1), (unsigned)prng_bernoulli(&r, 0.7), w,
                            cfg[i].w / 8};
      crc_engine_in_t ei = {si.start, si.valid, w};
      crc_stream_out_t so;
      crc_engine_out_t eo;
      crc_stream_model_comb(&s, &si, &so);
      crc_engine_model_comb(&e, &ei, &eo);
      UT_CHECK(t, so.crc == eo.crc && so.crc_reg == eo.crc_reg, "DATA_W=%u cycle %d", cfg[i].w, c);
      crc_stream_model_clock(&s, &si);
      crc_engine_model_clock(&e, &ei);
    }
  }
}

/* nbytes above DATA_W/8: the assertion's flag, and zero bytes past the end of the word (what the
 * RTL's shifted-out window holds). */
static void t_nbytes_above(ut_t *t) {
  crc_stream_model_t m;
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){CRC_32, 40}) == 0, "init");
  UT_EQ(t, m.nbw, 3, "nbytes width of DATA_W=40");
  uint8_t b[7] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0, 0};
  prng_t r;
  prng_seed(&r, 98);
  uint32_t w[2];
  pack(&r, w, 40, b, 5);
  crc_stream_in_t in = {1, 1, w, 7};
  crc_stream_out_t o;
  crc_stream_model_comb(&m, &in, &o);
  UT_EQ(t, crc_stream_model_clock(&m, &in), CRC_STREAM_NBYTES, "assertion flag");
  UT_EQ(t, o.crc, crc_compute_bitwise(&CRC_32, b, 7), "the word and two zero bytes");
  in.nbytes = 5;
  UT_EQ(t, crc_stream_model_clock(&m, &in), 0, "nbytes = DATA_W/8 is legal");
  in.valid = 0;
  in.nbytes = 7;
  UT_EQ(t, crc_stream_model_clock(&m, &in), 0, "no valid, no check");
}

static void t_params(ut_t *t) {
  crc_stream_model_t m;
  static const unsigned bad_w[] = {0, 4, 12, 2056, 4096};
  for (unsigned i = 0; i < sizeof bad_w / sizeof bad_w[0]; i++)
    UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){CRC_32, bad_w[i]}) != 0,
             "DATA_W=%u accepted", bad_w[i]);
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){CRC_32, 8}) == 0, "DATA_W=8");
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){CRC_32, 2048}) == 0, "DATA_W=2048");
  crc_params_t p = CRC_32;
  p.refin = 2;
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){p, 64}) != 0, "REFIN=2");
  p = CRC_32;
  p.refout = -1;
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){p, 64}) != 0, "REFOUT=-1");
  p = CRC_12_RIFL;
  p.init = 0x1000;
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){p, 64}) != 0, "INIT wider");
  p = CRC_32;
  p.width = 33;
  UT_CHECK(t, crc_stream_model_init(&m, &(crc_stream_params_t){p, 64}) != 0, "CRC_W=33");
  UT_EQ(t, crc_stream_nbytes_width(8), 1, "nbytes width of DATA_W=8");
  UT_EQ(t, crc_stream_nbytes_width(24), 2, "nbytes width of DATA_W=24");
  UT_EQ(t, crc_stream_nbytes_width(64), 4, "nbytes width of DATA_W=64");
  UT_EQ(t, crc_stream_nbytes_width(2048), 9, "nbytes width of DATA_W=2048");
}

UT_SUITE(crc_stream_model) {
  ut_run(s, "crc_stream_model_check_values", t_check_values);
  ut_run(s, "crc_stream_model_random_d8", t_random_d8);
  ut_run(s, "crc_stream_model_random_d40", t_random_d40);
  ut_run(s, "crc_stream_model_random_d64", t_random_d64);
  ut_run(s, "crc_stream_model_random_d24_crc12", t_random_d24_crc12);
  ut_run(s, "crc_stream_model_random_d512", t_random_d512);
  ut_run(s, "crc_stream_model_random_d2048", t_random_d2048);
  ut_run(s, "crc_stream_model_full_words_are_crc_engine", t_full_words_are_crc_engine);
  ut_run(s, "crc_stream_model_nbytes_above", t_nbytes_above);
  ut_run(s, "crc_stream_model_params", t_params);
}
