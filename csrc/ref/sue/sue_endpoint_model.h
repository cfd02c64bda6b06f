/*
 * sue_endpoint_model.h - the SUE endpoint reference model (docs/sue/index.md): XPU commands in,
 * frames out; frames in, commands out; one Ethernet port, ordered mode. Transaction-exact and
 * byte-exact: every frame is the exact byte string the RTL must send, and every decision
 * (scheduler, replay, ACK, PFC) follows the documented priority at the moment the port asks for a
 * frame.
 *
 * Time is a cycle count given by the caller to every call, never decreasing. Timeouts (packing,
 * retransmission, ACK delay, PFC pause and refresh) compare it with deadlines, so a run is
 * deterministic for a given sequence of calls. The caller models the port: it asks for a frame
 * (sue_ep_port_tx) when the port is free, keeps the port busy for the frame's duration, and
 * hands received frames in (sue_ep_port_rx).
 */
#ifndef REF_SUE_ENDPOINT_H
#define REF_SUE_ENDPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "sue_cbfc_model.h"
#include "sue_cfg.h"
#include "sue_cmd.h"
#include "sue_frame.h"
#include "sue_gbn_model.h"
#include "sue_mgmt_rx_model.h"
#include "sue_pfc_model.h"
#include "sue_reach_model.h"
#include "sue_rx_check_model.h"
#include "sue_tx_front_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Credits returned to the XPU. */
#define SUE_CREDIT_AGG 0u   /* tx_credit: n ingress credits of {vc, type} */
#define SUE_CREDIT_QUEUE 1u /* tx_qcredit: n units of the pack queue {xpuid, vc} */
typedef struct {
  unsigned kind;
  unsigned vc, type; /* type: 0 command only, 1 command with data (AGG) */
  unsigned xpuid;    /* QUEUE: the destination XPU */
  unsigned n;        /* credits (AGG) or ALIGN-byte units (QUEUE) */
  uint64_t t;        /* cycle of the return */
} sue_credit_ev_t;

typedef struct sue_ingcmd {
  struct sue_ingcmd *next;
  sue_cmd_t cmd;
  unsigned type, dslot, hol;
} sue_ingcmd_t;

typedef struct {
  sue_params_t p;
  sue_cfg_t cfg;
  uint32_t cnt[SUE_NCNT];
  uint64_t now;
  /* ingress (XPU command interface), per VC, and credits owed to the XPU */
  sue_ingcmd_t *ing_head[SUE_NVC], *ing_tail[SUE_NVC];
  unsigned ing_used[SUE_NVC][2];
  uint8_t ing_held[SUE_NVC]; /* the VC held commands at the start of this cycle */
  sue_credit_ev_t *cev;
  size_t cev_n, cev_cap, cev_rd;
  /* transmit */
  sue_pack_t pack;
  sue_conn_t *conn;
  unsigned nconn;
  unsigned replay_ptr, nack_ptr, ack_ptr;
  uint8_t *ok;      /* [ndst * 4] scheduler mask, scratch */
  uint8_t *scratch; /* PDU_MAX, scratch */
  /* receive */
  sue_rxq_t rxq[SUE_NVC];
  unsigned rx_cred[SUE_NVC][2];
  unsigned rx_rr;
  /* PFC (sue_pfc_model.h): ep->pfc for its functions; the same fields by name (ep->xoff ...) */
  union {
    sue_pfc_t pfc;
    struct {
      SUE_PFC_STATE_FIELDS
    };
  };
  sue_cbfc_t cbfc; /* CBFC (sue_cbfc_model.h), with CTRL.FC_MODE = 1 */
  unsigned tx_in_reset, rx_in_reset;
  /* link status and reachability (sue_reach_model.h): INTR, STATUS.LINK_UP, UNREACH0/1 */
  sue_reach_t reach;
  unsigned tx_detour; /* the detour tag of the frame sue_ep_port_tx gave last (eth_tx_detour) */
  /* guest flow control (docs/sue/sue_fail_xbar.md "Guest flow control"): the flow-control tag of
   * that frame (eth_tx_fc, _cls, _bytes), and fc_away (the port's frames go on another wire) */
  unsigned tx_fc, tx_cls, tx_bytes, away;
  unsigned g_cls_level[SUE_PRIO]; /* receive cover: the covered ports' levels (sue_ep_set_cover) */
  unsigned upd_fly;   /* a CBFC update decided, its first beat not yet out (sue_ep_tx_first) */
  uint64_t upd_fly_t; /* ... decided in this cycle */
  uint8_t *tmo_slot;  /* [ndst] scratch: a timer of the slot expired in this cycle */
  /* management frames (docs/sue/index.md "Management frames") */
  uint8_t mgmt_wr[SUE_MGMT_MAX + 4]; /* the frame being written */
  unsigned mgmt_words;               /* its words */
  uint8_t mgmt_q[SUE_MGMT_MAX];      /* the queued frame */
  unsigned mgmt_qlen;                /* its bytes; 0: none queued */
  uint64_t mgmt_from;                /* the cycle it may go from */
  uint64_t mgmt_next;                /* no frame before this cycle (the last one's + MGMT_GAP) */
  sue_mgmt_rx_t mrx;                 /* receive (sue_mgmt_rx_model.h) */
} sue_ep_t;

/* Reset: every register at its reset value, queues and buffers empty, PSNs 0, the ingress
 * credits of every {VC, type} returned at cycle 0. Returns -1 on bad parameters. */
int sue_ep_init(sue_ep_t *ep, const sue_params_t *p);
void sue_ep_free(sue_ep_t *ep);

/* Everything that happens by itself up to cycle now (ingress drain, retransmission timers,
 * PFC evaluation). Every other call does this first; a cycle model (the RTL lockstep tests)
 * calls it at the start of every cycle, so that the PFC state is evaluated once per cycle on
 * the levels the earlier cycles left, as the RTL does. */
void sue_ep_tick(sue_ep_t *ep, uint64_t now);

/* ---- XPU command interface, transmit ----
 * A command as the XPU presents it: tx_valid (SUE_VALID_CMD / SUE_VALID_DATA), the control
 * bytes c->ctrl (the descriptor is decoded from ctrl[0..1]; the decoded fields of c are not
 * used), c->data, c->vc, c->xpuid (destination), c->send_now, and tx_err on any beat. Takes an
 * ingress credit of {vc, type}. Returns 0 when queued, else the SUE_CNT_TX_* index of the drop. */
int sue_ep_xpu_tx(sue_ep_t *ep, uint64_t now, unsigned tx_valid, const sue_cmd_t *c, unsigned err);
/* Next credit return to the XPU (1), or 0 when none. */
int sue_ep_credit_pop(sue_ep_t *ep, sue_credit_ev_t *ev);
/* tx_reset_in: ingress and pack queues discarded (counted), ingress credits returned anew;
 * connections (PSNs, retransmission buffers) kept. */
void sue_ep_tx_reset(sue_ep_t *ep, uint64_t now);

/* ---- Ethernet port ---- */
/* The port is free at cycle now: writes the next frame (FCS included) and returns its length,
 * or 0 when there is nothing to send. Priority: PFC, management frame (queued, MGMT_GAP over),
 * replay, stand-alone NACK, stand-alone ACK, new data PDU. */
size_t sue_ep_port_tx(sue_ep_t *ep, uint64_t now, uint8_t *frame);
/* A frame (FCS included) arrived complete at cycle now. Returns 0 when it was accepted (data,
 * control or PFC), else the SUE_CNT_RX_* index of the counter it was dropped on. */
int sue_ep_port_rx(sue_ep_t *ep, uint64_t now, const uint8_t *frame, size_t len);
/* ... that came over another port's wire (via 1: eth_rx_via of a multi-port instance) or its own
 * (via 0: sue_ep_port_rx). */
int sue_ep_port_rx_via(sue_ep_t *ep, uint64_t now, const uint8_t *frame, size_t len, unsigned via);
/* The detour tag (eth_tx_detour) of the frame sue_ep_port_tx gave last: its destination is
 * detoured (unreachable or via, sue_reach_model.h), and it does not take the probe. */
unsigned sue_ep_tx_detour(const sue_ep_t *ep);
/* The flow-control tag of that frame: 1 when it takes flow control (data, replay, ACK, NACK),
 * with *cls its class (its VC's priority) and *bytes its length (FCS included: its CBFC count);
 * 0 for PFC, CBFC and management frames (*cls, *bytes 0). */
unsigned sue_ep_tx_fc(const sue_ep_t *ep, unsigned *cls, unsigned *bytes);

/* ---- guest flow control: a multi-port instance's failover (sue_fail_xbar_model.h) ---- */
/* fc_away in the current cycle: the port's frames go on another port's wire, whose flow control
 * holds them, so its own does not (its decisions see no VC paused). Held until changed. */
void sue_ep_set_away(sue_ep_t *ep, unsigned away);
/* fc_gblock in the current cycle: bit c set when a guest's frame of class c may not start on
 * this port's wire: the lowest VC of priority c is PFC-paused, or short of CBFC credits for two
 * largest frames; 0 for a class no VC has. Every class while a CBFC update is owed, or decided
 * and its first beat not yet out. */
unsigned sue_ep_gblock(const sue_ep_t *ep);
/* The first beat of a frame left the port (taken on eth_tx) in the current cycle. */
void sue_ep_tx_first(sue_ep_t *ep);
/* A guest's frame of class cls and bytes bytes was granted this port's wire in the current
 * cycle: it takes the CBFC credits of the lowest VC of that priority (none if no VC has it). */
void sue_ep_guest_spend(sue_ep_t *ep, unsigned cls, unsigned bytes);

/* ---- receive cover: a multi-port instance (sue_rx_cover_model.h) ---- */
/* rx_cls_level: per class c its VCs' highest receive-buffer level (0: no VC of class c), as the
 * cycles before the current one left them. */
void sue_ep_cls_level(const sue_ep_t *ep, unsigned out[SUE_PRIO]);
/* g_cls_level for the cycle after the last one called: the other ports' covered levels per class;
 * a VC's PFC thresholds see the larger of its own level and its class's here. Call before the
 * cycle's first call (its PFC evaluation); held until changed (0 in one port). */
void sue_ep_set_cover(sue_ep_t *ep, const unsigned g[SUE_PRIO]);

/* ---- XPU command interface, receive ---- */
/* rx_credit: the XPU grants n credits of {vc, type}. */
void sue_ep_rx_credit(sue_ep_t *ep, unsigned vc, unsigned type, unsigned n);
/* Delivers the next command (1), round-robin across VCs whose head command has a credit of
 * its type; 0 when none. c->vc and c->xpuid (the source) are set. */
int sue_ep_xpu_rx(sue_ep_t *ep, uint64_t now, sue_cmd_t *c);
/* Delivers the head command of VC vc (1) when it has a credit of its type, with the same
 * effects as sue_ep_xpu_rx (credit, counter, round-robin pointer one past vc, PFC); 0 when the
 * VC is empty or has no credit. For a lockstep test of an RTL whose commands become
 * deliverable later than the model's (docs/sue/sue_rx_deliver.md): the test follows the RTL's
 * choice and checks it is legal. */
int sue_ep_xpu_rx_vc(sue_ep_t *ep, uint64_t now, unsigned vc, sue_cmd_t *c);
/* rx_reset_in: every rx credit withdrawn (the receive buffer is kept). */
void sue_ep_rx_reset(sue_ep_t *ep);

/* ---- link status and interrupt (docs/sue/index.md "Link status and reachability") ---- */
/* The link_up input in cycle now (held until changed; up from reset). */
void sue_ep_link(sue_ep_t *ep, uint64_t now, unsigned up);
/* The irq output in cycle now: |(INTR & INTR_EN). */
unsigned sue_ep_irq(sue_ep_t *ep, uint64_t now);

/* ---- management frames (docs/sue/index.md "Management frames") ---- */
/* The longest management frame, FCS excluded: min(SUE_MGMT_MAX, PDU_MAX + 54). */
unsigned sue_mgmt_max(const sue_params_t *p);
/* MGMT_TX_DATA written: 4 bytes appended to the frame being written (byte 0 = bits 31:24); past
 * sue_mgmt_max bytes dropped and counted (tx_mgmt_bad). */
void sue_ep_mgmt_data(sue_ep_t *ep, uint32_t word);
/* MGMT_TX_SEND written in the model's current cycle t: the frame written is queued, to be
 * decided from cycle t + 1 (the RTL's two cycles after the write's edge), if 14 <= len <=
 * sue_mgmt_max, len needs exactly the words written and no frame is queued; else counted
 * (tx_mgmt_bad). Either way the next frame is written from its first byte. */
void sue_ep_mgmt_send(sue_ep_t *ep, unsigned len);
/* Receive (docs/sue/index.md "Management frames, receive"): the first beat of a frame taken on
 * the port in cycle now, and its last beat (the whole frame, FCS included); sue_ep_port_rx is
 * its verdict. A caller that gives whole frames only (no beats) calls sue_ep_port_rx alone: the
 * frame then begins and ends at its verdict. -1: too many frames without a verdict. */
void sue_ep_mgmt_rx_begin(sue_ep_t *ep, uint64_t now);
int sue_ep_mgmt_rx_end(sue_ep_t *ep, const uint8_t *frame, size_t len);

/* ---- introspection for tests ---- */
/* 1 while VC vc may not be sent (a PFC pause of its priority is running, or fewer CBFC credits
 * than the largest frame takes): STATUS.PAUSED, the port's own wire. Its decisions obey it unless
 * it is away (sue_ep_set_away). */
int sue_ep_paused(const sue_ep_t *ep, unsigned vc);
/* The CBFC unit's configuration from the registers (docs/sue/index.md "CBFC"). */
void sue_ep_cbfc_cfg(const sue_ep_t *ep, sue_cbfc_cfg_t *cc);
/* Bytes of the largest frame, FCS included (tagged UDP format): what CBFC checks credits for. */
unsigned sue_ep_frame_max(const sue_params_t *p);
/* Commands queued anywhere on the transmit side (ingress, pack queues). */
unsigned sue_ep_tx_queued(const sue_ep_t *ep);
/* Packed bytes in all the pack queues (the RTL's tx_backlog: the load a multi-port instance
 * balances by); commands held at the ingress are not in it. */
unsigned sue_ep_tx_backlog(const sue_ep_t *ep);
/* PDUs sent and not acknowledged, summed over the connections. */
unsigned sue_ep_unacked(const sue_ep_t *ep);
/* The RTL's q_unreach for q_xpuid = xpuid: an entry of the destination table, detoured
 * (unreachable or via, as registered at the last edge). A multi-port instance's port choice
 * avoids it. */
int sue_ep_dst_unreach(const sue_ep_t *ep, unsigned xpuid);

#ifdef __cplusplus
}
#endif
#endif
