/*
 * Tests of rifl_axis_dec (docs/rifl/rifl_axis.md): payload frames -> AXI4-Stream packets.
 *  - axis_dec_lockstep / axis_dec_timing: as the encoder's (tb/rifl/test_rifl_axis_enc.c), for
 *    the decoder: random entries with fillers and aborts, every output against the model;
 *  - axis_dec_abort: the abort entry, directed;
 *  - axis_loopback: encoder -> decoder RTL, at the link's frame cadence and others, with
 *    meta 00 fillers between frames: every packet back, byte for byte.
 */
#include <string.h>

#include "rifl_axis_tb.h"

/* full_rate: no aborts, m_axis_tready always 1, an entry every cycle; then the timing
 * promises are checked from the ports as for the encoder. */
static void dec_run(const axis_top_t *t, unsigned npkt, int full_rate) {
  rifl_axis_params_t ap = {t->dw, t->fw};
  rifl_axis_dec_model_t m;
  CHECK(rifl_axis_dec_model_init(&m, &ap) == 0, "model init");
  dec_dut_t x;
  dec_open(&x, t->top);
  static esrc_t s;
  esrc_init(&s, t->dw, t->fw, 0.08, full_rate ? 0.0 : 0.15, full_rate ? 0.0 : 0.1);
  bsb_t sb;
  memset(&sb, 0, sizeof sb);
  sb.nb = t->dw / 8;
  const unsigned nb = sb.nb;
  unsigned long c = 0, in = 0, ends = 0, stalls = 0;
  unsigned exp_valid = 0, exp_k = 0, check_next = 0;
  for (; sb.done < npkt || s.active || s.made > sb.done; c++) {
    CHECK(c < 400000, "%s: stuck: %u of %u packets out", t->top, sb.done, npkt);
    static const double ps[4] = {0.95, 0.4, 1.0, 0.3}, pr[4] = {0.3, 0.95, 1.0, 0.5};
    unsigned ph = (unsigned)(c / 300) % 4;
    unsigned room = s.made < npkt && s.made - sb.done < RING - 2;
    esrc_cycle(&s, full_rate ? 1.0 : ps[ph], room);
    unsigned tready = full_rate ? 1u : (unsigned)prng_bernoulli(&axis_rng, pr[ph]);
    dec_drive(&x, s.valid, s.meta, s.data, s.abort, tready);

    rifl_axis_dec_in_t din = {s.valid, s.meta, s.data, s.abort, tready};
    rifl_axis_dec_out_t o;
    rifl_axis_dec_model_comb(&m, &din, &o);
    dec_compare(&x, &o, t->dw);

    uint32_t tdata[MAXW], tkeep[KEEPW];
    unsigned tvalid = (unsigned)dut_get_u64(x.d, x.tvalid);
    unsigned tlast = (unsigned)dut_get_u64(x.d, x.tlast);
    unsigned tuser = (unsigned)dut_get_u64(x.d, x.tuser);
    unsigned s_ready = (unsigned)dut_get_u64(x.d, x.s_ready);
    dut_get(x.d, x.tdata, tdata);
    dut_get(x.d, x.tkeep, tkeep);
    unsigned take = s.valid && s_ready;
    if (full_rate) { /* the timing promises, from the ports only (no aborts here) */
      unsigned k = tvalid ? keep_count(tkeep, nb) : 0;
      if (check_next) {
        CHECK_EQ(tvalid, exp_valid, "m_axis_tvalid: a complete beat is offered at once");
        if (exp_valid)
          CHECK_EQ(k, exp_k, "bytes of the beat just offered");
      }
      unsigned fn = 0;
      if (take && s.is_frame) {
        uint8_t fb[RIFL_AXIS_PB_MAX];
        fn = (unsigned)rifl_axis_payload_bytes(t->fw, s.meta, s.data, fb);
      }
      unsigned long mlen = in - k + fn;
      unsigned mend = ends - (tvalid && tlast) > 0 || (take && s.is_frame && (s.meta & 2u));
      unsigned emit = mlen >= nb || mend; /* the output is always free here */
      CHECK(s_ready || emit, "%s: s_ready low in cycle %lu with no beat leaving", t->top, c);
      exp_valid = emit;
      exp_k = mend && mlen <= nb ? (unsigned)mlen : nb;
      check_next = 1;
      in = in - k + fn;
      ends = ends - (tvalid && tlast) + (take && s.is_frame && (s.meta & 2u));
    }
    stalls += !s_ready;
    if (take)
      esrc_taken(&s);
    if (tvalid && tready)
      bsb_beat(&sb, x.d, s.ring, s.made, tdata, tkeep, tlast, tuser);
    rifl_axis_dec_model_clock(&m, &din);
    dut_step(x.d, 1);
  }
  harness_log("%s%s: %u packets out (%u aborted, %u of them with an empty beat), %u beats; "
              "in: %u frames, %u meta 00, %u aborts, %u stray aborts; %lu cycles, s_ready low "
              "%lu",
              t->top, full_rate ? " full rate" : "", sb.done, sb.aborted, sb.empty_abort, sb.beats,
              s.frames, s.fillers, s.aborts, s.strays, c, stalls);
  CHECK_EQ(sb.done, s.made, "packets out");
  CHECK(sb.done >= npkt, "%s: %u packets out", t->top, sb.done);
  if (!full_rate)
    CHECK(sb.aborted > 0 && s.strays > 0 && s.fillers > 0, "%s: aborts, strays and fillers seen",
          t->top);
  dut_close(x.d);
}

HARNESS_TEST(axis_dec_lockstep) {
  prng_seed(&axis_rng, harness_seed());
  for (unsigned i = 0; i < NTOPS; i++)
    dec_run(&dec_tops[i], 120, 0);
}

HARNESS_TEST(axis_dec_timing) {
  prng_seed(&axis_rng, harness_seed());
  for (unsigned i = 0; i < NTOPS; i++)
    dec_run(&dec_tops[i], 120, 1);
}

/* ------------------------------------------------------------ abort, directed */
/* Decoder rifl_axis_dec_d64_f256: 8-byte beats, 30-byte payloads. Every output is compared with the
 * model each cycle, and every beat is recorded. */
typedef struct {
  dec_dut_t x;
  rifl_axis_dec_model_t m;
  unsigned nb;
  unsigned nbeats;
  struct {
    uint8_t b[RIFL_AXIS_NB_MAX];
    unsigned k, last, user;
  } beat[64];
} abort_ctx_t;

static void ab_cycle(abort_ctx_t *a, unsigned valid, unsigned meta, const uint32_t *data,
                     unsigned abort, unsigned tready, unsigned *taken) {
  static const uint32_t zero[MAXW];
  if (!data)
    data = zero;
  dec_drive(&a->x, valid, meta, data, abort, tready);
  rifl_axis_dec_in_t in = {valid, meta, data, abort, tready};
  rifl_axis_dec_out_t o;
  rifl_axis_dec_model_comb(&a->m, &in, &o);
  dec_compare(&a->x, &o, a->nb * 8);
  if (taken)
    *taken = valid && dut_get_u64(a->x.d, a->x.s_ready);
  if (dut_get_u64(a->x.d, a->x.tvalid) && tready) { /* recorded from the DUT's ports */
    uint32_t tdata[MAXW], tkeep[KEEPW];
    CHECK(a->nbeats < 64, "too many beats");
    unsigned i = a->nbeats++;
    dut_get(a->x.d, a->x.tdata, tdata);
    dut_get(a->x.d, a->x.tkeep, tkeep);
    a->beat[i].k = keep_count(tkeep, a->nb);
    a->beat[i].last = (unsigned)dut_get_u64(a->x.d, a->x.tlast);
    a->beat[i].user = (unsigned)dut_get_u64(a->x.d, a->x.tuser);
    for (unsigned j = 0; j < a->nb; j++)
      a->beat[i].b[j] = (uint8_t)rifl_axis_byte(tdata, a->nb, j);
  }
  rifl_axis_dec_model_clock(&a->m, &in);
  dut_step(a->x.d, 1);
}

/* Presents one entry until it is taken. */
static void ab_entry(abort_ctx_t *a, unsigned meta, const uint32_t *data, unsigned abort,
                     unsigned tready) {
  unsigned taken = 0;
  for (int c = 0; !taken; c++) {
    CHECK(c < 50, "entry not taken");
    ab_cycle(a, 1, meta, data, abort, tready, &taken);
  }
}

static void ab_frames(abort_ctx_t *a, const uint8_t *pkt, size_t len, unsigned from, unsigned to) {
  uint32_t d[MAXW];
  unsigned meta;
  for (unsigned f = from; f < to; f++) {
    rifl_axis_payload(256, pkt, len, f, &meta, d);
    ab_entry(a, meta, d, 0, 1);
  }
}

static void ab_idle(abort_ctx_t *a, unsigned n, unsigned tready) {
  for (unsigned i = 0; i < n; i++)
    ab_cycle(a, 0, 0, NULL, 0, tready, NULL);
}

HARNESS_TEST(axis_dec_abort) {
  static abort_ctx_t a;
  memset(&a, 0, sizeof a);
  rifl_axis_params_t ap = {64, 256};
  CHECK(rifl_axis_dec_model_init(&a.m, &ap) == 0, "model init");
  a.nb = 8;
  dec_open(&a.x, "rifl_axis_dec_d64_f256");
  uint8_t pkt[200];
  for (unsigned i = 0; i < sizeof pkt; i++)
    pkt[i] = (uint8_t)(i + 1);
  uint32_t junk[MAXW];
  memset(junk, 0xa5, sizeof junk);

  /* 1. nothing open: an abort (with junk meta/data) and a meta 00 entry vanish */
  ab_entry(&a, RIFL_META_END_FULL, junk, 1, 1);
  ab_entry(&a, RIFL_META_NONE, junk, 0, 1);
  ab_idle(&a, 4, 1);
  CHECK_EQ(a.nbeats, 0, "beats after an abort with no packet open");

  /* 2. one frame of a 100-byte packet (30 bytes: 3 beats out, 6 waiting), then abort */
  ab_frames(&a, pkt, 100, 0, 1);
  ab_entry(&a, RIFL_META_FULL, junk, 1, 1);
  ab_idle(&a, 4, 1);
  CHECK_EQ(a.nbeats, 4, "beats of a packet cut after 30 bytes");
  for (unsigned i = 0; i < 3; i++)
    CHECK(a.beat[i].k == 8 && !a.beat[i].last && !a.beat[i].user, "beat %u: full, no tlast", i);
  CHECK(a.beat[3].k == 6 && a.beat[3].last && a.beat[3].user, "abort beat: 6 bytes, tlast, tuser");
  for (unsigned i = 0; i < 4; i++)
    for (unsigned j = 0; j < a.beat[i].k; j++)
      CHECK_EQ(a.beat[i].b[j], pkt[8 * i + j], "byte of the cut packet");
  for (unsigned j = 6; j < 8; j++)
    CHECK_EQ(a.beat[3].b[j], 0, "unkept bytes of the abort beat are zero");

  /* 3. four frames (120 bytes = 15 whole beats), then abort while the consumer stalls: a
   * tlast beat that keeps nothing, held until taken */
  a.nbeats = 0;
  ab_frames(&a, pkt, 200, 0, 4);
  ab_idle(&a, 6, 1);
  CHECK_EQ(a.nbeats, 15, "beats of 120 bytes");
  for (unsigned i = 0; i < 15; i++)
    CHECK(a.beat[i].k == 8 && !a.beat[i].last && !a.beat[i].user, "beat %u: full, no tlast", i);
  ab_entry(&a, RIFL_META_NONE, junk, 1, 0);
  ab_idle(&a, 3, 0);
  CHECK_EQ(dut_get_u64(a.x.d, a.x.tvalid), 1, "the empty abort beat is offered");
  CHECK_EQ(dut_get_u64(a.x.d, a.x.tkeep), 0, "it keeps no byte");
  ab_idle(&a, 2, 1);
  CHECK_EQ(a.nbeats, 16, "one more beat");
  CHECK(a.beat[15].k == 0 && a.beat[15].last && a.beat[15].user, "empty abort beat");

  /* 4. a clean 45-byte packet after it (01 + 10 with 15 bytes): 5 beats + 5 bytes, tuser 0;
   * then an abort right after it finds nothing open */
  a.nbeats = 0;
  ab_frames(&a, pkt + 50, 45, 0, 2);
  ab_entry(&a, RIFL_META_END_PARTIAL, junk, 1, 1);
  ab_idle(&a, 4, 1);
  CHECK_EQ(a.nbeats, 6, "beats of a 45-byte packet");
  CHECK(a.beat[5].k == 5 && a.beat[5].last && !a.beat[5].user, "last beat: 5 bytes, tuser 0");
  for (unsigned i = 0; i < 5; i++)
    CHECK(!a.beat[i].last && !a.beat[i].user, "beat %u: no tlast, no tuser", i);
  for (unsigned j = 0; j < 45; j++)
    CHECK_EQ(a.beat[j / 8].b[j % 8], pkt[50 + j], "byte of the clean packet");
  dut_close(a.x.d);
}

/* ================================================================ loopback */
/* Encoder RTL -> decoder RTL. The link takes a frame only in its slots: one cycle in FW/64
 * (the link's cadence), random, or every cycle; a slot may carry a meta 00 filler instead
 * (flow control, or nothing to send). An entry offered to the decoder is held until taken. */
static void loopback(const axis_top_t *et, const axis_top_t *dt, unsigned npkt) {
  CHECK(et->fw == dt->fw, "pair of the same FW");
  enc_dut_t e;
  dec_dut_t x;
  enc_open(&e, et->top);
  dec_open(&x, dt->top);
  static src_t s;
  src_init(&s, et->dw, et->fw, npkt);
  bsb_t sb;
  memset(&sb, 0, sizeof sb);
  sb.nb = dt->dw / 8;
  const unsigned cadence = et->fw / 64;
  enum { NONE, FRAME, FILLER } held = NONE;
  uint32_t fdata[MAXW], filler[MAXW];
  unsigned fmeta = 0, fillers = 0, frames = 0;
  unsigned long c = 0;
  for (; sb.done < npkt; c++) {
    CHECK(c < 400000, "%s -> %s: stuck: %u of %u packets out", et->top, dt->top, sb.done, npkt);
    unsigned ph = (unsigned)(c / 500) % 3;
    unsigned slot = ph == 0   ? c % cadence == 0
                    : ph == 1 ? (unsigned)prng_bernoulli(&axis_rng, 0.5)
                              : 1;
    src_cycle(&s, ph == 2 ? 1.0 : 0.8, s.made - sb.done < RING - 2);
    unsigned tready = (unsigned)prng_bernoulli(&axis_rng, ph == 2 ? 1.0 : 0.85);
    /* encoder outputs are registered: read them first */
    unsigned m_valid = (unsigned)dut_get_u64(e.d, e.m_valid);
    if (held == NONE && slot) {
      if (m_valid && !prng_bernoulli(&axis_rng, 0.1)) {
        held = FRAME;
      } else if (prng_bernoulli(&axis_rng, 0.3)) {
        held = FILLER;
        memset(filler, 0, sizeof filler); /* a filler / flow-control payload: code in [7:0] */
        filler[0] = (uint32_t)prng_below(&axis_rng, 3);
      }
    }
    if (held == FRAME) {
      fmeta = (unsigned)dut_get_u64(e.d, e.m_meta);
      dut_get(e.d, e.m_data, fdata);
    }
    unsigned s_ready = (unsigned)dut_get_u64(x.d, x.s_ready); /* registered */
    dec_drive(&x, held != NONE, held == FRAME ? fmeta : RIFL_META_NONE,
              held == FRAME ? fdata : filler, 0, tready);
    enc_drive(&e, &s, held == FRAME && s_ready);
    if (s.valid && dut_get_u64(e.d, e.tready))
      src_taken(&s);
    if (dut_get_u64(x.d, x.tvalid) && tready) {
      uint32_t tdata[MAXW], tkeep[KEEPW];
      dut_get(x.d, x.tdata, tdata);
      dut_get(x.d, x.tkeep, tkeep);
      /* beats of the packet still entering the encoder may come out already: made + 1 */
      bsb_beat(&sb, x.d, s.ring, s.made + 1, tdata, tkeep, (unsigned)dut_get_u64(x.d, x.tlast),
               (unsigned)dut_get_u64(x.d, x.tuser));
    }
    if (held != NONE && s_ready) {
      frames += held == FRAME;
      fillers += held == FILLER;
      held = NONE;
    }
    dut_step(e.d, 1);
    dut_step(x.d, 1);
  }
  harness_log("%s -> %s: %u packets, %u frames, %u fillers, %u beats out, %lu cycles", et->top,
              dt->top, npkt, frames, fillers, sb.beats, c);
  CHECK_EQ(sb.done, npkt, "packets through the pair");
  CHECK_EQ(sb.aborted, 0, "aborted packets");
  CHECK(fillers > 0, "fillers sent");
  dut_close(e.d);
  dut_close(x.d);
}

HARNESS_TEST(axis_loopback) {
  prng_seed(&axis_rng, harness_seed());
  for (unsigned i = 0; i < NTOPS; i++)
    for (unsigned j = 0; j < NTOPS; j++)
      if (enc_tops[i].fw == dec_tops[j].fw)
        loopback(&enc_tops[i], &dec_tops[j], 150);
}
