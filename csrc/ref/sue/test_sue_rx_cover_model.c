/* test_sue_rx_cover_model.c - unit tests of the receive cover model (sue_rx_cover_model.h), by
 * hand: docs/sue/sue_fail_xbar.md "Guest flow control", receive. */
#include <string.h>

#include "sue_rx_cover_model.h"
#include "unit.h"

/* Nobody covered after reset; a via beat covers its port from the next cycle; the others see its
 * levels per class (the highest of the covered ports', never their own); cover ends only when its
 * buffer is empty, and a via beat in that cycle keeps it. */
static void t_cover(ut_t *t) {
  sue_rxcv_t c;
  unsigned lvl[SUE_RXCV_PMAX][SUE_RXCV_CLS], g[SUE_RXCV_PMAX][SUE_RXCV_CLS];
  memset(lvl, 0, sizeof lvl);
  sue_rxcv_init(&c, 4);
  lvl[1][3] = 500, lvl[2][3] = 700, lvl[2][5] = 40;
  sue_rxcv_levels(&c, lvl, g);
  UT_EQ(t, c.covered, 0, "nobody covered after reset");
  UT_EQ(t, g[0][3], 0, "no cover: no guest level");
  sue_rxcv_commit(&c, 1u << 1 | 1u << 2);
  UT_EQ(t, c.covered, 0x6, "a via beat covers its port at the edge");
  sue_rxcv_levels(&c, lvl, g);
  UT_EQ(t, g[0][3], 700, "port 0: the highest covered level of class 3");
  UT_EQ(t, g[0][5], 40, "port 0: class 5");
  UT_EQ(t, g[1][3], 700, "port 1: port 2's, not its own");
  UT_EQ(t, g[2][3], 500, "port 2: port 1's, not its own");
  UT_EQ(t, g[3][0], 0, "a class nobody holds");
  lvl[1][3] = 0;
  sue_rxcv_levels(&c, lvl, g);
  sue_rxcv_commit(&c, 0);
  UT_EQ(t, c.covered, 0x4, "an empty buffer ends the cover");
  lvl[2][3] = 0;
  sue_rxcv_levels(&c, lvl, g);
  UT_EQ(t, g[1][5], 40, "a class still held keeps the port busy");
  sue_rxcv_commit(&c, 0);
  UT_EQ(t, c.covered, 0x4, "... and covered");
  lvl[2][5] = 0;
  sue_rxcv_levels(&c, lvl, g);
  sue_rxcv_commit(&c, 1u << 2);
  UT_EQ(t, c.covered, 0x4, "a via beat in the cycle its buffer is empty keeps it");
  sue_rxcv_levels(&c, lvl, g);
  sue_rxcv_commit(&c, 0);
  UT_EQ(t, c.covered, 0, "then empty: not covered");
}

UT_SUITE(sue_rx_cover_model) { ut_run(s, "sue_rx_cover", t_cover); }
