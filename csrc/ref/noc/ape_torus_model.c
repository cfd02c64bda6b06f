/*
 * ape_torus_model.c - cycle-exact model of the XS x YS torus of ape_router models
 * (ape_torus_model.h). Every output of a router is a register, so the links are plain wires:
 * every router's inputs of a cycle are taken from its neighbours' registered outputs at the
 * start of the cycle (and the torus's inputs at the local ports), then every router is clocked.
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
  if (!m)
    return -1;
  memset(m, 0, sizeof *m);
  if (ape_params_check(p))
    return -1;
  m->p = *p;
  m->n = p->xs * p->ys;
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
  return 0;
}

void ape_torus_free(ape_torus_t *m) {
  if (!m)
    return;
  if (m->r)
    for (unsigned k = 0; k < m->n; k++)
      ape_router_free(&m->r[k]);
  free(m->r);
  free(m->ro);
  m->r = NULL;
  m->ro = NULL;
  m->n = 0;
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
  }
}

void ape_torus_clock(ape_torus_t *m, const ape_tin_t *in) {
  const unsigned L = m->p.nloc;
  /* m->ro holds every router's outputs at the start of the cycle */
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
      const ape_rout_t *no = &m->ro[nb];
      unsigned back = opposite(o);
      /* input o is fed by the neighbour's output back; output o's credits come from its input
       * back */
      ri.in_valid[o] = no->out_valid[back];
      ri.in_vc[o] = no->out_vc[back];
      ri.in_data[o] = no->out_data[back];
      ri.cr_in[o] = no->cr_out[back];
    }
    ri.cfg_order = in->cfg_order;
    ri.cfg_arb_fixed = in->cfg_arb_fixed;
    ri.cfg_first = in->cfg_first;
    ape_router_clock(&m->r[k], &ri);
  }
  for (unsigned k = 0; k < m->n; k++)
    ape_router_comb(&m->r[k], &m->ro[k]);
}
