/* test_rifl_frame.c - RIFL frame layer: frames, verification code, TX/RX frame
 * models, transceiver words and channel, lane aligner model. */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "crc.h"
#include "prng.h"
#include "rifl_channel.h"
#include "rifl_frame.h"
#include "rifl_lane_aligner_model.h"
#include "unit.h"

#define FWORDS RIFL_FRAME_WORDS_MAX

static const unsigned fws[] = {128, 256, 512, 1024};

static int frame_eq(const uint32_t *a, const uint32_t *b, unsigned nbits) {
  for (unsigned i = 0; i < nbits; i++)
    if (bits_get(a, i) != bits_get(b, i))
      return 0;
  return 1;
}

/* Big-endian hex string (no prefix) into an nbits vector. */
static void from_hex(uint32_t *v, unsigned nbits, const char *hex) {
  memset(v, 0, BITS_WORDS(nbits) * sizeof *v);
  size_t n = strlen(hex);
  for (size_t k = 0; k < n; k++) {
    char ch = hex[n - 1 - k];
    unsigned d = ch <= '9' ? (unsigned)(ch - '0') : (unsigned)(ch - 'a' + 10);
    for (unsigned b = 0; b < 4; b++)
      if (4 * k + b < nbits)
        bits_put(v, (unsigned)(4 * k + b), (d >> b) & 1u);
  }
}

/* ---- frames and verification code ---------------------------------------- */

static void t_vcode(ut_t *t) {
  /* The CRC routine of the verification code gives the CRC-12 check value. */
  uint32_t s[3] = {0};
  static const char msg[] = "123456789";
  for (unsigned k = 0; k < 9; k++) /* first byte on top: bits [71:64] */
    for (unsigned b = 0; b < 8; b++)
      bits_put(s, 8 * (8 - k) + b, ((unsigned)msg[k] >> b) & 1u);
  UT_EQ(t, rifl_crc12_bits(s, 72), 0x11B, "CRC-12 of \"123456789\"");
  UT_EQ(t, crc_compute_bitwise(&CRC_12_RIFL, (const uint8_t *)msg, 9), 0x11B, "CRC_12_RIFL");
  /* Known frames (values from an independent script of the doc's formula). */
  uint32_t f[FWORDS], g[FWORDS];
  rifl_ctrl_frame(f, 128, RIFL_KEY_IDLE);
  from_hex(g, 128, "80004000000000000000000000000000");
  UT_CHECK(t, frame_eq(f, g, 128), "IDLE frame layout (FW=128)");
  UT_EQ(t, rifl_vcode(f, 128, 0x5a), 0xaee, "vcode of IDLE, FW=128, fid 0x5a");
  rifl_frame_set_code(f, 0x123); /* bits [11:0] are ignored */
  UT_EQ(t, rifl_vcode(f, 128, 0x5a), 0xaee, "vcode ignores bits [11:0]");
  rifl_frame_set_code(f, 0xaee);
  UT_EQ(t, rifl_rx_code(f, 128), 0x5a, "receiver code of the intact frame");
  uint8_t pl[30];
  for (unsigned b = 0; b < 30; b++)
    pl[b] = (uint8_t)(b + 1);
  UT_CHECK(t, rifl_data_frame(f, 256, RIFL_META_END_FULL, pl, 30) == 0, "data frame");
  from_hex(g, 256, "70102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e000");
  UT_CHECK(t, frame_eq(f, g, 256), "data frame layout (FW=256)");
  UT_EQ(t, rifl_vcode(f, 256, 0x3c), 0x2a7, "vcode of the data frame, FW=256, fid 0x3c");
  /* vcode = byte-wise CRC_12_RIFL of the frame with [11:0] = 0, ^ fid. */
  crc_t c;
  UT_CHECK(t, crc_init(&c, &CRC_12_RIFL) == 0, "crc_init");
  prng_t r;
  prng_seed(&r, 31);
  for (int trial = 0; trial < 200; trial++) {
    unsigned fw = fws[trial % 4], fid = (unsigned)prng_below(&r, 4096);
    uint8_t bytes[128];
    prng_fill_bits(&r, f, fw);
    for (unsigned k = 0; k < fw / 8; k++) /* byte k = bits [fw-1-8k : fw-8-8k] */
      bytes[k] =
          (uint8_t)(k >= fw / 8 - 2 ? 0 : (f[(fw - 8 - 8 * k) / 32] >> ((fw - 8 - 8 * k) % 32)));
    bytes[fw / 8 - 2] = (uint8_t)((f[0] >> 8) & 0xf0u); /* bits [15:12], [11:8] = 0 */
    uint32_t exp = crc_compute(&c, bytes, fw / 8) ^ fid;
    UT_EQ(t, rifl_vcode(f, fw, fid), exp, "vcode vs byte-table CRC");
    rifl_frame_set_code(f, exp);
    UT_EQ(t, rifl_rx_code(f, fw), fid, "receiver code");
  }
}

static void t_frame_fields(ut_t *t) {
  prng_t r;
  prng_seed(&r, 32);
  for (unsigned i = 0; i < 4; i++) {
    unsigned fw = fws[i], nb = rifl_payload_bytes(fw);
    uint32_t f[FWORDS], body[FWORDS], body2[FWORDS];
    UT_EQ(t, nb, (fw - 16) / 8, "payload bytes");
    prng_fill_bits(&r, body, RIFL_BODY_BITS(fw));
    rifl_frame_build(f, fw, RIFL_SYN_CTRL, body);
    UT_EQ(t, rifl_frame_syn(f, fw), RIFL_SYN_CTRL, "SYN");
    UT_EQ(t, rifl_frame_code(f), 0, "code field of a built frame");
    rifl_frame_body(f, fw, body2);
    UT_CHECK(t, frame_eq(body, body2, RIFL_BODY_BITS(fw)), "FW=%u body round trip", fw);
    UT_EQ(t, bits_get(f, 12), bits_get(body, 0), "body bit 0 = frame bit 12");
    UT_EQ(t, bits_get(f, fw - 3), bits_get(body, fw - 15), "body top = frame bit FW-3");
    /* control frame: key at [FW-3:FW-18] */
    rifl_ctrl_frame(f, fw, RIFL_KEY_RETRANS);
    rifl_frame_body(f, fw, body);
    unsigned key = 0;
    for (unsigned b = 0; b < 16; b++) /* key = body bits [FW-15:FW-30] */
      key |= bits_get(body, fw - 30 + b) << b;
    UT_EQ(t, key, RIFL_KEY_RETRANS, "key position");
    UT_EQ(t, bits_get(f, fw - 6), 1, "RETRANS bit 12 = frame bit FW-6");
    /* flow control: SYN 01, meta 00, [19:12] = code */
    rifl_fc_frame(f, fw, RIFL_FC_OFF);
    UT_EQ(t, rifl_frame_syn(f, fw), RIFL_SYN_DATA, "FC SYN");
    UT_EQ(t, (f[0] >> 12) & 0xffu, RIFL_FC_OFF, "FC code");
    /* partial end: count in [19:12], bytes from the top */
    uint8_t pl[128];
    prng_fill(&r, pl, sizeof pl);
    UT_CHECK(t, rifl_data_frame(f, fw, RIFL_META_END_PARTIAL, pl, 5) == 0, "partial frame");
    UT_EQ(t, (f[0] >> 12) & 0xffu, 5, "valid byte count");
    UT_EQ(t, (f[(fw - 12) / 32] >> ((fw - 12) % 32)) & 0xffu, pl[0], "first payload byte");
    UT_EQ(t, bits_get(f, fw - 3), 1, "meta bit 1 (end)");
    UT_EQ(t, bits_get(f, fw - 4), 0, "meta bit 0 (full)");
    UT_CHECK(t, rifl_data_frame(f, fw, RIFL_META_END_PARTIAL, pl, nb) != 0, "partial: nb bytes");
    UT_CHECK(t, rifl_data_frame(f, fw, RIFL_META_FULL, pl, nb + 1) != 0, "too many bytes");
    UT_CHECK(t, rifl_data_frame(f, fw, RIFL_META_FULL, pl, nb) == 0, "full frame");
    UT_EQ(t, (f[0] >> 12) & 0xffu, pl[nb - 1], "last payload byte at [19:12]");
  }
  UT_CHECK(t, !rifl_fw_ok(64) && !rifl_fw_ok(384) && rifl_fw_ok(512), "rifl_fw_ok");
}

/* ---- TX / RX frame models ------------------------------------------------ */

static void t_tx_known(ut_t *t) {
  rifl_tx_model_t m;
  rifl_tx_out_t o;
  UT_CHECK(t, rifl_tx_model_init(&m, &(rifl_tx_params_t){128, 8}) == 0, "init");
  uint32_t f[FWORDS], body[FWORDS], g[FWORDS];
  rifl_ctrl_frame(f, 128, RIFL_KEY_IDLE);
  rifl_frame_body(f, 128, body);
  rifl_tx_model_comb(&m, &o);
  UT_CHECK(t, !o.out_valid && o.out_frame[0] == 0 && o.out_frame[3] == 0, "reset state");
  rifl_tx_model_clock(&m, &(rifl_tx_in_t){0, 1, body, 7}); /* no valid: nothing */
  rifl_tx_model_comb(&m, &o);
  UT_CHECK(t, !o.out_valid && o.out_frame[3] == 0, "no frame without in_valid");
  rifl_tx_model_clock(&m, &(rifl_tx_in_t){1, RIFL_SYN_CTRL, body, 0});
  rifl_tx_model_comb(&m, &o);
  from_hex(g, 128, "80004002001020800408300182080a1e"); /* independent script */
  UT_CHECK(t, o.out_valid && frame_eq(o.out_frame, g, 128), "first IDLE frame, fid 0");
  rifl_tx_model_clock(&m, &(rifl_tx_in_t){0, 3, g, 0x55});
  rifl_tx_model_comb(&m, &o);
  UT_CHECK(t, !o.out_valid && frame_eq(o.out_frame, g, 128), "held without in_valid");
  rifl_tx_model_clock(&m, &(rifl_tx_in_t){1, RIFL_SYN_CTRL, body, 0x101}); /* fid mod 2^8 */
  rifl_tx_model_comb(&m, &o);
  from_hex(g, 128, "a1024c027092a2942ce8360ba629248b");
  UT_CHECK(t, o.out_valid && frame_eq(o.out_frame, g, 128), "second IDLE frame, fid 1");
  UT_CHECK(t, rifl_tx_model_init(&m, &(rifl_tx_params_t){128, 13}) != 0, "FIDW 13 accepted");
  UT_CHECK(t, rifl_tx_model_init(&m, &(rifl_tx_params_t){128, 0}) != 0, "FIDW 0 accepted");
  UT_CHECK(t, rifl_tx_model_init(&m, &(rifl_tx_params_t){192, 8}) != 0, "FW 192 accepted");
}

/* TX -> RX with gaps on both sides: SYN, body and frame ID come back. */
static void t_loopback(ut_t *t) {
  enum { N = 300 };
  prng_t r;
  prng_seed(&r, 33);
  for (unsigned i = 0; i < 4; i++) {
    unsigned fw = fws[i], fidw = 4 + 2 * i;
    rifl_tx_model_t tx;
    rifl_rx_model_t rx;
    UT_CHECK(t, rifl_tx_model_init(&tx, &(rifl_tx_params_t){fw, fidw}) == 0, "tx init");
    UT_CHECK(t, rifl_rx_model_init(&rx, &(rifl_rx_params_t){fw}) == 0, "rx init");
    static uint32_t bodies[N][FWORDS];
    unsigned syns[N], fids[N], sent = 0, got = 0;
    uint32_t junk[FWORDS];
    for (int cyc = 0; got < N && cyc < 10 * N; cyc++) {
      rifl_tx_out_t to;
      rifl_rx_out_t ro;
      rifl_tx_model_comb(&tx, &to);
      rifl_rx_model_comb(&rx, &ro);
      if (ro.out_valid) {
        UT_CHECK(t, got < sent, "FW=%u: more frames out than in", fw);
        UT_EQ(t, ro.out_syn, syns[got], "SYN");
        UT_EQ(t, ro.out_code, fids[got], "code = frame ID");
        UT_CHECK(t, frame_eq(ro.out_body, bodies[got], RIFL_BODY_BITS(fw)),
                 "FW=%u frame %u: body differs", fw, got);
        got++;
      }
      rifl_tx_in_t ti = {0, 0, NULL, 0};
      prng_fill_bits(&r, junk, fw);
      if (sent < N && prng_bernoulli(&r, 0.7)) {
        syns[sent] = (unsigned)prng_below(&r, 4);
        fids[sent] = (unsigned)prng_below(&r, 1u << fidw);
        prng_fill_bits(&r, bodies[sent], RIFL_BODY_BITS(fw));
        ti = (rifl_tx_in_t){1, syns[sent], bodies[sent], fids[sent]};
        sent++;
      } else {
        ti.in_body = junk; /* ignored */
      }
      rifl_rx_in_t ri = {to.out_valid, to.out_valid ? to.out_frame : junk};
      rifl_rx_model_clock(&rx, &ri); /* first: ri points into tx */
      rifl_tx_model_clock(&tx, &ti);
    }
    UT_EQ(t, got, N, "frames through");
  }
}

/* Every single bit error of a frame changes the receiver's code. */
static void t_single_bit_errors(ut_t *t) {
  prng_t r;
  prng_seed(&r, 34);
  for (unsigned i = 0; i < 4; i++) {
    unsigned fw = fws[i];
    for (int trial = 0; trial < 3; trial++) {
      uint32_t plain[FWORDS], body[FWORDS], f[FWORDS];
      unsigned fid = (unsigned)prng_below(&r, 4096);
      rifl_random_plain_frame(&r, fw, plain);
      rifl_frame_body(plain, fw, body);
      uint64_t hist = prng_next(&r) & ((UINT64_C(1) << 33) - 1);
      (void)rifl_tx_encode(fw, hist, rifl_frame_syn(plain, fw), body, fid, f);
      UT_EQ(t, rifl_rx_code(f, fw), fid, "intact frame");
      for (unsigned b = 0; b < fw; b++) {
        rifl_rx_model_t rx;
        rifl_rx_out_t o;
        UT_CHECK(t, rifl_rx_model_init(&rx, &(rifl_rx_params_t){fw}) == 0, "rx init");
        bits_put(f, b, !bits_get(f, b));
        rifl_rx_model_clock(&rx, &(rifl_rx_in_t){1, f});
        rifl_rx_model_comb(&rx, &o);
        UT_CHECK(t, o.out_valid && o.out_code != fid, "FW=%u: error at bit %u undetected", fw, b);
        bits_put(f, b, !bits_get(f, b));
      }
    }
  }
}

/* ---- transceiver words and channel --------------------------------------- */

static void t_channel_identity(ut_t *t) {
  prng_t r;
  prng_seed(&r, 35);
  for (unsigned i = 0; i < 4; i++) {
    unsigned fw = fws[i], nw = fw / 64;
    uint32_t f[FWORDS], g[FWORDS], serial[FWORDS];
    uint64_t w[16], rx[16];
    prng_fill_bits(&r, f, fw);
    rifl_frame_to_words(f, fw, w);
    UT_EQ(t, w[0] >> 62, rifl_frame_syn(f, fw), "word 0 holds SYN in its top bits");
    UT_EQ(t, w[nw - 1] & 0xfff, rifl_frame_code(f), "last word holds the code");
    rifl_serialize(w, nw, serial);
    UT_EQ(t, bits_get(serial, 62), bits_get(f, fw - 2), "serial bit 62 = frame bit FW-2");
    UT_EQ(t, bits_get(serial, 64), bits_get(f, fw - 128), "serial bit 64 = word 1 bit 0");
    uint64_t back[16];
    rifl_deserialize(serial, nw, back);
    rifl_chan_t c;
    UT_CHECK(t, rifl_chan_init(&c, 0, 0.0, 1) == 0, "chan init");
    rifl_chan_words(&c, back, nw, rx);
    rifl_words_to_frame(rx, fw, g);
    UT_CHECK(t, frame_eq(f, g, fw), "FW=%u: round trip with offset 0 differs", fw);
    UT_EQ(t, c.errors, 0, "no errors at BER 0");
  }
  /* Offset k: r_j[i] = s[64 j + i - k], zeros before the start. */
  static const unsigned ks[] = {0, 1, 5, 63, 64, 65, 127, 1000, RIFL_CHAN_MAX_OFFSET};
  enum { NW = 80 };
  uint64_t tx[NW], rx[NW], want[NW];
  uint32_t s[2 * NW], sh[2 * NW];
  prng_fill(&r, tx, sizeof tx);
  rifl_serialize(tx, NW, s);
  for (unsigned i = 0; i < sizeof ks / sizeof ks[0]; i++) {
    rifl_chan_t c;
    UT_CHECK(t, rifl_chan_init(&c, ks[i], 0.0, 1) == 0, "chan init");
    rifl_chan_words(&c, tx, NW, rx);
    rifl_serial_shift(s, 64 * NW, ks[i], sh);
    rifl_deserialize(sh, NW, want);
    for (unsigned j = 0; j < NW; j++)
      UT_EQ(t, rx[j], want[j], "delayed word");
  }
  rifl_chan_t c;
  UT_CHECK(t, rifl_chan_init(&c, RIFL_CHAN_MAX_OFFSET + 1, 0.0, 1) != 0, "offset too large");
}

static void t_channel_ber(ut_t *t) {
  /* BER 1e-3 over 4 Mbit: mean 4000, sigma 63. */
  rifl_chan_t c;
  UT_CHECK(t, rifl_chan_init(&c, 3, 1e-3, 42) == 0, "init");
  uint64_t flips = 0;
  for (int j = 0; j < 65536; j++) {
    uint64_t w = rifl_chan_word(&c, 0);
    for (; w; w &= w - 1)
      flips++;
  }
  UT_EQ(t, flips, c.errors, "errors counted = bits flipped");
  UT_CHECK(t, c.errors > 3700 && c.errors < 4300, "BER 1e-3: %llu errors in 4 Mbit",
           (unsigned long long)c.errors);
  /* Mean gap at p = 0.1 is (1-p)/p = 9. */
  rifl_ber_t b;
  prng_t r;
  prng_seed(&r, 43);
  rifl_ber_init(&b, 0.1);
  uint64_t sum = 0;
  for (int i = 0; i < 100000; i++)
    sum += rifl_ber_gap(&b, &r);
  UT_CHECK(t, sum > 885000 && sum < 915000, "mean gap at p=0.1: %llu/100000",
           (unsigned long long)sum);
  /* BER 1e-12 over 64 Mbit: one gap draw, no error expected. */
  UT_CHECK(t, rifl_chan_init(&c, 0, 1e-12, 44) == 0, "init");
  for (int j = 0; j < 1000000; j++)
    (void)rifl_chan_word(&c, UINT64_C(0x123456789abcdef0));
  UT_EQ(t, c.errors, 0, "BER 1e-12 over 64 Mbit");
  UT_CHECK(t, c.gap > 1000000 && c.gap != UINT64_MAX, "gap at 1e-12: %llu",
           (unsigned long long)c.gap);
  /* BER 1: every bit; BER 0: none. */
  UT_CHECK(t, rifl_chan_init(&c, 0, 1.0, 45) == 0, "init");
  UT_EQ(t, rifl_chan_word(&c, 0x0f), ~UINT64_C(0x0f), "BER 1 flips every bit");
  UT_CHECK(t, rifl_chan_init(&c, 0, 0.0, 45) == 0, "init");
  UT_EQ(t, rifl_chan_word(&c, 0x0f), 0x0f, "BER 0");
  /* Platform determinism: integer-only gaps, fixed for a seed. */
  static const uint64_t known[8] = {36, 48, 127, 39, 43, 14, 362, 7};
  prng_seed(&r, 46);
  rifl_ber_init(&b, 0.01);
  uint64_t got[8];
  for (int i = 0; i < 8; i++)
    got[i] = rifl_ber_gap(&b, &r);
  for (int i = 0; i < 8; i++)
    UT_CHECK(t, got[i] == known[i],
             "gap %d at p=0.01, seed 46: %llu (all: %llu %llu %llu %llu %llu %llu %llu %llu)", i,
             (unsigned long long)got[i], (unsigned long long)got[0], (unsigned long long)got[1],
             (unsigned long long)got[2], (unsigned long long)got[3], (unsigned long long)got[4],
             (unsigned long long)got[5], (unsigned long long)got[6], (unsigned long long)got[7]);
}

/* ---- lane aligner -------------------------------------------------------- */

/* A scrambled TX frame stream: frame f is frames[f], its words follow. */
typedef struct {
  unsigned fw, nw, nframes;
  uint32_t (*frames)[FWORDS];
  unsigned *fids;
  uint64_t *words;
} stream_t;

static int make_stream(stream_t *s, prng_t *r, unsigned fw, unsigned nframes) {
  s->fw = fw;
  s->nw = fw / 64;
  s->nframes = nframes;
  s->frames = malloc((size_t)nframes * sizeof *s->frames);
  s->fids = malloc((size_t)nframes * sizeof *s->fids);
  s->words = malloc((size_t)nframes * s->nw * sizeof *s->words);
  if (!s->frames || !s->fids || !s->words)
    return -1;
  uint64_t hist = 0;
  for (unsigned f = 0; f < nframes; f++) {
    uint32_t plain[FWORDS], body[FWORDS];
    rifl_random_plain_frame(r, fw, plain);
    rifl_frame_body(plain, fw, body);
    s->fids[f] = f & 0xff;
    hist = rifl_tx_encode(fw, hist, rifl_frame_syn(plain, fw), body, s->fids[f], s->frames[f]);
    rifl_frame_to_words(s->frames[f], fw, s->words + (size_t)f * s->nw);
  }
  return 0;
}

static void free_stream(stream_t *s) {
  free(s->frames);
  free(s->fids);
  free(s->words);
}

/* Runs the stream through a channel with offset k into the aligner; after
 * lock every frame shown with aligned must be the next TX frame. Returns the
 * number of aligned frames checked, -1 on a mismatch, -2 if never locked. */
static long run_aligner(const stream_t *s, const rifl_align_params_t *ap, unsigned k,
                        rifl_align_model_t *m, prng_t *r) {
  rifl_chan_t c;
  if (rifl_chan_init(&c, k, 0.0, 1) || rifl_align_model_init(m, ap))
    return -3;
  long next = -1, checked = 0;
  size_t j = 0, total = (size_t)s->nframes * s->nw;
  while (j < total || m->frame_valid) {
    rifl_align_out_t o;
    rifl_align_model_comb(m, &o);
    if (o.frame_valid && o.aligned) {
      if (next < 0) /* first aligned frame: find it (frame IDs repeat, so search) */
        for (unsigned f = 0; f < s->nframes && next < 0; f++)
          if (frame_eq(o.frame, s->frames[f], s->fw))
            next = f;
      if (next < 0 || next >= (long)s->nframes || !frame_eq(o.frame, s->frames[next], s->fw))
        return -1;
      next++;
      checked++;
    }
    rifl_align_in_t in = {0, prng_next(r)};
    if (j < total && prng_bernoulli(r, 0.9)) {
      in.gt_valid = 1;
      in.gt_data = rifl_chan_word(&c, s->words[j++]);
    }
    rifl_align_model_clock(m, &in);
  }
  return next < 0 ? -2 : checked;
}

static void t_aligner_lock(ut_t *t) {
  prng_t r;
  prng_seed(&r, 36);
  stream_t s;
  UT_CHECK(t, make_stream(&s, &r, 128, 700) == 0, "no memory");
  rifl_align_params_t ap = {128, 64, 16};
  for (unsigned k = 0; k < 128; k++) {
    rifl_align_model_t m;
    long n = run_aligner(&s, &ap, k, &m, &r);
    unsigned want = (k + 64) % 128; /* candidate n* = k + 64 mod FW */
    if (n < 100)
      free_stream(&s);
    UT_CHECK(t, n >= 100, "FW=128 offset %u: %ld (aligned frames checked)", k, n);
    UT_EQ(t, m.slips % m.p.fw, want, "slips to the right candidate (mod FW)");
    UT_EQ(t, m.o, want % 64, "offset");
    UT_EQ(t, m.phase, want / 64, "phase");
  }
  free_stream(&s);
  /* samples at FW=256 and 1024 (LOCK 16, UNLOCK 8 as the rifl_lane_aligner_fw1024 top) */
  static const struct {
    unsigned fw, lock, unlock, k;
  } cases[] = {{256, 64, 16, 0},   {256, 64, 16, 1},    {256, 64, 16, 191}, {256, 64, 16, 200},
               {256, 64, 16, 255}, {1024, 16, 8, 0},    {1024, 16, 8, 3},   {1024, 16, 8, 500},
               {1024, 16, 8, 959}, {1024, 16, 8, 1023}, {512, 32, 8, 77}};
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    unsigned fw = cases[i].fw, k = cases[i].k, want = (k + 64) % fw;
    UT_CHECK(t, make_stream(&s, &r, fw, fw == 1024 ? 2600 : 1000) == 0, "no memory");
    rifl_align_model_t m;
    long n = run_aligner(&s, &(rifl_align_params_t){fw, cases[i].lock, cases[i].unlock}, k, &m, &r);
    free_stream(&s);
    UT_CHECK(t, n >= 20, "FW=%u offset %u: %ld (aligned frames checked)", fw, k, n);
    UT_EQ(t, m.slips % m.p.fw, want, "slips to the right candidate (mod FW)");
    UT_EQ(t, m.o, want % 64, "offset");
    UT_EQ(t, m.phase, (want / 64) % (fw / 64), "phase");
  }
}

/* TX -> channel -> aligner -> RX: every aligned frame carries its ID, and the
 * bodies come back (the first one below its top 33 bits, which the
 * descrambler needs to synchronize). */
static void t_aligner_chain(ut_t *t) {
  enum { NF = 1500 };
  static uint32_t plain[NF][FWORDS];
  prng_t r;
  prng_seed(&r, 37);
  for (unsigned i = 0; i < 4; i++) {
    unsigned fw = fws[i], nw = fw / 64, k = (unsigned)prng_below(&r, fw), nb = RIFL_BODY_BITS(fw);
    unsigned nf = fw == 1024 ? NF : fw == 512 ? 900 : 600, delivered = 0;
    uint64_t hist = 0;
    long idx = -1;
    rifl_chan_t c;
    rifl_align_model_t al;
    rifl_rx_model_t rx;
    UT_CHECK(t, rifl_chan_init(&c, k, 0.0, 2) == 0, "chan");
    UT_CHECK(t,
             rifl_align_model_init(&al, &(rifl_align_params_t){fw, fw == 1024 ? 16 : 64, 8}) == 0,
             "aligner");
    UT_CHECK(t, rifl_rx_model_init(&rx, &(rifl_rx_params_t){fw}) == 0, "rx");
    for (unsigned f = 0; f < nf; f++) {
      uint32_t body[FWORDS], sent[FWORDS];
      uint64_t w[16];
      rifl_random_plain_frame(&r, fw, plain[f]);
      rifl_frame_body(plain[f], fw, body);
      hist = rifl_tx_encode(fw, hist, rifl_frame_syn(plain[f], fw), body, f, sent);
      rifl_frame_to_words(sent, fw, w);
      for (unsigned q = 0; q < nw; q++) {
        rifl_align_out_t ao;
        rifl_rx_out_t ro;
        rifl_align_model_comb(&al, &ao);
        rifl_rx_model_comb(&rx, &ro);
        if (ro.out_valid) {
          if (idx < 0)
            idx = (long)ro.out_code; /* frame ID = index; the next ones must follow */
          UT_EQ(t, ro.out_code, (unsigned long)idx, "frame ID");
          UT_CHECK(t, idx < (long)f, "frame %ld not sent yet", idx);
          uint32_t pb[FWORDS];
          rifl_frame_body(plain[idx], fw, pb);
          for (unsigned b = 0; b < (delivered ? nb : nb - 33); b++)
            UT_CHECK(t, bits_get(pb, b) == bits_get(ro.out_body, b),
                     "FW=%u frame %ld (delivered %u): body bit %u", fw, idx, delivered, b);
          UT_EQ(t, ro.out_syn, rifl_frame_syn(plain[idx], fw), "SYN");
          idx++;
          delivered++;
        }
        rifl_rx_model_clock(&rx, &(rifl_rx_in_t){ao.frame_valid && ao.aligned, ao.frame});
        rifl_align_model_clock(&al, &(rifl_align_in_t){1, rifl_chan_word(&c, w[q])});
      }
    }
    UT_CHECK(t, delivered >= 50, "FW=%u k=%u: only %u frames delivered", fw, k, delivered);
  }
}

/* Directed: reset state, gt_valid low holds everything, frame_valid lasts
 * one cycle, and the wrap-slip places one word in no frame. */
static void t_aligner_directed(ut_t *t) {
  rifl_align_model_t m;
  rifl_align_out_t o;
  UT_CHECK(t, rifl_align_model_init(&m, &(rifl_align_params_t){128, 64, 16}) == 0, "init");
  UT_EQ(t, rifl_align_phase_width(128), 1, "phase width FW=128");
  UT_EQ(t, rifl_align_phase_width(256), 2, "phase width FW=256");
  UT_EQ(t, rifl_align_phase_width(1024), 4, "phase width FW=1024");
  rifl_align_model_comb(&m, &o);
  UT_CHECK(t, !o.frame_valid && !o.aligned && o.offset == 0 && o.phase == 0, "reset");
  /* All-zero words: SYN 00 on every frame, a slip every 2 words. */
  unsigned completions = 0, last_done = 0, cyc = 0;
  for (unsigned slip = 0; slip < 70; cyc++) {
    rifl_align_model_clock(&m, &(rifl_align_in_t){0, ~UINT64_C(0)}); /* ignored */
    rifl_align_model_comb(&m, &o);
    UT_CHECK(t, !o.frame_valid, "frame_valid without gt_valid");
    unsigned o_before = o.offset;
    rifl_align_model_clock(&m, &(rifl_align_in_t){1, 0});
    rifl_align_model_comb(&m, &o);
    if (o.frame_valid) {
      completions++;
      unsigned words = cyc + 1 - last_done; /* valid words since the last completion */
      last_done = cyc + 1;
      UT_EQ(t, words, slip == 64 ? 3 : 2, "words per frame (3 after the wrap-slip)");
      slip++;
      UT_EQ(t, o.offset, slip % 64, "offset after slip");
      UT_EQ(t, o.phase, slip >= 64 ? 1 : 0, "phase after slip");
      UT_CHECK(t, o_before != o.offset, "offset moved");
    }
    UT_CHECK(t, !o.aligned, "aligned on zeros");
  }
  /* frame_valid drops at the next edge with or without gt_valid. */
  rifl_align_model_clock(&m, &(rifl_align_in_t){0, 0});
  rifl_align_model_comb(&m, &o);
  UT_CHECK(t, !o.frame_valid, "frame_valid held");
  UT_CHECK(t, rifl_align_model_init(&m, &(rifl_align_params_t){128, 0, 16}) != 0, "LOCK 0");
  UT_CHECK(t, rifl_align_model_init(&m, &(rifl_align_params_t){96, 4, 4}) != 0, "FW 96");
}

/* Random words never lock; a locked aligner fed random words unlocks. */
static void t_aligner_random(ut_t *t) {
  prng_t r;
  prng_seed(&r, 38);
  rifl_align_model_t m;
  UT_CHECK(t, rifl_align_model_init(&m, &(rifl_align_params_t){128, 64, 16}) == 0, "init");
  for (int j = 0; j < 200000; j++) {
    rifl_align_model_clock(&m, &(rifl_align_in_t){1, prng_next(&r)});
    UT_CHECK(t, !m.aligned, "locked on random words at word %d", j);
  }
  UT_CHECK(t, m.slips > 40000, "random words slip often: %u", m.slips);
  /* lock on a real stream, then random words */
  static const unsigned unlocks[] = {4, 16};
  for (int u = 0; u < 2; u++) {
    stream_t s;
    UT_CHECK(t, make_stream(&s, &r, 128, 600) == 0, "no memory");
    long n = run_aligner(&s, &(rifl_align_params_t){128, 64, unlocks[u]}, 17, &m, &r);
    free_stream(&s);
    UT_CHECK(t, n > 0 && m.aligned, "not locked");
    long j = 0;
    for (; m.aligned && j < (1L << 23); j++)
      rifl_align_model_clock(&m, &(rifl_align_in_t){1, prng_next(&r)});
    UT_CHECK(t, !m.aligned, "UNLOCK=%u: still locked after %ld random words", unlocks[u], j);
  }
}

UT_SUITE(rifl_frame) {
  ut_run(s, "rifl_vcode", t_vcode);
  ut_run(s, "rifl_frame_fields", t_frame_fields);
  ut_run(s, "rifl_tx_known", t_tx_known);
  ut_run(s, "rifl_tx_rx_loopback", t_loopback);
  ut_run(s, "rifl_single_bit_errors", t_single_bit_errors);
  ut_run(s, "rifl_channel_identity", t_channel_identity);
  ut_run(s, "rifl_channel_ber", t_channel_ber);
  ut_run(s, "rifl_aligner_lock", t_aligner_lock);
  ut_run(s, "rifl_aligner_chain", t_aligner_chain);
  ut_run(s, "rifl_aligner_directed", t_aligner_directed);
  ut_run(s, "rifl_aligner_random", t_aligner_random);
}
