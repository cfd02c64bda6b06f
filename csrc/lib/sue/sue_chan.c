/* sue_chan.c - test channel between SUE endpoints and the scoreboard's command streams. */
#include "sue_chan.h"

#include <stdlib.h>
#include <string.h>

#include "ring.h"
#include "sue_frame.h"

void sue_chan_init(sue_chan_t *l, uint64_t seed) {
  memset(l, 0, sizeof *l);
  prng_seed(&l->r, seed);
  l->lat = 40;
}

void sue_chan_free(sue_chan_t *l) {
  for (size_t i = l->rd; i < l->wr; i++)
    free(l->q[i % l->cap].buf);
  free(l->q);
  memset(l, 0, sizeof *l);
}

void sue_chan_push(sue_chan_t *l, const sue_cfg_t *cfg, const uint8_t *f, size_t len,
                   uint64_t done) {
  unsigned idx = l->nsent++;
  int what = l->drop ? l->drop(l->drop_ctx, f, len, idx) : SUE_CHAN_RANDOM;
  if (what == SUE_CHAN_LOSE || (what == SUE_CHAN_RANDOM && prng_bernoulli(&l->r, l->loss))) {
    l->nlost++;
    return;
  }
  void *q = l->q;
  ring_reserve(&q, &l->cap, &l->rd, &l->wr, sizeof *l->q, 64);
  l->q = q;
  sue_chan_frame_t *e = &l->q[l->wr++ % l->cap];
  e->buf = malloc(len);
  if (!e->buf)
    abort();
  memcpy(e->buf, f, len);
  e->len = len;
  int line =
      what == SUE_CHAN_LINE_ERR || (what == SUE_CHAN_RANDOM && prng_bernoulli(&l->r, l->flip));
  int pdu = what == SUE_CHAN_PDU_ERR ||
            (what == SUE_CHAN_RANDOM && !line && prng_bernoulli(&l->r, l->flip_pdu));
  if (line) { /* a bit error on the line: FCS */
    size_t b = (size_t)prng_below(&l->r, len * 8);
    e->buf[b / 8] ^= (uint8_t)(1u << (b % 8));
    l->nflip++;
  } else if (pdu) { /* inside a switch, FCS recomputed: R-CRC */
    size_t h = sue_hdr_bytes(sue_rx_fmt(cfg, e->buf, len));
    if (len > h + 4 && !(e->buf[0] == 0x01 && e->buf[12] == 0x88)) {
      size_t b = h * 8 + (size_t)prng_below(&l->r, (len - 4 - h) * 8);
      e->buf[b / 8] ^= (uint8_t)(1u << (b % 8));
      sue_frame_reseal(cfg, e->buf, len, SUE_RESEAL_FCS);
      l->nflip_pdu++;
    }
  }
  uint64_t at = done + l->lat + (l->jitter ? prng_below(&l->r, l->jitter + 1) : 0);
  if (at < l->last)
    at = l->last;
  l->last = at;
  e->t = at;
}

sue_chan_frame_t *sue_chan_pop(sue_chan_t *l, uint64_t now) {
  if (l->rd == l->wr || l->q[l->rd % l->cap].t > now)
    return NULL;
  return &l->q[l->rd++ % l->cap];
}

size_t sue_chan_pending(const sue_chan_t *l) { return l->wr - l->rd; }

void sue_stream_push(sue_stream_t *st, const sue_cmd_t *c) {
  if (st->n == st->cap) {
    st->cap = st->cap ? 2 * st->cap : 256;
    sue_cmd_t *p = realloc(st->c, st->cap * sizeof *p);
    if (!p)
      abort();
    st->c = p;
  }
  st->c[st->n++] = *c;
}

const char *sue_stream_take(sue_stream_t *st, const sue_cmd_t *got) {
  if (st->rd >= st->n)
    return "command delivered that was never sent (duplicate)";
  if (!sue_cmd_equal(got, &st->c[st->rd]))
    return "command differs from the next one sent (lost, reordered or corrupted)";
  st->rd++;
  return NULL;
}

void sue_stream_free(sue_stream_t *st) {
  free(st->c);
  memset(st, 0, sizeof *st);
}
