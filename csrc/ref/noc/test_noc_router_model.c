/* test_noc_router_model.c - the Nebula router's cycle model (docs/noc/noc_router.md): the
 * parameter ranges, the flit format, route computation (XY, west-first, every misroute rule,
 * the credit choice), the five-cycle pipeline with VC rewriting and credit return, wormhole
 * output VCs, credit stalls, the round-robin allocators, and every error counter with its
 * saturation; with LOWLAT 1, the three-cycle pipeline (route stored at BW, speculative SA: its
 * losses, plain requests first at both stages) and the errors. Each timeline is checked cycle by
 * cycle on every output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noc_router_model.h"
#include "unit.h"

/* ------------------------------------------------------------------ helpers */

#define RT_MAXC 400u

typedef struct {
  noc_router_t r;
  noc_rin_t in;          /* the inputs of the current cycle */
  noc_rout_t o[RT_MAXC]; /* o[c]: the outputs visible in cycle c */
  unsigned cyc;          /* the current cycle */
} rt_t;

static rt_t *rt_new(const noc_params_t *p, unsigned x, unsigned y) {
  rt_t *h = calloc(1, sizeof *h);
  if (!h)
    return NULL;
  if (noc_router_init(&h->r, p)) {
    free(h);
    return NULL;
  }
  h->in.my_x = x;
  h->in.my_y = y;
  return h;
}

/* Ends the current cycle: records its outputs, clocks with its inputs, clears them. */
static void rt_step(rt_t *h) {
  if (h->cyc < RT_MAXC)
    noc_router_comb(&h->r, &h->o[h->cyc]);
  noc_router_clock(&h->r, &h->in);
  memset(h->in.in_valid, 0, sizeof h->in.in_valid);
  memset(h->in.in_flit, 0, sizeof h->in.in_flit);
  memset(h->in.cr_in, 0, sizeof h->in.cr_in);
  h->cyc++;
}

static void rt_run_to(rt_t *h, unsigned c) {
  while (h->cyc < c)
    rt_step(h);
}

static void rt_send(rt_t *h, unsigned port, uint64_t flit) {
  h->in.in_valid[port] = 1;
  h->in.in_flit[port] = flit;
}

static uint64_t mkflit(const noc_params_t *p, unsigned head, unsigned tail, unsigned vc,
                       unsigned cls, unsigned dx, unsigned dy, uint32_t payload) {
  noc_flit_t f = {head, tail, vc, cls, dx, dy, payload};
  return noc_flit_pack(p, &f);
}

static uint64_t with_vc(const noc_params_t *p, uint64_t flit, unsigned vc) {
  noc_flit_t f = noc_flit_unpack(p, flit);
  f.vc = vc;
  return noc_flit_pack(p, &f);
}

typedef struct {
  unsigned cyc, port;
  uint64_t flit;
} ev_t;

/* Every out_valid of cycles 0 .. h->cyc - 1 is exactly one of ev[] (same cycle, port, flit),
 * and out_flit keeps its last value when out_valid is 0. */
static void check_outs(ut_t *t, const rt_t *h, const ev_t *ev, unsigned n) {
  uint64_t last[NOC_P] = {0};
  for (unsigned c = 0; c < h->cyc && c < RT_MAXC; c++)
    for (unsigned o = 0; o < NOC_P; o++) {
      const ev_t *e = NULL;
      for (unsigned i = 0; i < n; i++)
        if (ev[i].cyc == c && ev[i].port == o)
          e = &ev[i];
      UT_CHECK(t, h->o[c].out_valid[o] == (e != NULL), "cycle %u port %u: out_valid %u", c, o,
               h->o[c].out_valid[o]);
      if (e)
        UT_CHECK(t, h->o[c].out_flit[o] == e->flit, "cycle %u port %u: flit 0x%llx, want 0x%llx", c,
                 o, (unsigned long long)h->o[c].out_flit[o], (unsigned long long)e->flit);
      else
        UT_CHECK(t, h->o[c].out_flit[o] == last[o], "cycle %u port %u: out_flit did not hold", c,
                 o);
      last[o] = h->o[c].out_flit[o];
    }
}

/* cr_out[port] of cycles 0 .. h->cyc - 1 is (1 << vc) exactly at the cycles of cyc[] and 0
 * elsewhere; every other port's cr_out is 0. */
static void check_cr(ut_t *t, const rt_t *h, unsigned port, unsigned vc, const unsigned *cyc,
                     unsigned n) {
  for (unsigned c = 0; c < h->cyc && c < RT_MAXC; c++)
    for (unsigned q = 0; q < NOC_P; q++) {
      unsigned want = 0;
      for (unsigned i = 0; i < n; i++)
        if (q == port && cyc[i] == c)
          want = 1u << vc;
      UT_CHECK(t, h->o[c].cr_out[q] == want, "cycle %u: cr_out[%u] 0x%x, want 0x%x", c, q,
               h->o[c].cr_out[q], want);
    }
}

static unsigned err_sum(const noc_rout_t *o) {
  unsigned s = 0;
  for (unsigned k = 0; k < NOC_NERR; k++)
    s += o->err[k];
  return s;
}

static noc_params_t params_v(unsigned v, unsigned ncls, unsigned d) {
  noc_params_t p = noc_default_params();
  p.v = v;
  p.ncls = ncls;
  p.d = d;
  return p;
}

/* ------------------------------------------------------------------ parameters, flits */

static void t_params(ut_t *t) {
  noc_params_t d = noc_default_params();
  UT_CHECK(t,
           d.xs == 4 && d.ys == 4 && d.v == 4 && d.d == 16 && d.pw == 32 && d.ncls == 2 &&
               d.routing == NOC_XY && d.ew == 16,
           "defaults 4, 4, 4, 16, 32, 2, XY, 16");
  UT_EQ(t, noc_params_check(&d), 0, "defaults legal");
  UT_EQ(t, d.lowlat, 0, "LOWLAT 0 by default");
  d.lowlat = 1;
  UT_EQ(t, noc_params_check(&d), 0, "LOWLAT 1 legal");
  d.lowlat = 2;
  UT_EQ(t, noc_params_check(&d), -1, "LOWLAT 2 illegal");
  d.lowlat = 0;
  UT_EQ(t, d.torus, 0, "TORUS 0 by default");
  d.torus = 1;
  UT_EQ(t, noc_params_check(&d), 0, "TORUS 1 legal with XY");
  d.routing = NOC_WEST_FIRST;
  UT_EQ(t, noc_params_check(&d), -1, "TORUS 1 illegal with west-first");
  d.routing = NOC_XY;
  d.torus = 2;
  UT_EQ(t, noc_params_check(&d), -1, "TORUS 2 illegal");
  d.torus = 0;
  UT_EQ(t, noc_params_check(NULL), -1, "NULL");
  noc_widths_t w = noc_widths(&d);
  UT_CHECK(t, w.xw == 2 && w.yw == 2 && w.vcw == 2 && w.cw == 1 && w.fw == 41, "default widths");
  /* xs ys v d pw ncls routing ew */
  static const unsigned good[][8] = {
      {1, 1, 1, 2, 1, 1, 0, 1},       {16, 16, 8, 64, 32, 8, 1, 32}, {16, 1, 8, 2, 32, 1, 0, 32},
      {1, 16, 6, 3, 7, 3, 1, 5},      {3, 5, 6, 64, 1, 2, 0, 16},    {2, 2, 2, 2, 32, 2, 1, 1},
      {16, 16, 8, 64, 32, 4, 0, 32},  {5, 9, 5, 17, 31, 5, 1, 31},   {8, 8, 16, 8, 32, 2, 0, 16},
      {16, 16, 16, 64, 32, 16, 1, 32}};
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    noc_params_t p = {good[i][0], good[i][1], good[i][2], good[i][3], good[i][4],
                      good[i][5], good[i][6], good[i][7], 0,          0};
    UT_CHECK(t, noc_params_check(&p) == 0, "legal set %u refused", i);
    noc_router_t r;
    UT_CHECK(t, noc_router_init(&r, &p) == 0, "init of legal set %u", i);
  }
  static const unsigned bad[][8] = {
      {0, 4, 4, 16, 32, 2, 0, 16},  {17, 4, 4, 16, 32, 2, 0, 16}, {4, 0, 4, 16, 32, 2, 0, 16},
      {4, 17, 4, 16, 32, 2, 0, 16}, {4, 4, 0, 16, 32, 1, 0, 16},  {4, 4, 17, 16, 32, 1, 0, 16},
      {4, 4, 4, 1, 32, 2, 0, 16},   {4, 4, 4, 65, 32, 2, 0, 16},  {4, 4, 4, 0, 32, 2, 0, 16},
      {4, 4, 4, 16, 0, 2, 0, 16},   {4, 4, 4, 16, 33, 2, 0, 16},  {4, 4, 4, 16, 32, 0, 0, 16},
      {4, 4, 4, 16, 32, 8, 0, 16},  {4, 4, 6, 16, 32, 4, 0, 16},  {4, 4, 8, 16, 32, 3, 0, 16},
      {4, 4, 4, 16, 32, 2, 2, 16},  {4, 4, 4, 16, 32, 2, 0, 0},   {4, 4, 4, 16, 32, 2, 0, 33},
      {4, 4, 2, 16, 32, 3, 0, 16}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    noc_params_t p = {bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4],
                      bad[i][5], bad[i][6], bad[i][7], 0,         0};
    UT_CHECK(t, noc_params_check(&p) == -1, "illegal set %u accepted", i);
    noc_router_t r;
    UT_CHECK(t, noc_router_init(&r, &p) == -1, "init of illegal set %u", i);
  }
  /* the widest legal flit is exactly 50 bits: 2 + 4 + 4 + 4 + 4 + 32 */
  noc_params_t wide = {16, 16, 16, 64, 32, 16, 1, 32, 0, 0};
  w = noc_widths(&wide);
  UT_CHECK(t, w.xw == 4 && w.yw == 4 && w.vcw == 4 && w.cw == 4 && w.fw == 50, "widest");
  /* widths of non powers of two and of one */
  noc_params_t odd = {5, 9, 6, 16, 7, 3, 0, 8, 0, 0};
  w = noc_widths(&odd);
  UT_CHECK(t, w.xw == 3 && w.yw == 4 && w.vcw == 3 && w.cw == 2 && w.fw == 21, "odd widths");
  noc_params_t one = {1, 1, 1, 2, 1, 1, 0, 1, 0, 0};
  w = noc_widths(&one);
  UT_CHECK(t, w.xw == 1 && w.yw == 1 && w.vcw == 1 && w.cw == 1 && w.fw == 7, "widths of 1");
}

static void t_flit(ut_t *t) {
  static const unsigned sets[][8] = {{4, 4, 4, 16, 32, 2, 0, 16}, {16, 16, 8, 64, 32, 8, 1, 32},
                                     {1, 1, 1, 2, 1, 1, 0, 1},    {5, 9, 6, 16, 7, 3, 0, 8},
                                     {3, 2, 2, 4, 13, 2, 1, 4},   {8, 16, 8, 8, 20, 2, 0, 4}};
  uint64_t x = 0x9e3779b97f4a7c15u;
  for (unsigned i = 0; i < sizeof sets / sizeof sets[0]; i++) {
    noc_params_t p = {sets[i][0], sets[i][1], sets[i][2], sets[i][3], sets[i][4],
                      sets[i][5], sets[i][6], sets[i][7], 0,          0};
    noc_widths_t w = noc_widths(&p);
    for (unsigned k = 0; k < 200; k++) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      noc_flit_t f = {(unsigned)(x & 1),
                      (unsigned)(x >> 1 & 1),
                      (unsigned)(x >> 2 & ((1u << w.vcw) - 1)),
                      (unsigned)(x >> 8 & ((1u << w.cw) - 1)),
                      (unsigned)(x >> 12 & ((1u << w.xw) - 1)),
                      (unsigned)(x >> 16 & ((1u << w.yw) - 1)),
                      (uint32_t)(x >> 24) & (uint32_t)((UINT64_C(1) << p.pw) - 1)};
      uint64_t b = noc_flit_pack(&p, &f);
      UT_CHECK(t, (b >> w.fw) == 0, "set %u: bits above FW", i);
      noc_flit_t g = noc_flit_unpack(&p, b);
      UT_CHECK(t,
               g.head == f.head && g.tail == f.tail && g.vc == f.vc && g.cls == f.cls &&
                   g.dst_x == f.dst_x && g.dst_y == f.dst_y && g.payload == f.payload,
               "set %u: round trip", i);
      UT_EQ(t, noc_flit_pack(&p, &g), b, "repack");
      /* unpack of any FW-bit word and pack again gives the word back */
      uint64_t any = x & ((UINT64_C(1) << w.fw) - 1);
      g = noc_flit_unpack(&p, any);
      UT_EQ(t, noc_flit_pack(&p, &g), any, "unpack/pack of any word");
    }
  }
  /* field positions, default widths: head 0, tail 1, vc 2..3, cls 4, dst_x 5..6, dst_y 7..8,
   * payload 9..40; fields are masked to their widths */
  noc_params_t p = noc_default_params();
  noc_flit_t f = {1, 0, 3, 1, 2, 1, 0xdeadbeefu};
  uint64_t want = 1u | 3u << 2 | 1u << 4 | 2u << 5 | 1u << 7 | (uint64_t)0xdeadbeefu << 9;
  UT_EQ(t, noc_flit_pack(&p, &f), want, "field positions");
  noc_flit_t big = {3, 2, 7, 3, 6, 5, 0};
  UT_EQ(t, noc_flit_pack(&p, &big), 1u | 3u << 2 | 1u << 4 | 2u << 5 | 1u << 7, "masked fields");
  noc_params_t q = p;
  q.pw = 5;
  noc_flit_t pl = {0, 0, 0, 0, 0, 0, 0xffu};
  UT_EQ(t, noc_flit_pack(&q, &pl), (uint64_t)0x1f << 9, "payload masked to PW");
}

/* ------------------------------------------------------------------ routing */

static void fill_credits(unsigned c[NOC_P][NOC_MAX_V], unsigned v) {
  for (unsigned o = 0; o < NOC_P; o++)
    for (unsigned w = 0; w < NOC_MAX_V; w++)
      c[o][w] = v;
}

static void t_route_xy(ut_t *t) {
  noc_params_t p = noc_default_params();
  p.xs = 3; /* dst_x = 3 fits in XW = 2 bits but is off the mesh */
  p.ys = 3;
  unsigned cr[NOC_P][NOC_MAX_V];
  fill_credits(cr, 16);
  const unsigned x = 1, y = 1;
  /* from the local port, every destination */
  for (unsigned dx = 0; dx < 3; dx++)
    for (unsigned dy = 0; dy < 3; dy++) {
      int want = dx > x   ? NOC_EAST
                 : dx < x ? NOC_WEST
                 : dy > y ? NOC_NORTH
                 : dy < y ? NOC_SOUTH
                          : NOC_LOCAL;
      UT_EQ(t, noc_route(&p, x, y, NOC_LOCAL, 0, dx, dy, cr), want, "XY from local");
    }
  /* off the mesh, from every port */
  for (unsigned in = 0; in < NOC_P; in++) {
    UT_EQ(t, noc_route(&p, x, y, in, 0, 3, 1, cr), -1, "dst_x >= XS");
    UT_EQ(t, noc_route(&p, x, y, in, 0, 1, 3, cr), -1, "dst_y >= YS");
  }
  UT_EQ(t, noc_route(&p, x, y, 5, 0, 1, 1, cr), -1, "in_port 5");
  /* arrival: moved away from the destination */
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 1, 2, cr), -1, "from north, dy > 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 1, 0, cr), -1, "from south, dy < 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_EAST, 0, 2, 1, cr), -1, "from east, dx > 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 0, 1, cr), -1, "from west, dx < 0");
  /* XY: no turn from Y back to X */
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 2, 0, cr), -1, "from north, dx > 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 0, 1, cr), -1, "from north, dx < 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 2, 2, cr), -1, "from south, dx > 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 0, 1, cr), -1, "from south, dx < 0");
  /* legal arrivals */
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 1, 0, cr), NOC_SOUTH, "north -> south");
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 1, 1, cr), NOC_LOCAL, "north -> local");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 1, 2, cr), NOC_NORTH, "south -> north");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 1, 1, cr), NOC_LOCAL, "south -> local");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 2, 0, cr), NOC_EAST, "west -> east");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 1, 2, cr), NOC_NORTH, "west -> north (X to Y)");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 1, 0, cr), NOC_SOUTH, "west -> south");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 1, 1, cr), NOC_LOCAL, "west -> local");
  UT_EQ(t, noc_route(&p, x, y, NOC_EAST, 0, 0, 2, cr), NOC_WEST, "east -> west");
  UT_EQ(t, noc_route(&p, x, y, NOC_EAST, 0, 1, 2, cr), NOC_NORTH, "east -> north");
  UT_EQ(t, noc_route(&p, x, y, NOC_EAST, 0, 1, 0, cr), NOC_SOUTH, "east -> south");
  /* XY ignores credits */
  cr[NOC_EAST][0] = cr[NOC_EAST][1] = 0;
  UT_EQ(t, noc_route(&p, x, y, NOC_LOCAL, 0, 2, 2, cr), NOC_EAST, "XY: X first whatever credits");
  /* the corners of a 1 x 1 mesh: only local */
  noc_params_t one = p;
  one.xs = one.ys = 1;
  UT_EQ(t, noc_route(&one, 0, 0, NOC_LOCAL, 0, 0, 0, cr), NOC_LOCAL, "1x1");
  UT_EQ(t, noc_route(&one, 0, 0, NOC_LOCAL, 0, 1, 0, cr), -1, "1x1 off mesh");
}

/* TORUS: the shorter way round each ring (plus when as short), misrouted when it arrived going
 * the other way or turned from Y to X; and the VC halves of every hop. */
static void t_route_torus(ut_t *t) {
  noc_params_t p = noc_default_params(); /* V 4, NCLS 2: class 1 = VCs 2 (lower), 3 (upper) */
  p.torus = 1;
  p.xs = 5;
  p.ys = 4;
  unsigned cr[NOC_P][NOC_MAX_V];
  fill_credits(cr, 16);
  /* from (1, 2) on a 5 x 4 torus: x 2, 3 east, 4, 0 west; y 3, 0 north (0: a tie), 1 south */
  static const int xport[5] = {NOC_WEST, NOC_LOCAL, NOC_EAST, NOC_EAST, NOC_WEST};
  static const int yport[4] = {NOC_NORTH, NOC_SOUTH, NOC_LOCAL, NOC_NORTH};
  for (unsigned dx = 0; dx < 5; dx++)
    for (unsigned dy = 0; dy < 4; dy++) {
      int want = dx != 1 ? xport[dx] : yport[dy];
      int got = noc_route(&p, 1, 2, NOC_LOCAL, 1, dx, dy, cr);
      UT_CHECK(t, got == want, "torus from local to (%u,%u): %d, want %d", dx, dy, got, want);
    }
  /* arriving going west (from the east port) and still going west is fine, east is not */
  UT_EQ(t, noc_route(&p, 1, 2, NOC_EAST, 1, 4, 2, cr), NOC_WEST, "east -> west round the wrap");
  UT_EQ(t, noc_route(&p, 1, 2, NOC_EAST, 1, 3, 2, cr), -1, "from east, now east");
  UT_EQ(t, noc_route(&p, 1, 2, NOC_WEST, 1, 4, 2, cr), -1, "from west, now west");
  UT_EQ(t, noc_route(&p, 1, 2, NOC_WEST, 1, 3, 0, cr), NOC_EAST, "west -> east");
  UT_EQ(t, noc_route(&p, 1, 2, NOC_SOUTH, 1, 1, 0, cr), NOC_NORTH, "south -> north over wrap");
  UT_EQ(t, noc_route(&p, 1, 2, NOC_NORTH, 1, 1, 0, cr), -1, "from north, now north");
  UT_EQ(t, noc_route(&p, 1, 2, NOC_SOUTH, 1, 2, 0, cr), -1, "from south, X left");
  UT_EQ(t, noc_route(&p, 1, 2, NOC_LOCAL, 1, 5, 0, cr), -1, "off the torus");
  /* the same coordinates on a mesh go the long way */
  noc_params_t m = p;
  m.torus = 0;
  UT_EQ(t, noc_route(&m, 1, 2, NOC_LOCAL, 1, 4, 0, cr), NOC_EAST, "mesh: east to x 4");
  UT_EQ(t, noc_route(&m, 1, 2, NOC_EAST, 1, 4, 2, cr), -1, "mesh: no wrap from east");
  /* VC halves: upper while the destination is ahead without the wrap link */
  noc_params_t one = p; /* one VC a class: no halves (not deadlock-free) */
  one.v = 2;
  noc_params_t three = p; /* V 6, NCLS 2: halves of 1 and 2 */
  three.v = 6;
  static const struct {
    unsigned which, x, o, cls, dx, dy, lo, hi; /* which: 0 p, 1 mesh, 2 one, 3 three */
    const char *what;
  } vr[] = {{0, 1, NOC_EAST, 1, 3, 2, 3, 4, "east, ahead: upper"},
            {0, 4, NOC_EAST, 1, 0, 2, 2, 3, "east over the wrap: lower"},
            {0, 1, NOC_WEST, 0, 0, 2, 1, 2, "west, ahead: upper"},
            {0, 1, NOC_WEST, 0, 4, 2, 0, 1, "west, wrap to come: lower"},
            {0, 1, NOC_NORTH, 0, 1, 0, 0, 1, "north, wrap to come: lower"},
            {0, 1, NOC_SOUTH, 0, 1, 1, 1, 2, "south, ahead: upper"},
            {0, 1, NOC_LOCAL, 1, 1, 2, 2, 4, "local: the whole class"},
            {1, 4, NOC_EAST, 1, 0, 2, 2, 4, "mesh: the whole class"},
            {2, 4, NOC_EAST, 1, 0, 2, 1, 2, "one VC a class: that VC"},
            {3, 1, NOC_EAST, 1, 3, 2, 4, 6, "three a class: upper"},
            {3, 4, NOC_EAST, 1, 0, 2, 3, 4, "three a class: lower"}};
  const noc_params_t *ps[4] = {&p, &m, &one, &three};
  for (unsigned i = 0; i < sizeof vr / sizeof vr[0]; i++) {
    unsigned lo, hi;
    noc_vc_range(ps[vr[i].which], vr[i].x, 2, vr[i].o, vr[i].cls, vr[i].dx, vr[i].dy, &lo, &hi);
    UT_CHECK(t, lo == vr[i].lo && hi == vr[i].hi, "%s: [%u, %u), want [%u, %u)", vr[i].what, lo, hi,
             vr[i].lo, vr[i].hi);
  }
}

/* A router of a 4 x 4 torus at (3, 1): heads from the local port, class 0 (VCs 0 lower, 1
 * upper). To x 0 and x 1 it goes east over the wrap link (x 1 a tie) on VC 0; to x 2 west, ahead,
 * on VC 1; to (3, 3) north on VC 1 (a tie, no wrap); to (3, 0) south, ahead, on VC 1; to (3, 1)
 * local on VC 0, the lowest of the class. Each leaves in cycle 5 after its arrival. */
static void t_torus_vc(ut_t *t) {
  noc_params_t p = noc_default_params();
  p.torus = 1;
  static const unsigned c[][4] = {{0, 1, NOC_EAST, 0},  {1, 1, NOC_EAST, 0},  {2, 1, NOC_WEST, 1},
                                  {3, 3, NOC_NORTH, 1}, {3, 0, NOC_SOUTH, 1}, {3, 1, NOC_LOCAL, 0}};
  for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
    rt_t *h = rt_new(&p, 3, 1);
    UT_CHECK(t, h != NULL, "alloc");
    uint64_t f = mkflit(&p, 1, 1, 1, 0, c[i][0], c[i][1], 0x5a00u + i);
    rt_send(h, NOC_LOCAL, f);
    rt_run_to(h, 10);
    ev_t ev = {5, c[i][2], with_vc(&p, f, c[i][3])};
    check_outs(t, h, &ev, 1);
    free(h);
    if (t->failed) {
      size_t n = strlen(t->reason);
      snprintf(t->reason + n, sizeof t->reason - n, " (case %u)", i);
      return;
    }
  }
}

static void t_route_wf(ut_t *t) {
  noc_params_t p = noc_default_params(); /* V 4, NCLS 2: class 0 = VCs 0, 1; class 1 = 2, 3 */
  p.routing = NOC_WEST_FIRST;
  unsigned cr[NOC_P][NOC_MAX_V];
  fill_credits(cr, 16);
  const unsigned x = 1, y = 1;
  /* west first, from local and from east */
  UT_EQ(t, noc_route(&p, x, y, NOC_LOCAL, 0, 0, 3, cr), NOC_WEST, "local, dx < 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_LOCAL, 0, 0, 1, cr), NOC_WEST, "local, dx < 0, dy 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_EAST, 0, 0, 0, cr), NOC_WEST, "east, dx < 0");
  /* no turn into west: from north, south or west with dx < 0 */
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 0, 0, cr), -1, "north, dx < 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 0, 1, cr), -1, "north, dx < 0, dy 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 0, 2, cr), -1, "south, dx < 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 0, 1, cr), -1, "west, dx < 0");
  /* arrival rules and off the mesh */
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 2, 2, cr), -1, "north, dy > 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 2, 0, cr), -1, "south, dy < 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_EAST, 0, 2, 1, cr), -1, "east, dx > 0");
  UT_EQ(t, noc_route(&p, x, y, NOC_LOCAL, 0, 4 & 3, 1, cr), NOC_WEST, "dst 0 (wrapped 4)");
  noc_params_t p3 = p;
  p3.xs = p3.ys = 3;
  UT_EQ(t, noc_route(&p3, x, y, NOC_LOCAL, 0, 3, 1, cr), -1, "dst_x >= XS");
  UT_EQ(t, noc_route(&p3, x, y, NOC_WEST, 0, 1, 3, cr), -1, "dst_y >= YS");
  /* turns from Y into east are allowed (not in XY) */
  UT_EQ(t, noc_route(&p, x, y, NOC_NORTH, 0, 2, 1, cr), NOC_EAST, "north -> east");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 3, 1, cr), NOC_EAST, "south -> east");
  /* one productive output */
  UT_EQ(t, noc_route(&p, x, y, NOC_LOCAL, 0, 1, 3, cr), NOC_NORTH, "only north");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 1, 0, cr), NOC_SOUTH, "only south");
  UT_EQ(t, noc_route(&p, x, y, NOC_WEST, 0, 2, 1, cr), NOC_EAST, "only east");
  UT_EQ(t, noc_route(&p, x, y, NOC_SOUTH, 0, 1, 1, cr), NOC_LOCAL, "none: local");
  /* only-one choices ignore credits */
  fill_credits(cr, 0);
  UT_EQ(t, noc_route(&p, x, y, NOC_LOCAL, 0, 1, 3, cr), NOC_NORTH, "only north, no credits");
  /* two productive outputs: more free credits of the class, east when equal */
  static const struct {
    unsigned in, cls, dx, dy, e0, e1, y0, y1, other, oe; /* oe: the other class's at east */
    int want;
  } c[] = {
      {NOC_LOCAL, 0, 3, 3, 16, 16, 16, 16, 0, 0, NOC_EAST}, /* equal: east */
      {NOC_LOCAL, 0, 3, 3, 10, 5, 8, 8, 0, 0, NOC_NORTH},   /* 15 < 16 */
      {NOC_LOCAL, 0, 3, 3, 10, 7, 8, 8, 0, 0, NOC_EAST},    /* 17 > 16 */
      {NOC_LOCAL, 0, 3, 3, 8, 8, 10, 6, 0, 0, NOC_EAST},    /* 16 == 16 */
      {NOC_LOCAL, 0, 2, 0, 1, 0, 0, 2, 0, 0, NOC_SOUTH},    /* 1 < 2 */
      {NOC_WEST, 0, 2, 0, 0, 0, 1, 0, 0, 16, NOC_SOUTH},    /* the other class does not count */
      {NOC_WEST, 0, 2, 0, 0, 0, 0, 0, 5, 0, NOC_EAST},      /* nor at the Y port */
      {NOC_WEST, 1, 2, 3, 0, 0, 0, 1, 0, 16, NOC_NORTH},    /* class 1 */
      {NOC_NORTH, 1, 3, 0, 3, 3, 4, 3, 0, 9, NOC_SOUTH},    /* from north */
      {NOC_SOUTH, 1, 3, 2, 3, 3, 3, 3, 9, 0, NOC_EAST},     /* from south, equal */
  };
  for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
    fill_credits(cr, c[i].other);
    unsigned yp = c[i].dy > y ? NOC_NORTH : NOC_SOUTH, b = c[i].cls * 2;
    for (unsigned v = 0; v < 4; v++)
      cr[NOC_EAST][v] = c[i].oe;
    cr[NOC_EAST][b] = c[i].e0;
    cr[NOC_EAST][b + 1] = c[i].e1;
    cr[yp][b] = c[i].y0;
    cr[yp][b + 1] = c[i].y1;
    UT_CHECK(t, noc_route(&p, x, y, c[i].in, c[i].cls, c[i].dx, c[i].dy, cr) == c[i].want,
             "credit choice %u", i);
  }
  /* one class of all VCs (NCLS 1) sums all four */
  noc_params_t p1 = p;
  p1.ncls = 1;
  fill_credits(cr, 2);
  cr[NOC_NORTH][3] = 3;
  UT_EQ(t, noc_route(&p1, x, y, NOC_LOCAL, 0, 2, 2, cr), NOC_NORTH, "NCLS 1: 9 > 8");
}

/* ------------------------------------------------------------------ pipeline */

/* A head + tail flit on input `in` VC 3 (class 1) arrives in cycle 0: it leaves output `out` in
 * cycle 5 with vc 2 (the lowest VC of class 1), and cr_out[in] bit 3 is set in cycle 4 (SA pops
 * it in cycle 3). */
static void single_case(ut_t *t, unsigned in, unsigned dx, unsigned dy, unsigned out,
                        unsigned routing) {
  noc_params_t p = noc_default_params();
  p.routing = routing;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t f = mkflit(&p, 1, 1, 3, 1, dx, dy, 0xa5a50000u + in * 16 + out);
  rt_send(h, in, f);
  rt_step(h);
  /* cycle 1: in the FIFO, ROUTING */
  UT_EQ(t, h->r.ivc[in][3].cnt, 1, "cnt in cycle 1");
  UT_EQ(t, h->r.ivc[in][3].state, NOC_ROUTING, "ROUTING in cycle 1");
  rt_step(h);
  UT_EQ(t, h->r.ivc[in][3].state, NOC_WAITING, "WAITING in cycle 2");
  UT_EQ(t, h->r.ivc[in][3].route, out, "route");
  rt_step(h);
  UT_EQ(t, h->r.ivc[in][3].state, NOC_ACTIVE, "ACTIVE in cycle 3");
  UT_EQ(t, h->r.ivc[in][3].ovc, 2, "ovc 2");
  UT_EQ(t, h->r.busy[out][2], 1, "output VC busy");
  rt_step(h);
  UT_EQ(t, h->r.ivc[in][3].state, NOC_IDLE, "IDLE in cycle 4");
  UT_EQ(t, h->r.ivc[in][3].cnt, 0, "popped");
  UT_EQ(t, h->r.busy[out][2], 0, "output VC free after the tail");
  UT_EQ(t, h->r.credits[out][2], 15, "one credit used");
  UT_CHECK(t, h->r.sa_valid[in] && h->r.sa_out[in] == out, "sa register");
  rt_run_to(h, 12);
  ev_t ev = {5, out, with_vc(&p, f, 2)};
  check_outs(t, h, &ev, 1);
  if (t->failed) {
    free(h);
    return;
  }
  unsigned crc = 4;
  check_cr(t, h, in, 3, &crc, 1);
  for (unsigned c = 0; c < h->cyc; c++)
    UT_CHECK(t, err_sum(&h->o[c]) == 0, "no error");
  free(h);
}

static void t_single(ut_t *t) {
  static const unsigned c[][5] = {{NOC_LOCAL, 2, 1, NOC_EAST, 0},  {NOC_LOCAL, 1, 1, NOC_LOCAL, 0},
                                  {NOC_LOCAL, 0, 3, NOC_WEST, 0},  {NOC_LOCAL, 1, 0, NOC_SOUTH, 0},
                                  {NOC_WEST, 3, 0, NOC_EAST, 0},   {NOC_WEST, 1, 2, NOC_NORTH, 0},
                                  {NOC_EAST, 0, 1, NOC_WEST, 0},   {NOC_NORTH, 1, 0, NOC_SOUTH, 0},
                                  {NOC_SOUTH, 1, 3, NOC_NORTH, 0}, {NOC_SOUTH, 1, 1, NOC_LOCAL, 0},
                                  {NOC_NORTH, 3, 0, NOC_EAST, 1},  {NOC_LOCAL, 3, 3, NOC_EAST, 1},
                                  {NOC_EAST, 0, 0, NOC_WEST, 1},   {NOC_WEST, 1, 3, NOC_NORTH, 1}};
  for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
    single_case(t, c[i][0], c[i][1], c[i][2], c[i][3], c[i][4]);
    if (t->failed) {
      size_t n = strlen(t->reason);
      snprintf(t->reason + n, sizeof t->reason - n, " (case %u)", i);
      return;
    }
  }
}

/* West-first RC reads the class's credit counters at the start of its cycle. Local heads to
 * (2, 2) may go east or north: one east credit in use (cycle 0's packet) sends cycle 10's north;
 * then one of each in use, cycle 19's head (RC in 20) goes east on the tie although a north
 * credit returns in cycle 20, and cycle 20's head (RC in 21) sees it and goes north. */
static void t_wf_rc(ut_t *t) {
  noc_params_t p = noc_default_params();
  p.routing = NOC_WEST_FIRST;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t a = mkflit(&p, 1, 1, 0, 0, 2, 1, 0xa), b = mkflit(&p, 1, 1, 0, 0, 2, 2, 0xb);
  uint64_t c = mkflit(&p, 1, 1, 1, 0, 2, 2, 0xc), d = mkflit(&p, 1, 1, 0, 0, 2, 2, 0xd);
  for (unsigned k = 0; k < 30; k++) {
    if (k == 0)
      rt_send(h, NOC_LOCAL, a);
    if (k == 10)
      rt_send(h, NOC_LOCAL, b);
    if (k == 19)
      rt_send(h, NOC_LOCAL, c);
    if (k == 20) {
      rt_send(h, NOC_LOCAL, d);
      h->in.cr_in[NOC_NORTH] = 1;
    }
    rt_step(h);
  }
  ev_t ev[] = {
      {5, NOC_EAST, a}, {15, NOC_NORTH, b}, {24, NOC_EAST, with_vc(&p, c, 0)}, {25, NOC_NORTH, d}};
  check_outs(t, h, ev, 4);
  UT_EQ(t, err_sum(&h->o[29]), 0, "no error");
  free(h);
}

/* Wormhole, lowest free VC: A (local VC 1, 4 flits spread out) holds east VC 0 until its tail;
 * B (west VC 0, 2 flits) gets east VC 1; C (local VC 0, 1 flit) finds both busy, then gets VC 1
 * when B's tail has left. Classes 0 (VCs 0, 1) throughout. */
static void t_wormhole_lowest(ut_t *t) {
  noc_params_t p = noc_default_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t a[4] = {mkflit(&p, 1, 0, 1, 0, 3, 1, 0xa0), mkflit(&p, 0, 0, 1, 0, 0, 0, 0xa1),
                   mkflit(&p, 0, 0, 1, 1, 3, 3, 0xa2), mkflit(&p, 0, 1, 1, 0, 2, 2, 0xa3)};
  uint64_t b[2] = {mkflit(&p, 1, 0, 0, 0, 2, 1, 0xb0), mkflit(&p, 0, 1, 0, 0, 0, 0, 0xb1)};
  uint64_t c0 = mkflit(&p, 1, 1, 0, 0, 3, 2, 0xc0);
  for (unsigned c = 0; c < 40; c++) {
    if (c == 0)
      rt_send(h, NOC_LOCAL, a[0]);
    if (c == 2)
      rt_send(h, NOC_WEST, b[0]);
    if (c == 3)
      rt_send(h, NOC_WEST, b[1]);
    if (c == 4)
      rt_send(h, NOC_LOCAL, c0);
    if (c == 10)
      rt_send(h, NOC_LOCAL, a[1]);
    if (c == 11)
      rt_send(h, NOC_LOCAL, a[2]);
    if (c == 30)
      rt_send(h, NOC_LOCAL, a[3]);
    if (c == 6)
      UT_CHECK(t, h->r.ivc[NOC_LOCAL][0].state == NOC_WAITING, "C waits in cycle 6");
    if (c == 7)
      UT_CHECK(t,
               h->r.ivc[NOC_LOCAL][0].state == NOC_WAITING && h->r.busy[NOC_EAST][0] &&
                   !h->r.busy[NOC_EAST][1],
               "C waits in cycle 7, east VC 1 free");
    if (c == 20)
      UT_CHECK(t, h->r.busy[NOC_EAST][0] && h->r.ivc[NOC_LOCAL][1].state == NOC_ACTIVE,
               "A holds east VC 0 between its flits");
    rt_step(h);
  }
  ev_t ev[] = {{5, NOC_EAST, with_vc(&p, a[0], 0)},  {7, NOC_EAST, with_vc(&p, b[0], 1)},
               {8, NOC_EAST, with_vc(&p, b[1], 1)},  {10, NOC_EAST, with_vc(&p, c0, 1)},
               {13, NOC_EAST, with_vc(&p, a[1], 0)}, {14, NOC_EAST, with_vc(&p, a[2], 0)},
               {33, NOC_EAST, with_vc(&p, a[3], 0)}};
  check_outs(t, h, ev, sizeof ev / sizeof ev[0]);
  UT_CHECK(t, !h->r.busy[NOC_EAST][0] && !h->r.busy[NOC_EAST][1], "all free at the end");
  UT_EQ(t, h->r.credits[NOC_EAST][0], 12, "4 credits of VC 0 used");
  UT_EQ(t, h->r.credits[NOC_EAST][1], 13, "3 credits of VC 1 used");
  UT_EQ(t, err_sum(&h->o[39]), 0, "no error");
  free(h);
}

/* Wormhole, same output VC: V 2, NCLS 2 (class 0 owns VC 0 only). A (local, 4 flits, tail in
 * cycle 30) holds east VC 0; B (west, 2 flits from cycle 2) waits for it until A's tail left. */
static void t_wormhole_wait(ut_t *t) {
  noc_params_t p = params_v(2, 2, 16);
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t a[4] = {mkflit(&p, 1, 0, 0, 0, 3, 0, 0xa0), mkflit(&p, 0, 0, 0, 0, 0, 0, 0xa1),
                   mkflit(&p, 0, 0, 0, 0, 0, 0, 0xa2), mkflit(&p, 0, 1, 0, 0, 0, 0, 0xa3)};
  uint64_t b[2] = {mkflit(&p, 1, 0, 0, 0, 2, 1, 0xb0), mkflit(&p, 0, 1, 0, 0, 0, 0, 0xb1)};
  for (unsigned c = 0; c < 45; c++) {
    if (c == 0)
      rt_send(h, NOC_LOCAL, a[0]);
    if (c == 2)
      rt_send(h, NOC_WEST, b[0]);
    if (c == 3)
      rt_send(h, NOC_WEST, b[1]);
    if (c == 10)
      rt_send(h, NOC_LOCAL, a[1]);
    if (c == 11)
      rt_send(h, NOC_LOCAL, a[2]);
    if (c == 30)
      rt_send(h, NOC_LOCAL, a[3]);
    if (c >= 4 && c <= 32)
      UT_CHECK(t, h->r.ivc[NOC_WEST][0].state == NOC_WAITING, "B waits in cycle %u", c);
    rt_step(h);
  }
  ev_t ev[] = {{5, NOC_EAST, a[0]},  {13, NOC_EAST, a[1]}, {14, NOC_EAST, a[2]},
               {33, NOC_EAST, a[3]}, {35, NOC_EAST, b[0]}, {36, NOC_EAST, b[1]}};
  check_outs(t, h, ev, sizeof ev / sizeof ev[0]);
  free(h);
}

/* Two inputs stream to one output: VA's arbiter of east VC 0 grants local (index 0) first, west
 * gets east VC 1 a cycle later; SA's output arbiter then alternates local, west, local, ... */
static void t_round_robin(ut_t *t) {
  noc_params_t p = noc_default_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t l[4], w[4];
  for (unsigned i = 0; i < 4; i++) {
    l[i] = mkflit(&p, i == 0, i == 3, 0, 0, 3, 1, 0x100 + i);
    w[i] = mkflit(&p, i == 0, i == 3, 0, 0, 2, 1, 0x200 + i);
  }
  for (unsigned c = 0; c < 20; c++) {
    if (c < 4) {
      rt_send(h, NOC_LOCAL, l[c]);
      rt_send(h, NOC_WEST, w[c]);
    }
    rt_step(h);
  }
  ev_t ev[8];
  for (unsigned i = 0; i < 4; i++) {
    ev[2 * i] = (ev_t){5 + 2 * i, NOC_EAST, with_vc(&p, l[i], 0)};
    ev[2 * i + 1] = (ev_t){6 + 2 * i, NOC_EAST, with_vc(&p, w[i], 1)};
  }
  check_outs(t, h, ev, 8);
  UT_EQ(t, h->r.va_ptr[NOC_EAST][0], 1, "VA pointer of east VC 0 past local VC 0");
  UT_EQ(t, h->r.va_ptr[NOC_EAST][1], 17, "VA pointer of east VC 1 past west VC 0");
  UT_EQ(t, h->r.sa_out_ptr[NOC_EAST], 0, "SA pointer of east past west");
  free(h);
}

/* SA's input arbiter moves its pointer only when its pick wins stage 2. Local VC 0 (l, 6 flits
 * to east) and VC 1 (m, 6 flits to north) alternate on the local link from cycle 0; west VC 0
 * (w, 6 flits to east) from cycle 2. SA 4: local picks VC 1 (pointer 1) and wins north (pointer
 * 2); SA 5: local picks VC 0 and loses east to west (east's pointer 1 after local won in SA 3),
 * so its pointer stays 2 and SA 6 picks VC 0 again (a pointer moved by the lost pick would pick
 * VC 1). */
static void t_sa_input_ptr(ut_t *t) {
  noc_params_t p = noc_default_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t l[6], m[6], w[6];
  for (unsigned i = 0; i < 6; i++) {
    l[i] = mkflit(&p, i == 0, i == 5, 0, 0, 3, 1, 0x100 + i);
    m[i] = mkflit(&p, i == 0, i == 5, 1, 0, 1, 3, 0x200 + i);
    w[i] = mkflit(&p, i == 0, i == 5, 0, 0, 2, 1, 0x300 + i);
  }
  for (unsigned c = 0; c < 22; c++) {
    if (c < 12)
      rt_send(h, NOC_LOCAL, c & 1 ? m[c / 2] : l[c / 2]);
    if (c >= 2 && c < 8)
      rt_send(h, NOC_WEST, w[c - 2]);
    if (c == 6)
      UT_EQ(t, h->r.sa_in_ptr[NOC_LOCAL], 2, "local pointer kept after the lost pick");
    rt_step(h);
  }
  ev_t ev[18];
  unsigned n = 0;
  ev[n++] = (ev_t){5, NOC_EAST, l[0]};
  ev[n++] = (ev_t){6, NOC_NORTH, with_vc(&p, m[0], 0)};
  ev[n++] = (ev_t){7, NOC_EAST, with_vc(&p, w[0], 1)};
  for (unsigned i = 1; i < 6; i++) {
    ev[n++] = (ev_t){6 + 2 * i, NOC_EAST, l[i]};
    ev[n++] = (ev_t){7 + 2 * i, NOC_EAST, with_vc(&p, w[i], 1)};
    ev[n++] = (ev_t){7 + 2 * i, NOC_NORTH, with_vc(&p, m[i], 0)};
  }
  check_outs(t, h, ev, n);
  free(h);
}

/* Credits stop a VC: D 4, an 8-flit packet from local VC 0 to east, the injector following
 * cr_out; nothing returns on east, so 4 flits leave and the rest wait. One credit in cycle 40
 * lets one flit leave in cycle 43; then every flit's credit comes back. */
static void t_credits(ut_t *t) {
  noc_params_t p = params_v(4, 2, 4);
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t f[8];
  for (unsigned i = 0; i < 8; i++)
    f[i] = mkflit(&p, i == 0, i == 7, 0, 0, 2, 1, 0x300 + i);
  unsigned sent = 0, inj_cr = 4, got = 0;
  for (unsigned c = 0; c < 120; c++) {
    noc_rout_t o;
    noc_router_comb(&h->r, &o);
    inj_cr += o.cr_out[NOC_LOCAL] & 1u;
    UT_CHECK(t, inj_cr <= 4, "injector credits above D");
    if (sent < 8 && inj_cr > 0) {
      rt_send(h, NOC_LOCAL, f[sent++]);
      inj_cr--;
    }
    for (unsigned q = 0; q < NOC_P; q++)
      UT_CHECK(t, !o.out_valid[q] || q == NOC_EAST, "cycle %u: out on port %u", c, q);
    if (o.out_valid[NOC_EAST]) {
      UT_EQ(t, o.out_flit[NOC_EAST], f[got], "flit in order");
      got++;
      if (c < 40)
        UT_CHECK(t, got <= 4, "cycle %u: flit %u left without credit", c, got);
      else if (c < 60)
        UT_CHECK(t, c == 43 && got == 5, "cycle %u: flit %u, want only the 5th in 43", c, got);
    }
    if (c == 39) {
      UT_EQ(t, got, 4, "4 flits before any credit");
      UT_EQ(t, h->r.credits[NOC_EAST][0], 0, "no credit left");
      UT_CHECK(t, h->r.ivc[NOC_LOCAL][0].state == NOC_ACTIVE && h->r.ivc[NOC_LOCAL][0].cnt == 4,
               "the rest buffered (4 flits)");
    }
    if (c == 40)
      h->in.cr_in[NOC_EAST] = 1;
    if (c == 41)
      UT_EQ(t, h->r.credits[NOC_EAST][0], 1, "the credit counted");
    if (c >= 60 && c < 67) /* return the other 7 credits, one a cycle */
      h->in.cr_in[NOC_EAST] = 1;
    rt_step(h);
  }
  UT_EQ(t, got, 8, "all 8 flits");
  UT_EQ(t, h->r.credits[NOC_EAST][0], 4, "credits back to D");
  UT_CHECK(t, !h->r.busy[NOC_EAST][0] && h->r.ivc[NOC_LOCAL][0].state == NOC_IDLE, "idle");
  UT_EQ(t, err_sum(&h->o[119]), 0, "no error");
  UT_EQ(t, inj_cr, 4, "injector credits back");
  free(h);
}

/* ------------------------------------------------------------------ errors */

/* OVERFLOW: D 2; local VC 0 and west VC 0 each get head, body, body, body, tail in cycles
 * 0 .. 4: the bodies of cycles 2 (FIFO full) and 3 (full although SA pops the head) are
 * dropped, on both ports at once (counter +2 a cycle); head, body and tail go through (the
 * outputs' two credits are returned in cycles 4 and 5). */
static void t_err_overflow(ut_t *t) {
  noc_params_t p = params_v(4, 2, 2);
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t l[5], w[5];
  for (unsigned i = 0; i < 5; i++) {
    l[i] = mkflit(&p, i == 0, i == 4, 0, 0, 2, 1, 0x400 + i);
    w[i] = mkflit(&p, i == 0, i == 4, 0, 0, 1, 2, 0x500 + i);
  }
  for (unsigned c = 0; c < 20; c++) {
    if (c < 5) {
      rt_send(h, NOC_LOCAL, l[c]);
      rt_send(h, NOC_WEST, w[c]);
    }
    if (c == 4 || c == 5) /* D 2: two credits back, so the tail can follow */
      h->in.cr_in[NOC_EAST] = h->in.cr_in[NOC_NORTH] = 1;
    rt_step(h);
  }
  UT_EQ(t, h->o[2].err[NOC_ERR_OVERFLOW], 0, "cycle 2");
  UT_EQ(t, h->o[3].err[NOC_ERR_OVERFLOW], 2, "cycle 3: two ports at once");
  UT_EQ(t, h->o[4].err[NOC_ERR_OVERFLOW], 4, "cycle 4: full whatever the cycle pops");
  UT_EQ(t, h->o[19].err[NOC_ERR_OVERFLOW], 4, "no more");
  UT_EQ(t, err_sum(&h->o[19]), 4, "no other error");
  ev_t ev[] = {{5, NOC_EAST, l[0]},  {6, NOC_EAST, l[1]},  {7, NOC_EAST, l[4]},
               {5, NOC_NORTH, w[0]}, {6, NOC_NORTH, w[1]}, {7, NOC_NORTH, w[4]}};
  check_outs(t, h, ev, 6);
  free(h);
}

/* Drain check: a 3-flit packet sent in cycles 0 .. 2 on local VC `vc` is an error of kind k
 * at RC (cycle 1, counted in 2), drained in cycles 2, 3, 4 (cr_out in 3, 4, 5), never leaves;
 * a good packet on the same VC in cycle 10 then leaves in cycle 15 (LOWLAT 1: 13, its credit
 * back in 12 instead of 14). */
static void drain_case(ut_t *t, const noc_params_t *p, unsigned x, unsigned y, unsigned in,
                       unsigned vc, unsigned cls, unsigned dx, unsigned dy, unsigned k,
                       unsigned gcls, unsigned gdx, unsigned gdy, unsigned gout) {
  rt_t *h = rt_new(p, x, y);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t f[3];
  for (unsigned i = 0; i < 3; i++)
    f[i] = mkflit(p, i == 0, i == 2, vc, cls, dx, dy, 0x600 + i);
  uint64_t g = mkflit(p, 1, 1, vc, gcls, gdx, gdy, 0x700);
  for (unsigned c = 0; c < 25; c++) {
    if (c < 3)
      rt_send(h, in, f[c]);
    if (c == 10)
      rt_send(h, in, g);
    if (c == 2)
      UT_CHECK(t, h->r.ivc[in][vc].state == NOC_ACTIVE && h->r.ivc[in][vc].route == NOC_DRAIN,
               "draining in cycle 2");
    if (c == 5)
      UT_CHECK(t, h->r.ivc[in][vc].state == NOC_IDLE && h->r.ivc[in][vc].cnt == 0,
               "idle again in cycle 5");
    rt_step(h);
  }
  UT_EQ(t, h->o[1].err[k], 0, "not counted in cycle 1");
  UT_EQ(t, h->o[2].err[k], 1, "counted in cycle 2");
  UT_EQ(t, err_sum(&h->o[24]), 1, "one error in all");
  const unsigned gl = p->lowlat ? 3 : 5; /* cycles a router */
  ev_t ev = {10 + gl, gout, with_vc(p, g, gcls * (p->v / p->ncls))};
  check_outs(t, h, &ev, 1);
  if (t->failed) {
    free(h);
    return;
  }
  const unsigned cr[] = {3, 4, 5, 10 + gl - 1};
  check_cr(t, h, in, vc, cr, 4);
  for (unsigned o = 0; o < NOC_P; o++)
    for (unsigned w = 0; w < p->v; w++)
      UT_CHECK(t, h->r.credits[o][w] == p->d - (o == gout && w == gcls * (p->v / p->ncls)),
               "credits of (%u, %u): drained flits use none", o, w);
  free(h);
}

static void t_err_vc(ut_t *t) {
  /* at BW: vc >= V (V 3, VCW 2): dropped, nothing stored, no credit back */
  noc_params_t p3 = params_v(3, 1, 4);
  rt_t *h = rt_new(&p3, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  rt_send(h, NOC_LOCAL, mkflit(&p3, 1, 1, 3, 0, 2, 1, 0x55));
  rt_send(h, NOC_EAST, mkflit(&p3, 1, 1, 3, 0, 0, 1, 0x56));
  rt_step(h);
  for (unsigned q = 0; q < NOC_P; q++)
    for (unsigned v = 0; v < 3; v++)
      UT_CHECK(t, h->r.ivc[q][v].cnt == 0, "dropped");
  rt_send(h, NOC_LOCAL, mkflit(&p3, 1, 1, 3, 0, 2, 1, 0x57));
  rt_run_to(h, 12);
  UT_EQ(t, h->o[1].err[NOC_ERR_VC], 2, "two at once");
  UT_EQ(t, h->o[2].err[NOC_ERR_VC], 3, "third");
  UT_EQ(t, err_sum(&h->o[11]), 3, "nothing else");
  check_outs(t, h, NULL, 0);
  check_cr(t, h, 0, 0, NULL, 0);
  free(h);
  if (t->failed)
    return;
  /* at RC: cls >= NCLS (V 6, NCLS 3, CW 2, cls 3): drained */
  noc_params_t p6 = params_v(6, 3, 8);
  drain_case(t, &p6, 1, 1, NOC_LOCAL, 1, 3, 2, 1, NOC_ERR_VC, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  /* at RC: vc outside its class's set (class 1 = VCs 2, 3; vc 0): drained */
  noc_params_t p = noc_default_params();
  drain_case(t, &p, 1, 1, NOC_WEST, 0, 1, 2, 1, NOC_ERR_VC, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  drain_case(t, &p, 1, 1, NOC_LOCAL, 3, 0, 2, 1, NOC_ERR_VC, 1, 1, 0, NOC_SOUTH);
}

static void t_err_route(ut_t *t) {
  noc_params_t p = noc_default_params();
  p.xs = p.ys = 3;
  /* off the mesh */
  drain_case(t, &p, 1, 1, NOC_LOCAL, 0, 0, 3, 1, NOC_ERR_ROUTE, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  drain_case(t, &p, 1, 1, NOC_LOCAL, 2, 1, 0, 3, NOC_ERR_ROUTE, 1, 0, 1, NOC_WEST);
  if (t->failed)
    return;
  /* moved away: from north with dy > 0, from west with dx < 0 */
  drain_case(t, &p, 1, 1, NOC_NORTH, 1, 0, 1, 2, NOC_ERR_ROUTE, 0, 1, 0, NOC_SOUTH);
  if (t->failed)
    return;
  drain_case(t, &p, 1, 1, NOC_WEST, 1, 0, 0, 1, NOC_ERR_ROUTE, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  /* XY: Y back to X */
  drain_case(t, &p, 1, 1, NOC_SOUTH, 3, 1, 2, 2, NOC_ERR_ROUTE, 1, 1, 2, NOC_NORTH);
  if (t->failed)
    return;
  /* west-first: a turn into west */
  p.routing = NOC_WEST_FIRST;
  drain_case(t, &p, 1, 1, NOC_SOUTH, 0, 0, 0, 2, NOC_ERR_ROUTE, 0, 2, 2, NOC_EAST);
}

/* NOHEAD: a body and a tail without a head are each popped at RC (no route, no output); the
 * same cycles with LOWLAT 1. */
static void nohead_case(ut_t *t, unsigned lowlat) {
  noc_params_t p = noc_default_params();
  p.lowlat = lowlat;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  rt_send(h, NOC_EAST, mkflit(&p, 0, 0, 2, 1, 0, 1, 0x10));
  rt_step(h);
  rt_send(h, NOC_EAST, mkflit(&p, 0, 1, 2, 1, 0, 1, 0x11));
  rt_step(h);
  UT_CHECK(t, h->r.ivc[NOC_EAST][2].state == NOC_ROUTING && h->r.ivc[NOC_EAST][2].cnt == 1,
           "the body popped, the tail routing in cycle 2");
  rt_run_to(h, 10);
  UT_EQ(t, h->o[1].err[NOC_ERR_NOHEAD], 0, "cycle 1");
  UT_EQ(t, h->o[2].err[NOC_ERR_NOHEAD], 1, "cycle 2");
  UT_EQ(t, h->o[3].err[NOC_ERR_NOHEAD], 2, "cycle 3");
  UT_EQ(t, err_sum(&h->o[9]), 2, "nothing else");
  UT_CHECK(t, h->r.ivc[NOC_EAST][2].state == NOC_IDLE && h->r.ivc[NOC_EAST][2].cnt == 0, "idle");
  check_outs(t, h, NULL, 0);
  static const unsigned cr[] = {2, 3};
  check_cr(t, h, NOC_EAST, 2, cr, 2);
  free(h);
}

static void t_err_nohead(ut_t *t) { nohead_case(t, 0); }

/* CREDIT: a credit back on a counter at D; several at once add up; a credit with an SA pop of
 * the same cycle on a full counter is no error. */
static void t_err_credit(ut_t *t) {
  noc_params_t p = noc_default_params();
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  h->in.cr_in[NOC_EAST] = 1;
  rt_step(h);
  UT_EQ(t, h->r.credits[NOC_EAST][0], 16, "stays D");
  for (unsigned o = 0; o < NOC_P; o++)
    h->in.cr_in[o] = 0xf;
  rt_step(h);
  /* a one-flit packet to east VC 0, popped by SA in cycle 5, a credit in the same cycle */
  rt_send(h, NOC_LOCAL, mkflit(&p, 1, 1, 0, 0, 2, 1, 1));
  rt_run_to(h, 5);
  h->in.cr_in[NOC_EAST] = 1;
  rt_step(h);
  UT_EQ(t, h->r.credits[NOC_EAST][0], 16, "pop and credit: D");
  h->in.cr_in[NOC_EAST] = 0x10; /* bit above V: no VC, ignored */
  rt_run_to(h, 10);
  UT_EQ(t, h->o[1].err[NOC_ERR_CREDIT], 1, "one");
  UT_EQ(t, h->o[2].err[NOC_ERR_CREDIT], 21, "twenty at once");
  UT_EQ(t, h->o[9].err[NOC_ERR_CREDIT], 21, "no more");
  UT_EQ(t, err_sum(&h->o[9]), 21, "nothing else");
  ev_t ev = {7, NOC_EAST, mkflit(&p, 1, 1, 0, 0, 2, 1, 1)};
  check_outs(t, h, &ev, 1);
  free(h);
}

/* Saturation at 2^EW - 1: EW 1, 2, 16 and 32 (the last two from a preset counter). */
static void t_err_saturate(ut_t *t) {
  static const unsigned ews[] = {1, 2, 5, 16, 32};
  for (unsigned i = 0; i < sizeof ews / sizeof ews[0]; i++) {
    noc_params_t p = noc_default_params();
    p.ew = ews[i];
    uint32_t max = ews[i] == 32 ? 0xffffffffu : (1u << ews[i]) - 1;
    rt_t *h = rt_new(&p, 1, 1);
    UT_CHECK(t, h != NULL, "alloc");
    uint32_t start = max > 40 ? max - 30 : 0;
    for (unsigned k = 0; k < NOC_NERR; k++)
      h->r.o.err[k] = start;
    uint64_t want = start;
    for (unsigned c = 0; c < 4; c++) {
      for (unsigned o = 0; o < NOC_P; o++)
        h->in.cr_in[o] = 0xf;                                 /* 20 CREDIT events a cycle */
      rt_send(h, NOC_LOCAL, mkflit(&p, 1, 1, 0, 1, 0, 0, 0)); /* one VC event a cycle (RC) */
      rt_step(h);
      want += 20;
      noc_rout_t o;
      noc_router_comb(&h->r, &o);
      UT_CHECK(t, o.err[NOC_ERR_CREDIT] == (want > max ? max : want),
               "EW %u cycle %u: CREDIT count %u", ews[i], c, o.err[NOC_ERR_CREDIT]);
      UT_EQ(t, o.err[NOC_ERR_OVERFLOW], start, "others unchanged");
    }
    rt_run_to(h, 12);
    noc_rout_t o;
    noc_router_comb(&h->r, &o);
    uint64_t vcw = (uint64_t)start + 4;
    UT_CHECK(t, o.err[NOC_ERR_VC] == (vcw > max ? max : vcw), "EW %u: VC count", ews[i]);
    free(h);
  }
}

/* ------------------------------------------------------------------ LOWLAT = 1 */

static noc_params_t params_ll(unsigned routing) {
  noc_params_t p = noc_default_params();
  p.routing = routing;
  p.lowlat = 1;
  return p;
}

/* Three cycles a router, every input to every output it may legally reach (XY and west-first):
 * a 3-flit packet on input `in` VC 3 (class 1) sent in cycles 0, 1, 2 is written and routed at
 * the edge of 0, allocated and popped (speculative SA) in 1, and leaves with vc 2 in cycles 3,
 * 4, 5; its credits go back in cycles 2, 3, 4. */
static void ll_single_case(ut_t *t, unsigned routing, unsigned in, unsigned dx, unsigned dy,
                           unsigned out) {
  noc_params_t p = params_ll(routing);
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t f[3];
  for (unsigned i = 0; i < 3; i++)
    f[i] = mkflit(&p, i == 0, i == 2, 3, 1, dx, dy, 0xb0000u + in * 256 + out * 16 + i);
  rt_send(h, in, f[0]);
  rt_step(h);
  const noc_ivc_t *c = &h->r.ivc[in][3];
  UT_CHECK(t, c->cnt == 1 && c->state == NOC_ROUTING, "cycle 1: in the FIFO, ROUTING");
  UT_CHECK(t, c->lroute[c->rd] == out && c->lerr[c->rd] == NOC_RC_OK, "route stored at BW");
  rt_send(h, in, f[1]);
  rt_step(h);
  UT_CHECK(t, c->state == NOC_ACTIVE && c->ovc == 2 && c->route == out && c->cnt == 1,
           "cycle 2: head popped, ACTIVE on VC 2, the body in the FIFO");
  UT_EQ(t, h->r.busy[out][2], 1, "output VC busy");
  UT_CHECK(t, h->r.sa_valid[in] && h->r.sa_out[in] == out, "sa register in cycle 2");
  rt_send(h, in, f[2]);
  rt_run_to(h, 4);
  UT_CHECK(t, c->state == NOC_IDLE && c->cnt == 0, "cycle 4: idle");
  UT_EQ(t, h->r.busy[out][2], 0, "output VC free after the tail");
  UT_EQ(t, h->r.credits[out][2], 13, "three credits used");
  rt_run_to(h, 12);
  ev_t ev[3];
  for (unsigned i = 0; i < 3; i++)
    ev[i] = (ev_t){3 + i, out, with_vc(&p, f[i], 2)};
  check_outs(t, h, ev, 3);
  if (t->failed) {
    free(h);
    return;
  }
  static const unsigned crc[] = {2, 3, 4};
  check_cr(t, h, in, 3, crc, 3);
  for (unsigned k = 0; k < h->cyc; k++)
    UT_CHECK(t, err_sum(&h->o[k]) == 0, "no error");
  free(h);
}

static void t_ll_single(ut_t *t) {
  unsigned cr[NOC_P][NOC_MAX_V], n = 0;
  noc_params_t p = params_ll(NOC_XY);
  for (unsigned k = 0; k < NOC_P; k++)
    for (unsigned w = 0; w < NOC_MAX_V; w++)
      cr[k][w] = p.d;
  for (unsigned routing = 0; routing < 2; routing++) {
    p.routing = routing;
    for (unsigned in = 0; in < NOC_P; in++)
      for (unsigned out = 0; out < NOC_P; out++) {
        int found = 0;
        for (unsigned dst = 0; dst < 16 && !found; dst++)
          if (noc_route(&p, 1, 1, in, 1, dst % 4, dst / 4, cr) == (int)out) {
            found = 1;
            n++;
            ll_single_case(t, routing, in, dst % 4, dst / 4, out);
            if (t->failed) {
              size_t l = strlen(t->reason);
              snprintf(t->reason + l, sizeof t->reason - l, " (routing %u, %u -> %u)", routing, in,
                       out);
              return;
            }
          }
      }
  }
  /* XY: 5 from local, 2 from north and south, 4 from east and west; west-first adds the turns
   * from north and south into east */
  UT_EQ(t, n, 17 + 19, "pairs tried");
}

/* West-first RC at BW reads the credits at the start of the write's cycle, and the head keeps
 * that route however long it waits in the FIFO. params D 4. X (local VC 1, to (2, 1)) takes an
 * east credit in cycle 1. P (local VC 0, 6 flits to (0, 1)) uses the 4 west credits in cycles
 * 2 .. 5; P4 and P5 wait. Head e (local VC 0, to (2, 2)) is written in cycle 8: east has 3 + 4
 * free, north 4 + 4: north is stored. East's credit comes back in cycle 9 (a tie: RC at the
 * front would choose east); west's in 12 and 13 let P4 and P5 leave (pops in 13, 14); e is at
 * the front in 15 and leaves north in 17. */
static void t_ll_wf_rc_at_bw(ut_t *t) {
  noc_params_t p = params_ll(NOC_WEST_FIRST);
  p.d = 4;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t x = mkflit(&p, 1, 1, 1, 0, 2, 1, 0x1), e = mkflit(&p, 1, 1, 0, 0, 2, 2, 0xe), pk[6];
  for (unsigned i = 0; i < 6; i++)
    pk[i] = mkflit(&p, i == 0, i == 5, 0, 0, 0, 1, 0x10 + i);
  for (unsigned c = 0; c < 25; c++) {
    if (c == 0)
      rt_send(h, NOC_LOCAL, x);
    if (c >= 1 && c <= 6)
      rt_send(h, NOC_LOCAL, pk[c - 1]);
    if (c == 8)
      rt_send(h, NOC_LOCAL, e);
    if (c == 9)
      h->in.cr_in[NOC_EAST] = 1;
    if (c == 12 || c == 13)
      h->in.cr_in[NOC_WEST] = 1;
    if (c == 14)
      UT_CHECK(t, h->r.ivc[NOC_LOCAL][0].cnt == 2 && h->r.credits[NOC_EAST][0] == 4,
               "cycle 14: P5 and e buffered, east credits back");
    rt_step(h);
  }
  ev_t ev[8];
  unsigned n = 0;
  ev[n++] = (ev_t){3, NOC_EAST, with_vc(&p, x, 0)};
  for (unsigned i = 0; i < 4; i++)
    ev[n++] = (ev_t){4 + i, NOC_WEST, pk[i]};
  ev[n++] = (ev_t){15, NOC_WEST, pk[4]};
  ev[n++] = (ev_t){16, NOC_WEST, pk[5]};
  ev[n++] = (ev_t){17, NOC_NORTH, e};
  check_outs(t, h, ev, n);
  UT_EQ(t, err_sum(&h->o[24]), 0, "no error");
  free(h);
}

/* Errors with LOWLAT 1: found at BW, counted at step 2 (the cycle after the write, as with
 * LOWLAT 0), the packet drained; a good packet behind it leaves after 3 cycles. */
static void t_ll_errors(ut_t *t) {
  nohead_case(t, 1);
  if (t->failed)
    return;
  /* class errors: cls >= NCLS, and vc outside class cls's set */
  noc_params_t p6 = params_v(6, 3, 8);
  p6.lowlat = 1;
  drain_case(t, &p6, 1, 1, NOC_LOCAL, 1, 3, 2, 1, NOC_ERR_VC, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  noc_params_t p = params_ll(NOC_XY);
  drain_case(t, &p, 1, 1, NOC_WEST, 0, 1, 2, 1, NOC_ERR_VC, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  drain_case(t, &p, 1, 1, NOC_LOCAL, 3, 0, 2, 1, NOC_ERR_VC, 1, 1, 0, NOC_SOUTH);
  if (t->failed)
    return;
  /* misroutes: off the mesh, moved away, Y back to X, a turn into west */
  p.xs = p.ys = 3;
  drain_case(t, &p, 1, 1, NOC_LOCAL, 0, 0, 3, 1, NOC_ERR_ROUTE, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  drain_case(t, &p, 1, 1, NOC_NORTH, 1, 0, 1, 2, NOC_ERR_ROUTE, 0, 1, 0, NOC_SOUTH);
  if (t->failed)
    return;
  drain_case(t, &p, 1, 1, NOC_WEST, 1, 0, 0, 1, NOC_ERR_ROUTE, 0, 2, 1, NOC_EAST);
  if (t->failed)
    return;
  drain_case(t, &p, 1, 1, NOC_SOUTH, 3, 1, 2, 2, NOC_ERR_ROUTE, 1, 1, 2, NOC_NORTH);
  if (t->failed)
    return;
  p.routing = NOC_WEST_FIRST;
  drain_case(t, &p, 1, 1, NOC_SOUTH, 0, 0, 0, 2, NOC_ERR_ROUTE, 0, 2, 2, NOC_EAST);
}

/* Speculative losses, one-flit packets to east, local and west heads written in the same cycle.
 * 1. Cycle 0: a (local VC 0, class 0) and b (west VC 2, class 1): in cycle 1 both win VA (east
 *    VCs 0 and 2); SA gives east to local (pointer 0): a pops, leaves in 3; b is ACTIVE at the
 *    edge, pops by plain SA in 2 and leaves in 4 with vc 2. East's SA pointer ends at 0 (past
 *    west), east VC 0's VA pointer at 1 (past local VC 0).
 * 2. Cycle 10: c (local VC 0) and d (west VC 0), both class 0. Cycle 11: VA of east VC 0
 *    (pointer 1) grants d; SA of east (pointer 0) picks local: c's VA failed, nothing pops, the
 *    cycle is lost for east (no pointer moves), d is ACTIVE. Cycle 12: d's plain request beats
 *    c's speculative one at east although the pointer favours local; c wins VA (east VC 1, VC 0
 *    being d's) and is ACTIVE. d leaves in 14 (vc 0), c in 15 (vc 1). */
static void t_ll_spec_loss(ut_t *t) {
  noc_params_t p = params_ll(NOC_XY);
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t a = mkflit(&p, 1, 1, 0, 0, 2, 1, 0xa), b = mkflit(&p, 1, 1, 2, 1, 3, 1, 0xb);
  uint64_t c = mkflit(&p, 1, 1, 0, 0, 3, 2, 0xc), d = mkflit(&p, 1, 1, 0, 0, 2, 0, 0xd);
  noc_ivc_t *lc = &h->r.ivc[NOC_LOCAL][0], *wd = &h->r.ivc[NOC_WEST][0];
  for (unsigned k = 0; k < 25; k++) {
    if (k == 0) {
      rt_send(h, NOC_LOCAL, a);
      rt_send(h, NOC_WEST, b);
    }
    if (k == 2) {
      UT_CHECK(t, h->r.ivc[NOC_WEST][2].state == NOC_ACTIVE && h->r.ivc[NOC_WEST][2].ovc == 2,
               "cycle 2: b allocated, not popped: ACTIVE");
      UT_CHECK(t, lc->state == NOC_IDLE && !h->r.busy[NOC_EAST][0] && h->r.busy[NOC_EAST][2],
               "cycle 2: a gone, east VC 0 released in its allocation cycle");
    }
    if (k == 3)
      UT_CHECK(t,
               h->r.sa_out_ptr[NOC_EAST] == 0 && h->r.va_ptr[NOC_EAST][0] == 1 &&
                   h->r.va_ptr[NOC_EAST][2] == 19 && h->r.sa_in_ptr[NOC_LOCAL] == 1 &&
                   h->r.sa_in_ptr[NOC_WEST] == 3,
               "cycle 3: pointers");
    if (k == 10) {
      rt_send(h, NOC_LOCAL, c);
      rt_send(h, NOC_WEST, d);
    }
    if (k == 12) {
      UT_CHECK(t, lc->state == NOC_WAITING && lc->cnt == 1, "cycle 12: c still WAITING");
      UT_CHECK(t, wd->state == NOC_ACTIVE && wd->ovc == 0 && wd->cnt == 1,
               "cycle 12: d ACTIVE on east VC 0, not popped");
      UT_CHECK(t, !h->r.sa_valid[NOC_LOCAL] && !h->r.sa_valid[NOC_WEST], "cycle 12: sa empty");
      UT_CHECK(t,
               h->r.sa_out_ptr[NOC_EAST] == 0 && h->r.sa_in_ptr[NOC_LOCAL] == 1 &&
                   h->r.sa_in_ptr[NOC_WEST] == 3 && h->r.va_ptr[NOC_EAST][0] == 17,
               "cycle 12: no SA pointer moved on the loss, VA's did");
      UT_CHECK(t, h->r.credits[NOC_EAST][0] == 15, "cycle 12: no credit used");
    }
    if (k == 13)
      UT_CHECK(t, lc->state == NOC_ACTIVE && lc->ovc == 1 && wd->state == NOC_IDLE,
               "cycle 13: c ACTIVE on east VC 1, d gone");
    rt_step(h);
  }
  ev_t ev[] = {{3, NOC_EAST, a},
               {4, NOC_EAST, with_vc(&p, b, 2)},
               {14, NOC_EAST, d},
               {15, NOC_EAST, with_vc(&p, c, 1)}};
  check_outs(t, h, ev, 4);
  if (t->failed) {
    free(h);
    return;
  }
  for (unsigned k = 0; k < 25; k++) {
    unsigned want[NOC_P] = {0};
    want[NOC_LOCAL] = k == 2 || k == 14 ? 1u : 0;
    want[NOC_WEST] = k == 3 ? 1u << 2 : k == 13 ? 1u : 0;
    for (unsigned q = 0; q < NOC_P; q++)
      UT_CHECK(t, h->o[k].cr_out[q] == want[q], "cycle %u: cr_out[%u] 0x%x, want 0x%x", k, q,
               h->o[k].cr_out[q], want[q]);
    UT_EQ(t, err_sum(&h->o[k]), 0, "no error");
  }
  UT_CHECK(t,
           h->r.credits[NOC_EAST][0] == 14 && h->r.credits[NOC_EAST][1] == 15 &&
               h->r.credits[NOC_EAST][2] == 15,
           "east credits");
  free(h);
}

/* Plain beats speculative at stage 1. params D 4. Local VC 0's 6-flit packet A to east uses
 * the 4 east credits (pops 1 .. 4; the input pointer then at 1); A4 and A5 wait. B (local VC
 * 1, one flit to north) is written in cycle 8 as an east credit returns: in cycle 9 VC 0's
 * plain request wins the input stage although the pointer favours VC 1 (A4 pops, leaves in
 * 11); B wins VA (north VC 0) without popping, is ACTIVE, and pops in 10 (leaves in 12). */
static void t_ll_plain_first(ut_t *t) {
  noc_params_t p = params_ll(NOC_XY);
  p.d = 4;
  rt_t *h = rt_new(&p, 1, 1);
  UT_CHECK(t, h != NULL, "alloc");
  uint64_t a[6], b = mkflit(&p, 1, 1, 1, 0, 1, 3, 0xb);
  for (unsigned i = 0; i < 6; i++)
    a[i] = mkflit(&p, i == 0, i == 5, 0, 0, 3, 1, 0xa0 + i);
  for (unsigned c = 0; c < 20; c++) {
    if (c < 6)
      rt_send(h, NOC_LOCAL, a[c]);
    if (c == 8) {
      rt_send(h, NOC_LOCAL, b);
      h->in.cr_in[NOC_EAST] = 1;
    }
    if (c == 9)
      UT_CHECK(t,
               h->r.sa_in_ptr[NOC_LOCAL] == 1 && h->r.ivc[NOC_LOCAL][0].cnt == 2 &&
                   h->r.credits[NOC_EAST][0] == 1 && h->r.ivc[NOC_LOCAL][1].state == NOC_ROUTING,
               "cycle 9: the pointer at VC 1, A4 and A5 buffered, one east credit, B routing");
    if (c == 10)
      UT_CHECK(t,
               h->r.ivc[NOC_LOCAL][1].state == NOC_ACTIVE && h->r.ivc[NOC_LOCAL][1].ovc == 0 &&
                   h->r.ivc[NOC_LOCAL][1].cnt == 1 && h->r.sa_in_ptr[NOC_LOCAL] == 1,
               "cycle 10: B allocated, not popped; the pointer past VC 0");
    rt_step(h);
  }
  ev_t ev[6];
  unsigned n = 0;
  for (unsigned i = 0; i < 4; i++)
    ev[n++] = (ev_t){3 + i, NOC_EAST, a[i]};
  ev[n++] = (ev_t){11, NOC_EAST, a[4]};
  ev[n++] = (ev_t){12, NOC_NORTH, with_vc(&p, b, 0)};
  check_outs(t, h, ev, n);
  UT_EQ(t, h->r.ivc[NOC_LOCAL][0].cnt, 1, "A5 waits for a credit");
  UT_EQ(t, err_sum(&h->o[19]), 0, "no error");
  free(h);
}

UT_SUITE(noc_router_model) {
  ut_run(s, "noc_router_model params and widths", t_params);
  ut_run(s, "noc_router_model flit pack/unpack", t_flit);
  ut_run(s, "noc_router_model route XY", t_route_xy);
  ut_run(s, "noc_router_model route west-first", t_route_wf);
  ut_run(s, "noc_router_model route TORUS, VC halves", t_route_torus);
  ut_run(s, "noc_router_model TORUS: the VC half of each hop", t_torus_vc);
  ut_run(s, "noc_router_model single flit, 5 cycles", t_single);
  ut_run(s, "noc_router_model west-first RC on start-of-cycle credits", t_wf_rc);
  ut_run(s, "noc_router_model wormhole, lowest free VC", t_wormhole_lowest);
  ut_run(s, "noc_router_model wormhole, same VC waits", t_wormhole_wait);
  ut_run(s, "noc_router_model round-robin VA and SA", t_round_robin);
  ut_run(s, "noc_router_model SA input pointer only on a win", t_sa_input_ptr);
  ut_run(s, "noc_router_model credits stop a VC", t_credits);
  ut_run(s, "noc_router_model error OVERFLOW", t_err_overflow);
  ut_run(s, "noc_router_model error VC", t_err_vc);
  ut_run(s, "noc_router_model error ROUTE (drained)", t_err_route);
  ut_run(s, "noc_router_model error NOHEAD", t_err_nohead);
  ut_run(s, "noc_router_model error CREDIT", t_err_credit);
  ut_run(s, "noc_router_model error saturation", t_err_saturate);
  ut_run(s, "noc_router_model LOWLAT 1: 3 cycles, every input to every output", t_ll_single);
  ut_run(s, "noc_router_model LOWLAT 1: west-first route fixed at BW", t_ll_wf_rc_at_bw);
  ut_run(s, "noc_router_model LOWLAT 1: NOHEAD, class error, misroute", t_ll_errors);
  ut_run(s, "noc_router_model LOWLAT 1: speculative losses, plain first at stage 2",
         t_ll_spec_loss);
  ut_run(s, "noc_router_model LOWLAT 1: plain first at stage 1", t_ll_plain_first);
}
