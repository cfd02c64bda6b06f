/*
 * sue_rx_cover_model.c - receive cover of a multi-port SUE instance (sue_rx_cover_model.h).
 */
#include "sue_rx_cover_model.h"

#include <string.h>

void sue_rxcv_init(sue_rxcv_t *c, unsigned p) {
  memset(c, 0, sizeof *c);
  c->p = p;
}

void sue_rxcv_levels(sue_rxcv_t *c, const unsigned lvl[][SUE_RXCV_CLS],
                     unsigned g[][SUE_RXCV_CLS]) {
  memcpy(c->lvl, lvl, c->p * sizeof *c->lvl);
  for (unsigned w = 0; w < c->p; w++)
    for (unsigned k = 0; k < SUE_RXCV_CLS; k++) {
      g[w][k] = 0;
      for (unsigned e = 0; e < c->p; e++)
        if (e != w && (c->covered >> e & 1u) && lvl[e][k] > g[w][k])
          g[w][k] = lvl[e][k];
    }
}

void sue_rxcv_commit(sue_rxcv_t *c, unsigned via_take) {
  unsigned busy = 0;
  for (unsigned e = 0; e < c->p; e++)
    for (unsigned k = 0; k < SUE_RXCV_CLS; k++)
      if (c->lvl[e][k])
        busy |= 1u << e;
  c->covered = (via_take | (c->covered & busy)) & ((1u << c->p) - 1u);
}
