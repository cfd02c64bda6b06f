/*
 * ape_torus_model.c - cycle-exact model of the XS x YS torus of ape_router models
 * (ape_torus_model.h). Every output of a router is a register, so the links are plain wires:
 * every router's inputs of a cycle are taken from its neighbours' registered outputs at the
 * start of the cycle (and the torus's inputs at the local ports), then every router is clocked.
 * With APElinks (LINK 1, 2) every output of an end is a register too (apelink's; a RIFL lane's
 * gt_tx_data and link_up), so the same holds with an end between each router port and the wire.
 */
#include "ape_torus_model.h"

#include <stdlib.h>
#include <string.h>

int ape_torus_neighbour(const ape_params_t *p, unsigned n, unsigned o) {
  if (n >= p->xs * p->ys)
    return -1;
  unsigned x = n % p->xs, y = n / p->xs;
  switch (o) {
  case APE_XP:
    return p->xs > 1 ? (int)(y * p->xs + (x + 1) % p->xs) : -1;
  case APE_XM:
    return p->xs > 1 ? (int)(y * p->xs + (x + p->xs - 1) % p->xs) : -1;
  case APE_YP:
    return p->ys > 1 ? (int)((y + 1) % p->ys * p->xs + x) : -1;
  case APE_YM:
    return p->ys > 1 ? (int)((y + p->ys - 1) % p->ys * p->xs + x) : -1;
  default:
    return -1;
  }
}

/* X+ <-> X-, Y+ <-> Y-: the port of the neighbour that faces back. */
static unsigned opposite(unsigned o) { return o ^ 1u; }

int ape_torus_init(ape_torus_t *m, const ape_params_t *p) {
  return ape_torus_init_link(m, p, APE_LINK_WIRE, NULL);
}

/* Whether port o (APE_XP .. APE_YM) of every node has a link: its dimension has two nodes or
 * more. */
static int has_link(const ape_params_t *p, unsigned o) { return (o < APE_YP ? p->xs : p->ys) > 1; }

int ape_torus_init_link(ape_torus_t *m, const ape_params_t *p, unsigned link,
                        const alr_params_t *lane) {
  if (!m)
    return -1;
  memset(m, 0, sizeof *m);
  if (ape_params_check(p) || link > APE_LINK_RIFL || (link == APE_LINK_RIFL && !lane))
    return -1;
  m->p = *p;
  m->n = p->xs * p->ys;
  m->link = link;
  m->r = calloc(m->n, sizeof *m->r);
  m->ro = calloc(m->n, sizeof *m->ro);
  if (!m->r || !m->ro) {
    ape_torus_free(m);
    return -1;
  }
  for (unsigned k = 0; k < m->n; k++) {
    if (ape_router_init(&m->r[k], p, k % p->xs, k / p->xs)) {
      ape_torus_free(m);
      return -1;
    }
    ape_router_comb(&m->r[k], &m->ro[k]);
  }
  apl_params_t lp = {p->w, p->nvc, p->d, p->maxp, p->ew};
  if (link == APE_LINK_APELINK) {
    m->apl = calloc(m->n * 4, sizeof *m->apl);
    if (!m->apl) {
      ape_torus_free(m);
      return -1;
    }
    for (unsigned e = 0; e < m->n * 4; e++)
      if (apl_init(&m->apl[e], &lp)) {
        ape_torus_free(m);
        return -1;
      }
  } else if (link == APE_LINK_RIFL) {
    m->alr = calloc(m->n * 4, sizeof *m->alr);
    if (!m->alr) {
      ape_torus_free(m);
      return -1;
    }
    alr_params_t ap = *lane;
    ap.link = lp;
    for (unsigned e = 0; e < m->n * 4; e++)
      if (alr_init(&m->alr[e], &ap)) {
        ape_torus_free(m);
        return -1;
      }
  }
  return 0;
}

void ape_torus_free(ape_torus_t *m) {
  if (!m)
    return;
  if (m->r)
    for (unsigned k = 0; k < m->n; k++)
      ape_router_free(&m->r[k]);
  if (m->alr) /* alr_init either succeeded or left the lane freeable (calloc'd) */
    for (unsigned e = 0; e < m->n * 4; e++)
      alr_free(&m->alr[e]);
  free(m->r);
  free(m->ro);
  free(m->apl);
  free(m->alr);
  m->r = NULL;
  m->ro = NULL;
  m->apl = NULL;
  m->alr = NULL;
  m->n = 0;
}

/* What an APElink end shows at the start of a cycle (registers: no input needed). */
typedef struct {
  unsigned rt_cr, lr_valid, lr_vc;
  ape_word_t lr_data;
  unsigned tx_valid, tx_ctrl; /* LINK 1: the wire out */
  apl_word_t tx_data;
  uint64_t gt_tx; /* LINK 2: the transceiver out */
  unsigned up;
  uint32_t err[APL_NERR];
} end_out_t;

static void end_comb(const ape_torus_t *m, unsigned e, end_out_t *eo) {
  memset(eo, 0, sizeof *eo);
  if (m->link == APE_LINK_WIRE) {
    eo->up = 1;
    return;
  }
  if (m->link == APE_LINK_APELINK) {
    apl_out_t o;
    apl_comb(&m->apl[e], &o);
    eo->rt_cr = o.rt_cr;
    eo->lr_valid = o.lr_valid;
    eo->lr_vc = o.lr_vc;
    memcpy(eo->lr_data.w, o.lr_data.w, sizeof eo->lr_data.w);
    eo->tx_valid = o.tx_valid;
    eo->tx_ctrl = o.tx_ctrl;
    eo->tx_data = o.tx_data;
    eo->up = 1;
    memcpy(eo->err, o.err, sizeof eo->err);
    return;
  }
  alr_in_t zero;
  alr_out_t o;
  memset(&zero, 0, sizeof zero);
  alr_comb(&m->alr[e], &zero, &o);
  eo->rt_cr = o.rt_cr;
  eo->lr_valid = o.lr_valid;
  eo->lr_vc = o.lr_vc;
  memcpy(eo->lr_data.w, o.lr_data.w, sizeof eo->lr_data.w);
  eo->gt_tx = o.gt_tx_data;
  eo->up = o.link_up;
  memcpy(eo->err, o.err, sizeof eo->err);
}

void ape_torus_comb(const ape_torus_t *m, ape_tout_t *out) {
  const unsigned L = m->p.nloc;
  memset(out, 0, sizeof *out);
  for (unsigned k = 0; k < m->n; k++) {
    const ape_rout_t *o = &m->ro[k];
    for (unsigned l = 0; l < L; l++) {
      out->ej_valid[k * L + l] = o->out_valid[APE_LOCAL0 + l];
      out->ej_vc[k * L + l] = o->out_vc[APE_LOCAL0 + l];
      out->ej_data[k * L + l] = o->out_data[APE_LOCAL0 + l];
      out->inj_cr[k * L + l] = o->cr_out[APE_LOCAL0 + l];
    }
    memcpy(out->err[k], o->err, sizeof o->err);
    for (unsigned q = APE_XP; q <= APE_YM; q++) {
      end_out_t eo;
      end_comb(m, k * 4 + q, &eo);
      out->link_up[k][q] = has_link(&m->p, q) && eo.up;
      if (has_link(&m->p, q))
        memcpy(out->link_err[k][q], eo.err, sizeof eo.err);
    }
  }
}

void ape_torus_clock(ape_torus_t *m, const ape_tin_t *in) {
  const unsigned L = m->p.nloc;
  /* m->ro holds every router's outputs at the start of the cycle; eo every end's */
  end_out_t *eo = NULL;
  if (m->link != APE_LINK_WIRE) {
    eo = calloc(m->n * 4, sizeof *eo);
    if (!eo)
      abort();
    for (unsigned e = 0; e < m->n * 4; e++)
      end_comb(m, e, &eo[e]);
  }
  for (unsigned k = 0; k < m->n; k++) {
    ape_rin_t ri;
    memset(&ri, 0, sizeof ri);
    for (unsigned l = 0; l < L; l++) {
      ri.in_valid[APE_LOCAL0 + l] = in->inj_valid[k * L + l];
      ri.in_vc[APE_LOCAL0 + l] = in->inj_vc[k * L + l];
      ri.in_data[APE_LOCAL0 + l] = in->inj_data[k * L + l];
      ri.cr_in[APE_LOCAL0 + l] = in->ej_cr[k * L + l];
    }
    for (unsigned o = APE_XP; o <= APE_YM; o++) {
      int nb = ape_torus_neighbour(&m->p, k, o);
      if (nb < 0)
        continue;
      unsigned back = opposite(o);
      if (m->link == APE_LINK_WIRE) {
        /* input o is fed by the neighbour's output back; output o's credits come from its
         * input back */
        const ape_rout_t *no = &m->ro[nb];
        ri.in_valid[o] = no->out_valid[back];
        ri.in_vc[o] = no->out_vc[back];
        ri.in_data[o] = no->out_data[back];
        ri.cr_in[o] = no->cr_out[back];
        continue;
      }
      /* port o's end: between the router and the wire to the far end (nb, back) */
      const unsigned e = k * 4 + o, f = (unsigned)nb * 4 + back;
      const ape_rout_t *ro = &m->ro[k];
      ri.in_valid[o] = eo[e].lr_valid;
      ri.in_vc[o] = eo[e].lr_vc;
      ri.in_data[o] = eo[e].lr_data;
      ri.cr_in[o] = eo[e].rt_cr;
      if (m->link == APE_LINK_APELINK) {
        apl_in_t li;
        memset(&li, 0, sizeof li);
        li.rt_valid = ro->out_valid[o];
        li.rt_vc = ro->out_vc[o];
        memcpy(li.rt_data.w, ro->out_data[o].w, sizeof li.rt_data.w);
        li.lr_cr = ro->cr_out[o];
        li.tx_ready = 1;
        li.rx_valid = eo[f].tx_valid;
        li.rx_ctrl = eo[f].tx_ctrl;
        li.rx_data = eo[f].tx_data;
        li.cfg_tred = in->cfg_tred;
        apl_clock(&m->apl[e], &li);
      } else {
        alr_in_t ai;
        memset(&ai, 0, sizeof ai);
        ai.rt_valid = ro->out_valid[o];
        ai.rt_vc = ro->out_vc[o];
        memcpy(ai.rt_data.w, ro->out_data[o].w, sizeof ai.rt_data.w);
        ai.lr_cr = ro->cr_out[o];
        ai.gt_rx_valid = 1;
        ai.gt_rx_data = eo[f].gt_tx;
        ai.cfg_tred = in->cfg_tred;
        alr_clock(&m->alr[e], &ai);
      }
    }
    ri.cfg_order = in->cfg_order;
    ri.cfg_arb_fixed = in->cfg_arb_fixed;
    ri.cfg_first = in->cfg_first;
    ape_router_clock(&m->r[k], &ri);
  }
  for (unsigned k = 0; k < m->n; k++)
    ape_router_comb(&m->r[k], &m->ro[k]);
  free(eo);
}
