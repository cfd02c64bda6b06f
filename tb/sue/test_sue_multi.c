/*
 * Tests of sue_multi (docs/sue/sue_multi.md) on the two-instance harness of tb/sue/sue_multi_tb.h
 * (two instances over P wires, every part of each in lockstep with its model, each XPU checking
 * exactly once, whole, and in ordered mode in order).
 *
 *  - mp_ordered:   both tops (sue_multi_p4 is @regress: make sim, not make test), ordered mode,
 *                  wires losing 1e-2 of the frames (+quick 3e-2) and corrupting as many: no
 *                  reorder at the XPU, ever; each connection on the port of its hash; go-back-N
 *                  recovers every loss per port.
 *  - mp_unordered: both tops (the same), unordered: every port carries a share; exactly once.
 *  - mp_port_down: unordered, FAILOVER off, port 1's wire cut both ways for 6,000 cycles (+quick
 *                  1,500; link_up low at both ends), traffic before, during and after: no command
 *                  goes to port 1 while it is down, none is lost or duplicated (what port 1 held
 *                  is resent on it once it is back), port 1 carries traffic again after.
 *  - mp_credit_viol: XPUs that now and then send without a credit: NVIOL / NDROP as the model's,
 *                  dropped commands never arrive, the rest once (in order, ordered).
 *  - mp_failover:  the same cut with FAILOVER on, unordered then ordered: port 1's frames go out
 *                  on wire 0 and reach the peer's port 1, so what port 1 held at the cut is
 *                  delivered before its wire returns; unordered, no new command to port 1 in the
 *                  cut; ordered, port 1's connections keep going, in order.
 *  - mp_failover_cbfc: mp_failover's cut under CBFC on every port (+quick: ordered only): port 1
 *                  sends on wire 0 under wire 0's credits; every frame it carried took them, some
 *                  waited for them, and what it held at the cut arrives in the cut.
 *  - mp_failover_cover: the cut, ordered, with slow XPUs: port 1's buffer, filled over wire 0,
 *                  is held by port 0's PFC (sue_rx_cover): no receive-buffer drop anywhere.
 *  - mp_port_en:   unordered, MCTRL.PORT_EN takes port 1 out of use and back: no command to it
 *                  while out, used again after.
 *  - mp_map_move:  ordered, the XPU moves every connection to port 0 by rewriting MAP when its
 *                  traffic is quiet, and back: order kept, nothing lost.
 *  - mp_unreach:   unordered, the peer unreachable on port 1 (its wire losing everything, the link
 *                  up): no new command to port 1 while it is, what port 1 held delivered over
 *                  wire 0 (the detour) while the wire still loses everything, port 1 used again
 *                  once the detours end and the peer is reachable.
 */
#include "harness.h"
#include "sue_multi_tb.h"

/* Icarus runs these tests in sim_multi.vvp (tb/sue/tops.txt @program=multi). */
HARNESS_PROGRAM(multi);

/* ------------------------------------------------------------------ tests */
static unsigned ncmds(void) { return (unsigned)harness_scaled(72, 1200, 6000); }

HARNESS_TEST(mp_ordered) {
  for (size_t k = 0; k < sizeof mp_cases / sizeof mp_cases[0]; k++) {
    if (!dut_top_built(mp_cases[k].top)) /* @regress: make sim builds it, make test does not */
      continue;
    /* +quick sends a sixteenth of the commands: a higher loss keeps losses in every run */
    mp_t *m = mp_new(mp_cases[k].top, 1, ncmds(), harness_scale() == HARNESS_QUICK ? 3e-2 : 1e-2,
                     0x0D0 + k);
    mp_run(m, 0);
    mp_finish(m);
    /* each connection on the port of its hash: the ports carried what the hash gave them */
    for (unsigned i = 0; i < 2; i++)
      for (unsigned e = 0; e < m->k->p; e++)
        for (unsigned v = 0; v < SUE_NVC; v++)
          CHECK(m->s[i].out[e][v].n == 0 || sue_psel_hash(m->k->p, m->s[i].peer, v) == e,
                "instance %u: VC %u on port %u, its hash says %u", m->s[i].id, v, e,
                sue_psel_hash(m->k->p, m->s[i].peer, v));
    mp_free(m);
  }
}

HARNESS_TEST(mp_unordered) {
  for (size_t k = 0; k < sizeof mp_cases / sizeof mp_cases[0]; k++) {
    if (!dut_top_built(mp_cases[k].top))
      continue;
    mp_t *m = mp_new(mp_cases[k].top, 0, ncmds(), 0.0, 0x0E0 + k);
    mp_run(m, 0);
    mp_finish(m);
    for (unsigned i = 0; i < 2; i++)
      for (unsigned e = 0; e < m->k->p; e++)
        CHECK(m->s[i].sent_port[e] * m->k->p * 4 >= m->s[i].sent,
              "instance %u: port %u carried %u of %u commands", m->s[i].id, e, m->s[i].sent_port[e],
              m->s[i].sent);
    mp_free(m);
  }
}

HARNESS_TEST(mp_port_down) {
  const unsigned n = ncmds();
  mp_t *m = mp_new("sue_multi_p2", 0, n, 0.0, 0x0F0);
  for (unsigned i = 0; i < 2; i++) /* FAILOVER off: what port 1 holds waits for its wire */
    mp_axi(&m->s[i], 1, MREG_MCTRL, 1u | 3u << 8, NULL);
  mp_axi_settle(m);
  const uint64_t warm = harness_scaled(500, 2000, 2000), outage = harness_scaled(1500, 6000, 6000);
  /* a third of the commands before the cut, a third while port 1 is down, the rest after */
  mp_to_send(m, n / 3);
  mp_run(m, warm); /* traffic on both ports */
  unsigned before[2], sent0[2], during[2], after0[2];
  for (unsigned i = 0; i < 2; i++) {
    m->s[i].to_send = 2 * n / 3;
    m->s[i].link &= ~2u; /* port 1's wire cut both ways: the link down at both ends */
  }
  m->cut = 2u;    /* ... and what is sent on it lost */
  mp_cycle(m, 1); /* the choice sees the link through MSTATUS.LINK, a cycle later */
  for (unsigned i = 0; i < 2; i++) {
    before[i] = m->s[i].sent_port[1];
    sent0[i] = m->s[i].sent;
  }
  mp_run(m, m->t + outage);
  for (unsigned i = 0; i < 2; i++) {
    during[i] = m->s[i].sent_port[1] - before[i];
    CHECK(m->s[i].sent > sent0[i], "instance %u sent nothing while port 1 was down", m->s[i].id);
    m->s[i].link |= 2u;
    after0[i] = m->s[i].sent_port[1];
    m->s[i].to_send = n;
  }
  m->cut = 0;
  mp_run(m, 0);
  mp_finish(m);
  for (unsigned i = 0; i < 2; i++) {
    CHECK(before[i] > 0, "instance %u: port 1 carried nothing before the cut", m->s[i].id);
    CHECK(during[i] == 0 && m->s[i].sent_down == 0,
          "instance %u: %u commands went to port 1 while it was down", m->s[i].id, during[i]);
    CHECK(m->s[i].sent_port[1] > after0[i], "instance %u: port 1 unused after it came back",
          m->s[i].id);
  }
  mp_free(m);
}

HARNESS_TEST(mp_map_move) {
  mp_t *m = mp_new("sue_multi_p2", 1, ncmds(), 0.0, 0x100);
  unsigned third = m->s[0].to_send / 3;
  mp_to_send(m, third);
  mp_run(m, 0); /* quiet: nothing outstanding on any port */
  const unsigned p0[2] = {m->s[0].sent_port[0], m->s[1].sent_port[0]};
  unsigned p1[2] = {m->s[0].sent_port[1], m->s[1].sent_port[1]};
  for (unsigned i = 0; i < 2; i++)
    mp_axi(&m->s[i], 1, MREG_MAP, 0x00, NULL); /* every hash to port 0, before new work */
  mp_axi_settle(m);
  mp_to_send(m, 2 * third);
  mp_run(m, 0);
  for (unsigned i = 0; i < 2; i++) {
    CHECK(m->s[i].sent_port[1] == p1[i] && m->s[i].sent_port[0] > p0[i],
          "instance %u: after the move port 1 took %u commands", m->s[i].id,
          m->s[i].sent_port[1] - p1[i]);
    p1[i] = m->s[i].sent_port[1];
    mp_axi(&m->s[i], 1, MREG_MAP, 0xE4, NULL); /* back */
  }
  mp_axi_settle(m);
  mp_to_send(m, 3 * third);
  mp_run(m, 0);
  mp_finish(m);
  for (unsigned i = 0; i < 2; i++) /* the VCs the hash gives port 1 (two of the four) are back */
    CHECK(m->s[i].sent_port[1] > p1[i], "instance %u: port 1 unused after the move back",
          m->s[i].id);
  mp_free(m);
}

/* MCTRL.PORT_EN: unordered, port 1 taken out of use at a quiet point (its link still up), then
 * back: no new command goes to it while it is out. */
HARNESS_TEST(mp_port_en) {
  const unsigned n = ncmds();
  mp_t *m = mp_new("sue_multi_p2", 0, n, 0.0, 0x110);
  mp_to_send(m, n / 3);
  mp_run(m, 0);
  unsigned p1[2];
  for (unsigned i = 0; i < 2; i++) {
    p1[i] = m->s[i].sent_port[1];
    mp_axi(&m->s[i], 1, MREG_MCTRL, 1u | MCTRL_FAILOVER | 1u << 8, NULL); /* unordered, port 0 */
  }
  mp_axi_settle(m);
  mp_to_send(m, 2 * n / 3);
  mp_run(m, 0);
  for (unsigned i = 0; i < 2; i++) {
    CHECK(p1[i] > 0 && m->s[i].sent_port[1] == p1[i],
          "instance %u: port 1 took %u commands while out of use", m->s[i].id,
          m->s[i].sent_port[1] - p1[i]);
    p1[i] = m->s[i].sent_port[1];
    mp_axi(&m->s[i], 1, MREG_MCTRL, 1u | MCTRL_FAILOVER | 3u << 8, NULL);
  }
  mp_axi_settle(m);
  mp_to_send(m, n);
  mp_run(m, 0);
  mp_finish(m);
  for (unsigned i = 0; i < 2; i++)
    CHECK(m->s[i].sent_port[1] > p1[i], "instance %u: port 1 unused once back in use", m->s[i].id);
  mp_free(m);
}

/* A destination unreachable on one port (issue 19 item 3, spec 3.3.7 "moves the associated work
 * to another port"): unordered, port 1's wire loses every frame both ways while its link stays
 * up. Only instance 21 sends at first: its port 1 times out (REACH.RETRY_LIMIT 1 there) and
 * marks the peer unreachable, and from then its port 1's frames to the peer take wire 0 (the
 * detour, docs/sue/sue_fail_xbar.md): what it held is resent by its go-back-N over wire 0. The
 * peer's port 1, which sent nothing and so never timed out, hears them over wire 0 and answers
 * that way: its ACKs go over wire 0 (else they would be lost on wire 1 and instance 21's resends
 * would never end), and its own new work leaves port 1. Then both send: no new command goes to
 * port 1 on either side, although it is up and holds credits, and everything port 1 sent is
 * delivered and acknowledged while wire 1 still loses everything. REACH.PROBE is 0 (never) while
 * the wire is cut, so that the detour holds; with the wire back the test writes PROBE 400: the
 * detours end, port 1 is used again, and a frame from the peer over wire 1 makes it reachable. */
static unsigned peer_unreach(const mp_side_t *s) { return s->ls[1].m.reach.unr_q >> 1 & 1u; }
static unsigned peer_detour(const mp_side_t *s) { /* the peer: slot 1 */
  return (unsigned)(sue_reach_detour(&s->ls[1].m.reach) >> 1 & 1u);
}
static unsigned peer_via(const mp_side_t *s) {
  return (unsigned)(sue_reach_via(&s->ls[1].m.reach) >> 1 & 1u);
}

HARNESS_TEST(mp_unreach) {
  const unsigned n = ncmds();
  mp_t *m = mp_new("sue_multi_p2", 0, n, 0.0, 0x120);
  /* port 1: RETRY_LIMIT 1, PROBE 0, and a shorter timer (the test's length) */
  for (unsigned i = 0; i < 2; i++) {
    mp_axi(&m->s[i], 1, (1u << 12) + SUE_REG_REACH, 1, NULL);
    mp_axi(&m->s[i], 1, (1u << 12) + SUE_REG_RETX_TIMEOUT, 600, NULL);
  }
  mp_axi_settle(m);
  mp_to_send(m, n / 3);
  mp_run(m, 0); /* both ports in use, everything answered */
  unsigned p1[2];
  for (unsigned i = 0; i < 2; i++) {
    CHECK(m->s[i].sent_port[1] > 0, "instance %u: port 1 unused before the cut", m->s[i].id);
    p1[i] = m->s[i].sent_port[1];
  }
  m->s[0].to_send = n / 3 + n / 6;  /* instance 21 alone */
  m->cut = 2u;                      /* port 1's wire loses everything; its link stays up */
  while (!peer_unreach(&m->s[0])) { /* some commands to port 1, unanswered: its timer runs out */
    CHECK(m->t < m->max_cycles, "port 1 never found the peer unreachable");
    mp_cycle(m, 1);
  }
  CHECK(m->s[0].sent_port[1] > p1[0], "nothing went to port 1 in the cut");
  const uint64_t t_unr = m->t;
  while (!peer_via(&m->s[1])) { /* the resend over wire 0 reaches the peer's port 1 */
    CHECK(m->t < t_unr + 10 * 600, "instance 42's port 1 never heard 21 over wire 0: %llu cycles",
          (unsigned long long)(m->t - t_unr));
    mp_cycle(m, 1);
  }
  CHECK(!peer_unreach(&m->s[1]), "instance 42's port 1 timed out (it had nothing to send)");
  harness_log(
      "port 1: peer unreachable at instance 21 by cycle %llu, heard over wire 0 at 42 by %llu",
      (unsigned long long)t_unr, (unsigned long long)m->t);
  for (unsigned i = 0; i < 2; i++) {
    p1[i] = m->s[i].sent_port[1];
    m->s[i].to_send = 2 * n / 3;
  }
  while (m->s[0].sent < m->s[0].to_send || m->s[1].sent < m->s[1].to_send) {
    CHECK(m->t < m->max_cycles, "not sent: %u, %u", m->s[0].sent, m->s[1].sent);
    mp_cycle(m, 1); /* new work while the peer is unreachable on port 1 */
  }
  /* what port 1 holds goes over wire 0 while wire 1 still loses everything, and is acknowledged
   * over wire 0 too (the peer's port 1 answers the way it was reached) */
  const uint64_t t_all = m->t;
  while (m->s[1].rx_port[1] < m->s[0].sent_port[1] || m->s[0].rx_port[1] < m->s[1].sent_port[1] ||
         sue_ep_unacked(&m->s[0].ls[1].m) || sue_ep_unacked(&m->s[1].ls[1].m)) {
    CHECK(m->t < t_all + 40 * 600,
          "port 1's commands not delivered and acknowledged over the detour: %u of %u, %u of %u "
          "delivered; %u and %u PDUs unacknowledged",
          m->s[1].rx_port[1], m->s[0].sent_port[1], m->s[0].rx_port[1], m->s[1].sent_port[1],
          sue_ep_unacked(&m->s[0].ls[1].m), sue_ep_unacked(&m->s[1].ls[1].m));
    mp_cycle(m, 1);
  }
  for (unsigned i = 0; i < 2; i++) {
    CHECK(m->s[i].sent_port[1] == p1[i] && m->s[i].unreach_cyc[1] > 0,
          "instance %u: %u commands went to port 1 while the peer was unreachable there",
          m->s[i].id, m->s[i].sent_port[1] - p1[i]);
    CHECK(m->s[i].carried_port[1] > 0 && m->s[i].carried_port[0] == 0,
          "instance %u: frames of port 1 on wire 0: %u (its wire up); of port 0 on wire 1: %u",
          m->s[i].id, m->s[i].carried_port[1], m->s[i].carried_port[0]);
    harness_log("instance %u: %u frames of port 1 detoured over wire 0 by cycle %llu", m->s[i].id,
                m->s[i].carried_port[1], (unsigned long long)m->t);
  }
  m->cut = 0;
  for (unsigned i = 0; i < 2; i++) /* the detours end (every 400 cycles) and wire 1 is tried */
    mp_axi(&m->s[i], 1, (1u << 12) + SUE_REG_REACH, 1u | 400u << SUE_REG_REACH_PROBE_LSB, NULL);
  mp_axi_settle(m);
  /* the peer is reachable again once a frame from it passes over wire 1: traffic until both
   * sides have heard one (a short run may send nothing on port 1 before that) */
  mp_to_send(m, n);
  while (peer_unreach(&m->s[0]) || peer_unreach(&m->s[1])) {
    CHECK(m->t < m->max_cycles, "port 1 never found the peer reachable again");
    for (unsigned i = 0; i < 2; i++)
      if (m->s[i].sent == m->s[i].to_send)
        m->s[i].to_send += 8;
    mp_cycle(m, 1);
  }
  mp_run(m, 0);
  mp_finish(m);
  for (unsigned i = 0; i < 2; i++) {
    CHECK(!peer_detour(&m->s[i]) && !peer_via(&m->s[i]),
          "instance %u: port 1 still detours the peer", m->s[i].id);
    CHECK(m->s[i].sent_port[1] > p1[i], "instance %u: port 1 unused once reachable again",
          m->s[i].id);
    CHECK_EQ(m->s[i].sent_unreach, 0, "commands handed to a port that found the peer unreachable");
  }
  mp_free(m);
}

/* Failover (issue 19 item 3): port 1's wire cut both ways (its link down at both ends) with
 * MCTRL.FAILOVER on. Each side's port 1 sends on wire 0 (sue_fail_xbar), and the peer's wire 0
 * hands those frames to its port 1 (their destination MAC), so port 1's go-back-N (RETX_TIMEOUT
 * 600 there) resends what it held at the cut and it is delivered while the wire is still down;
 * PSNs and order stay port 1's. Unordered: no new command to port 1 in the cut. Ordered: the
 * connections hashed to port 1 keep going through it, over wire 0, in order (the XPU checks). */
static mp_t *failover_run(int ordered, int cbfc, uint64_t salt) {
  const unsigned n = ncmds();
  mp_t *m = mp_new("sue_multi_p2", ordered, n, 0.0, salt);
  for (unsigned i = 0; i < 2; i++) {
    mp_axi(&m->s[i], 1, (1u << 12) + SUE_REG_RETX_TIMEOUT, 600, NULL);
    for (unsigned e = 0; cbfc && e < m->k->p; e++) /* CBFC instead of PFC on every port */
      mp_axi(&m->s[i], 1, (e << 12) + SUE_REG_CTRL, 0x318u | SUE_REG_CTRL_FC_MODE_MASK, NULL);
  }
  mp_axi_settle(m);
  const uint64_t warm = harness_scaled(300, 2000, 2000), outage = harness_scaled(1200, 6000, 6000);
  mp_to_send(m, n / 3);
  mp_run(m, m->t + warm);
  mp_to_send(m, 2 * n / 3);
  while (m->s[0].sent_port[1] == m->s[1].rx_port[1] && m->s[1].sent_port[1] == m->s[0].rx_port[1]) {
    CHECK(m->t < m->max_cycles, "port 1 never had a command in flight");
    mp_cycle(m, 1); /* cut with commands of port 1 in flight */
  }
  unsigned held[2], open_at_cut = 0;
  for (unsigned i = 0; i < 2; i++)
    m->s[i].link &= ~2u;
  m->cut = 2u;
  mp_cycle(m, 1); /* the choice sees the link through MSTATUS.LINK, a cycle later */
  for (unsigned i = 0; i < 2; i++) {
    mp_side_t *s = &m->s[i];
    held[i] = s->sent_port[1];
    open_at_cut += held[i] - s->other->rx_port[1];
  }
  CHECK(open_at_cut > 0, "%s: nothing on port 1 was in flight at the cut",
        ordered ? "ordered" : "unordered");
  mp_run(m, m->t + outage);
  for (unsigned i = 0; i < 2; i++) {
    mp_side_t *s = &m->s[i];
    CHECK(s->other->rx_port[1] >= held[i],
          "instance %u: %u of the %u commands port 1 held at the cut delivered while its wire was "
          "down",
          s->id, s->other->rx_port[1], held[i]);
    CHECK(s->carried_port[1] > 0 && s->carried_port[0] == 0,
          "instance %u: frames of port 1 on wire 0: %u; of port 0 on wire 1: %u", s->id,
          s->carried_port[1], s->carried_port[0]);
    if (ordered)
      CHECK(s->sent_port[1] > held[i] && s->other->rx_port[1] > held[i],
            "instance %u: port 1's connections stopped in the cut", s->id);
    else
      CHECK(s->sent_port[1] == held[i], "instance %u: %u commands went to port 1 while it was down",
            s->id, s->sent_port[1] - held[i]);
    held[i] = s->sent_port[1];
    s->link |= 2u;
    s->to_send = n;
  }
  m->cut = 0;
  mp_run(m, 0);
  mp_finish(m);
  for (unsigned i = 0; i < 2; i++) {
    CHECK(m->s[i].sent_port[1] > held[i], "instance %u: port 1 unused after its wire came back",
          m->s[i].id);
    harness_log("%s%s: instance %u: %u frames of port 1 went out on wire 0, %u cut on a dead "
                "wire; %u lost mid-way by the dead wire, %u of them ended by the error beat",
                ordered ? "ordered" : "unordered", cbfc ? ", CBFC" : "", m->s[i].id,
                m->s[i].carried_port[1], m->s[i].fx.n_cut, m->s[i].rx_lost, m->s[i].fx.n_rx_cut);
  }
  return m;
}

HARNESS_TEST(mp_failover) {
  mp_free(failover_run(0, 0, 0x130));
  mp_free(failover_run(1, 0, 0x140));
}

/* Failover under CBFC (docs/sue/sue_fail_xbar.md "Guest flow control"): the credits a port holds
 * are its own wire's, which is down, so port 1 must send on wire 0 under wire 0's credits (port
 * 0's: port 1 away ignores its own, and each of its frames takes port 0's when granted the wire).
 * Everything port 1 held at the cut arrives in it, as under PFC; both ports' CBFC state is held
 * to the models every cycle, and the guest's frames took wire 0's credits. */
HARNESS_TEST(mp_failover_cbfc) {
  /* +quick (the Icarus lane): ordered only, the run whose guests wait most for wire 0's credits
   * (mp_failover has both modes under PFC there) */
  for (int ordered = harness_scale() == HARNESS_QUICK; ordered < 2; ordered++) {
    mp_t *m = failover_run(ordered, 1, 0x160 + (unsigned)ordered);
    for (unsigned i = 0; i < 2; i++)
      CHECK(m->s[i].n_gspend == m->s[i].carried_port[0] + m->s[i].carried_port[1],
            "instance %u: %llu guests' frames took their host wire's credits, %u went out",
            m->s[i].id, (unsigned long long)m->s[i].n_gspend,
            m->s[i].carried_port[0] + m->s[i].carried_port[1]);
    for (unsigned i = 0; i < 2; i++) /* and wire 0's credits held some back */
      CHECK(m->s[i].n_gblocked > 0, "instance %u: no guest's frame waited for wire 0's credits",
            m->s[i].id);
    mp_free(m);
  }
}

/* Receive cover (docs/sue/sue_fail_xbar.md "Receive cover"): mp_failover's cut, ordered (port
 * 1's connections keep going over wire 0), with XPUs that take a command now and then only, so
 * each side's port 1 buffer fills with frames that came over wire 0. Its own wire's PFC cannot
 * hold them; port 0's must (sue_rx_cover): no frame is dropped for want of buffer anywhere, and
 * port 0's XOFF rose for port 1's buffer alone. Without the cover the same run drops 5 frames at
 * each side's port 1 (RX_NOBUF), which go-back-N resends. */
HARNESS_TEST(mp_failover_cover) {
  const unsigned n = ncmds() < 240 ? 240 : ncmds();
  mp_t *m = mp_new("sue_multi_p2", 1, n, 0.0, 0x170);
  for (unsigned i = 0; i < 2; i++) {
    mp_axi(&m->s[i], 1, (1u << 12) + SUE_REG_RETX_TIMEOUT, 600, NULL);
    /* headroom above XOFF: 3 of the 2 KiB: a wire's PFC frame may wait behind a guest's frame
       at this end, and a host's and a guest's frame may be on the wire at the other */
    for (unsigned e = 0; e < m->k->p; e++) {
      mp_axi(&m->s[i], 1, (e << 12) + SUE_REG_PFC_XOFF, 512, NULL);
      mp_axi(&m->s[i], 1, (e << 12) + SUE_REG_PFC_XON, 256, NULL);
    }
  }
  mp_axi_settle(m);
  mp_to_send(m, n / 4);
  mp_run(m, m->t + 300);
  for (unsigned i = 0; i < 2; i++)
    m->s[i].link &= ~2u;
  m->cut = 2u;
  m->p_grant = 0.03; /* the XPUs take little: the receive buffers fill */
  mp_to_send(m, n);
  while (m->s[0].sent < m->s[0].to_send || m->s[1].sent < m->s[1].to_send) {
    CHECK(m->t < m->max_cycles, "not all sent after %llu cycles", (unsigned long long)m->t);
    mp_cycle(m, 1);
  }
  m->p_grant = 0.9;
  mp_run(m, m->t + 2000);
  for (unsigned i = 0; i < 2; i++)
    m->s[i].link |= 2u;
  m->cut = 0;
  mp_run(m, 0);
  mp_finish(m);
  for (unsigned i = 0; i < 2; i++) {
    mp_side_t *s = &m->s[i];
    uint32_t nobuf = 0, pfc0 = s->ls[0].m.cnt[SUE_CNT_TX_PFC]; /* the models', equal to the RTL's */
    for (unsigned e = 0; e < m->k->p; e++)
      nobuf += s->ls[e].m.cnt[SUE_CNT_RX_NOBUF];
    harness_log("instance %u: %u frames of port 1 carried on wire 0; a port covered %llu cycles, "
                "port 0's XOFF for port 1's buffer alone %llu; port 0 sent %u PFC frames; "
                "%u receive-buffer drops",
                s->id, s->carried_port[1], (unsigned long long)s->n_covered,
                (unsigned long long)s->n_cover_xoff, pfc0, nobuf);
    CHECK_EQ(nobuf, 0, "receive-buffer drops (RX_NOBUF) with the cover on");
    CHECK(s->carried_port[1] > 0, "instance %u: port 1 carried nothing on wire 0", s->id);
    CHECK(s->n_cover_xoff > 0, "instance %u: port 1's buffer never pushed port 0's PFC to XOFF",
          s->id);
    CHECK(pfc0 > 0, "instance %u: port 0 sent no PFC frame", s->id);
  }
  mp_free(m);
}

/* NVIOL and NDROP (issue 19 review): an XPU that now and then sends a command without an ingress
 * credit. sue_port_sel counts each one (NVIOL), hands it on when its port still has room and
 * drops it whole when not (NDROP); the counters are compared with the port choice model's, a
 * dropped command must never arrive and every other one arrives once (and in order, ordered). */
HARNESS_TEST(mp_credit_viol) {
  /* +quick (the Icarus lane): ordered only (unordered, a command is dropped only when no port
   * has room: it takes longer), 120 commands a side, enough for the queues to fill */
  for (int ordered = harness_scale() == HARNESS_QUICK; ordered < 2; ordered++) {
    const unsigned n = ncmds() < 120 ? 120 : ncmds();
    mp_t *m = mp_new("sue_multi_p2", ordered, n, 0.0, 0x150 + (unsigned)ordered);
    m->p_cheat = 0.5;
    m->p_cmd = 1.0;   /* as fast as the credits allow ... */
    m->p_grant = 0.1; /* ... while the receivers take little: the ingress queues fill */
    while (m->s[0].sent < m->s[0].to_send || m->s[1].sent < m->s[1].to_send) {
      CHECK(m->t < m->max_cycles, "not all sent after %llu cycles", (unsigned long long)m->t);
      mp_cycle(m, 1);
    }
    const uint64_t t_sent = m->t;
    m->p_grant = 0.9; /* every command sent: the receivers drain the rest at their usual pace */
    mp_run(m, 0);
    harness_log("%s: every command sent by cycle %llu, all delivered by %llu",
                ordered ? "ordered" : "unordered", (unsigned long long)t_sent,
                (unsigned long long)m->t);
    mp_finish(m);
    unsigned viol = 0, drop = 0, hol = 0;
    for (unsigned i = 0; i < 2; i++) {
      viol += m->s[i].n_viol;
      drop += m->s[i].n_drop;
      for (unsigned e = 0; e < m->k->p; e++) /* the models', equal to the RTL's (mp_finish) */
        hol += m->s[i].ls[e].m.cnt[SUE_CNT_TX_HOL];
    }
    harness_log("%s: %u commands sent without a credit, %u of them dropped; %u head-of-line waits",
                ordered ? "ordered" : "unordered", viol, drop, hol);
    CHECK(viol > drop && drop > 0, "%s: violations %u, drops %u: both kinds wanted",
          ordered ? "ordered" : "unordered", viol, drop);
    CHECK(hol > 0, "%s: no queue filled (no head-of-line wait)", ordered ? "ordered" : "unordered");
    mp_free(m);
  }
}
