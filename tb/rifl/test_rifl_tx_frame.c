/*
 * Tests of rifl_tx_frame and, through it, rifl_rx_frame (docs/rifl/rifl_frame.md): vector
 * replays of both, and TX -> RX loopback with and without bit errors on the wire, every output of
 * both DUTs compared with the models every cycle.
 */
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "rifl_frame.h"

#define FWORDS HARNESS_WORDS(1024)

static prng_t rng;

HARNESS_TEST(vectors_tx_frame) { harness_play_vectors_glob("rifl/rifl_tx_frame_*.vec"); }

/* ------------------------------------------------- TX -> RX, with errors */
typedef struct {
  const char *tx, *rx;
  unsigned fw, fidw;
} fw_case_t;

static const fw_case_t fw_cases[] = {{"rifl_tx_frame_fw128", "rifl_rx_frame_fw128", 128, 8},
                                     {"rifl_tx_frame_fw256", "rifl_rx_frame_fw256", 256, 8},
                                     {"rifl_tx_frame_fw512", "rifl_rx_frame_fw512", 512, 10},
                                     {"rifl_tx_frame_fw1024", "rifl_rx_frame_fw1024", 1024, 12}};

/* Cycle n: TX takes frame n; TX shows frame n-1, which goes on the wire (maybe
 * with one flipped bit) into RX; RX shows the result for frame n-2. Every output
 * of both DUTs is also compared with the models every cycle. */
typedef struct {
  unsigned syn, fid, flipped;
  uint32_t body[FWORDS];
} sent_t;

static void loopback(const fw_case_t *c, unsigned frames, int with_errors) {
  rifl_tx_params_t tp = {c->fw, c->fidw};
  rifl_rx_params_t rp = {c->fw};
  rifl_tx_model_t tm;
  rifl_rx_model_t rm;
  CHECK(rifl_tx_model_init(&tm, &tp) == 0 && rifl_rx_model_init(&rm, &rp) == 0, "model init");
  dut_t *tx = dut_open(c->tx), *rx = dut_open(c->rx);
  port_t t_valid = dut_port(tx, "in_valid"), t_syn = dut_port(tx, "in_syn"),
         t_body = dut_port(tx, "in_body"), t_fid = dut_port(tx, "in_fid"),
         t_ovalid = dut_port(tx, "out_valid"), t_frame = dut_port(tx, "out_frame");
  port_t r_valid = dut_port(rx, "in_valid"), r_frame = dut_port(rx, "in_frame"),
         r_ovalid = dut_port(rx, "out_valid"), r_syn = dut_port(rx, "out_syn"),
         r_body = dut_port(rx, "out_body"), r_code = dut_port(rx, "out_code");
  dut_reset(tx, 2);
  dut_reset(rx, 2);
  const unsigned bw = c->fw - 14, fmask = (1u << c->fidw) - 1;
  static sent_t q[4];
  unsigned errors = 0, detected = 0, intact = 0, since_error = 1000;
  uint32_t wire[FWORDS];
  for (unsigned n = 0; n < frames + 2; n++) {
    sent_t *now = &q[n % 4];
    now->syn = prng_bernoulli(&rng, 0.8) ? RIFL_SYN_DATA : RIFL_SYN_CTRL;
    now->fid = n & fmask;
    prng_fill_bits(&rng, now->body, bw);
    rifl_tx_in_t tin = {n < frames, now->syn, now->body, now->fid};
    dut_set_u64(tx, t_valid, tin.in_valid);
    dut_set_u64(tx, t_syn, now->syn);
    dut_set(tx, t_body, now->body);
    dut_set_u64(tx, t_fid, now->fid);

    rifl_tx_out_t tout;
    rifl_tx_model_comb(&tm, &tout);
    CHECK_EQ(dut_get_u64(tx, t_ovalid), tout.out_valid, "tx out_valid");
    CHECK_PORT(tx, t_frame, tout.out_frame, c->fw, "out_frame");
    memcpy(wire, tout.out_frame, sizeof wire);
    sent_t *prev = &q[(n + 3) % 4];
    prev->flipped = 0;
    if (with_errors && tout.out_valid && prng_bernoulli(&rng, 0.2)) {
      unsigned b = (unsigned)prng_below(&rng, c->fw);
      wire[b / 32] ^= 1u << (b % 32);
      prev->flipped = 1;
    }
    rifl_rx_in_t rin = {tout.out_valid, wire};
    dut_set_u64(rx, r_valid, rin.in_valid);
    dut_set(rx, r_frame, wire);

    rifl_rx_out_t rout;
    rifl_rx_model_comb(&rm, &rout);
    CHECK_EQ(dut_get_u64(rx, r_ovalid), rout.out_valid, "rx out_valid");
    CHECK_EQ(dut_get_u64(rx, r_code), rout.out_code, "rx out_code");
    CHECK_EQ(dut_get_u64(rx, r_syn), rout.out_syn, "rx out_syn");
    CHECK_PORT(rx, r_body, rout.out_body, bw, "out_body");
    if (rout.out_valid) {
      const sent_t *old = &q[(n + 2) % 4]; /* frame n-2 */
      if (old->flipped) {
        errors++;
        detected += rout.out_code != old->fid;
        since_error = 0;
      } else {
        intact++;
        CHECK_EQ(rout.out_code, old->fid, "frame ID recovered from an intact frame");
        CHECK_EQ(rout.out_syn, old->syn, "SYN of an intact frame");
        /* the self-synchronizing descrambler is exact again one frame after an error */
        if (++since_error > 1)
          CHECK(memcmp(rout.out_body, old->body, HARNESS_WORDS(bw) * 4 - 4) == 0,
                "body of frame %u recovered", n - 2);
      }
    }
    rifl_tx_model_clock(&tm, &tin);
    rifl_rx_model_clock(&rm, &rin);
    dut_step(tx, 1);
    dut_step(rx, 1);
  }
  CHECK_EQ(detected, errors, "single-bit errors detected by the verification code");
  CHECK(intact > frames / 2, "intact frames %u", intact);
  harness_log("%s -> %s: %u frames, %u corrupted on the wire, %u detected", c->tx, c->rx, frames,
              errors, detected);
  dut_close(tx);
  dut_close(rx);
}

/* +quick (make test's Icarus lane): a quarter of the frames, every width. Both DUTs are still
 * compared with the models every cycle; the bit-error run still corrupts 22 to 31 frames a
 * width (seeds 1 to 3), each of which must be detected. */
HARNESS_TEST(tx_rx_loopback) {
  prng_seed(&rng, harness_seed());
  for (unsigned i = 0; i < sizeof fw_cases / sizeof fw_cases[0]; i++)
    loopback(&fw_cases[i], (unsigned)harness_scaled(100, 400, 400), 0);
}

HARNESS_TEST(tx_rx_bit_errors) {
  prng_seed(&rng, harness_seed());
  for (unsigned i = 0; i < sizeof fw_cases / sizeof fw_cases[0]; i++)
    loopback(&fw_cases[i], (unsigned)harness_scaled(150, 600, 600), 1);
}
