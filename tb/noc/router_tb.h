/*
 * router_tb.h - the lockstep harness of the noc_router tests (test_noc_router.c,
 * test_noc_router_v16.c): a router top of tb/noc/tops.txt against noc_router_model, every output
 * every cycle, five neighbours sending packets within their credits (and, on request, every
 * kind of error a neighbour can make) and five sinks returning credits at random.
 */
#ifndef TB_NOC_ROUTER_TB_H
#define TB_NOC_ROUTER_TB_H

#include <stdint.h>

#include "harness.h"
#include "noc_router_model.h"
#include "prng.h"

typedef struct {
  const char *top;
  noc_params_t p;
  unsigned x, y; /* where the router sits: every port has a neighbour */
} router_top_t;

typedef enum {
  ERR_NONE = 0,
  ERR_BADVC,    /* a vc the port does not have */
  ERR_OVERFLOW, /* a flit without a credit */
  ERR_MISROUTE, /* a head that moved away from its destination, or off the mesh */
  ERR_NOHEAD,   /* a body flit on an idle VC */
  ERR_CREDIT,   /* a credit the router never gave */
  ERR_CLASS,    /* a head on a VC its class does not own */
  ERR_KINDS
} inj_err_t;

typedef struct {
  uint64_t flits_in, flits_out, errs_injected[ERR_KINDS], cycles;
  uint32_t err_count[NOC_NERR]; /* the router's counters at the end (the RTL's: lockstep) */
} router_stats_t;

/* cycles of lockstep; p_err: the chance a neighbour's flit or credit is one of the errors */
void router_run(const router_top_t *rt, unsigned cycles, double p_err, prng_t *r,
                router_stats_t *st);
/* router_random's checks on one top: legal traffic, everything out, no error counted */
void router_check_random(const router_top_t *rt, prng_t *r);
/* router_errors' checks on one top: every kind of error injected and counted */
void router_check_errors(const router_top_t *rt, prng_t *r);

#endif
