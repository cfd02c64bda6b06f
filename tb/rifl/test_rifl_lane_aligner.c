/*
 * Tests of rifl_lane_aligner (docs/rifl/rifl_frame.md "rifl_lane_aligner"): vector replays, and
 * alignment from any bit offset of the serial stream against the aligner model every cycle; noise
 * never locks.
 */
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "rifl_channel.h"
#include "rifl_frame.h"
#include "rifl_lane_aligner_model.h"

#define FWORDS HARNESS_WORDS(1024)

static prng_t rng;

HARNESS_TEST(vectors_aligner) { harness_play_vectors_glob("rifl/rifl_lane_aligner_*.vec"); }

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
  /* +quick (make test's Icarus lane): the run ends 64 frames after lock, not at the lock bound
   * (FW 1024: 50,000 words, where seed 1 locks within 24,000) */
  const unsigned quick = harness_scale() == HARNESS_QUICK;
  for (unsigned t = 0; t < max_words && !(quick && delivered >= 64); t++) {
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
    unsigned w = align_run("rifl_lane_aligner_fw128", 128, 64, 16, k, 2 * 128 * 4 + 400);
    worst = w > worst ? w : worst;
  }
  harness_log("rifl_lane_aligner_fw128: worst lock time %u words", worst);
  /* FW=256 and 1024 at a few offsets, including the last of a frame */
  static const unsigned k256[] = {0, 63, 64, 200, 255};
  for (unsigned i = 0; i < 5; i++)
    align_run("rifl_lane_aligner_fw256", 256, 64, 16, k256[i], 2 * 256 * 4 + 800);
  static const unsigned k1024[] = {1, 700, 1023};
  for (unsigned i = 0; i < 3; i++)
    align_run("rifl_lane_aligner_fw1024", 1024, 16, 8, k1024[i], 3 * 1024 * 16 + 800);
}

/* Random words are not a RIFL stream: the aligner must not lock on them. */
HARNESS_TEST(aligner_rejects_noise) {
  prng_seed(&rng, harness_seed());
  rifl_align_params_t ap = {128, 64, 16};
  rifl_align_model_t am;
  CHECK(rifl_align_model_init(&am, &ap) == 0, "model init");
  dut_t *d = dut_open("rifl_lane_aligner_fw128");
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
