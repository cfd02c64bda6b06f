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
  if (r->unr >> d & 1u) /* an expiry while unreachable: the frames take another wire */
    r->det |= 1ull << d;
  if (inc < 256u)
    r->cnt[d] = (uint8_t)inc;
}

void sue_reach_heard(sue_reach_t *r, unsigned d) { sue_reach_heard_via(r, d, 0); }

void sue_reach_heard_via(sue_reach_t *r, unsigned d, unsigned via) {
  if (d >= SUE_REACH_MAXD)
    return;
  if (via) { /* the peer reaches this port another way: answer it that way too */
    r->via |= 1ull << d;
    return;
  }
  r->cnt[d] = 0;
  r->unr &= ~(1ull << d);
  r->det &= ~(1ull << d);
  r->via &= ~(1ull << d);
}

uint64_t sue_reach_detour(const sue_reach_t *r) { return r->det_q; }

uint64_t sue_reach_via(const sue_reach_t *r) { return r->via_q; }

/* The probe's count over n edges: whether one of them is a probe (every detour ends). */
static int probe_steps(sue_reach_t *r, unsigned probe, uint64_t n) {
  if (!probe || !n)
    return 0;
  int tick = 0;
  if (r->probe_cnt + 1u >= probe) { /* PROBE written below the count: the next edge */
    tick = 1;
    r->probe_cnt = 0;
    n--;
  }
  uint64_t c = r->probe_cnt + n;
  tick |= c >= probe;
  r->probe_cnt = (unsigned)(c % probe);
  return tick;
}

void sue_reach_edges(sue_reach_t *r, unsigned probe, uint64_t cycles) {
  int first = probe_steps(r, probe, 1);
  if (first)
    r->det = r->via = 0;
  sue_reach_edge(r);
  if (cycles > 1 && probe_steps(r, probe, cycles - 1))
    r->det = r->det_q = r->via = r->via_q = 0;
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
  if (!r->link_q && r->link_in) /* the link coming up: every slot's own wire is tried again */
    r->det = r->via = 0;
  r->link_q = r->link_in;
  r->unr_q = r->unr;
  r->det_q = r->det;
  r->via_q = r->via;
}

void sue_reach_intr_write(sue_reach_t *r, uint32_t val) { r->intr = (r->intr & ~val) | r->last_ev; }
