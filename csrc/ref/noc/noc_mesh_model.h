/*
 * noc_mesh_model.h - cycle-exact model of rtl/noc/noc_mesh.v #(XS, YS, V, D, PW, NCLS, ROUTING,
 * EW, LOWLAT, TORUS): XS x YS noc_router models wired as the RTL wires them (docs/noc/index.md
 * "Mesh").
 *
 * Node n = y * XS + x. Router n's output port east feeds router n+1's input port west (and its
 * credits go back the other way), north feeds the router at y + 1's south, and so on; a port at
 * the mesh's edge has nothing on its input and no credits returning. TORUS 1: no edge, the wrap
 * links join x = XS - 1 to x = 0 and y = YS - 1 to y = 0 (a dimension of size 1 has none). The
 * local ports are the mesh's: inj_* into router n's local input, ej_* out of its local output.
 */
#ifndef REF_NOC_MESH_MODEL_H
#define REF_NOC_MESH_MODEL_H

#include "noc_router_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NOC_MAX_N 256u /* 16 x 16 */

typedef struct { /* the mesh's inputs of one cycle */
  unsigned inj_valid[NOC_MAX_N];
  uint64_t inj_flit[NOC_MAX_N];
  unsigned ej_cr[NOC_MAX_N]; /* bit w: the sink at node n frees a slot of VC w */
} noc_min_t;

typedef struct { /* the mesh's outputs of one cycle (registers) */
  unsigned ej_valid[NOC_MAX_N];
  uint64_t ej_flit[NOC_MAX_N];
  unsigned inj_cr[NOC_MAX_N]; /* bit v: router n's local input VC v popped a flit */
  uint32_t err[NOC_MAX_N][NOC_NERR];
} noc_mout_t;

typedef struct {
  noc_params_t p;
  unsigned n;
  noc_router_t *r; /* n routers */
  noc_rout_t *ro;  /* their outputs at the start of the cycle */
} noc_mesh_t;

int noc_mesh_init(noc_mesh_t *m, const noc_params_t *p); /* -1: bad params or no memory */
void noc_mesh_free(noc_mesh_t *m);
void noc_mesh_comb(const noc_mesh_t *m, noc_mout_t *out);
void noc_mesh_clock(noc_mesh_t *m, const noc_min_t *in);

/* The neighbour of node n through port o (NOC_NORTH .. NOC_WEST), or -1 at the edge (with
 * TORUS, through a wrap link). */
int noc_mesh_neighbour(const noc_params_t *p, unsigned n, unsigned o);

#ifdef __cplusplus
}
#endif
#endif
