/* prng.c - splitmix64 / xoshiro256** (public-domain algorithms by Vigna). */
#include "prng.h"

uint64_t prng_splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

void prng_seed(prng_t *r, uint64_t seed) {
  uint64_t sm = seed;
  for (int i = 0; i < 4; i++)
    r->s[i] = prng_splitmix64(&sm);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t prng_next(prng_t *r) {
  uint64_t *s = r->s;
  const uint64_t result = rotl(s[1] * 5, 7) * 9;
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* The upper bits of xoshiro256** are the strongest. */
uint32_t prng_u32(prng_t *r) { return (uint32_t)(prng_next(r) >> 32); }

uint64_t prng_below(prng_t *r, uint64_t n) {
  if (n == 0)
    return 0;
  /* Reject the first 2^64 mod n values so every residue is equally likely. */
  const uint64_t threshold = (0 - n) % n;
  for (;;) {
    uint64_t x = prng_next(r);
    if (x >= threshold)
      return x % n;
  }
}

uint64_t prng_range(prng_t *r, uint64_t lo, uint64_t hi) {
  if (hi <= lo)
    return lo;
  if (lo == 0 && hi == UINT64_MAX)
    return prng_next(r);
  return lo + prng_below(r, hi - lo + 1);
}

/* 53 bits scaled by 2^-53 is exact in IEEE double, hence portable. */
double prng_double(prng_t *r) { return (double)(prng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

int prng_bernoulli(prng_t *r, double p) { return prng_double(r) < p; }

void prng_fill(prng_t *r, void *buf, size_t len) {
  unsigned char *p = buf;
  while (len > 0) {
    uint64_t x = prng_next(r);
    for (int i = 0; i < 8 && len > 0; i++, len--) {
      *p++ = (unsigned char)(x & 0xffu);
      x >>= 8;
    }
  }
}

void prng_fill_bits(prng_t *r, uint32_t *words, unsigned nbits) {
  unsigned n = (nbits + 31) / 32;
  for (unsigned i = 0; i < n; i++)
    words[i] = prng_u32(r);
  if (nbits % 32)
    words[n - 1] &= (1u << (nbits % 32)) - 1u;
}
