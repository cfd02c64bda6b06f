/*
 * sue_rx_check_model.h - SUE receive side (docs/sue/index.md "Receive checks" and "Delivery"): the
 * stateless checks of a received frame, in the documented order, each failure naming its drop
 * counter; the per-VC receive buffer of unpacked commands; delivery to the XPU under rx_credit. The
 * stateful checks (PSN, buffer room) are in sue_endpoint_model.c.
 */
#ifndef REF_SUE_RX_H
#define REF_SUE_RX_H

#include <stddef.h>
#include <stdint.h>

#include "sue_cfg.h"
#include "sue_cmd.h"
#include "sue_frame.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_RX_KIND_DATA 1u /* a data PDU (at least one command) */
#define SUE_RX_KIND_CTRL 2u /* no command: a stand-alone ACK / NACK */
#define SUE_RX_KIND_PFC 3u  /* a flow-control frame: PFC, or a CBFC update (cbfc) */

typedef struct {
  unsigned kind;
  sue_rh_t rh;
  unsigned src_slot; /* destination-table slot of rh.xpuid */
  size_t area_off;   /* command area: frame bytes [area_off, area_off + area_len) */
  size_t area_len;
  unsigned ncmd;      /* commands in the area */
  unsigned cmd_bytes; /* their packed bytes (the receive-buffer room they need) */
  unsigned pfc_cev;   /* PFC or CBFC: class-enable vector */
  uint16_t pfc_time[SUE_PRIO];
  unsigned cbfc; /* a CBFC update of CBFC_OUI (docs/sue/index.md "CBFC update frame") */
  uint16_t cbfc_limit[SUE_PRIO], cbfc_sent[SUE_PRIO];
} sue_rx_info_t;

/* Checks a frame of len bytes (FCS included) in the order of docs/sue/index.md: runt, oversize,
 * FCS, PFC or CBFC update of CBFC_OUI (accepted) or other MAC control (Ethertype), Ethertype, IPv4
 * header and UDP length, UDP port, destination, R-CRC, RH version, source, partition, op and
 * command area. Returns 0 when the frame passes (info filled), else the SUE_CNT_RX_* index of the
 * first failure. */
int sue_rx_check(const sue_params_t *p, const sue_cfg_t *cfg, const uint8_t *f, size_t len,
                 sue_rx_info_t *info);

/* ---- receive buffer: one FIFO of commands per VC ---- */
typedef struct sue_rxcmd {
  struct sue_rxcmd *next;
  unsigned bytes; /* packed bytes (buffer accounting) */
  sue_cmd_t cmd;  /* vc and xpuid (the source) set */
} sue_rxcmd_t;

typedef struct {
  sue_rxcmd_t *head, *tail;
  unsigned bytes, ncmd;
} sue_rxq_t;

/* Unpacks the commands of a checked data frame into q (caller checked the room). */
void sue_rxq_put_pdu(sue_rxq_t *q, const uint8_t *f, const sue_rx_info_t *info, unsigned align);
/* Head command or NULL. */
const sue_cmd_t *sue_rxq_head(const sue_rxq_t *q);
/* Removes the head into *c (if c is not NULL). */
void sue_rxq_pop(sue_rxq_t *q, sue_cmd_t *c);
void sue_rxq_clear(sue_rxq_t *q);

#ifdef __cplusplus
}
#endif
#endif
