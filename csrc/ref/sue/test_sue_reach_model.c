/* test_sue_reach_model.c - unit tests of the link status and reachability model
 * (sue_reach_model.h), by hand: the rules of docs/sue/index.md "Link status and reachability". */
#include "sue_reach_model.h"
#include "unit.h"

/* Link: down after reset, its first coming up an event; down and up again two more. */
static void t_link(ut_t *t) {
  sue_reach_t r;
  sue_reach_reset(&r);
  UT_EQ(t, r.link_q, 0, "link after reset");
  sue_reach_edge(&r); /* link_in is up from reset */
  UT_EQ(t, r.link_q, 1, "link after the first edge");
  UT_EQ(t, r.intr, SUE_INTR_LINK_UP, "first link-up is an event");
  sue_reach_intr_write(&r, SUE_INTR_ALL); /* written at that edge: its event stays */
  UT_EQ(t, r.intr, SUE_INTR_LINK_UP, "a clear at the event's edge loses nothing");
  sue_reach_edge(&r);
  UT_EQ(t, r.last_ev, 0, "no event without a change");
  sue_reach_intr_write(&r, SUE_INTR_LINK_UP);
  UT_EQ(t, r.intr, 0, "written 1 clears");
  r.link_in = 0;
  sue_reach_edge(&r);
  UT_EQ(t, r.intr, SUE_INTR_LINK_DOWN, "link down");
  UT_EQ(t, r.link_q, 0, "STATUS.LINK_UP down");
  r.link_in = 1;
  sue_reach_edge(&r);
  UT_EQ(t, r.intr, SUE_INTR_LINK_DOWN | SUE_INTR_LINK_UP, "down then up: both kept");
  sue_reach_intr_write(&r, SUE_INTR_LINK_DOWN | SUE_INTR_UNREACH);
  UT_EQ(t, r.intr, SUE_INTR_LINK_UP, "only the written ones clear");
}

/* Unreachable after RETRY_LIMIT expiry cycles; a frame heard resets the count and wins over an
 * expiry of its cycle; RETRY_LIMIT 0 never; the count saturates; slots are independent. */
static void t_unreach(ut_t *t) {
  sue_reach_t r;
  sue_reach_reset(&r);
  sue_reach_edge(&r);
  sue_reach_intr_write(&r, SUE_INTR_ALL);
  r.last_ev = 0, r.intr = 0;
  for (unsigned k = 1; k <= 3; k++) {
    sue_reach_expired(&r, 5, 4);
    sue_reach_edge(&r);
    UT_EQ(t, r.unr_q, 0, "reachable below the limit");
  }
  sue_reach_heard(&r, 5); /* the count starts again */
  sue_reach_edge(&r);
  for (unsigned k = 1; k <= 4; k++) {
    sue_reach_expired(&r, 5, 4);
    sue_reach_edge(&r);
    UT_EQ(t, r.unr_q, k == 4 ? 1ull << 5 : 0, "unreachable at the 4th expiry after a frame");
  }
  UT_EQ(t, r.intr, SUE_INTR_UNREACH, "UNREACH event");
  sue_reach_expired(&r, 63, 4);
  sue_reach_heard(&r, 5); /* with an expiry of slot 5 in the same cycle: the frame wins */
  sue_reach_expired(&r, 5, 4);
  sue_reach_heard(&r, 5);
  sue_reach_edge(&r);
  UT_EQ(t, r.unr_q, 0, "heard: reachable");
  UT_EQ(t, r.intr, SUE_INTR_UNREACH | SUE_INTR_REACH, "REACH event");
  UT_EQ(t, r.cnt[63], 1, "slot 63 counted on its own");
  for (unsigned k = 0; k < 300; k++)
    sue_reach_expired(&r, 7, 0);
  sue_reach_edge(&r);
  UT_EQ(t, r.unr_q, 0, "RETRY_LIMIT 0: never unreachable");
  UT_EQ(t, r.cnt[7], 255, "the count saturates at 255");
  sue_reach_expired(&r, 7, 255);
  sue_reach_edge(&r);
  UT_EQ(t, r.unr_q, 1ull << 7, "RETRY_LIMIT 255 reached from a saturated count");
}

/* The detour: set at the expiry that makes a slot unreachable and at every expiry while it is;
 * via: set by a frame heard over another port's wire (which leaves the slot unreachable and its
 * detour as they were); both cleared by a frame over the own wire, by the link coming up, and for
 * every slot every PROBE cycles (a count that runs through skipped cycles too; PROBE 0 never). */
static void t_detour(ut_t *t) {
  sue_reach_t r;
  sue_reach_reset(&r);
  sue_reach_edges(&r, 0, 1);
  sue_reach_expired(&r, 3, 2);
  sue_reach_edges(&r, 0, 1);
  UT_EQ(t, sue_reach_detour(&r), 0, "below RETRY_LIMIT: no detour");
  sue_reach_expired(&r, 3, 2);
  sue_reach_edges(&r, 0, 1);
  UT_EQ(t, r.unr_q, 1ull << 3, "unreachable");
  UT_EQ(t, sue_reach_detour(&r), 1ull << 3, "detoured at the expiry that makes it unreachable");
  sue_reach_heard_via(&r, 3, 1);
  sue_reach_heard_via(&r, 9, 1);
  sue_reach_edges(&r, 0, 1);
  UT_EQ(t, r.unr_q, 1ull << 3, "a frame over another wire leaves it unreachable");
  UT_EQ(t, sue_reach_detour(&r), 1ull << 3, "... and the detours as they were");
  UT_EQ(t, sue_reach_via(&r), 1ull << 3 | 1ull << 9, "a frame over another wire: via");
  sue_reach_heard_via(&r, 9, 0);
  sue_reach_edges(&r, 0, 1);
  UT_EQ(t, sue_reach_via(&r), 1ull << 3, "a frame over the own wire ends via");
  r.link_in = 0;
  sue_reach_edges(&r, 0, 1);
  r.link_in = 1;
  sue_reach_edges(&r, 0, 1);
  UT_EQ(t, sue_reach_detour(&r) | sue_reach_via(&r), 0, "the link coming up ends every detour");
  UT_EQ(t, r.unr_q, 1ull << 3, "... but not the unreachability");
  sue_reach_expired(&r, 3, 2);
  sue_reach_edges(&r, 0, 1);
  UT_EQ(t, sue_reach_detour(&r), 1ull << 3, "an expiry while unreachable: detoured again");
  sue_reach_edges(&r, 5, 5); /* a probe ends the detour too */
  UT_EQ(t, sue_reach_detour(&r), 0, "the probe ends the detour");
  /* the probe: PROBE 10, the count at 0 after 10 edges */
  sue_reach_reset(&r);
  sue_reach_edges(&r, 10, 1); /* the link's first coming up (it ends every detour); count 1 */
  sue_reach_heard_via(&r, 1, 1);
  sue_reach_edges(&r, 10, 8); /* counts 2 .. 9: no probe */
  UT_EQ(t, sue_reach_via(&r), 1ull << 1, "no probe before PROBE cycles");
  UT_EQ(t, r.probe_cnt, 9, "the count");
  sue_reach_edges(&r, 10, 1);
  UT_EQ(t, sue_reach_via(&r), 0, "the probe ends via");
  UT_EQ(t, r.probe_cnt, 0, "and the count starts again");
  sue_reach_heard_via(&r, 1, 1);
  sue_reach_edges(&r, 10, 25); /* probes at the 10th and 20th of these edges */
  UT_EQ(t, sue_reach_via(&r), 0, "a probe among skipped cycles");
  UT_EQ(t, r.probe_cnt, 5, "the count after 25 more");
  sue_reach_heard_via(&r, 1, 1);
  sue_reach_edges(&r, 3, 1); /* PROBE written below the count: a probe at the next edge */
  UT_EQ(t, sue_reach_via(&r), 0, "PROBE below the count: the next edge");
  sue_reach_heard_via(&r, 1, 1);
  sue_reach_edges(&r, 0, 1000);
  UT_EQ(t, sue_reach_via(&r), 1ull << 1, "PROBE 0: never");
}

UT_SUITE(sue_reach_model) {
  ut_run(s, "sue_reach_link", t_link);
  ut_run(s, "sue_reach_unreach", t_unreach);
  ut_run(s, "sue_reach_detour", t_detour);
}
