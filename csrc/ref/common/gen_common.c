/*
 * gen_common.c - cases of block "common": <top>_random for every top of
 * tb/common/tops.txt, and <top>_check for the crc_engine and crc_stream tops. Stimulus
 * respects each module's protocol; expected outputs come from the csrc/ref
 * cycle models (record = inputs, outputs during the cycle, then the edge).
 */
#include "gen.h"

#include <string.h>

#include "bits.h"
#include "crc_engine_model.h"
#include "crc_stream_model.h"
#include "credit_counter_model.h"
#include "matrix_arbiter_model.h"
#include "rr_arbiter_model.h"
#include "scrambler_model.h"
#include "stream_resize_model.h"
#include "sync_fifo_model.h"

#define BLOCK "common"

/* A module: its parameters with the RTL defaults (docs/common/<module page>.md) and the
 * writers of its cases; p[] holds the top's values in param order. */
/* Stimulus probabilities are redrawn per phase so runs visit full, empty,
 * idle and saturated regimes. */
static const double levels[] = {0.05, 0.3, 0.5, 0.7, 0.95};

static double pick_level(prng_t *r) {
  return levels[prng_below(r, sizeof levels / sizeof levels[0])];
}

/* ---- sync_fifo ----------------------------------------------------------- */

enum { FIFO_IN_VALID, FIFO_IN_DATA, FIFO_OUT_READY };
enum { FIFO_IN_READY, FIFO_OUT_VALID, FIFO_OUT_DATA, FIFO_LEVEL };

static void fifo_fields(gen_case_t *c, unsigned width, unsigned depth) {
  gen_case_field(c, VEC_IN, "in_valid", 1);
  gen_case_field(c, VEC_IN, "in_data", width);
  gen_case_field(c, VEC_IN, "out_ready", 1);
  gen_case_field(c, VEC_OUT, "in_ready", 1);
  gen_case_field(c, VEC_OUT, "out_valid", 1);
  gen_case_field(c, VEC_OUT, "out_data", width);
  gen_case_field(c, VEC_OUT, "level", fifo_level_width(depth));
}

static void fifo_record(gen_case_t *c, const fifo_in_t *in, const fifo_out_t *o) {
  gen_case_row(c);
  gen_case_set(c, VEC_IN, FIFO_IN_VALID, in->in_valid);
  gen_case_set_words(c, VEC_IN, FIFO_IN_DATA, in->in_data);
  gen_case_set(c, VEC_IN, FIFO_OUT_READY, in->out_ready);
  gen_case_set(c, VEC_OUT, FIFO_IN_READY, o->in_ready);
  gen_case_set(c, VEC_OUT, FIFO_OUT_VALID, o->out_valid);
  if (o->out_valid)
    gen_case_set_words(c, VEC_OUT, FIFO_OUT_DATA, o->out_data);
  else
    gen_case_x(c, FIFO_OUT_DATA);
  gen_case_set(c, VEC_OUT, FIFO_LEVEL, o->level);
}

static int fifo_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  fifo_model_t m;
  gen_case_t c;
  if (fifo_model_init(&m, &(fifo_params_t){(unsigned)p[0], (unsigned)p[1]}))
    return gen_fail(ctx, "%s: illegal parameters for sync_fifo", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random")) {
    fifo_model_free(&m);
    return -1;
  }
  fifo_fields(&c, m.p.width, m.p.depth);
  uint32_t data[BITS_MAX_WORDS] = {0};
  double p_in = 0.5, p_out = 0.5;
  int held = 0; /* in_valid stays high with stable data until accepted */
  for (int cyc = 0; cyc < 2000; cyc++) {
    if (cyc % 128 == 0) {
      p_in = pick_level(&c.rng);
      p_out = pick_level(&c.rng);
    }
    fifo_in_t in = {1, data, 0};
    if (!held) {
      in.in_valid = prng_bernoulli(&c.rng, p_in);
      prng_fill_bits(&c.rng, data, m.p.width);
    }
    in.out_ready = prng_bernoulli(&c.rng, p_out);
    fifo_out_t o;
    fifo_model_comb(&m, &in, &o);
    fifo_record(&c, &in, &o);
    held = in.in_valid && !o.in_ready;
    fifo_model_clock(&m, &in);
  }
  fifo_model_free(&m);
  return gen_case_end(&c);
}

/* ---- rr_arbiter / matrix_arbiter ----------------------------------------- */

enum { ARB_REQ, ARB_UPDATE };
enum { ARB_GNT, ARB_GNT_VALID, ARB_GNT_IDX };

/* Either arbiter model behind one stimulus loop. */
typedef struct {
  int matrix;
  rr_arb_model_t rr;
  matrix_arb_model_t mx;
} arb_dut_t;

static void arb_comb(const arb_dut_t *a, const arb_in_t *in, arb_out_t *o) {
  if (a->matrix)
    matrix_arb_model_comb(&a->mx, in, o);
  else
    rr_arb_model_comb(&a->rr, in, o);
}

static void arb_clock(arb_dut_t *a, const arb_in_t *in) {
  if (a->matrix)
    matrix_arb_model_clock(&a->mx, in);
  else
    rr_arb_model_clock(&a->rr, in);
}

static uint64_t random_req(prng_t *r, unsigned n, double p) {
  uint64_t req = 0;
  for (unsigned i = 0; i < n; i++)
    req |= (uint64_t)prng_bernoulli(r, p) << i;
  return req;
}

static int arb_random(gen_ctx_t *ctx, const gen_top_t *top, unsigned n, int matrix) {
  arb_dut_t a = {matrix, {0, 0}, {0, {0}}};
  gen_case_t c;
  if ((matrix ? matrix_arb_model_init(&a.mx, n) : rr_arb_model_init(&a.rr, n)))
    return gen_fail(ctx, "%s: illegal N", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  gen_case_field(&c, VEC_IN, "req", n);
  gen_case_field(&c, VEC_IN, "update", 1);
  gen_case_field(&c, VEC_OUT, "gnt", n);
  gen_case_field(&c, VEC_OUT, "gnt_valid", 1);
  gen_case_field(&c, VEC_OUT, "gnt_idx", arb_idx_width(n));
  double p_req = 0.5, p_upd = 0.5;
  for (int cyc = 0; cyc < 1500; cyc++) {
    if (cyc % 100 == 0) {
      p_req = pick_level(&c.rng);
      p_upd = pick_level(&c.rng);
    }
    arb_in_t in = {random_req(&c.rng, n, p_req), prng_bernoulli(&c.rng, p_upd)};
    arb_out_t o;
    arb_comb(&a, &in, &o);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, ARB_REQ, in.req);
    gen_case_set(&c, VEC_IN, ARB_UPDATE, in.update);
    gen_case_set(&c, VEC_OUT, ARB_GNT, o.gnt);
    gen_case_set(&c, VEC_OUT, ARB_GNT_VALID, o.gnt_valid);
    gen_case_set(&c, VEC_OUT, ARB_GNT_IDX, o.gnt_idx);
    arb_clock(&a, &in);
  }
  return gen_case_end(&c);
}

static int rr_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  return arb_random(ctx, top, (unsigned)p[0], 0);
}

static int matrix_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  return arb_random(ctx, top, (unsigned)p[0], 1);
}

/* ---- crc_engine ---------------------------------------------------------- */

enum { CRC_START, CRC_VALID, CRC_DATA };
enum { CRC_CRC, CRC_CRC_REG };

static int crc_setup(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p,
                     crc_engine_model_t *m) {
  crc_engine_params_t ep = {
      {(unsigned)p[0], (uint32_t)p[1], (uint32_t)p[2], (int)p[3], (int)p[4], (uint32_t)p[5]},
      (unsigned)p[6]};
  if (p[0] > 32 || p[3] > 1 || p[4] > 1 || crc_engine_model_init(m, &ep))
    return gen_fail(ctx, "%s: illegal parameters for crc_engine", top->name);
  return 0;
}

static void crc_fields(gen_case_t *c, const crc_engine_model_t *m) {
  gen_case_field(c, VEC_IN, "start", 1);
  gen_case_field(c, VEC_IN, "valid", 1);
  gen_case_field(c, VEC_IN, "data", m->p.data_w);
  gen_case_field(c, VEC_OUT, "crc", m->p.crc.width);
  gen_case_field(c, VEC_OUT, "crc_reg", m->p.crc.width);
}

/* One cycle: record and clock. */
static void crc_cycle(gen_case_t *c, crc_engine_model_t *m, unsigned start, unsigned valid,
                      const uint32_t *data) {
  crc_engine_in_t in = {start, valid, data};
  crc_engine_out_t o;
  crc_engine_model_comb(m, &in, &o);
  gen_case_row(c);
  gen_case_set(c, VEC_IN, CRC_START, start);
  gen_case_set(c, VEC_IN, CRC_VALID, valid);
  gen_case_set_words(c, VEC_IN, CRC_DATA, data);
  gen_case_set(c, VEC_OUT, CRC_CRC, o.crc);
  gen_case_set(c, VEC_OUT, CRC_CRC_REG, o.crc_reg);
  crc_engine_model_clock(m, &in);
}

static int crc_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  crc_engine_model_t m;
  gen_case_t c;
  if (crc_setup(ctx, top, p, &m) || gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  crc_fields(&c, &m);
  /* Fewer cycles for wide words keeps every file around 100 kB or less. */
  int cycles = m.p.data_w <= 8 ? 1500 : m.p.data_w <= 64 ? 1000 : m.p.data_w <= 256 ? 600 : 300;
  uint32_t data[BITS_MAX_WORDS];
  double p_valid = 0.5;
  for (int cyc = 0; cyc < cycles; cyc++) {
    if (cyc % 100 == 0)
      p_valid = pick_level(&c.rng);
    unsigned start = prng_bernoulli(&c.rng, 0.08);
    unsigned valid = prng_bernoulli(&c.rng, p_valid);
    prng_fill_bits(&c.rng, data, m.p.data_w);
    crc_cycle(&c, &m, start, valid, data);
  }
  return gen_case_end(&c);
}

/* Word k of the check message: the bytes "123456789" repeated, as one bit
 * stream, first byte most significant (so DATA_W=8 gives the classic check
 * string one byte per word). */
static void check_word(uint32_t *w, unsigned data_w, unsigned k) {
  memset(w, 0, BITS_WORDS(data_w) * sizeof *w);
  for (unsigned i = 0; i < data_w; i++) {
    unsigned n = k * data_w + i; /* bit n of the stream, MSB of byte first */
    unsigned byte = (unsigned)('1' + (n / 8) % 9);
    bits_put(w, data_w - 1 - i, (byte >> (7 - n % 8)) & 1u);
  }
}

static void crc_idle(gen_case_t *c, crc_engine_model_t *m, int cycles) {
  uint32_t zero[BITS_MAX_WORDS] = {0};
  for (int i = 0; i < cycles; i++)
    crc_cycle(c, m, 0, 0, zero);
}

/* The check message; start on its first word unless start_first is 0 (then
 * a preceding start-only cycle must have loaded INIT); gap: idle cycle after
 * word 0. */
static void crc_message(gen_case_t *c, crc_engine_model_t *m, unsigned nwords, int start_first,
                        int gap) {
  uint32_t w[BITS_MAX_WORDS];
  for (unsigned k = 0; k < nwords; k++) {
    check_word(w, m->p.data_w, k);
    crc_cycle(c, m, start_first && k == 0, 1, w);
    if (gap && k == 0)
      crc_idle(c, m, 1);
  }
}

/* Directed: the check message with a gap, then start-only + message, then a
 * back-to-back restart; idle cycles show crc_reg holding the result. */
static int crc_check(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  crc_engine_model_t m;
  gen_case_t c;
  if (crc_setup(ctx, top, p, &m) || gen_case_begin(&c, ctx, BLOCK, top, "check"))
    return -1;
  crc_fields(&c, &m);
  unsigned nwords = (72 + m.p.data_w - 1) / m.p.data_w; /* at least "123456789" */
  if (nwords < 2)
    nwords = 2;
  uint32_t zero[BITS_MAX_WORDS] = {0};
  crc_idle(&c, &m, 2);
  crc_message(&c, &m, nwords, 1, 1);
  crc_idle(&c, &m, 2);
  crc_cycle(&c, &m, 1, 0, zero); /* start without valid loads INIT */
  crc_message(&c, &m, nwords, 0, 0);
  crc_message(&c, &m, nwords, 1, 0); /* restart right after the last word */
  crc_idle(&c, &m, 3);
  return gen_case_end(&c);
}

/* ---- scrambler / descrambler --------------------------------------------- */

static int scr_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p, int descramble) {
  scr_params_t sp = {(unsigned)p[0], (unsigned)p[1], p[2], (int)p[3], p[4], descramble};
  scr_t s;
  gen_case_t c;
  if (p[3] > 1 || sp.w > BITS_MAX || scr_init(&s, &sp))
    return gen_fail(ctx, "%s: illegal parameters for (de)scrambler", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  gen_case_field(&c, VEC_IN, "valid", 1);
  gen_case_field(&c, VEC_IN, "in", sp.w);
  gen_case_field(&c, VEC_OUT, "out", sp.w);
  uint32_t in[BITS_MAX_WORDS], out[BITS_MAX_WORDS];
  double p_valid = 0.5;
  for (int cyc = 0; cyc < 1000; cyc++) {
    if (cyc % 100 == 0)
      p_valid = pick_level(&c.rng);
    unsigned valid = prng_bernoulli(&c.rng, p_valid);
    prng_fill_bits(&c.rng, in, sp.w);
    scr_comb(&s, in, out);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, 0, valid);
    gen_case_set_words(&c, VEC_IN, 1, in);
    gen_case_set_words(&c, VEC_OUT, 0, out);
    scr_clock(&s, valid, in);
  }
  return gen_case_end(&c);
}

static int scrambler_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  return scr_random(ctx, top, p, 0);
}

static int descrambler_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  return scr_random(ctx, top, p, 1);
}

/* ---- credit_counter ------------------------------------------------------ */

static int credit_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  credit_model_t m;
  gen_case_t c;
  if (p[0] > 0x7fffffffu || p[1] > 31 ||
      credit_model_init(&m, &(credit_params_t){(unsigned)p[0], (unsigned)p[1]}))
    return gen_fail(ctx, "%s: illegal parameters for credit_counter", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  gen_case_field(&c, VEC_IN, "take", 1);
  gen_case_field(&c, VEC_IN, "give", m.p.give_w);
  gen_case_field(&c, VEC_OUT, "count", m.cnt_w);
  gen_case_field(&c, VEC_OUT, "avail", 1);
  const uint64_t give_max = (UINT64_C(1) << m.p.give_w) - 1;
  double p_take = 0.5, p_give = 0.5;
  for (int cyc = 0; cyc < 1500; cyc++) {
    if (cyc % 100 == 0) {
      p_take = pick_level(&c.rng);
      p_give = pick_level(&c.rng);
    }
    /* Legal only: take while count > 0, give up to the credits outstanding. */
    credit_in_t in = {m.count > 0 && prng_bernoulli(&c.rng, p_take), 0};
    uint64_t room = (uint64_t)m.p.init - m.count + in.take;
    if (room > give_max)
      room = give_max;
    if (room > 0 && prng_bernoulli(&c.rng, p_give))
      in.give = (unsigned)prng_range(&c.rng, 1, room);
    credit_out_t o;
    credit_model_comb(&m, &in, &o);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, 0, in.take);
    gen_case_set(&c, VEC_IN, 1, in.give);
    gen_case_set(&c, VEC_OUT, 0, o.count);
    gen_case_set(&c, VEC_OUT, 1, o.avail);
    if (credit_model_clock(&m, &in))
      c.bad = 1; /* the stimulus broke the counter's assertions */
  }
  return gen_case_end(&c);
}

/* ---- crc_stream ---------------------------------------------------------- */

enum { CS_START, CS_VALID, CS_DATA, CS_NBYTES };
enum { CS_CRC, CS_CRC_REG };

static int cs_setup(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p,
                    crc_stream_model_t *m) {
  crc_stream_params_t sp = {
      {(unsigned)p[0], (uint32_t)p[1], (uint32_t)p[2], (int)p[3], (int)p[4], (uint32_t)p[5]},
      (unsigned)p[6]};
  if (p[0] > 32 || p[3] > 1 || p[4] > 1 || p[6] > CRC_STREAM_MAX_DATA_W ||
      crc_stream_model_init(m, &sp))
    return gen_fail(ctx, "%s: illegal parameters for crc_stream", top->name);
  return 0;
}

static void cs_fields(gen_case_t *c, const crc_stream_model_t *m) {
  gen_case_field(c, VEC_IN, "start", 1);
  gen_case_field(c, VEC_IN, "valid", 1);
  gen_case_field(c, VEC_IN, "data", m->p.data_w);
  gen_case_field(c, VEC_IN, "nbytes", m->nbw);
  gen_case_field(c, VEC_OUT, "crc", m->p.crc.width);
  gen_case_field(c, VEC_OUT, "crc_reg", m->p.crc.width);
}

/* One cycle: record and clock; returns the model's crc of the cycle. */
static uint32_t cs_cycle(gen_case_t *c, crc_stream_model_t *m, unsigned start, unsigned valid,
                         const uint32_t *data, unsigned nbytes) {
  crc_stream_in_t in = {start, valid, data, nbytes};
  crc_stream_out_t o;
  crc_stream_model_comb(m, &in, &o);
  gen_case_row(c);
  gen_case_set(c, VEC_IN, CS_START, start);
  gen_case_set(c, VEC_IN, CS_VALID, valid);
  gen_case_set_words(c, VEC_IN, CS_DATA, data);
  gen_case_set(c, VEC_IN, CS_NBYTES, nbytes);
  gen_case_set(c, VEC_OUT, CS_CRC, o.crc);
  gen_case_set(c, VEC_OUT, CS_CRC_REG, o.crc_reg);
  if (crc_stream_model_clock(m, &in))
    c->bad = 1; /* the stimulus broke the nbytes assertion */
  return o.crc;
}

/* Records of about 100 kB at most: fewer cycles for wide words. */
static int cs_cycles(unsigned data_w) {
  int n = 100000 / (int)(data_w / 4 + 30);
  return n < 300 ? 300 : n > 2000 ? 2000 : n;
}

/* Messages cut into words of random byte counts (full, empty, anything in between; any word
 * partial, not only the last), idle cycles with junk data and nbytes, bytes past nbytes random;
 * a message begins with start on its first word or after a start-only cycle, sometimes restarts
 * in mid-message, and often follows the previous one back to back. Phases of 100 cycles redraw
 * the idle rate. */
static int cs_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  crc_stream_model_t m;
  gen_case_t c;
  if (cs_setup(ctx, top, p, &m) || gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  cs_fields(&c, &m);
  const unsigned nb = m.p.data_w / 8, nbmax = (1u << m.nbw) - 1u;
  const int cycles = cs_cycles(m.p.data_w);
  uint32_t data[BITS_MAX_WORDS];
  double p_idle = 0.3;
  unsigned left = 0; /* bytes of the current message still to send */
  int in_msg = 0;    /* a message is started and not finished */
  unsigned long n_msg = 0, n_partial = 0, n_empty = 0, n_alone = 0, n_restart = 0, n_idle = 0,
                n_b2b = 0, bit_set = 0, bit_clear = 0, last_end = 0;
  for (int cyc = 0; cyc < cycles; cyc++) {
    if (cyc % 100 == 0)
      p_idle = pick_level(&c.rng) * 0.6;
    prng_fill_bits(&c.rng, data, m.p.data_w);
    if (prng_bernoulli(&c.rng, p_idle)) {
      cs_cycle(&c, &m, 0, 0, data, (unsigned)prng_range(&c.rng, 0, nbmax)); /* idle */
      n_idle++;
      continue;
    }
    unsigned start = 0;
    if (!in_msg || left == 0 || prng_bernoulli(&c.rng, 0.03)) {
      n_restart += in_msg && left > 0;
      n_b2b += last_end == (unsigned long)cyc && cyc > 0;
      left = (unsigned)prng_range(&c.rng, 1, prng_bernoulli(&c.rng, 0.3) ? nb + 1 : 4 * nb);
      in_msg = 1;
      n_msg++;
      if (prng_bernoulli(&c.rng, 0.2)) { /* start alone: INIT now, the words follow */
        cs_cycle(&c, &m, 1, 0, data, (unsigned)prng_range(&c.rng, 0, nbmax));
        n_alone++;
        continue;
      }
      start = 1;
    }
    unsigned n = prng_bernoulli(&c.rng, 0.4)    ? nb
                 : prng_bernoulli(&c.rng, 0.08) ? 0
                                                : (unsigned)prng_range(&c.rng, 1, nb);
    if (n > left)
      n = left;
    left -= n;
    n_partial += n < nb;
    n_empty += n == 0;
    for (unsigned j = 0; j < m.nbw; j++) {
      bit_set |= (unsigned long)((n >> j) & 1u) << j;
      bit_clear |= (unsigned long)(~(n >> j) & 1u) << j;
    }
    cs_cycle(&c, &m, start, 1, data, n);
    if (left == 0)
      last_end = (unsigned long)cyc + 1;
  }
  unsigned long all = (1ul << m.nbw) - 1ul;
  if (!(n_msg > 20 && n_partial > 30 && n_empty > 2 && n_alone > 2 && n_restart > 0 &&
        n_idle > 30 && n_b2b > 5 && bit_set == all && bit_clear == all)) {
    gen_case_abort(&c);
    return gen_fail(ctx,
                    "%s: internal error: thin event mix (messages %lu, partial words %lu, empty "
                    "%lu, start alone %lu, restarts %lu, idle %lu, back to back %lu, nbytes bits "
                    "set %lx / clear %lx of %lx)",
                    top->name, n_msg, n_partial, n_empty, n_alone, n_restart, n_idle, n_b2b,
                    bit_set, bit_clear, all);
  }
  return gen_case_end(&c);
}

/* Directed: "123456789" in words of k bytes for every k from 1 to min(9, DATA_W/8) (the last
 * word partial unless k divides 9), each message started with its first word, but for k = 1
 * after a start-only cycle and with an empty word in the middle; an idle cycle after each shows
 * crc_reg holding the check value. Bytes past nbytes are the next ones of the string. */
static int cs_check(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  crc_stream_model_t m;
  gen_case_t c;
  if (cs_setup(ctx, top, p, &m) || gen_case_begin(&c, ctx, BLOCK, top, "check"))
    return -1;
  cs_fields(&c, &m);
  static const uint8_t msg[] = "123456789123456789";
  const unsigned nb = m.p.data_w / 8, kmax = nb < 9 ? nb : 9;
  const uint32_t check = crc_compute(&m.c, msg, 9);
  uint32_t w[BITS_MAX_WORDS], zero[BITS_MAX_WORDS] = {0};
  cs_cycle(&c, &m, 0, 0, zero, 0);
  for (unsigned k = 1; k <= kmax; k++) {
    if (k == 1)
      cs_cycle(&c, &m, 1, 0, zero, 0);
    uint32_t crc = 0;
    for (unsigned off = 0; off < 9; off += k) {
      memset(w, 0, sizeof w);
      for (unsigned j = 0; j < nb && off + j < sizeof msg - 1; j++)
        bits_put_stream_byte(w, m.p.data_w, j, msg[off + j]);
      crc = cs_cycle(&c, &m, k > 1 && off == 0, 1, w, 9 - off < k ? 9 - off : k);
      if (k == 1 && off == 4)
        cs_cycle(&c, &m, 0, 1, w, 0);
    }
    if (crc != check || cs_cycle(&c, &m, 0, 0, zero, 0) != check) {
      gen_case_abort(&c);
      return gen_fail(ctx,
                      "%s: internal error: the check message in %u-byte words gives 0x%x, "
                      "expected 0x%x",
                      top->name, k, crc, check);
    }
  }
  return gen_case_end(&c);
}

/* ---- stream_resize ------------------------------------------------------- */

enum { SR_IN_VALID, SR_IN_DATA, SR_IN_NBYTES, SR_IN_LAST, SR_OUT_READY };
enum { SR_IN_READY, SR_OUT_VALID, SR_OUT_DATA, SR_OUT_NBYTES, SR_OUT_LAST };

/* Frames of random length (1 byte, exact multiples of the wider beat, one byte either side of
 * them, anything up to two wide beats) from a source that holds a beat until it is taken, with
 * valid gaps, to a sink with back-pressure; rates redrawn every 100 cycles; while in_valid is 0
 * the other inputs are junk, and bytes past in_nbytes are junk or zero by phase. Every output is
 * defined in every cycle (the model is exact on any input), so none is x. */
static int sr_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  stream_resize_model_t m;
  gen_case_t c;
  if (p[0] > STREAM_RESIZE_MAX_B || p[1] > STREAM_RESIZE_MAX_B ||
      stream_resize_model_init(&m, &(stream_resize_params_t){(unsigned)p[0], (unsigned)p[1]}))
    return gen_fail(ctx, "%s: illegal parameters for stream_resize", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random"))
    return -1;
  const unsigned in_b = m.p.in_b, out_b = m.p.out_b, big = in_b > out_b ? in_b : out_b;
  gen_case_field(&c, VEC_IN, "in_valid", 1);
  gen_case_field(&c, VEC_IN, "in_data", in_b * 8);
  gen_case_field(&c, VEC_IN, "in_nbytes", m.in_w);
  gen_case_field(&c, VEC_IN, "in_last", 1);
  gen_case_field(&c, VEC_IN, "out_ready", 1);
  gen_case_field(&c, VEC_OUT, "in_ready", 1);
  gen_case_field(&c, VEC_OUT, "out_valid", 1);
  gen_case_field(&c, VEC_OUT, "out_data", out_b * 8);
  gen_case_field(&c, VEC_OUT, "out_nbytes", m.out_w);
  gen_case_field(&c, VEC_OUT, "out_last", 1);
  int cycles = 100000 / (int)(2 * (in_b + out_b) + 16); /* about 100 kB at most */
  cycles = cycles < 300 ? 300 : cycles > 2000 ? 2000 : cycles;
  uint32_t data[BITS_MAX_WORDS] = {0};
  double p_in = 0.5, p_out = 0.5;
  int pad_junk = 0, held = 0;
  unsigned flen = 0, left = 0, n = 0, last = 0; /* the frame, its bytes still to send, the beat */
  unsigned long n_frames = 0, n_one = 0, n_mult = 0, n_stall_in = 0, n_stall_out = 0, n_gap = 0,
                n_partial = 0, n_both = 0;
  for (int cyc = 0; cyc < cycles; cyc++) {
    if (cyc % 100 == 0) {
      p_in = pick_level(&c.rng);
      p_out = pick_level(&c.rng);
      pad_junk = prng_bernoulli(&c.rng, 0.5);
    }
    if (left == 0) { /* the next frame */
      switch (prng_below(&c.rng, 5)) {
      case 0:
        left = 1;
        break;
      case 1:
        left = big * (unsigned)prng_range(&c.rng, 1, 2);
        break;
      case 2:
        left = big * (unsigned)prng_range(&c.rng, 1, 2) + (prng_bernoulli(&c.rng, 0.5) ? 1 : -1u);
        break;
      default:
        left = (unsigned)prng_range(&c.rng, 1, 2 * big);
      }
      if (left == 0)
        left = 1;
      flen = left;
    }
    stream_resize_in_t in = {0, data, 0, 0, 0};
    if (!held && prng_bernoulli(&c.rng, p_in)) { /* a new beat, held until taken */
      held = 1;
      n = left < in_b ? left : in_b;
      last = n == left;
      if (pad_junk)
        prng_fill_bits(&c.rng, data, in_b * 8);
      else
        memset(data, 0, sizeof data);
      for (unsigned j = 0; j < n; j++)
        bits_put_stream_byte(data, in_b * 8, j, (unsigned)prng_below(&c.rng, 256));
    } else if (!held) { /* a gap: junk on the other inputs */
      prng_fill_bits(&c.rng, data, in_b * 8);
      n = (unsigned)prng_below(&c.rng, 1u << m.in_w);
      last = (unsigned)prng_below(&c.rng, 2);
      n_gap++;
    }
    in.in_valid = (unsigned)held;
    in.in_nbytes = n;
    in.in_last = last;
    in.out_ready = (unsigned)prng_bernoulli(&c.rng, p_out);
    stream_resize_out_t o;
    stream_resize_model_comb(&m, &in, &o);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, SR_IN_VALID, in.in_valid);
    gen_case_set_words(&c, VEC_IN, SR_IN_DATA, data);
    gen_case_set(&c, VEC_IN, SR_IN_NBYTES, in.in_nbytes);
    gen_case_set(&c, VEC_IN, SR_IN_LAST, in.in_last);
    gen_case_set(&c, VEC_IN, SR_OUT_READY, in.out_ready);
    gen_case_set(&c, VEC_OUT, SR_IN_READY, o.in_ready);
    gen_case_set(&c, VEC_OUT, SR_OUT_VALID, o.out_valid);
    gen_case_set_words(&c, VEC_OUT, SR_OUT_DATA, o.out_data);
    gen_case_set(&c, VEC_OUT, SR_OUT_NBYTES, o.out_nbytes);
    gen_case_set(&c, VEC_OUT, SR_OUT_LAST, o.out_last);
    unsigned in_fire = in.in_valid && o.in_ready, out_fire = o.out_valid && in.out_ready;
    n_stall_in += in.in_valid && !o.in_ready;
    n_stall_out += o.out_valid && !in.out_ready;
    n_partial += out_fire && o.out_nbytes < out_b;
    n_frames += out_fire && o.out_last;
    n_both += in_fire && out_fire;
    if (in_fire) {
      held = 0;
      left -= n;
      n_one += last && flen == 1;
      n_mult += last && flen % big == 0;
    }
    if (stream_resize_model_clock(&m, &in))
      c.bad = 1; /* the stimulus broke the input assertions */
  }
  if (!(n_frames > 20 && n_one > 0 && n_mult > 0 && n_stall_in > 10 && n_stall_out > 10 &&
        n_gap > 10 && n_partial > 5 && n_both > 20)) {
    gen_case_abort(&c);
    return gen_fail(ctx,
                    "%s: internal error: thin event mix (frames %lu, 1-byte %lu, exact multiples "
                    "%lu, input stalls %lu, output stalls %lu, gaps %lu, partial beats %lu, in "
                    "and out in one cycle %lu)",
                    top->name, n_frames, n_one, n_mult, n_stall_in, n_stall_out, n_gap, n_partial,
                    n_both);
  }
  return gen_case_end(&c);
}

/* ---- table and block entry ----------------------------------------------- */

static const gen_module_t modules[] = {
    {"sync_fifo", {"WIDTH", "DEPTH", NULL}, {8, 4}, fifo_random, NULL, NULL},
    {"rr_arbiter", {"N", NULL}, {4}, rr_random, NULL, NULL},
    {"matrix_arbiter", {"N", NULL}, {4}, matrix_random, NULL, NULL},
    {"crc_engine",
     {"CRC_W", "POLY", "INIT", "REFIN", "REFOUT", "XOROUT", "DATA_W", NULL},
     {32, 0x04C11DB7u, 0xFFFFFFFFu, 1, 1, 0xFFFFFFFFu, 64},
     crc_random,
     crc_check,
     NULL},
    {"scrambler",
     {"W", "LEN", "TAPS", "MSB_FIRST", "SEED", NULL},
     {64, 33, UINT64_C(0x100001000), 1, 0},
     scrambler_random,
     NULL,
     NULL},
    {"descrambler",
     {"W", "LEN", "TAPS", "MSB_FIRST", "SEED", NULL},
     {64, 33, UINT64_C(0x100001000), 1, 0},
     descrambler_random,
     NULL,
     NULL},
    {"credit_counter", {"INIT", "GIVE_W", NULL}, {8, 4}, credit_random, NULL, NULL},
    {"crc_stream",
     {"CRC_W", "POLY", "INIT", "REFIN", "REFOUT", "XOROUT", "DATA_W", NULL},
     {32, 0x04C11DB7u, 0xFFFFFFFFu, 1, 1, 0xFFFFFFFFu, 64},
     cs_random,
     cs_check,
     NULL},
    {"stream_resize", {"IN_B", "OUT_B", NULL}, {64, 32}, sr_random, NULL, NULL},
};

static int common_write(gen_ctx_t *ctx) {
  return gen_write_tops(ctx, modules, sizeof modules / sizeof modules[0]);
}

GEN_BLOCK(common, common_write)
