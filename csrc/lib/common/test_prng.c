/* test_prng.c - splitmix64 / xoshiro256** against published reference outputs. */
#include <string.h>

#include "prng.h"
#include "unit.h"

/* splitmix64 from state 0 and from 1234567: the outputs of Vigna's
 * splitmix64.c (the 1234567 sequence is the one quoted in many ports). */
static void t_splitmix64(ut_t *t) {
  static const uint64_t from0[] = {0xe220a8397b1dcdafu, 0x6e789e6aa1b965f4u, 0x06c45d188009454fu,
                                   0xf88bb8a8724c81ecu, 0x1b39896a51a8749bu};
  static const uint64_t from1234567[] = {6457827717110365317u, 3203168211198807973u,
                                         9817491932198370423u, 4593380528125082431u,
                                         16408922859458223821u};
  uint64_t s = 0;
  for (int i = 0; i < 5; i++)
    UT_EQ(t, prng_splitmix64(&s), from0[i], "splitmix64(0)");
  s = 1234567;
  for (int i = 0; i < 5; i++)
    UT_EQ(t, prng_splitmix64(&s), from1234567[i], "splitmix64(1234567)");
}

/* xoshiro256** from the raw state {1, 2, 3, 4} (reference outputs of
 * xoshiro256starstar.c). */
static void t_xoshiro_state1234(ut_t *t) {
  static const uint64_t exp[] = {
      11520u, 0u, 1509978240u, 1215971899390074240u, 1216172134540287360u, 607988272756665600u};
  prng_t r = {{1, 2, 3, 4}};
  for (int i = 0; i < 6; i++)
    UT_EQ(t, prng_next(&r), exp[i], "xoshiro256** {1,2,3,4}");
}

/* prng_seed(s) = four splitmix64 outputs of s as the state; the expected
 * values were computed with an independent Python implementation. */
static void t_seeded(ut_t *t) {
  static const uint64_t exp0[] = {0x99ec5f36cb75f2b4u, 0xbf6e1f784956452au, 0x1a5f849d4933e6e0u,
                                  0x6aa594f1262d2d2cu, 0xbba5ad4a1f842e59u};
  static const uint64_t exp42[] = {0x15780b2e0c2ec716u, 0x6104d9866d113a7eu, 0xae17533239e499a1u,
                                   0xecb8ad4703b360a1u, 0xfde6dc7fe2ec5e64u};
  prng_t r;
  prng_seed(&r, 0);
  UT_EQ(t, r.s[0], 0xe220a8397b1dcdafu, "state[0] = splitmix64(0) first output");
  for (int i = 0; i < 5; i++)
    UT_EQ(t, prng_next(&r), exp0[i], "seed 0");
  prng_seed(&r, 42);
  for (int i = 0; i < 5; i++)
    UT_EQ(t, prng_next(&r), exp42[i], "seed 42");
  prng_seed(&r, 42);
  UT_EQ(t, prng_u32(&r), 0x15780b2eu, "u32 = upper half");
}

static void t_below(ut_t *t) {
  prng_t r;
  prng_seed(&r, 7);
  unsigned hist[6] = {0};
  for (int i = 0; i < 60000; i++) {
    uint64_t x = prng_below(&r, 6);
    UT_CHECK(t, x < 6, "below(6) gave %llu", (unsigned long long)x);
    hist[x]++;
  }
  for (int i = 0; i < 6; i++)
    UT_CHECK(t, hist[i] > 9500 && hist[i] < 10500, "below(6) bucket %d has %u of 60000", i,
             hist[i]);
  UT_EQ(t, prng_below(&r, 1), 0, "below(1)");
  UT_EQ(t, prng_below(&r, 0), 0, "below(0)");
  /* n just above 2^63: almost half the outputs are rejected; still in range. */
  const uint64_t big = (UINT64_C(1) << 63) + 1;
  for (int i = 0; i < 1000; i++)
    UT_CHECK(t, prng_below(&r, big) < big, "below(2^63+1) out of range");
  for (int i = 0; i < 1000; i++) {
    uint64_t x = prng_range(&r, 10, 12);
    UT_CHECK(t, x >= 10 && x <= 12, "range(10,12) gave %llu", (unsigned long long)x);
  }
  UT_EQ(t, prng_range(&r, 5, 5), 5, "range(5,5)");
}

static void t_double_bernoulli(ut_t *t) {
  prng_t r;
  prng_seed(&r, 3);
  double sum = 0;
  for (int i = 0; i < 100000; i++) {
    double d = prng_double(&r);
    UT_CHECK(t, d >= 0.0 && d < 1.0, "double out of [0,1): %g", d);
    sum += d;
  }
  UT_CHECK(t, sum > 49500 && sum < 50500, "mean of 100000 doubles is %g", sum / 100000);
  unsigned ones = 0;
  for (int i = 0; i < 100000; i++) {
    UT_CHECK(t, !prng_bernoulli(&r, 0.0), "bernoulli(0) gave 1");
    UT_CHECK(t, prng_bernoulli(&r, 1.0), "bernoulli(1) gave 0");
    ones += (unsigned)prng_bernoulli(&r, 0.25);
  }
  UT_CHECK(t, ones > 24500 && ones < 25500, "bernoulli(0.25): %u of 100000", ones);
  /* First double of seed 0: top 53 bits of 0x99ec5f36cb75f2b4 scaled by 2^-53. */
  prng_seed(&r, 0);
  UT_CHECK(t, prng_double(&r) == (double)(0x99ec5f36cb75f2b4u >> 11) / 9007199254740992.0,
           "double is not (next >> 11) * 2^-53");
}

static void t_fill(ut_t *t) {
  prng_t r;
  unsigned char buf[11];
  prng_seed(&r, 0);
  prng_fill(&r, buf, sizeof buf);
  /* Least significant byte first: 0x99ec5f36cb75f2b4 then 0xbf6e1f784956452a. */
  static const unsigned char exp[11] = {0xb4, 0xf2, 0x75, 0xcb, 0x36, 0x5f,
                                        0xec, 0x99, 0x2a, 0x45, 0x56};
  UT_CHECK(t, memcmp(buf, exp, sizeof buf) == 0, "fill bytes differ from the reference");
  uint32_t w[3] = {0, 0, 0xffffffffu};
  prng_seed(&r, 0);
  prng_fill_bits(&r, w, 40);
  UT_EQ(t, w[0], 0x99ec5f36u, "fill_bits word 0");
  UT_EQ(t, w[1], 0xbf6e1f78u & 0xffu, "fill_bits word 1 (8 valid bits)");
  UT_EQ(t, w[2], 0xffffffffu, "fill_bits wrote past its words");
}

UT_SUITE(prng) {
  ut_run(s, "prng_splitmix64_reference", t_splitmix64);
  ut_run(s, "prng_xoshiro256ss_reference", t_xoshiro_state1234);
  ut_run(s, "prng_seeded_sequence", t_seeded);
  ut_run(s, "prng_below_unbiased", t_below);
  ut_run(s, "prng_double_bernoulli", t_double_bernoulli);
  ut_run(s, "prng_fill", t_fill);
}
