/*
 * sue_multi_tb.h - the two-instance harness around sue_multi (docs/sue/sue_multi.md), shared by
 * its tests (tb/sue/test_sue_multi.c) and its bench (bench_sue_ports, tb/sue/bench_sue.c): two
 * instances of P ports, port e of one wired to port e of the other through a test channel (the
 * spec's mesh, Figure 2, one plane per port), every part of each instance held to its cycle model
 * every cycle:
 *   - each port's sue_endpoint to an endpoint model (csrc/lib/sue/sue_ep_lockstep.h), fed what
 *     the RTL hands that port: the commands sue_port_sel gave it, the rx credits sue_rx_merge
 *     granted it, its frames and registers;
 *   - the port choice to sue_port_sel_model (tx_credit to the XPU, the port of every command);
 *   - the receive merge to sue_rx_merge_model, fed the deliveries the endpoint models make;
 *   - the failover crossbar to sue_fail_xbar_model: every beat on every wire from the endpoint
 *     the model names, every beat to every endpoint from the wire it names, every ready.
 * Each XPU writes a per-VC sequence number into every command's control bytes 2 .. 5, keeps to
 * every credit it is given, and checks what it receives: every command exactly once, whole; in
 * ordered mode in the order sent per VC; each port's deliveries in that port's order.
 */
#ifndef TB_SUE_MULTI_TB_H
#define TB_SUE_MULTI_TB_H

#include <stdint.h>

#include "axil_master.h"
#include "harness.h"
#include "prng.h"
#include "sue_chan.h"
#include "sue_ep_lockstep.h"
#include "sue_fail_xbar_model.h"
#include "sue_multi_regs.h"
#include "sue_port_sel_model.h"
#include "sue_rx_cover_model.h"
#include "sue_rx_merge_model.h"

typedef struct {
  const char *top;
  unsigned p, data_w, eth_w, ndst, align, pdu_max, q_bytes, win, ing_cmd, ing_data, rx_bytes,
      skid; /* as tb/sue/tops.txt */
} mp_case_t;

extern const mp_case_t mp_cases[2]; /* the tops of tb/sue/tops.txt */

#define PM 4                     /* ports at most */
#define MAXW HARNESS_WORDS(2048) /* the widest data beat */
#define XA 0x15u
#define XB 0x2Au
#define PEER_SLOT 1u
#define NSEQ 8192u /* commands per VC at most */

typedef struct mp_side mp_side_t;
struct mp_side {
  dut_t *d;
  unsigned id, peer;
  mp_side_t *other;
  sue_ls_t ls[PM]; /* each port's endpoint model */
  sue_psel_t ps;
  sue_psel_cfg_t pcfg;
  sue_rxm_t *rm;
  /* ports (the top's) */
  port_t tx_valid, tx_cycle, tx_vc, tx_xpuid, tx_control, tx_send_now, tx_data, tx_err, tx_credit,
      qc_valid, qc_vc, qc_units, tx_reset_in, rx_valid, rx_cycle, rx_vc, rx_xpuid, rx_control,
      rx_data, rx_credit, rx_reset_in, etv, etr, etd, etn, etl, erv, err, erd, ern, erl, eru,
      link_up, irq, o_decide, o_kind, o_verdict, o_irq, o_backlog, o_tx_credit, o_rx_credit,
      o_rx_start, o_rx_vc, o_sel_valid, o_sel_port, o_sel_drop, o_unreach, ep_tv, ep_tr, ep_td,
      ep_tn, ep_tl, ep_tdet, ep_rv, ep_rr, ep_rd, ep_rn, ep_rl;
  port_t ep_tfc, ep_tcls, ep_tbytes, ep_gblock, ep_away, g_valid, g_cls, g_bytes; /* guest FC */
  unsigned gblock[4];       /* each port's fc_gblock this cycle (its model's, equal to the RTL's) */
  uint64_t n_gblocked;      /* cycles a guest's frame waited for its host wire's flow control */
  uint64_t n_gspend;        /* guest frames that took a host wire's credits */
  unsigned link, link_prev; /* link_up bits driven now, and the cycle before (MSTATUS) */
  unsigned port_en;
  unsigned failover;     /* MCTRL.FAILOVER, as the model has it */
  sue_fxb_t fx;          /* the failover crossbar's model */
  sue_rxcv_t cv;         /* the receive cover's model */
  port_t ep_cover;       /* o_ep_cover */
  uint64_t n_covered;    /* cycles with some port covered */
  uint64_t n_cover_xoff; /* cycles a port's PFC was in XOFF for a covered port's buffer only */
  unsigned rx_v, rx_l;   /* eth_rx_valid / _last driven this cycle */
  unsigned rx_held;      /* bit e: wire e's beat offered last cycle was not taken */
  unsigned rx_lost;      /* frames a cut wire stopped feeding mid-way (the rest lost) */
  /* the XPU's transmit side */
  unsigned to_send, sent, busy, beat, beats;
  sue_cmd_t cur;
  int icred[SUE_NVC][2], qunits[SUE_NVC];
  unsigned seq[SUE_NVC];
  unsigned sent_port[PM];        /* commands handed to each port (the model's choice) */
  unsigned sent_down;            /* commands handed to a port while it was down */
  unsigned sent_unreach;         /* ... to a port that found the destination unreachable */
  unsigned xq;                   /* tx_xpuid driven this cycle (held between commands) */
  uint64_t unreach_cyc[PM];      /* cycles port e found it unreachable (o_unreach) */
  sue_stream_t out[PM][SUE_NVC]; /* what each port carries, per VC, in order */
  sue_psel_out_t pend;           /* the model's step of the last cycle: RTL shows it now */
  sue_rxm_out_t rpend;
  int pend_on;
  /* the ports' deliveries, beat by beat, into the merge model */
  sue_cmd_t dcur[PM];
  unsigned dbusy[PM], dbeat[PM], dbeats[PM];
  /* the XPU's receive side */
  unsigned owed[SUE_NVC][2], received, rx_busy, rx_beat, rx_beats;
  uint64_t rx_bytes, t_first, t_last; /* command bytes received; cycles of the first and last */
  uint8_t *seen[SUE_NVC];             /* sequence numbers received */
  uint8_t *dropped[SUE_NVC];          /* ... sent without a credit and dropped (never to arrive) */
  unsigned n_viol, n_drop;            /* commands sent without a credit; of those dropped */
  unsigned last_seq[SUE_NVC];         /* ordered: the last one received + 1 */
  unsigned rx_port[PM];               /* commands each port delivered */
  /* Ethernet: the frame fed to each port, the bytes out of each */
  uint8_t *feed[PM];
  size_t feed_len[PM], feed_off[PM];
  int feeding[PM];
  uint8_t wire_buf[PM][SUE_FRAME_MAX]; /* the frame going out on wire w, its source endpoint */
  size_t wire_len[PM];
  unsigned wire_src[PM];
  unsigned carried_port[PM]; /* frames of port e that went out on another wire */
  /* AXI */
  axil_master_t ax; /* its registers */
};

typedef struct {
  const mp_case_t *k;
  mp_side_t s[2];
  sue_chan_t ch[2][PM]; /* ch[i][e]: frames from side i's port e */
  prng_t r;
  uint64_t t;
  unsigned nb, eb, ordered, cut;
  unsigned failover; /* MCTRL.FAILOVER written at open (the reset's 1 unless cleared) */
  double p_cmd, loss;
  double p_cheat; /* an XPU out of credits sends anyway (0: never; NVIOL / NDROP) */
  double p_grant; /* a cycle's chance of an XPU handing its instance a receive credit word */
  uint64_t max_cycles;
  /* benches (0 in the tests): every command dlen data bytes and 9 control words, with VCs
   * round-robin (dlen 0: random commands) */
  unsigned dlen;
} mp_t;

/* Opens the two instances of top (a case of mp_cases), resets them and writes their registers
 * (ordered or unordered mode, every port in use, failover on); side 0 and 1 send cmds commands
 * each, wires losing (and corrupting) loss of the frames; salt varies the seeds. */
void mp_open(mp_t *m, const char *top, int ordered, unsigned cmds, double loss, uint64_t salt);
/* One cycle of both instances; traffic = 0: no new commands. */
void mp_cycle(mp_t *m, int traffic);
/* Runs until cycle `until` (0: until every command is sent and everything is idle). */
void mp_run(mp_t *m, uint64_t until);
/* Settles, reads every counter of every port and of the instances and checks them against the
 * models, and that every command arrived once. */
void mp_finish(mp_t *m);
void mp_close(mp_t *m);
/* mp_open on a new mp_t (the harness fails the test if there is no memory); mp_free closes it and
 * frees it. */
mp_t *mp_new(const char *top, int ordered, unsigned cmds, double loss, uint64_t salt);
void mp_free(mp_t *m);
/* Idle cycles (no new commands) until both sides' queued AXI4-Lite accesses are done. */
void mp_axi_settle(mp_t *m);
/* Both sides send n commands in all (mp_run sends up to it). */
void mp_to_send(mp_t *m, unsigned n);
/* Queues an AXI4-Lite access of side s (port e's registers at e << 12, the instance's at MREG). */
void mp_axi(mp_side_t *s, int write, uint32_t addr, uint32_t data, uint32_t *result);

#endif
