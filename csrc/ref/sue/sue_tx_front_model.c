/* sue_tx_front_model.c - SUE pack queues, PDU cut and scheduler. */
#include "sue_tx_front_model.h"

#include <stdlib.h>
#include <string.h>

int sue_pack_init(sue_pack_t *k, const sue_params_t *p) {
  memset(k, 0, sizeof *k);
  k->ndst = p->ndst;
  k->align = p->align;
  k->pdu_max = p->pdu_max;
  k->q_bytes = p->q_bytes;
  k->q = calloc((size_t)p->ndst * SUE_NVC, sizeof *k->q);
  return k->q ? 0 : -1;
}

void sue_pack_free(sue_pack_t *k) {
  if (!k->q)
    return;
  sue_pack_flush(k);
  free(k->q);
  k->q = NULL;
}

sue_queue_t *sue_pack_queue(sue_pack_t *k, unsigned d, unsigned vc) {
  return &k->q[d * SUE_NVC + vc];
}

int sue_pack_room(const sue_pack_t *k, unsigned d, unsigned vc, unsigned bytes) {
  return k->q[d * SUE_NVC + vc].bytes + bytes <= k->q_bytes;
}

void sue_pack_push(sue_pack_t *k, unsigned d, unsigned vc, const sue_cmd_t *c, uint64_t now) {
  sue_queue_t *q = sue_pack_queue(k, d, vc);
  sue_qcmd_t *n = malloc(sizeof *n);
  if (!n)
    abort();
  n->next = NULL;
  n->t_arr = now;
  n->send_now = c->send_now ? 1u : 0u;
  n->len = (unsigned)sue_cmd_pack(c, k->align, n->bytes);
  if (q->tail)
    q->tail->next = n;
  else
    q->head = n;
  q->tail = n;
  q->bytes += n->len;
  q->ncmd++;
  q->nsendnow += n->send_now;
}

int sue_pack_ready(const sue_pack_t *k, unsigned d, unsigned vc, uint64_t now,
                   uint32_t pack_timeout, uint32_t pack_thresh) {
  const sue_queue_t *q = &k->q[d * SUE_NVC + vc];
  if (!q->head)
    return 0;
  uint32_t thr = pack_thresh < k->pdu_max ? pack_thresh : k->pdu_max;
  return q->nsendnow > 0 || now - q->head->t_arr >= pack_timeout || q->bytes >= thr;
}

int sue_pack_schedule(sue_pack_t *k, uint64_t now, uint32_t pack_timeout, uint32_t pack_thresh,
                      const uint8_t *ok, unsigned *d, unsigned *vc) {
  for (unsigned i = 0; i < SUE_NVC; i++) {
    unsigned v = (k->vc_ptr + i) % SUE_NVC;
    for (unsigned j = 0; j < k->ndst; j++) {
      unsigned dd = (k->q_ptr[v] + j) % k->ndst;
      if (ok[dd * SUE_NVC + v] && sue_pack_ready(k, dd, v, now, pack_timeout, pack_thresh)) {
        k->vc_ptr = (v + 1) % SUE_NVC;
        k->q_ptr[v] = (dd + 1) % k->ndst;
        *d = dd;
        *vc = v;
        return 1;
      }
    }
  }
  return 0;
}

size_t sue_pack_cut(sue_pack_t *k, unsigned d, unsigned vc, uint8_t *out, unsigned *units,
                    unsigned *ncmd) {
  sue_queue_t *q = sue_pack_queue(k, d, vc);
  size_t len = 0;
  unsigned n = 0;
  while (q->head && (n == 0 || len + q->head->len <= k->pdu_max)) {
    sue_qcmd_t *c = q->head;
    memcpy(out + len, c->bytes, c->len);
    len += c->len;
    n++;
    q->head = c->next;
    if (!q->head)
      q->tail = NULL;
    q->bytes -= c->len;
    q->ncmd--;
    q->nsendnow -= c->send_now;
    free(c);
  }
  *units = (unsigned)(len / k->align);
  *ncmd = n;
  return len;
}

unsigned sue_pack_flush(sue_pack_t *k) {
  unsigned n = 0;
  for (unsigned i = 0; i < k->ndst * SUE_NVC; i++) {
    sue_queue_t *q = &k->q[i];
    while (q->head) {
      sue_qcmd_t *c = q->head;
      q->head = c->next;
      free(c);
      n++;
    }
    memset(q, 0, sizeof *q);
  }
  return n;
}
