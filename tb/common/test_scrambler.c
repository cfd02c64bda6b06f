/*
 * Tests of scrambler and descrambler (docs/common/scrambler.md): golden vectors of both,
 * the pair in lockstep with scrambler_model (their chain is the identity), and the descrambler
 * recovering from a start out of step.
 */
#include "harness.h"
#include "prng.h"
#include "scrambler_model.h"
#include <string.h>

#define MAXW HARNESS_WORDS(1024)

static prng_t rng;
static void seed_rng(void) { prng_seed(&rng, harness_seed()); }

HARNESS_TEST(vectors_scrambler) { harness_play_vectors_glob("common/scrambler_*.vec"); }
HARNESS_TEST(vectors_descrambler) { harness_play_vectors_glob("common/descrambler_*.vec"); }

static void scrambler_pair(const char *stop, const char *dtop, const scr_params_t *sp,
                           unsigned cycles) {
  scr_params_t dp = *sp;
  dp.descramble = 1;
  scr_t ms, md;
  CHECK(scr_init(&ms, sp) == 0 && scr_init(&md, &dp) == 0, "model init");
  dut_t *s = dut_open(stop), *d = dut_open(dtop);
  port_t s_valid = dut_port(s, "valid"), s_in = dut_port(s, "in"), s_out = dut_port(s, "out");
  port_t d_valid = dut_port(d, "valid"), d_in = dut_port(d, "in"), d_out = dut_port(d, "out");
  dut_reset(s, 2);
  dut_reset(d, 2);
  uint32_t in[MAXW] = {0}, scr[MAXW], back[MAXW];
  unsigned changed = 0;
  for (unsigned c = 0; c < cycles; c++) {
    int valid = prng_bernoulli(&rng, 0.75);
    prng_fill_bits(&rng, in, sp->w);
    if (c % 50 < 5) /* runs of zeros: a scrambler must still whiten them */
      memset(in, 0, sizeof in);
    scr_comb(&ms, in, scr);
    scr_comb(&md, scr, back);
    dut_set_u64(s, s_valid, (uint64_t)valid);
    dut_set(s, s_in, in);
    CHECK_PORT(s, s_out, scr, 0, "out");
    dut_set_u64(d, d_valid, (uint64_t)valid);
    dut_set(d, d_in, scr);
    CHECK_PORT(d, d_out, back, 0, "out");
    /* the chain is the identity */
    for (unsigned i = 0; i < HARNESS_WORDS(sp->w); i++) {
      CHECK(back[i] == in[i], "descrambled word %u differs at cycle %u", i, c);
      changed += scr[i] != in[i];
    }
    scr_clock(&ms, valid, in);
    scr_clock(&md, valid, scr);
    dut_step(s, 1);
    dut_step(d, 1);
  }
  CHECK(changed > cycles / 2, "the scrambler changed the data (%u words)", changed);
  dut_close(s);
  dut_close(d);
}

/* +quick (make test's Icarus lane): half the cycles; every check is per cycle or relative */
HARNESS_TEST(scrambler_random) {
  seed_rng();
  const unsigned cycles = (unsigned)harness_scaled(1000, 2000, 2000);
  scr_params_t p64 = {64, 33, (1ull << 32) | (1ull << 12), 1, 0, 0};
  scrambler_pair("scrambler_w64", "descrambler_w64", &p64, cycles);
  scr_params_t p20 = {20, 7, 0x48, 0, 0x55, 0};
  scrambler_pair("scrambler_w20_lsb", "descrambler_w20_lsb", &p20, cycles);
}

/* A descrambler that starts out of step recovers after LEN bits: the RTL
 * descrambler is reset to SEED while the stream comes from a scrambler that
 * has already run, as after a link partner's reset. */
HARNESS_TEST(descrambler_self_sync) {
  seed_rng();
  scr_params_t sp = {64, 33, (1ull << 32) | (1ull << 12), 1, 0, 0};
  scr_t ms;
  CHECK(scr_init(&ms, &sp) == 0, "model init");
  uint32_t in[2], scr[2], back[2];
  for (int i = 0; i < 10; i++) { /* scrambler runs ahead */
    prng_fill_bits(&rng, in, 64);
    scr_clock(&ms, 1, in);
  }
  dut_t *d = dut_open("descrambler_w64");
  port_t valid = dut_port(d, "valid"), din = dut_port(d, "in"), dout = dut_port(d, "out");
  dut_reset(d, 2);
  dut_set_u64(d, valid, 1);
  for (int c = 0; c < 4; c++) {
    prng_fill_bits(&rng, in, 64);
    scr_comb(&ms, in, scr);
    scr_clock(&ms, 1, in);
    dut_set(d, din, scr);
    dut_get(d, dout, back);
    /* first word: the 33 oldest-history-dependent bits may be wrong; from the
     * second word on (64 > 33 bits later) it is exact */
    if (c >= 1)
      CHECK(back[0] == in[0] && back[1] == in[1], "not in sync after %d words", c);
    else
      CHECK((back[0] & 0x7fffffffu) == (in[0] & 0x7fffffffu), "low 31 bits of word 0");
    dut_step(d, 1);
  }
  dut_close(d);
}
