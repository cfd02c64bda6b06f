/* test_rifl_axis_model.c - RIFL user side: payload frames, rifl_axis_enc / rifl_axis_dec
 * cycle models (alone, and chained enc -> dec). */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "rifl_axis_model.h"
#include "rifl_frame.h"
#include "unit.h"

static const unsigned dws[] = {64, 128, 256, 512, 1024};
static const unsigned fws[] = {128, 256, 512, 1024};

/* ---- payload frames --------------------------------------------------------------------- */

static void t_payload(ut_t *t) {
  /* FW=128 (PB 14): 5 bytes -> meta 10, bytes on top, count 5 in bits [7:0]. */
  uint8_t pkt[600];
  for (unsigned i = 0; i < sizeof pkt; i++)
    pkt[i] = (uint8_t)(i + 1);
  uint32_t d[RIFL_AXIS_PAYLOAD_WORDS];
  unsigned meta;
  UT_EQ(t, rifl_axis_frames(128, 5), 1, "frames of 5 bytes at FW=128");
  rifl_axis_payload(128, pkt, 5, 0, &meta, d);
  UT_EQ(t, meta, RIFL_META_END_PARTIAL, "meta of a 5-byte packet");
  /* 112 bits: 01 02 03 04 05 00..00 05 */
  UT_EQ(t, d[3], 0x0102u, "payload bits [111:96]");
  UT_EQ(t, d[2], 0x03040500u, "payload bits [95:64]");
  UT_EQ(t, d[1], 0, "payload bits [63:32]");
  UT_EQ(t, d[0], 0x05u, "payload bits [31:0]: count in the lowest byte");
  /* Its own inverse, for every length and every FW; meta codes as the spec says. */
  for (unsigned f = 0; f < 4; f++) {
    unsigned fw = fws[f], pb = rifl_payload_bytes(fw);
    for (size_t len = 1; len <= 3 * pb + 1; len++) {
      size_t nf = rifl_axis_frames(fw, len), got = 0;
      uint8_t back[600];
      UT_EQ(t, nf, (len + pb - 1) / pb, "frame count");
      for (size_t i = 0; i < nf; i++) {
        rifl_axis_payload(fw, pkt, len, i, &meta, d);
        unsigned exp = i + 1 < nf ? RIFL_META_FULL
                                  : ((len % pb) != 0 ? RIFL_META_END_PARTIAL : RIFL_META_END_FULL);
        UT_EQ(t, meta, exp, "meta code");
        int n = rifl_axis_payload_bytes(fw, meta, d, back + got);
        UT_CHECK(t, n > 0, "payload frame %zu of %zu bytes at FW=%u rejected", i, len, fw);
        got += (size_t)n;
      }
      UT_EQ(t, got, len, "bytes back");
      UT_CHECK(t, memcmp(back, pkt, len) == 0, "bytes differ, len %zu FW %u", len, fw);
    }
  }
  /* Malformed partial frames are refused. */
  rifl_axis_payload(256, pkt, 3, 0, &meta, d);
  uint8_t b[RIFL_AXIS_PB_MAX];
  rifl_axis_set_byte(d, 30, 29, 30); /* count = PB */
  UT_EQ(t, rifl_axis_payload_bytes(256, meta, d, b), -1, "count PB refused");
  rifl_axis_set_byte(d, 30, 29, 3);
  rifl_axis_set_byte(d, 30, 10, 0x55); /* an unused byte not zero */
  UT_EQ(t, rifl_axis_payload_bytes(256, meta, d, b), -1, "dirty unused byte refused");
  UT_EQ(t, rifl_axis_payload_bytes(256, RIFL_META_NONE, d, b), 0, "meta 00 carries nothing");
}

static void t_params(ut_t *t) {
  rifl_axis_enc_model_t e;
  rifl_axis_dec_model_t d;
  UT_CHECK(t, rifl_axis_enc_model_init(&e, &(rifl_axis_params_t){32, 256}) != 0, "DW=32");
  UT_CHECK(t, rifl_axis_enc_model_init(&e, &(rifl_axis_params_t){256, 192}) != 0, "FW=192");
  UT_CHECK(t, rifl_axis_dec_model_init(&d, &(rifl_axis_params_t){2048, 256}) != 0, "DW=2048");
  for (unsigned i = 0; i < 5; i++)
    for (unsigned f = 0; f < 4; f++) {
      rifl_axis_params_t p = {dws[i], fws[f]};
      UT_CHECK(t, rifl_axis_enc_model_init(&e, &p) == 0 && rifl_axis_dec_model_init(&d, &p) == 0,
               "DW=%u FW=%u refused", dws[i], fws[f]);
    }
}

/* ---- encoder, directed ------------------------------------------------------------------- */

/* One encoder cycle: outputs before the edge into *o (m_data copied: the model's own
 * changes at the edge), then the edge. */
static void enc_cycle(rifl_axis_enc_model_t *m, unsigned dw, const uint8_t *bytes, unsigned k,
                      unsigned last, unsigned m_ready, rifl_axis_enc_out_t *o) {
  static uint32_t data[RIFL_AXIS_PAYLOAD_WORDS];
  uint32_t td[RIFL_AXIS_DATA_WORDS], tk[BITS_WORDS(RIFL_AXIS_NB_MAX)];
  rifl_axis_beat(dw, bytes, k, td, tk);
  rifl_axis_enc_in_t in = {k != 0, td, tk, last, m_ready};
  rifl_axis_enc_model_comb(m, &in, o);
  memcpy(data, o->m_data, sizeof data);
  o->m_data = data;
  rifl_axis_enc_model_clock(m, &in);
}

static void t_enc_directed(ut_t *t) {
  rifl_axis_enc_model_t m;
  rifl_axis_enc_out_t o;
  UT_CHECK(t, rifl_axis_enc_model_init(&m, &(rifl_axis_params_t){64, 128}) == 0, "init");
  uint8_t b[16];
  for (unsigned i = 0; i < 16; i++)
    b[i] = (uint8_t)(0xa0 + i);
  /* 14 bytes (PB at FW=128): 8 + 6 last -> one frame, meta 11, the cycle after the last beat */
  enc_cycle(&m, 64, b, 8, 0, 1, &o);
  UT_CHECK(t, o.s_axis_tready && !o.m_valid, "reset state");
  enc_cycle(&m, 64, b + 8, 6, 1, 1, &o);
  UT_CHECK(t, o.s_axis_tready && !o.m_valid, "nothing complete after one beat");
  enc_cycle(&m, 64, NULL, 0, 0, 1, &o);
  UT_CHECK(t, o.m_valid && o.m_meta == RIFL_META_END_FULL, "14 bytes: one frame, meta 11");
  UT_EQ(t, rifl_axis_byte(o.m_data, 14, 0), 0xa0, "first byte on top");
  UT_EQ(t, rifl_axis_byte(o.m_data, 14, 13), 0xad, "14th byte at the bottom");
  /* 15 bytes: 8 + 7 last -> 01 (14 bytes) then 10 with one byte; the second frame waits one
   * cycle and the source is held off meanwhile. */
  enc_cycle(&m, 64, b, 8, 0, 1, &o);
  UT_CHECK(t, !o.m_valid, "frame consumed");
  enc_cycle(&m, 64, b + 8, 7, 1, 1, &o);
  enc_cycle(&m, 64, NULL, 0, 0, 1, &o);
  UT_CHECK(t, o.m_valid && o.m_meta == RIFL_META_FULL && !o.s_axis_tready,
           "15 bytes: first frame 01, input held while the tail waits");
  enc_cycle(&m, 64, NULL, 0, 0, 1, &o);
  UT_CHECK(t, o.m_valid && o.m_meta == RIFL_META_END_PARTIAL, "15 bytes: tail frame 10");
  UT_EQ(t, rifl_axis_byte(o.m_data, 14, 0), 0xae, "tail byte");
  UT_EQ(t, o.m_data[0], 1, "count 1 in the lowest byte, nothing else below");
  UT_EQ(t, o.m_data[1] | o.m_data[2] | (o.m_data[3] & 0xffu), 0, "unused bytes zero");
  /* A 1-byte packet while the consumer stalls: offered at once, held until taken. */
  enc_cycle(&m, 64, b, 1, 1, 1, &o);
  UT_CHECK(t, !o.m_valid && o.s_axis_tready, "idle");
  for (int c = 0; c < 3; c++) {
    enc_cycle(&m, 64, NULL, 0, 0, 0, &o);
    UT_CHECK(t, o.m_valid && o.m_meta == RIFL_META_END_PARTIAL && o.m_data[0] == 1,
             "1-byte frame held, cycle %d", c);
  }
  enc_cycle(&m, 64, NULL, 0, 0, 1, &o);
  enc_cycle(&m, 64, NULL, 0, 0, 1, &o);
  UT_CHECK(t, !o.m_valid, "consumed");
}

/* ---- decoder, directed ------------------------------------------------------------------- */

static void dec_cycle(rifl_axis_dec_model_t *m, unsigned valid, unsigned meta, const uint32_t *data,
                      unsigned abort, unsigned ready, rifl_axis_dec_out_t *o) {
  static const uint32_t zero[RIFL_AXIS_PAYLOAD_WORDS];
  static uint32_t tdata[RIFL_AXIS_DATA_WORDS], tkeep[BITS_WORDS(RIFL_AXIS_NB_MAX)];
  rifl_axis_dec_in_t in = {valid, meta, data ? data : zero, abort, ready};
  rifl_axis_dec_model_comb(m, &in, o);
  memcpy(tdata, o->m_axis_tdata, sizeof tdata); /* the edge changes the model's copy */
  memcpy(tkeep, o->m_axis_tkeep, sizeof tkeep);
  o->m_axis_tdata = tdata;
  o->m_axis_tkeep = tkeep;
  rifl_axis_dec_model_clock(m, &in);
}

static void t_dec_abort(ut_t *t) {
  /* DW=64, FW=128: 8-byte beats, 14-byte payloads. */
  rifl_axis_dec_model_t m;
  rifl_axis_dec_out_t o;
  UT_CHECK(t, rifl_axis_dec_model_init(&m, &(rifl_axis_params_t){64, 128}) == 0, "init");
  uint8_t pkt[64];
  for (unsigned i = 0; i < 64; i++)
    pkt[i] = (uint8_t)(i + 1);
  uint32_t d[RIFL_AXIS_PAYLOAD_WORDS];
  unsigned meta;
  /* no packet open: an abort is dropped, and so is a meta 00 entry */
  dec_cycle(&m, 1, 0, NULL, 1, 1, &o);
  UT_CHECK(t, o.s_ready && !o.m_axis_tvalid, "reset state");
  dec_cycle(&m, 1, RIFL_META_NONE, NULL, 0, 1, &o);
  dec_cycle(&m, 0, 0, NULL, 0, 1, &o);
  UT_CHECK(t, !o.m_axis_tvalid, "abort without an open packet and meta 00 give no beat");
  /* one full frame of a 64-byte packet (14 bytes: a beat of 8 goes out, 6 wait), then abort */
  rifl_axis_payload(128, pkt, 64, 0, &meta, d);
  dec_cycle(&m, 1, meta, d, 0, 1, &o);
  dec_cycle(&m, 1, 0, NULL, 1, 1, &o);
  UT_CHECK(t, o.m_axis_tvalid && !o.m_axis_tlast && o.m_axis_tkeep[0] == 0xff, "first beat");
  UT_EQ(t, rifl_axis_byte(o.m_axis_tdata, 8, 0), 1, "first byte");
  dec_cycle(&m, 0, 0, NULL, 0, 1, &o);
  UT_CHECK(t, o.m_axis_tvalid && o.m_axis_tlast && o.m_axis_tuser, "abort beat: tlast, tuser");
  UT_EQ(t, o.m_axis_tkeep[0], 0xfc, "abort beat keeps the 6 waiting bytes");
  UT_EQ(t, rifl_axis_byte(o.m_axis_tdata, 8, 5), 14, "last waiting byte");
  /* 4 full frames = 56 bytes = 7 beats exactly: the abort beat keeps no byte */
  unsigned beats = 0;
  for (unsigned f = 0; f < 4; f++) {
    rifl_axis_payload(128, pkt, 64, f, &meta, d);
    do {
      dec_cycle(&m, 1, meta, d, 0, 1, &o);
      beats += o.m_axis_tvalid;
      UT_CHECK(t, !o.m_axis_tvalid || (!o.m_axis_tlast && !o.m_axis_tuser), "no end yet");
    } while (!o.s_ready);
  }
  for (int c = 0; c < 4; c++) {
    dec_cycle(&m, 0, 0, NULL, 0, 1, &o);
    beats += o.m_axis_tvalid;
    UT_CHECK(t, !o.m_axis_tvalid || (!o.m_axis_tlast && !o.m_axis_tuser), "no end yet");
  }
  UT_EQ(t, beats, 7, "beats of 56 bytes");
  dec_cycle(&m, 1, 0, NULL, 1, 0, &o); /* abort, consumer stalls */
  dec_cycle(&m, 0, 0, NULL, 0, 0, &o);
  UT_CHECK(t, o.m_axis_tvalid && o.m_axis_tlast && o.m_axis_tuser, "empty abort beat");
  UT_EQ(t, o.m_axis_tkeep[0], 0, "empty abort beat keeps nothing");
  dec_cycle(&m, 0, 0, NULL, 0, 0, &o);
  UT_CHECK(t, o.m_axis_tvalid && o.m_axis_tlast && o.m_axis_tuser && o.m_axis_tkeep[0] == 0,
           "empty abort beat held while the consumer stalls");
  dec_cycle(&m, 0, 0, NULL, 0, 1, &o);
  dec_cycle(&m, 0, 0, NULL, 0, 1, &o);
  UT_CHECK(t, !o.m_axis_tvalid && o.s_ready, "idle again");
  /* the next packet is clean: 3 bytes -> one tlast beat, tuser 0 */
  rifl_axis_payload(128, pkt, 3, 0, &meta, d);
  dec_cycle(&m, 1, meta, d, 0, 1, &o);
  dec_cycle(&m, 0, 0, NULL, 0, 1, &o);
  UT_CHECK(t, o.m_axis_tvalid && o.m_axis_tlast && !o.m_axis_tuser, "clean packet after abort");
  UT_EQ(t, o.m_axis_tkeep[0], 0xe0, "3 bytes kept");
}

/* ---- chained models, random ---------------------------------------------------------------- */

typedef struct {
  uint8_t bytes[600];
  size_t len;
} pkt_t;

/* Packets of 1..600 bytes through enc -> dec (models) with random source gaps and random
 * backpressure on both outputs; every packet back, byte for byte, and every frame equal to
 * rifl_axis_payload()'s. Returns the cycles it took; *ideal is the sum over the packets of
 * max(beats, frames), the cycles of a pipeline that never stalls. */
static unsigned chain(ut_t *t, prng_t *r, unsigned dw, unsigned fw, unsigned npkt, double p_src,
                      double p_link, double p_sink, unsigned *ideal) {
  rifl_axis_params_t p = {dw, fw};
  rifl_axis_enc_model_t e;
  rifl_axis_dec_model_t d;
  if (rifl_axis_enc_model_init(&e, &p) || rifl_axis_dec_model_init(&d, &p)) {
    ut_fail(t, __FILE__, __LINE__, "init DW=%u FW=%u", dw, fw);
    return 0;
  }
  enum { Q = 8 };
  static pkt_t q[Q];
  unsigned nb = dw / 8, pb = rifl_payload_bytes(fw);
  unsigned sent = 0, got = 0, beat = 0, frame_i = 0, fr_pkt = 0, valid = 0;
  size_t rx_len = 0;
  uint8_t rx[600];
  uint32_t td[RIFL_AXIS_DATA_WORDS], tk[BITS_WORDS(RIFL_AXIS_NB_MAX)];
  unsigned last = 0, cycles = 0;
  for (; got < npkt && cycles < 200000; cycles++) {
    pkt_t *cur = &q[sent % Q];
    if (!valid && sent < npkt && sent - got < Q - 1 && prng_bernoulli(r, p_src)) {
      if (beat == 0) {
        cur->len = (size_t)prng_range(r, 1, 600);
        prng_fill(r, cur->bytes, cur->len);
        size_t nbeats = (cur->len + nb - 1) / nb, nframes = rifl_axis_frames(fw, cur->len);
        *ideal += (unsigned)(nbeats > nframes ? nbeats : nframes);
      }
      size_t off = (size_t)beat * nb, k = cur->len - off > nb ? nb : cur->len - off;
      rifl_axis_beat(dw, cur->bytes + off, (unsigned)k, td, tk);
      last = off + k == cur->len;
      valid = 1;
    }
    rifl_axis_enc_out_t eo;
    rifl_axis_dec_out_t dout;
    rifl_axis_enc_in_t ein = {valid, td, tk, last, 0};
    rifl_axis_enc_model_comb(&e, &ein, &eo);
    rifl_axis_dec_in_t din = {eo.m_valid && prng_bernoulli(r, p_link), eo.m_meta, eo.m_data, 0,
                              (unsigned)prng_bernoulli(r, p_sink)};
    rifl_axis_dec_model_comb(&d, &din, &dout);
    ein.m_ready = din.s_valid && dout.s_ready;
    if (valid && eo.s_axis_tready) {
      valid = 0;
      beat = last ? 0 : beat + 1;
      sent += last;
    }
    if (ein.m_ready) { /* the frame equals the pure function's */
      const pkt_t *fp = &q[fr_pkt % Q];
      uint32_t exp[RIFL_AXIS_PAYLOAD_WORDS];
      unsigned meta;
      rifl_axis_payload(fw, fp->bytes, fp->len, frame_i, &meta, exp);
      if (eo.m_meta != meta || memcmp(eo.m_data, exp, BITS_WORDS(8 * pb) * 4) != 0) {
        ut_fail(t, __FILE__, __LINE__, "DW=%u FW=%u packet %u frame %u differs", dw, fw, fr_pkt,
                frame_i);
        return 0;
      }
      frame_i++;
      if (meta != RIFL_META_FULL) {
        frame_i = 0;
        fr_pkt++;
      }
    }
    if (dout.m_axis_tvalid && din.m_axis_tready) {
      const pkt_t *xp = &q[got % Q];
      for (unsigned j = 0; j < nb; j++)
        if (bits_get(dout.m_axis_tkeep, nb - 1 - j) && rx_len < sizeof rx)
          rx[rx_len++] = (uint8_t)rifl_axis_byte(dout.m_axis_tdata, nb, j);
      if (dout.m_axis_tlast) {
        if (dout.m_axis_tuser || rx_len != xp->len || memcmp(rx, xp->bytes, rx_len) != 0) {
          ut_fail(t, __FILE__, __LINE__, "DW=%u FW=%u packet %u: %zu bytes back of %zu", dw, fw,
                  got, rx_len, xp->len);
          return 0;
        }
        rx_len = 0;
        got++;
      }
    }
    /* the decoder first: its s_data points into the encoder model */
    rifl_axis_dec_model_clock(&d, &din);
    rifl_axis_enc_model_clock(&e, &ein);
  }
  if (got != npkt)
    ut_fail(t, __FILE__, __LINE__, "DW=%u FW=%u: %u of %u packets back", dw, fw, got, npkt);
  return cycles;
}

static void t_chain_random(ut_t *t) {
  prng_t r;
  prng_seed(&r, 7);
  for (unsigned i = 0; i < 5; i++)
    for (unsigned f = 0; f < 4; f++) {
      unsigned ideal = 0;
      chain(t, &r, dws[i], fws[f], 60, 0.7, 0.6, 0.7, &ideal);
      if (t->failed)
        return;
    }
}

/* With nothing stalling, the pair runs at the rate of the slower side: one beat per cycle
 * into the encoder while beats are smaller than payloads, one frame per cycle otherwise. */
static void t_chain_full_rate(ut_t *t) {
  prng_t r;
  prng_seed(&r, 9);
  for (unsigned i = 0; i < 5; i++)
    for (unsigned f = 0; f < 4; f++) {
      unsigned ideal = 0;
      unsigned cycles = chain(t, &r, dws[i], fws[f], 200, 1.0, 1.0, 1.0, &ideal);
      if (t->failed)
        return;
      ut_info("rifl_axis chain DW=%u FW=%u: %u cycles, %u without any stall", dws[i], fws[f],
              cycles, ideal);
      /* at most about one lost cycle per packet (a tail spilling into one more unit) */
      UT_CHECK(t, cycles <= ideal + 200 + 50, "DW=%u FW=%u: %u cycles for %u", dws[i], fws[f],
               cycles, ideal);
    }
}

UT_SUITE(rifl_axis_model) {
  ut_run(s, "rifl_axis_payload", t_payload);
  ut_run(s, "rifl_axis_params", t_params);
  ut_run(s, "rifl_axis_enc_directed", t_enc_directed);
  ut_run(s, "rifl_axis_dec_abort", t_dec_abort);
  ut_run(s, "rifl_axis_chain_random", t_chain_random);
  ut_run(s, "rifl_axis_chain_full_rate", t_chain_full_rate);
}
