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

/* Commands a side sends: n by default, 4 n with +full (make regress), n / 10 but at
 * most 60 with +quick (make test's Icarus lane; every check still applies). */
static unsigned run_len(unsigned n) {
  return (unsigned)harness_scaled(n / 10 < 60 ? n / 10 : 60, n, 4 * n);
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
  sue_pcap_rec_t *rec;
  char err[300];
  long n = sue_pcap_dissect(path, &rec, err, sizeof err);
  CHECK(n >= 0, "%s", err);
  CHECK_EQ(n, frames, "frames tshark read");
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
