/* sue_pfc_model.c - PFC state of the SUE endpoint, see sue_pfc_model.h. */
#include "sue_pfc_model.h"

#include <string.h>

void sue_pfc_init(sue_pfc_t *s) { memset(s, 0, sizeof *s); }

void sue_pfc_eval(sue_pfc_t *s, const sue_cfg_t *c, uint64_t now, const unsigned level[SUE_NVC]) {
  if (now < s->pfc_eval_next)
    return;
  s->pfc_eval_next = now + 1;
  if (!c->pfc_tx_en || c->fc_mode) {
    memset(s->xoff, 0, sizeof s->xoff);
    s->pfc_pending = 0;
    return;
  }
  unsigned any = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned x = level[v] >= c->pfc_xoff ? 1u : level[v] <= c->pfc_xon ? 0u : s->xoff[v];
    if (x != s->xoff[v])
      s->pfc_pending = 1;
    s->xoff[v] = x;
    any |= x;
  }
  if (any && now >= s->pfc_last + c->pfc_refresh)
    s->pfc_pending = 1;
}

int sue_pfc_owed(const sue_pfc_t *s, const sue_cfg_t *c) {
  return s->pfc_pending && c->pfc_tx_en && !c->fc_mode;
}

unsigned sue_pfc_frame(const sue_pfc_t *s, const sue_cfg_t *c, uint16_t time[SUE_PRIO]) {
  unsigned cev = 0;
  memset(time, 0, SUE_PRIO * sizeof time[0]);
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned pr = c->pfc_prio[v] & 7u;
    cev |= 1u << pr;
    if (s->xoff[v])
      time[pr] = c->pfc_time;
  }
  return cev;
}

void sue_pfc_sent(sue_pfc_t *s, uint64_t now) {
  s->pfc_pending = 0;
  s->pfc_last = now;
}

void sue_pfc_rx(sue_pfc_t *s, const sue_cfg_t *c, uint64_t now, unsigned cev,
                const uint16_t time[SUE_PRIO]) {
  if (!c->pfc_rx_en || c->fc_mode)
    return;
  for (unsigned pr = 0; pr < SUE_PRIO; pr++)
    if (cev & (1u << pr))
      s->pause_until[pr] = now + (uint64_t)time[pr] * c->pfc_qcyc;
}

int sue_pfc_paused(const sue_pfc_t *s, const sue_cfg_t *c, uint64_t now, unsigned vc) {
  return c->pfc_rx_en && !c->fc_mode && now < s->pause_until[c->pfc_prio[vc & 3u] & 7u];
}
