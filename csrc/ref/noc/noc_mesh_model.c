/*
 * noc_mesh_model.c - cycle-exact model of the XS x YS mesh of noc_router models
 * (noc_mesh_model.h). Every router's inputs of a cycle are its neighbours' registered outputs
 * at the start of the cycle (and the mesh's inputs at the local ports): all of them are taken
 * first, then every router is clocked.
 */
#include "noc_mesh_model.h"

#include <stdlib.h>
#include <string.h>

int noc_mesh_neighbour(const noc_params_t *p, unsigned n, unsigned o) {
  unsigned x = n % p->xs, y = n / p->xs, nx = x, ny = y;
  if (n >= p->xs * p->ys)
    return -1;
  /* TORUS: no edge, each row and column a ring; a ring of one node has no link */
  switch (o) {
  case NOC_NORTH:
    if (y + 1 < p->ys || (p->torus && p->ys > 1))
      ny = (y + 1) % p->ys;
    break;
  case NOC_EAST:
    if (x + 1 < p->xs || (p->torus && p->xs > 1))
      nx = (x + 1) % p->xs;
    break;
  case NOC_SOUTH:
    if (y > 0 || (p->torus && p->ys > 1))
      ny = (y + p->ys - 1) % p->ys;
    break;
  case NOC_WEST:
    if (x > 0 || (p->torus && p->xs > 1))
      nx = (x + p->xs - 1) % p->xs;
    break;
  default:
    return -1;
  }
  return nx == x && ny == y ? -1 : (int)(ny * p->xs + nx);
}

/* The port of the neighbour through o that faces back: north <-> south, east <-> west. */
static unsigned opposite(unsigned o) {
  return o == NOC_NORTH   ? NOC_SOUTH
         : o == NOC_SOUTH ? NOC_NORTH
         : o == NOC_EAST  ? NOC_WEST
                          : NOC_EAST;
}

int noc_mesh_init(noc_mesh_t *m, const noc_params_t *p) {
  if (!m)
    return -1;
  memset(m, 0, sizeof *m);
  if (noc_params_check(p))
    return -1;
  m->p = *p;
  m->n = p->xs * p->ys;
  m->r = calloc(m->n, sizeof *m->r);
  m->ro = calloc(m->n, sizeof *m->ro);
  if (!m->r || !m->ro) {
    noc_mesh_free(m);
    return -1;
  }
  for (unsigned k = 0; k < m->n; k++) {
    noc_router_init(&m->r[k], p);
    noc_router_comb(&m->r[k], &m->ro[k]);
  }
  return 0;
}

void noc_mesh_free(noc_mesh_t *m) {
  if (!m)
    return;
  free(m->r);
  free(m->ro);
  m->r = NULL;
  m->ro = NULL;
  m->n = 0;
}

void noc_mesh_comb(const noc_mesh_t *m, noc_mout_t *out) {
  memset(out, 0, sizeof *out);
  for (unsigned k = 0; k < m->n; k++) {
    const noc_rout_t *o = &m->ro[k];
    out->ej_valid[k] = o->out_valid[NOC_LOCAL];
    out->ej_flit[k] = o->out_flit[NOC_LOCAL];
    out->inj_cr[k] = o->cr_out[NOC_LOCAL];
    memcpy(out->err[k], o->err, sizeof o->err);
  }
}

void noc_mesh_clock(noc_mesh_t *m, const noc_min_t *in) {
  /* m->ro holds every router's outputs at the start of the cycle */
  for (unsigned k = 0; k < m->n; k++) {
    noc_rin_t ri;
    memset(&ri, 0, sizeof ri);
    ri.my_x = k % m->p.xs;
    ri.my_y = k / m->p.xs;
    ri.in_valid[NOC_LOCAL] = in->inj_valid[k];
    ri.in_flit[NOC_LOCAL] = in->inj_flit[k];
    ri.cr_in[NOC_LOCAL] = in->ej_cr[k];
    for (unsigned o = NOC_NORTH; o <= NOC_WEST; o++) {
      int nb = noc_mesh_neighbour(&m->p, k, o);
      if (nb < 0)
        continue;
      const noc_rout_t *no = &m->ro[nb];
      unsigned back = opposite(o);
      ri.in_valid[o] = no->out_valid[back];
      ri.in_flit[o] = no->out_flit[back];
      ri.cr_in[o] = no->cr_out[back];
    }
    noc_router_clock(&m->r[k], &ri);
  }
  for (unsigned k = 0; k < m->n; k++)
    noc_router_comb(&m->r[k], &m->ro[k]);
}
