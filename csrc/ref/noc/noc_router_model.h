/*
 * noc_router_model.h - cycle-exact model of rtl/noc/noc_router.v #(XS, YS, V, D, PW, NCLS,
 * ROUTING, EW, LOWLAT, TORUS): the Nebula mesh router. docs/noc/noc_router.md is the contract (flit
 * format, ports, the five stages or, with LOWLAT 1, the three-cycle pipeline, routing, errors).
 *
 * noc_router_comb() gives the outputs visible in the current cycle (all registered: they depend
 * on the state only); noc_router_clock() is the rising edge that ends the cycle, with the inputs
 * of that cycle.
 */
#ifndef REF_NOC_ROUTER_MODEL_H
#define REF_NOC_ROUTER_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NOC_P 5 /* ports: local, north, east, south, west */
enum { NOC_LOCAL, NOC_NORTH, NOC_EAST, NOC_SOUTH, NOC_WEST };
enum { NOC_XY = 0, NOC_WEST_FIRST = 1 };
enum { NOC_ERR_OVERFLOW, NOC_ERR_VC, NOC_ERR_ROUTE, NOC_ERR_NOHEAD, NOC_ERR_CREDIT, NOC_NERR };
enum { NOC_IDLE, NOC_ROUTING, NOC_WAITING, NOC_ACTIVE };
#define NOC_DRAIN 5u /* route of a VC draining a bad packet */
#define NOC_MAX_V 16u
#define NOC_MAX_D 64u
#define NOC_MAX_XS 16u

typedef struct {
  unsigned xs, ys;  /* mesh size, 1 .. 16 */
  unsigned v, d;    /* VCs per input port (1 .. 8), flits per VC (2 .. 64) */
  unsigned pw;      /* payload bits, 1 .. 32 */
  unsigned ncls;    /* message classes, 1 .. v, v % ncls == 0 */
  unsigned routing; /* NOC_XY or NOC_WEST_FIRST */
  unsigned ew;      /* error counter bits, 1 .. 32 */
  unsigned lowlat;  /* 0: five stages; 1: RC at BW, speculative SA (three cycles a router) */
  unsigned torus;   /* 1: a router of a torus: XY the shorter way round, VC halves (XY only) */
} noc_params_t;

/* The RTL defaults: XS 4, YS 4, V 4, D 16, PW 32, NCLS 2, ROUTING 0, EW 16, LOWLAT 0,
 * TORUS 0. */
noc_params_t noc_default_params(void);
int noc_params_check(const noc_params_t *p); /* 0 when legal, else -1 */

/* Field widths of docs/noc/noc_router.md "Parameters". */
typedef struct {
  unsigned xw, yw, vcw, cw, fw;
} noc_widths_t;
noc_widths_t noc_widths(const noc_params_t *p);

typedef struct {
  unsigned head, tail, vc, cls, dst_x, dst_y;
  uint32_t payload;
} noc_flit_t;

/* A flit as its FW bits (fields masked to their widths). */
uint64_t noc_flit_pack(const noc_params_t *p, const noc_flit_t *f);
noc_flit_t noc_flit_unpack(const noc_params_t *p, uint64_t bits);

typedef struct { /* the inputs of one cycle */
  unsigned my_x, my_y;
  unsigned in_valid[NOC_P];
  uint64_t in_flit[NOC_P];
  unsigned cr_in[NOC_P]; /* bit w: a credit for output port o's VC w */
} noc_rin_t;

typedef struct { /* the outputs of one cycle (registers) */
  unsigned out_valid[NOC_P];
  uint64_t out_flit[NOC_P];
  unsigned cr_out[NOC_P]; /* bit v: input port p's VC v popped a flit last cycle */
  uint32_t err[NOC_NERR];
} noc_rout_t;

enum { NOC_RC_OK, NOC_RC_CLASS, NOC_RC_MISROUTE }; /* LOWLAT: what RC at BW found */

typedef struct {
  uint64_t buf[NOC_MAX_D];
  uint8_t lroute[NOC_MAX_D]; /* LOWLAT: per entry, the route computed at BW (heads only) */
  uint8_t lerr[NOC_MAX_D];   /* LOWLAT: per entry, NOC_RC_OK / _CLASS / _MISROUTE (heads only) */
  unsigned rd, cnt;          /* front index, level */
  unsigned state, route, ovc;
} noc_ivc_t;

typedef struct {
  noc_params_t p;
  noc_widths_t w;
  noc_ivc_t ivc[NOC_P][NOC_MAX_V];
  unsigned busy[NOC_P][NOC_MAX_V];
  unsigned credits[NOC_P][NOC_MAX_V];
  unsigned va_ptr[NOC_P][NOC_MAX_V]; /* over requesters p * V + v */
  unsigned sa_in_ptr[NOC_P];         /* over an input port's VCs */
  unsigned sa_out_ptr[NOC_P];        /* over the input ports */
  unsigned sa_valid[NOC_P], sa_out[NOC_P];
  uint64_t sa_flit[NOC_P];
  noc_rout_t o; /* the output registers */
} noc_router_t;

int noc_router_init(noc_router_t *r, const noc_params_t *p); /* -1: bad params */
void noc_router_comb(const noc_router_t *r, noc_rout_t *out);
void noc_router_clock(noc_router_t *r, const noc_rin_t *in);

/* Route computation alone (docs/noc/noc_router.md "Routing"), for a head of class cls arriving
 * on input port `in_port` at (x, y) for (dst_x, dst_y), given the output VCs' credits:
 * the output port, or -1 when misrouted. */
int noc_route(const noc_params_t *p, unsigned x, unsigned y, unsigned in_port, unsigned cls,
              unsigned dst_x, unsigned dst_y, const unsigned credits[NOC_P][NOC_MAX_V]);

/* TORUS: the VCs a head routed to output o at (x, y) for (dst_x, dst_y) may be given, of class
 * cls's set: [*lo, *hi). A hop on a ring takes the upper half while the destination is ahead
 * without crossing the wrap link, the lower half otherwise; the local port (and any mesh, or a
 * class of one VC) the whole set. */
void noc_vc_range(const noc_params_t *p, unsigned x, unsigned y, unsigned o, unsigned cls,
                  unsigned dst_x, unsigned dst_y, unsigned *lo, unsigned *hi);

#ifdef __cplusplus
}
#endif
#endif
