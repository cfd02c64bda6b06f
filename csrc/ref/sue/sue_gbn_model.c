/* sue_gbn_model.c - SUE go-back-N sender and receiver state. */
#include "sue_gbn_model.h"

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

/* ---- one cycle of every connection ---- */

#define BANK_PDU_BYTES 4u /* the bank stores a token PDU: the bytes do not matter to the RTL */

int sue_gbn_bank_init(sue_gbn_bank_t *b, unsigned nc, unsigned win) {
  memset(b, 0, sizeof *b);
  if (nc < 1 || nc > SUE_GBN_MAXC || win < 1)
    return -1;
  b->nc = nc;
  b->win = win;
  for (unsigned c = 0; c < nc; c++)
    if (sue_conn_init(&b->conn[c], win)) {
      sue_gbn_bank_free(b);
      return -1;
    }
  return 0;
}

void sue_gbn_bank_free(sue_gbn_bank_t *b) {
  for (unsigned c = 0; c < b->nc; c++)
    sue_conn_free(&b->conn[c], b->win);
}

int sue_gbn_bank_reset(sue_gbn_bank_t *b) {
  unsigned nc = b->nc, win = b->win;
  sue_gbn_bank_free(b);
  return sue_gbn_bank_init(b, nc, win);
}

void sue_gbn_bank_timers(sue_gbn_bank_t *b, uint32_t retx, sue_gbn_conn_out_t *o) {
  o->tmo_cnt = o->tmo_multi = 0;
  for (unsigned c = 0; c < b->nc; c++) {
    sue_conn_t *k = &b->conn[c];
    int n = sue_gbn_timer(k, b->now, retx);
    o->tmo[c] = n > 0;
    o->tmo_cnt += (unsigned)n;
    o->tmo_multi += n > 1;
    o->win_open[c] = (uint8_t)sue_gbn_can_send_new(k, b->win);
    o->replay_pend[c] = (uint8_t)sue_gbn_replaying(k);
    o->rp_slot[c] = (uint8_t)(k->rp % b->win);
    o->nack_owed[c] = k->nack_pending != 0;
    o->ack_owed[c] = k->ack_pending != 0;
    o->ack_due[c] = (uint8_t)sue_gbn_ack_due(k, b->now);
  }
}

void sue_gbn_bank_tx_view(const sue_gbn_bank_t *b, unsigned conn, sue_gbn_tx_view_t *v) {
  const sue_conn_t *k = &b->conn[conn];
  v->psn_new = k->nxt;
  v->slot_new = k->nxt % b->win;
  v->psn_rp = k->rp;
  v->slot_rp = k->rp % b->win;
  sue_gbn_ack_fields(k, &v->op, &v->rpsn);
  v->can_new = (unsigned)sue_gbn_can_send_new(k, b->win);
  v->replaying = (unsigned)sue_gbn_replaying(k);
}

void sue_gbn_bank_conn_view(const sue_gbn_bank_t *b, unsigned conn, uint32_t *tx, uint32_t *rx) {
  const sue_conn_t *k = &b->conn[conn];
  *tx = (uint32_t)k->nxt | (uint32_t)k->una << 16;
  *rx = (uint32_t)k->exp | (uint32_t)(k->nack_sent != 0) << 16 |
        (uint32_t)sue_gbn_replaying(k) << 17 | (uint32_t)(k->ack_pending != 0) << 18;
}

void sue_gbn_bank_tx(sue_gbn_bank_t *b, unsigned conn, unsigned kind, uint32_t retx) {
  static const uint8_t token[BANK_PDU_BYTES] = {0};
  sue_conn_t *k = &b->conn[conn];
  sue_gbn_ack_carried(k);
  if (kind == 0)
    sue_gbn_store(k, b->win, BANK_PDU_BYTES, 0, token, BANK_PDU_BYTES, 1, b->now, retx);
  else if (kind == 1)
    sue_gbn_replay_sent(k);
}

void sue_gbn_bank_rx(sue_gbn_bank_t *b, const sue_gbn_rx_t *rx, uint32_t retx, uint32_t ack_delay,
                     sue_gbn_verdict_t *v) {
  sue_conn_t *q = &b->conn[rx->conn];
  memset(v, 0, sizeof *v);
  if (rx->op == SUE_OP_ACK) {
    int a = sue_gbn_on_ack(q, rx->rpsn, b->now, retx);
    v->ack_adv = a > 0, v->ack_stale = a < 0;
  } else if (rx->op == SUE_OP_NACK) {
    int a = sue_gbn_on_nack(q, rx->rpsn, b->now, retx);
    v->nack_ok = a > 0, v->replay_start = a == 2, v->ack_stale = a < 0;
  }
  if (!rx->data) {
    v->ctrl = 1;
    return;
  }
  int cls = sue_gbn_rx_psn(q, rx->psn, b->now, ack_delay);
  v->psn_ahead = cls == SUE_PSN_AHEAD, v->psn_dup = cls == SUE_PSN_BEHIND;
  if (cls == SUE_PSN_EXPECTED) {
    if (rx->room) {
      sue_gbn_rx_accept(q, b->now, ack_delay);
      v->accept = 1;
    } else {
      v->nobuf = 1;
    }
  }
}

void sue_gbn_bank_edge(sue_gbn_bank_t *b) { b->now++; }
