/*
 * sue_rx_cover_model.h - receive cover of a 2- or 4-port SUE instance (docs/sue/sue_fail_xbar.md
 * "Guest flow control", receive), a cycle model of rtl/sue/sue_rx_cover.v: the one place its rule
 * lives. tb/sue/sue_multi_tb.c holds the RTL to it every cycle.
 *
 * Port e is covered from a beat it takes of a frame that came over another port's wire (the
 * crossbar's via) until its receive buffer is empty (every class's level 0). During a cycle,
 * port w's g_cls_level[c] is the highest class-c level (sue_ep_cls_level) of the covered ports
 * other than w; sue_ep_set_cover gives it to port w's PFC.
 *
 * A cycle: sue_rxcv_levels (the outputs of the cycle, from the levels the cycles before left),
 * then sue_rxcv_commit (the register at the edge, with the beats taken in the cycle).
 */
#ifndef REF_SUE_RX_COVER_MODEL_H
#define REF_SUE_RX_COVER_MODEL_H

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_RXCV_PMAX 4
#define SUE_RXCV_CLS 8

typedef struct {
  unsigned p;                                /* ports */
  unsigned covered;                          /* bit e: port e is covered (o_ep_cover) */
  unsigned lvl[SUE_RXCV_PMAX][SUE_RXCV_CLS]; /* the levels of the cycle (sue_rxcv_levels) */
} sue_rxcv_t;

void sue_rxcv_init(sue_rxcv_t *c, unsigned p);
/* The cycle's levels, port e's per class at lvl[e] (sue_ep_cls_level); g[w] is port w's
 * g_cls_level for the cycle. */
void sue_rxcv_levels(sue_rxcv_t *c, const unsigned lvl[][SUE_RXCV_CLS], unsigned g[][SUE_RXCV_CLS]);
/* The edge ending the cycle: bit e of via_take, port e took a beat of a frame from another wire. */
void sue_rxcv_commit(sue_rxcv_t *c, unsigned via_take);

#ifdef __cplusplus
}
#endif

#endif
