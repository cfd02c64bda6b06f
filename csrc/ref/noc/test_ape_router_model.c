/* test_ape_router_model.c - the ExaNet torus router's cycle model (docs/noc/ape_router.md): the
 * parameter ranges, the header format, the routing rule (both orders, ties go plus, upper / lower
 * VC across the wrap link, size-1 dimensions, DST), two cycles a hop with credit return, zero gap
 * between packets on an output, cut-through across a gap, virtual cut-through credits, the input
 * VC and output arbitration (round robin, fixed priority, the registered cfg), and every error
 * counter (overflow with its orphans, VC, DST, LEN drained, credit above D, saturation). Each
 * timeline is checked cycle by cycle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ape_router_model.h"
#include "unit.h"

/* ------------------------------------------------------------------ helpers */

#define RT_MAXC 400u

typedef struct {
  ape_router_t r;
  ape_rin_t in;          /* the inputs of the current cycle (cfg_* persist) */
  ape_rout_t o[RT_MAXC]; /* o[c]: the outputs visible in cycle c */
  unsigned cyc;          /* the current cycle */
  int auto_cr;           /* a sink behind every output: a credit in the cycle a word shows */
} rt_t;

static rt_t *rt_new(const ape_params_t *p, unsigned x, unsigned y) {
  rt_t *h = calloc(1, sizeof *h);
  if (!h)
    return NULL;
  if (ape_router_init(&h->r, p, x, y)) {
    free(h);
    return NULL;
  }
  return h;
}

static void rt_free(rt_t *h) {
  if (h)
    ape_router_free(&h->r);
  free(h);
}

/* Ends the current cycle: records its outputs, clocks with its inputs, clears the words. */
static void rt_step(rt_t *h) {
  ape_rout_t cur;
  ape_router_comb(&h->r, &cur);
  if (h->cyc < RT_MAXC)
    h->o[h->cyc] = cur;
  if (h->auto_cr)
    for (unsigned o = 0; o < h->r.np; o++)
      if (cur.out_valid[o])
        h->in.cr_in[o] |= 1u << cur.out_vc[o];
  ape_router_clock(&h->r, &h->in);
  memset(h->in.in_valid, 0, sizeof h->in.in_valid);
  memset(h->in.in_vc, 0, sizeof h->in.in_vc);
  memset(h->in.in_data, 0, sizeof h->in.in_data);
  memset(h->in.cr_in, 0, sizeof h->in.cr_in);
  h->cyc++;
}

static void rt_send(rt_t *h, unsigned port, unsigned vc, ape_word_t w) {
  h->in.in_valid[port] = 1;
  h->in.in_vc[port] = vc;
  h->in.in_data[port] = w;
}

/* A scheduled input word. */
typedef struct {
  unsigned cyc, port, vc;
  ape_word_t w;
} in_ev_t;

#define MAXEV 128u
typedef struct {
  in_ev_t e[MAXEV];
  unsigned n;
} sched_t;

static void sched_word(sched_t *s, unsigned cyc, unsigned port, unsigned vc, ape_word_t w) {
  if (s->n < MAXEV) {
    in_ev_t *e = &s->e[s->n++];
    e->cyc = cyc;
    e->port = port;
    e->vc = vc;
    e->w = w;
  }
}

/* Steps to cycle `until`, driving the scheduled words in their cycles. */
static void rt_run(rt_t *h, const sched_t *s, unsigned until) {
  while (h->cyc < until) {
    for (unsigned i = 0; i < s->n; i++)
      if (s->e[i].cyc == h->cyc)
        rt_send(h, s->e[i].port, s->e[i].vc, s->e[i].w);
    rt_step(h);
  }
}

static ape_params_t small_params(void) { /* 4x4, W 64, MAXP 8, D 10 */
  ape_params_t p = ape_default_params();
  p.w = 64;
  p.maxp = 8;
  p.d = 10;
  return p;
}

static ape_word_t hdr(const ape_params_t *p, unsigned dx, unsigned dy, unsigned len, unsigned port,
                      uint64_t sw) {
  ape_header_t h = {dx, dy, len, port, sw};
  return ape_header_pack(p, &h);
}

/* A payload / footer word carrying tag in every 32-bit element (W bits only). */
static ape_word_t dword(const ape_params_t *p, uint32_t tag) {
  ape_word_t w = {{0, 0, 0, 0}};
  for (unsigned i = 0; i < p->w / 32; i++)
    w.w[i] = tag ^ (0x5a000000u * (i + 1));
  return w;
}

/* Packet id: header (sw = id), len payload words, footer; returns len + 2. */
static unsigned mkpkt(const ape_params_t *p, ape_word_t *out, unsigned dx, unsigned dy,
                      unsigned len, unsigned port, unsigned id) {
  out[0] = hdr(p, dx, dy, len, port, id);
  for (unsigned i = 0; i < len; i++)
    out[1 + i] = dword(p, id << 8 | i);
  out[len + 1] = dword(p, id << 8 | 0xffu);
  return len + 2;
}

/* The nw words on consecutive cycles from c0. */
static void sched_pkt(sched_t *s, unsigned c0, unsigned port, unsigned vc, const ape_word_t *w,
                      unsigned nw) {
  for (unsigned i = 0; i < nw; i++)
    sched_word(s, c0 + i, port, vc, w[i]);
}

static int weq(const ape_word_t *a, const ape_word_t *b) { return memcmp(a, b, sizeof *a) == 0; }

typedef struct {
  unsigned cyc, port, vc;
  ape_word_t w;
} out_ev_t;

/* Every out_valid of cycles 0 .. h->cyc - 1 is exactly one of ev[] (same cycle, port, vc,
 * word), and out_vc / out_data hold while out_valid is 0. */
static void check_outs(ut_t *t, const rt_t *h, const out_ev_t *ev, unsigned n) {
  ape_word_t last[APE_MAX_P];
  unsigned lvc[APE_MAX_P] = {0};
  memset(last, 0, sizeof last);
  for (unsigned c = 0; c < h->cyc && c < RT_MAXC; c++)
    for (unsigned o = 0; o < h->r.np; o++) {
      const out_ev_t *e = NULL;
      for (unsigned i = 0; i < n; i++)
        if (ev[i].cyc == c && ev[i].port == o)
          e = &ev[i];
      UT_CHECK(t, h->o[c].out_valid[o] == (e != NULL), "cycle %u port %u: out_valid %u", c, o,
               h->o[c].out_valid[o]);
      if (e) {
        UT_CHECK(t, h->o[c].out_vc[o] == e->vc, "cycle %u port %u: out_vc %u, want %u", c, o,
                 h->o[c].out_vc[o], e->vc);
        UT_CHECK(t, weq(&h->o[c].out_data[o], &e->w), "cycle %u port %u: word 0x%08x, want 0x%08x",
                 c, o, h->o[c].out_data[o].w[0], e->w.w[0]);
      } else {
        UT_CHECK(t, weq(&h->o[c].out_data[o], &last[o]) && h->o[c].out_vc[o] == lvc[o],
                 "cycle %u port %u: out_data / out_vc did not hold", c, o);
      }
      last[o] = h->o[c].out_data[o];
      lvc[o] = h->o[c].out_vc[o];
    }
}

/* Appends nw words on (port, vc) from cycle c0 on to the expected outputs. */
static void expect_pkt(out_ev_t *ev, unsigned *n, unsigned c0, unsigned port, unsigned vc,
                       const ape_word_t *w, unsigned nw) {
  for (unsigned i = 0; i < nw; i++) {
    ev[*n].cyc = c0 + i;
    ev[*n].port = port;
    ev[*n].vc = vc;
    ev[*n].w = w[i];
    (*n)++;
  }
}

/* cr_out of cycles 0 .. h->cyc - 1: want[c][q] (a bit per VC). */
static void check_cr(ut_t *t, const rt_t *h, unsigned want[][APE_MAX_P]) {
  for (unsigned c = 0; c < h->cyc && c < RT_MAXC; c++)
    for (unsigned q = 0; q < h->r.np; q++)
      UT_CHECK(t, h->o[c].cr_out[q] == want[c][q], "cycle %u: cr_out[%u] 0x%x, want 0x%x", c, q,
               h->o[c].cr_out[q], want[c][q]);
}

static unsigned err_sum(const ape_rout_t *o) {
  unsigned s = 0;
  for (unsigned k = 0; k < APE_NERR; k++)
    s += o->err[k];
  return s;
}

/* ------------------------------------------------------------------ parameters, header */

static void t_params(ut_t *t) {
  ape_params_t d = ape_default_params();
  UT_CHECK(t,
           d.xs == 4 && d.ys == 4 && d.nloc == 1 && d.nvc == 2 && d.w == 128 && d.d == 34 &&
               d.maxp == 32 && d.ew == 16,
           "defaults 4, 4, 1, 2, 128, 34, 32, 16");
  UT_EQ(t, ape_params_check(&d), 0, "defaults legal");
  UT_EQ(t, ape_params_check(NULL), -1, "NULL");
  /* xs ys nloc nvc w d maxp ew */
  static const unsigned good[][8] = {
      {1, 1, 1, 1, 64, 3, 1, 1},      {16, 16, 4, 2, 128, 1024, 255, 32},
      {16, 1, 2, 2, 96, 257, 255, 8}, {1, 16, 3, 1, 64, 10, 8, 16},
      {5, 3, 1, 2, 128, 1024, 1, 1},  {2, 2, 4, 1, 96, 34, 32, 31},
      {3, 7, 1, 2, 64, 100, 98, 16},  {4, 4, 1, 2, 128, 34, 32, 16}};
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    ape_params_t p = {good[i][0], good[i][1], good[i][2], good[i][3],
                      good[i][4], good[i][5], good[i][6], good[i][7]};
    UT_CHECK(t, ape_params_check(&p) == 0, "legal set %u refused", i);
    ape_router_t r;
    UT_CHECK(t, ape_router_init(&r, &p, p.xs - 1, p.ys - 1) == 0, "init of legal set %u", i);
    ape_router_free(&r);
    UT_CHECK(t, r.fifo == NULL, "freed");
  }
  static const unsigned bad[][8] = {
      {0, 4, 1, 2, 128, 34, 32, 16},    {17, 4, 1, 2, 128, 34, 32, 16},
      {4, 0, 1, 2, 128, 34, 32, 16},    {4, 17, 1, 2, 128, 34, 32, 16},
      {4, 4, 0, 2, 128, 34, 32, 16},    {4, 4, 5, 2, 128, 34, 32, 16},
      {4, 4, 1, 0, 128, 34, 32, 16},    {4, 4, 1, 3, 128, 34, 32, 16},
      {4, 4, 1, 2, 32, 34, 32, 16},     {4, 4, 1, 2, 100, 34, 32, 16},
      {4, 4, 1, 2, 256, 34, 32, 16},    {4, 4, 1, 2, 128, 33, 32, 16},
      {4, 4, 1, 2, 128, 1025, 32, 16},  {4, 4, 1, 2, 128, 34, 0, 16},
      {4, 4, 1, 2, 128, 1024, 256, 16}, {4, 4, 1, 2, 128, 34, 32, 0},
      {4, 4, 1, 2, 128, 34, 32, 33},    {4, 4, 1, 2, 128, 2, 1, 16}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ape_params_t p = {bad[i][0], bad[i][1], bad[i][2], bad[i][3],
                      bad[i][4], bad[i][5], bad[i][6], bad[i][7]};
    UT_CHECK(t, ape_params_check(&p) == -1, "illegal set %u accepted", i);
    ape_router_t r;
    UT_CHECK(t, ape_router_init(&r, &p, 0, 0) == -1, "init of illegal set %u", i);
    UT_CHECK(t, r.fifo == NULL, "nothing allocated for illegal set %u", i);
  }
  ape_router_t r;
  UT_EQ(t, ape_router_init(&r, &d, 4, 0), -1, "x off the torus");
  UT_EQ(t, ape_router_init(&r, &d, 0, 4), -1, "y off the torus");
  UT_EQ(t, ape_router_init(&r, &d, 3, 3), 0, "init (3, 3)");
  ape_rout_t o;
  ape_router_comb(&r, &o);
  for (unsigned q = 0; q < 5; q++)
    UT_CHECK(t, !o.out_valid[q] && !o.cr_out[q] && r.cred[q][0] == 34 && r.cred[q][1] == 34,
             "reset port %u", q);
  UT_CHECK(t, err_sum(&o) == 0 && r.np == 5, "reset errors, P 5");
  ape_router_free(&r);
}

static void t_header(ut_t *t) {
  ape_params_t p = ape_default_params();
  /* field positions: dst_x 7:0, dst_y 15:8, len 23:16, dst_port 27:24, sw from 28 */
  ape_header_t h = {0x12, 0x34, 0x56, 0x7, UINT64_C(0xfedcba9876543210)};
  ape_word_t w = ape_header_pack(&p, &h);
  UT_EQ(t, w.w[0], 0x07563412u, "W 128 word 0 (sw 3:0 = 0)");
  UT_EQ(t, w.w[1], 0x87654321u, "W 128 word 1 (sw 35:4)");
  UT_EQ(t, w.w[2], 0xfedcba9u, "W 128 word 2 (sw 63:36)");
  UT_EQ(t, w.w[3], 0, "W 128 word 3: sw 91:64 and ECC 0");
  ape_header_t g = ape_header_unpack(&p, &w);
  UT_CHECK(t,
           g.dst_x == 0x12 && g.dst_y == 0x34 && g.len == 0x56 && g.dst_port == 7 && g.sw == h.sw,
           "W 128 round trip");
  /* fields masked; the ECC byte is ignored by unpack */
  ape_header_t big = {0x1ff, 0x2ff, 0x3ff, 0x1f, 0};
  w = ape_header_pack(&p, &big);
  UT_EQ(t, w.w[0], 0x0fffffffu, "masked fields");
  w.w[3] = 0xab000000u;
  g = ape_header_unpack(&p, &w);
  UT_CHECK(t, g.dst_x == 0xff && g.dst_y == 0xff && g.len == 0xff && g.dst_port == 0xf && g.sw == 0,
           "ECC byte ignored");
  UT_EQ(t, ape_word_bits(&w, 120, 8), 0xab, "ECC byte bits");
  /* W 64: sw is [55:28], 28 bits, ECC [63:56] */
  p.w = 64;
  h.sw = ~UINT64_C(0);
  w = ape_header_pack(&p, &h);
  UT_EQ(t, w.w[0], 0xf7563412u, "W 64 word 0");
  UT_EQ(t, w.w[1], 0x00ffffffu, "W 64 word 1: sw to bit 55, ECC 0");
  UT_CHECK(t, w.w[2] == 0 && w.w[3] == 0, "W 64: bits above W 0");
  g = ape_header_unpack(&p, &w);
  UT_EQ(t, g.sw, 0xfffffff, "W 64 sw 28 bits");
  /* W 96: sw [87:28], 60 bits */
  p.w = 96;
  w = ape_header_pack(&p, &h);
  UT_CHECK(t, w.w[2] == 0x00ffffffu && w.w[3] == 0, "W 96: sw to bit 87");
  g = ape_header_unpack(&p, &w);
  UT_EQ(t, g.sw, UINT64_C(0xfffffffffffffff), "W 96 sw 60 bits");
  /* bit helpers across element boundaries */
  ape_word_t x = {{0, 0, 0, 0}};
  ape_word_set_bits(&x, 60, 40, UINT64_C(0xabcdef1234));
  UT_EQ(t, ape_word_bits(&x, 60, 40), UINT64_C(0xabcdef1234), "bits 99:60");
  UT_EQ(t, x.w[1], 0x40000000u, "w[1]");
  UT_EQ(t, x.w[2], 0xbcdef123u, "w[2]");
  UT_EQ(t, x.w[3], 0xau, "w[3]");
  ape_word_set_bits(&x, 64, 64, 0);
  UT_CHECK(t, x.w[2] == 0 && x.w[3] == 0 && x.w[1] == 0x40000000u, "clear 127:64");
}

/* ------------------------------------------------------------------ routing */

typedef struct {
  unsigned xs, ys, nvc, x, y, order, dx, dy, dport;
  int ret;
  unsigned port, vc;
} route_case_t;

static void t_route(ut_t *t) {
  static const route_case_t c[] = {
      /* 4x4 at (1, 1), X first */
      {4, 4, 2, 1, 1, 0, 2, 3, 0, 0, APE_XP, 1},     /* a 1 < b 3: plus, t > c: upper */
      {4, 4, 2, 1, 1, 0, 3, 1, 0, 0, APE_XP, 1},     /* a 2 == b 2: tie goes plus */
      {4, 4, 2, 1, 1, 0, 0, 0, 0, 0, APE_XM, 1},     /* minus, t < c: upper */
      {4, 4, 2, 1, 1, 0, 1, 2, 0, 0, APE_YP, 1},     /* X equal: Y */
      {4, 4, 2, 1, 1, 0, 1, 3, 0, 0, APE_YP, 1},     /* Y tie plus */
      {4, 4, 2, 1, 1, 0, 1, 0, 0, 0, APE_YM, 1},     /* Y minus */
      {4, 4, 2, 1, 1, 0, 1, 1, 0, 0, APE_LOCAL0, 0}, /* here: local on VC 0 */
      /* Y first */
      {4, 4, 2, 1, 1, 1, 2, 3, 0, 0, APE_YP, 1},
      {4, 4, 2, 1, 1, 1, 0, 0, 0, 0, APE_YM, 1},
      {4, 4, 2, 1, 1, 1, 3, 1, 0, 0, APE_XP, 1}, /* Y equal: X */
      {4, 4, 2, 1, 1, 1, 1, 1, 0, 0, APE_LOCAL0, 0},
      /* across the wrap link: the lower VC */
      {4, 4, 2, 3, 0, 0, 0, 0, 0, 0, APE_XP, 0}, /* 3 -> 0 plus over the wrap */
      {4, 4, 2, 3, 0, 0, 1, 0, 0, 0, APE_XP, 0}, /* 3 -> 1: tie plus, t < c */
      {4, 4, 2, 3, 0, 0, 2, 0, 0, 0, APE_XM, 1}, /* 3 -> 2: minus, t < c */
      {4, 4, 2, 0, 0, 0, 3, 0, 0, 0, APE_XM, 0}, /* 0 -> 3 minus over the wrap */
      {4, 4, 2, 0, 0, 0, 2, 0, 0, 0, APE_XP, 1}, /* 0 -> 2 tie plus, t > c */
      {4, 4, 2, 0, 3, 1, 0, 0, 0, 0, APE_YP, 0}, /* Y: 3 -> 0 over the wrap */
      {4, 4, 2, 0, 0, 1, 0, 3, 0, 0, APE_YM, 0},
      /* a 5-ring: no ties */
      {5, 1, 2, 1, 0, 0, 4, 0, 0, 0, APE_XM, 0}, /* a 3 > b 2: minus over the wrap */
      {5, 1, 2, 4, 0, 0, 1, 0, 0, 0, APE_XP, 0}, /* a 2 < b 3: plus over the wrap */
      {5, 1, 2, 1, 0, 0, 3, 0, 0, 0, APE_XP, 1},
      {5, 1, 2, 3, 0, 0, 1, 0, 0, 0, APE_XM, 1},
      {5, 1, 2, 2, 0, 0, 0, 0, 0, 0, APE_XM, 1},
      /* 2-ring: always a tie, always plus */
      {2, 2, 2, 1, 0, 0, 0, 0, 0, 0, APE_XP, 0},
      {2, 2, 2, 0, 0, 0, 1, 0, 0, 0, APE_XP, 1},
      {2, 2, 2, 0, 1, 0, 0, 0, 0, 0, APE_YP, 0},
      /* NVC 1: VC 0 always */
      {4, 4, 1, 1, 1, 0, 2, 3, 0, 0, APE_XP, 0},
      {4, 4, 1, 1, 1, 1, 0, 0, 0, 0, APE_YM, 0},
      /* size-1 dimensions: never routed */
      {1, 5, 2, 0, 0, 0, 0, 3, 0, 0, APE_YM, 0},
      {1, 5, 2, 0, 1, 0, 0, 3, 0, 0, APE_YP, 1},
      {6, 1, 2, 5, 0, 1, 1, 0, 0, 0, APE_XP, 0},
      {1, 1, 2, 0, 0, 1, 0, 0, 0, 0, APE_LOCAL0, 0},
      /* local ports */
      {3, 3, 2, 2, 2, 0, 2, 2, 2, 0, APE_LOCAL0 + 2, 0},
      {3, 3, 2, 2, 2, 0, 2, 2, 3, 0, APE_LOCAL0 + 3, 0},
      /* DST */
      {4, 4, 2, 1, 1, 0, 4, 1, 0, -1, 0, 0},
      {4, 4, 2, 1, 1, 0, 1, 4, 0, -1, 0, 0},
      {4, 4, 2, 1, 1, 1, 255, 255, 0, -1, 0, 0},
      {4, 4, 2, 1, 1, 0, 1, 1, 1, -1, 0, 0}, /* NLOC 1 */
      {3, 3, 2, 2, 2, 0, 2, 2, 4, -1, 0, 0}, /* NLOC 4 */
      {1, 5, 2, 0, 0, 0, 1, 0, 0, -1, 0, 0},
  };
  for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
    ape_params_t p = small_params();
    p.xs = c[i].xs;
    p.ys = c[i].ys;
    p.nvc = c[i].nvc;
    p.nloc = c[i].xs == 3 ? 4 : 1;
    unsigned port = 99, vc = 99;
    int ret = ape_route(&p, c[i].x, c[i].y, c[i].order, c[i].dx, c[i].dy, c[i].dport, &port, &vc);
    UT_CHECK(t, ret == c[i].ret, "case %u: returned %d", i, ret);
    if (ret == 0)
      UT_CHECK(t, port == c[i].port && vc == c[i].vc, "case %u: port %u vc %u, want %u %u", i, port,
               vc, c[i].port, c[i].vc);
  }
}

/* Every pair on rings 1 .. 16, both orders on a torus: following the routes hop by hop reaches
 * the destination in the minimal hop count per dimension (first dimension first, ties plus),
 * with the upper VC exactly before a wrap-free rest of the way: never the lower VC on the link
 * out of 0 going plus (or out of K - 1 going minus), never the upper on the wrap link. */
static void t_route_walk(ut_t *t) {
  for (unsigned k = 1; k <= 16; k++)
    for (unsigned order = 0; order < 2; order++) {
      ape_params_t p = small_params();
      p.xs = k;
      p.ys = k > 1 ? 17 - k : 3;
      for (unsigned sx = 0; sx < p.xs; sx++)
        for (unsigned sy = 0; sy < p.ys; sy++)
          for (unsigned tx = 0; tx < p.xs; tx++)
            for (unsigned ty = 0; ty < p.ys; ty += 1 + (p.ys > 8)) {
              unsigned x = sx, y = sy, hops = 0, port = 0, vc = 0, dim_done[2] = {0, 0};
              unsigned ax = (tx + p.xs - sx) % p.xs, bx = (sx + p.xs - tx) % p.xs;
              unsigned ay = (ty + p.ys - sy) % p.ys, by = (sy + p.ys - ty) % p.ys;
              unsigned want = (ax < bx ? ax : bx) + (ay < by ? ay : by);
              for (;;) {
                UT_CHECK(t, ape_route(&p, x, y, order, tx, ty, 0, &port, &vc) == 0, "route");
                if (port == APE_LOCAL0)
                  break;
                unsigned dim = port / 2, plus = port % 2 == 0;
                unsigned kk = dim ? p.ys : p.xs, c = dim ? y : x, tt = dim ? ty : tx;
                unsigned a = (tt + kk - c) % kk, b = (c + kk - tt) % kk;
                UT_CHECK(t, plus == (a <= b), "ties plus");
                UT_CHECK(t, !dim_done[dim], "a dimension is routed once, in one go");
                UT_CHECK(t, dim == (order ? (y != ty ? 1u : 0u) : (x != tx ? 0u : 1u)),
                         "K %u order %u: dimension order", k, order);
                unsigned wraps = plus ? tt < c : tt > c;
                UT_CHECK(t, vc == !wraps, "upper VC iff no wrap ahead");
                if (plus && c == 0)
                  UT_CHECK(t, vc == 1, "lower VC never out of 0 plus");
                if (!plus && c == kk - 1)
                  UT_CHECK(t, vc == 1, "lower VC never out of K-1 minus");
                if (plus && c == kk - 1)
                  UT_CHECK(t, vc == 0, "upper VC never on the wrap link");
                c = plus ? (c + 1) % kk : (c + kk - 1) % kk;
                if (dim)
                  y = c;
                else
                  x = c;
                if (c == tt)
                  dim_done[dim] = 1;
                UT_CHECK(t, ++hops <= 32, "no loop");
              }
              UT_CHECK(t, x == tx && y == ty && hops == want, "K %u: (%u,%u)->(%u,%u) %u hops", k,
                       sx, sy, tx, ty, hops);
            }
    }
}

/* ------------------------------------------------------------------ latency */

/* A packet of len 2 from every input port to every output port of (1, 1) on a 4x4 torus with
 * NLOC 2: words in cycles 3 .. 6 leave in 5 .. 8 (two cycles a hop), cr_out[in] bit vc in 5 .. 8
 * (pops in 4 .. 7), and the output VC's credit is down by 4 until the sink returns them. */
static void t_latency(ut_t *t) {
  ape_params_t p = small_params();
  p.nloc = 2;
  static const unsigned dst[][5] = {/* dx dy port -> out vc */
                                    {2, 1, 0, APE_XP, 1},        {0, 1, 0, APE_XM, 1},
                                    {1, 2, 0, APE_YP, 1},        {1, 0, 0, APE_YM, 1},
                                    {3, 1, 0, APE_XP, 1},        {1, 1, 0, APE_LOCAL0, 0},
                                    {1, 1, 1, APE_LOCAL0 + 1, 0}};
  for (unsigned in = 0; in < 6; in++)
    for (unsigned d = 0; d < sizeof dst / sizeof dst[0]; d++)
      for (unsigned ivc = 0; ivc < 2; ivc++) {
        rt_t *h = rt_new(&p, 1, 1);
        UT_CHECK(t, h != NULL, "alloc");
        ape_word_t w[4];
        unsigned nw = mkpkt(&p, w, dst[d][0], dst[d][1], 2, dst[d][2], in * 16 + d);
        sched_t s = {.n = 0};
        sched_pkt(&s, 3, in, ivc, w, nw);
        rt_run(h, &s, 12);
        unsigned o = dst[d][3], ovc = dst[d][4];
        int ok = h->r.cred[o][ovc] == p.d - 4;
        for (unsigned k = 0; k < 4; k++) { /* the sink frees them */
          h->in.cr_in[o] = 1u << ovc;
          rt_step(h);
        }
        ok = ok && h->r.cred[o][ovc] == p.d;
        out_ev_t ev[4];
        unsigned n = 0;
        expect_pkt(ev, &n, 5, o, ovc, w, nw);
        check_outs(t, h, ev, n);
        static unsigned want[RT_MAXC][APE_MAX_P];
        memset(want, 0, sizeof want);
        for (unsigned c = 5; c <= 8; c++)
          want[c][in] = 1u << ivc;
        if (!t->failed)
          check_cr(t, h, want);
        for (unsigned c = 0; c < h->cyc; c++)
          ok = ok && err_sum(&h->o[c]) == 0;
        rt_free(h);
        UT_CHECK(t, ok, "credits / errors");
        if (t->failed) {
          size_t l = strlen(t->reason);
          snprintf(t->reason + l, sizeof t->reason - l, " (in %u dst %u vc %u)", in, d, ivc);
          return;
        }
      }
}

/* ------------------------------------------------------------------ back to back, gaps */

/* Zero gap on one output: (1) B from port 0 and A from port 4 both for local (their headers
 * in cycle 0): port 0 wins the round robin, B leaves in 2 .. 6, A's header right after B's
 * footer (7 .. 11). (2) One input, one VC: C (len 0, cycles 20, 21) and D (22 .. 24) leave in
 * 22 .. 26 without a gap: C's footer pops in 22, D's header in 23. */
static void t_zero_gap(ut_t *t) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->auto_cr = 1;
  ape_word_t a[5], b[5], c[2], d[3];
  mkpkt(&p, a, 1, 1, 3, 0, 1);
  mkpkt(&p, b, 1, 1, 3, 0, 2);
  mkpkt(&p, c, 2, 1, 0, 0, 3);
  mkpkt(&p, d, 2, 1, 1, 0, 4);
  sched_t s = {.n = 0};
  sched_pkt(&s, 0, 4, 0, a, 5);
  sched_pkt(&s, 0, 0, 1, b, 5);
  sched_pkt(&s, 20, 4, 1, c, 2);
  sched_pkt(&s, 22, 4, 1, d, 3);
  rt_run(h, &s, 40);
  out_ev_t ev[16];
  unsigned n = 0;
  expect_pkt(ev, &n, 2, APE_LOCAL0, 0, b, 5);
  expect_pkt(ev, &n, 7, APE_LOCAL0, 0, a, 5);
  expect_pkt(ev, &n, 22, APE_XP, 1, c, 2);
  expect_pkt(ev, &n, 24, APE_XP, 1, d, 3);
  check_outs(t, h, ev, n);
  UT_EQ(t, err_sum(&h->o[39]), 0, "no error");
  UT_CHECK(t, h->r.cred[APE_LOCAL0][0] == p.d && h->r.cred[APE_XP][1] == p.d, "credits home");
  rt_free(h);
}

/* Cut-through across a gap: A (len 2) from port 4 to X+ has its second payload word late
 * (cycle 6): its words leave in 2, 3, 8, 9 and X+ stays A's in between; B (port 0, header in
 * cycle 1) for X+ waits and leaves right after A's footer (10, 11). */
static void t_gap(ut_t *t) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->auto_cr = 1;
  ape_word_t a[4], b[2];
  mkpkt(&p, a, 2, 1, 2, 0, 1);
  mkpkt(&p, b, 3, 1, 0, 0, 2);
  sched_t s = {.n = 0};
  sched_word(&s, 0, 4, 0, a[0]);
  sched_word(&s, 1, 4, 0, a[1]);
  sched_word(&s, 6, 4, 0, a[2]);
  sched_word(&s, 7, 4, 0, a[3]);
  sched_pkt(&s, 1, 0, 0, b, 2);
  for (unsigned c = 0; c < 20; c++) {
    rt_run(h, &s, c);
    if (c >= 3 && c <= 6)
      UT_CHECK(t, h->r.ibusy[4] && h->r.obusy[APE_XP] && h->r.cnt[4][0] == 0,
               "cycle %u: A waits on its empty FIFO", c);
    if (c >= 3 && c <= 8)
      UT_CHECK(t, !h->r.ibusy[0] && h->r.cnt[0][0] == 2, "cycle %u: B waits", c);
  }
  rt_run(h, &s, 20);
  out_ev_t ev[8];
  unsigned n = 0;
  expect_pkt(ev, &n, 2, APE_XP, 1, a, 2);
  expect_pkt(ev, &n, 8, APE_XP, 1, a + 2, 2);
  expect_pkt(ev, &n, 10, APE_XP, 1, b, 2);
  check_outs(t, h, ev, n);
  static unsigned want[RT_MAXC][APE_MAX_P];
  memset(want, 0, sizeof want);
  want[2][4] = want[3][4] = want[8][4] = want[9][4] = 1; /* A pops in 1, 2, 7, 8 */
  want[10][0] = want[11][0] = 1;                         /* B in 9, 10 */
  check_cr(t, h, want);
  rt_free(h);
}

/* ------------------------------------------------------------------ virtual cut-through */

/* (3, 3) on a 5x5 torus: to (4, 3) is X+ VC 1, to (0, 3) is X+ VC 0. A (len 8, port 4) takes
 * all 10 credits of X+ VC 1 (out 2 .. 11). B (len 2, port 0, header in cycle 1) for VC 1 waits;
 * C (len 0, port 2) for VC 0 goes when A's transfer ends (out 12, 13). Three credits of VC 1
 * (cycles 20 .. 22) are not len + 2 = 4: B still waits; the fourth in cycle 30 lets it start in
 * 31 (out 32 .. 35). */
static void t_vct(ut_t *t) {
  ape_params_t p = small_params();
  p.xs = p.ys = 5;
  rt_t *h = rt_new(&p, 3, 3);
  UT_CHECK(t, h != NULL, "alloc");
  ape_word_t a[10], b[4], c[2];
  mkpkt(&p, a, 4, 3, 8, 0, 1);
  mkpkt(&p, b, 4, 3, 2, 0, 2);
  mkpkt(&p, c, 0, 3, 0, 0, 3);
  sched_t s = {.n = 0};
  sched_pkt(&s, 0, 4, 0, a, 10);
  sched_pkt(&s, 1, 0, 1, b, 4);
  sched_pkt(&s, 1, 2, 0, c, 2);
  rt_run(h, &s, 12);
  UT_EQ(t, h->r.cred[APE_XP][1], 0, "A took every credit of VC 1");
  for (unsigned k = 12; k < 45; k++) {
    if ((k >= 20 && k <= 22) || k == 30)
      h->in.cr_in[APE_XP] = 2;
    if (k == 30)
      UT_EQ(t, h->r.cred[APE_XP][1], 3, "three credits: len + 1");
    rt_run(h, &s, k + 1);
  }
  out_ev_t ev[20];
  unsigned n = 0;
  expect_pkt(ev, &n, 2, APE_XP, 1, a, 10);
  expect_pkt(ev, &n, 12, APE_XP, 0, c, 2);
  expect_pkt(ev, &n, 32, APE_XP, 1, b, 4);
  check_outs(t, h, ev, n);
  UT_EQ(t, h->r.cred[APE_XP][1], 0, "B took its four");
  UT_EQ(t, h->r.cred[APE_XP][0], p.d - 2, "C took two of VC 0");
  UT_EQ(t, err_sum(&h->o[44]), 0, "no error");
  rt_free(h);
}

/* ------------------------------------------------------------------ arbitration */

/* Ports 0, 2 and 4 each send two packets (len 1, ids 10 * port + k) for the local output, the
 * first in cycles 0 .. 2, the second in 3 .. 5: the order the six leave in, back to back from
 * cycle 2 on. cfg is driven in cycles cfg_from .. cfg_to - 1, 0 outside. */
static void arb_order(ut_t *t, unsigned fixed, unsigned first, unsigned cfg_from, unsigned cfg_to,
                      const unsigned *want) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->auto_cr = 1;
  sched_t s = {.n = 0};
  static const unsigned ports[3] = {0, 2, 4};
  for (unsigned i = 0; i < 3; i++)
    for (unsigned k = 0; k < 2; k++) {
      ape_word_t w[3];
      mkpkt(&p, w, 1, 1, 1, 0, 10 * ports[i] + k);
      sched_pkt(&s, 3 * k, ports[i], k, w, 3);
    }
  for (unsigned c = 0; c < 30; c++) {
    if (c == cfg_from) {
      h->in.cfg_arb_fixed = fixed;
      h->in.cfg_first = first;
    }
    if (c == cfg_to)
      h->in.cfg_arb_fixed = h->in.cfg_first = 0;
    rt_run(h, &s, c + 1);
  }
  for (unsigned j = 0; j < 6; j++) {
    const ape_rout_t *o = &h->o[2 + 3 * j];
    ape_header_t g = ape_header_unpack(&p, &o->out_data[APE_LOCAL0]);
    UT_CHECK(t, o->out_valid[APE_LOCAL0] && g.sw == want[j],
             "fixed %u first %u: packet %u is %u, want %u", fixed, first, j, (unsigned)g.sw,
             want[j]);
  }
  for (unsigned c = 2; c < 20; c++)
    UT_CHECK(t, h->o[c].out_valid[APE_LOCAL0], "no gap in cycle %u", c);
  UT_CHECK(t, !h->o[20].out_valid[APE_LOCAL0], "done");
  rt_free(h);
}

static void t_arbitration(ut_t *t) {
  static const unsigned rr[6] = {0, 20, 40, 1, 21, 41};
  static const unsigned f2[6] = {20, 21, 40, 41, 0, 1};
  static const unsigned f0[6] = {0, 1, 20, 21, 40, 41};
  static const unsigned late[6] = {0, 40, 41, 1, 20, 21};
  arb_order(t, 0, 0, 0, 99, rr);
  arb_order(t, 0, 2, 0, 99, rr); /* cfg_first unused by round robin */
  arb_order(t, 1, 2, 0, 99, f2);
  arb_order(t, 1, 6, 0, 99, f2); /* 6 mod P (5) = 1: port 2 is the first requester at or after */
  arb_order(t, 1, 5, 0, 99, f0); /* 5 mod 5 = 0 */
  arb_order(t, 1, 7, 0, 99, f2);
  /* driven in cycle 1, used from cycle 2: the first grant (cycle 1) is still round robin */
  arb_order(t, 1, 4, 1, 99, late);
  /* fixed priority leaves optr alone: port 2 wins cycle 1 by priority (driven in cycle 0
   * only), round robin then starts at port 0, not 3 */
  static const unsigned back[6] = {20, 0, 21, 40, 1, 41};
  arb_order(t, 1, 2, 0, 1, back);
}

/* The input stage: port 4 holds P1, P3 on VC 0 and P2, P4 on VC 1 (arrived in that order)
 * while port 0's long packet holds the local output; iptr then alternates the VCs:
 * P1, P2, P3, P4. */
static void t_input_rr(ut_t *t) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->auto_cr = 1;
  sched_t s = {.n = 0};
  ape_word_t w0[10], w[4][2];
  mkpkt(&p, w0, 1, 1, 8, 0, 100);
  sched_pkt(&s, 0, 0, 0, w0, 10);
  static const unsigned vc[4] = {0, 1, 0, 1}, at[4] = {0, 4, 2, 6};
  for (unsigned i = 0; i < 4; i++) {
    mkpkt(&p, w[i], 1, 1, 0, 0, i + 1);
    sched_pkt(&s, at[i], 4, vc[i], w[i], 2);
  }
  rt_run(h, &s, 30);
  out_ev_t ev[20];
  unsigned n = 0;
  expect_pkt(ev, &n, 2, APE_LOCAL0, 0, w0, 10);
  for (unsigned i = 0; i < 4; i++)
    expect_pkt(ev, &n, 12 + 2 * i, APE_LOCAL0, 0, w[i], 2);
  check_outs(t, h, ev, n);
  rt_free(h);
}

/* cfg_order is a register too: a header written in the cycle cfg_order is first driven 1 still
 * routes X first; the next cycle's goes Y first. */
static void t_cfg_order(ut_t *t) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->auto_cr = 1;
  ape_word_t a[2], b[2];
  mkpkt(&p, a, 2, 2, 0, 0, 1);
  mkpkt(&p, b, 2, 2, 0, 0, 2);
  sched_t s = {.n = 0};
  sched_pkt(&s, 0, 4, 0, a, 2);
  sched_pkt(&s, 1, 0, 0, b, 2);
  h->in.cfg_order = 1;
  rt_run(h, &s, 10);
  out_ev_t ev[4];
  unsigned n = 0;
  expect_pkt(ev, &n, 2, APE_XP, 1, a, 2);
  expect_pkt(ev, &n, 3, APE_YP, 1, b, 2);
  check_outs(t, h, ev, n);
  rt_free(h);
}

/* ------------------------------------------------------------------ errors */

/* OVERFLOW and orphans, (1, 1), no sink credits unless given: A (len 8) takes X+ VC 1's ten
 * credits, B (len 8, cycles 10 .. 19) fills VC 0's FIFO behind it; C's header (cycle 20) finds
 * it full: OVERFLOW, but its len sets the tracker. Ten credits (21 .. 30) let B go (pops 31 ..
 * 40); C's payload (31) finds the FIFO full although it pops in that cycle: OVERFLOW again; C's
 * footer (32) is stored, an orphan. E (VC 0, 34, 35, for X+; credits in 36, 37), F and G (VC 1,
 * 36 .. 39, for the local port) wait for B. Then the input stage alternates (iptr): F (41), the
 * orphan alone (43), G (44), E (46). */
static void t_overflow(ut_t *t) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  ape_word_t a[10], b[10], c[3], e[2], f[2], g[2];
  mkpkt(&p, a, 2, 1, 8, 0, 1);
  mkpkt(&p, b, 2, 1, 8, 0, 2);
  mkpkt(&p, c, 2, 1, 1, 0, 3);
  mkpkt(&p, e, 2, 1, 0, 0, 4);
  mkpkt(&p, f, 1, 1, 0, 0, 5);
  mkpkt(&p, g, 1, 1, 0, 0, 6);
  sched_t s = {.n = 0};
  sched_pkt(&s, 0, 4, 0, a, 10);
  sched_pkt(&s, 10, 4, 0, b, 10);
  sched_word(&s, 20, 4, 0, c[0]);
  sched_pkt(&s, 31, 4, 0, c + 1, 2);
  sched_pkt(&s, 34, 4, 0, e, 2);
  sched_pkt(&s, 36, 4, 1, f, 2);
  sched_pkt(&s, 38, 4, 1, g, 2);
  for (unsigned k = 0; k < 60; k++) {
    if ((k >= 21 && k <= 30) || k == 36 || k == 37)
      h->in.cr_in[APE_XP] = 2;
    if (k == 20 || k == 31)
      UT_CHECK(t, h->r.cnt[4][0] == p.d && h->r.wrem[4][0] == (k == 20 ? 0u : 2u),
               "full in cycle %u", k);
    if (k == 32)
      UT_CHECK(t, h->r.cnt[4][0] == p.d - 1 && h->r.wrem[4][0] == 1, "cycle 32");
    rt_run(h, &s, k + 1);
  }
  out_ev_t ev[30];
  unsigned n = 0;
  expect_pkt(ev, &n, 2, APE_XP, 1, a, 10);
  expect_pkt(ev, &n, 32, APE_XP, 1, b, 10);
  expect_pkt(ev, &n, 42, APE_LOCAL0, 0, f, 2);
  expect_pkt(ev, &n, 45, APE_LOCAL0, 0, g, 2);
  expect_pkt(ev, &n, 47, APE_XP, 1, e, 2);
  check_outs(t, h, ev, n);
  static unsigned want[RT_MAXC][APE_MAX_P];
  memset(want, 0, sizeof want);
  for (unsigned c2 = 2; c2 <= 11; c2++) /* A */
    want[c2][4] = 1;
  for (unsigned c2 = 32; c2 <= 41; c2++) /* B */
    want[c2][4] = 1;
  want[42][4] = want[43][4] = 2; /* F */
  want[44][4] = 1;               /* the orphan */
  want[45][4] = want[46][4] = 2; /* G */
  want[47][4] = want[48][4] = 1; /* E */
  check_cr(t, h, want);
  UT_EQ(t, h->o[20].err[APE_ERR_OVERFLOW], 0, "counted at the edge");
  for (unsigned c2 = 21; c2 < 60; c2++)
    UT_CHECK(t,
             h->o[c2].err[APE_ERR_OVERFLOW] == (c2 < 32 ? 1u : 2u) &&
                 err_sum(&h->o[c2]) == h->o[c2].err[APE_ERR_OVERFLOW],
             "OVERFLOW only, cycle %u", c2);
  UT_CHECK(t, h->r.cnt[4][0] == 0 && h->r.cnt[4][1] == 0 && h->r.wrem[4][0] == 0 && !h->r.ibusy[4],
           "quiet");
  rt_free(h);
}

/* A DROP transfer never owned an output: its end leaves obusy alone. G (port 4, X+) leaves
 * iout[4] = X+; L (port 0, X+, len 4 with a gap: out 7, 8 and 22 .. 25) holds X+ while port 4
 * drains a DST packet (9 .. 11); B (port 2, X+) waits until L's footer has left (26, 27). */
static void t_drop_output(ut_t *t) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->auto_cr = 1;
  ape_word_t g[2], l[6], x[3], b[2];
  mkpkt(&p, g, 2, 1, 0, 0, 1);
  mkpkt(&p, l, 2, 1, 4, 0, 2);
  mkpkt(&p, x, 4, 1, 1, 0, 3);
  mkpkt(&p, b, 2, 1, 0, 0, 4);
  sched_t s = {.n = 0};
  sched_pkt(&s, 0, 4, 0, g, 2);
  sched_pkt(&s, 5, 0, 0, l, 2);
  sched_pkt(&s, 20, 0, 0, l + 2, 4);
  sched_pkt(&s, 8, 4, 1, x, 3);
  sched_pkt(&s, 12, 2, 0, b, 2);
  rt_run(h, &s, 35);
  out_ev_t ev[12];
  unsigned n = 0;
  expect_pkt(ev, &n, 2, APE_XP, 1, g, 2);
  expect_pkt(ev, &n, 7, APE_XP, 1, l, 2);
  expect_pkt(ev, &n, 22, APE_XP, 1, l + 2, 4);
  expect_pkt(ev, &n, 26, APE_XP, 1, b, 2);
  check_outs(t, h, ev, n);
  UT_EQ(t, h->o[34].err[APE_ERR_DST], 1, "DST");
  for (unsigned c = 10; c <= 12; c++)
    UT_EQ(t, h->o[c].cr_out[4], 2, "the drop pops");
  rt_free(h);
}

/* VC (NVC 1): a word with in_vc 1 is dropped without moving the tracker; two ports in one
 * cycle count two; the packet after it passes. */
static void t_err_vc(ut_t *t) {
  ape_params_t p = small_params();
  p.nvc = 1;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->auto_cr = 1;
  ape_word_t a[3], x[3];
  mkpkt(&p, a, 1, 1, 1, 0, 1);
  mkpkt(&p, x, 2, 1, 1, 0, 9);
  sched_t s = {.n = 0};
  sched_word(&s, 0, 4, 1, x[0]);
  sched_word(&s, 0, 2, 1, x[0]);
  sched_word(&s, 1, 4, 1, x[1]);
  sched_pkt(&s, 2, 4, 0, a, 3);
  rt_run(h, &s, 12);
  out_ev_t ev[4];
  unsigned n = 0;
  expect_pkt(ev, &n, 4, APE_LOCAL0, 0, a, 3);
  check_outs(t, h, ev, n);
  UT_EQ(t, h->o[1].err[APE_ERR_VC], 2, "two in cycle 0");
  UT_EQ(t, h->o[2].err[APE_ERR_VC], 3, "three");
  UT_EQ(t, err_sum(&h->o[11]), 3, "only VC errors");
  for (unsigned c = 0; c <= 3; c++)
    UT_EQ(t, h->o[c].cr_out[4] | h->o[c].cr_out[2], 0, "no pop of a dropped word");
  rt_free(h);
}

/* DST and LEN: packets off the torus, for a local port that does not exist, too long (and LEN
 * before DST) are read out and discarded as they arrive: no output, a credit for every word. */
static void t_err_dst_len(ut_t *t) {
  ape_params_t p = small_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  static ape_word_t w[300];
  sched_t s = {.n = 0};
  unsigned c = 0, words = 0;
  static const unsigned pk[][4] = {/* dx dy len port */
                                   {4, 1, 2, 0}, {1, 4, 0, 0}, {1, 1, 3, 1},
                                   {1, 1, 9, 0}, {9, 9, 9, 9}, {200, 1, 20, 0}};
  for (unsigned i = 0; i < sizeof pk / sizeof pk[0]; i++) {
    unsigned nw = mkpkt(&p, w + words, pk[i][0], pk[i][1], pk[i][2], pk[i][3], i);
    sched_pkt(&s, c, i % 2 ? 4 : 1, i % 2, w + words, nw);
    words += nw;
    c += nw + 1;
  }
  rt_run(h, &s, c + 5);
  check_outs(t, h, NULL, 0);
  unsigned pops = 0;
  for (unsigned k = 0; k < h->cyc; k++)
    pops += (h->o[k].cr_out[4] >> 1 & 1u) + (h->o[k].cr_out[1] & 1u);
  UT_EQ(t, pops, words, "a credit for every word");
  const ape_rout_t *o = &h->o[h->cyc - 1];
  UT_EQ(t, o->err[APE_ERR_DST], 3, "DST");
  UT_EQ(t, o->err[APE_ERR_LEN], 3, "LEN (len 9 twice and 20)");
  UT_EQ(t, err_sum(o), 6, "nothing else");
  UT_CHECK(t, !h->r.ibusy[1] && !h->r.ibusy[4] && h->r.cnt[1][0] == 0 && h->r.cnt[4][1] == 0,
           "drained");
  rt_free(h);
}

/* CREDIT: a credit at cred == D is an error and ignored, one per output VC (two in one cycle
 * count two), a bit at or above NVC is not read; a credit in the cycle a word is sent at
 * cred == D nets to D (reading 5 of ape_router_model.c). EW 2 saturates at 3. */
static void t_err_credit(ut_t *t) {
  ape_params_t p = small_params();
  p.ew = 2;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  ape_word_t a[2];
  mkpkt(&p, a, 2, 1, 0, 0, 1);
  rt_send(h, 4, 0, a[0]);
  rt_step(h); /* cycle 0: header written */
  rt_send(h, 4, 0, a[1]);
  h->in.cr_in[APE_XP] = 2;
  rt_step(h); /* cycle 1: header sent with a credit in: D - 1 + 1 */
  UT_EQ(t, h->r.cred[APE_XP][1], p.d, "nets to D");
  rt_step(h); /* cycle 2: footer sent */
  UT_EQ(t, h->r.cred[APE_XP][1], p.d - 1, "footer sent");
  h->in.cr_in[APE_YM] = 1;
  rt_step(h); /* cycle 3 */
  UT_EQ(t, err_sum(&h->o[3]), 0, "no error so far");
  h->in.cr_in[APE_YP] = 3;
  h->in.cr_in[APE_LOCAL0] = 4; /* VC 2 does not exist */
  h->in.cr_in[APE_XP] = 2;     /* D - 1 + 1: fine */
  rt_step(h);                  /* cycle 4 */
  UT_EQ(t, h->o[4].err[APE_ERR_CREDIT], 1, "one");
  h->in.cr_in[APE_XP] = 2;
  rt_step(h); /* cycle 5 */
  UT_EQ(t, h->o[5].err[APE_ERR_CREDIT], 3, "two more");
  rt_step(h);
  UT_EQ(t, h->o[6].err[APE_ERR_CREDIT], 3, "saturated at 2^EW - 1");
  UT_EQ(t, err_sum(&h->o[6]), 3, "nothing else");
  for (unsigned o = 0; o < 5; o++)
    UT_CHECK(t, h->r.cred[o][0] == p.d && h->r.cred[o][1] == p.d, "port %u: D", o);
  rt_free(h);
}

/* Every counter saturates at 2^EW - 1 (EW 1 and 32's largest value is not reached). */
static void t_err_saturate(ut_t *t) {
  ape_params_t p = small_params();
  p.ew = 1;
  p.nvc = 1;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  for (unsigned k = 0; k < 4; k++) {
    rt_send(h, 0, 1, dword(&p, k));
    rt_send(h, 1, 1, dword(&p, k));
    h->in.cr_in[2] = 1;
    rt_step(h);
  }
  rt_step(h);
  UT_CHECK(t, h->o[4].err[APE_ERR_VC] == 1 && h->o[4].err[APE_ERR_CREDIT] == 1, "EW 1");
  rt_free(h);
}

UT_SUITE(ape_router_model) {
  ut_run(s, "ape_router_model parameters", t_params);
  ut_run(s, "ape_router_model header format", t_header);
  ut_run(s, "ape_router_model routing rule", t_route);
  ut_run(s, "ape_router_model routes walked on every ring", t_route_walk);
  ut_run(s, "ape_router_model two cycles a hop, credits", t_latency);
  ut_run(s, "ape_router_model zero gap between packets", t_zero_gap);
  ut_run(s, "ape_router_model cut-through across a gap", t_gap);
  ut_run(s, "ape_router_model virtual cut-through credits", t_vct);
  ut_run(s, "ape_router_model round robin and fixed priority", t_arbitration);
  ut_run(s, "ape_router_model input VC round robin", t_input_rr);
  ut_run(s, "ape_router_model cfg_order registered", t_cfg_order);
  ut_run(s, "ape_router_model OVERFLOW and orphans", t_overflow);
  ut_run(s, "ape_router_model a drop leaves the output alone", t_drop_output);
  ut_run(s, "ape_router_model VC error", t_err_vc);
  ut_run(s, "ape_router_model DST and LEN drained", t_err_dst_len);
  ut_run(s, "ape_router_model CREDIT error", t_err_credit);
  ut_run(s, "ape_router_model counters saturate", t_err_saturate);
}
