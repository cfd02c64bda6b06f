/*
 * noc_router_model.c - cycle-exact model of the Nebula mesh router (docs/noc/noc_router.md).
 *
 * noc_router_clock() first takes every decision of the cycle from the state at its start (a
 * const view of the router) and the inputs of the cycle (BW, RC, VA, SA, ST, DRAIN, credits,
 * errors), then writes all of them at once (the edge).
 *
 * Readings chosen where docs/noc/noc_router.md is not explicit (the most literal one each time):
 *  1. The class of a WAITING VC (p, v) in VA is that of its head, i.e. v / (V / NCLS): RC only
 *     lets a head through to WAITING when its vc lies in its class's set.
 *  2. RC of west-first compares the credit counters at the start of the cycle (SA pops and
 *     cr_in of the same cycle are not seen); several VCs routing in one cycle see the same ones.
 *  3. sa[p].out / sa[p].flit keep their last value when sa[p].valid is 0 (not visible outside).
 *  4. err_count is the counter register itself: an event of cycle t shows in cycle t + 1.
 *  5. in_valid[p] != 0 is a valid; in_flit is taken to its FW bits and cr_in to its V bits.
 *  6. noc_route() does not check the class (RC checks cls < NCLS and the vc first); with
 *     cls >= NCLS its west-first credit sums count the VCs of that class's set that exist.
 *     An in_port above 4 is misrouted (-1).
 *  7. A ROUTING VC with an empty FIFO (unreachable: ROUTING is entered only with cnt' > 0) does
 *     nothing and goes to Next.
 * LOWLAT = 1 (docs/noc/noc_router.md "LOWLAT = 1"):
 *  8. RC at BW checks the class first (cls >= NCLS, or the vc the flit is written to outside
 *     class cls's set), and only then the route, as step 2 does; a flit dropped at BW stores
 *     nothing; a body or tail stores route 0, no error (never read).
 *  9. RC at BW uses my_x / my_y and the input port of the cycle of the write.
 * 10. "Just routed" VCs and WAITING VCs are alike in steps 3 and 4: a VA request to (o, w), a
 *     speculative SA request when credits of (o, w) > 0. A speculative winner whose VA failed
 *     pops nothing, leaves sa[p].valid 0, moves no SA pointer, and no other input port gets
 *     that output in the cycle. The VA pointers move on every VA grant, popped or not.
 */
#include "noc_router_model.h"

#include <string.h>

/* ------------------------------------------------------------------ parameters and flits */

noc_params_t noc_default_params(void) {
  noc_params_t p = {4, 4, 4, 16, 32, 2, NOC_XY, 16, 0, 0};
  return p;
}

static unsigned clog2u(unsigned n) {
  unsigned w = 0;
  while (w < 32 && (1u << w) < n)
    w++;
  return w;
}

static unsigned max1(unsigned w) { return w ? w : 1; }

static uint64_t mask64(unsigned w) { return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1; }

noc_widths_t noc_widths(const noc_params_t *p) {
  noc_widths_t w;
  w.xw = max1(clog2u(p->xs));
  w.yw = max1(clog2u(p->ys));
  w.vcw = max1(clog2u(p->v));
  w.cw = max1(clog2u(p->ncls));
  w.fw = 2 + w.vcw + w.cw + w.xw + w.yw + p->pw;
  return w;
}

int noc_params_check(const noc_params_t *p) {
  if (!p)
    return -1;
  if (p->xs < 1 || p->xs > NOC_MAX_XS || p->ys < 1 || p->ys > NOC_MAX_XS)
    return -1;
  if (p->v < 1 || p->v > NOC_MAX_V || p->d < 2 || p->d > NOC_MAX_D)
    return -1;
  if (p->pw < 1 || p->pw > 32)
    return -1;
  if (p->ncls < 1 || p->ncls > p->v || p->v % p->ncls != 0)
    return -1;
  if (p->routing != NOC_XY && p->routing != NOC_WEST_FIRST)
    return -1;
  if (p->ew < 1 || p->ew > 32)
    return -1;
  if (p->lowlat > 1)
    return -1;
  if (p->torus > 1 || (p->torus && p->routing != NOC_XY))
    return -1;
  if (noc_widths(p).fw > 50) /* 2 + 4 + 4 + 4 + 4 + 32: the widest, held in a uint64_t */
    return -1;
  return 0;
}

/* Bit positions of the flit's fields. */
typedef struct {
  unsigned vc, cls, dx, dy, pl;
} noc_pos_t;

static noc_pos_t flit_pos(const noc_widths_t *w) {
  noc_pos_t s;
  s.vc = 2;
  s.cls = s.vc + w->vcw;
  s.dx = s.cls + w->cw;
  s.dy = s.dx + w->xw;
  s.pl = s.dy + w->yw;
  return s;
}

uint64_t noc_flit_pack(const noc_params_t *p, const noc_flit_t *f) {
  noc_widths_t w = noc_widths(p);
  noc_pos_t s = flit_pos(&w);
  uint64_t b = (uint64_t)(f->head & 1u) | (uint64_t)(f->tail & 1u) << 1;
  b |= ((uint64_t)f->vc & mask64(w.vcw)) << s.vc;
  b |= ((uint64_t)f->cls & mask64(w.cw)) << s.cls;
  b |= ((uint64_t)f->dst_x & mask64(w.xw)) << s.dx;
  b |= ((uint64_t)f->dst_y & mask64(w.yw)) << s.dy;
  b |= ((uint64_t)f->payload & mask64(p->pw)) << s.pl;
  return b;
}

noc_flit_t noc_flit_unpack(const noc_params_t *p, uint64_t bits) {
  noc_widths_t w = noc_widths(p);
  noc_pos_t s = flit_pos(&w);
  noc_flit_t f;
  f.head = (unsigned)(bits & 1u);
  f.tail = (unsigned)(bits >> 1 & 1u);
  f.vc = (unsigned)(bits >> s.vc & mask64(w.vcw));
  f.cls = (unsigned)(bits >> s.cls & mask64(w.cw));
  f.dst_x = (unsigned)(bits >> s.dx & mask64(w.xw));
  f.dst_y = (unsigned)(bits >> s.dy & mask64(w.yw));
  f.payload = (uint32_t)(bits >> s.pl & mask64(p->pw));
  return f;
}

/* ------------------------------------------------------------------ routing */

/* Sum of the credit counters of class cls's VCs at output o. */
static unsigned class_credits(const noc_params_t *p, unsigned cls,
                              const unsigned credits[NOC_P][NOC_MAX_V], unsigned o) {
  unsigned per = p->v / p->ncls, sum = 0;
  for (unsigned w = cls * per; w < (cls + 1) * per && w < p->v; w++)
    sum += credits[o][w];
  return sum;
}

/* On a ring of k nodes from c to t: 1 plus (east, north), -1 minus, 0 there; the shorter way
 * round, plus when both are as short. */
static int ring_way(unsigned t, unsigned c, unsigned k) {
  if (t == c)
    return 0;
  unsigned a = (t + k - c) % k, b = (c + k - t) % k;
  return a <= b ? 1 : -1;
}

void noc_vc_range(const noc_params_t *p, unsigned x, unsigned y, unsigned o, unsigned cls,
                  unsigned dst_x, unsigned dst_y, unsigned *lo, unsigned *hi) {
  unsigned per = p->v / p->ncls, half = per / 2;
  *lo = cls * per;
  *hi = (cls + 1) * per;
  if (!p->torus || per < 2 || o == NOC_LOCAL || o >= NOC_P)
    return;
  int up = o == NOC_NORTH   ? dst_y > y
           : o == NOC_EAST  ? dst_x > x
           : o == NOC_SOUTH ? dst_y < y
                            : dst_x < x;
  if (up)
    *lo += half;
  else
    *hi = *lo + half;
}

int noc_route(const noc_params_t *p, unsigned x, unsigned y, unsigned in_port, unsigned cls,
              unsigned dst_x, unsigned dst_y, const unsigned credits[NOC_P][NOC_MAX_V]) {
  if (in_port >= NOC_P || dst_x >= p->xs || dst_y >= p->ys)
    return -1;
  int dx = (int)dst_x - (int)x, dy = (int)dst_y - (int)y;
  if (p->torus) { /* only the sign matters: the shorter way round, plus when as short */
    dx = ring_way(dst_x, x, p->xs);
    dy = ring_way(dst_y, y, p->ys);
  }
  /* arrival: the flit moved away from its destination */
  if ((in_port == NOC_NORTH && dy > 0) || (in_port == NOC_SOUTH && dy < 0) ||
      (in_port == NOC_EAST && dx > 0) || (in_port == NOC_WEST && dx < 0))
    return -1;
  int ns = in_port == NOC_NORTH || in_port == NOC_SOUTH;
  if (p->routing == NOC_XY) {
    if (ns && dx != 0)
      return -1;
    if (dx > 0)
      return NOC_EAST;
    if (dx < 0)
      return NOC_WEST;
    if (dy > 0)
      return NOC_NORTH;
    if (dy < 0)
      return NOC_SOUTH;
    return NOC_LOCAL;
  }
  if ((ns || in_port == NOC_WEST) && dx < 0)
    return -1;
  if (dx < 0)
    return NOC_WEST;
  int yport = dy > 0 ? NOC_NORTH : dy < 0 ? NOC_SOUTH : -1;
  if (dx > 0 && yport >= 0)
    return class_credits(p, cls, credits, NOC_EAST) >=
                   class_credits(p, cls, credits, (unsigned)yport)
               ? NOC_EAST
               : yport;
  if (dx > 0)
    return NOC_EAST;
  if (yport >= 0)
    return yport;
  return NOC_LOCAL;
}

/* ------------------------------------------------------------------ the router */

int noc_router_init(noc_router_t *r, const noc_params_t *p) {
  if (!r || noc_params_check(p))
    return -1;
  memset(r, 0, sizeof *r);
  r->p = *p;
  r->w = noc_widths(p);
  for (unsigned o = 0; o < NOC_P; o++)
    for (unsigned w = 0; w < p->v; w++)
      r->credits[o][w] = p->d;
  return 0;
}

void noc_router_comb(const noc_router_t *r, noc_rout_t *out) { *out = r->o; }

/* rtl/common/rr_arbiter: the first requester at or after ptr, cyclically; -1 when none. Over a
 * requester array: VA's P * V requesters pass 64 at V 16. */
static int rr_grant_v(const unsigned char *req, unsigned n, unsigned ptr) {
  for (unsigned i = 0; i < n; i++) {
    unsigned k = (ptr + i) % n;
    if (req[k])
      return (int)k;
  }
  return -1;
}

/* The same over a mask, n <= 64 (SA's stages). */
static int rr_grant(uint64_t req, unsigned n, unsigned ptr) {
  unsigned char r[64];
  for (unsigned k = 0; k < n; k++)
    r[k] = req >> k & 1u;
  return rr_grant_v(r, n, ptr);
}

#define NEXT_STATE 4u /* placeholder: cnt' > 0 ? ROUTING : IDLE, resolved at the edge */

/* LOWLAT: RC at BW of flit f written to VC vc of input port q (note 8). */
static void rc_at_bw(const noc_router_t *s, const noc_rin_t *in, unsigned q, unsigned vc,
                     uint64_t bits, uint8_t *route, uint8_t *err) {
  const noc_params_t *p = &s->p;
  const unsigned per = p->v / p->ncls;
  noc_flit_t f = noc_flit_unpack(p, bits);
  *route = 0;
  *err = NOC_RC_OK;
  if (!f.head)
    return;
  if (f.cls >= p->ncls || vc < f.cls * per || vc >= (f.cls + 1) * per) {
    *err = NOC_RC_CLASS;
    return;
  }
  int o = noc_route(p, in->my_x, in->my_y, q, f.cls, f.dst_x, f.dst_y, s->credits);
  if (o < 0)
    *err = NOC_RC_MISROUTE;
  else
    *route = (uint8_t)o;
}

void noc_router_clock(noc_router_t *r, const noc_rin_t *in) {
  const noc_router_t *s = r; /* the state at the start of the cycle: read only until the edge */
  const noc_params_t *p = &s->p;
  const unsigned V = p->v, D = p->d, per = p->v / p->ncls;
  const noc_pos_t pos = flit_pos(&s->w);
  const uint64_t vc_mask = mask64(s->w.vcw) << pos.vc;
  unsigned ev[NOC_NERR] = {0};
  unsigned wr[NOC_P][NOC_MAX_V] = {{0}}, pop[NOC_P][NOC_MAX_V] = {{0}};
  uint64_t wflit[NOC_P] = {0};
  uint8_t wroute[NOC_P] = {0}, werr[NOC_P] = {0};
  /* steps 3 and 4: a VC WAITING at the start of the cycle or (LOWLAT) routed in it, its route */
  unsigned waiting[NOC_P][NOC_MAX_V] = {{0}}, rte[NOC_P][NOC_MAX_V] = {{0}};
  unsigned va_won[NOC_P][NOC_MAX_V] = {{0}};
  unsigned nstate[NOC_P][NOC_MAX_V], nroute[NOC_P][NOC_MAX_V], novc[NOC_P][NOC_MAX_V];
  unsigned busy_set[NOC_P][NOC_MAX_V] = {{0}}, busy_clr[NOC_P][NOC_MAX_V] = {{0}};
  unsigned cr_dec[NOC_P][NOC_MAX_V] = {{0}};
  unsigned nva_ptr[NOC_P][NOC_MAX_V], nsa_in_ptr[NOC_P], nsa_out_ptr[NOC_P];
  unsigned nsa_valid[NOC_P] = {0}, nsa_out[NOC_P];
  uint64_t nsa_flit[NOC_P];

  for (unsigned q = 0; q < NOC_P; q++) {
    for (unsigned v = 0; v < V; v++) {
      nstate[q][v] = s->ivc[q][v].state;
      nroute[q][v] = s->ivc[q][v].route;
      novc[q][v] = s->ivc[q][v].ovc;
      nva_ptr[q][v] = s->va_ptr[q][v];
    }
    nsa_in_ptr[q] = s->sa_in_ptr[q];
    nsa_out_ptr[q] = s->sa_out_ptr[q];
    nsa_out[q] = s->sa_out[q];
    nsa_flit[q] = s->sa_flit[q];
  }

  /* 1. BW */
  for (unsigned q = 0; q < NOC_P; q++) {
    if (!in->in_valid[q])
      continue;
    uint64_t f = in->in_flit[q] & mask64(s->w.fw);
    unsigned vc = (unsigned)((f & vc_mask) >> pos.vc);
    if (vc >= V)
      ev[NOC_ERR_VC]++;
    else if (s->ivc[q][vc].cnt >= D)
      ev[NOC_ERR_OVERFLOW]++;
    else {
      wr[q][vc] = 1;
      wflit[q] = f;
      if (p->lowlat)
        rc_at_bw(s, in, q, vc, f, &wroute[q], &werr[q]);
    }
  }

  /* 2. RC, and 8. IDLE goes to Next */
  for (unsigned q = 0; q < NOC_P; q++)
    for (unsigned v = 0; v < V; v++) {
      const noc_ivc_t *c = &s->ivc[q][v];
      if (c->state == NOC_IDLE) {
        nstate[q][v] = NEXT_STATE;
        continue;
      }
      if (c->state != NOC_ROUTING)
        continue;
      if (c->cnt == 0) {
        nstate[q][v] = NEXT_STATE;
        continue;
      }
      noc_flit_t f = noc_flit_unpack(p, c->buf[c->rd]);
      if (!f.head) {
        ev[NOC_ERR_NOHEAD]++;
        pop[q][v] = 1;
        nstate[q][v] = NEXT_STATE;
      } else if (p->lowlat) { /* the route and flags stored at BW */
        if (c->lerr[c->rd] == NOC_RC_CLASS) {
          ev[NOC_ERR_VC]++;
          nroute[q][v] = NOC_DRAIN;
          nstate[q][v] = NOC_ACTIVE;
        } else if (c->lerr[c->rd] == NOC_RC_MISROUTE) {
          ev[NOC_ERR_ROUTE]++;
          nroute[q][v] = NOC_DRAIN;
          nstate[q][v] = NOC_ACTIVE;
        } else { /* WAITING in this same cycle: steps 3 and 4 see it */
          nroute[q][v] = c->lroute[c->rd];
          nstate[q][v] = NOC_WAITING;
          waiting[q][v] = 1;
          rte[q][v] = c->lroute[c->rd];
        }
      } else if (f.cls >= p->ncls || v < f.cls * per || v >= (f.cls + 1) * per) {
        ev[NOC_ERR_VC]++;
        nroute[q][v] = NOC_DRAIN;
        nstate[q][v] = NOC_ACTIVE;
      } else {
        int o = noc_route(p, in->my_x, in->my_y, q, f.cls, f.dst_x, f.dst_y, s->credits);
        if (o < 0) {
          ev[NOC_ERR_ROUTE]++;
          nroute[q][v] = NOC_DRAIN;
          nstate[q][v] = NOC_ACTIVE;
        } else {
          nroute[q][v] = (unsigned)o;
          nstate[q][v] = NOC_WAITING;
        }
      }
    }

  /* 3. VA: each WAITING VC asks for the lowest free output VC of its class at its route */
  int want[NOC_P][NOC_MAX_V];
  for (unsigned q = 0; q < NOC_P; q++)
    for (unsigned v = 0; v < V; v++) {
      const noc_ivc_t *c = &s->ivc[q][v];
      if (c->state == NOC_WAITING) {
        waiting[q][v] = 1;
        rte[q][v] = c->route;
      }
      want[q][v] = -1;
      if (!waiting[q][v] || rte[q][v] >= NOC_P)
        continue;
      noc_flit_t hf = noc_flit_unpack(p, c->buf[c->rd]); /* the head, at the front */
      unsigned lo, hi;
      noc_vc_range(p, in->my_x, in->my_y, rte[q][v], v / per, hf.dst_x, hf.dst_y, &lo, &hi);
      for (unsigned w = lo; w < hi; w++)
        if (!s->busy[rte[q][v]][w]) {
          want[q][v] = (int)w;
          break;
        }
    }
  for (unsigned o = 0; o < NOC_P; o++)
    for (unsigned w = 0; w < V; w++) {
      unsigned char req[NOC_P * NOC_MAX_V];
      for (unsigned q = 0; q < NOC_P; q++)
        for (unsigned v = 0; v < V; v++)
          req[q * V + v] = want[q][v] == (int)w && rte[q][v] == o;
      int g = rr_grant_v(req, NOC_P * V, s->va_ptr[o][w]);
      if (g < 0)
        continue;
      unsigned gq = (unsigned)g / V, gv = (unsigned)g % V;
      nva_ptr[o][w] = ((unsigned)g + 1) % (NOC_P * V);
      novc[gq][gv] = w;
      nstate[gq][gv] = NOC_ACTIVE;
      busy_set[o][w] = 1;
      va_won[gq][gv] = 1;
    }

  /* 4. SA: stage 1 per input port, stage 2 per output port; with LOWLAT, WAITING VCs make
   * speculative requests, which compete only where no plain one does */
  int pick[NOC_P];
  unsigned spec[NOC_P] = {0}, pick_out[NOC_P] = {0};
  for (unsigned q = 0; q < NOC_P; q++) {
    uint64_t req = 0, sreq = 0;
    for (unsigned v = 0; v < V; v++) {
      const noc_ivc_t *c = &s->ivc[q][v];
      if (c->state == NOC_ACTIVE && c->route < NOC_P && c->cnt > 0 &&
          s->credits[c->route][c->ovc] > 0)
        req |= UINT64_C(1) << v;
      if (p->lowlat && want[q][v] >= 0 && s->credits[rte[q][v]][want[q][v]] > 0)
        sreq |= UINT64_C(1) << v;
    }
    pick[q] = rr_grant(req, V, s->sa_in_ptr[q]);
    if (pick[q] < 0 && sreq) {
      pick[q] = rr_grant(sreq, V, s->sa_in_ptr[q]);
      spec[q] = 1;
    }
    if (pick[q] >= 0)
      pick_out[q] = spec[q] ? rte[q][pick[q]] : s->ivc[q][pick[q]].route;
  }
  for (unsigned o = 0; o < NOC_P; o++) {
    uint64_t req = 0, sreq = 0;
    for (unsigned q = 0; q < NOC_P; q++)
      if (pick[q] >= 0 && pick_out[q] == o) {
        if (spec[q])
          sreq |= UINT64_C(1) << q;
        else
          req |= UINT64_C(1) << q;
      }
    int g = rr_grant(req ? req : sreq, NOC_P, s->sa_out_ptr[o]);
    if (g < 0)
      continue;
    unsigned q = (unsigned)g, v = (unsigned)pick[q];
    if (spec[q] && !va_won[q][v])
      continue; /* VA failed: nothing pops, the output is lost for the cycle */
    const noc_ivc_t *c = &s->ivc[q][v];
    const unsigned ovc = spec[q] ? (unsigned)want[q][v] : c->ovc;
    uint64_t f = c->buf[c->rd];
    nsa_out_ptr[o] = (q + 1) % NOC_P;
    nsa_in_ptr[q] = (v + 1) % V;
    pop[q][v] = 1;
    nsa_valid[q] = 1;
    nsa_out[q] = o;
    nsa_flit[q] = (f & ~vc_mask) | ((uint64_t)ovc << pos.vc & vc_mask);
    cr_dec[o][ovc] = 1;
    if (f >> 1 & 1u) {
      busy_clr[o][ovc] = 1; /* also a speculative tail's: VA sets it, this clears it */
      nstate[q][v] = NEXT_STATE;
    }
  }

  /* 6. DRAIN */
  for (unsigned q = 0; q < NOC_P; q++)
    for (unsigned v = 0; v < V; v++) {
      const noc_ivc_t *c = &s->ivc[q][v];
      if (c->state != NOC_ACTIVE || c->route != NOC_DRAIN || c->cnt == 0)
        continue;
      pop[q][v] = 1;
      if (c->buf[c->rd] >> 1 & 1u)
        nstate[q][v] = NEXT_STATE;
    }

  /* 5. ST, from the sa registers at the start of the cycle */
  noc_rout_t no = s->o;
  for (unsigned o = 0; o < NOC_P; o++) {
    no.out_valid[o] = 0;
    for (unsigned q = 0; q < NOC_P; q++)
      if (s->sa_valid[q] && s->sa_out[q] == o) {
        no.out_valid[o] = 1;
        no.out_flit[o] = s->sa_flit[q];
        break;
      }
  }

  /* 7. credits */
  unsigned ncred[NOC_P][NOC_MAX_V];
  for (unsigned q = 0; q < NOC_P; q++) {
    no.cr_out[q] = 0;
    for (unsigned v = 0; v < V; v++)
      no.cr_out[q] |= pop[q][v] << v;
  }
  for (unsigned o = 0; o < NOC_P; o++)
    for (unsigned w = 0; w < V; w++) {
      unsigned c = s->credits[o][w] - cr_dec[o][w] + (in->cr_in[o] >> w & 1u);
      if (c > D) {
        ev[NOC_ERR_CREDIT]++;
        c = D;
      }
      ncred[o][w] = c;
    }

  /* 9. errors */
  const uint64_t emax = mask64(p->ew);
  for (unsigned k = 0; k < NOC_NERR; k++) {
    uint64_t e = (uint64_t)s->o.err[k] + ev[k];
    no.err[k] = (uint32_t)(e > emax ? emax : e);
  }

  /* the edge */
  for (unsigned q = 0; q < NOC_P; q++) {
    for (unsigned v = 0; v < V; v++) {
      noc_ivc_t *c = &r->ivc[q][v];
      if (wr[q][v]) {
        c->buf[(c->rd + c->cnt) % D] = wflit[q];
        c->lroute[(c->rd + c->cnt) % D] = wroute[q];
        c->lerr[(c->rd + c->cnt) % D] = werr[q];
      }
      if (pop[q][v])
        c->rd = (c->rd + 1) % D;
      c->cnt = c->cnt + wr[q][v] - pop[q][v];
      c->state = nstate[q][v] == NEXT_STATE ? (c->cnt > 0 ? NOC_ROUTING : NOC_IDLE) : nstate[q][v];
      c->route = nroute[q][v];
      c->ovc = novc[q][v];
      if (busy_set[q][v])
        r->busy[q][v] = 1;
      if (busy_clr[q][v])
        r->busy[q][v] = 0;
      r->credits[q][v] = ncred[q][v];
      r->va_ptr[q][v] = nva_ptr[q][v];
    }
    r->sa_in_ptr[q] = nsa_in_ptr[q];
    r->sa_out_ptr[q] = nsa_out_ptr[q];
    r->sa_valid[q] = nsa_valid[q];
    r->sa_out[q] = nsa_out[q];
    r->sa_flit[q] = nsa_flit[q];
  }
  r->o = no;
}
