/*
 * sue_chan.h - a one-way Ethernet channel between two SUE endpoints for tests (model and RTL
 * harness alike), and the per-{source, VC} command stream a scoreboard checks deliveries
 * against.
 *
 * The channel takes whole frames (FCS included) with the cycle their last byte left the port,
 * and gives them back, in order, at that cycle plus a latency and a random jitter (never
 * before an earlier frame). By seed it drops frames (loss), flips one bit anywhere (a line
 * error: the receiver's FCS check), or flips one bit after the network header and reseals the
 * FCS (an error inside a switch: the R-CRC check); PFC frames are never resealed. A drop hook
 * lets a test lose or corrupt chosen frames.
 */
#ifndef REF_SUE_CHAN_H
#define REF_SUE_CHAN_H

#include <stddef.h>
#include <stdint.h>

#include "prng.h"
#include "sue_cfg.h"
#include "sue_cmd.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint64_t t;
  size_t len;
  uint8_t *buf;
} sue_chan_frame_t;

/* What a test's hook decides for frame number idx (counted from 0) of len bytes: */
#define SUE_CHAN_RANDOM 0   /* the random loss and errors decide */
#define SUE_CHAN_LOSE 1     /* lost */
#define SUE_CHAN_LINE_ERR 2 /* one bit flipped anywhere (a bad FCS) */
#define SUE_CHAN_PDU_ERR 3  /* one bit flipped after the network header, FCS resealed */
typedef int (*sue_chan_drop_fn)(void *ctx, const uint8_t *f, size_t len, unsigned idx);

typedef struct {
  sue_chan_frame_t *q;
  size_t cap, rd, wr;
  uint64_t last;
  double loss, flip, flip_pdu; /* probabilities per frame */
  unsigned lat, jitter;        /* cycles */
  prng_t r;
  unsigned nsent, nlost, nflip, nflip_pdu;
  sue_chan_drop_fn drop;
  void *drop_ctx;
} sue_chan_t;

/* Empty channel, latency 40, no loss, no errors. */
void sue_chan_init(sue_chan_t *l, uint64_t seed);
void sue_chan_free(sue_chan_t *l);
/* A frame of len bytes whose last byte left at cycle done; cfg is the sender's (its header
 * format tells where the network header ends). */
void sue_chan_push(sue_chan_t *l, const sue_cfg_t *cfg, const uint8_t *f, size_t len,
                   uint64_t done);
/* The next frame due at or before cycle now, or NULL. The caller frees ->buf after use; the
 * pointer is valid until the next push. */
sue_chan_frame_t *sue_chan_pop(sue_chan_t *l, uint64_t now);
size_t sue_chan_pending(const sue_chan_t *l);

/* ---- a command stream (what one XPU sent on one VC), in order */
typedef struct {
  sue_cmd_t *c;
  size_t n, cap, rd;
} sue_stream_t;

void sue_stream_push(sue_stream_t *st, const sue_cmd_t *c);
/* Checks a delivered command against the next one expected. Returns NULL when it is that one
 * (and moves on), else the reason. */
const char *sue_stream_take(sue_stream_t *st, const sue_cmd_t *got);
void sue_stream_free(sue_stream_t *st);

#ifdef __cplusplus
}
#endif
#endif
