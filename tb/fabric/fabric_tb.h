/*
 * fabric_tb.h - the harness around the RTL top `fabric` (docs/fabric/index.md "Tests"), shared by
 * the tests (tb/fabric/test_fabric.c) and the benchmarks (tb/fabric/bench_fabric.c): N XPUs
 * driving the SUE command interfaces with both credit kinds, one channel per link direction
 * (delay, bit errors by BER, outages: csrc/lib/rifl/rifl_channel.c), a scoreboard per
 * {source, destination, VC} (nothing lost, duplicated, reordered or corrupted), command latency,
 * configuration and counters over the fabric's one AXI4-Lite port. Every cycle, each endpoint is
 * held to its own model (csrc/lib/sue/sue_ep_lockstep.h) and every frame into and out of the
 * switch to the port model (fabric_link_check.h): docs/fabric/index.md "Lockstep".
 */
#ifndef TB_FABRIC_TB_H
#define TB_FABRIC_TB_H

#include <stddef.h>
#include <stdint.h>

#include "axil_master.h"
#include "fabric_link_check.h"
#include "fabric_sw_port_model.h"
#include "harness.h"
#include "prng.h"
#include "rifl_channel.h"
#include "sue_cfg.h"
#include "sue_chan.h"
#include "sue_cmd.h"
#include "sue_ep_lockstep.h"
#include "sue_pcap.h"

#define FAB_NMAX 16
#define FAB_LMAX 4                      /* RIFL lanes a link (fabric.v LANES) */
#define FAB_PMAX 4                      /* switch planes (fabric_multi.v P) */
#define FAB_LINKS (FAB_NMAX * FAB_PMAX) /* links: XPU i's on plane k is P i + k */
#define FAB_XPU_ID(i) (0x40u + (i))     /* XPU ids: not their indexes, so a mix-up shows */
#define FAB_PHANTOM 0x3F0u              /* an XPU id the switch does not know */
#define FAB_REPLAY_SLOTS                                                                           \
  160u /* a RIFL replay: 2.5 x 2^FIDW frame slots, FIDW 6 (rtl/fabric/fabric.v) */

typedef struct { /* a top of tb/fabric/tops.txt */
  const char *top;
  unsigned n, rifl, islip, data_w, align, pdu_max, q_bytes, rx_bytes;
  unsigned lanes; /* RIFL lanes a link (LANES) */
  unsigned
      planes; /* 1: `fabric` (an endpoint an XPU); 2, 4: `fabric_multi` (sue_multi, P planes) */
} fab_case_t;

enum { FAB_UNIFORM, FAB_PERMUTATION, FAB_INCAST };
#define FAB_CBFC_OUI 0x0A1B2Cu /* the fabric's CBFC_OUI (opts.cbfc) */

typedef struct {
  unsigned pattern;  /* FAB_UNIFORM, FAB_PERMUTATION (a random one), FAB_INCAST (to XPU 0) */
  unsigned cmds;     /* commands per sending XPU */
  double p_cmd;      /* chance an idle XPU starts a command in a cycle */
  double p_grant;    /* chance an XPU returns receive credits in a cycle (receive speed) */
  unsigned max_dlen; /* longest command data (bytes) */
  unsigned dlen;     /* every command this much data (0: random up to max_dlen) */
  unsigned send_now; /* 1: every command send-now (else one in ten) */
  unsigned fmt;      /* SUE_HDR_UDP / AIFH12 / AIFH6 (every endpoint) */
  unsigned vcs;      /* commands use VCs 0 .. vcs - 1 */
  unsigned pfc_time, pfc_refresh; /* the switch's PFC registers (0: reset values) */
  unsigned pfc_xoff, pfc_xon;     /* ... its thresholds, bytes (0: the fabric's, IBW/2, IBW/4) */
  double ber;                     /* bit error rate of every link direction */
  int down_link;                  /* -1, or the XPU whose two links go down ... */
  uint64_t down_at;               /* ... this many cycles after traffic starts ... */
  uint64_t down_for;              /* ... for this many cycles */
  unsigned phantom; /* XPU 0 also sends this many commands to FAB_PHANTOM (unknown to the switch) */
  unsigned delay;   /* channel delay, words (bonded links: lane k > 0 up to 7 words more) */
  int pcap_xpu;     /* raw links: capture both links of this XPU (-1: none) to up.pcap, dn.pcap */
  uint32_t vlan;    /* every endpoint's VLAN register (0: its reset, no tag) */
  unsigned cbfc;    /* CBFC instead of PFC at every endpoint and switch port (FAB_CBFC_OUI) */
  unsigned no_fc;   /* no flow control sent anywhere (PFC_TX_EN 0 at endpoints and switch) */
  unsigned unordered; /* fabric_multi: MCTRL.UNORDERED (else ordered, the reset) */
  int down_plane;     /* fabric_multi: -1, or the plane whose every link goes down (down_at ...) */
  int no_route_plane; /* fabric_multi: -1, or the plane whose switch has no entry for ... */
  unsigned no_route_xpu; /* ... this XPU's port on it: the plane is up but does not reach it */
  uint32_t reach;        /* every endpoint's REACH register (0: its reset) */
  uint64_t max_cycles;
  uint32_t retx_timeout;
  /* benches: FAB_EV_* of XPU xpu in cycle t (bytes: the command's, for FAB_EV_RX_LAST) */
  void (*hook)(void *ctx, unsigned ev, unsigned xpu, uint64_t t, unsigned bytes);
  void *ctx;
} fab_opts_t;

/* FAB_EV_TX_LAST: a command's last beat is on tx_*; FAB_EV_RX_FIRST / _LAST: a command's
 * first / last beat is on rx_*; FAB_EV_UP_FIRST / FAB_EV_DN_FIRST: the first word of a frame
 * leaves the endpoint / the switch port on a raw link (no such event on RIFL links). */
enum { FAB_EV_TX_LAST, FAB_EV_RX_FIRST, FAB_EV_RX_LAST, FAB_EV_UP_FIRST, FAB_EV_DN_FIRST };

typedef struct {
  /* transmit */
  int busy;
  sue_cmd_t cur;
  unsigned cur_dst; /* index, or FAB_NMAX for the phantom */
  unsigned beats, beat, sent, to_send, phantom_left;
  int icred[SUE_NVC][2];
  int qunits[FAB_NMAX + 1][SUE_NVC];
  sue_stream_t out[FAB_NMAX][SUE_NVC]; /* what this XPU sent to each destination */
  uint64_t *t_sent[FAB_NMAX][SUE_NVC]; /* the cycle each of them was sent */
  uint8_t *taken[FAB_NMAX][SUE_NVC];   /* unordered: which of them arrived (rd counts them) */
  /* receive */
  int rx_busy;
  sue_cmd_t rxc;
  unsigned rx_src, rx_beats, rx_beat, received;
  unsigned owed[SUE_NVC][2];
  unsigned perm;                   /* FAB_PERMUTATION: its destination */
  unsigned rx_seq;                 /* unordered: the command arriving (its stream index) */
  uint64_t port_cmds[3][FAB_PMAX]; /* fabric_multi: commands given to each port, before /
                                      during / after the outage of down_plane (else all [0]) */
  uint64_t down_since[FAB_PMAX];   /* fabric_multi: the cycle port k's link_up fell (0: up) */
  uint64_t cmds_to_dead;           /* ... commands given to a port FAB_DEAD_AFTER cycles after */
} fab_xpu_t;

/* A port whose link_up fell this many cycles ago gets no new command in unordered mode (sue_multi
 * registers link_up into MSTATUS.LINK, and the port choice takes a command the cycle after). */
#define FAB_DEAD_AFTER 2

typedef struct { /* one lane of a link direction */
  rifl_chan_t c;
  uint64_t rx;      /* the word for the next cycle */
  uint8_t ctl[256]; /* raw channel framing, by cycle */
  unsigned ctl_dly;
} fab_chan_t;

typedef struct {
  const fab_case_t *k;
  fab_opts_t o;
  dut_t *d;
  prng_t r;
  uint64_t t, t_traffic, t_done; /* cycle; the first cycle of traffic; the last delivery's */
  unsigned n, planes, nl;        /* XPUs, planes, links (n planes) */
  fab_xpu_t x[FAB_NMAX];
  fab_chan_t up[FAB_LINKS * FAB_LMAX], dn[FAB_LINKS * FAB_LMAX]; /* link l's lane k at L l + k */
  unsigned in_frame[2][FAB_LINKS]; /* raw links: a frame is being sent */
  int hold;                        /* benches: no new command starts while set */
  axil_master_t ax;                /* the registers */
  uint64_t *lat;                   /* command latencies, cycles */
  size_t nlat, cap_lat;
  uint64_t bytes; /* command bytes delivered */
  /* ports */
  port_t tx_valid, tx_cycle, tx_vc, tx_xpuid, tx_control, tx_send_now, tx_data, tx_err;
  port_t tx_credit, qc_valid, qc_xpuid, qc_vc, qc_units;
  port_t rx_valid, rx_cycle, rx_vc, rx_xpuid, rx_control, rx_data, rx_credit;
  port_t up_tx_data, up_tx_ctl, up_rx_valid, up_rx_data, up_rx_ctl;
  port_t dn_tx_data, dn_tx_ctl, dn_rx_valid, dn_rx_data, dn_rx_ctl;
  port_t link_up, rifl_retrans, raw_overflow, sw_xoff, sw_paused, sw_err_len, sw_err_dst;
  port_t ep_decide, ep_kind, ep_verdict, ep_etx_ctl, ep_etx_data, ep_erx_ctl, ep_erx_data, ep_irq,
      ep_backlog;
  port_t sw_in_ctl, sw_in_data, sw_out_ctl, sw_out_data;
  port_t sel_valid, sel_port, sel_drop; /* fabric_multi: each XPU's port choice */
  unsigned quw;
  /* the end: counters read back */
  uint32_t ep_cnt[FAB_LINKS][SUE_NCNT]; /* endpoint (XPU i's port e at P i + e) */
  uint32_t ep_st[FAB_LINKS][4];         /* INTR, STATUS, UNREACH0, UNREACH1 read at the end */
  uint32_t sw_cnt[FAB_LINKS][FSP_NCNT]; /* plane k's port p at N k + p */
  /* the capture (pcap_xpu): frames being assembled from the raw framing, per direction */
  sue_pcap_t pcap[2];
  uint8_t *cap[2];
  size_t cap_len[2];
  unsigned cap_frames[2], cap_bad_fcs[2], cap_pfc[2];
  uint8_t *cap_vc[2];  /* RH VC of each captured frame (0xFF: PFC), cap_frames[dir] of them */
  uint64_t rifl_retx;  /* RIFL retransmission requests, every lane, after the bring-up */
  uint64_t rifl_retx0; /* ... during the bring-up */
  unsigned xoff_seen;  /* a switch port raised XOFF */
  /* lockstep (docs/fabric/index.md "Lockstep") */
  sue_ls_t ls[FAB_NMAX];     /* each endpoint against its model, every cycle */
  sue_cmd_t ls_rx[FAB_NMAX]; /* the command the model delivers, while the RTL delivers it */
  fab_lc_t *lc[FAB_PMAX];    /* each plane's switch against its port model, every frame */
} fab_t;

const fab_case_t *fab_case(const char *top);
fab_opts_t fab_default_opts(void);
/* Opens the top, resets it, configures every endpoint and the switch, and waits for the links. */
void fab_open(fab_t *f, const char *top, const fab_opts_t *o, uint64_t salt);
/* Runs the traffic to its end (every command delivered, nothing in flight), then reads every
 * counter, prints the summary table and checks the fabric-wide invariants. */
void fab_run(fab_t *f);
void fab_close(fab_t *f);
/* One cycle (traffic = 0: no new command). */
void fab_cycle(fab_t *f, int traffic);
/* Queues an AXI4-Lite access (a result for a read). */
void fab_axi(fab_t *f, int write, uint32_t addr, uint32_t data, uint32_t *result);
/* Cycles until every queued AXI access is done. */
void fab_axi_wait(fab_t *f);
/* Sum of an endpoint counter over every XPU; a switch counter over every port. */
uint64_t fab_ep_sum(const fab_t *f, unsigned cnt);
uint64_t fab_sw_sum(const fab_t *f, unsigned cnt);
/* fabric_multi: an sue_multi register (MREG_*, csrc/ref/sue/sue_multi_regs.h) read now from every
 * XPU's instance, summed. */
uint64_t fab_inst_sum(fab_t *f, uint32_t reg);
/* Latency percentile (0..100) of the delivered commands, cycles. */
uint64_t fab_lat_pct(fab_t *f, double pct);
/* The summary table (XPUs, commands, bytes, latency, retransmissions by layer, drops by reason). */
void fab_summary(fab_t *f);

#endif
