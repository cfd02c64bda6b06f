/*
 * gen_noc.c - cases of block "noc": <top>_random for every @vectors noc_router top of
 * tb/noc/tops.txt, from noc_router_model (record = inputs, the outputs of the cycle, then the
 * edge). Five neighbours send legal packets of 1 .. 6 flits within their credits, five sinks
 * return credits at random; phases of load make buffers fill, credits run out and drain.
 */
#include <string.h>

#include "bits.h"
#include "gen.h"
#include "noc_router_model.h"

static int router_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  /* the top's parameters in tops.txt order: XS YS V D PW NCLS ROUTING EW */
  noc_params_t pp = noc_default_params();
  pp.xs = (unsigned)p[0];
  pp.ys = (unsigned)p[1];
  pp.v = (unsigned)p[2];
  pp.d = (unsigned)p[3];
  pp.pw = (unsigned)p[4];
  pp.ncls = (unsigned)p[5];
  pp.routing = (unsigned)p[6];
  pp.ew = (unsigned)p[7];
  static noc_router_t m;
  if (noc_router_init(&m, &pp))
    return gen_fail(ctx, "%s: parameters out of range (docs/noc/noc_router.md)", top->name);
  noc_widths_t wd = noc_widths(&pp);
  gen_case_t c;
  if (gen_case_begin(&c, ctx, "noc", top, "random"))
    return -1;
  gen_case_field(&c, VEC_IN, "my_x", wd.xw);
  gen_case_field(&c, VEC_IN, "my_y", wd.yw);
  gen_case_field(&c, VEC_IN, "in_valid", NOC_P);
  gen_case_field(&c, VEC_IN, "in_flit", NOC_P * wd.fw);
  gen_case_field(&c, VEC_IN, "cr_in", NOC_P * pp.v);
  gen_case_field(&c, VEC_OUT, "out_valid", NOC_P);
  gen_case_field(&c, VEC_OUT, "out_flit", NOC_P * wd.fw);
  gen_case_field(&c, VEC_OUT, "cr_out", NOC_P * pp.v);
  gen_case_field(&c, VEC_OUT, "err_count", NOC_P * pp.ew);
  const unsigned x = pp.xs / 2, y = pp.ys / 2, vpc = pp.v / pp.ncls;
  unsigned credits[NOC_P][NOC_MAX_V], held[NOC_P][NOC_MAX_V];
  static const unsigned zero[NOC_P][NOC_MAX_V];
  unsigned sending[NOC_P] = {0}, vc[NOC_P] = {0}, k[NOC_P] = {0}, len[NOC_P] = {0};
  unsigned cls[NOC_P] = {0}, dx[NOC_P] = {0}, dy[NOC_P] = {0};
  memset(held, 0, sizeof held);
  for (unsigned i = 0; i < NOC_P; i++)
    for (unsigned v = 0; v < pp.v; v++)
      credits[i][v] = pp.d;
  double p_send = 0.5, p_sink = 0.5;
  unsigned moved = 0;
  for (int cyc = 0; cyc < 1500; cyc++) {
    if (cyc % 250 == 0) {
      p_send = 0.2 + 0.8 * prng_double(&c.rng);
      p_sink = 0.1 + 0.9 * prng_double(&c.rng);
    }
    noc_rout_t o;
    noc_router_comb(&m, &o);
    noc_rin_t in;
    memset(&in, 0, sizeof in);
    in.my_x = x;
    in.my_y = y;
    for (unsigned i = 0; i < NOC_P; i++) {
      if (o.out_valid[i]) {
        held[i][noc_flit_unpack(&pp, o.out_flit[i]).vc]++;
        moved++;
      }
      unsigned v = (unsigned)prng_below(&c.rng, pp.v);
      if (held[i][v] && prng_bernoulli(&c.rng, p_sink)) {
        held[i][v]--;
        in.cr_in[i] = 1u << v;
      }
      for (unsigned w = 0; w < pp.v; w++)
        credits[i][w] += o.cr_out[i] >> w & 1u;
      if (!sending[i] && prng_bernoulli(&c.rng, p_send)) {
        cls[i] = (unsigned)prng_below(&c.rng, pp.ncls);
        vc[i] = cls[i] * vpc + (unsigned)prng_below(&c.rng, vpc);
        len[i] = 1 + (unsigned)prng_below(&c.rng, 6);
        k[i] = 0;
        do { /* a destination the route computation accepts from this port */
          dx[i] = (unsigned)prng_below(&c.rng, pp.xs);
          dy[i] = (unsigned)prng_below(&c.rng, pp.ys);
        } while (noc_route(&pp, x, y, i, cls[i], dx[i], dy[i], zero) < 0);
        sending[i] = 1;
      }
      if (sending[i] && credits[i][vc[i]] && prng_bernoulli(&c.rng, 0.9)) {
        noc_flit_t f = {k[i] == 0, k[i] + 1 == len[i], vc[i], cls[i], dx[i],
                        dy[i],     prng_u32(&c.rng)};
        in.in_valid[i] = 1;
        in.in_flit[i] = noc_flit_pack(&pp, &f);
        credits[i][vc[i]]--;
        if (++k[i] == len[i])
          sending[i] = 0;
      }
    }
    uint32_t w_in[8] = {0}, w_out[8] = {0}, w_cr[3] = {0}, w_ocr[3] = {0}, w_err[8] = {0};
    unsigned iv = 0, ov = 0;
    for (unsigned i = 0; i < NOC_P; i++) {
      iv |= in.in_valid[i] << i;
      ov |= o.out_valid[i] << i;
      bits_put_field(w_in, i * wd.fw, wd.fw, in.in_valid[i] ? in.in_flit[i] : 0);
      bits_put_field(w_out, i * wd.fw, wd.fw, o.out_flit[i]);
      bits_put_field(w_cr, i * pp.v, pp.v, in.cr_in[i]);
      bits_put_field(w_ocr, i * pp.v, pp.v, o.cr_out[i]);
    }
    for (unsigned e = 0; e < NOC_NERR; e++)
      bits_put_field(w_err, e * pp.ew, pp.ew, o.err[e]);
    gen_case_row(&c);
    gen_case_set(&c, VEC_IN, 0, x);
    gen_case_set(&c, VEC_IN, 1, y);
    gen_case_set(&c, VEC_IN, 2, iv);
    gen_case_set_words(&c, VEC_IN, 3, w_in);
    gen_case_set_words(&c, VEC_IN, 4, w_cr);
    gen_case_set(&c, VEC_OUT, 0, ov);
    gen_case_set_words(&c, VEC_OUT, 1, w_out);
    gen_case_set_words(&c, VEC_OUT, 2, w_ocr);
    gen_case_set_words(&c, VEC_OUT, 3, w_err);
    noc_router_clock(&m, &in);
  }
  if (moved < 1000)
    c.bad = 1; /* too little traffic to pin anything */
  return gen_case_end(&c);
}

static const gen_module_t modules[] = {
    {"noc_router",
     {"XS", "YS", "V", "D", "PW", "NCLS", "ROUTING", "EW", NULL},
     {4, 4, 4, 16, 32, 2, 0, 16},
     router_random,
     NULL,
     NULL},
};

static int noc_write(gen_ctx_t *ctx) {
  return gen_write_tops(ctx, modules, sizeof modules / sizeof modules[0]);
}

GEN_BLOCK(noc, noc_write)
