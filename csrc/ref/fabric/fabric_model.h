/*
 * fabric_model.h - the fabric of docs/fabric/index.md as a C model, composed of the block models:
 * one SUE endpoint model per XPU (csrc/ref/sue/sue_endpoint_model.c, transaction- and byte-exact:
 * every frame's bytes, every decision, PFC, go-back-N), the switch's core (csrc/ref/scoc
 * scoc_switch_model or islip_switch_model, cycle-exact, clocked SPEEDUP times a line cycle, its
 * words standing for the RTL's core words of CK cell words), and around the core the switch port:
 * fabric_sw_port_model's verdict, lookup and PFC frame, the port's buffers (ingress, reassembly per
 * source, class queues) with the RTL's sizes and rules, its 802.1Qbb state (sue_pfc_model, as the
 * RTL reuses sue_pfc). What is not modelled cycle by cycle is a timing rule, measured on the RTL
 * (docs/fabric/index.md "The model"):
 *
 *  - a link is a frame pipe (csrc/lib/sue sue_chan): a frame enters when its first beat leaves,
 *    its bytes follow at the line's rate (8 bytes a cycle raw; RIFL FW 256: 30 payload bytes every
 *    4 cycles, a frame starting a payload frame of its own), and its first beat arrives LAT cycles
 *    later; RIFL's flow control is a window of FC bytes a link may hold unread;
 *  - an endpoint decides a frame when its port is free (on RIFL, D0 cycles before the line frees:
 *    the lane's encoder takes 64 bits a cycle and sends 60) and the link's window has room; a
 *    received frame's commands are deliverable V0 + (bytes - 64) / 8 cycles after its last byte;
 *  - a switch port decides a frame at its last byte; its cells (CK cell words to a core word,
 *    gathered and cut a cell word a cycle) go into the core in arrival order; the egress takes a
 *    cell while its source's reassembly buffer has room for one, moves a complete frame to its
 *    class queue a word a cycle, and sends round robin over the classes the endpoint has not
 *    paused, the port's own PFC frame first.
 *
 * One cycle is one 64-bit word of the line (docs/fabric/index.md "Clocking"). At the RTL's sizes
 * the model runs beside the RTL in make bench BLOCK=fabric (fabric_throughput.csv); beyond them
 * (N = 64, 256 and 1024, the spec's largest: the switch models' limit) it is the figure.
 */
#ifndef REF_FABRIC_MODEL_H
#define REF_FABRIC_MODEL_H
#include <stddef.h>
#include <stdint.h>

#include "fabric_sw_port_model.h"
#include "prng.h"
#include "sue_cfg.h"
#include "sue_chan.h"
#include "sue_endpoint_model.h"
#include "sw_link.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FM_NMAX SW_MAX_N /* the switch models' limit */
/* XPU ids: not their indexes (so that a mix-up shows), 10 bits (SUE's XPU id), all distinct up to
 * 1024 XPUs */
#define FM_XPU_ID(i) ((0x40u + (i)) & 0x3FFu)
#define FM_XPU_IDX(id) (((id)-0x40u) & 0x3FFu)

enum { FM_UNIFORM, FM_PERMUTATION, FM_INCAST };

typedef struct {
  unsigned n;             /* XPUs, 4 .. FM_NMAX */
  unsigned islip;         /* 0 scoc_switch (M, MT), 1 islip_switch (K) */
  unsigned m, mt, k;      /* switch core */
  unsigned qd, oq, lw;    /* core buffers (packets) and LW (packets of 2^LW - 1 core words) */
  unsigned ck;            /* cell words per core word (0: the RTL's, M for SCOC, 1 for iSLIP) */
  double speedup;         /* core cycles per line cycle, >= 1 */
  unsigned rifl;          /* 1: RIFL links (FW 256), 0: raw */
  unsigned lat;           /* link latency, cycles (first beat out to first beat in; 0: the RTL's) */
  unsigned fc;            /* RIFL: bytes a link may hold unread (its flow-control window) */
  unsigned d0, v0;        /* endpoint: decision to first beat; last byte to the command out is
                             v0 + (frame bytes - 64) / 8 */
  unsigned sw_lat;        /* switch port: last byte in to the frame's first cell at the core */
  unsigned ibw, rbd, tqd; /* switch port buffers, 64-bit words */
  unsigned xoff, xon;     /* switch PFC thresholds, bytes of a class at an ingress */
  sue_params_t ep;        /* endpoints (ndst: min(N - 1, 64)) */
  unsigned rx_xoff, rx_xon; /* endpoints' PFC thresholds */
  unsigned drop_every; /* a fault for the tests: the switch loses every n-th data frame (0: none) */
  /* traffic */
  unsigned pattern, cmds, dlen, vcs;
  double p_cmd;
  uint64_t seed, max_cycles;
} fm_params_t;

/* The RTL fabric's values (rtl/fabric/fabric.v defaults, tb/fabric's configuration) for n XPUs:
 * SCOC with M = 2 (n = 4) or 4, MT = M / 2 .. M as the tops, speedup 1, RIFL, uniform traffic of
 * 256-byte commands. */
fm_params_t fm_default_params(unsigned n);

typedef struct fm fm_t; /* the state, in fabric_model.c */

typedef struct {
  uint64_t cycles, t0, t1;   /* run length; the steady-state window (deliveries 1/4 .. 3/4) */
  uint64_t cmds, bytes;      /* delivered, in the window */
  uint64_t delivered;        /* commands delivered, all */
  double goodput;            /* per receiving XPU, fraction of 8 bytes a cycle, in the window */
  double egress_util;        /* frame bytes the busiest switch egress sent, same units */
  uint64_t p50, p99, maxlat; /* command latency, cycles (last beat in to first beat out) */
  uint64_t sw_drop[FSP_NDROP], pfc_sw, pfc_ep, sue_retx, core_violations, lost;
} fm_result_t;

/* Runs a fabric to the end of its traffic (every command delivered and checked against what
 * its source sent: nothing lost, duplicated, reordered or corrupted). Returns 0, or -1 with
 * why (a bad parameter, a scoreboard failure, a run past max_cycles). */
int fm_run(const fm_params_t *p, fm_result_t *r, char *why, size_t why_len);

#ifdef __cplusplus
}
#endif
#endif
