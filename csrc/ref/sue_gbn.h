/*
 * sue_gbn.h - SUE go-back-N (docs/sue.md "Reliability"): per connection (a destination, or a
 * {destination, VC} with PSN_PER_VC) the sender state (next PSN, oldest unacknowledged PSN,
 * replay pointer, retransmission timer, WIN retransmission slots) and the receiver state
 * (expected PSN, pending ACK / NACK, NACK-sent flag). PSNs are 16 bits and wrap; every
 * comparison is modulo 2^16.
 */
#ifndef REF_SUE_GBN_H
#define REF_SUE_GBN_H

#include <stddef.h>
#include <stdint.h>

#include "sue_cfg.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned vc;    /* VC of the PDU */
  unsigned len;   /* command-area bytes (packed commands, no fill) */
  unsigned ncmd;  /* commands */
  uint8_t *bytes; /* PDU_MAX bytes, allocated on first use */
} sue_slot_t;

typedef struct {
  /* sender */
  unsigned nxt;      /* PSN of the next new PDU */
  unsigned una;      /* oldest unacknowledged PSN; una == nxt: nothing outstanding */
  unsigned rp;       /* next PSN to (re)send; rp != nxt: replaying */
  uint64_t deadline; /* retransmission timer, meaningful while una != nxt */
  sue_slot_t *slot;  /* [WIN], PSN n in slot n % WIN */
  /* receiver */
  unsigned exp;          /* expected PSN */
  unsigned seen;         /* a PDU was accepted since reset (ACKs may be sent) */
  unsigned ack_pending;  /* an ACK is owed */
  uint64_t ack_deadline; /* stand-alone ACK due at this cycle */
  unsigned nack_pending; /* a NACK is owed */
  unsigned nack_sent;    /* NACK sent for the current gap: no other until exp arrives */
} sue_conn_t;

int sue_conn_init(sue_conn_t *c, unsigned win);
void sue_conn_free(sue_conn_t *c, unsigned win);

/* ---- sender ---- */
unsigned sue_gbn_outstanding(const sue_conn_t *c); /* (nxt - una) mod 2^16 */
int sue_gbn_replaying(const sue_conn_t *c);        /* rp != nxt */
/* A new PDU may be sent: fewer than WIN outstanding and not replaying. */
int sue_gbn_can_send_new(const sue_conn_t *c, unsigned win);
/* Stores a new PDU (PSN nxt) for retransmission and advances nxt and rp; starts the timer when
 * nothing was outstanding. Returns its PSN. */
unsigned sue_gbn_store(sue_conn_t *c, unsigned win, unsigned pdu_max, unsigned vc,
                       const uint8_t *bytes, unsigned len, unsigned ncmd, uint64_t now,
                       uint32_t retx_timeout);
/* The slot of PSN rp (the next PDU to replay). */
const sue_slot_t *sue_gbn_replay_slot(const sue_conn_t *c, unsigned win);
void sue_gbn_replay_sent(sue_conn_t *c); /* rp + 1 */
/* ACK rpsn: if una <= rpsn < nxt, una = rpsn + 1 (rp not below una), timer restarted while
 * something is outstanding; returns 1. rpsn = una - 1 (no news): 0. Otherwise stale: -1. */
int sue_gbn_on_ack(sue_conn_t *c, unsigned rpsn, uint64_t now, uint32_t retx_timeout);
/* NACK rpsn: if una <= rpsn <= nxt, una = rpsn and rp = rpsn (a replay when rpsn != nxt),
 * timer restarted; returns 2 when a replay starts, 1 when rpsn == nxt. Stale: -1. */
int sue_gbn_on_nack(sue_conn_t *c, unsigned rpsn, uint64_t now, uint32_t retx_timeout);
/* Timer: if something is outstanding and now >= deadline, rp = una and the timer restarts at
 * the expiry cycle (deadline += RETX_TIMEOUT, repeated while now >= deadline, as a timer checked
 * every cycle would); returns the number of expiries (0 when none). */
int sue_gbn_timer(sue_conn_t *c, uint64_t now, uint32_t retx_timeout);

/* ---- receiver ---- */
#define SUE_PSN_EXPECTED 0
#define SUE_PSN_AHEAD 1  /* 1 <= psn - exp < 2^15: a gap (loss) */
#define SUE_PSN_BEHIND 2 /* otherwise: a duplicate */
/* Classifies a data PDU's PSN. AHEAD: a NACK is owed unless one was sent for this gap.
 * BEHIND: an ACK is owed (the sender may have missed ours) once a PDU was accepted. EXPECTED:
 * nothing changes until sue_gbn_rx_accept (the PDU may still be dropped for buffer room). */
int sue_gbn_rx_psn(sue_conn_t *c, unsigned psn, uint64_t now, uint32_t ack_delay);
/* The expected PDU was accepted: exp + 1, NACK-sent cleared, ACK owed (due ack_delay cycles
 * after the first unacknowledged acceptance). */
void sue_gbn_rx_accept(sue_conn_t *c, uint64_t now, uint32_t ack_delay);
/* The op and rpsn a frame to the peer carries now: NACK exp if one is owed, else ACK exp - 1
 * once a PDU was accepted, else NONE 0. */
void sue_gbn_ack_fields(const sue_conn_t *c, unsigned *op, unsigned *rpsn);
/* A frame carrying sue_gbn_ack_fields() was sent: nothing owed any more. */
void sue_gbn_ack_carried(sue_conn_t *c);
int sue_gbn_ack_due(const sue_conn_t *c, uint64_t now); /* ACK owed and its delay over */

#ifdef __cplusplus
}
#endif
#endif
