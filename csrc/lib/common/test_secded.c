/* test_secded.c - APElink's header SECDED (docs/noc/apelink.md "Header ECC"): r, the data
 * positions, hand-computed check bytes, an independent encoder written from the contract text,
 * clean words, every single flip corrected and double flips detected (all pairs at W 64, a
 * random sample at W 96 and 128), and syndromes that name no position. */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "secded.h"
#include "unit.h"

static const unsigned widths[] = {64, 96, 128};

/* A random W-bit word with its check byte written by secded_encode(). */
static void random_codeword(prng_t *g, uint32_t *x, unsigned w) {
  memset(x, 0, 4 * sizeof *x);
  prng_fill_bits(g, x, w);
  secded_encode(x, w);
}

static void flip(uint32_t *x, unsigned b) { bits_put(x, b, bits_get(x, b) ^ 1u); }

static int same(const uint32_t *a, const uint32_t *b) { return !memcmp(a, b, 4 * sizeof *a); }

/* The check byte as the contract states it, position by position: c[i] = XOR of the d[j] whose
 * position has bit i set; p = XOR of every d and c; {p, zeros, c}. Shares no code with
 * secded.c. */
static unsigned naive_ecc(const uint32_t *x, unsigned w) {
  unsigned k = w - 8, r = w == 64 ? 6 : 7, posn[120] = {0}, n = 0, c = 0, p = 0;
  for (unsigned pos = 1; n < k; pos++)
    if (pos & (pos - 1))
      posn[n++] = pos;
  for (unsigned i = 0; i < r; i++) {
    unsigned ci = 0;
    for (unsigned j = 0; j < k; j++)
      if (posn[j] >> i & 1u)
        ci ^= bits_get(x, j);
    c |= ci << i;
    p ^= ci;
  }
  for (unsigned j = 0; j < k; j++)
    p ^= bits_get(x, j);
  return p << 7 | c;
}

static unsigned ecc_byte(const uint32_t *x, unsigned w) {
  unsigned v = 0;
  for (unsigned b = 0; b < 8; b++)
    v |= bits_get(x, w - 8 + b) << b;
  return v;
}

/* ------------------------------------------------------------------ tests */

static void t_r_and_positions(ut_t *t) {
  UT_EQ(t, secded_r(56), 6, "r for W 64");
  UT_EQ(t, secded_r(88), 7, "r for W 96");
  UT_EQ(t, secded_r(120), 7, "r for W 128");
  UT_EQ(t, secded_r(1), 2, "r for K 1 (4 >= 4)");
  UT_EQ(t, secded_r(4), 3, "r for K 4 (Hamming(7,4))");
  UT_EQ(t, secded_r(11), 4, "r for K 11");
  UT_EQ(t, secded_r(12), 5, "r for K 12");
  static const unsigned pos[] = {3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17};
  for (unsigned j = 0; j < sizeof pos / sizeof pos[0]; j++)
    UT_EQ(t, secded_data_pos(j), pos[j], "position of d[j]");
  UT_EQ(t, secded_data_pos(55), 62, "d[55] at 62: W 64 uses positions 1..62");
  UT_EQ(t, secded_data_pos(87), 95, "d[87] at 95");
  UT_EQ(t, secded_data_pos(119), 127, "d[119] at 127");
}

static void t_hand(ut_t *t) {
  uint32_t x[4] = {0};
  secded_encode(x, 64);
  UT_CHECK(t, x[0] == 0 && x[1] == 0, "zero data, zero check byte");
  /* d[0] at position 3 = 0b11: c0 = c1 = 1; p = d0 ^ c0 ^ c1 = 1 -> bits 56, 57, 63 */
  x[0] = 1;
  secded_encode(x, 64);
  UT_EQ(t, x[1], 0x83000000u, "W 64, d[0] only");
  UT_EQ(t, x[0], 1, "data untouched");
  /* d[1] at 5 = 0b101: c0 = c2 = 1, p = 1 */
  memset(x, 0, sizeof x);
  x[0] = 2;
  secded_encode(x, 64);
  UT_EQ(t, x[1], 0x85000000u, "W 64, d[1] only");
  /* d[3] at 7 = 0b111: c0..c2, p = 0 (four ones) */
  memset(x, 0, sizeof x);
  x[0] = 8;
  secded_encode(x, 128);
  UT_EQ(t, x[3], 0x07000000u, "W 128, d[3] only");
  /* d[119] at 127: every c set (7), p = 1 ^ (seven ones) = 0 */
  memset(x, 0, sizeof x);
  x[3] = 1u << 23;
  secded_encode(x, 128);
  UT_EQ(t, x[3], 0x7F800000u, "W 128, d[119] only");
  /* the byte is rewritten, whatever was there (W 64: bit 62 cleared) */
  memset(x, 0, sizeof x);
  x[0] = 1;
  x[1] = 0x7C000000u;
  secded_encode(x, 64);
  UT_EQ(t, x[1], 0x83000000u, "stale byte replaced");
  /* W 96 uses only three elements */
  uint32_t y[4] = {0, 0, 0, 0xDEADBEEFu};
  y[0] = 1;
  secded_encode(y, 96);
  UT_EQ(t, y[2], 0x83000000u, "W 96, d[0] only");
  UT_EQ(t, y[3], 0xDEADBEEFu, "element 3 untouched at W 96");
}

static void t_vs_naive(ut_t *t) {
  prng_t g;
  prng_seed(&g, 11);
  for (unsigned wi = 0; wi < 3; wi++)
    for (unsigned n = 0; n < 2000; n++) {
      unsigned w = widths[wi];
      uint32_t x[4] = {0};
      prng_fill_bits(&g, x, w);
      unsigned want = naive_ecc(x, w);
      secded_encode(x, w);
      UT_CHECK(t, ecc_byte(x, w) == want, "W %u: byte 0x%02x, naive 0x%02x", w, ecc_byte(x, w),
               want);
    }
}

static void t_clean(ut_t *t) {
  prng_t g;
  prng_seed(&g, 12);
  for (unsigned wi = 0; wi < 3; wi++)
    for (unsigned n = 0; n < 1000; n++) {
      uint32_t x[4], y[4];
      random_codeword(&g, x, widths[wi]);
      memcpy(y, x, sizeof y);
      UT_EQ(t, secded_decode(y, widths[wi]), SECDED_CLEAN, "clean word");
      UT_CHECK(t, same(x, y), "clean word changed");
    }
}

/* Every bit of random codewords. W 64's bit 62 is not checked: its flip decodes clean and is
 * left in the word (only a corrected word gets its byte recomputed). */
static void t_single(ut_t *t) {
  prng_t g;
  prng_seed(&g, 13);
  for (unsigned wi = 0; wi < 3; wi++) {
    unsigned w = widths[wi];
    for (unsigned n = 0; n < 40; n++) {
      uint32_t x[4];
      random_codeword(&g, x, w);
      for (unsigned b = 0; b < w; b++) {
        uint32_t y[4];
        memcpy(y, x, sizeof y);
        flip(y, b);
        int rc = secded_decode(y, w);
        if (w == 64 && b == 62) {
          UT_EQ(t, rc, SECDED_CLEAN, "W 64 bit 62 is not checked");
          UT_CHECK(t, bits_get(y, 62) == 1, "W 64 bit 62: a clean word is left as received");
          continue;
        }
        UT_CHECK(t, rc == SECDED_CORRECTED, "W %u bit %u: rc %d", w, b, rc);
        UT_CHECK(t, same(x, y), "W %u bit %u: not restored", w, b);
      }
    }
  }
}

/* Flips bits a and b and expects uncorrectable (word unchanged); at W 64 a pair with bit 62 is
 * one checked error, corrected back to the codeword. */
static int double_ok(const uint32_t *x, unsigned w, unsigned a, unsigned b) {
  uint32_t y[4], z[4];
  memcpy(y, x, sizeof y);
  flip(y, a);
  flip(y, b);
  memcpy(z, y, sizeof z);
  int rc = secded_decode(y, w);
  if (w == 64 && (a == 62 || b == 62))
    return rc == SECDED_CORRECTED && same(x, y);
  return rc == SECDED_UNCORRECTABLE && same(y, z);
}

static void t_double_all_w64(ut_t *t) {
  prng_t g;
  prng_seed(&g, 14);
  for (unsigned n = 0; n < 8; n++) {
    uint32_t x[4];
    random_codeword(&g, x, 64);
    for (unsigned a = 0; a < 64; a++)
      for (unsigned b = a + 1; b < 64; b++)
        UT_CHECK(t, double_ok(x, 64, a, b), "W 64 word %u bits %u, %u", n, a, b);
  }
}

static void t_double_sample(ut_t *t) {
  prng_t g;
  prng_seed(&g, 15);
  for (unsigned wi = 1; wi < 3; wi++) {
    unsigned w = widths[wi];
    for (unsigned n = 0; n < 100; n++) {
      uint32_t x[4];
      random_codeword(&g, x, w);
      for (unsigned m = 0; m < 500; m++) {
        unsigned a = (unsigned)prng_below(&g, w), b = (unsigned)prng_below(&g, w - 1);
        if (b >= a)
          b++;
        UT_CHECK(t, double_ok(x, w, a, b), "W %u bits %u, %u", w, a, b);
      }
    }
  }
}

/* Three errors with q = 1 whose syndrome is above K + r: uncorrectable, word unchanged. */
static void t_no_position(ut_t *t) {
  prng_t g;
  prng_seed(&g, 16);
  /* W 64: p, c5 (position 32) and d at position 31 (d[25]): s = 63 > 62 */
  uint32_t x[4], y[4];
  random_codeword(&g, x, 64);
  memcpy(y, x, sizeof y);
  flip(y, 63);
  flip(y, 56 + 5);
  flip(y, 25);
  UT_EQ(t, secded_data_pos(25), 31, "d[25] at 31");
  memcpy(x, y, sizeof x);
  UT_EQ(t, secded_decode(y, 64), SECDED_UNCORRECTABLE, "W 64 s = 63");
  UT_CHECK(t, same(x, y), "W 64: uncorrectable word changed");
  /* W 96: p, c6 (64) and d at 63 (d[56]): s = 127 > 95 */
  random_codeword(&g, x, 96);
  memcpy(y, x, sizeof y);
  flip(y, 95);
  flip(y, 88 + 6);
  flip(y, 56);
  UT_EQ(t, secded_data_pos(56), 63, "d[56] at 63");
  memcpy(x, y, sizeof x);
  UT_EQ(t, secded_decode(y, 96), SECDED_UNCORRECTABLE, "W 96 s = 127");
  UT_CHECK(t, same(x, y), "W 96: uncorrectable word changed");
}

UT_SUITE(secded) {
  ut_run(s, "secded r and data positions", t_r_and_positions);
  ut_run(s, "secded hand-computed check bytes", t_hand);
  ut_run(s, "secded encoder vs the contract's text", t_vs_naive);
  ut_run(s, "secded clean words", t_clean);
  ut_run(s, "secded every single flip corrected", t_single);
  ut_run(s, "secded every double flip detected (W 64)", t_double_all_w64);
  ut_run(s, "secded double flips detected (W 96, 128 sample)", t_double_sample);
  ut_run(s, "secded syndrome naming no position", t_no_position);
}
