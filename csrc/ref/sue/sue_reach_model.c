/* sue_reach_model.c - link status and reachability (sue_reach_model.h). */
#include "sue_reach_model.h"

#include <string.h>

void sue_reach_reset(sue_reach_t *r) {
  memset(r, 0, sizeof *r);
  r->link_in = 1;
}

void sue_reach_expired(sue_reach_t *r, unsigned d, unsigned retry_limit) {
  if (d >= SUE_REACH_MAXD)
    return;
  unsigned inc = r->cnt[d] + 1u;
  if (retry_limit && inc >= retry_limit)
    r->unr |= 1ull << d;
  if (inc < 256u)
    r->cnt[d] = (uint8_t)inc;
}

void sue_reach_heard(sue_reach_t *r, unsigned d) {
  if (d >= SUE_REACH_MAXD)
    return;
  r->cnt[d] = 0;
  r->unr &= ~(1ull << d);
}

void sue_reach_edge(sue_reach_t *r) {
  uint32_t ev = 0;
  if (r->link_q && !r->link_in)
    ev |= SUE_INTR_LINK_DOWN;
  if (!r->link_q && r->link_in)
    ev |= SUE_INTR_LINK_UP;
  if (r->unr & ~r->unr_q)
    ev |= SUE_INTR_UNREACH;
  if (r->unr_q & ~r->unr)
    ev |= SUE_INTR_REACH;
  r->intr |= ev;
  r->last_ev = ev;
  r->link_q = r->link_in;
  r->unr_q = r->unr;
}

void sue_reach_intr_write(sue_reach_t *r, uint32_t val) { r->intr = (r->intr & ~val) | r->last_ev; }
