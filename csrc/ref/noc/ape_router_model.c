/*
 * ape_router_model.c - cycle-exact model of the ExaNet torus router (docs/noc/ape_router.md).
 *
 * ape_router_clock() first takes every decision of the cycle from the state at its start (a
 * const view of the router) and the inputs of the cycle (steps 1 to 4 of "One cycle"), then
 * writes all of them at once (the edge).
 *
 * Readings chosen where docs/noc/ape_router.md is not explicit or not consistent:
 *  1. A transfer moves exactly len + 2 words. The contract sets irem = len + 1 at the header's
 *     pop and ends a transfer on a pop with irem == 0, which taken alone reads len + 3 words; its
 *     "handled as in step 2" for the header's pop also drops irem by one, so the header leaves
 *     irem = len (the register value here), and the footer's pop ends the transfer.
 *  2. The transfer's output VC is a register of the input port (iovc), missing from "State".
 *  3. A DROP transfer sends nothing, so its pops take no credit, and its end clears ibusy only
 *     (it never set an obusy).
 *  4. out_vc / out_data are written only with a word; they hold while out_valid is 0.
 *  5. CREDIT: the net value cred - sent + cr_in above D is the error (so a credit in the cycle
 *     of a send at cred == D is no error).
 *  6. Several events of one kind in a cycle (e.g. two ports overflowing) add all of them to
 *     the counter, saturating; the counters are registers (an event of cycle t shows in t + 1).
 *  7. in_vc is one bit a port (the port table's width P), so a VC error needs NVC 1; in_data is
 *     taken to its W bits, cr_in to its NVC bits, cfg_first to 3 bits and the other cfg to 1.
 *  8. A header dropped by OVERFLOW counts no LEN or DST error (it is not stored), but its len
 *     still sets the tracker. A full FIFO is full by its level at the start of the cycle, even
 *     if it pops in the same cycle.
 *  9. The input stage's iptr round robin applies under fixed priority too; cfg_arb_fixed only
 *     chooses how an output grants.
 */
#include "ape_router_model.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ parameters and words */

ape_params_t ape_default_params(void) {
  ape_params_t p = {4, 4, 1, 2, 128, 34, 32, 16};
  return p;
}

int ape_params_check(const ape_params_t *p) {
  if (!p)
    return -1;
  if (p->xs < 1 || p->xs > APE_MAX_XS || p->ys < 1 || p->ys > APE_MAX_XS)
    return -1;
  if (p->nloc < 1 || p->nloc > APE_MAX_LOC || p->nvc < 1 || p->nvc > APE_MAX_VC)
    return -1;
  if (p->w != 64 && p->w != 96 && p->w != 128)
    return -1;
  if (p->maxp < 1 || p->maxp > 255 || p->d < p->maxp + 2 || p->d > APE_MAX_D)
    return -1;
  if (p->ew < 1 || p->ew > 32)
    return -1;
  return 0;
}

static uint64_t mask64(unsigned n) { return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1; }

uint64_t ape_word_bits(const ape_word_t *x, unsigned lo, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n && lo + i < 128; i++)
    v |= (uint64_t)(x->w[(lo + i) / 32] >> ((lo + i) % 32) & 1u) << i;
  return v;
}

void ape_word_set_bits(ape_word_t *x, unsigned lo, unsigned n, uint64_t v) {
  for (unsigned i = 0; i < n && i < 64 && lo + i < 128; i++) {
    uint32_t b = 1u << ((lo + i) % 32);
    if (v >> i & 1u)
      x->w[(lo + i) / 32] |= b;
    else
      x->w[(lo + i) / 32] &= ~b;
  }
}

/* The word cut to its W bits (the RTL has no others). */
static ape_word_t word_cut(const ape_params_t *p, const ape_word_t *x) {
  ape_word_t c = {{0, 0, 0, 0}};
  for (unsigned i = 0; i < p->w / 32; i++)
    c.w[i] = x->w[i];
  return c;
}

/* Width of the software field: [W-9:28], at most 64 of it in ape_header_t.sw. */
static unsigned sw_bits(const ape_params_t *p) { return p->w - 36 > 64 ? 64 : p->w - 36; }

ape_word_t ape_header_pack(const ape_params_t *p, const ape_header_t *h) {
  ape_word_t x = {{0, 0, 0, 0}};
  ape_word_set_bits(&x, 0, 8, h->dst_x);
  ape_word_set_bits(&x, 8, 8, h->dst_y);
  ape_word_set_bits(&x, 16, 8, h->len);
  ape_word_set_bits(&x, 24, 4, h->dst_port);
  ape_word_set_bits(&x, 28, sw_bits(p), h->sw);
  return x;
}

ape_header_t ape_header_unpack(const ape_params_t *p, const ape_word_t *x) {
  ape_header_t h;
  h.dst_x = (unsigned)ape_word_bits(x, 0, 8);
  h.dst_y = (unsigned)ape_word_bits(x, 8, 8);
  h.len = (unsigned)ape_word_bits(x, 16, 8);
  h.dst_port = (unsigned)ape_word_bits(x, 24, 4);
  h.sw = ape_word_bits(x, 28, sw_bits(p));
  return h;
}

/* ------------------------------------------------------------------ routing */

int ape_route(const ape_params_t *p, unsigned x, unsigned y, unsigned order, unsigned dst_x,
              unsigned dst_y, unsigned dst_port, unsigned *out_port, unsigned *out_vc) {
  if (dst_x >= p->xs || dst_y >= p->ys || dst_port >= p->nloc)
    return -1;
  /* dims[0] is routed first: X for order 0, Y for order 1 */
  const unsigned cx[2] = {x, y}, tx[2] = {dst_x, dst_y}, kx[2] = {p->xs, p->ys};
  const unsigned plus[2] = {APE_XP, APE_YP};
  for (unsigned i = 0; i < 2; i++) {
    unsigned dim = (order & 1u) ? 1 - i : i;
    unsigned c = cx[dim], t = tx[dim], k = kx[dim];
    if (c == t)
      continue;
    unsigned a = (t + k - c) % k, b = (c + k - t) % k;
    unsigned go_plus = a <= b; /* ties go plus */
    *out_port = plus[dim] + (go_plus ? 0 : 1);
    /* the upper VC while the offset is positive without crossing the wrap link */
    *out_vc = p->nvc == 2 && (go_plus ? t > c : t < c) ? 1 : 0;
    return 0;
  }
  *out_port = APE_LOCAL0 + dst_port;
  *out_vc = 0;
  return 0;
}

/* ------------------------------------------------------------------ the router */

int ape_router_init(ape_router_t *r, const ape_params_t *p, unsigned x, unsigned y) {
  if (!r)
    return -1;
  memset(r, 0, sizeof *r);
  if (ape_params_check(p) || x >= p->xs || y >= p->ys)
    return -1;
  r->p = *p;
  r->x = x;
  r->y = y;
  r->np = 4 + p->nloc;
  r->fifo = calloc((size_t)r->np * p->nvc * p->d, sizeof *r->fifo);
  if (!r->fifo)
    return -1;
  for (unsigned o = 0; o < r->np; o++)
    for (unsigned w = 0; w < p->nvc; w++)
      r->cred[o][w] = p->d;
  return 0;
}

void ape_router_free(ape_router_t *r) {
  if (!r)
    return;
  free(r->fifo);
  r->fifo = NULL;
}

void ape_router_comb(const ape_router_t *r, ape_rout_t *out) { *out = r->o; }

static const ape_entry_t *front(const ape_router_t *s, unsigned q, unsigned v) {
  return &s->fifo[(q * s->p.nvc + v) * s->p.d + s->rd[q][v]];
}

void ape_router_clock(ape_router_t *r, const ape_rin_t *in) {
  const ape_router_t *s = r; /* the state at the start of the cycle: read only until the edge */
  const ape_params_t *p = &s->p;
  const unsigned P = s->np, NV = p->nvc, D = p->d;
  unsigned ev[APE_NERR] = {0};
  unsigned wr[APE_MAX_P] = {0}, wvc[APE_MAX_P] = {0}; /* a word written into (q, wvc[q]) */
  ape_entry_t went[APE_MAX_P];
  unsigned nwrem[APE_MAX_P][APE_MAX_VC];
  unsigned pop[APE_MAX_P][APE_MAX_VC] = {{0}};
  unsigned send[APE_MAX_P] = {0}, svc[APE_MAX_P] = {0};
  ape_word_t sdata[APE_MAX_P];
  unsigned cdec[APE_MAX_P][APE_MAX_VC] = {{0}};
  unsigned nibusy[APE_MAX_P], nivc[APE_MAX_P], nidrop[APE_MAX_P], niout[APE_MAX_P];
  unsigned niovc[APE_MAX_P], nirem[APE_MAX_P], niptr[APE_MAX_P];
  unsigned nobusy[APE_MAX_P], noptr[APE_MAX_P];

  memset(went, 0, sizeof went);
  memset(sdata, 0, sizeof sdata);
  for (unsigned q = 0; q < P; q++) {
    for (unsigned v = 0; v < NV; v++)
      nwrem[q][v] = s->wrem[q][v];
    nibusy[q] = s->ibusy[q];
    nivc[q] = s->ivc[q];
    nidrop[q] = s->idrop[q];
    niout[q] = s->iout[q];
    niovc[q] = s->iovc[q];
    nirem[q] = s->irem[q];
    niptr[q] = s->iptr[q];
    nobusy[q] = s->obusy[q];
    noptr[q] = s->optr[q];
  }

  /* 1. input write */
  for (unsigned q = 0; q < P; q++) {
    if (!in->in_valid[q])
      continue;
    unsigned v = in->in_vc[q] & 1u;
    if (v >= NV) {
      ev[APE_ERR_VC]++;
      continue;
    }
    ape_word_t word = word_cut(p, &in->in_data[q]);
    unsigned head = s->wrem[q][v] == 0;
    ape_header_t h = ape_header_unpack(p, &word);
    nwrem[q][v] = head ? h.len + 1 : s->wrem[q][v] - 1;
    if (s->cnt[q][v] >= D) {
      ev[APE_ERR_OVERFLOW]++;
      continue;
    }
    ape_entry_t *e = &went[q];
    e->word = word;
    e->is_head = (uint8_t)head;
    if (head) {
      unsigned port = 0, ovc = 0;
      e->len = (uint8_t)h.len;
      if (h.len > p->maxp) {
        ev[APE_ERR_LEN]++;
        e->route = APE_DROP;
      } else if (ape_route(p, s->x, s->y, s->cfg_order, h.dst_x, h.dst_y, h.dst_port, &port,
                           &ovc)) {
        ev[APE_ERR_DST]++;
        e->route = APE_DROP;
      } else {
        e->route = (uint8_t)port;
        e->ovc = (uint8_t)ovc;
      }
    }
    wr[q] = 1;
    wvc[q] = v;
  }

  /* 2. transfers in progress */
  for (unsigned q = 0; q < P; q++) {
    if (!s->ibusy[q])
      continue;
    unsigned v = s->ivc[q];
    if (s->cnt[q][v] == 0)
      continue; /* cut-through: the rest of the packet has not arrived yet */
    pop[q][v] = 1;
    if (!s->idrop[q]) {
      unsigned o = s->iout[q];
      send[o] = 1;
      svc[o] = s->iovc[q];
      sdata[o] = front(s, q, v)->word;
      cdec[o][s->iovc[q]] = 1;
    }
    if (s->irem[q] == 0) {
      nibusy[q] = 0;
      if (!s->idrop[q])
        nobusy[s->iout[q]] = 0;
    } else {
      nirem[q] = s->irem[q] - 1;
    }
  }

  /* 3. allocation: input stage (iptr), then one grant per output */
  int pick[APE_MAX_P];
  unsigned req[APE_MAX_P] = {0}; /* bit q: port q's pick asks for output o */
  for (unsigned q = 0; q < P; q++) {
    pick[q] = -1;
    if (s->ibusy[q])
      continue;
    for (unsigned i = 0; i < NV && pick[q] < 0; i++) {
      unsigned v = (s->iptr[q] + i) % NV;
      if (s->cnt[q][v] == 0)
        continue;
      const ape_entry_t *e = front(s, q, v);
      if (!e->is_head || e->route == APE_DROP ||
          (!s->obusy[e->route] && s->cred[e->route][e->ovc] >= (unsigned)e->len + 2))
        pick[q] = (int)v;
    }
    if (pick[q] < 0)
      continue;
    unsigned v = (unsigned)pick[q];
    const ape_entry_t *e = front(s, q, v);
    if (e->is_head && e->route != APE_DROP) {
      req[e->route] |= 1u << q;
      continue;
    }
    /* an orphan or a DROP header starts at once */
    pop[q][v] = 1;
    niptr[q] = (v + 1) % NV;
    if (e->is_head) {
      nibusy[q] = 1;
      nivc[q] = v;
      nidrop[q] = 1;
      nirem[q] = e->len; /* reading 1: the header's pop took one off len + 1 */
    }
  }
  for (unsigned o = 0; o < P; o++) {
    if (!req[o])
      continue;
    unsigned start = s->cfg_arb_fixed ? s->cfg_first % P : s->optr[o];
    unsigned q = 0;
    for (unsigned i = 0; i < P; i++) {
      q = (start + i) % P;
      if (req[o] >> q & 1u)
        break;
    }
    unsigned v = (unsigned)pick[q];
    const ape_entry_t *e = front(s, q, v);
    pop[q][v] = 1;
    niptr[q] = (v + 1) % NV;
    send[o] = 1;
    svc[o] = e->ovc;
    sdata[o] = e->word;
    cdec[o][e->ovc] = 1;
    nobusy[o] = 1;
    if (!s->cfg_arb_fixed)
      noptr[o] = (q + 1) % P;
    nibusy[q] = 1;
    nivc[q] = v;
    nidrop[q] = 0;
    niout[q] = o;
    niovc[q] = e->ovc;
    nirem[q] = e->len; /* reading 1 */
  }

  /* 4. credits, and the output registers */
  ape_rout_t no = s->o;
  unsigned ncred[APE_MAX_P][APE_MAX_VC];
  for (unsigned o = 0; o < P; o++)
    for (unsigned w = 0; w < NV; w++) {
      unsigned c = s->cred[o][w] - cdec[o][w] + (in->cr_in[o] >> w & 1u);
      if (c > D) {
        ev[APE_ERR_CREDIT]++;
        c = D;
      }
      ncred[o][w] = c;
    }
  for (unsigned q = 0; q < P; q++) {
    no.out_valid[q] = send[q];
    if (send[q]) {
      no.out_vc[q] = svc[q];
      no.out_data[q] = sdata[q];
    }
    no.cr_out[q] = 0;
    for (unsigned v = 0; v < NV; v++)
      no.cr_out[q] |= pop[q][v] << v;
  }
  const uint64_t emax = mask64(p->ew);
  for (unsigned k = 0; k < APE_NERR; k++) {
    uint64_t e = (uint64_t)s->o.err[k] + ev[k];
    no.err[k] = (uint32_t)(e > emax ? emax : e);
  }

  /* the edge */
  for (unsigned q = 0; q < P; q++) {
    for (unsigned v = 0; v < NV; v++) {
      unsigned w = wr[q] && wvc[q] == v;
      if (w)
        r->fifo[(q * NV + v) * D + (r->rd[q][v] + r->cnt[q][v]) % D] = went[q];
      if (pop[q][v])
        r->rd[q][v] = (r->rd[q][v] + 1) % D;
      r->cnt[q][v] = r->cnt[q][v] + w - pop[q][v];
      r->wrem[q][v] = nwrem[q][v];
      r->cred[q][v] = ncred[q][v];
    }
    r->ibusy[q] = nibusy[q];
    r->ivc[q] = nivc[q];
    r->idrop[q] = nidrop[q];
    r->iout[q] = niout[q];
    r->iovc[q] = niovc[q];
    r->irem[q] = nirem[q];
    r->iptr[q] = niptr[q];
    r->obusy[q] = nobusy[q];
    r->optr[q] = noptr[q];
  }
  r->cfg_order = in->cfg_order & 1u;
  r->cfg_arb_fixed = in->cfg_arb_fixed & 1u;
  r->cfg_first = in->cfg_first & 7u;
  r->o = no;
}
