/*
 * sue_gbn_model.h - SUE go-back-N (docs/sue/index.md "Reliability"): per connection (a destination,
 * or a {destination, VC} with PSN_PER_VC) the sender state (next PSN, oldest unacknowledged PSN,
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

/* ---- one cycle of every connection (rtl/sue/sue_gbn.v, docs/sue/sue_gbn.md "Cycle order") ----
 * The per-cycle stepping that makes the functions above cycle-exact with the RTL, shared by
 * the lockstep test (tb/sue/test_sue_gbn.c) and the vector generator (csrc/ref/sue/gen_sue.c).
 * Cycle now is, in this order:
 *   sue_gbn_bank_timers   1. every connection's timer at now; the per-connection outputs
 *   sue_gbn_bank_tx_view     the outputs about tx_conn, and the register view of rd_conn
 *   sue_gbn_bank_conn_view   (functions of the state after step 1, no event inputs)
 *   sue_gbn_bank_tx       2. the transmit event (kind 0 new, 1 replay, 2 stand-alone)
 *   sue_gbn_bank_rx       3. the receive event, on the state left by 2: its verdict
 *   sue_gbn_bank_edge     4. the rising edge: now + 1
 * A bank holds C = NDST (or NDST * 4 with PSN_PER_VC) connections of WIN slots. */
#define SUE_GBN_MAXC 256u /* NDST 64 x 4 VCs */

typedef struct {
  unsigned nc, win; /* C and WIN */
  uint64_t now;     /* the cycle: 0 is the first cycle after reset */
  sue_conn_t conn[SUE_GBN_MAXC];
} sue_gbn_bank_t;

/* Outputs of every connection after step 1 (the RTL ports win_open ... tmo_cnt). */
typedef struct {
  uint8_t win_open[SUE_GBN_MAXC], replay_pend[SUE_GBN_MAXC], nack_owed[SUE_GBN_MAXC];
  uint8_t ack_owed[SUE_GBN_MAXC], ack_due[SUE_GBN_MAXC], tmo[SUE_GBN_MAXC];
  uint8_t rp_slot[SUE_GBN_MAXC]; /* rp mod WIN */
  unsigned tmo_cnt;              /* expiries this cycle */
  unsigned tmo_multi;            /* connections that expired more than once (RETX_TIMEOUT 0:
                                    the model counts two where the RTL counts one) */
} sue_gbn_conn_out_t;

/* Outputs about tx_conn (tx_psn_new ... tx_replaying). */
typedef struct {
  unsigned psn_new, slot_new, psn_rp, slot_rp, op, rpsn, can_new, replaying;
} sue_gbn_tx_view_t;

/* A receive event (rx_conn ... rx_room) and its verdict (rx_ack_adv ... rx_accept). */
typedef struct {
  unsigned conn, op, rpsn, data, psn, room;
} sue_gbn_rx_t;
typedef struct {
  unsigned ack_adv, nack_ok, replay_start, ack_stale, ctrl, psn_ahead, psn_dup, nobuf, accept;
} sue_gbn_verdict_t;

/* C connections of WIN slots (C <= SUE_GBN_MAXC), all at reset, now = 0; -1 on error. */
int sue_gbn_bank_init(sue_gbn_bank_t *b, unsigned nc, unsigned win);
void sue_gbn_bank_free(sue_gbn_bank_t *b);
/* rst_n: every connection back to PSN 0, nothing owed, now = 0; -1 on error. */
int sue_gbn_bank_reset(sue_gbn_bank_t *b);
/* Step 1 at b->now with RETX_TIMEOUT retx, then the outputs of every connection. */
void sue_gbn_bank_timers(sue_gbn_bank_t *b, uint32_t retx, sue_gbn_conn_out_t *o);
void sue_gbn_bank_tx_view(const sue_gbn_bank_t *b, unsigned conn, sue_gbn_tx_view_t *v);
/* CONN[conn].TX = {una, nxt} and .RX = {13'b0, ack owed, replaying, NACK sent, exp}. */
void sue_gbn_bank_conn_view(const sue_gbn_bank_t *b, unsigned conn, uint32_t *tx, uint32_t *rx);
/* Step 2: a frame of connection conn of kind 0 (new PDU; needs the window open), 1 (replayed
 * PDU; needs a replay pending) or 2 (stand-alone ACK / NACK). */
void sue_gbn_bank_tx(sue_gbn_bank_t *b, unsigned conn, unsigned kind, uint32_t retx);
/* Step 3: the receive event (op 0, 1 or 2) and its verdict. */
void sue_gbn_bank_rx(sue_gbn_bank_t *b, const sue_gbn_rx_t *rx, uint32_t retx, uint32_t ack_delay,
                     sue_gbn_verdict_t *v);
void sue_gbn_bank_edge(sue_gbn_bank_t *b); /* step 4: now + 1 */

#ifdef __cplusplus
}
#endif
#endif
