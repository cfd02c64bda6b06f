/* test_apelink_model.c - the APElink cycle model (docs/noc/apelink.md): parameters, wire words,
 * exact timelines (framing, cut-through gaps, credit return, cr_due, round-robin, orphans, the
 * TRED register), RX framing and error rules on a driven wire, credit counting, and two models
 * back to back under random traffic: a router-like source on each rt port (credits, random VC
 * and len, gaps), a sink on each lr port (one lr_cr per word after a random delay), a monitor on
 * each wire (MAGIC / START / header / payload / footer framing, CREDIT only between packets,
 * the TRED rule, every TX word against its source packet) and errors injected on the A->B
 * wire (header single and double flips, payload and footer flips, a dropped MAGIC, CREDIT words
 * above D). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apelink_model.h"
#include "bits.h"
#include "prng.h"
#include "secded.h"
#include "unit.h"

/* ------------------------------------------------------------------ words */

static int same_word(const apl_word_t *a, const apl_word_t *b, unsigned w) {
  for (unsigned i = 0; i < w / 32; i++)
    if (a->w[i] != b->w[i])
      return 0;
  return 1;
}

static void flip(apl_word_t *x, unsigned b) { bits_put(x->w, b, bits_get(x->w, b) ^ 1u); }

static unsigned wlen(const apl_word_t *x) { return x->w[0] >> 16 & 0xFFu; }

/* A header: dst fields and software bits from sw, len in [23:16], ECC byte 0. */
static apl_word_t mk_header(unsigned w, unsigned len, uint32_t sw) {
  apl_word_t x = {{(sw & 0xFF00FFFFu) | len << 16, sw ^ 0x5A5A5A5Au, 0, 0}};
  if (w > 64)
    x.w[2] = sw * 3u;
  if (w > 96)
    x.w[3] = (sw * 7u) & 0x00FFFFFFu;
  if (w == 64)
    x.w[1] &= 0x00FFFFFFu;
  else if (w == 96)
    x.w[2] &= 0x00FFFFFFu;
  return x;
}

static apl_word_t enc(apl_word_t x, unsigned w) {
  secded_encode(x.w, w);
  return x;
}

static apl_word_t mk_data(unsigned w, uint32_t v) {
  apl_word_t x = {{v, ~v, v * 5u, v * 9u}};
  for (unsigned i = w / 32; i < 4; i++)
    x.w[i] = 0;
  return x;
}

static uint32_t err_sum(const apl_out_t *o) {
  uint32_t s = 0;
  for (unsigned k = 0; k < APL_NERR; k++)
    s += o->err[k];
  return s;
}

/* ------------------------------------------------------------------ parameters, helpers */

static void t_params(ut_t *t) {
  apl_params_t d = apl_default_params();
  UT_CHECK(t, d.w == 128 && d.nvc == 2 && d.d == 34 && d.maxp == 32 && d.ew == 16,
           "defaults 128, 2, 34, 32, 16");
  UT_EQ(t, apl_params_check(&d), 0, "defaults legal");
  UT_EQ(t, apl_params_check(NULL), -1, "NULL");
  /* w nvc d maxp ew */
  static const unsigned good[][5] = {
      {64, 1, 3, 1, 1}, {96, 2, 1024, 255, 32}, {128, 1, 257, 255, 16}, {64, 2, 34, 32, 5}};
  static const unsigned bad[][5] = {
      {32, 2, 34, 32, 16},  {100, 2, 34, 32, 16},   {128, 0, 34, 32, 16},  {128, 3, 34, 32, 16},
      {128, 2, 33, 32, 16}, {128, 2, 1025, 32, 16}, {128, 2, 34, 0, 16},   {128, 2, 300, 256, 16},
      {128, 2, 34, 32, 0},  {128, 2, 34, 32, 33},   {128, 2, 256, 255, 16}};
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    apl_params_t p = {good[i][0], good[i][1], good[i][2], good[i][3], good[i][4]};
    UT_CHECK(t, apl_params_check(&p) == 0, "legal set %u refused", i);
  }
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    apl_params_t p = {bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4]};
    UT_CHECK(t, apl_params_check(&p) == -1, "illegal set %u accepted", i);
    apl_t *m = malloc(sizeof *m);
    UT_CHECK(t, m, "no memory");
    int rc = apl_init(m, &p);
    free(m);
    UT_CHECK(t, rc == -1, "init of illegal set %u", i);
  }
}

static void t_words(ut_t *t) {
  apl_word_t x = apl_magic();
  UT_CHECK(t, x.w[0] == 0x4D && !x.w[1] && !x.w[2] && !x.w[3], "MAGIC");
  x = apl_start(1);
  UT_CHECK(t, x.w[0] == 0x153 && !x.w[1], "START vc 1");
  x = apl_start(0);
  UT_CHECK(t, x.w[0] == 0x53, "START vc 0");
  x = apl_credit(0x1234, 0xABCD);
  /* [23:8] = 0x1234, [39:24] = 0xABCD */
  UT_CHECK(t, x.w[0] == 0xCD123443u && x.w[1] == 0xABu && !x.w[2] && !x.w[3], "CREDIT 0x%08x %08x",
           x.w[0], x.w[1]);
  x = apl_credit(0x1FFFF, 0);
  UT_CHECK(t, x.w[0] == 0x00FFFF43u && !x.w[1], "CREDIT count masked to 16 bits");
  UT_EQ(t, apl_payload_crc(NULL, 0, 128), 0, "empty payload CRC is 0");
  /* "12345678" in one 64-bit word, byte 0 in bits [7:0]: zlib.crc32 gives 0x9AE0DAAF */
  apl_word_t pw[2] = {{{0x34333231u, 0x38373635u, 0, 0}}, {{0, 0, 0, 0}}};
  UT_EQ(t, apl_payload_crc(pw, 1, 64), 0x9AE0DAAFu, "CRC-32 of \"12345678\"");
  /* two words at W 96 and 128 against crc_compute over their bytes */
  crc_t c;
  UT_CHECK(t, crc_init(&c, &CRC_32) == 0, "crc init");
  pw[0] = mk_data(128, 0xA0B0C0D0u);
  pw[1] = mk_data(128, 0x01020304u);
  for (unsigned w = 96; w <= 128; w += 32) {
    uint8_t bb[32];
    unsigned n = 0;
    for (unsigned i = 0; i < 2; i++)
      for (unsigned j = 0; j < w / 8; j++)
        bb[n++] = (uint8_t)(pw[i].w[j / 4] >> (8 * (j % 4)));
    UT_EQ(t, apl_payload_crc(pw, 2, w), crc_compute(&c, bb, n), "CRC of two words");
  }
}

/* ------------------------------------------------------------------ two models, driven by hand */

#define DUO_MAXC 192u

typedef struct {
  apl_t m[2];
  apl_in_t in[2];
  apl_out_t o[DUO_MAXC][2];    /* outputs visible in cycle c */
  unsigned rc[DUO_MAXC][2][2]; /* rcred at the start of cycle c */
  unsigned cut[2];             /* 1: model i's rx is driven by hand, not by the other's tx */
  unsigned cyc;
} duo_t;

static duo_t *duo_new(const apl_params_t *p) {
  duo_t *d = calloc(1, sizeof *d);
  if (d && (apl_init(&d->m[0], p) || apl_init(&d->m[1], p))) {
    free(d);
    return NULL;
  }
  return d;
}

/* Ends the current cycle: records the outputs, wires tx to rx, clocks both, clears the
 * one-cycle inputs (rt, lr_cr, a hand-driven rx). */
static void duo_step(duo_t *d) {
  unsigned c = d->cyc < DUO_MAXC ? d->cyc : DUO_MAXC - 1;
  for (unsigned i = 0; i < 2; i++) {
    apl_comb(&d->m[i], &d->o[c][i]);
    for (unsigned v = 0; v < 2; v++)
      d->rc[c][i][v] = d->m[i].rcred[v];
  }
  for (unsigned i = 0; i < 2; i++)
    if (!d->cut[i]) {
      d->in[i].rx_valid = d->o[c][1 - i].tx_valid;
      d->in[i].rx_ctrl = d->o[c][1 - i].tx_ctrl;
      d->in[i].rx_data = d->o[c][1 - i].tx_data;
    }
  for (unsigned i = 0; i < 2; i++) {
    d->in[i].tx_ready = 1; /* a raw wire takes every word */
    apl_clock(&d->m[i], &d->in[i]);
    d->in[i].rt_valid = 0;
    d->in[i].lr_cr = 0;
    if (d->cut[i])
      d->in[i].rx_valid = 0;
  }
  d->cyc++;
}

static void duo_rt(duo_t *d, unsigned i, unsigned vc, apl_word_t x) {
  d->in[i].rt_valid = 1;
  d->in[i].rt_vc = vc;
  d->in[i].rt_data = x;
}

static void duo_rx(duo_t *d, unsigned i, unsigned ctrl, apl_word_t x) {
  d->in[i].rx_valid = 1;
  d->in[i].rx_ctrl = ctrl;
  d->in[i].rx_data = x;
}

/* tx of model i in cycle c is exactly (ctrl, x), or nothing when x is NULL. */
static int tx_is(const duo_t *d, unsigned c, unsigned i, const apl_word_t *x, unsigned ctrl) {
  const apl_out_t *o = &d->o[c][i];
  if (!x)
    return !o->tx_valid;
  return o->tx_valid && o->tx_ctrl == ctrl && same_word(&o->tx_data, x, d->m[i].p.w);
}

static int lr_is(const duo_t *d, unsigned c, unsigned i, const apl_word_t *x, unsigned vc) {
  const apl_out_t *o = &d->o[c][i];
  if (!x)
    return !o->lr_valid;
  return o->lr_valid && o->lr_vc == vc && same_word(&o->lr_data, x, d->m[i].p.w);
}

/* One packet A -> B (VC 1, len 1), every output cycle by cycle; B's sink frees each word in the
 * cycle it arrives, so B sends one CREDIT per word while it has nothing else to send. */
static void t_timeline(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  apl_word_t h = mk_header(128, 1, 0x12345678u), pl = mk_data(128, 0xCAFEF00Du);
  apl_word_t f = mk_data(128, 0x0F0F0F0Fu);
  h.w[3] |= 0xFF000000u; /* a stale ECC byte: TX rewrites it */
  f.w[1] |= 1u;          /* a flag set by an earlier link: TX keeps it */
  for (unsigned c = 0; c < 14; c++) {
    if (c < 3)
      duo_rt(d, 0, 1, c == 0 ? h : c == 1 ? pl : f);
    if (c >= 5 && c <= 7)
      d->in[1].lr_cr = 2;
    duo_step(d);
  }
  apl_word_t mg = apl_magic(), st = apl_start(1), he = enc(h, 128), fe = f;
  fe.w[0] = apl_payload_crc(&pl, 1, 128); /* the flag stays set */
  apl_word_t cr = apl_credit(0, 1);
  for (unsigned c = 0; c < 14; c++) {
    const apl_word_t *ta = c == 2 ? &mg : c == 3 ? &st : c == 4 ? &he : c == 5 ? &pl : NULL;
    unsigned tc = c == 2 || c == 3;
    if (c == 6)
      ta = &fe;
    UT_CHECK(t, tx_is(d, c, 0, ta, tc), "A.tx cycle %u", c);
    UT_CHECK(t, tx_is(d, c, 1, c >= 7 && c <= 9 ? &cr : NULL, 1), "B.tx cycle %u", c);
    const apl_word_t *lb = c == 5 ? &he : c == 6 ? &pl : c == 7 ? &fe : NULL;
    UT_CHECK(t, lr_is(d, c, 1, lb, 1), "B.lr cycle %u", c);
    UT_CHECK(t, !d->o[c][0].lr_valid, "A.lr cycle %u", c);
    UT_EQ(t, d->o[c][0].rt_cr, c >= 4 && c <= 6 ? 2 : 0, "A.rt_cr");
    UT_EQ(t, d->o[c][1].rt_cr, 0, "B.rt_cr");
    unsigned want = c <= 3   ? 34
                    : c == 4 ? 33
                    : c == 5 ? 32
                    : c <= 7 ? 31
                    : c == 8 ? 32
                    : c == 9 ? 33
                             : 34;
    UT_CHECK(t, d->rc[c][0][1] == want, "A.rcred[1] at cycle %u: %u, want %u", c, d->rc[c][0][1],
             want);
    UT_EQ(t, d->rc[c][0][0], 34, "A.rcred[0]");
    UT_EQ(t, err_sum(&d->o[c][0]) + err_sum(&d->o[c][1]), 0, "no errors");
  }
  /* tx_data / lr_data hold */
  UT_CHECK(t, same_word(&d->o[13][0].tx_data, &fe, 128) && d->o[13][0].tx_ctrl == 0,
           "A.tx_data holds the footer");
  UT_CHECK(t, same_word(&d->o[13][1].lr_data, &fe, 128) && d->o[13][1].lr_vc == 1,
           "B.lr_data holds the footer");
  UT_CHECK(t, d->m[0].cr_due == 1 && d->m[1].owe[1] == 0 && d->m[0].owe[1] == 0,
           "cr_due stays set with nothing owed");
  free(d);
}

/* A payload word late from the router: TX leaves gaps inside the packet (cut-through). */
static void t_cut_through(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  apl_word_t h = mk_header(128, 1, 7), pl = mk_data(128, 1), f = mk_data(128, 2);
  for (unsigned c = 0; c < 12; c++) {
    if (c == 0)
      duo_rt(d, 0, 0, h);
    if (c == 5)
      duo_rt(d, 0, 0, pl);
    if (c == 6)
      duo_rt(d, 0, 0, f);
    duo_step(d);
  }
  apl_word_t he = enc(h, 128), fe = f;
  fe.w[0] = apl_payload_crc(&pl, 1, 128); /* [32] as the router gave it */
  UT_CHECK(t, d->o[2][0].tx_valid && d->o[3][0].tx_valid, "MAGIC, START");
  UT_CHECK(t, tx_is(d, 4, 0, &he, 0), "header at 4");
  UT_CHECK(t, tx_is(d, 5, 0, NULL, 0) && tx_is(d, 6, 0, NULL, 0), "gaps at 5, 6");
  UT_CHECK(t, tx_is(d, 7, 0, &pl, 0), "payload at 7 (written in 5, read in 6)");
  UT_CHECK(t, tx_is(d, 8, 0, &fe, 0), "footer at 8");
  UT_CHECK(t, lr_is(d, 8, 1, &pl, 0) && lr_is(d, 9, 1, &fe, 0), "B.lr follows a cycle later");
  UT_EQ(t, err_sum(&d->o[11][1]), 0, "no errors");
  free(d);
}

/* A owes a credit when its first packet is ready: the packet goes first (cr_due clear), the
 * CREDIT right after it (cr_due), then the next packet. */
static void t_cr_due(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  d->cut[0] = d->cut[1] = 1;
  apl_word_t h1 = mk_header(128, 0, 1), f1 = mk_data(128, 11);
  apl_word_t h2 = mk_header(128, 0, 2), f2 = mk_data(128, 12);
  d->in[0].lr_cr = 1;
  duo_rt(d, 0, 0, h1);
  duo_step(d);
  duo_rt(d, 0, 0, f1);
  duo_step(d);
  duo_step(d);
  duo_rt(d, 0, 0, h2);
  duo_step(d);
  duo_rt(d, 0, 0, f2);
  duo_step(d);
  for (unsigned c = d->cyc; c < 14; c++)
    duo_step(d);
  apl_word_t mg = apl_magic(), st = apl_start(0), cr = apl_credit(1, 0);
  apl_word_t e1 = enc(h1, 128), e2 = enc(h2, 128), g1 = f1, g2 = f2;
  g1.w[0] = g2.w[0] = 0; /* empty payload: CRC 0; [32] as the router gave it */
  UT_CHECK(t, tx_is(d, 1, 0, NULL, 0), "cycle 1 nothing");
  UT_CHECK(t, tx_is(d, 2, 0, &mg, 1), "cycle 2 MAGIC before the owed CREDIT");
  UT_CHECK(t, tx_is(d, 3, 0, &st, 1), "cycle 3 START");
  UT_CHECK(t, tx_is(d, 4, 0, &e1, 0), "cycle 4 header");
  UT_CHECK(t, tx_is(d, 5, 0, &g1, 0), "cycle 5 footer");
  UT_CHECK(t, tx_is(d, 6, 0, &cr, 1), "cycle 6 CREDIT (cr_due)");
  UT_CHECK(t, tx_is(d, 7, 0, &mg, 1), "cycle 7 MAGIC");
  UT_CHECK(t, tx_is(d, 8, 0, &st, 1), "cycle 8 START");
  UT_CHECK(t, tx_is(d, 9, 0, &e2, 0), "cycle 9 header");
  UT_CHECK(t, tx_is(d, 10, 0, &g2, 0), "cycle 10 footer");
  for (unsigned c = 11; c < 14; c++)
    UT_CHECK(t, tx_is(d, c, 0, NULL, 0), "cycle %u nothing", c);
  UT_EQ(t, d->m[0].owe[0], 0, "owe paid");
  /* owe above 65535 goes in two words */
  d->m[0].owe[0] = 70000;
  d->m[0].owe[1] = 3;
  duo_step(d);
  duo_step(d);
  duo_step(d);
  apl_word_t c1 = apl_credit(65535, 3), c2 = apl_credit(70000 - 65535, 0);
  UT_CHECK(t, tx_is(d, 15, 0, &c1, 1), "CREDIT 65535, 3");
  UT_CHECK(t, tx_is(d, 16, 0, &c2, 1), "CREDIT 4465, 0");
  free(d);
}

/* Both VCs with packets ready: the round-robin pointer alternates them. */
static void t_round_robin(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  d->cut[0] = d->cut[1] = 1;
  static const unsigned vcs[] = {1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  for (unsigned c = 0; c < 10; c++) {
    duo_rt(d, 0, vcs[c], c % 2 ? mk_data(128, c) : mk_header(128, 0, c));
    duo_step(d);
  }
  while (d->cyc < 40)
    duo_step(d);
  unsigned order[8] = {0}, n = 0;
  for (unsigned c = 0; c < 40; c++) {
    const apl_out_t *o = &d->o[c][0];
    if (o->tx_valid && o->tx_ctrl && (o->tx_data.w[0] & 0xFF) == APL_START && n < 8)
      order[n++] = o->tx_data.w[0] >> 8 & 1u;
  }
  UT_EQ(t, n, 5, "five packets");
  /* VC 1 first (alone), then both ready: pointer at 0 -> VC 0, then 1, 0... */
  static const unsigned want[] = {1, 0, 1, 0, 1};
  for (unsigned i = 0; i < 5; i++)
    UT_CHECK(t, order[i] == want[i], "packet %u on VC %u, want %u", i, order[i], want[i]);
  free(d);
}

/* A header dropped into a full FIFO leaves orphans: each is popped alone in an idle cycle (an
 * rt_cr pulse, no wire word, rcred unchanged). */
static void t_orphans(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  d->cut[0] = d->cut[1] = 1;
  d->in[0].cfg_tred = 1; /* len 32 needs rcred >= 35: blocked */
  duo_rt(d, 0, 0, mk_header(128, 32, 1));
  duo_step(d);
  for (unsigned i = 0; i < 33; i++) {
    duo_rt(d, 0, 0, mk_data(128, 100 + i));
    duo_step(d);
  }
  UT_EQ(t, d->m[0].fifo[0].cnt, 34, "FIFO full");
  duo_rt(d, 0, 0, mk_header(128, 1, 2)); /* cycle 34: dropped, tracker to 2 */
  duo_step(d);
  d->in[0].cfg_tred = 0; /* cycle 35, used from 36 */
  while (d->cyc < 40)
    duo_step(d);
  duo_rt(d, 0, 0, mk_data(128, 200)); /* 40, 41: stored as orphans */
  duo_step(d);
  duo_rt(d, 0, 0, mk_data(128, 201));
  duo_step(d);
  apl_word_t h3 = mk_header(128, 0, 3), f3 = mk_data(128, 300);
  duo_rt(d, 0, 0, h3);
  duo_step(d);
  duo_rt(d, 0, 0, f3);
  duo_step(d);
  while (d->cyc < 72)
    duo_step(d);
  duo_rx(d, 0, 1, apl_credit(34, 0)); /* cycle 72: all 34 back */
  while (d->cyc < 82)
    duo_step(d);
  UT_CHECK(t, tx_is(d, 36, 0, NULL, 0) && d->o[37][0].tx_valid, "first MAGIC at 37 (TRED 0 at 36)");
  UT_CHECK(t, d->o[72][0].tx_valid && !d->o[72][0].tx_ctrl, "footer at 72");
  UT_CHECK(t, tx_is(d, 73, 0, NULL, 0) && tx_is(d, 74, 0, NULL, 0), "orphan cycles send nothing");
  UT_EQ(t, d->o[73][0].rt_cr, 1, "orphan pop at 72");
  UT_EQ(t, d->o[74][0].rt_cr, 1, "orphan pop at 73");
  UT_EQ(t, d->rc[73][0][0], 34, "rcred after the CREDIT");
  UT_EQ(t, d->rc[74][0][0], 34, "orphan pops cost nothing");
  apl_word_t mg = apl_magic(), he = enc(h3, 128);
  UT_CHECK(t, tx_is(d, 75, 0, &mg, 1), "next packet's MAGIC at 75");
  UT_CHECK(t, tx_is(d, 77, 0, &he, 0), "its header at 77");
  UT_EQ(t, d->o[81][0].err[APL_ERR_CREDIT], 1, "one overflow");
  UT_EQ(t, err_sum(&d->o[81][0]), 1, "nothing else");
  UT_EQ(t, d->m[0].fifo[0].cnt, 0, "FIFO empty");
  free(d);
}

/* Orphans at the front of both VCs in the same idle cycle: the lowest VC's go first. VC 0's
 * arrive in its empty FIFO while VC 1's packet is on the wire. */
static void t_orphans_two_vcs(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  d->cut[0] = d->cut[1] = 1;
  d->in[0].cfg_tred = 1; /* both full packets blocked */
  for (unsigned v = 0; v < 2; v++) {
    for (unsigned i = 0; i < 34; i++) {
      duo_rt(d, 0, v, i ? mk_data(128, i) : mk_header(128, 32, v));
      duo_step(d);
    }
    duo_rt(d, 0, v, mk_header(128, 2, 9)); /* overflow: its 3 words will be orphans */
    duo_step(d);
  }
  d->in[0].cfg_tred = 0;
  while (!(d->m[0].tstate == APL_TX_PAYLOAD && d->m[0].tvc == 1) && d->cyc < 200)
    duo_step(d);
  for (unsigned i = 0; i < 6; i++) {
    duo_rt(d, 0, i / 3, mk_data(128, 50 + i));
    duo_step(d);
  }
  UT_CHECK(t, d->m[0].fifo[0].cnt == 3 && d->m[0].fifo[0].rd != 0, "VC 0 orphans in front");
  while (d->cyc < DUO_MAXC)
    duo_step(d);
  unsigned seq[80] = {0}, n = 0;
  for (unsigned c = 0; c < DUO_MAXC; c++)
    if (d->o[c][0].rt_cr && n < 80)
      seq[n++] = d->o[c][0].rt_cr;
  UT_EQ(t, n, 74, "pops: 34 + 34 + 6 orphans");
  for (unsigned i = 0; i < n; i++) {
    unsigned want = i < 34 ? 1 : i < 68 ? 2 : i < 71 ? 1 : 2;
    UT_CHECK(t, seq[i] == want, "pop %u from VC mask %u, want %u", i, seq[i], want);
  }
  UT_CHECK(t, d->m[0].fifo[0].cnt == 0 && d->m[0].fifo[1].cnt == 0, "FIFOs empty");
  UT_EQ(t, d->m[0].o.err[APL_ERR_CREDIT], 2, "two overflows");
  free(d);
}

/* cfg_tred is a register: the value driven in cycle t decides from t + 1; 11 bits. */
static void t_tred_register(ut_t *t) {
  apl_params_t p = apl_default_params();
  for (unsigned k = 0; k < 3; k++) {
    duo_t *d = duo_new(&p);
    UT_CHECK(t, d, "init");
    d->cut[0] = d->cut[1] = 1;
    /* k 0: 2047 driven in 0 (blocks in 1); k 1: 2047 from cycle 1 on (1 still sees 0);
     * k 2: 0x800 (reads as 0) */
    d->in[0].cfg_tred = k == 1 ? 0 : k == 0 ? 2047 : 0x800;
    duo_rt(d, 0, 0, mk_header(128, 0, 1));
    duo_step(d);
    if (k == 1)
      d->in[0].cfg_tred = 2047;
    duo_rt(d, 0, 0, mk_data(128, 1));
    duo_step(d);
    for (unsigned c = 2; c < 8; c++)
      duo_step(d);
    UT_CHECK(t, d->o[2][0].tx_valid == (k != 0), "case %u: MAGIC at 2 %u", k, d->o[2][0].tx_valid);
    if (k == 0)
      for (unsigned c = 2; c < 8; c++)
        UT_CHECK(t, !d->o[c][0].tx_valid, "case 0: blocked at %u", c);
    free(d);
  }
}

/* RX on a hand-driven wire: every framing rule, DROP and its credits, CRC, corrections. */
static void t_rx_rules(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  d->cut[0] = d->cut[1] = 1;
  apl_t *b = &d->m[1];
  const apl_word_t mg = apl_magic(), s0 = apl_start(0), s1 = apl_start(1), z = mk_data(128, 0);
  apl_word_t unk = {{0x00, 0, 0, 0}};
  unsigned frame = 0;
#define RX(ctrl, x)                                                                                \
  do {                                                                                             \
    duo_rx(d, 1, ctrl, x);                                                                         \
    duo_step(d);                                                                                   \
  } while (0)
#define FR(n, st, what)                                                                            \
  do {                                                                                             \
    frame += (n);                                                                                  \
    UT_CHECK(t, b->o.err[APL_ERR_FRAME] == frame && b->rstate == (st),                             \
             "%s: FRAME %u (want %u), state %u (want %u)", what, b->o.err[APL_ERR_FRAME], frame,   \
             b->rstate, (unsigned)(st));                                                           \
  } while (0)
  RX(0, z);
  FR(1, APL_RX_HUNT, "data in HUNT");
  RX(1, s0);
  FR(1, APL_RX_HUNT, "START in HUNT");
  RX(1, unk);
  FR(1, APL_RX_HUNT, "unknown type in HUNT");
  RX(1, apl_credit(0, 0));
  FR(0, APL_RX_HUNT, "CREDIT in HUNT");
  RX(1, mg);
  FR(0, APL_RX_MAGIC, "MAGIC");
  RX(1, mg);
  FR(1, APL_RX_MAGIC, "MAGIC in MAGIC seen");
  RX(1, apl_credit(0, 0));
  FR(0, APL_RX_MAGIC, "CREDIT in MAGIC seen");
  RX(0, z);
  FR(1, APL_RX_HUNT, "data in MAGIC seen");
  RX(1, mg);
  RX(1, s1);
  FR(0, APL_RX_HEADER, "START 1");
  UT_EQ(t, b->rvc, 1, "VC 1");
  RX(1, mg);
  FR(1, APL_RX_MAGIC, "MAGIC in HEADER");
  RX(1, s0);
  apl_word_t h2 = enc(mk_header(128, 2, 9), 128);
  RX(0, h2);
  FR(0, APL_RX_PAYLOAD, "header len 2");
  UT_CHECK(t, b->o.lr_valid && b->o.lr_vc == 0 && same_word(&b->o.lr_data, &h2, 128), "passed on");
  RX(0, z);
  FR(0, APL_RX_PAYLOAD, "payload 1");
  RX(1, s1);
  FR(1, APL_RX_HUNT, "START in PAYLOAD");
  RX(1, mg);
  RX(1, s0);
  RX(0, h2);
  RX(0, z);
  RX(0, z);
  FR(0, APL_RX_FOOTER, "payload done");
  RX(1, unk);
  FR(1, APL_RX_HUNT, "unknown control in FOOTER");
  /* an uncorrectable header: DROP, every dropped data word owed back */
  for (unsigned c = 0; c < d->cyc; c++)
    UT_CHECK(t, !d->o[c][1].tx_valid, "B owes nothing yet: tx at %u", c);
  apl_word_t hu = enc(mk_header(128, 1, 5), 128);
  flip(&hu, 3);
  flip(&hu, 77);
  unsigned c_drop = d->cyc;
  RX(1, mg);
  RX(1, s0);
  RX(0, hu);
  UT_CHECK(t, b->rstate == APL_RX_DROP && b->o.err[APL_ERR_HDR_UNC] == 1, "HDR_UNC, DROP");
  UT_CHECK(t, !b->o.lr_valid, "dropped header not passed on");
  RX(0, z);
  RX(1, apl_credit(0, 0));
  FR(0, APL_RX_DROP, "CREDIT in DROP");
  RX(0, z);
  RX(0, z); /* len 1, but DROP drops until a control word */
  RX(1, mg);
  FR(0, APL_RX_MAGIC, "MAGIC leaves DROP");
  for (unsigned c = 0; c < 4; c++)
    duo_step(d);
  unsigned sent0 = 0, sent1 = 0;
  for (unsigned c = c_drop; c < d->cyc; c++) {
    const apl_out_t *o = &d->o[c][1];
    if (o->tx_valid) {
      UT_CHECK(t, o->tx_ctrl && (o->tx_data.w[0] & 0xFF) == APL_CREDIT, "only CREDIT words");
      sent0 += o->tx_data.w[0] >> 8 & 0xFFFF;
      sent1 += o->tx_data.w[0] >> 24 | (o->tx_data.w[1] & 0xFF) << 8;
    }
  }
  UT_CHECK(t, sent0 == 4 && sent1 == 0, "credits back for 4 dropped words: %u, %u", sent0, sent1);
  /* CRC mismatch: flag set, nothing else changed; CRC 0 for an empty payload */
  apl_word_t h0 = enc(mk_header(128, 0, 6), 128), ft = mk_data(128, 0x1234u);
  ft.w[1] &= ~1u;
  RX(1, s0);
  RX(0, h0);
  RX(0, ft);
  apl_word_t fl = ft;
  fl.w[1] |= 1u;
  UT_CHECK(t, b->o.lr_valid && same_word(&b->o.lr_data, &fl, 128), "footer flagged");
  UT_EQ(t, b->o.err[APL_ERR_CRC], 1, "CRC counted");
  FR(0, APL_RX_HUNT, "footer ends the packet");
  /* a corrected header; a footer whose CRC matches keeps the flag it arrived with */
  apl_word_t hc = h0;
  flip(&hc, 100);
  apl_word_t ok = mk_data(128, 0);
  ok.w[0] = 0;
  ok.w[1] |= 1u;
  RX(1, mg);
  RX(1, s1);
  RX(0, hc);
  UT_CHECK(t, b->o.lr_valid && b->o.lr_vc == 1 && same_word(&b->o.lr_data, &h0, 128),
           "corrected header passed on");
  UT_EQ(t, b->o.err[APL_ERR_HDR_COR], 1, "HDR_COR");
  RX(0, ok);
  UT_CHECK(t, b->o.lr_valid && same_word(&b->o.lr_data, &ok, 128), "footer unchanged");
  UT_EQ(t, b->o.err[APL_ERR_CRC], 1, "no second CRC error");
  UT_EQ(t, b->o.err[APL_ERR_CREDIT], 0, "no CREDIT error (CREDIT 0, 0)");
  UT_EQ(t, err_sum(&d->m[0].o), 0, "A untouched");
#undef RX
#undef FR
  free(d);
  /* NVC 1: START 1 is a FRAME error; a CREDIT's VC 1 field is ignored */
  p.nvc = 1;
  d = duo_new(&p);
  UT_CHECK(t, d, "init NVC 1");
  d->cut[0] = d->cut[1] = 1;
  duo_rx(d, 1, 1, mg);
  duo_step(d);
  duo_rx(d, 1, 1, s1);
  duo_step(d);
  duo_rx(d, 1, 1, apl_credit(0, 5));
  duo_step(d);
  duo_step(d);
  UT_CHECK(t, d->m[1].rstate == APL_RX_HUNT && d->m[1].o.err[APL_ERR_FRAME] == 1, "START 1, NVC 1");
  UT_EQ(t, d->m[1].o.err[APL_ERR_CREDIT], 0, "VC 1 credits ignored");
  UT_EQ(t, d->m[1].rcred[0], 34, "rcred[0]");
  free(d);
}

/* CREDIT counting: a count that would pass D is dropped whole and counts one; a pop of the same
 * cycle makes room. */
static void t_credit_counts(ut_t *t) {
  apl_params_t p = apl_default_params();
  duo_t *d = duo_new(&p);
  UT_CHECK(t, d, "init");
  d->cut[0] = d->cut[1] = 1;
  apl_t *a = &d->m[0];
  duo_rt(d, 0, 0, mk_header(128, 0, 1)); /* cycle 0, 1: a len-0 packet, popped in 3 and 4 */
  duo_step(d);
  duo_rt(d, 0, 0, mk_data(128, 1));
  duo_step(d);
  duo_step(d);
  duo_rx(d, 0, 1, apl_credit(1, 0)); /* cycle 3: 34 - 1 + 1 = 34: no error */
  duo_step(d);
  UT_EQ(t, a->rcred[0], 34, "net rcred after cycle 3");
  duo_step(d); /* cycle 4: footer popped */
  UT_EQ(t, a->rcred[0], 33, "after the footer");
  duo_rx(d, 0, 1, apl_credit(3, 2)); /* 33 + 3: above D, dropped; VC 1: 34 + 2, dropped */
  duo_step(d);
  duo_step(d);
  UT_CHECK(t, a->rcred[0] == 33 && a->rcred[1] == 34, "counts above D dropped whole");
  UT_EQ(t, a->o.err[APL_ERR_CREDIT], 2, "one count a VC");
  /* counts above 255 in both fields */
  p.d = 1024;
  p.maxp = 255;
  duo_t *w = duo_new(&p);
  UT_CHECK(t, w, "init D 1024");
  w->cut[0] = w->cut[1] = 1;
  w->m[0].rcred[0] = w->m[0].rcred[1] = 0;
  duo_rx(w, 0, 1, apl_credit(300, 1000));
  duo_step(w);
  UT_CHECK(t, w->m[0].rcred[0] == 300 && w->m[0].rcred[1] == 1000, "16-bit counts: %u, %u",
           w->m[0].rcred[0], w->m[0].rcred[1]);
  UT_EQ(t, w->m[0].o.err[APL_ERR_CREDIT], 0, "no error");
  free(w);
  p = apl_default_params();
  /* full at the start of a cycle that pops: still full (overflow), room from the next */
  duo_t *u = duo_new(&p);
  UT_CHECK(t, u, "init");
  u->cut[0] = u->cut[1] = 1;
  u->in[0].cfg_tred = 1;
  for (unsigned i = 0; i < 34; i++) {
    duo_rt(u, 0, 0, i ? mk_data(128, i) : mk_header(128, 32, 1));
    duo_step(u);
  }
  u->in[0].cfg_tred = 0; /* cycle 34: MAGIC decided in 35, START 36, header popped in 37 */
  while (u->cyc < 37)
    duo_step(u);
  UT_CHECK(t, u->m[0].tstate == APL_TX_HEADER && u->m[0].fifo[0].cnt == 34, "pop in 37");
  duo_rt(u, 0, 0, mk_header(128, 0, 2)); /* 37: dropped though the header leaves */
  duo_step(u);
  duo_rt(u, 0, 0, mk_data(128, 3)); /* 38: stored (an orphan) */
  duo_step(u);
  UT_EQ(t, u->m[0].o.err[APL_ERR_CREDIT], 1, "overflow at 37 only");
  UT_EQ(t, u->m[0].fifo[0].cnt, 33, "34 - 2 pops + 1");
  free(u);
  /* overflow and a bad rt_vc count CREDIT too */
  p.nvc = 1;
  p.ew = 3;
  duo_t *e = duo_new(&p);
  UT_CHECK(t, e, "init NVC 1");
  e->cut[0] = e->cut[1] = 1;
  duo_rt(e, 0, 1, mk_header(128, 0, 1)); /* bad VC: dropped, no tracker move */
  duo_step(e);
  duo_rt(e, 0, 0, mk_header(128, 0, 2));
  duo_step(e);
  duo_rt(e, 0, 0, mk_data(128, 2));
  duo_step(e);
  UT_CHECK(t, e->m[0].fifo[0].cnt == 2 && e->m[0].fifo[0].e[0].is_head, "header after bad VC");
  for (unsigned i = 0; i < 7; i++) { /* seven counts above D after the bad VC: 8, saturating at 7 */
    duo_rx(e, 0, 1, apl_credit(40, 0));
    duo_step(e);
  }
  duo_step(e);
  UT_EQ(t, e->m[0].o.err[APL_ERR_CREDIT], 7, "saturated at 2^EW - 1");
  free(e);
  free(d);
}

/* ------------------------------------------------------------------ two models, random traffic */

#define MAXWD 257u /* words of the longest packet */
#define EXPQ 64u

typedef struct {
  unsigned vc, len;
  apl_word_t w[MAXWD]; /* header, payload, footer */
} pkt_t;

/* What the A->B wire does to one packet (wire order). */
typedef struct {
  unsigned nflip, hb[2]; /* header bits flipped */
  int dw;                /* -1, or a word after the header flipped (len: the footer) ... */
  unsigned db;           /* ... at this bit */
  unsigned drop_magic;
} fate_t;

typedef struct {
  apl_word_t w;
  unsigned vc;
} expw_t;

enum { M_OUT, M_MAGIC, M_START, M_DATA };

typedef struct {
  /* source on rt */
  pkt_t *pk;
  unsigned npk, lim, next, pos, cr[APL_MAX_VC]; /* packets sent: [0, lim) */
  /* monitor of this side's tx */
  unsigned mst, mvc, mlen, mpos, mrc[APL_MAX_VC], mtred, wire_no, idx[APL_MAX_VC];
  const pkt_t *mp;
  const fate_t *fate;
  unsigned nfate, drop_cur, crc_bad, credit_words, packets;
  uint64_t cred_sent[APL_MAX_VC];
  unsigned exp_err[APL_NERR]; /* what the far RX must count */
  unsigned leak[APL_MAX_VC];  /* credits lost for good (dropped MAGIC) */
  /* sink on lr: expected words come from the far side's monitor */
  expw_t q[EXPQ];
  unsigned qh, qn;
  unsigned due[APL_MAX_VC][APL_MAX_D], dh[APL_MAX_VC], dn[APL_MAX_VC], occ[APL_MAX_VC];
  unsigned sst, slen, spos, delivered;
  uint64_t pay_words;
  apl_word_t spay[255];
  unsigned cfg; /* cfg_tred driven */
} side_t;

typedef struct {
  ut_t *t;
  apl_params_t p;
  apl_t m[2];
  apl_out_t o[2];
  apl_in_t in[2];
  side_t s[2];
  prng_t g;
  unsigned cyc;
  double gap_in, gap_pk;
  unsigned maxdelay;
  unsigned rc_prev[2][APL_MAX_VC], tred_prev[2], cfg_d1[2], cfg_d2[2];
  unsigned force[2], fctrl[2];
  apl_word_t fword[2];
  unsigned exp_cerr[2]; /* CREDIT errors model i must count */
  int clean;            /* no injection: the sink checks ECC and CRC itself */
} pair_t;

#define H_CHECK(h, cond, ...)                                                                      \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      ut_fail((h)->t, __FILE__, __LINE__, __VA_ARGS__);                                            \
      return -1;                                                                                   \
    }                                                                                              \
  } while (0)

static const fate_t *fate_of(const side_t *S) {
  return S->fate && S->wire_no < S->nfate ? &S->fate[S->wire_no] : NULL;
}

static int push_exp(pair_t *h, side_t *R, const apl_word_t *x, unsigned vc) {
  H_CHECK(h, R->qn < EXPQ, "expectation queue full");
  R->q[(R->qh + R->qn++) % EXPQ] = (expw_t){*x, vc};
  return 0;
}

/* The wire out of model i: checks it against side i's source, injects the fate on the A->B
 * wire, drives the far rx and queues what the far lr must show. */
static int mon_step(pair_t *h, unsigned i) {
  side_t *S = &h->s[i], *R = &h->s[1 - i];
  const apl_out_t *o = &h->o[i];
  apl_in_t *rx = &h->in[1 - i];
  const unsigned W = h->p.w, NVC = h->p.nvc;
  rx->rx_valid = o->tx_valid;
  rx->rx_ctrl = o->tx_ctrl;
  rx->rx_data = o->tx_data;
  if (!o->tx_valid) {
    H_CHECK(h, S->mst != M_MAGIC && S->mst != M_START, "side %u cycle %u: gap after MAGIC/START", i,
            h->cyc);
    return 0;
  }
  const apl_word_t x = o->tx_data;
  const unsigned type = x.w[0] & 0xFFu;
  const fate_t *f = fate_of(S);
  switch (S->mst) {
  case M_OUT: {
    H_CHECK(h, o->tx_ctrl, "side %u cycle %u: data word outside a packet", i, h->cyc);
    if (type == APL_CREDIT) {
      unsigned c0 = x.w[0] >> 8 & 0xFFFFu, c1 = x.w[0] >> 24 | (x.w[1] & 0xFFu) << 8;
      apl_word_t want = apl_credit(c0, c1);
      H_CHECK(h, same_word(&x, &want, W) && (c0 || c1) && (NVC > 1 || !c1),
              "side %u cycle %u: bad CREDIT word", i, h->cyc);
      S->cred_sent[0] += c0;
      S->cred_sent[1] += c1;
      S->credit_words++;
      return 0;
    }
    apl_word_t mg = apl_magic();
    H_CHECK(h, same_word(&x, &mg, W), "side %u cycle %u: control 0x%x outside a packet", i, h->cyc,
            type);
    S->mst = M_MAGIC;
    for (unsigned v = 0; v < APL_MAX_VC; v++)
      S->mrc[v] = h->rc_prev[i][v];
    S->mtred = h->cfg_d2[i] & 0x7FFu;
    H_CHECK(h, h->tred_prev[i] == S->mtred, "tred register %u, driven %u", h->tred_prev[i],
            S->mtred);
    S->drop_cur = f && f->drop_magic;
    if (S->drop_cur)
      rx->rx_valid = 0;
    return 0;
  }
  case M_MAGIC: {
    unsigned vc = x.w[0] >> 8 & 1u;
    apl_word_t st = apl_start(vc);
    H_CHECK(h, o->tx_ctrl && same_word(&x, &st, W) && vc < NVC,
            "side %u cycle %u: START expected after MAGIC", i, h->cyc);
    S->mvc = vc;
    S->mst = M_START;
    return 0;
  }
  case M_START: {
    const unsigned vc = S->mvc;
    H_CHECK(h, !o->tx_ctrl, "side %u cycle %u: header expected", i, h->cyc);
    unsigned j = S->idx[vc];
    while (j < S->npk && S->pk[j].vc != vc)
      j++;
    H_CHECK(h, j < S->next || (j == S->next && S->pos > 0),
            "side %u cycle %u: a packet on VC %u the source has not sent", i, h->cyc, vc);
    S->idx[vc] = j + 1;
    S->mp = &S->pk[j];
    apl_word_t want = enc(S->mp->w[0], W);
    H_CHECK(h, same_word(&x, &want, W), "side %u cycle %u: header of packet %u", i, h->cyc, j);
    const unsigned len = S->mp->len;
    H_CHECK(h, S->mrc[vc] >= len + 2 + S->mtred,
            "side %u: packet %u started with rcred %u < len %u + 2 + TRED %u", i, j, S->mrc[vc],
            len, S->mtred);
    S->mlen = len;
    S->mpos = 1;
    S->mst = M_DATA;
    S->crc_bad = 0;
    if (S->drop_cur) { /* START, header, payload, footer: FRAME each in HUNT, no credit back */
      S->exp_err[APL_ERR_FRAME] += len + 3;
      S->leak[vc] += len + 2;
    }
    /* W 64's bit 62 is not checked: it does not count as an error */
    unsigned nchk = 0;
    for (unsigned k = 0; f && k < f->nflip; k++) {
      flip(&rx->rx_data, f->hb[k]);
      nchk += !(W == 64 && f->hb[k] == 62);
    }
    if (S->drop_cur)
      return 0;
    if (nchk == 2) {
      S->exp_err[APL_ERR_HDR_UNC]++;
      S->drop_cur = 1;
      return 0;
    }
    /* clean: passed on as received; corrected: as sent (byte recomputed) */
    apl_word_t e = nchk ? x : rx->rx_data;
    S->exp_err[APL_ERR_HDR_COR] += nchk;
    return push_exp(h, R, &e, vc);
  }
  default: { /* M_DATA */
    const pkt_t *pk = S->mp;
    const unsigned pos = S->mpos, len = S->mlen;
    H_CHECK(h, !o->tx_ctrl, "side %u cycle %u: control word inside a packet", i, h->cyc);
    apl_word_t want = pk->w[pos];
    if (pos > len) /* [32] as the router gave it */
      want.w[0] = apl_payload_crc(&pk->w[1], len, W);
    H_CHECK(h, same_word(&x, &want, W), "side %u cycle %u: word %u of a packet", i, h->cyc, pos);
    apl_word_t e = x;
    if (f && f->dw == (int)(pos - 1)) {
      flip(&rx->rx_data, f->db);
      flip(&e, f->db);
      if (pos <= len || f->db < 32)
        S->crc_bad = 1;
    }
    if (pos > len) {
      S->mst = M_OUT;
      S->wire_no++;
      S->packets++;
      if (S->crc_bad) {
        e.w[1] |= 1u;
        if (!S->drop_cur)
          S->exp_err[APL_ERR_CRC]++;
      }
    } else {
      S->mpos++;
    }
    return S->drop_cur ? 0 : push_exp(h, R, &e, S->mvc);
  }
  }
}

/* lr of model i: each word is the next expected one; packets are whole and, in a clean run,
 * carry a valid ECC byte and CRC with flag 0; each word is freed after a random delay. */
static int sink_step(pair_t *h, unsigned i) {
  side_t *S = &h->s[i];
  const apl_out_t *o = &h->o[i];
  const unsigned W = h->p.w;
  if (o->lr_valid) {
    H_CHECK(h, S->qn > 0, "side %u cycle %u: lr word not expected", i, h->cyc);
    expw_t e = S->q[S->qh];
    S->qh = (S->qh + 1) % EXPQ;
    S->qn--;
    H_CHECK(h, o->lr_vc == e.vc && same_word(&o->lr_data, &e.w, W),
            "side %u cycle %u: lr word (vc %u) differs from the expected (vc %u)", i, h->cyc,
            o->lr_vc, e.vc);
    const unsigned v = o->lr_vc;
    apl_word_t x = o->lr_data;
    if (S->sst == 0) {
      S->slen = wlen(&x);
      S->spos = 0;
      S->sst = S->slen ? 1 : 2;
      if (h->clean)
        H_CHECK(h, secded_decode(x.w, W) == SECDED_CLEAN, "side %u: header ECC", i);
    } else if (S->sst == 1) {
      S->spay[S->spos++] = x;
      if (S->spos == S->slen)
        S->sst = 2;
    } else {
      if (h->clean)
        H_CHECK(h, x.w[0] == apl_payload_crc(S->spay, S->slen, W) && !(x.w[1] & 1u),
                "side %u cycle %u: footer CRC / flag", i, h->cyc);
      S->delivered++;
      S->pay_words += S->slen;
      S->sst = 0;
    }
    H_CHECK(h, ++S->occ[v] <= h->p.d, "side %u: the far buffer of VC %u overflows", i, v);
    S->due[v][(S->dh[v] + S->dn[v]) % APL_MAX_D] =
        h->cyc + (unsigned)prng_below(&h->g, h->maxdelay + 1);
    S->dn[v]++;
  }
  unsigned cr = 0;
  for (unsigned v = 0; v < h->p.nvc; v++)
    if (S->dn[v] && S->due[v][S->dh[v]] <= h->cyc) {
      S->dh[v] = (S->dh[v] + 1) % APL_MAX_D;
      S->dn[v]--;
      S->occ[v]--;
      cr |= 1u << v;
    }
  h->in[i].lr_cr = cr;
  return 0;
}

/* rt of model i: one packet at a time, started with len + 2 credits as the router does. */
static int src_step(pair_t *h, unsigned i) {
  side_t *S = &h->s[i];
  apl_in_t *in = &h->in[i];
  in->rt_valid = 0;
  if (S->next < S->lim) {
    const pkt_t *pk = &S->pk[S->next];
    int go = S->pos == 0 ? S->cr[pk->vc] >= pk->len + 2 && !prng_bernoulli(&h->g, h->gap_pk)
                         : !prng_bernoulli(&h->g, h->gap_in);
    if (go) {
      H_CHECK(h, S->cr[pk->vc] > 0, "source credit");
      in->rt_valid = 1;
      in->rt_vc = pk->vc;
      in->rt_data = pk->w[S->pos];
      S->cr[pk->vc]--;
      if (++S->pos == pk->len + 2) {
        S->next++;
        S->pos = 0;
      }
    }
  }
  H_CHECK(h, !(h->o[i].rt_cr >> h->p.nvc), "rt_cr of a VC that does not exist");
  for (unsigned v = 0; v < h->p.nvc; v++)
    if (h->o[i].rt_cr >> v & 1u)
      H_CHECK(h, ++S->cr[v] <= h->p.d, "side %u: rt_cr above D on VC %u", i, v);
  return 0;
}

static int pair_step(pair_t *h) {
  unsigned rc_now[2][APL_MAX_VC], tred_now[2];
  for (unsigned i = 0; i < 2; i++) {
    apl_comb(&h->m[i], &h->o[i]);
    for (unsigned v = 0; v < APL_MAX_VC; v++) {
      rc_now[i][v] = h->m[i].rcred[v];
      H_CHECK(h, rc_now[i][v] <= h->p.d, "rcred above D");
    }
    tred_now[i] = h->m[i].tred;
  }
  for (unsigned i = 0; i < 2; i++)
    if (mon_step(h, i))
      return -1;
  for (unsigned i = 0; i < 2; i++)
    if (h->force[i]) {
      H_CHECK(h, !h->in[i].rx_valid, "forced word on a busy wire");
      h->in[i].rx_valid = 1;
      h->in[i].rx_ctrl = h->fctrl[i];
      h->in[i].rx_data = h->fword[i];
      h->force[i] = 0;
    }
  for (unsigned i = 0; i < 2; i++)
    if (sink_step(h, i) || src_step(h, i))
      return -1;
  for (unsigned i = 0; i < 2; i++) {
    h->in[i].cfg_tred = h->s[i].cfg;
    h->in[i].tx_ready = 1;
    apl_clock(&h->m[i], &h->in[i]);
  }
  for (unsigned i = 0; i < 2; i++) {
    for (unsigned v = 0; v < APL_MAX_VC; v++)
      h->rc_prev[i][v] = rc_now[i][v];
    h->tred_prev[i] = tred_now[i];
    h->cfg_d2[i] = h->cfg_d1[i];
    h->cfg_d1[i] = h->s[i].cfg;
  }
  h->cyc++;
  return 0;
}

typedef struct {
  apl_params_t p;
  uint64_t seed;
  unsigned npk[2];          /* packets from A (0) and from B (1) */
  unsigned len_max;         /* 0: maxp */
  double gap_in, gap_pk;    /* source gaps inside / before a packet */
  unsigned maxdelay;        /* sink: a word is freed 0 .. maxdelay cycles after it arrives */
  unsigned tred, tred_rand; /* cfg_tred of A: fixed, or (tred_rand) redrawn in 0 .. tred */
  const fate_t *fate;       /* on the A->B wire, by wire packet number */
  unsigned nfate;
  unsigned measure; /* payload words B has received by this cycle -> res */
} scen_t;

typedef struct {
  unsigned cycles, credit_words[2];
  uint64_t pay_measured;
} res_t;

static void gen_packets(prng_t *g, const scen_t *sc, pkt_t *pk, unsigned n) {
  const unsigned W = sc->p.w, lmax = sc->len_max ? sc->len_max : sc->p.maxp;
  for (unsigned k = 0; k < n; k++) {
    pkt_t *q = &pk[k];
    memset(q, 0, sizeof *q);
    q->vc = (unsigned)prng_below(g, sc->p.nvc);
    unsigned r = (unsigned)prng_below(g, 10);
    q->len = r == 0 ? 0 : r == 1 ? lmax : (unsigned)prng_below(g, lmax + 1);
    for (unsigned i = 0; i < q->len + 2; i++)
      prng_fill_bits(g, q->w[i].w, W);
    q->w[0].w[0] = (q->w[0].w[0] & 0xFF00FFFFu) | q->len << 16; /* ECC byte left random */
    q->w[q->len + 1].w[1] &= ~1u; /* a source's footer: the CRC-error flag 0 (apelink.md) */
  }
}

static pair_t *pair_new(ut_t *t, const scen_t *sc) {
  pair_t *h = calloc(1, sizeof *h);
  if (!h)
    return NULL;
  h->t = t;
  h->p = sc->p;
  prng_seed(&h->g, sc->seed);
  h->gap_in = sc->gap_in;
  h->gap_pk = sc->gap_pk;
  h->maxdelay = sc->maxdelay;
  h->clean = sc->fate == NULL;
  int bad = apl_init(&h->m[0], &sc->p) || apl_init(&h->m[1], &sc->p);
  for (unsigned i = 0; i < 2 && !bad; i++) {
    side_t *S = &h->s[i];
    S->npk = S->lim = sc->npk[i];
    S->pk = S->npk ? malloc(S->npk * sizeof *S->pk) : NULL;
    bad = S->npk && !S->pk;
    if (!bad)
      gen_packets(&h->g, sc, S->pk, S->npk);
    for (unsigned v = 0; v < APL_MAX_VC; v++)
      S->cr[v] = sc->p.d;
  }
  if (bad) {
    free(h->s[0].pk);
    free(h->s[1].pk);
    free(h);
    return NULL;
  }
  h->s[0].fate = sc->fate;
  h->s[0].nfate = sc->nfate;
  h->s[0].cfg = sc->tred;
  return h;
}

static void pair_free(pair_t *h) {
  if (!h)
    return;
  free(h->s[0].pk);
  free(h->s[1].pk);
  free(h);
}

static int pair_quiet(const pair_t *h) {
  for (unsigned i = 0; i < 2; i++) {
    const side_t *S = &h->s[i];
    const apl_t *m = &h->m[i];
    if (S->next < S->lim || m->tstate != APL_TX_IDLE || h->o[i].tx_valid || h->o[i].lr_valid)
      return 0;
    for (unsigned v = 0; v < APL_MAX_VC; v++)
      if (S->dn[v] || m->fifo[v].cnt || m->owe[v])
        return 0;
  }
  return 1;
}

/* Runs until every packet is through and every credit home, then checks the books. */
static int pair_drain(pair_t *h, const scen_t *sc, res_t *res) {
  const unsigned D = h->p.d, limit = 3000000;
  unsigned settle = 0;
  while (settle < 4) {
    if (pair_step(h))
      return -1;
    if (sc->measure && h->cyc == sc->measure && res)
      res->pay_measured = h->s[1].pay_words;
    if (sc->tred_rand && h->cyc % 512 == 0)
      h->s[0].cfg = (unsigned)prng_below(&h->g, sc->tred + 1);
    settle = pair_quiet(h) ? settle + 1 : 0;
    H_CHECK(h, h->cyc < limit, "not drained after %u cycles", limit);
  }
  for (unsigned i = 0; i < 2; i++) {
    const side_t *S = &h->s[i], *R = &h->s[1 - i];
    const apl_t *m = &h->m[i], *far = &h->m[1 - i];
    H_CHECK(h, S->mst == M_OUT && S->packets == S->lim, "side %u: %u of %u packets on the wire", i,
            S->packets, S->lim);
    H_CHECK(h, R->qn == 0 && R->sst == 0, "side %u: words still expected at the far lr", i);
    for (unsigned v = 0; v < h->p.nvc; v++) {
      H_CHECK(h, m->rcred[v] == D - S->leak[v], "side %u: rcred[%u] %u, want %u", i, v, m->rcred[v],
              D - S->leak[v]);
      H_CHECK(h, S->cr[v] == D, "side %u: the router's credits %u", i, S->cr[v]);
      H_CHECK(h, R->occ[v] == 0 && far->owe[v] == 0, "side %u: credits owed", i);
    }
    for (unsigned k = 0; k < APL_ERR_CREDIT; k++)
      H_CHECK(h, far->o.err[k] == S->exp_err[k], "model %u error %u: %u, want %u", 1 - i, k,
              far->o.err[k], S->exp_err[k]);
    H_CHECK(h, m->o.err[APL_ERR_CREDIT] == h->exp_cerr[i], "model %u CREDIT errors %u, want %u", i,
            m->o.err[APL_ERR_CREDIT], h->exp_cerr[i]);
  }
  if (res) {
    res->cycles = h->cyc;
    res->credit_words[0] = h->s[0].credit_words;
    res->credit_words[1] = h->s[1].credit_words;
  }
  return 0;
}

static int run_scen(ut_t *t, const scen_t *sc, res_t *res) {
  pair_t *h = pair_new(t, sc);
  if (!h) {
    ut_fail(t, __FILE__, __LINE__, "pair_new");
    return -1;
  }
  int rc = pair_drain(h, sc, res);
  if (!rc && sc->fate == NULL) /* every packet reached the far lr */
    for (unsigned i = 0; i < 2 && !rc; i++)
      if (h->s[1 - i].delivered != sc->npk[i]) {
        ut_fail(t, __FILE__, __LINE__, "side %u: %u of %u delivered", i, h->s[1 - i].delivered,
                sc->npk[i]);
        rc = -1;
      }
  pair_free(h);
  return rc;
}

static scen_t scen_default(void) {
  scen_t sc;
  memset(&sc, 0, sizeof sc);
  sc.p = apl_default_params();
  sc.seed = 1;
  sc.npk[0] = 300;
  sc.gap_in = 0.1;
  sc.gap_pk = 0.2;
  sc.maxdelay = 20;
  return sc;
}

static void t_random(ut_t *t) {
  /* w nvc d maxp: bidirectional, both directions checked */
  static const unsigned sets[][4] = {{128, 2, 34, 32},   {64, 1, 10, 8},    {96, 2, 40, 16},
                                     {128, 2, 257, 255}, {64, 2, 1024, 32}, {128, 1, 3, 1}};
  for (unsigned k = 0; k < sizeof sets / sizeof sets[0]; k++)
    for (unsigned seed = 1; seed <= 3; seed++) {
      scen_t sc = scen_default();
      sc.p.w = sets[k][0];
      sc.p.nvc = sets[k][1];
      sc.p.d = sets[k][2];
      sc.p.maxp = sets[k][3];
      sc.seed = seed * 100 + k;
      sc.npk[0] = sets[k][3] > 64 ? 60 : 300;
      sc.npk[1] = seed == 2 ? 0 : sc.npk[0] / 2;
      sc.gap_in = seed == 3 ? 0 : 0.15;
      sc.gap_pk = seed == 3 ? 0 : 0.3;
      sc.maxdelay = seed == 1 ? 0 : 40;
      sc.tred = sc.p.d - sc.p.maxp - 2; /* the most that cannot block a packet forever */
      sc.tred_rand = 1;
      res_t r;
      UT_CHECK(t, run_scen(t, &sc, &r) == 0, "set %u seed %u", k, seed);
      UT_CHECK(t, r.credit_words[1] > 0, "set %u seed %u: B sent no CREDIT", k, seed);
    }
}

/* With a slow sink, a large TRED keeps fewer words in flight: throughput drops. */
static void t_tred_throughput(ut_t *t) {
  scen_t sc = scen_default();
  sc.p.d = 64;
  sc.p.maxp = 16;
  sc.npk[0] = 2000;
  sc.gap_in = sc.gap_pk = 0;
  sc.maxdelay = 100;
  sc.measure = 6000;
  res_t r0, r1;
  sc.tred = 0;
  UT_CHECK(t, run_scen(t, &sc, &r0) == 0, "TRED 0");
  sc.tred = 44; /* len 16 needs rcred >= 62 */
  UT_CHECK(t, run_scen(t, &sc, &r1) == 0, "TRED 44");
  ut_info("payload words in %u cycles: TRED 0 %llu, TRED 44 %llu", sc.measure,
          (unsigned long long)r0.pay_measured, (unsigned long long)r1.pay_measured);
  UT_CHECK(t, r0.pay_measured > 0 && r1.pay_measured * 10 < r0.pay_measured * 7,
           "TRED 44 should cut throughput: %llu vs %llu", (unsigned long long)r1.pay_measured,
           (unsigned long long)r0.pay_measured);
}

/* Every single header bit flipped on the wire, one packet each: corrected, delivered intact. */
static void t_hdr_single(ut_t *t) {
  static const unsigned ws[] = {128, 64, 96};
  for (unsigned k = 0; k < 3; k++) {
    scen_t sc = scen_default();
    sc.p.w = ws[k];
    sc.npk[0] = ws[k];
    sc.npk[1] = 40;
    sc.seed = 7 + k;
    fate_t *f = calloc(ws[k], sizeof *f);
    UT_CHECK(t, f, "no memory");
    for (unsigned b = 0; b < ws[k]; b++) {
      f[b].nflip = 1;
      f[b].hb[0] = b;
      f[b].dw = -1;
    }
    sc.fate = f;
    sc.nfate = ws[k];
    int rc = run_scen(t, &sc, NULL);
    free(f);
    UT_CHECK(t, rc == 0, "W %u", ws[k]);
  }
}

/* Double flips: HDR_UNC, the packet dropped, its credits returned. */
static void t_hdr_double(ut_t *t) {
  scen_t sc = scen_default();
  sc.npk[0] = 400;
  sc.npk[1] = 50;
  sc.seed = 21;
  fate_t *f = calloc(sc.npk[0], sizeof *f);
  UT_CHECK(t, f, "no memory");
  prng_t g;
  prng_seed(&g, 22);
  for (unsigned i = 0; i < sc.npk[0]; i++) {
    f[i].dw = -1;
    if (i % 2)
      continue;
    f[i].nflip = 2;
    f[i].hb[0] = (unsigned)prng_below(&g, 128);
    f[i].hb[1] = (unsigned)prng_below(&g, 127);
    if (f[i].hb[1] >= f[i].hb[0])
      f[i].hb[1]++;
  }
  sc.fate = f;
  sc.nfate = sc.npk[0];
  int rc = run_scen(t, &sc, NULL);
  free(f);
  UT_CHECK(t, rc == 0, "double flips");
}

/* Payload and footer flips: CRC counted and flagged (a flip of the flag bit itself passes as
 * is), and random mixes with header flips at W 96 / NVC 1 and W 64. */
static void t_data_flips(ut_t *t) {
  static const unsigned sets[][3] = {{128, 2, 1}, {96, 1, 2}, {64, 2, 3}};
  for (unsigned k = 0; k < 3; k++) {
    scen_t sc = scen_default();
    sc.p.w = sets[k][0];
    sc.p.nvc = sets[k][1];
    sc.npk[0] = 500;
    sc.npk[1] = 60;
    sc.seed = 30 + sets[k][2];
    fate_t *f = calloc(sc.npk[0], sizeof *f);
    UT_CHECK(t, f, "no memory");
    prng_t g;
    prng_seed(&g, 40 + k);
    for (unsigned i = 0; i < sc.npk[0]; i++) {
      f[i].dw = -1;
      unsigned r = (unsigned)prng_below(&g, 6);
      if (r == 0) {
        f[i].nflip = 1;
        f[i].hb[0] = (unsigned)prng_below(&g, sc.p.w);
      } else if (r == 1) {
        f[i].nflip = 2;
        f[i].hb[0] = (unsigned)prng_below(&g, sc.p.w);
        f[i].hb[1] = (f[i].hb[0] + 1 + (unsigned)prng_below(&g, sc.p.w - 1)) % sc.p.w;
      } else if (r <= 4) {
        f[i].dw = (int)prng_below(&g, 33); /* beyond len: no flip (the packet is shorter) */
        f[i].db = r == 4 ? 32 : (unsigned)prng_below(&g, sc.p.w);
      }
    }
    /* the wire packet number is not the source index, and len is random: dw > len never
     * matches; dw == len is the footer */
    sc.fate = f;
    sc.nfate = sc.npk[0];
    int rc = run_scen(t, &sc, NULL);
    free(f);
    UT_CHECK(t, rc == 0, "set %u", k);
  }
}

/* A dropped MAGIC: B counts START, header, payload and footer as FRAME errors; the packet's
 * credits never come back (nothing in the contract returns them). */
static void t_drop_magic(ut_t *t) {
  scen_t sc = scen_default();
  sc.p.d = 1024;
  sc.npk[0] = 200;
  sc.npk[1] = 30;
  sc.seed = 51;
  fate_t *f = calloc(sc.npk[0], sizeof *f);
  UT_CHECK(t, f, "no memory");
  for (unsigned i = 0; i < sc.npk[0]; i++) {
    f[i].dw = -1;
    f[i].drop_magic = i % 25 == 3;
  }
  /* a double flip right before a dropped MAGIC: B is in DROP when the START comes */
  f[27].nflip = 2;
  f[27].hb[0] = 5;
  f[27].hb[1] = 90;
  sc.fate = f;
  sc.nfate = sc.npk[0];
  int rc = run_scen(t, &sc, NULL);
  free(f);
  UT_CHECK(t, rc == 0, "dropped MAGIC");
}

/* CREDIT words above D forced onto the idle B->A wire between two batches of traffic: each
 * excess credit counts, rcred stays at D, and the second batch goes through. */
static void t_credit_above(ut_t *t) {
  scen_t sc = scen_default();
  sc.npk[0] = 200;
  sc.npk[1] = 40;
  sc.seed = 61;
  pair_t *h = pair_new(t, &sc);
  UT_CHECK(t, h, "pair_new");
  h->s[0].lim = 100;
  h->s[1].lim = 20;
  int rc = pair_drain(h, &sc, NULL);
  static const unsigned c0[] = {1, 0, 34}, c1[] = {0, 35, 2};
  for (unsigned k = 0; k < 3 && !rc; k++) {
    h->force[0] = 1;
    h->fctrl[0] = 1;
    h->fword[0] = apl_credit(c0[k], c1[k]);
    h->exp_cerr[0] += (c0[k] > 0) + (c1[k] > 0); /* A is quiet with rcred at D: one a VC */
    rc = pair_step(h);
  }
  h->s[0].lim = 200;
  h->s[1].lim = 40;
  if (!rc)
    rc = pair_drain(h, &sc, NULL);
  pair_free(h);
  UT_CHECK(t, rc == 0, "CREDIT above D");
}

UT_SUITE(apelink_model) {
  ut_run(s, "apelink_model params", t_params);
  ut_run(s, "apelink_model control words and CRC", t_words);
  ut_run(s, "apelink_model timeline of one packet", t_timeline);
  ut_run(s, "apelink_model cut-through gaps", t_cut_through);
  ut_run(s, "apelink_model cr_due and large owe", t_cr_due);
  ut_run(s, "apelink_model round-robin", t_round_robin);
  ut_run(s, "apelink_model orphans", t_orphans);
  ut_run(s, "apelink_model orphans on both VCs", t_orphans_two_vcs);
  ut_run(s, "apelink_model TRED register", t_tred_register);
  ut_run(s, "apelink_model RX rules", t_rx_rules);
  ut_run(s, "apelink_model credit counting", t_credit_counts);
  ut_run(s, "apelink_model random traffic back to back", t_random);
  ut_run(s, "apelink_model TRED throughput", t_tred_throughput);
  ut_run(s, "apelink_model header single flips", t_hdr_single);
  ut_run(s, "apelink_model header double flips", t_hdr_double);
  ut_run(s, "apelink_model payload and footer flips", t_data_flips);
  ut_run(s, "apelink_model dropped MAGIC", t_drop_magic);
  ut_run(s, "apelink_model CREDIT above D", t_credit_above);
}
