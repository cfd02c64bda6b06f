/* test_stream_resize_model.c - stream_resize cycle model. */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "stream_resize_model.h"
#include "unit.h"

/* One cycle: outputs during it, then the edge; returns the assertion flags of the edge. */
static unsigned cycle(stream_resize_model_t *m, const stream_resize_in_t *in,
                      stream_resize_out_t *o) {
  stream_resize_model_comb(m, in, o);
  return stream_resize_model_clock(m, in);
}

/* A beat of n bytes from b (first byte at the top), the rest zero. */
static void beat(uint32_t *w, unsigned nbytes_port, const uint8_t *b, unsigned n) {
  memset(w, 0, BITS_WORDS(nbytes_port * 8) * 4);
  for (unsigned j = 0; j < n; j++)
    bits_put_stream_byte(w, nbytes_port * 8, j, b[j]);
}

static void t_directed_down(ut_t *t) {
  stream_resize_model_t m;
  stream_resize_out_t o;
  UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){8, 2}) == 0, "init");
  uint8_t b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint32_t w[2];
  beat(w, 8, b, 8);
  stream_resize_in_t in = {1, w, 8, 0, 1};
  /* a full beat leaves as four pieces, the first in the cycle it arrives */
  for (unsigned k = 0; k < 4; k++) {
    UT_EQ(t, cycle(&m, &in, &o), 0, "no assertion");
    UT_CHECK(t, o.out_valid && o.out_nbytes == 2 && !o.out_last, "piece %u", k);
    UT_EQ(t, o.out_data[0], (unsigned)(b[2 * k] << 8 | b[2 * k + 1]), "piece data");
    UT_EQ(t, o.in_ready, k == 3, "in_ready on the last piece only");
  }
  /* a last beat of 3 bytes: pieces of 2 and 1, last on the second; back-pressure holds k */
  beat(w, 8, b, 3);
  in = (stream_resize_in_t){1, w, 3, 1, 0};
  cycle(&m, &in, &o);
  UT_CHECK(t, o.out_valid && o.out_nbytes == 2 && !o.out_last && !o.in_ready, "stalled piece 0");
  in.out_ready = 1;
  cycle(&m, &in, &o);
  UT_CHECK(t, o.out_nbytes == 2 && !o.out_last && !o.in_ready, "piece 0 again, taken");
  cycle(&m, &in, &o);
  UT_CHECK(t, o.out_nbytes == 1 && o.out_last && o.in_ready && o.out_data[0] == 0x0300,
           "piece 1: the last, 1 byte");
  in.in_valid = 0;
  cycle(&m, &in, &o);
  UT_CHECK(t, !o.out_valid && m.k == 0, "idle, counter back at 0");
}

static void t_directed_up(ut_t *t) {
  stream_resize_model_t m;
  stream_resize_out_t o;
  UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){2, 8}) == 0, "init");
  const uint32_t beats[] = {0x1100, 0x2201, 0x3302, 0x4403, 0xaabb, 0xccdd};
  stream_resize_in_t in = {1, beats, 2, 0, 1};
  /* four full beats at full rate: the word shows one cycle after the fourth, and the next
   * word's first beat is taken in that same cycle */
  for (unsigned k = 0; k < 4; k++) {
    in.in_data = &beats[k];
    cycle(&m, &in, &o);
    UT_CHECK(t, o.in_ready && !o.out_valid, "gathering beat %u", k);
  }
  in.in_data = &beats[4];
  in.in_nbytes = 1;
  in.in_last = 1;
  cycle(&m, &in, &o);
  UT_CHECK(t, o.out_valid && o.in_ready && o.out_nbytes == 8 && !o.out_last, "word out");
  UT_CHECK(t, o.out_data[1] == 0x11002201 && o.out_data[0] == 0x33024403, "word data");
  /* a 1-byte frame fills one place and leaves the others zero; back-pressure stalls input */
  in.in_valid = 1;
  in.out_ready = 0;
  in.in_data = &beats[5];
  cycle(&m, &in, &o);
  UT_CHECK(t, o.out_valid && !o.in_ready && o.out_nbytes == 1 && o.out_last, "1-byte frame");
  UT_CHECK(t, o.out_data[1] == 0xaabb0000 && o.out_data[0] == 0, "1-byte frame data");
  in.out_ready = 1;
  cycle(&m, &in, &o);
  UT_CHECK(t, o.in_ready && o.out_valid, "taken, next beat accepted in the same cycle");
  in.in_valid = 0;
  cycle(&m, &in, &o);
  UT_CHECK(t, o.out_valid && o.out_nbytes == 1 && o.out_data[1] == 0xccdd0000, "second frame");
  cycle(&m, &in, &o);
  UT_CHECK(t, !o.out_valid && o.in_ready, "empty");
}

static void t_equal_wires(ut_t *t) {
  stream_resize_model_t m;
  stream_resize_out_t o;
  UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){4, 4}) == 0, "init");
  prng_t r;
  prng_seed(&r, 71);
  for (int c = 0; c < 200; c++) {
    uint32_t w = prng_u32(&r);
    stream_resize_in_t in = {(unsigned)prng_below(&r, 2), &w, (unsigned)prng_below(&r, 8),
                             (unsigned)prng_below(&r, 2), (unsigned)prng_below(&r, 2)};
    UT_EQ(t, cycle(&m, &in, &o), 0, "no assertions at equal widths (the RTL has none)");
    UT_CHECK(t,
             o.out_valid == in.in_valid && o.in_ready == in.out_ready && o.out_data[0] == w &&
                 o.out_nbytes == in.in_nbytes && o.out_last == in.in_last,
             "wires, cycle %d", c);
  }
}

/* ---- random frames: byte sequence in == out, frame boundaries and beat form kept ---------- */

enum { MAXF = 64, MAXLEN = 3000 };

typedef struct {
  unsigned beats_in, beats_out, frames_out, stalls_in, stalls_out, ones, multiples;
} traffic_t;

/* Frames of random length (1 byte, exact multiples of both widths, around them, anything),
 * sent with random valid gaps, taken with random back-pressure; pad: the bytes after nbytes
 * are random instead of zero (they must not reach the output's counted bytes). */
static void random_frames(ut_t *t, unsigned in_b, unsigned out_b, uint64_t seed, int pad,
                          traffic_t *tr) {
  stream_resize_model_t m;
  UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){in_b, out_b}) == 0,
           "init %u -> %u", in_b, out_b);
  prng_t r;
  prng_seed(&r, seed);
  static uint8_t msg[MAXF][MAXLEN], got[MAXLEN];
  unsigned len[MAXF], big = in_b > out_b ? in_b : out_b;
  for (unsigned f = 0; f < MAXF; f++) {
    switch (prng_below(&r, 5)) {
    case 0:
      len[f] = 1;
      break;
    case 1:
      len[f] = big * (unsigned)prng_range(&r, 1, 4);
      break;
    case 2:
      len[f] = big * (unsigned)prng_range(&r, 1, 4) + (prng_bernoulli(&r, 0.5) ? 1 : -1u);
      break;
    default:
      len[f] = (unsigned)prng_range(&r, 1, 5 * big);
    }
    len[f] = len[f] < 1 ? 1 : len[f] > MAXLEN ? MAXLEN : len[f];
    prng_fill(&r, msg[f], len[f]);
    tr->ones += len[f] == 1;
    tr->multiples += len[f] % big == 0;
  }
  unsigned fi = 0, off = 0, held = 0, fo = 0, got_n = 0, prev_stall = 0;
  uint32_t w[BITS_MAX_WORDS] = {0};
  stream_resize_out_t prev;
  double p_in = 0.5, p_out = 0.5;
  for (unsigned c = 0; fo < MAXF; c++) {
    UT_CHECK(t, c < 200000, "%u -> %u: stuck at frame %u", in_b, out_b, fo);
    if (c % 97 == 0) {
      p_in = 0.2 + 0.8 * prng_double(&r);
      p_out = 0.2 + 0.8 * prng_double(&r);
    }
    unsigned left = fi < MAXF ? len[fi] - off : 0, n = left < in_b ? left : in_b;
    if (!held && fi < MAXF && prng_bernoulli(&r, p_in)) {
      held = 1;
      if (pad)
        prng_fill_bits(&r, w, in_b * 8);
      else
        memset(w, 0, sizeof w);
      for (unsigned j = 0; j < n; j++)
        bits_put_stream_byte(w, in_b * 8, j, msg[fi][off + j]);
    }
    stream_resize_in_t in = {held, w, n, n == left, (unsigned)prng_bernoulli(&r, p_out)};
    stream_resize_out_t o;
    stream_resize_model_comb(&m, &in, &o);
    /* the output keeps valid/ready: a stalled beat stays, unchanged */
    if (prev_stall)
      UT_CHECK(t,
               o.out_valid && o.out_nbytes == prev.out_nbytes && o.out_last == prev.out_last &&
                   !memcmp(o.out_data, prev.out_data, sizeof o.out_data),
               "%u -> %u: stalled output beat changed, cycle %u", in_b, out_b, c);
    if (o.out_valid && in.out_ready) {
      tr->beats_out++;
      UT_CHECK(t, o.out_nbytes >= 1 && o.out_nbytes <= out_b, "out_nbytes %u", o.out_nbytes);
      UT_CHECK(t, o.out_last || o.out_nbytes == out_b,
               "%u -> %u: a beat before the last is not "
               "full (cycle %u)",
               in_b, out_b, c);
      for (unsigned j = 0; j < o.out_nbytes && got_n < MAXLEN; j++)
        got[got_n++] = (uint8_t)bits_stream_byte(o.out_data, out_b * 8, j);
      if (!pad)
        for (unsigned j = o.out_nbytes; j < out_b; j++)
          UT_EQ(t, bits_stream_byte(o.out_data, out_b * 8, j), 0, "zero bytes past nbytes");
      if (o.out_last) {
        UT_EQ(t, got_n, len[fo], "frame length");
        UT_CHECK(t, !memcmp(got, msg[fo], got_n), "%u -> %u: frame %u bytes differ", in_b, out_b,
                 fo);
        fo++;
        tr->frames_out++;
        got_n = 0;
      }
    }
    tr->stalls_out += o.out_valid && !in.out_ready;
    tr->stalls_in += in.in_valid && !o.in_ready;
    prev_stall = o.out_valid && !in.out_ready;
    prev = o;
    if (in.in_valid && o.in_ready) {
      tr->beats_in++;
      held = 0;
      off += n;
      if (off == len[fi]) {
        fi++;
        off = 0;
      }
    }
    UT_EQ(t, stream_resize_model_clock(&m, &in), 0, "no assertion on legal input");
  }
}

static void t_random(ut_t *t) {
  static const unsigned wd[][2] = {{64, 32}, {128, 16}, {8, 1}, {16, 64}, {1, 4},
                                   {2, 512}, {32, 32},  {1, 1}, {512, 2}};
  traffic_t tr;
  memset(&tr, 0, sizeof tr);
  for (unsigned i = 0; i < sizeof wd / sizeof wd[0]; i++)
    for (int pad = 0; pad < 2; pad++) {
      random_frames(t, wd[i][0], wd[i][1], 80 + 2 * i + (unsigned)pad, pad, &tr);
      if (t->failed)
        return;
    }
  ut_info("stream_resize_model: %u beats in, %u out, %u frames (%u of 1 byte, %u exact "
          "multiples), %u input and %u output stalls",
          tr.beats_in, tr.beats_out, tr.frames_out, tr.ones, tr.multiples, tr.stalls_in,
          tr.stalls_out);
  UT_CHECK(t, tr.ones > 50 && tr.multiples > 100 && tr.stalls_in > 1000 && tr.stalls_out > 1000,
           "traffic too tame");
}

/* Full rate: no valid gaps, no back-pressure; a full beat every cycle on the narrow side. */
static void t_full_rate(ut_t *t) {
  static const unsigned wd[][2] = {{64, 32}, {16, 64}, {32, 32}};
  for (unsigned i = 0; i < 3; i++) {
    stream_resize_model_t m;
    unsigned in_b = wd[i][0], out_b = wd[i][1];
    UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){in_b, out_b}) == 0, "init");
    uint32_t w[BITS_MAX_WORDS] = {0};
    unsigned beats_in = 0, beats_out = 0;
    for (int c = 0; c < 400; c++) {
      stream_resize_in_t in = {1, w, in_b, (c % 40) == 39, 1};
      stream_resize_out_t o;
      stream_resize_model_comb(&m, &in, &o);
      beats_in += o.in_ready;
      beats_out += o.out_valid;
      stream_resize_model_clock(&m, &in);
    }
    /* down: R output beats per input beat; up: one in R cycles out, one cycle of latency */
    unsigned exp_in = in_b >= out_b ? 400 / (in_b / out_b) : 400;
    unsigned exp_out = in_b >= out_b ? 400 : 400 / (out_b / in_b) - 1;
    UT_EQ(t, beats_in, exp_in, "input beats at full rate");
    UT_EQ(t, beats_out, exp_out, "output beats at full rate");
  }
}

/* The RTL's assertions, as flags; the equal-width wires have none. */
static void t_assertions(ut_t *t) {
  stream_resize_model_t m;
  stream_resize_out_t o;
  uint32_t w[2] = {0};
  for (int up = 0; up < 2; up++) {
    stream_resize_params_t p = {up ? 4 : 8, up ? 8 : 4};
    UT_CHECK(t, stream_resize_model_init(&m, &p) == 0, "init");
    unsigned ib = p.in_b;
    UT_EQ(t, cycle(&m, &(stream_resize_in_t){1, w, 0, 1, 1}, &o), STREAM_RESIZE_NBYTES, "nbytes 0");
    stream_resize_model_reset(&m);
    UT_EQ(t, cycle(&m, &(stream_resize_in_t){1, w, ib + 1, 1, 1}, &o), STREAM_RESIZE_NBYTES,
          "nbytes above IN_B");
    stream_resize_model_reset(&m);
    UT_EQ(t, cycle(&m, &(stream_resize_in_t){1, w, ib - 1, 0, 1}, &o), STREAM_RESIZE_NOT_FULL,
          "short beat before the last");
    stream_resize_model_reset(&m);
    UT_EQ(t, cycle(&m, &(stream_resize_in_t){0, w, 0, 0, 1}, &o), 0, "no valid, no check");
  }
}

static void t_params(ut_t *t) {
  stream_resize_model_t m;
  static const unsigned bad[][2] = {{0, 4}, {4, 0}, {3, 4}, {4, 6}, {1024, 4}, {4, 1024}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){bad[i][0], bad[i][1]}) != 0,
             "IN_B=%u OUT_B=%u accepted", bad[i][0], bad[i][1]);
  UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){1, 512}) == 0, "1 -> 512");
  UT_CHECK(t, stream_resize_model_init(&m, &(stream_resize_params_t){512, 1}) == 0, "512 -> 1");
  UT_EQ(t, stream_resize_nbytes_width(1), 1, "nbytes width of 1 byte");
  UT_EQ(t, stream_resize_nbytes_width(16), 5, "nbytes width of 16 bytes");
  UT_EQ(t, stream_resize_nbytes_width(64), 7, "nbytes width of 64 bytes");
}

UT_SUITE(stream_resize_model) {
  ut_run(s, "stream_resize_model_directed_down", t_directed_down);
  ut_run(s, "stream_resize_model_directed_up", t_directed_up);
  ut_run(s, "stream_resize_model_equal_wires", t_equal_wires);
  ut_run(s, "stream_resize_model_random", t_random);
  ut_run(s, "stream_resize_model_full_rate", t_full_rate);
  ut_run(s, "stream_resize_model_assertions", t_assertions);
  ut_run(s, "stream_resize_model_params", t_params);
}
