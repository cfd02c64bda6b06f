/*
 * Tests of the SUE endpoint top (docs/sue/sue_endpoint.md): two sue_endpoint instances back to
 * back through the test channel of csrc/ref/sue_chan (loss, line bit errors, bit errors
 * behind a resealed FCS, latency and jitter, by seed), each XPU honouring both credit kinds.
 *
 * Each RTL endpoint runs in lockstep with its own model (csrc/ref/sue/sue_endpoint_model.c), driven
 * in cycle t in the order the RTL's state machines use (sue_gbn, sue_pfc):
 *   1. the command whose last beat was at t - 1 enters the model (sue_ep_xpu_tx(t));
 *   2. at a decision cycle (tx_decide) the model picks the frame (sue_ep_port_tx(t)): the RTL
 *      must choose a frame exactly when the model does, of the same kind, and later send
 *      exactly its bytes (FCS included);
 *   3. a received frame's verdict (rx_verdict) hands that frame to the model (sue_ep_port_rx);
 *   4. a command's beat 0 on rx_* takes the head of that VC from the model
 *      (sue_ep_xpu_rx_vc), and every beat must show the model's bytes;
 *   5. rx_credit granted in cycle t reaches the model after that (sue_ep_rx_credit).
 * On top, a scoreboard checks every delivered command against the peer XPU's sent stream of
 * its VC: nothing lost, duplicated, reordered or corrupted; at the end every command has
 * arrived, nothing is unacknowledged, and every counter read over AXI4-Lite equals the
 * model's.
 *
 * The harness is tb/sue/sue_ep_tb.[ch] (shared with the benchmarks, tb/sue/bench_sue.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "sue_ep_tb.h"
#include "sue_pcap.h"
#include "sue_regs_model.h"

/* Icarus runs these tests in sim_endpoint.vvp (tb/sue/tops.txt @program=endpoint). */
HARNESS_PROGRAM(endpoint);

/* Commands a side sends: n by default, 4 n with +full (make regress), n / 10 but at
 * most 60 with +quick (make test's Icarus lane; every check still applies). */
static unsigned run_len(unsigned n) {
  return (unsigned)harness_scaled(n / 10 < 60 ? n / 10 : 60, n, 4 * n);
}

/* The capture at path read back by tshark: its *n records (malloc'ed), as many as the frames
 * captured. */
static sue_pcap_rec_t *read_capture(const char *path, unsigned frames, long *n) {
  sue_pcap_rec_t *rec = NULL;
  char err[300];
  *n = sue_pcap_dissect_n(path, frames, &rec, err, sizeof err);
  CHECK(*n >= 0, "%s", err);
  return rec;
}

/* A clean channel: every frame byte, decision, delivery and counter equal to the model's; the
 * UDP frames of endpoint 0 go to a pcap that tshark must read as Ethernet / IPv4 / UDP. */
HARNESS_TEST(ep_clean) {
  ep_opts_t o = ep_default_opts();
  o.cmds = run_len(600);
  ep_t *e = calloc(1, sizeof *e);
  CHECK(e != NULL, "memory");
  ep_open(e, "sue_endpoint_w256", &o, 1);
  char path[1024];
  snprintf(path, sizeof path, "%s/ep_tx.pcap", harness_outdir());
  CHECK(sue_pcap_open(&e->s[0].pcap, path) == 0, "pcap %s", path);
  e->s[0].pcap_on = 1;
  ep_run(e);
  CHECK(e->s[0].ls.kinds[5] > 0 && e->s[1].ls.kinds[4] + e->s[0].ls.kinds[4] > 0,
        "PDUs and ACKs sent");
  unsigned frames = e->s[0].ls.frames, pfc = e->s[0].ls.kinds[1];
  ep_close(e);
  free(e);
  /* the capture read back: every data frame Ethernet / IPv4 / UDP, checksum good, our port */
  long n;
  sue_pcap_rec_t *rec = read_capture(path, frames, &n);
  unsigned npfc = 0;
  for (long i = 0; i < n; i++) {
    const sue_pcap_rec_t *x = &rec[i];
    if (x->macc_opcode == SUE_PFC_OPCODE) {
      npfc++;
      continue;
    }
    CHECK(strncmp(x->protocols, "eth:ethertype:ip:udp", 20) == 0, "frame %ld protocols '%s'", i,
          x->protocols);
    CHECK(x->ip_ck == 1, "frame %ld IPv4 checksum status %d (1 = good)", i, x->ip_ck);
    CHECK_EQ(x->udp_dport, SUE_UDP_PORT_DEFAULT, "UDP destination port");
  }
  free(rec);
  CHECK_EQ(npfc, pfc, "PFC frames in the capture");
  harness_log("tshark read %ld frames of endpoint %u (%u PFC): all Ethernet / IPv4 / UDP", n, XA,
              npfc);
}

/* 802.1Q (docs/sue/index.md "VLAN tag"): endpoint 0 tags its frames (VID 0x5A5, each VC's
 * priority a different PCP), endpoint 1 does not; each accepts the other's frames over a channel
 * that loses and corrupts some (so replays, NACKs and errors behind the FCS cross tagged frames
 * too), in lockstep with the model. Endpoint 0's capture read by tshark: every data frame
 * Ethernet / 802.1Q / IPv4 / UDP with the VLAN id, DEI 0 and the PCP of its RH's VC; PFC frames
 * untagged. Then the same with AI forwarding headers (12-byte: tagged; 6-byte: never). */
HARNESS_TEST(ep_vlan) {
  static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};
  static const unsigned pcp[SUE_NVC] = {6, 4, 2, 7};
  for (unsigned run = 0; run < 3; run++) {
    ep_opts_t o = ep_default_opts();
    o.cmds = run_len(run ? 300 : 600);
    o.fmt = fmts[run];
    o.loss = 2e-3;
    o.flip = o.flip_pdu = 2e-3;
    o.retx_timeout = 1500;
    o.vlan[0] = 0x05A5u << 16 | 1u;
    o.pfc_map[0] = pcp[3] << 9 | pcp[2] << 6 | pcp[1] << 3 | pcp[0];
    ep_t *e = calloc(1, sizeof *e);
    CHECK(e != NULL, "memory");
    ep_open(e, "sue_endpoint_w256", &o, 20 + run);
    char path[1024];
    snprintf(path, sizeof path, "%s/ep_vlan_%u.pcap", harness_outdir(), run);
    CHECK(sue_pcap_open(&e->s[0].pcap, path) == 0, "pcap %s", path);
    e->s[0].pcap_on = 1;
    ep_run(e);
    CHECK(e->s[0].ls.kinds[5] > 0 && e->s[1].ls.kinds[5] > 0, "PDUs sent both ways");
    unsigned frames = e->s[0].pcap_n;
    uint8_t *vc = e->s[0].pcap_vc;
    e->s[0].pcap_vc = NULL;
    ep_close(e);
    free(e);
    if (run == 2) { /* AIFH 6-byte: no Ethernet header, so no tag and no tshark check */
      free(vc);
      continue;
    }
    long n;
    sue_pcap_rec_t *rec = read_capture(path, frames, &n);
    unsigned ntag = 0;
    for (long i = 0; i < n; i++) {
      const sue_pcap_rec_t *x = &rec[i];
      if (vc[i] == 0xFF) {
        CHECK(x->macc_opcode == SUE_PFC_OPCODE, "frame %ld: PFC %ld, expected %ld", i,
              (long)x->macc_opcode, (long)(SUE_PFC_OPCODE));
        CHECK(x->vlan_id == -1, "PFC frame %ld untagged %ld, expected %ld", i, (long)x->vlan_id,
              (long)(-1));
        continue;
      }
      const char *want =
          run ? "eth:ethertype:vlan:ethertype" : "eth:ethertype:vlan:ethertype:ip:udp";
      CHECK(strncmp(x->protocols, want, strlen(want)) == 0, "frame %ld protocols '%s', not %s...",
            i, x->protocols, want);
      CHECK(run || x->ip_ck == 1, "frame %ld IPv4 checksum status %d (1 = good)", i, x->ip_ck);
      CHECK(x->vlan_id == 0x5A5, "frame %ld VLAN id %ld, expected %ld", i, (long)x->vlan_id,
            (long)(0x5A5));
      CHECK(x->vlan_dei == 0, "frame %ld DEI %ld, expected %ld", i, (long)x->vlan_dei, (long)(0));
      CHECK(x->vlan_pcp == pcp[vc[i]], "frame %ld PCP (VC %u) %ld, expected %ld", i, vc[i],
            (long)x->vlan_pcp, (long)(pcp[vc[i]]));
      ntag++;
    }
    free(rec);
    free(vc);
    CHECK(ntag > 0, "tagged frames");
    harness_log("%s: tshark read %ld frames of endpoint %u, %u 802.1Q-tagged (VID 0x5A5, PCP of "
                "the VC), the rest PFC",
                run ? "AIFH 12-byte" : "UDP", n, XA, ntag);
  }
}

/* Frames 10, 14 and 18 of each direction: lost, a line error, an error behind the FCS (so every
 * recovery path runs whatever the random draws, also in a short run). */
static int forced_errors(void *ctx, const uint8_t *f, size_t len, unsigned idx) {
  (void)ctx, (void)f, (void)len;
  return idx == 10   ? SUE_CHAN_LOSE
         : idx == 14 ? SUE_CHAN_LINE_ERR
         : idx == 18 ? SUE_CHAN_PDU_ERR
                     : SUE_CHAN_RANDOM;
}

/* The loss rate: 1e-3 frame loss, line bit errors and errors behind a resealed FCS;
 * then a channel at 2e-2 so that NACK, timer and replay paths run many times. */
HARNESS_TEST(ep_lossy) {
  unsigned retx = 0, nacks = 0, fcs = 0, rcrc = 0;
  static const double loss[2] = {1e-3, 2e-2};
  for (unsigned run = 0; run < 2; run++) {
    ep_opts_t o = ep_default_opts();
    /* the 1e-3 run: mostly one or two commands a frame, so that thousands of frames cross */
    o.cmds = run_len(run ? 500 : 2500);
    o.p_sn = run ? 0.3 : 0.6;
    o.p_cmd = run ? 0.3 : 0.1;
    o.loss = loss[run];
    o.flip = o.flip_pdu = loss[run] / 2;
    o.lat = run ? 40 : 8; /* a short round trip: the window of 4 PDUs does not force packing */
    o.jitter = run ? 30 : 8;
    o.ack_delay = run ? 64 : 4;
    o.retx_timeout = run ? 600 : 3000; /* a lost tail recovers in a few round trips */
    o.fmt = run ? SUE_HDR_AIFH12 : SUE_HDR_UDP;
    ep_t *e = calloc(1, sizeof *e);
    CHECK(e != NULL, "memory");
    ep_open(e, "sue_endpoint_w256", &o, 10 + run);
    if (run)
      for (unsigned i = 0; i < 2; i++)
        e->ch[i].drop = forced_errors;
    ep_run(e);
    for (unsigned i = 0; i < 2; i++) {
      retx += e->s[i].ls.m.cnt[SUE_CNT_TX_RETX];
      nacks += e->s[i].ls.m.cnt[SUE_CNT_TX_NACKS];
      fcs += e->s[i].ls.m.cnt[SUE_CNT_RX_FCS];
      rcrc += e->s[i].ls.m.cnt[SUE_CNT_RX_RCRC];
    }
    ep_close(e);
    free(e);
  }
  CHECK(retx > 0 && nacks > 0, "replays %u, NACKs %u", retx, nacks);
  CHECK(fcs > 0 && rcrc > 0, "FCS drops %u, R-CRC drops %u", fcs, rcrc);
}

/* A connection per {destination, VC}, AI forwarding headers, ETH_W wider than the PDU
 * stream, a slow receiving XPU: receive buffers fill, PFC XOFF / XON frames pause the sender. */
HARNESS_TEST(ep_pfc_per_vc) {
  static const unsigned fmts[2] = {SUE_HDR_AIFH6, SUE_HDR_AIFH12};
  unsigned pfc = 0, paused_frames = 0;
  for (unsigned run = 0; run < 2; run++) {
    ep_opts_t o = ep_default_opts();
    o.cmds = run_len(400);
    o.fmt = fmts[run];
    o.p_cmd = 0.5;
    o.p_grant = 0.04;
    o.rx_credits = 2;
    o.pfc_time = 40;
    o.pfc_refresh = 60;
    o.pfc_xoff = 400;
    o.pfc_xon = 200;
    o.loss = run ? 5e-3 : 0;
    ep_t *e = calloc(1, sizeof *e);
    CHECK(e != NULL, "memory");
    ep_open(e, "sue_endpoint_w1024_vc", &o, 20 + run);
    ep_run(e);
    for (unsigned i = 0; i < 2; i++) {
      pfc += e->s[i].ls.kinds[1];
      paused_frames += e->s[i].ls.m.cnt[SUE_CNT_RX_PFC];
    }
    ep_close(e);
    free(e);
  }
  CHECK(pfc > 0 && paused_frames > 0, "PFC frames sent %u, received %u", pfc, paused_frames);
}

/* CBFC instead of PFC (CTRL.FC_MODE), the same slow receiving XPU as ep_pfc_per_vc on both
 * tops: the receive buffers fill, the senders wait for credits and no frame is dropped for want
 * of buffer (rx_nobuf 0), updates flow both ways, lockstep with the model throughout (every
 * update frame's bytes, every decision). The control: the same traffic with no flow control
 * drops frames for want of buffer (go-back-N recovers them). */
HARNESS_TEST(ep_cbfc) {
  static const char *const tops[2] = {"sue_endpoint_w256", "sue_endpoint_w1024_vc"};
  unsigned upd_tx = 0, upd_rx = 0, nobuf_ctrl = 0;
  for (unsigned run = 0; run < 3; run++) {
    int control = run == 2;
    ep_opts_t o = ep_default_opts();
    /* +quick too, at least 120 commands a side (CBFC: updates flow both ways) and 300 in the
       control run, enough to fill a buffer, so that the Icarus lane sees the control drop */
    const unsigned least = control ? 300 : 120;
    o.cmds = run_len(400) < least ? least : run_len(400);
    o.p_cmd = 0.5;
    o.p_grant = 0.04;
    o.rx_credits = 2;
    o.pfc_refresh = 300;
    o.ctrl_extra = control ? 0u : SUE_REG_CTRL_FC_MODE_MASK; /* FC_MODE = 1: CBFC */
    if (control)
      o.ctrl_extra = 0, o.pfc_xoff = 0x7FFFFF, o.pfc_xon = 0x7FFFFE; /* PFC never XOFF */
    o.cbfc_cfg = (4u << 16) | 6u; /* 64-byte units, an update per 4 units of growth */
    o.cbfc_oui = 0x0A1B2Cu;
    o.loss = run == 1 ? 1e-2 : 0;
    ep_t *e = calloc(1, sizeof *e);
    CHECK(e != NULL, "memory");
    ep_open(e, tops[run & 1u], &o, 40 + run);
    ep_run(e);
    for (unsigned i = 0; i < 2; i++) {
      const uint32_t *c = e->s[i].ls.m.cnt;
      if (control) {
        nobuf_ctrl += c[SUE_CNT_RX_NOBUF];
        CHECK_EQ(c[SUE_CNT_TX_CBFC], 0, "no CBFC update without FC_MODE");
        continue;
      }
      CHECK_EQ(c[SUE_CNT_RX_NOBUF], 0, "frames dropped for want of buffer under CBFC");
      CHECK_EQ(c[SUE_CNT_TX_PFC], 0, "PFC frames sent with FC_MODE = 1");
      upd_tx += c[SUE_CNT_TX_CBFC];
      upd_rx += c[SUE_CNT_RX_CBFC];
    }
    ep_close(e);
    free(e);
  }
  harness_log("ep_cbfc: %u updates sent, %u received; without flow control %u rx_nobuf drops",
              upd_tx, upd_rx, nobuf_ctrl);
  CHECK(upd_tx > 0 && upd_rx > 0, "CBFC updates sent %u, received %u", upd_tx, upd_rx);
  CHECK(nobuf_ctrl > 0, "the control run (no flow control) never ran out of buffer");
}

/* ------------------------------------------------------------------ link status, reachability */
typedef struct {
  int down;
} outage_t;

static int outage_drop(void *ctx, const uint8_t *f, size_t len, unsigned idx) {
  (void)f, (void)len, (void)idx;
  return ((const outage_t *)ctx)->down ? SUE_CHAN_LOSE : SUE_CHAN_RANDOM;
}

/* An AXI access of side s completed while the traffic runs on; a read returns its word. */
static uint32_t axi_now(ep_t *e, side_t *s, int write, uint32_t addr, uint32_t data) {
  uint32_t v = 0;
  ep_axi(s, write, addr, data, write ? NULL : &v);
  while (axil_pending(&s->ax))
    ep_cycle(e, 1);
  return v;
}

/* The link taken down mid-run (link_up low at both endpoints, every frame either way lost), held
 * until both sides' retransmission timers have expired many times, then brought back. Endpoint 0
 * has RETRY_LIMIT 3, endpoint 1 RETRY_LIMIT 0 (never unreachable). Expected, besides the lockstep
 * (irq every cycle, every frame, the registers at the end equal to the model's):
 *   - during the outage: STATUS.LINK_UP 0 at both; endpoint 0's UNREACH shows exactly the peer's
 *     slot and INTR LINK_DOWN | UNREACH with irq high; endpoint 1's UNREACH stays 0;
 *     writing 1 to INTR.LINK_DOWN clears only that bit;
 *   - after it: every command delivered exactly once, in order; UNREACH 0 again, INTR REACH and
 *     LINK_UP set at endpoint 0, and at endpoint 1 no UNREACH / REACH ever.
 * Run 0: sue_endpoint_w256 (a connection per destination); run 1: sue_endpoint_w1024_vc (a
 * connection per {destination, VC}: a destination's expiries counted once a cycle). */
HARNESS_TEST(ep_link_down) {
  static const char *const tops[2] = {"sue_endpoint_w256", "sue_endpoint_w1024_vc"};
  const uint32_t all = SUE_INTR_ALL;
  for (unsigned run = 0; run < 2; run++) {
    ep_opts_t o = ep_default_opts();
    o.cmds = run_len(400);
    o.retx_timeout = 300;
    o.fmt = run ? SUE_HDR_AIFH12 : SUE_HDR_UDP;
    outage_t out = {0};
    ep_t *e = calloc(1, sizeof *e);
    CHECK(e != NULL, "memory");
    ep_open(e, tops[run], &o, 40 + run);
    for (unsigned i = 0; i < 2; i++) {
      e->ch[i].drop = outage_drop;
      e->ch[i].drop_ctx = &out;
      side_t *s = &e->s[i];
      CHECK_EQ(axi_now(e, s, 0, SUE_REG_INTR, 0), SUE_INTR_LINK_UP, "INTR after reset");
      CHECK_EQ(axi_now(e, s, 0, SUE_REG_STATUS, 0) & SUE_REG_STATUS_LINK_UP_MASK,
               SUE_REG_STATUS_LINK_UP_MASK, "STATUS.LINK_UP after reset");
      axi_now(e, s, 1, SUE_REG_INTR, all); /* clear, then enable every event */
      axi_now(e, s, 1, SUE_REG_INTR_EN, all);
      axi_now(e, s, 1, SUE_REG_REACH, i ? 0u : 3u);
      CHECK_EQ(axi_now(e, s, 0, SUE_REG_INTR, 0), 0, "INTR cleared");
      CHECK_EQ(dut_get_u64(s->d, s->irq), 0, "irq with INTR clear");
    }
    /* traffic under way: down while both sides have PDUs outstanding (at every scale) */
    for (unsigned n = 0; n < 50 || !sue_ep_unacked(&e->s[0].ls.m) || !sue_ep_unacked(&e->s[1].ls.m);
         n++) {
      CHECK(n < 20000, "no PDUs outstanding on both sides at once");
      ep_cycle(e, 1);
    }
    out.down = 1;
    e->s[0].link = e->s[1].link = 0;
    uint64_t t0 = e->t;
    const unsigned outage = (unsigned)harness_scaled(6, 12, 12) * o.retx_timeout;
    while (e->t < t0 + outage) /* 3 expiries needed; more happen */
      ep_cycle(e, 1);
    side_t *a = &e->s[0], *b = &e->s[1];
    CHECK(sue_ep_unacked(&a->ls.m) > 0 && sue_ep_unacked(&b->ls.m) > 0,
          "PDUs outstanding in the outage (%u, %u)", sue_ep_unacked(&a->ls.m),
          sue_ep_unacked(&b->ls.m));
    CHECK_EQ(axi_now(e, a, 0, SUE_REG_STATUS, 0) & SUE_REG_STATUS_LINK_UP_MASK, 0,
             "endpoint 0 STATUS.LINK_UP in the outage");
    CHECK_EQ(axi_now(e, b, 0, SUE_REG_STATUS, 0) & SUE_REG_STATUS_LINK_UP_MASK, 0,
             "endpoint 1 STATUS.LINK_UP in the outage");
    CHECK_EQ(axi_now(e, a, 0, SUE_REG_UNREACH0, 0), 1u << PEER_SLOT, "endpoint 0 UNREACH0");
    CHECK(a->n_q_unreach > 0 && b->n_q_unreach == 0, "q_unreach for the peer: %llu and %llu cycles",
          (unsigned long long)a->n_q_unreach, (unsigned long long)b->n_q_unreach);
    CHECK_EQ(axi_now(e, a, 0, SUE_REG_UNREACH1, 0), 0, "endpoint 0 UNREACH1");
    CHECK_EQ(axi_now(e, a, 0, SUE_REG_INTR, 0), SUE_INTR_LINK_DOWN | SUE_INTR_UNREACH,
             "endpoint 0 INTR in the outage");
    CHECK_EQ(dut_get_u64(a->d, a->irq), 1, "endpoint 0 irq in the outage");
    CHECK_EQ(axi_now(e, b, 0, SUE_REG_UNREACH0, 0), 0, "endpoint 1 UNREACH0 (RETRY_LIMIT 0)");
    CHECK_EQ(axi_now(e, b, 0, SUE_REG_INTR, 0), SUE_INTR_LINK_DOWN,
             "endpoint 1 INTR in the outage");
    CHECK(b->ls.m.cnt[SUE_CNT_TX_TIMEOUTS] >= 3, "endpoint 1 timer expiries %u",
          b->ls.m.cnt[SUE_CNT_TX_TIMEOUTS]);
    axi_now(e, a, 1, SUE_REG_INTR, SUE_INTR_LINK_DOWN); /* write 1 clears that bit only */
    CHECK_EQ(axi_now(e, a, 0, SUE_REG_INTR, 0), SUE_INTR_UNREACH, "INTR after clearing LINK_DOWN");
    /* the channels read it through drop_ctx */
    out.down = 0; // cppcheck-suppress redundantAssignment
    e->s[0].link = e->s[1].link = 1;
    ep_run(e); /* everything delivered; irq, frames, counters and registers as the model's */
    CHECK_EQ(a->ls.m.reach.unr_q, 0, "endpoint 0 reachable again");
    CHECK_EQ(a->ls.m.reach.intr, SUE_INTR_UNREACH | SUE_INTR_REACH | SUE_INTR_LINK_UP,
             "endpoint 0 INTR after the outage");
    CHECK_EQ(b->ls.m.reach.intr, SUE_INTR_LINK_DOWN | SUE_INTR_LINK_UP,
             "endpoint 1 INTR after the outage");
    harness_log("%s: outage of %u cycles; timer expiries %u / %u", tops[run], outage,
                a->ls.m.cnt[SUE_CNT_TX_TIMEOUTS], b->ls.m.cnt[SUE_CNT_TX_TIMEOUTS]);
    ep_close(e);
    free(e);
  }
}

/* ------------------------------------------------------------------ management frames */
typedef struct {
  uint64_t t[64]; /* decision cycles of management frames */
  unsigned n;
} mgmt_log_t;

static void mgmt_hook(ep_t *e, const side_t *s, unsigned ev, const sue_cmd_t *c, size_t len,
                      unsigned kind) {
  (void)c, (void)len;
  mgmt_log_t *g = e->o.ctx;
  if (ev == EP_EV_DECIDE && kind == 6 && s == &e->s[0] && g->n < 64)
    g->t[g->n++] = e->t;
}

/* Writes the words of frame f (len bytes; a last partial word zero-filled) to MGMT_TX_DATA. */
static void mgmt_write(ep_t *e, side_t *s, const uint8_t *f, unsigned len) {
  for (unsigned i = 0; i < len; i += 4) {
    uint32_t w = 0;
    for (unsigned b = 0; b < 4; b++)
      w |= (uint32_t)(i + b < len ? f[i + b] : 0u) << (24 - 8 * b);
    axi_now(e, s, 1, SUE_REG_MGMT_TX_DATA, w);
  }
}

/* Waits until no management frame is queued at side s. */
static void mgmt_drain(ep_t *e, side_t *s) {
  for (unsigned n = 0;; n++) {
    CHECK(n < 200, "a management frame stays queued");
    if (!(axi_now(e, s, 0, SUE_REG_MGMT_TX_STATUS, 0) & SUE_REG_MGMT_TX_STATUS_QUEUED_MASK))
      return;
    for (unsigned k = 0; k < 50; k++)
      ep_cycle(e, 1);
  }
}

/* Reads the head management frame at side b through AXI4-Lite (MGMT_RX_STATUS, MGMT_RX_RD /
 * MGMT_RX_DATA, MGMT_RX_POP), waiting for one to be taken: it must be the frame f of len bytes
 * that was sent, padded with zeros to 60; it goes to the capture pc (tshark reads it later). */
static void mgmt_recv(ep_t *e, side_t *b, const uint8_t *f, unsigned len, sue_pcap_t *pc) {
  uint32_t st = 0;
  for (unsigned n = 0; !SUE_REG_GET(st, SUE_REG_MGMT_RX_STATUS_FRAMES); n++) {
    CHECK(n < 400, "no management frame taken at endpoint %u", b->id);
    if (n)
      for (unsigned k = 0; k < 20; k++)
        ep_cycle(e, 1);
    st = axi_now(e, b, 0, SUE_REG_MGMT_RX_STATUS, 0);
  }
  unsigned want = len < 60 ? 60 : len;
  CHECK_EQ(SUE_REG_GET(st, SUE_REG_MGMT_RX_STATUS_LEN), want, "MGMT_RX_STATUS.LEN");
  uint8_t got[SUE_MGMT_MAX + 4];
  unsigned words = (want + 3) / 4;
  for (unsigned w = 0; w < words + 1; w++) { /* a word past the frame too: zeros */
    axi_now(e, b, 1, SUE_REG_MGMT_RX_RD, w);
    uint32_t v = axi_now(e, b, 0, SUE_REG_MGMT_RX_DATA, 0);
    uint32_t x = 0;
    for (unsigned k = 0; k < 4; k++) {
      unsigned i = 4 * w + k;
      x = x << 8 | (i < len ? f[i] : 0u);
      if (i < sizeof got)
        got[i] = (uint8_t)(v >> (24 - 8 * k));
    }
    CHECK(v == x, "management frame word %u read 0x%08x, sent 0x%08x", w, v, x);
  }
  CHECK(sue_pcap_write(pc, got, want, e->t / 1000u) == 0, "pcap write");
  axi_now(e, b, 1, SUE_REG_MGMT_RX_POP, 1); /* the next read shows the next frame (or none) */
}

/* Runs cycles until side b's counter idx (read through AXI) reaches n. */
static void wait_cnt(ep_t *e, side_t *b, unsigned idx, uint32_t n) {
  for (unsigned k = 0; axi_now(e, b, 0, SUE_REG_CNT(idx), 0) < n; k++) {
    CHECK(k < 400, "counter %s of endpoint %u stays below %u", sue_cnt_name(idx), b->id, n);
    for (unsigned c = 0; c < 20; c++)
      ep_cycle(e, 1);
  }
}

/* The management frame path (spec 3.1), both ways. Endpoint 0's XPU writes whole frames through
 * AXI4-Lite while the two endpoints exchange random traffic: an ARP request (42 bytes, padded to
 * 60), an LLDP frame, a frame of MGMT_MAX bytes, an ARP request again and frames of random lengths;
 * MGMT_GAP 400. The lockstep holds every frame byte for byte to the model's (the bytes written,
 * zeros to 60, the FCS) and every decision to its priority; on top: tshark reads the capture as
 * ARP, LLDP and Ethernet data; the decisions are MGMT_GAP cycles apart at least; the refusals are
 * counted (tx_mgmt_bad): a length below 14, a length that does not match the words written, a
 * send while a frame is queued, a word past MGMT_MAX.
 * Endpoint 1 takes them (MGMT_RX_CTL.EN, MGMT_GAP 200) and its XPU reads each through AXI4-Lite:
 * the bytes sent, padded to 60, then zeros; the frames read go to a second capture that tshark
 * reads as ARP, LLDP and data. The filter: every Ethertype for ARP and LLDP, then 0x88B6 only, so
 * the second ARP frame is not taken (counted in rx_ethertype only); with MGMT_GAP 3000 at the
 * peer a frame 400 cycles after one taken is dropped (rx_mgmt_drop); four frames wait unread in
 * the four slots and a fifth is dropped (rx_mgmt_drop), the four then read in arrival order. */
HARNESS_TEST(ep_mgmt) {
  ep_opts_t o = ep_default_opts();
  o.cmds = run_len(300);
  mgmt_log_t log;
  memset(&log, 0, sizeof log);
  o.hook = mgmt_hook;
  o.ctx = &log;
  ep_t *e = calloc(1, sizeof *e);
  CHECK(e != NULL, "memory");
  ep_open(e, "sue_endpoint_w256", &o, 60);
  char path[1024], rpath[1024];
  snprintf(path, sizeof path, "%s/ep_mgmt.pcap", harness_outdir());
  snprintf(rpath, sizeof rpath, "%s/ep_mgmt_rx.pcap", harness_outdir());
  CHECK(sue_pcap_open(&e->s[0].pcap, path) == 0, "pcap %s", path);
  e->s[0].pcap_on = 1;
  sue_pcap_t rpc;
  CHECK(sue_pcap_open(&rpc, rpath) == 0, "pcap %s", rpath);
  side_t *a = &e->s[0], *b = &e->s[1];
  const unsigned gap = 400;
  const unsigned max =
      SUE_REG_GET(axi_now(e, a, 0, SUE_REG_MGMT_TX_STATUS, 0), SUE_REG_MGMT_TX_STATUS_MAX);
  CHECK_EQ(max, sue_mgmt_max(&a->ls.m.p), "MGMT_TX_STATUS.MAX");
  axi_now(e, a, 1, SUE_REG_MGMT_GAP, gap);
  axi_now(e, b, 1, SUE_REG_MGMT_GAP, 200);
  axi_now(e, b, 1, SUE_REG_MGMT_RX_FILTER, 0); /* MASK 0: every Ethertype */
  axi_now(e, b, 1, SUE_REG_MGMT_RX_CTL, SUE_REG_MGMT_RX_CTL_EN_MASK);
  static const uint8_t bcast[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  static const uint8_t lldp_da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x0E};
  static const uint8_t sa[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x15};
  uint8_t f[SUE_MGMT_MAX], arpf[64], lldpf[64];
  static uint8_t held[5][SUE_MGMT_MAX];
  unsigned held_len[5];
  const char *want[16], *rwant[16];
  unsigned good = 0, bad = 0, taken = 0;
  /* 1. ARP request: who has 10.0.0.42, tell 10.0.0.21 */
  memcpy(arpf, bcast, 6), memcpy(arpf + 6, sa, 6);
  static const uint8_t arp[30] = {0x08, 0x06, 0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x01,
                                  0x02, 0x00, 0x00, 0x00, 0x00, 0x15, 10,   0,    0,    21,
                                  0,    0,    0,    0,    0,    0,    10,   0,    0,    42};
  memcpy(arpf + 12, arp, sizeof arp);
  mgmt_write(e, a, arpf, 42);
  axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, 42);
  want[good++] = "eth:ethertype:arp";
  /* 2. LLDP: chassis id (MAC), port id (local "p0"), TTL 120, end */
  memcpy(lldpf, lldp_da, 6), memcpy(lldpf + 6, sa, 6);
  static const uint8_t lldp[] = {0x88, 0xCC, 0x02, 0x07, 0x04, 0x02, 0x00, 0x00, 0x00, 0x00, 0x15,
                                 0x04, 0x03, 0x07, 'p',  '0',  0x06, 0x02, 0x00, 0x78, 0x00, 0x00};
  memcpy(lldpf + 12, lldp, sizeof lldp);
  unsigned lldp_len = 12 + (unsigned)sizeof lldp;
  mgmt_write(e, a, lldpf, lldp_len);
  /* queued behind the gap of the ARP frame (or sent): the next send waits for it */
  axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, lldp_len);
  want[good++] = "eth:ethertype:lldp";
  /* 3. a send while a frame is queued: refused, its words discarded */
  CHECK(axi_now(e, a, 0, SUE_REG_MGMT_TX_STATUS, 0) & SUE_REG_MGMT_TX_STATUS_QUEUED_MASK,
        "LLDP frame queued behind MGMT_GAP");
  mgmt_write(e, a, lldpf, 60);
  axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, 60), bad++;
  CHECK_EQ(SUE_REG_GET(axi_now(e, a, 0, SUE_REG_MGMT_TX_STATUS, 0), SUE_REG_MGMT_TX_STATUS_WORDS),
           0, "words discarded by a refused send");
  mgmt_drain(e, a);
  mgmt_recv(e, b, arpf, 42, &rpc), rwant[taken++] = "eth:ethertype:arp";
  mgmt_recv(e, b, lldpf, lldp_len, &rpc), rwant[taken++] = "eth:ethertype:lldp";
  /* 4. refused lengths: below 14, and not the words written */
  mgmt_write(e, a, lldpf, 16);
  axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, 13), bad++;
  mgmt_write(e, a, lldpf, 12);
  axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, 20), bad++;
  /* 5. MGMT_MAX bytes and one word more (dropped): a frame of MGMT_MAX bytes of data; the peer
     takes Ethertype 0x88B6 only from here on */
  axi_now(e, b, 1, SUE_REG_MGMT_RX_FILTER,
          SUE_REG_PUT(SUE_REG_MGMT_RX_FILTER_ETYPE, 0x88B6) |
              SUE_REG_PUT(SUE_REG_MGMT_RX_FILTER_MASK, 0xFFFF));
  memcpy(f, bcast, 6), memcpy(f + 6, sa, 6);
  f[12] = 0x88, f[13] = 0xB6; /* IEEE 802 local experimental Ethertype 1 */
  for (unsigned i = 14; i < max; i++)
    f[i] = (uint8_t)prng_u32(&e->r);
  mgmt_write(e, a, f, max);
  axi_now(e, a, 1, SUE_REG_MGMT_TX_DATA, 0xDEADBEEFu), bad++;
  axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, max);
  want[good++] = "eth:ethertype:data";
  mgmt_drain(e, a);
  mgmt_recv(e, b, f, max, &rpc), rwant[taken++] = "eth:ethertype:data";
  /* 6. the peer's rate limit: MGMT_GAP 3000 in force when a frame is taken, the next one (400
     cycles later at the sender) is dropped (rx_mgmt_drop); then 200 again, and the gap let run
     out */
  axi_now(e, b, 1, SUE_REG_MGMT_GAP, 3000);
  for (unsigned k = 0; k < 2; k++) {
    f[12] = 0x88, f[13] = 0xB6;
    for (unsigned i = 14; i < 64; i++)
      f[i] = (uint8_t)prng_u32(&e->r);
    mgmt_write(e, a, f, 64);
    axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, 64);
    want[good++] = "eth:ethertype:data";
    if (k == 0) {
      mgmt_recv(e, b, f, 64, &rpc), rwant[taken++] = "eth:ethertype:data";
    } else {
      mgmt_drain(e, a);
      wait_cnt(e, b, SUE_CNT_RX_MGMT_DROP, 1);
    }
  }
  axi_now(e, b, 1, SUE_REG_MGMT_GAP, 200);
  for (unsigned c = 0; c < 3000; c++)
    ep_cycle(e, 1);
  /* 7. the ARP request again: filtered out at the peer (rx_ethertype only) */
  uint32_t eth0 = axi_now(e, b, 0, SUE_REG_CNT(SUE_CNT_RX_ETHERTYPE), 0);
  mgmt_write(e, a, arpf, 42);
  axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, 42);
  want[good++] = "eth:ethertype:arp";
  mgmt_drain(e, a);
  wait_cnt(e, b, SUE_CNT_RX_ETHERTYPE, eth0 + 1);
  CHECK_EQ(axi_now(e, b, 0, SUE_REG_MGMT_RX_STATUS, 0), 0, "a filtered frame taken");
  /* 8. random lengths, 14 .. MGMT_MAX, Ethertype 0x88B6, back to back: four wait in the peer's
     four slots, a fifth finds none (rx_mgmt_drop); then the four are read, oldest first */
  for (unsigned k = 0; k < 5; k++) {
    unsigned len = 14u + (unsigned)prng_below(&e->r, max - 13u);
    for (unsigned i = 14; i < len; i++)
      f[i] = (uint8_t)prng_u32(&e->r);
    memcpy(held[k], f, len);
    held_len[k] = len;
    mgmt_write(e, a, f, len);
    axi_now(e, a, 1, SUE_REG_MGMT_TX_SEND, len);
    want[good++] = "eth:ethertype:data";
    mgmt_drain(e, a);
    if (k < 4)
      wait_cnt(e, b, SUE_CNT_RX_MGMT, taken + k + 1);
  }
  wait_cnt(e, b, SUE_CNT_RX_MGMT_DROP, 2);
  for (unsigned k = 0; k < 4; k++)
    mgmt_recv(e, b, held[k], held_len[k], &rpc), rwant[taken++] = "eth:ethertype:data";
  CHECK_EQ(axi_now(e, b, 0, SUE_REG_MGMT_RX_STATUS, 0), 0, "MGMT_RX_STATUS with none taken");
  CHECK_EQ(axi_now(e, b, 0, SUE_REG_MGMT_RX_DATA, 0), 0, "MGMT_RX_DATA with none taken");
  ep_run(e); /* the traffic to its end: every frame, decision and counter as the model's */
  const uint32_t *mc = a->ls.m.cnt, *bc = b->ls.m.cnt;
  CHECK_EQ(mc[SUE_CNT_TX_MGMT], good, "tx_mgmt");
  CHECK_EQ(mc[SUE_CNT_TX_MGMT_BAD], bad, "tx_mgmt_bad");
  CHECK_EQ(a->ls.kinds[6], good, "management decisions");
  CHECK_EQ(bc[SUE_CNT_RX_ETHERTYPE], good, "the peer's rx_ethertype");
  CHECK_EQ(bc[SUE_CNT_RX_MGMT], taken, "the peer's rx_mgmt");
  CHECK_EQ(bc[SUE_CNT_RX_MGMT_DROP], 2, "the peer's rx_mgmt_drop");
  CHECK_EQ(log.n, good, "management decisions seen");
  for (unsigned i = 1; i < log.n; i++)
    CHECK(log.t[i] - log.t[i - 1] >= gap, "management frames %u and %u %llu cycles apart (< %u)",
          i - 1, i, (unsigned long long)(log.t[i] - log.t[i - 1]), gap);
  unsigned frames = a->pcap_n;
  uint8_t *vc = a->pcap_vc;
  a->pcap_vc = NULL;
  ep_close(e);
  free(e);
  CHECK(sue_pcap_close(&rpc) == 0, "pcap close");
  long n;
  sue_pcap_rec_t *rec = read_capture(path, frames, &n);
  unsigned m = 0;
  for (long i = 0; i < n; i++) {
    if (vc[i] != 0xFE)
      continue;
    CHECK(m < good, "more management frames in the capture than sent");
    CHECK(strcmp(rec[i].protocols, want[m]) == 0, "management frame %u: protocols '%s', not '%s'",
          m, rec[i].protocols, want[m]);
    m++;
  }
  CHECK_EQ(m, good, "management frames in the capture");
  free(rec);
  free(vc);
  rec = read_capture(rpath, taken, &n);
  for (long i = 0; i < n; i++)
    CHECK(strcmp(rec[i].protocols, rwant[i]) == 0,
          "management frame %ld received: protocols '%s', not '%s'", i, rec[i].protocols, rwant[i]);
  free(rec);
  harness_log("%u management frames sent (ARP, LLDP, %u bytes, random lengths), %u refused; "
              "%u taken and read by the peer's XPU, 1 filtered out, 2 dropped (MGMT_GAP, no slot); "
              "tshark read both captures",
              good, max, bad, taken);
}
