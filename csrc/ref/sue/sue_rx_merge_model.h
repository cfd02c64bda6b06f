/*
 * sue_rx_merge_model.h - the receive merge of an SUE instance with 1, 2 or 4 ports
 * (docs/sue/sue_rx_merge.md), a cycle model: the one place its rules live.
 * tb/sue/test_sue_rx_merge.c drives it in lockstep with rtl/sue/sue_rx_merge.v.
 *
 * Each port's deliveries (a sue_endpoint's rx_*) go into a skid per {port e, VC v}
 * (s = e * 4 + v) of SKID commands; the port is granted rx credits of {v, type t} one at a time,
 * while unused[s][t] < SKID / 2 and unused[s][0] + unused[s][1] + occ[s] < SKID (occ: the
 * commands in the skid, the one being delivered included), one word per port a cycle,
 * round-robin over its eight {VC, type}. The XPU's rx credits (counters as a single endpoint's)
 * let a skid's head command start when the command before it shows its last beat; skids are
 * served round-robin from one past the last one served, and a command's beats follow in
 * consecutive cycles.
 *
 * A cycle t is one sue_rxm_step with the inputs of t; its results are the RTL's registered
 * outputs of cycle t + 1.
 */
#ifndef REF_SUE_RX_MERGE_MODEL_H
#define REF_SUE_RX_MERGE_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_RXM_PMAX 4
#define SUE_RXM_NS (SUE_RXM_PMAX * 4)
#define SUE_RXM_SKID_MAX 8
#define SUE_RXM_DW 64                          /* words of the widest beat (2048 bits) */
#define SUE_RXM_DB_MAX (SUE_RXM_SKID_MAX * 16) /* beats of a skid at DATA_W = 128 */

typedef struct {
  unsigned p, data_w, skid; /* ports, rx_data bits, commands per skid */
} sue_rxm_par_t;

typedef struct { /* a beat on a port's rx_* or on the XPU's */
  unsigned valid, cycle, vc, xpuid;
  uint32_t control[5]; /* 144 bits, as the port */
  uint32_t data[SUE_RXM_DW];
} sue_rxm_beat_t;

typedef struct {
  unsigned type, xpuid, nb;
  uint32_t control[5];
} sue_rxm_cmd_t;

typedef struct {
  sue_rxm_cmd_t cmd[SUE_RXM_NS][SUE_RXM_SKID_MAX];
  unsigned cwp[SUE_RXM_NS], crp[SUE_RXM_NS], ccnt[SUE_RXM_NS];
  uint32_t beat[SUE_RXM_NS][SUE_RXM_DB_MAX][SUE_RXM_DW];
  unsigned dwp[SUE_RXM_NS], drp[SUE_RXM_NS], dcnt[SUE_RXM_NS];
  unsigned uc[SUE_RXM_NS][2]; /* unused credits granted, per type */
  unsigned gp[SUE_RXM_PMAX];  /* grant pointer per port */
  unsigned xc[8];             /* the XPU's credits, vc * 2 + type */
  unsigned busy, cur, bt, nb, rr;
  sue_rxm_cmd_t cc; /* the command being delivered */
} sue_rxm_t;

typedef struct {
  sue_rxm_beat_t rx; /* rx_* (all fields registered, data 0 when no beat) */
  unsigned sel_valid, sel_port;
  unsigned p_credit[SUE_RXM_PMAX];
} sue_rxm_out_t;

void sue_rxm_init(sue_rxm_t *s);
/* Beats of a command with descriptor bits [8:0] (dp, dlen - 1): dp ? ceil(dlen / NB) : 1. */
unsigned sue_rxm_beats(unsigned desc, unsigned data_w);
/* One cycle: port e's beat in[e], the XPU's credit word and rx_reset_in. */
void sue_rxm_step(sue_rxm_t *s, const sue_rxm_par_t *par, const sue_rxm_beat_t in[],
                  unsigned rx_credit, unsigned rx_reset_in, sue_rxm_out_t *out);

#ifdef __cplusplus
}
#endif
#endif
