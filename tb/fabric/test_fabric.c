/*
 * test_fabric.c - the fabric end to end (docs/fabric/index.md "Tests"): XPU commands through SUE
 * endpoints, links and the switch, checked by the scoreboard of fabric_tb.c (every command once,
 * in order per {source, destination, VC}, intact) and by the counters each test is about.
 * fab_run itself fails on any loss for want of room (switch ingress overflow, endpoint receive
 * buffer), any command refused, any frame of a port not accounted for once.
 */
#include <stdlib.h>
#include <string.h>

#include "fabric_tb.h"
#include "harness.h"
#include "sue_multi_regs.h"

static unsigned cmds(void) { return (unsigned)harness_scaled(40, 200, 1000); }

/* the traffic of a clean run on top: delivered, and neither layer retransmits */
static void clean_run(const char *top, fab_opts_t *o) {
  fab_t f;
  fab_open(&f, top, o, 1);
  fab_run(&f);
  CHECK_EQ(f.rifl_retx, 0, "RIFL retransmissions on clean links");
  CHECK_EQ(fab_ep_sum(&f, SUE_CNT_TX_RETX), 0, "go-back-N resends on a clean fabric");
  CHECK_EQ(fab_sw_sum(&f, FSP_CNT_FWD), fab_sw_sum(&f, FSP_CNT_RX) - fab_sw_sum(&f, FSP_CNT_PFC_RX),
           "every frame but PFC forwarded");
  fab_close(&f);
}

/* All-to-all uniform traffic (the default test): the summary table at the end. */
HARNESS_TEST(fabric_uniform) {
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds();
  clean_run("fabric_n4", &o);
}

/* A random permutation (every XPU sends to one other, every XPU receives from one). */
HARNESS_TEST(fabric_permutation) {
  fab_opts_t o = fab_default_opts();
  o.pattern = FAB_PERMUTATION;
  o.cmds = cmds();
  clean_run("fabric_n4", &o);
}

/* Eight XPUs (fabric_n8, @regress): all-to-all uniform. */
HARNESS_TEST(fabric_n8_uniform) {
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds() / 2;
  clean_run("fabric_n8", &o);
}

/* Sixteen XPUs (fabric_n16, @regress): all-to-all uniform, a random permutation (SCOC with
 * M = 4, MT = 4: four groups of four, a core word of four cell words). */
HARNESS_TEST(fabric_n16) {
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds() / 4;
  clean_run("fabric_n16", &o);
  o.pattern = FAB_PERMUTATION;
  clean_run("fabric_n16", &o);
}

/* Raw links (fabric_n4_raw): all-to-all uniform, then the 6-byte AIFH, with every frame into and
 * out of every switch port checked against the port model (fabric_link_check.c). */
HARNESS_TEST(fabric_raw) {
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds();
  clean_run("fabric_n4_raw", &o);
  o.fmt = SUE_HDR_AIFH6;
  clean_run("fabric_n4_raw", &o);
}

/* The AI forwarding header, 12-byte and 6-byte forms: the switch forwards by the DIP. */
HARNESS_TEST(fabric_aifh) {
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds() / 2;
  o.fmt = SUE_HDR_AIFH12;
  clean_run("fabric_n4", &o);
  o.fmt = SUE_HDR_AIFH6;
  clean_run("fabric_n4", &o);
}

/* The flat iSLIP switch instead of SCOC (SWITCH=1). */
HARNESS_TEST(fabric_islip) {
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds();
  clean_run("fabric_n4_islip", &o);
}

/* Incast: N-1 XPUs to XPU 0 at full speed. The egress to XPU 0 is the bottleneck: the switch's
 * ingresses fill, they send PFC XOFF to their endpoints, and nothing is dropped anywhere. Three
 * senders' windows (4 VCs x WIN 8 PDUs each) fit in the switch's buffers, core included, with
 * the fabric's thresholds (XOFF 2 KB a class), so the test sets XOFF to 512 bytes (XON 256). */
#define INCAST_XOFF 512u
/* N-1 XPUs to XPU 0 at full speed on top (with the instances' mode), PFC engaged, no drop. */
static void incast(const char *top, unsigned unordered, uint64_t salt) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  o.pattern = FAB_INCAST;
  o.pfc_xoff = INCAST_XOFF;
  o.pfc_xon = INCAST_XOFF / 2;
  o.p_cmd = 1.0;
  o.dlen = 256;
  o.unordered = unordered;
  o.cmds = cmds();
  fab_open(&f, top, &o, salt);
  fab_run(&f);
  CHECK(fab_sw_sum(&f, FSP_CNT_PFC_TX) > 0, "the switch sent no PFC frame under incast");
  CHECK(f.xoff_seen, "no switch port went into XOFF under incast");
  CHECK_EQ(fab_ep_sum(&f, SUE_CNT_TX_RETX), 0, "go-back-N resends under incast (a drop)");
  fab_close(&f);
}

HARNESS_TEST(fabric_incast) { incast("fabric_n4", 0, 2); }

/* CBFC instead of PFC at every endpoint and switch port, all-to-one on one VC onto a slow XPU 0
 * (it grants receive credits one cycle in 333): XPU 0's receive buffer fills and its endpoint's
 * credits hold the switch's egress (the senders' windows keep each switch ingress within its
 * share, so the switch's credits never run out here); on RIFL links (fabric_n4) and raw ones
 * (fabric_n4_raw), nothing is dropped anywhere (no rx_nobuf, no ingress overflow, no go-back-N
 * resend), every CBFC update the switch sends is checked (fabric_link_check.c: its classes, its
 * counts never going back, its bytes), every endpoint's in lockstep with its model. The control:
 * the same traffic with no flow control at all drops at XPU 0 (rx_nobuf). */
HARNESS_TEST(fabric_cbfc) {
  static const char *const tops[2] = {"fabric_n4", "fabric_n4_raw"};
  uint64_t nobuf_ctrl = 0;
  for (unsigned run = 0; run < 3; run++) {
    int control = run == 2;
    fab_t f;
    fab_opts_t o = fab_default_opts();
    o.pattern = FAB_INCAST;
    o.p_cmd = 1.0;
    o.p_grant = 0.003; /* XPU 0 takes about 3 bytes a cycle, the senders bring more */
    o.dlen = 256;
    o.vcs = 1; /* one VC: its 8 KB buffer at XPU 0 fills */
    o.cmds = cmds();
    o.cbfc = !control;
    o.no_fc = (unsigned)control;
    fab_open(&f, tops[run & 1u], &o, 7 + run);
    fab_run(&f);
    if (control) {
      nobuf_ctrl = fab_ep_sum(&f, SUE_CNT_RX_NOBUF);
      harness_log("  no flow control: %llu frames dropped for want of buffer",
                  (unsigned long long)nobuf_ctrl);
      fab_close(&f);
      continue;
    }
    harness_log("  CBFC updates: %llu from the switch, %llu from the endpoints",
                (unsigned long long)fab_lc_cbfc_updates(f.lc[0]),
                (unsigned long long)fab_ep_sum(&f, SUE_CNT_TX_CBFC));
    CHECK(fab_lc_cbfc_updates(f.lc[0]) > 0, "the switch sent no CBFC update");
    CHECK_EQ(fab_lc_ep_cbfc_updates(f.lc[0]), fab_ep_sum(&f, SUE_CNT_TX_CBFC),
             "endpoint CBFC updates checked at the switch ports");
    CHECK(fab_ep_sum(&f, SUE_CNT_TX_CBFC) > 0 && fab_ep_sum(&f, SUE_CNT_RX_CBFC) > 0,
          "CBFC updates between the endpoints and the switch");
    CHECK_EQ(fab_ep_sum(&f, SUE_CNT_TX_PFC) + fab_ep_sum(&f, SUE_CNT_RX_PFC), 0,
             "PFC frames in CBFC mode");
    CHECK_EQ(fab_ep_sum(&f, SUE_CNT_RX_NOBUF), 0, "frames dropped for want of buffer");
    CHECK_EQ(fab_sw_sum(&f, FSP_CNT_DROP + FSP_DROP_OVERFLOW), 0, "switch ingress overflow");
    CHECK_EQ(fab_ep_sum(&f, SUE_CNT_TX_RETX), 0, "go-back-N resends (a drop)");
    fab_close(&f);
  }
  /* +quick's 40 commands an XPU do not fill a buffer */
  CHECK(harness_scale() == HARNESS_QUICK || nobuf_ctrl > 0,
        "the control run (no flow control) never ran out of buffer");
}

/* Bits flipped on every lane of every link of a top (RIFL on): RIFL retransmits, and nothing
 * reaches SUE: no FCS or R-CRC drop at a switch port or an endpoint, go-back-N never fires. */
static void ber_rifl(const char *top, uint64_t salt) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  o.p_cmd = 1.0;
  o.ber = harness_scale() == HARNESS_QUICK ? 1e-5 : 1e-6;
  o.cmds = (unsigned)harness_scaled(100, 600, 3000);
  fab_open(&f, top, &o, salt);
  fab_run(&f);
  uint64_t flips = 0;
  for (unsigned c = 0; c < f.n * f.k->lanes; c++)
    flips += f.up[c].c.errors + f.dn[c].c.errors;
  harness_log("  bits flipped on the links: %llu", (unsigned long long)flips);
  CHECK(flips > 0, "the channels flipped no bit: the test shows nothing");
  CHECK(f.rifl_retx > 0, "bits flipped and RIFL retransmitted nothing");
  CHECK_EQ(fab_sw_sum(&f, FSP_CNT_DROP + FSP_DROP_FCS), 0, "FCS drops at the switch (RIFL on)");
  CHECK_EQ(fab_ep_sum(&f, SUE_CNT_RX_FCS) + fab_ep_sum(&f, SUE_CNT_RX_RCRC), 0,
           "FCS / R-CRC drops at an endpoint (RIFL on)");
  CHECK_EQ(fab_ep_sum(&f, SUE_CNT_TX_RETX) + fab_ep_sum(&f, SUE_CNT_TX_TIMEOUTS), 0,
           "go-back-N fired with RIFL on");
  fab_close(&f);
}

/* BER 1e-6 (1e-5 at +quick) on every link, one RIFL lane a link. */
HARNESS_TEST(fabric_ber_rifl) { ber_rifl("fabric_n4", 3); }

/* The same with RIFL bypassed (raw frames on the links): the errors reach the FCS checks, frames
 * are dropped, and SUE's go-back-N recovers every command end to end. */
HARNESS_TEST(fabric_ber_raw) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  /* the links busy (an error in an idle word hits nothing); +quick runs a tenth of the bits, so
     it raises the rate to see as many errors */
  o.p_cmd = 1.0;
  o.ber = harness_scale() == HARNESS_QUICK ? 1e-5 : 1e-6;
  o.cmds = (unsigned)harness_scaled(100, 600, 3000);
  /* PFC frames are lost too on raw links: the switch refreshes an XOFF every 256 cycles (what
     arrives in that time fits the headroom) and pauses for 1024 quanta (a lost XON costs 8192
     cycles, not 2^16 quanta) */
  o.pfc_time = 0x400;
  o.pfc_refresh = 256;
  fab_open(&f, "fabric_n4_raw", &o, 3);
  fab_run(&f);
  uint64_t flips = 0;
  for (unsigned i = 0; i < f.n; i++)
    flips += f.up[i].c.errors + f.dn[i].c.errors;
  harness_log("  bits flipped on the links: %llu", (unsigned long long)flips);
  uint64_t fcs = fab_sw_sum(&f, FSP_CNT_DROP + FSP_DROP_FCS) + fab_ep_sum(&f, SUE_CNT_RX_FCS);
  CHECK(fcs > 0, "bits flipped on raw links and no FCS check failed");
  /* a data frame lost shows as a PDU out of order at its receiver or a timer expiry at its
     sender (a lost ACK or PFC frame needs no resend: which frames the errors hit is the seed's) */
  uint64_t lost = fab_ep_sum(&f, SUE_CNT_RX_PSN) + fab_ep_sum(&f, SUE_CNT_TX_TIMEOUTS);
  CHECK(lost == 0 || fab_ep_sum(&f, SUE_CNT_TX_RETX) > 0,
        "data frames lost (%llu PDUs out of order or timer expiries) and go-back-N resent nothing",
        (unsigned long long)lost);
  CHECK_EQ(f.rifl_retx, 0, "RIFL counted retransmissions on raw links");
  fab_close(&f);
}

/* XPU 1's two links go down (the channel delivers zeros on every lane: RIFL loses alignment)
 * for 3000 cycles in the middle of the traffic and come back: RIFL realigns and replays,
 * nothing is lost. */
static void link_down(const char *top, uint64_t salt) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds();
  o.down_link = 1;
  o.down_at = 300; /* inside the traffic at +quick too (its 40 commands a XPU) */
  o.down_for = 3000;
  fab_open(&f, top, &o, salt);
  fab_run(&f);
  CHECK(f.t_done - f.t_traffic > o.down_at + o.down_for,
        "the traffic ended before the link came back (the outage hit idle links)");
  CHECK(f.rifl_retx > 0, "a link went down and RIFL retransmitted nothing");
  CHECK_EQ(fab_ep_sum(&f, SUE_CNT_RX_FCS) + fab_ep_sum(&f, SUE_CNT_RX_RCRC), 0,
           "corrupted frames reached an endpoint");
  /* link status (the registers and irq equal the models' at every XPU, fab_run; INTR cleared
     once the links were up): XPU 1 saw its link go down and come back, no other link moved */
  for (unsigned i = 0; i < f.n; i++)
    CHECK_EQ(f.ls[i].m.reach.intr & (SUE_INTR_LINK_DOWN | SUE_INTR_LINK_UP),
             i == 1 ? SUE_INTR_LINK_DOWN | SUE_INTR_LINK_UP : 0u, "INTR link events");
  fab_close(&f);
}

HARNESS_TEST(fabric_link_down) { link_down("fabric_n4", 4); }

/* Bonded links (fabric_n4_bond: two RIFL lanes a link direction, rifl_bond; fabric_n4_bond4:
 * four; lanes after the first skewed by up to 7 words): bit errors on every lane as
 * fabric_ber_rifl; the bond's lanes each retransmit their own frames, the bond keeps the link's
 * order, nothing reaches SUE. */
HARNESS_TEST(fabric_bond) {
  ber_rifl("fabric_n4_bond", 7);
  if (harness_scale() != HARNESS_QUICK) /* +quick: two lanes only */
    ber_rifl("fabric_n4_bond4", 9);
}

/* A whole bonded link down: every lane of XPU 1's two links at once (no lane of either bond up),
 * as fabric_link_down: every lane realigns and replays, and each bond's lane order resumes where
 * it stopped (RESTART 0), nothing lost. */
HARNESS_TEST(fabric_bond_link_down) {
  link_down("fabric_n4_bond", 8);
  if (harness_scale() != HARNESS_QUICK)
    link_down("fabric_n4_bond4", 10);
}

/* The capture `name` of the run folder read back by tshark: its *n records (malloc'ed), as many
 * as the frames captured. */
static sue_pcap_rec_t *read_capture(const char *name, unsigned frames, long *n) {
  char path[512], err[256];
  snprintf(path, sizeof path, "%s/%s", harness_outdir(), name);
  sue_pcap_rec_t *r = NULL;
  *n = sue_pcap_dissect_n(path, frames, &r, err, sizeof err);
  CHECK(*n >= 0, "%s", err);
  return r;
}

/* 802.1Q tags (docs/sue/index.md "VLAN tag"): every endpoint tags its frames (VLAN id 0x3C5, the
 * PCP its VC's PFC priority, the VC at the reset map), the switch port parses past the tag
 * (lookup, class from the RH) and forwards the frame unchanged, the endpoints accept it: every
 * command delivered, every link and port in lockstep. XPU 1's two links captured (raw links)
 * and read by tshark: every data frame Ethernet / 802.1Q / IPv4 / UDP with that VLAN id, DEI 0
 * and PCP = its VC; the switch's PFC frames untagged. Then AIFH 12 B over RIFL links. */
HARNESS_TEST(fabric_vlan) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  o.pattern = FAB_INCAST; /* PFC frames from the switch too */
  o.pfc_xoff = INCAST_XOFF;
  o.pfc_xon = INCAST_XOFF / 2;
  o.p_cmd = 1.0;
  o.cmds = (unsigned)harness_scaled(40, 100, 300);
  o.pcap_xpu = 1;
  o.vlan = 0x03C5u << 16 | 1u;
  fab_open(&f, "fabric_n4_raw", &o, 12);
  fab_run(&f);
  unsigned frames[2] = {f.cap_frames[0], f.cap_frames[1]};
  uint8_t *vc[2] = {f.cap_vc[0], f.cap_vc[1]};
  f.cap_vc[0] = f.cap_vc[1] = NULL;
  CHECK_EQ(f.cap_bad_fcs[0] + f.cap_bad_fcs[1], 0, "captured frames with a bad FCS");
  CHECK_EQ(frames[0], f.sw_cnt[1][FSP_CNT_RX], "frames captured into port 1 = its rx_frames");
  fab_close(&f);
  const char *const nm[2] = {"up.pcap", "dn.pcap"};
  unsigned ntag = 0, npfc = 0, pcps = 0;
  for (unsigned dir = 0; dir < 2; dir++) {
    long n;
    sue_pcap_rec_t *r = read_capture(nm[dir], frames[dir], &n);
    for (long i = 0; i < n; i++) {
      if (vc[dir][i] == 0xFF) {
        CHECK(r[i].macc_opcode == 0x0101, "%s frame %ld: PFC %ld, expected %ld", nm[dir], i,
              (long)r[i].macc_opcode, (long)(0x0101));
        CHECK(r[i].vlan_id == -1, "%s PFC frame %ld untagged %ld, expected %ld", nm[dir], i,
              (long)r[i].vlan_id, (long)(-1));
        npfc++;
        continue;
      }
      CHECK(strstr(r[i].protocols, "eth:ethertype:vlan:ethertype:ip:udp") == r[i].protocols,
            "%s frame %ld dissects as %s", nm[dir], i, r[i].protocols);
      CHECK_EQ(r[i].ip_ck, 1, "IPv4 header checksum (tshark)");
      CHECK(r[i].vlan_id == 0x3C5, "%s frame %ld VLAN id %ld, expected %ld", nm[dir], i,
            (long)r[i].vlan_id, (long)(0x3C5));
      CHECK(r[i].vlan_dei == 0, "%s frame %ld DEI %ld, expected %ld", nm[dir], i,
            (long)r[i].vlan_dei, (long)(0));
      CHECK(r[i].vlan_pcp == vc[dir][i],
            "%s frame %ld PCP = VC (PFC_MAP at reset) %ld, expected %ld", nm[dir], i,
            (long)r[i].vlan_pcp, (long)(vc[dir][i]));
      pcps |= 1u << vc[dir][i];
      ntag++;
    }
    free(r);
    free(vc[dir]);
  }
  CHECK(ntag > 0 && npfc > 0, "tagged data frames %u, PFC frames %u", ntag, npfc);
  harness_log("tshark: %u 802.1Q-tagged data frames (PCPs seen 0x%x), %u untagged PFC frames", ntag,
              pcps, npfc);

  o = fab_default_opts();
  o.cmds = cmds();
  o.fmt = SUE_HDR_AIFH12;
  o.vlan = 0x0001u << 16 | 1u;
  fab_open(&f, "fabric_n4", &o, 13);
  fab_run(&f);
  fab_close(&f);
}

/* XPU 0 also sends to an XPU the switch does not know: those frames are dropped and counted at
 * its switch port (go-back-N keeps resending them, as it must), the rest is unaffected. */
HARNESS_TEST(fabric_unknown_dst) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds();
  o.phantom = 4;
  o.retx_timeout = 3000;
  fab_open(&f, "fabric_n4", &o, 5);
  fab_run(&f);
  CHECK(f.sw_cnt[0][FSP_CNT_DROP + FSP_DROP_UNKNOWN] > 0, "no unknown-destination drop at port 0");
  for (unsigned p = 1; p < f.n; p++)
    CHECK_EQ(f.sw_cnt[p][FSP_CNT_DROP + FSP_DROP_UNKNOWN], 0, "unknown drops at another port");
  fab_close(&f);
}

/* Frames captured on switch port 0 (both directions, raw links) and read back by tshark: data
 * frames dissect as Ethernet / IPv4 (good checksum) / UDP to SUE's port, PFC frames as MAC
 * control 0x0101; every captured frame had a good FCS, and the counts match the port's counters. */
HARNESS_TEST(fabric_pcap) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  o.pattern = FAB_INCAST; /* the switch sends PFC frames to the endpoints (fabric_incast) */
  o.pfc_xoff = INCAST_XOFF;
  o.pfc_xon = INCAST_XOFF / 2;
  o.p_cmd = 1.0;
  o.dlen = 256;
  o.cmds = (unsigned)harness_scaled(40, 100, 300);
  o.pcap_xpu = 1;
  fab_open(&f, "fabric_n4_raw", &o, 6);
  fab_run(&f);
  unsigned frames[2] = {f.cap_frames[0], f.cap_frames[1]}, pfc[2] = {f.cap_pfc[0], f.cap_pfc[1]};
  CHECK_EQ(f.cap_bad_fcs[0] + f.cap_bad_fcs[1], 0, "captured frames with a bad FCS");
  CHECK_EQ(frames[0], f.sw_cnt[1][FSP_CNT_RX], "frames captured into port 1 = its rx_frames");
  CHECK_EQ(frames[1], f.sw_cnt[1][FSP_CNT_TX] + f.sw_cnt[1][FSP_CNT_PFC_TX],
           "frames captured out of port 1 = its tx_frames + pfc_tx");
  CHECK(pfc[1] > 0, "no PFC frame from the switch in the capture");
  const char *const nm[2] = {"up.pcap", "dn.pcap"};
  fab_close(&f);
  for (unsigned dir = 0; dir < 2; dir++) {
    long n;
    sue_pcap_rec_t *r = read_capture(nm[dir], frames[dir], &n);
    unsigned npfc = 0;
    for (long i = 0; i < n; i++) {
      if (r[i].macc_opcode == 0x0101) {
        npfc++;
        CHECK_EQ(r[i].pfc_cev, 0x0F, "PFC class-enable vector: the endpoint's four classes");
        continue;
      }
      CHECK(strstr(r[i].protocols, "eth:ethertype:ip:udp") == r[i].protocols,
            "%s frame %ld dissects as %s", nm[dir], i, r[i].protocols);
      CHECK_EQ(r[i].ip_ck, 1, "IPv4 header checksum (tshark)");
      CHECK_EQ(r[i].udp_dport, 0xC000, "UDP destination port");
    }
    CHECK_EQ(npfc, pfc[dir], "PFC frames tshark read");
    free(r);
  }
}

/* ------------------------------------------------------------------ switch planes */
/* fabric_multi (docs/fabric/index.md "Planes"): each XPU an SUE instance of P ports, port k on
 * plane k's switch. Every frame into and out of every plane's ports is held to the port model,
 * every command arrives once and intact (in order per {source, destination, VC} when ordered). */
static void planes_run(const char *top, fab_opts_t *o, uint64_t salt) {
  fab_t f;
  fab_open(&f, top, o, salt);
  fab_run(&f);
  CHECK_EQ(f.rifl_retx, 0, "RIFL retransmissions on clean links");
  CHECK_EQ(fab_ep_sum(&f, SUE_CNT_TX_RETX), 0, "go-back-N resends on a clean fabric");
  /* every plane carries traffic: unordered by load, ordered by the connection hash */
  for (unsigned k = 0; k < f.planes; k++) {
    uint64_t c = 0, fw = 0;
    for (unsigned i = 0; i < f.n; i++)
      c += f.x[i].port_cmds[0][k];
    for (unsigned p = 0; p < f.n; p++)
      fw += f.sw_cnt[f.n * k + p][FSP_CNT_FWD];
    harness_log("  plane %u: %llu commands given to its ports, %llu frames forwarded", k,
                (unsigned long long)c, (unsigned long long)fw);
    CHECK(c > 0 && fw > 0, "plane %u carried nothing", k);
  }
  fab_close(&f);
}

/* Uniform all-to-all on 2 planes, ordered and unordered, and on 4 planes unordered. */
HARNESS_TEST(fabric_planes) {
  fab_opts_t o = fab_default_opts();
  o.cmds = cmds();
  planes_run("fabric_multi_n4_p2", &o, 11);
  o.unordered = 1;
  planes_run("fabric_multi_n4_p2", &o, 12);
  planes_run("fabric_multi_n4_p4", &o, 13);
}

/* Incast on 2 planes (unordered): three XPUs to XPU 0 at full speed; XPU 0's two egress ports
 * are the bottleneck, the switches send PFC, nothing is dropped (fab_run) or resent. */
HARNESS_TEST(fabric_planes_incast) { incast("fabric_multi_n4_p2", 1, 14); }

/* Plane 1 of 2 killed mid-run (every link of it dark for down_for cycles: RIFL loses alignment,
 * each instance's port 1 goes down) and brought back. Every command is delivered exactly once
 * (in order when ordered); unordered, new commands leave port 1 while it is down and come back
 * to it after; the go-back-N timers resend what port 1 held over plane 0 (failover). */
/* the longest time without a delivery while plane 1 is down (a live wire stalled behind a frame
 * the dead one cut off would stop them) */
typedef struct {
  const fab_t *f;
  uint64_t last, gap;
} gap_t;

static void gap_hook(void *ctx, unsigned ev, unsigned xpu, uint64_t t, unsigned bytes) {
  gap_t *g = ctx;
  (void)xpu, (void)bytes;
  if (ev != FAB_EV_RX_LAST)
    return;
  const uint64_t a = g->f->t_traffic + g->f->o.down_at, b = a + g->f->o.down_for;
  uint64_t from = g->last > a ? g->last : a;
  if (t > a && from < b && (t < b ? t : b) - from > g->gap)
    g->gap = (t < b ? t : b) - from;
  g->last = t;
}

static void plane_down(int unordered, int cbfc, uint64_t salt) {
  fab_t f;
  gap_t gap = {&f, 0, 0};
  fab_opts_t o = fab_default_opts();
  o.hook = gap_hook;
  o.ctx = &gap;
  o.cmds = (unsigned)harness_scaled(60, 300, 1000);
  o.p_cmd = 0.03; /* an XPU's commands span about cmds / p_cmd cycles */
  o.unordered = (unsigned)unordered;
  o.cbfc = (unsigned)cbfc;
  o.retx_timeout = 1000;
  uint64_t span = (uint64_t)(o.cmds / o.p_cmd);
  o.down_plane = 1;
  o.down_at = span / 4;
  o.down_for = span / 3;
  fab_open(&f, "fabric_multi_n4_p2", &o, salt);
  fab_run(&f);
  uint64_t ph[3][2] = {{0}};
  for (unsigned i = 0; i < f.n; i++)
    for (unsigned p = 0; p < 3; p++)
      for (unsigned k = 0; k < 2; k++)
        ph[p][k] += f.x[i].port_cmds[p][k];
  harness_log("  longest time without a delivery while plane 1 was down: %llu cycles",
              (unsigned long long)gap.gap);
  /* about 0.12 commands a cycle arrive (4 XPUs, p_cmd 0.03): seeds 1-4 show gaps of 56-134 cycles.
   * An endpoint left waiting for a frame its dead wire cut off stalls the live wire behind it
   * (sue_fail_xbar without its receive cut: 473 cycles unordered, 758 ordered, default length) */
  CHECK(gap.gap < 400, "deliveries stopped for %llu cycles while plane 1 was down",
        (unsigned long long)gap.gap);
  harness_log("  commands to port 0 / 1: before %llu / %llu, plane 1 down %llu / %llu, after "
              "%llu / %llu",
              (unsigned long long)ph[0][0], (unsigned long long)ph[0][1],
              (unsigned long long)ph[1][0], (unsigned long long)ph[1][1],
              (unsigned long long)ph[2][0], (unsigned long long)ph[2][1]);
  /* the dead plane's ports' own go-back-N timers fired (the live plane's may too: it carries
   * both planes' load while the other is down, and its queueing can outlast RETX_TIMEOUT) */
  uint64_t tmo[2] = {0};
  for (unsigned l = 0; l < f.nl; l++)
    tmo[l % 2] += f.ep_cnt[l][SUE_CNT_TX_TIMEOUTS];
  harness_log("  go-back-N timeouts: ports on plane 0 %llu, on plane 1 %llu",
              (unsigned long long)tmo[0], (unsigned long long)tmo[1]);
  CHECK(tmo[1] > 0, "no go-back-N timeout of a port on the dead plane (nothing failed over)");
  /* frames each instance sent on a wire not their port's (sue_multi's NCARRY) */
  uint64_t carried = fab_inst_sum(&f, MREG_NCARRY);
  harness_log("  frames carried on plane 0 for port 1 (NCARRY, every XPU): %llu",
              (unsigned long long)carried);
  CHECK(carried > 0, "no frame of port 1 carried over plane 0 while plane 1 was down");
  if (cbfc) {
    /* each checked at its switch port: no limit taken back (a guest's frame counted by the
       port it was for, not the one whose link it crossed, would set one back) */
    uint64_t upd[2] = {fab_lc_ep_cbfc_updates(f.lc[0]), fab_lc_ep_cbfc_updates(f.lc[1])};
    harness_log("  endpoint CBFC updates checked at the switch ports: plane 0 %llu, plane 1 %llu",
                (unsigned long long)upd[0], (unsigned long long)upd[1]);
    CHECK(upd[0] > 0 && upd[1] > 0, "no endpoint CBFC update on a plane");
  }
  if (unordered) {
    /* a port is left as soon as its link_up falls (RIFL lost alignment) and MSTATUS.LINK
     * follows; the commands given to port 1 in the outage came before that */
    uint64_t dead = 0;
    for (unsigned i = 0; i < f.n; i++)
      dead += f.x[i].cmds_to_dead;
    CHECK(dead == 0, "%llu commands given to a port whose link had been down for %u cycles",
          (unsigned long long)dead, FAB_DEAD_AFTER);
    CHECK(ph[1][1] < ph[1][0], "port 1 kept getting new work while its plane was down");
    CHECK(ph[0][1] > 0 && ph[2][1] > 0, "port 1 not used before the outage or after it");
  }
  fab_close(&f);
}

HARNESS_TEST(fabric_plane_down) { plane_down(1, 0, 15); }
HARNESS_TEST(fabric_plane_down_ordered) { plane_down(0, 0, 16); }

/* The same under CBFC (every endpoint and switch port, docs/sue/sue_fail_xbar.md "Guest flow
 * control"): port 1's credits are its dead link's, so it sends on plane 0 under port 0's; the
 * switches' ingress buffers never overflow (fab_run), and what port 1 held arrives once. */
HARNESS_TEST(fabric_plane_down_cbfc) { plane_down(1, 1, 18); }

/* A plane that is up but does not reach one XPU (spec 3.3.7: SUE "determines when a remote XPU is
 * not reachable over a specific port / plane" and "moves the associated work to another port"):
 * plane 1's switch has no entry for XPU 2's port 1, so every frame to it there is dropped as an
 * unknown destination; every link stays up. Unordered. The plane-1 ports find XPU 2 unreachable
 * (RETRY_LIMIT 2) and detour their frames to it over plane 0 (docs/sue/sue_fail_xbar.md
 * "Detour"), and XPU 2's port 1, reached that way, answers that way; every PROBE cycles (4,000)
 * plane 1 is tried again. Every command arrives once (fab_run); without the detour what the
 * plane-1 ports hold for XPU 2 would be resent into the switch's drop until the run times out. */
HARNESS_TEST(fabric_plane_unreach) {
  fab_t f;
  fab_opts_t o = fab_default_opts();
  o.cmds = (unsigned)harness_scaled(60, 300, 1000);
  o.p_cmd = 0.03;
  o.unordered = 1;
  o.retx_timeout = 1000;
  o.no_route_plane = 1;
  o.no_route_xpu = 2;
  o.reach = 2u | 4000u << SUE_REG_REACH_PROBE_LSB;
  fab_open(&f, "fabric_multi_n4_p2", &o, 17);
  fab_run(&f);
  uint64_t unk[2] = {0}, given[2] = {0};
  for (unsigned k = 0; k < 2; k++)
    for (unsigned p = 0; p < f.n; p++) {
      unk[k] += f.sw_cnt[f.n * k + p][FSP_CNT_DROP + FSP_DROP_UNKNOWN];
      given[k] += f.x[p].port_cmds[0][k];
    }
  uint64_t carried = fab_inst_sum(&f, MREG_NCARRY);
  harness_log(
      "  unknown-destination drops: plane 0 %llu, plane 1 %llu; frames detoured over "
      "plane 0 (NCARRY, every XPU, every link up) %llu; commands to port 0 / 1: %llu / %llu",
      (unsigned long long)unk[0], (unsigned long long)unk[1], (unsigned long long)carried,
      (unsigned long long)given[0], (unsigned long long)given[1]);
  CHECK(unk[0] == 0 && unk[1] > 0, "unknown-destination drops: plane 0 %llu, plane 1 %llu",
        (unsigned long long)unk[0], (unsigned long long)unk[1]);
  CHECK(carried > 0, "no frame detoured over plane 0");
  CHECK(given[1] > 0, "plane 1 unused");
  fab_close(&f);
}
