/*
 * prng.h - portable seeded PRNG: splitmix64 seeds xoshiro256**.
 *
 * Only fixed-width integer arithmetic is used, so a seed gives the same
 * sequence on every platform and compiler: golden vectors depend on it.
 */
#ifndef REF_PRNG_H
#define REF_PRNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint64_t s[4]; /* xoshiro256** state, never all zero */
} prng_t;

/* One splitmix64 step: advances *state and returns the next output. */
uint64_t prng_splitmix64(uint64_t *state);

/* Seeds the four state words with successive splitmix64 outputs of seed. */
void prng_seed(prng_t *r, uint64_t seed);

uint64_t prng_next(prng_t *r); /* next xoshiro256** output */
uint32_t prng_u32(prng_t *r);  /* upper 32 bits of prng_next() */

/* Uniform in [0, n), unbiased (rejection); returns 0 when n == 0. */
uint64_t prng_below(prng_t *r, uint64_t n);

/* Uniform in [lo, hi] (inclusive); returns lo when hi <= lo. */
uint64_t prng_range(prng_t *r, uint64_t lo, uint64_t hi);

/* Uniform double in [0, 1) with 53 random bits. */
double prng_double(prng_t *r);

/* 1 with probability p (p <= 0: never, p >= 1: always); consumes one output. */
int prng_bernoulli(prng_t *r, double p);

/* Fills len bytes, 8 per output, least significant byte first. */
void prng_fill(prng_t *r, void *buf, size_t len);

/* Fills an nbits-bit little-endian word array (HARNESS layout: bit i is
 * words[i/32] bit i%32); bits above nbits in the last word are zero. */
void prng_fill_bits(prng_t *r, uint32_t *words, unsigned nbits);

#ifdef __cplusplus
}
#endif
#endif
