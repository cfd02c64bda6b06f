/*
 * scoc_sched_model.h - cycle-exact model of the SCOC scheduler rtl/scoc scoc_sched #(N, M, MT, QD,
 * LW, TW): the request, grant and accept units of docs/scoc/index.md (the contract; the choices
 * made where it is not explicit are listed at the top of scoc_sched_model.c).
 *
 * Cycle 0 is the first cycle after reset; cycle c belongs to timeslice c mod M.
 * scoc_model_outputs() gives the registered outputs visible in the current cycle (they
 * depend on the state only); scoc_model_clock() is the rising edge that ends the cycle,
 * with the inputs of that cycle. Ports are global indices 0 .. N-1 (input group p / M,
 * local port p % M); likewise outputs (output group o / M, local output o % M).
 */
#ifndef REF_SCOC_MODEL_H
#define REF_SCOC_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SCOC_MAX_N 1024u /* the SUE spec's 1024 XPUs */
#define SCOC_MAX_R 256u  /* groups (8-bit group pointers): N = 1024 needs M >= 4 */
#define SCOC_MAX_M 16u
#define SCOC_MAX_QD 32u

typedef struct {
  unsigned n, m, mt, qd, lw, tw; /* N, M, MT, QD, LW, TW */
} scoc_params_t;

/* The RTL defaults: N 32, M 4, MT 4, QD 16, LW 4, TW 4. */
scoc_params_t scoc_default_params(void);
/* 0 when the parameters are legal (the table of docs/scoc/index.md), else -1. */
int scoc_params_check(const scoc_params_t *p);
/* D: the smallest multiple of M that is >= 4 (request to first word, cycles). */
unsigned scoc_d(unsigned m);

typedef struct { /* inputs of one cycle, arrays indexed by port */
  uint8_t enq_valid[SCOC_MAX_N];
  uint16_t enq_dst[SCOC_MAX_N];
  uint16_t enq_len[SCOC_MAX_N];
  uint16_t enq_tag[SCOC_MAX_N];
  uint8_t out_room[SCOC_MAX_N];
} scoc_in_t;

typedef struct { /* the registered outputs visible in this cycle (before the edge) */
  uint8_t req[SCOC_MAX_R][SCOC_MAX_N];     /* [input group][destination] */
  uint8_t req_cnt[SCOC_MAX_R][SCOC_MAX_N]; /* weightage */
  uint8_t gnt_valid[SCOC_MAX_R], gnt_out[SCOC_MAX_R], gnt_ig[SCOC_MAX_R];     /* [output group] */
  uint8_t acc_valid[SCOC_MAX_R], acc_port[SCOC_MAX_R], acc_route[SCOC_MAX_R]; /* [input group] */
  uint16_t acc_out[SCOC_MAX_R], acc_len[SCOC_MAX_R], acc_tag[SCOC_MAX_R];
  uint8_t arr_count[SCOC_MAX_N];
} scoc_out_t;

typedef struct {
  uint16_t dst, len, tag;
} scoc_entry_t;

/* All the registers (fixed maximum sizes; only the first N / R / M are used). */
typedef struct {
  /* request arrays, oldest at index 0 */
  scoc_entry_t arr[SCOC_MAX_N][SCOC_MAX_QD];
  uint8_t arr_n[SCOC_MAX_N];
  /* down-counters rem (cycles until the last word of the current transfer) */
  uint16_t rem_p[SCOC_MAX_N][SCOC_MAX_M];  /* input port, per route */
  uint16_t rem_ig[SCOC_MAX_R][SCOC_MAX_M]; /* input group route link */
  uint16_t rem_o[SCOC_MAX_N];              /* output port */
  uint16_t rem_og[SCOC_MAX_R][SCOC_MAX_M]; /* output group route link */
  /* registered requests [input group][destination], double-buffered: [cur] is the register,
   * [cur ^ 1] what the request unit computes this cycle. Only the destinations listed in
   * touched[] are non-zero, and col[][d] has bit g set when req[][g][d] is: the model costs
   * O(requests), not O(R x N), per cycle (the benchmarks run N = 256). */
  uint8_t req[2][SCOC_MAX_R][SCOC_MAX_N], cnt[2][SCOC_MAX_R][SCOC_MAX_N];
  uint16_t touched[2][SCOC_MAX_R][SCOC_MAX_M * SCOC_MAX_QD];
  uint16_t ntouched[2][SCOC_MAX_R];
  uint64_t col[2][SCOC_MAX_N][SCOC_MAX_R / 64];
  unsigned cur;
  /* grant unit, per output */
  uint8_t ptr[SCOC_MAX_N], rep[SCOC_MAX_N], last[SCOC_MAX_N], fresh[SCOC_MAX_N];
  uint8_t acc_any[SCOC_MAX_N];
  uint8_t wt[SCOC_MAX_N][SCOC_MAX_R]; /* [output][input group] */
  /* OLF matrix per output group: olf[G][i] bit j = local output i has priority over j */
  uint16_t olf[SCOC_MAX_R][SCOC_MAX_M];
  /* registered grants, per output group */
  uint8_t gnt_v[SCOC_MAX_R], gnt_o[SCOC_MAX_R], gnt_g[SCOC_MAX_R];
  /* registered accepts, per input group */
  uint8_t acc_v[SCOC_MAX_R], acc_p[SCOC_MAX_R], acc_r[SCOC_MAX_R];
  uint16_t acc_o[SCOC_MAX_R], acc_len[SCOC_MAX_R], acc_tag[SCOC_MAX_R];
  uint16_t lfsr[SCOC_MAX_R]; /* per input group */
  /* state of the ablated policies only (scoc_model_set_ablate) */
  uint8_t in_rr[SCOC_MAX_R];               /* SCOC_ABL_IN_RR: next local port to serve */
  uint16_t in_olf[SCOC_MAX_R][SCOC_MAX_M]; /* SCOC_ABL_IN_OLF: matrix over local ports */
  uint8_t og_rr[SCOC_MAX_R];               /* SCOC_ABL_GRANT_GROUP_RR: next input group */
} scoc_state_t;

/* Ablations: each switches one fairness mechanism of the paper off, for the microbenchmarks
 * that show why it is there (docs/scoc/index.md "Fairness mechanisms"). The RTL has none of them.
 */
enum {
  SCOC_ABL_NO_FAKE = 1u << 0,        /* a port that is not available requests nothing (X1, X6) */
  SCOC_ABL_IN_RR = 1u << 1,          /* input intra-group: round-robin over ports (X2) */
  SCOC_ABL_IN_OLF = 1u << 2,         /* input intra-group: least recently accepted port (X3) */
  SCOC_ABL_GRANT_GROUP_RR = 1u << 3, /* output group: RR over input groups first (X4) */
  SCOC_ABL_NO_WEIGHT = 1u << 4,      /* weightage counts read as 0 (X5) */
  /* a port requests only once its transfers have ended, not D cycles before (threshold 1
   * instead of D at the request); with NO_FAKE and MT = 1 it gives the paper's X1 */
  SCOC_ABL_LATE_AVAIL = 1u << 5,
};

typedef struct {
  scoc_params_t p;
  unsigned r, d;       /* R = N / M, D */
  uint64_t cyc;        /* cycles since reset: the index of the current cycle */
  uint64_t enq_errors; /* illegal enqueues seen (dropped) */
  unsigned ablate;     /* SCOC_ABL_* flags, 0 = the RTL's scheduler */
  scoc_state_t *s;
} scoc_model_t;

/* Allocates and resets; -1 on illegal parameters or no memory (then m->s is NULL). */
int scoc_model_init(scoc_model_t *m, const scoc_params_t *p);
void scoc_model_free(scoc_model_t *m);
void scoc_model_reset(scoc_model_t *m);
void scoc_model_outputs(const scoc_model_t *m, scoc_out_t *o); /* state -> outputs */
void scoc_model_clock(scoc_model_t *m, const scoc_in_t *in);   /* one rising edge */
/* Switches mechanisms off (SCOC_ABL_* flags); call after init, before the first clock. */
void scoc_model_set_ablate(scoc_model_t *m, unsigned flags);

/* The registered accept of input group g this cycle (what scoc_model_outputs() shows as
 * acc_*), without building the whole output set: 1 and its fields, or 0. out is global. */
unsigned scoc_model_accept(const scoc_model_t *m, unsigned g, unsigned *port, unsigned *out,
                           unsigned *route, unsigned *len, unsigned *tag);

/* Inspection for tests and statistics. */
uint64_t scoc_model_cycle(const scoc_model_t *m); /* index of the current cycle */
unsigned scoc_model_arr_count(const scoc_model_t *m, unsigned port);
/* Entry idx (0 = oldest) of a port's array: 1 and its fields, or 0 when idx >= count. */
unsigned scoc_model_arr(const scoc_model_t *m, unsigned port, unsigned idx, unsigned *dst,
                        unsigned *len, unsigned *tag);
/* 1 when an enqueue into the port this cycle is legal: the array is not full (at the start
 * of the cycle, whatever the accepts of the cycle). */
int scoc_model_can_enq(const scoc_model_t *m, unsigned port);
/* 1 when the fields of an enqueue are legal: dst < N, 1 <= len < 2^LW, tag < 2^TW. */
int scoc_model_enq_fields_ok(const scoc_model_t *m, unsigned dst, unsigned len, unsigned tag);
/* Counters (rem) at the start of the current cycle. */
unsigned scoc_model_rem_port(const scoc_model_t *m, unsigned port, unsigned route);
unsigned scoc_model_rem_ig(const scoc_model_t *m, unsigned group, unsigned route);
unsigned scoc_model_rem_out(const scoc_model_t *m, unsigned out);
unsigned scoc_model_rem_og(const scoc_model_t *m, unsigned group, unsigned route);
/* Grant-unit state of output o: next-to-serve pointer and repeat count. */
unsigned scoc_model_ptr(const scoc_model_t *m, unsigned out);
unsigned scoc_model_rep(const scoc_model_t *m, unsigned out);
/* The LFSR of input group g at the start of the current cycle. */
unsigned scoc_model_lfsr(const scoc_model_t *m, unsigned group);

#ifdef __cplusplus
}
#endif
#endif
