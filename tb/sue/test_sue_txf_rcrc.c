/*
 * Tests of sue_txf_rcrc (docs/sue/sue_tx_frame.md "R-CRC"), the frame builder's R-CRC engine: two
 * crc_stream instances (CRC-32 and CRC-32C) against the byte-wise CRC of csrc/lib/common/crc.h.
 */
#include "bits.h"
#include "crc.h"
#include "harness.h"
#include "prng.h"

#define MAXW HARNESS_WORDS(2048)

static prng_t rng;

/* n bytes at the top of a width-bit word, the rest random (must not matter). */
static void word_pack(uint32_t *w, unsigned width, const uint8_t *bytes, unsigned n) {
  prng_fill_bits(&rng, w, width);
  for (unsigned b = 0; b < n; b++)
    bits_put_stream_byte(w, width, b, bytes[b]);
}

static const struct {
  const char *top;
  unsigned w;
} rcrc_tops[] = {{"sue_txf_rcrc_d40", 40}, {"sue_txf_rcrc_d64", 64}, {"sue_txf_rcrc_d2048", 2048}};

/* Messages of random length, cut into words of random byte counts (1..NB, not only the
 * last), with idle cycles between words; both polynomials. crc is checked at every word
 * (it includes the word), crc_reg on the cycle after. */
HARNESS_TEST(crc_stream_random) {
  prng_seed(&rng, harness_seed());
  crc_t c32, c32c;
  crc_init(&c32, &CRC_32);
  crc_init(&c32c, &CRC_32C);
  for (unsigned t = 0; t < sizeof rcrc_tops / sizeof rcrc_tops[0]; t++) {
    dut_t *d = dut_open(rcrc_tops[t].top);
    const unsigned w = rcrc_tops[t].w, nb = w / 8;
    port_t p_sel = dut_port(d, "castagnoli"), p_start = dut_port(d, "start"),
           p_valid = dut_port(d, "valid"), p_data = dut_port(d, "data"),
           p_nb = dut_port(d, "nbytes"), p_crc = dut_port(d, "crc"), p_reg = dut_port(d, "crc_reg");
    dut_reset(d, 2);
    const unsigned msgs =
        (unsigned)(w > 1024 ? harness_scaled(20, 40, 40) : harness_scaled(75, 150, 150));
    for (unsigned m = 0; m < msgs; m++) {
      unsigned len = (unsigned)prng_below(&rng, m % 4 == 0 ? 4 * nb + 2 : 700);
      int castagnoli = (int)prng_below(&rng, 2);
      const crc_t *ct = castagnoli ? &c32c : &c32;
      uint8_t msg[4 * 256 + 2];
      prng_fill(&rng, msg, len);
      dut_set_u64(d, p_sel, (uint64_t)castagnoli);
      unsigned done = 0;
      int first = 1;
      if (len == 0) { /* start alone: the empty message */
        dut_set_u64(d, p_start, 1);
        dut_set_u64(d, p_valid, 0);
        CHECK_EQ(dut_get_u64(d, p_crc), crc_compute(ct, msg, 0), "crc of the empty message");
        dut_step(d, 1);
        dut_set_u64(d, p_start, 0);
      }
      while (done < len) {
        while (prng_bernoulli(&rng, 0.3)) { /* idle cycle: state must hold */
          dut_set_u64(d, p_start, 0);
          dut_set_u64(d, p_valid, 0);
          if (!first)
            CHECK_EQ(dut_get_u64(d, p_crc), crc_compute(ct, msg, done), "crc while idle");
          dut_step(d, 1);
        }
        unsigned n = 1 + (unsigned)prng_below(&rng, nb);
        if (prng_bernoulli(&rng, 0.5))
          n = nb;
        if (n > len - done)
          n = len - done;
        uint32_t wd[MAXW];
        word_pack(wd, w, msg + done, n);
        dut_set(d, p_data, wd);
        dut_set_u64(d, p_nb, n);
        dut_set_u64(d, p_start, (uint64_t)first);
        dut_set_u64(d, p_valid, 1);
        done += n;
        if ((uint32_t)dut_get_u64(d, p_crc) != crc_compute(ct, msg, done))
          FAIL("%s: crc including a word of %u bytes (message %u, %u of %u bytes, %s): 0x%08x, "
               "expected 0x%08x",
               rcrc_tops[t].top, n, m, done, len, castagnoli ? "CRC-32C" : "CRC-32",
               (unsigned)dut_get_u64(d, p_crc), crc_compute(ct, msg, done));
        harness_count_check();
        dut_step(d, 1);
        first = 0;
      }
      dut_set_u64(d, p_valid, 0);
      dut_set_u64(d, p_start, 0);
      CHECK_EQ(dut_get_u64(d, p_reg), crc_compute(ct, msg, len), "crc_reg after the message");
      CHECK_EQ(dut_get_u64(d, p_crc), crc_compute(ct, msg, len), "crc after the message");
    }
    dut_close(d);
  }
}
