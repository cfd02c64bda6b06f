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

UT_SUITE(sue_reach_model) {
  ut_run(s, "sue_reach_link", t_link);
  ut_run(s, "sue_reach_unreach", t_unreach);
}
