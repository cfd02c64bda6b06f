/* sue_cbfc_model.c - CBFC state of the SUE endpoint, see sue_cbfc_model.h. */
#include "sue_cbfc_model.h"

#include <string.h>

void sue_cbfc_init(sue_cbfc_t *s) {
  memset(s, 0, sizeof *s);
  s->eval_t = UINT64_MAX; /* no cycle evaluated yet */
}

unsigned sue_cbfc_units(const sue_cbfc_cfg_t *c, unsigned bytes) {
  unsigned sh = c->ushift & 15u;
  return (unsigned)(((uint32_t)bytes + (1u << sh) - 1u) >> sh);
}

int sue_cbfc_owner(const sue_cbfc_cfg_t *c, unsigned v) {
  for (unsigned u = 0; u < v; u++)
    if ((c->cls[u] & 7u) == (c->cls[v] & 7u))
      return 0;
  return 1;
}

void sue_cbfc_eval(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, uint64_t now,
                   const unsigned level[SUE_NVC], unsigned rx_bytes) {
  if (now < s->eval_next)
    return;
  if (s->eval_t == now) /* again in this cycle */
    s->pending = s->pend_in;
  else
    s->pend_in = s->pending;
  s->eval_t = now;
  s->eval_next = now + 1;
  int hit = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned free_b = level[v] < rx_bytes ? rx_bytes - level[v] : 0;
    unsigned fu = free_b >> (c->ushift & 15u);
    if (fu > SUE_CBFC_ADV_MAX)
      fu = SUE_CBFC_ADV_MAX;
    uint16_t raw = (uint16_t)(s->rcvd[v] + fu);
    /* never below the last update's (a frame kept and not counted would lower it) */
    s->adv[v] = (uint16_t)(raw - s->last[v]) >= 0x8000u ? s->last[v] : raw;
    uint16_t grow = (uint16_t)(s->adv[v] - s->last[v]);
    if (sue_cbfc_owner(c, v) && grow != 0 && grow >= c->step)
      hit = 1;
  }
  if (!c->tx_en)
    s->pending = 0;
  else if (hit || now >= s->last_t + c->refresh)
    s->pending = 1;
}

int sue_cbfc_owed(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c) { return s->pending && c->tx_en; }

unsigned sue_cbfc_frame(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c, uint16_t limit[SUE_PRIO],
                        uint16_t sent[SUE_PRIO]) {
  unsigned cev = 0;
  memset(limit, 0, SUE_PRIO * sizeof limit[0]);
  memset(sent, 0, SUE_PRIO * sizeof sent[0]);
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned k = c->cls[v] & 7u;
    cev |= 1u << k;
    if (sue_cbfc_owner(c, v)) {
      limit[k] = s->adv[v];
      sent[k] = s->used[v];
    }
  }
  return cev;
}

void sue_cbfc_sent(sue_cbfc_t *s, uint64_t now) {
  memcpy(s->last, s->adv, sizeof s->last);
  s->pending = 0;
  s->last_t = now;
}

void sue_cbfc_tx(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned vc, unsigned bytes) {
  s->used[vc & 3u] = (uint16_t)(s->used[vc & 3u] + sue_cbfc_units(c, bytes));
}

void sue_cbfc_rx_frame(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned vc, unsigned bytes) {
  s->rcvd[vc & 3u] = (uint16_t)(s->rcvd[vc & 3u] + sue_cbfc_units(c, bytes));
}

void sue_cbfc_rx_update(sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned cev,
                        const uint16_t limit[SUE_PRIO], const uint16_t sent[SUE_PRIO]) {
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned k = c->cls[v] & 7u;
    if (sue_cbfc_owner(c, v) && (cev >> k & 1u)) {
      s->limit[v] = limit[k];
      s->rcvd[v] = sent[k];
    }
  }
}

unsigned sue_cbfc_avail(const sue_cbfc_t *s, unsigned v) {
  return (uint16_t)(s->limit[v & 3u] - s->used[v & 3u]);
}

int sue_cbfc_paused(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned v, unsigned frame_max) {
  return c->rx_en && sue_cbfc_avail(s, v) < sue_cbfc_units(c, frame_max);
}

int sue_cbfc_gblock(const sue_cbfc_t *s, const sue_cbfc_cfg_t *c, unsigned v, unsigned frame_max) {
  return c->rx_en && sue_cbfc_avail(s, v) < 2u * sue_cbfc_units(c, frame_max);
}
