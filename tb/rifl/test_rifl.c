/*
 * Tests of the RIFL frame layer (docs/rifl.md): rifl_tx_frame, rifl_rx_frame,
 * rifl_lane_aligner. Vector replays, RTL-to-RTL loopback checked against the
 * reference models every cycle, error detection, and alignment from any bit
 * offset of the serial stream.
 */
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "rifl_aligner_model.h"
#include "rifl_channel.h"
#include "rifl_frame.h"

#define FWORDS HARNESS_WORDS(1024)

static prng_t rng;

/* ---------------------------------------------------------------- vectors */
HARNESS_TEST(vectors_tx_frame) { harness_play_vectors_glob("rifl/txf_*.vec"); }
HARNESS_TEST(vectors_rx_frame) { harness_play_vectors_glob("rifl/rxf_*.vec"); }
HARNESS_TEST(vectors_aligner) { harness_play_vectors_glob("rifl/align_*.vec"); }

/* ------------------------------------------------- TX -> RX, with errors */
typedef struct {
  const char *tx, *rx;
  unsigned fw, fidw;
} fw_case_t;

static const fw_case_t fw_cases[] = {{"txf_fw128", "rxf_fw128", 128, 8},
                                     {"txf_fw256", "rxf_fw256", 256, 8},
                                     {"txf_fw512", "rxf_fw512", 512, 10},
                                     {"txf_fw1024", "rxf_fw1024", 1024, 12}};

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

HARNESS_TEST(tx_rx_loopback) {
  prng_seed(&rng, harness_seed());
  for (unsigned i = 0; i < sizeof fw_cases / sizeof fw_cases[0]; i++)
    loopback(&fw_cases[i], 400, 0);
}

HARNESS_TEST(tx_rx_bit_errors) {
  prng_seed(&rng, harness_seed());
  for (unsigned i = 0; i < sizeof fw_cases / sizeof fw_cases[0]; i++)
    loopback(&fw_cases[i], 600, 1);
}

/* ------------------------------------------------------------ the aligner */
/* TX model frames (random data and IDLE control frames) -> 64-bit words ->
 * serial channel shifted by `offset` bits -> RTL aligner, compared with the
 * aligner model every cycle. After lock, the delivered frames must be the
 * transmitted ones, in order. Returns the words it took to lock. */
static unsigned align_run(const char *top, unsigned fw, unsigned lock, unsigned unlock,
                          unsigned offset, unsigned max_words) {
  rifl_align_params_t ap = {fw, lock, unlock};
  rifl_align_model_t am;
  CHECK(rifl_align_model_init(&am, &ap) == 0, "model init");
  rifl_tx_params_t tp = {fw, 8};
  rifl_tx_model_t tm;
  CHECK(rifl_tx_model_init(&tm, &tp) == 0, "tx model init");
  rifl_chan_t ch;
  CHECK(rifl_chan_init(&ch, offset, 0.0, harness_seed()) == 0, "channel init");
  dut_t *d = dut_open(top);
  port_t gt_valid = dut_port(d, "gt_valid"), gt_data = dut_port(d, "gt_data"),
         frame_valid = dut_port(d, "frame_valid"), frame = dut_port(d, "frame"),
         aligned = dut_port(d, "aligned"), off = dut_port(d, "offset"),
         phase = dut_port(d, "phase");
  dut_reset(d, 2);
  enum { HIST = 64 };
  static uint32_t sent[HIST][FWORDS];
  unsigned nw = fw / 64, nsent = 0, wi = nw, lock_words = 0, delivered = 0;
  uint64_t words[16];
  uint32_t body[FWORDS];
  int base = -1;
  for (unsigned t = 0; t < max_words; t++) {
    if (wi == nw) { /* next frame from the TX model: data, IDLE or flow control */
      uint32_t plain[FWORDS];
      rifl_random_plain_frame(&rng, fw, plain);
      unsigned syn = rifl_frame_syn(plain, fw);
      rifl_frame_body(plain, fw, body);
      rifl_tx_in_t tin = {1, syn, body, nsent & 0xff};
      rifl_tx_model_clock(&tm, &tin);
      rifl_tx_out_t tout;
      rifl_tx_model_comb(&tm, &tout);
      memcpy(sent[nsent % HIST], tout.out_frame, sizeof sent[0]);
      rifl_frame_to_words(tout.out_frame, fw, words);
      nsent++;
      wi = 0;
    }
    uint64_t rxw = rifl_chan_word(&ch, words[wi++]);
    rifl_align_in_t in = {1, rxw};
    dut_set_u64(d, gt_valid, 1);
    dut_set_u64(d, gt_data, rxw);
    rifl_align_out_t o;
    rifl_align_model_comb(&am, &o);
    CHECK_EQ(dut_get_u64(d, frame_valid), o.frame_valid, "frame_valid");
    CHECK_EQ(dut_get_u64(d, aligned), o.aligned, "aligned");
    CHECK_EQ(dut_get_u64(d, off), o.offset, "offset");
    CHECK_EQ(dut_get_u64(d, phase), o.phase, "phase");
    CHECK_PORT(d, frame, o.frame, fw, "frame");
    if (o.aligned && !lock_words)
      lock_words = t;
    if (o.aligned && o.frame_valid) {
      /* find which transmitted frame this is, then require the sequence */
      if (base < 0) {
        for (unsigned k = 1; k <= HIST && k <= nsent; k++)
          if (memcmp(sent[(nsent - k) % HIST], o.frame, HARNESS_WORDS(fw) * 4) == 0) {
            base = (int)(nsent - k);
            break;
          }
        CHECK(base >= 0, "first aligned frame is one that was transmitted");
      } else {
        CHECK(memcmp(sent[(unsigned)base % HIST], o.frame, HARNESS_WORDS(fw) * 4) == 0,
              "aligned frame %d is the transmitted frame", base);
      }
      base++;
      delivered++;
    }
    rifl_align_model_clock(&am, &in);
    dut_step(d, 1);
  }
  CHECK(lock_words > 0, "%s locked at offset %u within %u words", top, offset, max_words);
  CHECK(delivered > 8, "frames delivered after lock: %u", delivered);
  dut_close(d);
  return lock_words;
}

HARNESS_TEST(aligner_any_offset) {
  prng_seed(&rng, harness_seed());
  /* FW=128: every bit offset of a frame */
  unsigned worst = 0;
  for (unsigned k = 0; k < 128; k += (harness_plusarg("all_offsets") ? 1 : 9)) {
    unsigned w = align_run("align_fw128", 128, 64, 16, k, 2 * 128 * 4 + 400);
    worst = w > worst ? w : worst;
  }
  harness_log("align_fw128: worst lock time %u words", worst);
  /* FW=256 and 1024 at a few offsets, including the last of a frame */
  static const unsigned k256[] = {0, 63, 64, 200, 255};
  for (unsigned i = 0; i < 5; i++)
    align_run("align_fw256", 256, 64, 16, k256[i], 2 * 256 * 4 + 800);
  static const unsigned k1024[] = {1, 700, 1023};
  for (unsigned i = 0; i < 3; i++)
    align_run("align_fw1024", 1024, 16, 8, k1024[i], 3 * 1024 * 16 + 800);
}

/* Random words are not a RIFL stream: the aligner must not lock on them. */
HARNESS_TEST(aligner_rejects_noise) {
  prng_seed(&rng, harness_seed());
  rifl_align_params_t ap = {128, 64, 16};
  rifl_align_model_t am;
  CHECK(rifl_align_model_init(&am, &ap) == 0, "model init");
  dut_t *d = dut_open("align_fw128");
  port_t gt_valid = dut_port(d, "gt_valid"), gt_data = dut_port(d, "gt_data"),
         aligned = dut_port(d, "aligned");
  dut_reset(d, 2);
  unsigned locked = 0;
  for (unsigned t = 0; t < 20000; t++) {
    rifl_align_in_t in = {(unsigned)prng_bernoulli(&rng, 0.9), prng_next(&rng)};
    dut_set_u64(d, gt_valid, in.gt_valid);
    dut_set_u64(d, gt_data, in.gt_data);
    rifl_align_out_t o;
    rifl_align_model_comb(&am, &o);
    CHECK_EQ(dut_get_u64(d, aligned), o.aligned, "aligned");
    locked += o.aligned;
    rifl_align_model_clock(&am, &in);
    dut_step(d, 1);
  }
  CHECK_EQ(locked, 0, "cycles locked on random bits");
}
