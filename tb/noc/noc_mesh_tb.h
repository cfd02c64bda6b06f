/*
 * noc_mesh_tb.h - the harness of the mesh tests (test_noc_mesh.c, test_noc_mesh_large.c): a mesh
 * top of tb/noc/tops.txt in lockstep with noc_mesh_model, every output every cycle (each ejected
 * flit, each credit back to a source, every router's error counters), driven by the traffic of
 * csrc/lib/noc/noc_traffic.c with its scoreboard (nothing lost, duplicated, corrupted or
 * misrouted) and a no-progress watchdog (deadlock).
 */
#ifndef TB_NOC_MESH_TB_H
#define TB_NOC_MESH_TB_H

#include "noc_mesh_model.h"
#include "noc_traffic.h"

typedef struct { /* a mesh top of tb/noc/tops.txt and its parameters */
  const char *top;
  noc_params_t p;
} mesh_top_t;

typedef struct {
  noc_pattern_t pat;
  double rate;      /* offered flits per node per cycle */
  unsigned max_len; /* packets of 1 .. max_len flits */
  double p_sink;    /* a sink frees a flit per cycle with this probability */
  unsigned cycles;  /* of traffic, then the mesh drains */
  unsigned q_cap;   /* packets waiting per source (0: unbounded) */
} run_cfg_t;

/* A traffic state is megabytes (a queue per node): on the heap, not a coroutine's stack. */
noc_traffic_t *mesh_traffic_new(void);
/* One run: traffic for rc->cycles, then drained; fails the test on any difference from the
 * model, a scoreboard violation, an error counted, a packet not delivered or the watchdog.
 * *t holds the totals after (noc_traffic_free it). Skips the test if the top is not built. */
void mesh_run(const char *top, const run_cfg_t *rc, noc_traffic_t *t);
void mesh_run_checked(const char *top, const run_cfg_t *rc);
/* The same in lockstep, but the watchdog ends the run: 1 when it fired (a deadlock), 0 when
 * the traffic drained with every check of mesh_run passed. */
int mesh_run_deadlocks(const char *top, const run_cfg_t *rc);
/* Zero load (one-flit packets at 0.004 flits/node/cycle): 5 cycles a router on the path. */
void mesh_zero_load(const char *top);

#endif
