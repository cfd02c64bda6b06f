/* sue_gbn.c - SUE go-back-N sender and receiver state. */
#include "sue_gbn.h"

#include <stdlib.h>
#include <string.h>

#define PSN_MASK 0xFFFFu

int sue_conn_init(sue_conn_t *c, unsigned win) {
  memset(c, 0, sizeof *c);
  c->slot = calloc(win, sizeof *c->slot);
  return c->slot ? 0 : -1;
}

void sue_conn_free(sue_conn_t *c, unsigned win) {
  if (c->slot)
    for (unsigned i = 0; i < win; i++)
      free(c->slot[i].bytes);
  free(c->slot);
  c->slot = NULL;
}

unsigned sue_gbn_outstanding(const sue_conn_t *c) { return (c->nxt - c->una) & PSN_MASK; }

int sue_gbn_replaying(const sue_conn_t *c) { return c->rp != c->nxt; }

int sue_gbn_can_send_new(const sue_conn_t *c, unsigned win) {
  return sue_gbn_outstanding(c) < win && !sue_gbn_replaying(c);
}

unsigned sue_gbn_store(sue_conn_t *c, unsigned win, unsigned pdu_max, unsigned vc,
                       const uint8_t *bytes, unsigned len, unsigned ncmd, uint64_t now,
                       uint32_t retx_timeout) {
  unsigned psn = c->nxt;
  sue_slot_t *s = &c->slot[psn % win];
  if (!s->bytes) {
    s->bytes = malloc(pdu_max);
    if (!s->bytes)
      abort();
  }
  memcpy(s->bytes, bytes, len);
  s->len = len;
  s->vc = vc;
  s->ncmd = ncmd;
  if (sue_gbn_outstanding(c) == 0)
    c->deadline = now + retx_timeout;
  c->nxt = (c->nxt + 1) & PSN_MASK;
  c->rp = c->nxt;
  return psn;
}

const sue_slot_t *sue_gbn_replay_slot(const sue_conn_t *c, unsigned win) {
  return &c->slot[c->rp % win];
}

void sue_gbn_replay_sent(sue_conn_t *c) { c->rp = (c->rp + 1) & PSN_MASK; }

int sue_gbn_on_ack(sue_conn_t *c, unsigned rpsn, uint64_t now, uint32_t retx_timeout) {
  unsigned k = (rpsn - c->una) & PSN_MASK, out = sue_gbn_outstanding(c);
  if (k == PSN_MASK)
    return 0; /* rpsn = una - 1: nothing new */
  if (k >= out)
    return -1;
  unsigned adv = k + 1, rp_off = (c->rp - c->una) & PSN_MASK;
  c->una = (rpsn + 1) & PSN_MASK;
  if (rp_off < adv)
    c->rp = c->una;
  if (c->una != c->nxt)
    c->deadline = now + retx_timeout;
  return 1;
}

int sue_gbn_on_nack(sue_conn_t *c, unsigned rpsn, uint64_t now, uint32_t retx_timeout) {
  unsigned k = (rpsn - c->una) & PSN_MASK, out = sue_gbn_outstanding(c);
  if (k > out)
    return -1;
  c->una = rpsn & PSN_MASK;
  c->rp = c->una;
  if (c->una != c->nxt) {
    c->deadline = now + retx_timeout;
    return 2;
  }
  return 1;
}

int sue_gbn_timer(sue_conn_t *c, uint64_t now, uint32_t retx_timeout) {
  if (c->una == c->nxt || now < c->deadline)
    return 0;
  int n = 0;
  c->rp = c->una;
  do { /* exact for any call spacing: the timer restarts at each expiry cycle */
    c->deadline += retx_timeout ? retx_timeout : 1u;
    n++;
  } while (now >= c->deadline);
  return n;
}

int sue_gbn_rx_psn(sue_conn_t *c, unsigned psn, uint64_t now, uint32_t ack_delay) {
  unsigned d = (psn - c->exp) & PSN_MASK;
  if (d == 0)
    return SUE_PSN_EXPECTED;
  if (d < 0x8000u) {
    if (!c->nack_sent) {
      c->nack_pending = 1;
      c->nack_sent = 1;
    }
    return SUE_PSN_AHEAD;
  }
  if (c->seen && !c->ack_pending) {
    c->ack_pending = 1;
    c->ack_deadline = now + ack_delay;
  }
  return SUE_PSN_BEHIND;
}

void sue_gbn_rx_accept(sue_conn_t *c, uint64_t now, uint32_t ack_delay) {
  c->exp = (c->exp + 1) & PSN_MASK;
  c->seen = 1;
  c->nack_sent = 0;
  if (!c->ack_pending) {
    c->ack_pending = 1;
    c->ack_deadline = now + ack_delay;
  }
}

void sue_gbn_ack_fields(const sue_conn_t *c, unsigned *op, unsigned *rpsn) {
  if (c->nack_pending) {
    *op = SUE_OP_NACK;
    *rpsn = c->exp;
  } else if (c->seen) {
    *op = SUE_OP_ACK;
    *rpsn = (c->exp - 1u) & PSN_MASK;
  } else {
    *op = SUE_OP_NONE;
    *rpsn = 0;
  }
}

void sue_gbn_ack_carried(sue_conn_t *c) {
  c->ack_pending = 0;
  c->nack_pending = 0;
}

int sue_gbn_ack_due(const sue_conn_t *c, uint64_t now) {
  return c->ack_pending && now >= c->ack_deadline;
}
