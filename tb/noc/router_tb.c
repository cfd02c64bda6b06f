/*
 * router_tb.c - see router_tb.h.
 */
#include "router_tb.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"

/* A neighbour on input port p: packets of 1 .. 6 flits, one at a time, within its credits. */
typedef struct {
  unsigned credits[NOC_MAX_V];
  unsigned sending, vc, k, len, cls, dx, dy;
  unsigned want_ovf; /* an overflow chosen while no buffer was full */
  uint32_t tag;
} nbr_t;

/* A legal destination for a head of class cls arriving on input p at (x, y): one the route
 * computation accepts (docs/noc/noc_router.md "Routing"). */
static void legal_dst(const noc_params_t *pp, unsigned x, unsigned y, unsigned p, unsigned cls,
                      prng_t *r, unsigned *dx, unsigned *dy) {
  static const unsigned zero[NOC_P][NOC_MAX_V];
  do {
    *dx = (unsigned)prng_below(r, pp->xs);
    *dy = (unsigned)prng_below(r, pp->ys);
  } while (noc_route(pp, x, y, p, cls, *dx, *dy, zero) < 0);
}

void router_run(const router_top_t *rt, unsigned cycles, double p_err, prng_t *r,
                router_stats_t *st) {
  const noc_params_t *pp = &rt->p;
  noc_widths_t wd = noc_widths(pp);
  noc_router_t *m = calloc(1, sizeof *m);
  CHECK(m && noc_router_init(m, pp) == 0, "model of %s", rt->top);
  dut_t *d = dut_open(rt->top);
  port_t my_x = dut_port(d, "my_x"), my_y = dut_port(d, "my_y"), in_valid = dut_port(d, "in_valid"),
         in_flit = dut_port(d, "in_flit"), cr_in = dut_port(d, "cr_in"),
         out_valid = dut_port(d, "out_valid"), out_flit = dut_port(d, "out_flit"),
         cr_out = dut_port(d, "cr_out"), err_count = dut_port(d, "err_count");
  CHECK_EQ(dut_width(d, in_flit), NOC_P * wd.fw, "in_flit width (the model's FW)");
  dut_set_u64(d, my_x, rt->x);
  dut_set_u64(d, my_y, rt->y);
  dut_reset(d, 2);
  nbr_t nb[NOC_P];
  unsigned held[NOC_P][NOC_MAX_V]; /* flits a sink holds, per output VC */
  memset(nb, 0, sizeof nb);
  memset(held, 0, sizeof held);
  for (unsigned p = 0; p < NOC_P; p++)
    for (unsigned v = 0; v < pp->v; v++)
      nb[p].credits[v] = pp->d;
  unsigned vpc = pp->v / pp->ncls;
  double p_send = 0.3 + 0.6 * prng_double(r), p_sink = 0.2 + 0.8 * prng_double(r);
  uint32_t exp[8], w_in[8], w_cr[3];
  for (unsigned c = 0; c < cycles; c++) {
    if (c % 500 == 0) { /* phases: light and heavy load, fast and slow sinks */
      p_send = 0.2 + 0.8 * prng_double(r);
      p_sink = 0.1 + 0.9 * prng_double(r);
    }
    noc_rout_t o;
    noc_router_comb(m, &o);
    memset(exp, 0, sizeof exp);
    for (unsigned p = 0; p < NOC_P; p++)
      bits_put_field(exp, p, 1, o.out_valid[p]);
    CHECK_PORT(d, out_valid, exp, 0, "out_valid");
    memset(exp, 0, sizeof exp);
    for (unsigned p = 0; p < NOC_P; p++)
      bits_put_field(exp, p * wd.fw, wd.fw, o.out_flit[p]);
    CHECK_PORT(d, out_flit, exp, 0, "out_flit");
    memset(exp, 0, sizeof exp);
    for (unsigned p = 0; p < NOC_P; p++)
      bits_put_field(exp, p * pp->v, pp->v, o.cr_out[p]);
    CHECK_PORT(d, cr_out, exp, 0, "cr_out");
    memset(exp, 0, sizeof exp);
    for (unsigned k = 0; k < NOC_NERR; k++)
      bits_put_field(exp, k * pp->ew, pp->ew, o.err[k]);
    CHECK_PORT(d, err_count, exp, 0, "err_count");

    noc_rin_t in;
    memset(&in, 0, sizeof in);
    in.my_x = rt->x;
    in.my_y = rt->y;
    /* sinks: take what left, free one flit now and then (a credit the cycle after at the
     * earliest, as a neighbour's pop would) */
    for (unsigned p = 0; p < NOC_P; p++) {
      if (o.out_valid[p]) {
        noc_flit_t f = noc_flit_unpack(pp, o.out_flit[p]);
        CHECK(f.vc < pp->v, "%s: output %u sent on VC %u", rt->top, p, f.vc);
        held[p][f.vc]++;
        /* extra credits (error runs) let the router send beyond the sink's room */
        CHECK(p_err > 0 || held[p][f.vc] <= pp->d, "%s: output %u sent on VC %u beyond its credits",
              rt->top, p, f.vc);
        st->flits_out++;
      }
      /* error runs stop the sinks now and then, so that buffers fill and a flit meets one full */
      if (!(p_err > 0 && c % 1000 >= 100 && c % 1000 < 400) && prng_bernoulli(r, p_sink)) {
        unsigned v0 = (unsigned)prng_below(r, pp->v);
        for (unsigned i = 0; i < pp->v; i++) {
          unsigned v = (v0 + i) % pp->v;
          if (held[p][v]) {
            held[p][v]--;
            in.cr_in[p] |= 1u << v;
            break;
          }
        }
      }
      if (p_err > 0 && prng_bernoulli(r, p_err / 4)) { /* a credit never taken */
        unsigned v = (unsigned)prng_below(r, pp->v);
        if (!(in.cr_in[p] >> v & 1u)) {
          in.cr_in[p] |= 1u << v;
          st->errs_injected[ERR_CREDIT]++;
        }
      }
    }
    /* neighbours: credits back, then a flit */
    for (unsigned p = 0; p < NOC_P; p++) {
      nbr_t *n = &nb[p];
      for (unsigned v = 0; v < pp->v; v++)
        if (o.cr_out[p] >> v & 1u)
          n->credits[v]++;
      inj_err_t e = ERR_NONE;
      if (p_err > 0 && !n->sending && prng_bernoulli(r, p_err))
        e = (inj_err_t)(1 + prng_below(r, ERR_KINDS - 2)); /* ERR_CREDIT is the sinks' */
      if (e == ERR_NONE && n->want_ovf && !n->sending)
        e = ERR_OVERFLOW; /* one is owed: sent once a buffer is full */
      if (e == ERR_CREDIT)
        e = ERR_CLASS;
      if (e == ERR_BADVC && (1u << wd.vcw) == pp->v)
        e = ERR_NOHEAD; /* every vc value exists */
      noc_flit_t f;
      memset(&f, 0, sizeof f);
      if (e != ERR_NONE) {
        unsigned v = (unsigned)prng_below(r, pp->v);
        f.head = 1;
        f.tail = 1;
        f.vc = v;
        f.cls = v / vpc;
        legal_dst(pp, rt->x, rt->y, p, f.cls, r, &f.dst_x, &f.dst_y);
        f.payload = prng_u32(r);
        switch (e) {
        case ERR_BADVC:
          f.vc = pp->v + (unsigned)prng_below(r, (1u << wd.vcw) - pp->v);
          break;
        case ERR_OVERFLOW: /* into a VC whose buffer is full (the model's state says which) */
          e = ERR_NONE;
          n->want_ovf = 1; /* until a buffer is full (the sinks stop now and then) */
          for (unsigned w = 0; w < pp->v; w++)
            if (m->ivc[p][w].cnt == pp->d) {
              e = ERR_OVERFLOW;
              n->want_ovf = 0;
              f.vc = w;
              f.cls = w / vpc;
            }
          break;
        case ERR_MISROUTE: /* a forbidden turn, a destination behind the flit, or off the mesh */
          if (p != NOC_LOCAL && p != NOC_EAST && prng_bernoulli(r, 0.5) &&
              (pp->routing == NOC_XY ? p != NOC_WEST : rt->x > 0))
            f.dst_x = pp->routing == NOC_XY ? (rt->x + 1) % pp->xs /* Y, then X */
                                            : rt->x - 1;           /* a turn into west */
          else if (p == NOC_NORTH)
            f.dst_y = rt->y + 1;
          else if (p == NOC_SOUTH)
            f.dst_y = rt->y - 1;
          else if (p == NOC_EAST)
            f.dst_x = rt->x + 1;
          else if (p == NOC_WEST)
            f.dst_x = rt->x - 1;
          else if ((1u << wd.yw) > pp->ys)
            f.dst_y = pp->ys + (unsigned)prng_below(r, (1u << wd.yw) - pp->ys);
          else if ((1u << wd.xw) > pp->xs)
            f.dst_x = pp->xs + (unsigned)prng_below(r, (1u << wd.xw) - pp->xs);
          else
            f.head = 0; /* the mesh fills the coordinates: a no-head error instead */
          break;
        case ERR_NOHEAD:
          f.head = 0;
          break;
        case ERR_CLASS:
          f.cls = (f.cls + 1) % (1u << wd.cw);
          break;
        default:
          break;
        }
        /* a bad flit that takes a slot needs a credit; without one the neighbour's own traffic
         * goes on this cycle instead */
        if (e != ERR_NONE && (e == ERR_OVERFLOW || e == ERR_BADVC || n->credits[v] > 0)) {
          in.in_valid[p] = 1;
          in.in_flit[p] = noc_flit_pack(pp, &f);
          if (e != ERR_BADVC && e != ERR_OVERFLOW)
            n->credits[v]--; /* it takes a slot; the router returns it when it drops it */
          st->errs_injected[e]++;
          continue;
        }
      }
      if (!n->sending && prng_bernoulli(r, p_send)) {
        n->cls = (unsigned)prng_below(r, pp->ncls);
        n->vc = n->cls * vpc + (unsigned)prng_below(r, vpc);
        n->len = 1 + (unsigned)prng_below(r, 6);
        n->k = 0;
        n->tag = prng_u32(r);
        legal_dst(pp, rt->x, rt->y, p, n->cls, r, &n->dx, &n->dy);
        n->sending = 1;
      }
      if (n->sending && n->credits[n->vc] && prng_bernoulli(r, 0.85)) {
        f.head = n->k == 0;
        f.tail = n->k + 1 == n->len;
        f.vc = n->vc;
        f.cls = n->cls;
        f.dst_x = n->dx;
        f.dst_y = n->dy;
        f.payload = n->tag + n->k;
        in.in_valid[p] = 1;
        in.in_flit[p] = noc_flit_pack(pp, &f);
        n->credits[n->vc]--;
        st->flits_in++;
        if (++n->k == n->len)
          n->sending = 0;
      }
    }
    memset(w_in, 0, sizeof w_in);
    memset(exp, 0, sizeof exp);
    memset(w_cr, 0, sizeof w_cr);
    for (unsigned p = 0; p < NOC_P; p++) {
      bits_put_field(exp, p, 1, in.in_valid[p]);
      if (in.in_valid[p])
        bits_put_field(w_in, p * wd.fw, wd.fw, in.in_flit[p]);
      bits_put_field(w_cr, p * pp->v, pp->v, in.cr_in[p]);
    }
    dut_set(d, in_valid, exp);
    dut_set(d, in_flit, w_in);
    dut_set(d, cr_in, w_cr);
    noc_router_clock(m, &in);
    dut_step(d, 1);
  }
  st->cycles += cycles;
  for (unsigned k = 0; k < NOC_NERR; k++)
    st->err_count[k] = m->o.err[k];
  dut_close(d);
  free(m);
}

void router_check_random(const router_top_t *rt, prng_t *r) {
  router_stats_t st;
  memset(&st, 0, sizeof st);
  router_run(rt, (unsigned)harness_scaled(1500, 20000, 200000), 0, r, &st);
  const noc_params_t *pp = &rt->p;
  for (unsigned k = 0; k < NOC_NERR; k++)
    CHECK(st.err_count[k] == 0, "%s: error %u counted %u times", rt->top, k, st.err_count[k]);
  /* what is still in the router at the end: its buffers and the two registers behind them */
  CHECK(st.flits_out + NOC_P * (pp->v * pp->d + 2) >= st.flits_in && st.flits_out <= st.flits_in &&
            st.flits_in > 1000,
        "%s: %llu flits in, %llu out", rt->top, (unsigned long long)st.flits_in,
        (unsigned long long)st.flits_out);
  harness_log("%s: %llu flits in, %llu out in %llu cycles, every output equal to the model's",
              rt->top, (unsigned long long)st.flits_in, (unsigned long long)st.flits_out,
              (unsigned long long)st.cycles);
}

void router_check_errors(const router_top_t *rt, prng_t *r) {
  router_stats_t st;
  memset(&st, 0, sizeof st);
  router_run(rt, (unsigned)harness_scaled(1500, 20000, 200000), 0.05, r, &st);
  static const char *const kinds[NOC_NERR] = {"overflow", "vc", "route", "nohead", "credit"};
  for (unsigned k = 0; k < NOC_NERR; k++) /* each kind happened, on the RTL as on the model */
    CHECK(st.err_count[k] > 0, "%s: no %s error counted", rt->top, kinds[k]);
  harness_log("%s: errors injected: bad vc %llu, no credit %llu, misrouted %llu, no head %llu, "
              "extra credit %llu, wrong class %llu; counted: overflow %u, vc %u, route %u, "
              "nohead %u, credit %u",
              rt->top, (unsigned long long)st.errs_injected[ERR_BADVC],
              (unsigned long long)st.errs_injected[ERR_OVERFLOW],
              (unsigned long long)st.errs_injected[ERR_MISROUTE],
              (unsigned long long)st.errs_injected[ERR_NOHEAD],
              (unsigned long long)st.errs_injected[ERR_CREDIT],
              (unsigned long long)st.errs_injected[ERR_CLASS], st.err_count[0], st.err_count[1],
              st.err_count[2], st.err_count[3], st.err_count[4]);
}
