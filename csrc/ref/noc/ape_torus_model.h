/*
 * ape_torus_model.h - cycle-exact model of rtl/noc/ape_torus.v #(XS, YS, NLOC, NVC, W, D, MAXP,
 * EW, LINK, FW, FIDW, FC_DEPTH, LOCK, UNLOCK): XS x YS ape_router models wired as
 * docs/noc/ape_router.md "ape_torus" wires them, directly (LINK 0) or through an APElink end at
 * each port (LINK 1: apelink_model; LINK 2: apelink_rifl_model, over RIFL lanes).
 *
 * Node n = y * XS + x. Output 0 (X+) of (x, y) drives input 1 (X-) of ((x + 1) mod XS, y),
 * output 1 drives input 0 of ((x - 1) mod XS, y), output 2 (Y+) drives input 3 of
 * (x, (y + 1) mod YS), output 3 drives input 2 of (x, (y - 1) mod YS); every input's cr_out goes
 * back to the output that feeds it. The ports of a dimension of size 1 are tied off (no words,
 * no credits). Local port l of node n is the torus's injection / ejection port n * NLOC + l.
 *
 * ape_tin_t and ape_tout_t hold the largest torus (256 nodes x 4 local ports), about 30 KB
 * each: keep them on the heap or static, not on a small stack.
 */
#ifndef REF_APE_TORUS_MODEL_H
#define REF_APE_TORUS_MODEL_H

#include "ape_router_model.h"
#include "apelink_model.h"
#include "apelink_rifl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define APE_MAX_N 256u                       /* 16 x 16 */
#define APE_MAX_NL (APE_MAX_N * APE_MAX_LOC) /* local ports of the largest torus */

typedef struct { /* the torus's inputs of one cycle, local port index n * NLOC + l */
  unsigned inj_valid[APE_MAX_NL];
  unsigned inj_vc[APE_MAX_NL];
  ape_word_t inj_data[APE_MAX_NL];
  unsigned ej_cr[APE_MAX_NL]; /* bit w: the sink freed a word of VC w */
  unsigned cfg_order, cfg_arb_fixed, cfg_first;
  unsigned cfg_tred; /* LINK 1, 2: every APElink's TRED */
} ape_tin_t;

typedef struct { /* the torus's outputs of one cycle (registers) */
  unsigned ej_valid[APE_MAX_NL];
  unsigned ej_vc[APE_MAX_NL];
  ape_word_t ej_data[APE_MAX_NL];
  unsigned inj_cr[APE_MAX_NL]; /* bit v: the local input VC v popped a word */
  uint32_t err[APE_MAX_N][APE_NERR];
  uint32_t link_err[APE_MAX_N][4][APL_NERR]; /* the APElink end at node n's port k (LINK 1, 2) */
  unsigned link_up[APE_MAX_N][4];            /* 1 up (LINK 0, 1: a link that exists), 0 not */
} ape_tout_t;

enum { APE_LINK_WIRE, APE_LINK_APELINK, APE_LINK_RIFL }; /* LINK */

typedef struct {
  ape_params_t p;
  unsigned n;
  ape_router_t *r; /* n routers */
  ape_rout_t *ro;  /* their outputs at the start of the cycle */
  unsigned link;   /* APE_LINK_* */
  apl_t *apl;      /* LINK 1: the end at node n's port k is apl[n * 4 + k] */
  alr_t *alr;      /* LINK 2: alr[n * 4 + k] */
} ape_torus_t;

int ape_torus_init(ape_torus_t *m, const ape_params_t *p); /* LINK 0; -1: bad params, memory */
/* Any LINK; for LINK 2, lane holds the RIFL lanes' parameters (its link part is ignored: the
 * APElinks take W, NVC, D, MAXP and EW from p). -1: bad params or no memory. */
int ape_torus_init_link(ape_torus_t *m, const ape_params_t *p, unsigned link,
                        const alr_params_t *lane);
void ape_torus_free(ape_torus_t *m);
void ape_torus_comb(const ape_torus_t *m, ape_tout_t *out);
void ape_torus_clock(ape_torus_t *m, const ape_tin_t *in);

/* The node that output o (APE_XP .. APE_YM) of node n drives, which is also the node whose
 * output opposite to o drives n's input o; -1 for a tied-off port (dimension of size 1), a
 * local port or n off the torus. */
int ape_torus_neighbour(const ape_params_t *p, unsigned n, unsigned o);

#ifdef __cplusplus
}
#endif
#endif
