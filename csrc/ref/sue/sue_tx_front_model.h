/*
 * sue_tx_front_model.h - SUE transmit packing (docs/sue/index.md "Packing" and "Scheduler"): one
 * pack queue per {destination slot, VC} holding packed commands in arrival order, the readiness
 * rules (send-now, packing timeout, packing threshold), the cut of a PDU (whole commands from the
 * head while they fit PDU_MAX) and the scheduler: round-robin across VCs, then round-robin
 * across the eligible queues of the chosen VC.
 */
#ifndef REF_SUE_PACK_H
#define REF_SUE_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "sue_cfg.h"
#include "sue_cmd.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sue_qcmd {
  struct sue_qcmd *next;
  uint64_t t_arr;    /* cycle the command entered the queue */
  unsigned send_now; /* tx_send_now */
  unsigned len;      /* packed bytes (multiple of ALIGN) */
  uint8_t bytes[SUE_CMD_MAX + 8];
} sue_qcmd_t;

typedef struct {
  sue_qcmd_t *head, *tail;
  unsigned bytes;    /* packed bytes queued (<= Q_BYTES) */
  unsigned ncmd;     /* commands queued */
  unsigned nsendnow; /* of which with send-now */
} sue_queue_t;

typedef struct {
  unsigned ndst, align, pdu_max, q_bytes;
  sue_queue_t *q;          /* [ndst * SUE_NVC], index d * SUE_NVC + vc */
  unsigned vc_ptr;         /* next VC to serve */
  unsigned q_ptr[SUE_NVC]; /* next destination slot to serve, per VC */
} sue_pack_t;

int sue_pack_init(sue_pack_t *k, const sue_params_t *p);
void sue_pack_free(sue_pack_t *k);
sue_queue_t *sue_pack_queue(sue_pack_t *k, unsigned d, unsigned vc);

/* 1 if the queue can take bytes more packed bytes (bytes + queued <= Q_BYTES). */
int sue_pack_room(const sue_pack_t *k, unsigned d, unsigned vc, unsigned bytes);
/* Appends a command (caller checked the room). */
void sue_pack_push(sue_pack_t *k, unsigned d, unsigned vc, const sue_cmd_t *c, uint64_t now);
/* Ready to send at cycle now: not empty, and a send-now command queued, or the oldest command
 * waited pack_timeout cycles (now - t_arr >= pack_timeout), or queued bytes >=
 * min(pack_thresh, PDU_MAX). */
int sue_pack_ready(const sue_pack_t *k, unsigned d, unsigned vc, uint64_t now,
                   uint32_t pack_timeout, uint32_t pack_thresh);
/* Scheduler: among queues that are ready and allowed (ok[d * SUE_NVC + vc] != 0), the first VC
 * at or after vc_ptr with one, then in that VC the first destination at or after q_ptr[vc].
 * Moves both pointers one past the choice. Returns 1 and the choice, or 0. */
int sue_pack_schedule(sue_pack_t *k, uint64_t now, uint32_t pack_timeout, uint32_t pack_thresh,
                      const uint8_t *ok, unsigned *d, unsigned *vc);
/* Removes whole commands from the head while the PDU stays <= PDU_MAX (at least one) and
 * copies them to out. Returns the PDU's command bytes; *units gets the credit units freed
 * (bytes / ALIGN) and *ncmd the number of commands. */
size_t sue_pack_cut(sue_pack_t *k, unsigned d, unsigned vc, uint8_t *out, unsigned *units,
                    unsigned *ncmd);
/* Discards every queued command; returns how many. */
unsigned sue_pack_flush(sue_pack_t *k);

#ifdef __cplusplus
}
#endif
#endif
