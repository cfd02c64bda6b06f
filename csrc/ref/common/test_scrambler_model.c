/* test_scrambler_model.c - self-synchronizing scrambler / descrambler. */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "scrambler_model.h"
#include "unit.h"

#define TAPS_X13_X33 ((UINT64_C(1) << 32) | (UINT64_C(1) << 12)) /* 1 + x^13 + x^33 */

static scr_params_t params(unsigned w, unsigned len, uint64_t taps, int msb_first, uint64_t seed,
                           int descramble) {
  scr_params_t p = {w, len, taps, msb_first, seed, descramble};
  return p;
}

/* Hand derivation, zero history, input 1 then 39 zeros, out[n] = in[n] ^
 * out[n-13] ^ out[n-33]: out[0] = 1; out[13] = out[0] = 1; out[26] = out[13]
 * = 1; out[33] = out[20] ^ out[0] = 1; out[39] = out[26] ^ out[6] = 1; every
 * other n < 40 has out[n-13] = out[n-33] = 0. So ones at {0,13,26,33,39}. */
static void t_known_x13_x33(ut_t *t) {
  /* One 40-bit word, LSB first: bit n is time n. */
  scr_params_t p = params(40, 33, TAPS_X13_X33, 0, 0, 0);
  uint32_t in[2] = {1, 0}, out[2];
  scr_run(&p, 0, in, out);
  UT_EQ(t, ((uint64_t)out[1] << 32) | out[0], UINT64_C(0x8204002001), "40-bit LSB-first word");
  /* Five 8-bit words, MSB first: time n is word n/8, bit 7 - n%8, so
   * 80 04 00 20 41; the history carries across words. */
  static const uint32_t exp[5] = {0x80, 0x04, 0x00, 0x20, 0x41};
  scr_t s;
  UT_CHECK(t, scr_init(&s, &(scr_params_t){8, 33, TAPS_X13_X33, 1, 0, 0}) == 0, "init");
  for (int i = 0; i < 5; i++) {
    uint32_t x = i == 0 ? 0x80 : 0, o;
    scr_comb(&s, &x, &o);
    UT_EQ(t, o, exp[i], "8-bit MSB-first word");
    scr_clock(&s, 1, &x);
  }
  /* The descrambler gives the impulse back. */
  scr_t d;
  UT_CHECK(t, scr_init(&d, &(scr_params_t){8, 33, TAPS_X13_X33, 1, 0, 1}) == 0, "init");
  for (int i = 0; i < 5; i++) {
    uint32_t o;
    scr_comb(&d, &exp[i], &o);
    UT_EQ(t, o, i == 0 ? 0x80u : 0u, "descrambled word");
    scr_clock(&d, 1, &exp[i]);
  }
}

static void random_poly(prng_t *r, unsigned *len, uint64_t *taps) {
  *len = (unsigned)prng_range(r, 1, 64);
  uint64_t m = *len == 64 ? UINT64_MAX : (UINT64_C(1) << *len) - 1;
  *taps = (prng_next(r) & m) | (UINT64_C(1) << (*len - 1));
}

static void t_round_trip(ut_t *t) {
  static const unsigned widths[] = {1, 7, 20, 32, 64, 66, 257, 1024, 1100};
  prng_t r;
  prng_seed(&r, 21);
  uint32_t in[BITS_WORDS(1100)], mid[BITS_WORDS(1100)], out[BITS_WORDS(1100)];
  for (int trial = 0; trial < 60; trial++) {
    unsigned w = widths[trial % 9], len;
    uint64_t taps;
    random_poly(&r, &len, &taps);
    uint64_t seed = prng_next(&r) & (len == 64 ? UINT64_MAX : (UINT64_C(1) << len) - 1);
    int msb = (int)prng_below(&r, 2);
    scr_params_t ps = params(w, len, taps, msb, seed, 0), pd = params(w, len, taps, msb, seed, 1);
    uint64_t hs = seed, hd = seed;
    for (int word = 0; word < 4; word++) {
      prng_fill_bits(&r, in, w);
      hs = scr_run(&ps, hs, in, mid);
      hd = scr_run(&pd, hd, mid, out);
      UT_CHECK(t, memcmp(in, out, BITS_WORDS(w) * 4) == 0, "W=%u LEN=%u msb=%d word %d differs", w,
               len, msb, word);
      UT_CHECK(t, hs == hd, "histories differ (both hold the scrambled stream)");
    }
  }
}

/* Bit n in time order of a word stream. */
static unsigned time_bit(const uint32_t *words, unsigned w, int msb_first, unsigned n) {
  const uint32_t *word = words + (n / w) * BITS_WORDS(w);
  unsigned i = n % w;
  return bits_get(word, msb_first ? w - 1 - i : i);
}

/* A descrambler started from a wrong history is right from bit LEN on. */
static void t_self_sync(ut_t *t) {
  enum { W = 20, NW = 8 };
  prng_t r;
  prng_seed(&r, 22);
  uint32_t in[NW], mid[NW], out[NW];
  for (int trial = 0; trial < 40; trial++) {
    unsigned len = (unsigned)prng_range(&r, 1, 64);
    uint64_t m = len == 64 ? UINT64_MAX : (UINT64_C(1) << len) - 1;
    uint64_t taps = (prng_next(&r) & m) | (UINT64_C(1) << (len - 1)) | 1u;
    int msb = trial & 1;
    scr_params_t ps = params(W, len, taps, msb, prng_next(&r) & m, 0);
    scr_params_t pd = params(W, len, taps, msb, ~ps.seed & m, 1);
    uint64_t hs = ps.seed, hd = pd.seed;
    for (int k = 0; k < NW; k++) {
      prng_fill_bits(&r, &in[k], W);
      hs = scr_run(&ps, hs, &in[k], &mid[k]);
      hd = scr_run(&pd, hd, &mid[k], &out[k]);
    }
    int early_error = 0;
    for (unsigned n = 0; n < W * NW; n++) {
      unsigned a = time_bit(in, W, msb, n), b = time_bit(out, W, msb, n);
      UT_CHECK(t, n < len || a == b, "LEN=%u: bit %u wrong after sync", len, n);
      early_error |= n < len && a != b;
    }
    /* The wrong seed disagrees in every history bit, including x^LEN's. */
    UT_CHECK(t, early_error || len > W * NW, "LEN=%u: wrong seed never showed", len);
  }
}

/* A W-bit word is W serial 1-bit steps in time order. */
static void t_word_equals_serial(ut_t *t) {
  prng_t r;
  prng_seed(&r, 23);
  for (int trial = 0; trial < 40; trial++) {
    unsigned w = (unsigned)prng_range(&r, 1, 200), len;
    uint64_t taps;
    random_poly(&r, &len, &taps);
    int msb = trial & 1, desc = (trial >> 1) & 1;
    scr_params_t pw = params(w, len, taps, msb, 0, desc), p1 = params(1, len, taps, 0, 0, desc);
    uint32_t in[7], out[7], serial[7] = {0};
    prng_fill_bits(&r, in, w);
    uint64_t hw = scr_run(&pw, 5 & (len == 64 ? UINT64_MAX : (UINT64_C(1) << len) - 1), in, out);
    uint64_t h1 = 5 & (len == 64 ? UINT64_MAX : (UINT64_C(1) << len) - 1);
    for (unsigned n = 0; n < w; n++) {
      unsigned idx = msb ? w - 1 - n : n;
      uint32_t b = bits_get(in, idx), o;
      h1 = scr_run(&p1, h1, &b, &o);
      bits_put(serial, idx, o);
    }
    UT_CHECK(t, hw == h1, "history differs");
    UT_CHECK(t, memcmp(out, serial, BITS_WORDS(w) * 4) == 0, "W=%u msb=%d: word != serial", w, msb);
  }
}

static void t_model(ut_t *t) {
  /* The w20_lsb top: LEN=7, TAPS=0x48 (x^4 + x^7), SEED=0x55. */
  scr_t s;
  UT_CHECK(t, scr_init(&s, &(scr_params_t){20, 7, 0x48, 0, 0x55, 0}) == 0, "init");
  UT_EQ(t, s.hist, 0x55, "reset history = SEED");
  uint32_t in = 0xabcde, o1, o2;
  scr_comb(&s, &in, &o1);
  scr_clock(&s, 0, &in);
  UT_EQ(t, s.hist, 0x55, "history moved without valid");
  scr_comb(&s, &in, &o2);
  UT_EQ(t, o1, o2, "comb output changed without valid");
  /* First bit: out[0] = in[0] ^ hist[3] ^ hist[6] = 0 ^ 0 ^ 1 = 1. */
  UT_EQ(t, o1 & 1u, 1, "first output bit");
  scr_clock(&s, 1, &in);
  UT_EQ(t, s.hist, scr_run(&s.p, 0x55, &in, NULL), "history after a valid word");
  UT_CHECK(t, s.hist != 0x55, "history did not move");
  scr_reset(&s);
  UT_EQ(t, s.hist, 0x55, "reset");
  /* In-place operation. */
  uint32_t buf = 0xabcde;
  scr_run(&s.p, 0x55, &buf, &buf);
  UT_EQ(t, buf, o1, "in-place run");
  scr_params_t bad = {20, 7, 0x80, 0, 0, 0};
  UT_CHECK(t, scr_params_check(&bad) != 0, "tap x^8 with LEN=7 accepted");
  bad.taps = 0;
  UT_CHECK(t, scr_params_check(&bad) != 0, "no taps accepted");
  bad.taps = 0x48;
  bad.seed = 0x80;
  UT_CHECK(t, scr_params_check(&bad) != 0, "seed wider than LEN accepted");
}

UT_SUITE(scrambler_model) {
  ut_run(s, "scrambler_known_x13_x33", t_known_x13_x33);
  ut_run(s, "scrambler_round_trip", t_round_trip);
  ut_run(s, "scrambler_self_sync", t_self_sync);
  ut_run(s, "scrambler_word_equals_serial", t_word_equals_serial);
  ut_run(s, "scrambler_model", t_model);
}
