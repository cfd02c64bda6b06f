/*
 * sue_port_sel_model.c - port selection of a multi-port SUE instance; see sue_port_sel_model.h.
 */
#include "sue_port_sel_model.h"

#include <string.h>

void sue_psel_init(sue_psel_t *s) { memset(s, 0, sizeof *s); }

unsigned sue_psel_hash(unsigned p, unsigned xpuid, unsigned vc) {
  unsigned h = vc & 3u;
  for (unsigned i = 0; i < 10; i += 2)
    h ^= (xpuid >> i) & 3u;
  return h & (p - 1u);
}

unsigned sue_psel_giveable(const sue_psel_t *s, const sue_psel_par_t *par, unsigned j) {
  unsigned mn = s->c[0][j];
  for (unsigned e = 1; e < par->p; e++)
    if (s->c[e][j] < mn)
      mn = s->c[e][j];
  return mn > s->g[j] ? mn - s->g[j] : 0;
}

void sue_psel_step(sue_psel_t *s, const sue_psel_par_t *par, const sue_psel_cfg_t *cfg,
                   const sue_psel_in_t *in, sue_psel_out_t *out) {
  const unsigned p = par->p, pm = p - 1u;
  const int first = in->tx_valid != 0 && in->tx_cycle == 0;
  const unsigned cj = (in->tx_vc & 3u) * 2u + (in->tx_valid == 2);
  unsigned cred = 0, target = s->port, best = 0;
  for (unsigned e = 0; e < p; e++)
    if (s->c[e][cj])
      cred |= 1u << e;
  if (first) {
    if (cfg->unordered) {
      unsigned cand = in->port_ok & ~in->unreach & cred;
      if (!cand)
        cand = in->port_ok & cred;
      if (!cand)
        cand = cred;
      if (!cand)
        cand = (1u << p) - 1u;
      int found = 0;
      for (unsigned k = 0; k < p; k++) {
        unsigned e = (s->ptr + k) & pm;
        if ((cand >> e & 1u) && (!found || in->backlog[e] < in->backlog[best])) {
          best = e;
          found = 1;
        }
      }
      target = best;
    } else {
      target = cfg->map[sue_psel_hash(p, in->tx_xpuid, in->tx_vc)] & pm;
    }
  }
  out->port = in->tx_valid ? (int)target : -1;
  out->first = first;
  out->viol = first && s->g[cj] == 0;
  const unsigned drop = first ? !(cred >> target & 1u) : s->drop;
  out->drop = first && drop;
  out->fwd = in->tx_valid != 0 && !drop;

  /* the credit word: from the state before this cycle's events */
  unsigned sel = 0, n = 0;
  int sel_v = 0;
  for (unsigned k = 0; k < 8 && !sel_v; k++) {
    unsigned j = (s->crp + k) & 7u, gv = sue_psel_giveable(s, par, j);
    if (gv) {
      sel = j;
      n = gv > 4 ? 4 : gv;
      sel_v = 1;
    }
  }
  out->credit = sel_v ? 0x20u | (sel & 1u) << 4 | (sel >> 1) << 2 | (n - 1u) : 0;

  /* the events */
  if (first && (cred >> target & 1u))
    s->c[target][cj]--;
  for (unsigned e = 0; e < p; e++) {
    unsigned w = in->p_credit[e];
    if (w & 0x20u)
      s->c[e][((w >> 2) & 3u) * 2u + (w >> 4 & 1u)] += (w & 3u) + 1u;
  }
  if (sel_v) {
    s->g[sel] += n;
    s->crp = (sel + 1u) & 7u;
  }
  if (first && !out->viol)
    s->g[cj]--;
  if (first && cfg->unordered)
    s->ptr = (best + 1u) & pm;
  s->port = target;
  s->drop = drop;
}
