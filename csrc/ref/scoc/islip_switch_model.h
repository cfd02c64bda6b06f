/*
 * islip_switch_model.h - cycle-exact model of the flat iSLIP crossbar rtl/scoc/islip_switch #(N, K,
 * QD, OQ, LW, DW) (docs/scoc/islip_switch.md): input buffers of QD packet slots, per input a
 * request array in age order (the VOQs), the K-iteration iSLIP scheduler in packet mode, the N x N
 * crossbar and output buffers of OQ packets. Seen from its links it is an sw_ops_t (sw_link.h),
 * like the SCOC switch model, so traffic, scoreboards and benchmarks drive either one; the
 * accessors below expose the scheduler's state for lockstep checks and unit tests.
 *
 * Cycle 0 is the first cycle after reset. islip_model_outputs() gives what the links see in the
 * current cycle (a function of the state only); islip_model_clock() is the rising edge that ends
 * the cycle, with the link inputs of that cycle.
 */
#ifndef REF_ISLIP_MODEL_H
#define REF_ISLIP_MODEL_H

#include <stdint.h>

#include "sw_link.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ISLIP_MAX_N SW_MAX_N /* the model; the RTL checks N <= 64 */
#define ISLIP_MAX_QD 256u    /* the model; the RTL checks QD <= 32 */
#define ISLIP_MAX_OQ 64u
#define ISLIP_BSW (ISLIP_MAX_N / 64u) /* 64-bit words of a port bit set */

typedef struct {
  unsigned n, k, qd, oq, lw, dw; /* as the RTL parameters; TW = clog2(QD) */
} islip_params_t;

/* The RTL defaults: N 16, K 1, QD 16, OQ 16, LW 4, DW 32. */
islip_params_t islip_default_params(void);
/* 0 when legal, else -1: 2 <= N <= 1024, 1 <= K <= 4, 2 <= QD <= 256, 2 <= OQ <= 64, 1 <= LW <= 8,
 * 8 <= DW <= 64. The RTL takes N <= 64 and QD <= 32; the model goes beyond for studies (the
 * paper's N = 128, and deep input buffers). */
int islip_params_check(const islip_params_t *p);

typedef struct {
  uint16_t dst, len, tag;
} islip_entry_t;

typedef struct islip_state islip_state_t; /* the registers, in islip_switch_model.c */

typedef struct {
  islip_params_t p;
  unsigned nw, tw, pmax, slotw; /* bits of a port / tag, words per packet at most, per slot */
  uint64_t cyc;                 /* index of the current cycle */
  uint32_t err_len, err_dst;    /* drop counters (32-bit, as the RTL ports) */
  uint64_t violations;          /* broken guarantees that the RTL asserts (must stay 0) */
  islip_state_t *s;
} islip_model_t;

/* Allocates and resets; -1 on illegal parameters or no memory (then m->s is NULL). */
int islip_model_init(islip_model_t *m, const islip_params_t *p);
void islip_model_free(islip_model_t *m);
void islip_model_reset(islip_model_t *m);
/* What the links see this cycle (functions of the state only). out_data / out_last are
 * meaningful only where out_valid (0 elsewhere). */
void islip_model_outputs(const void *m, sw_link_out_t *o);
/* One rising edge with the link inputs of the cycle. */
void islip_model_clock(void *m, const sw_link_in_t *in);
/* The model as an sw_ops_t. */
sw_ops_t islip_model_ops(islip_model_t *m);

/* ---- scheduler state, as the RTL ports show it this cycle */
/* The registered match of output o (made in the previous cycle): 1 with its input and the
 * iteration (0 .. K-1) that made it, or 0. */
unsigned islip_model_match(const islip_model_t *m, unsigned out, unsigned *in, unsigned *iter);
/* The same match seen from input i: 1 with the output, the packet's length and tag, or 0. */
unsigned islip_model_accept(const islip_model_t *m, unsigned in, unsigned *out, unsigned *len,
                            unsigned *tag);
unsigned islip_model_gnt_ptr(const islip_model_t *m, unsigned out);
unsigned islip_model_acc_ptr(const islip_model_t *m, unsigned in);
/* Request of input i for output o in this cycle's first iteration (port `req`). */
unsigned islip_model_req(const islip_model_t *m, unsigned in, unsigned out);

/* ---- inspection for tests and statistics */
uint64_t islip_model_cycle(const islip_model_t *m);
unsigned islip_model_arr_count(const islip_model_t *m, unsigned in);
/* Entry idx (0 = oldest) of input i's request array: 1 and the entry, or 0. */
unsigned islip_model_arr(const islip_model_t *m, unsigned in, unsigned idx, islip_entry_t *e);
unsigned islip_model_voq(const islip_model_t *m, unsigned in, unsigned out); /* packets */
/* Busy counters: cycles until the last word of the port's current transfer. */
unsigned islip_model_rem_in(const islip_model_t *m, unsigned in);
unsigned islip_model_rem_out(const islip_model_t *m, unsigned out);
/* Packets accepted for output o and not yet sent (the output buffer's occupancy count). */
unsigned islip_model_out_occ(const islip_model_t *m, unsigned out);
/* Input slots held (packets received or being received and not yet sent on). */
unsigned islip_model_in_used(const islip_model_t *m, unsigned in);

#ifdef __cplusplus
}
#endif
#endif
