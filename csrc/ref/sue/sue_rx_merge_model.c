/*
 * sue_rx_merge_model.c - the receive merge of a multi-port SUE instance; see
 * sue_rx_merge_model.h.
 */
#include "sue_rx_merge_model.h"

#include <string.h>

#define CRED_MAX 0xFFFFu /* the XPU credit counters saturate (CRW = 16, sue_rx_credits) */

void sue_rxm_init(sue_rxm_t *s) { memset(s, 0, sizeof *s); }

unsigned sue_rxm_beats(unsigned desc, unsigned data_w) {
  unsigned nb = data_w / 8u, dlen = (desc & 0xFFu) + 1u;
  return (desc >> 8 & 1u) ? (dlen + nb - 1u) / nb : 1u;
}

static unsigned wrap(unsigned x, unsigned n) { return x + 1u == n ? 0u : x + 1u; }

void sue_rxm_step(sue_rxm_t *s, const sue_rxm_par_t *par, const sue_rxm_beat_t in[],
                  unsigned rx_credit, unsigned rx_reset_in, sue_rxm_out_t *out) {
  const unsigned p = par->p, ns = p * 4u, skid = par->skid;
  const unsigned db = skid * ((256u + par->data_w / 8u - 1u) / (par->data_w / 8u));
  const unsigned dw = par->data_w / 32u;
  memset(out, 0, sizeof *out);

  /* the next start */
  const int last = s->busy && s->bt == s->nb - 1u, free_ = !s->busy || last;
  int pick_v = 0;
  unsigned pick = 0;
  for (unsigned k = 0; k < ns && !pick_v; k++) {
    unsigned x = (s->rr + k) % ns;
    const sue_rxm_cmd_t *h = &s->cmd[x][s->crp[x]];
    if (s->ccnt[x] && !rx_reset_in && s->xc[(x % 4u) * 2u + h->type]) {
      pick = x;
      pick_v = 1;
    }
  }
  const int start = free_ && pick_v;

  /* grants, from the state before the cycle's events */
  int gv[SUE_RXM_PMAX] = {0};
  unsigned gsel[SUE_RXM_PMAX] = {0};
  for (unsigned e = 0; e < p && !rx_reset_in; e++)
    for (unsigned j = 0; j < 8 && !gv[e]; j++) {
      unsigned gj = (s->gp[e] + j) & 7u, x = e * 4u + (gj >> 1);
      unsigned occ = s->ccnt[x] + (s->busy && s->cur == x);
      if (s->uc[x][gj & 1u] < skid / 2u && s->uc[x][0] + s->uc[x][1] + occ < skid) {
        gv[e] = 1;
        gsel[e] = gj;
        out->p_credit[e] = 0x20u | (gj & 1u) << 4 | (gj >> 1) << 2;
      }
    }

  /* the beat of this cycle on rx_* (registered: shows at t + 1) */
  out->rx.valid = s->busy ? (s->cc.type ? 2u : 1u) : 0u;
  out->rx.cycle = s->bt & 15u;
  out->rx.vc = s->cur & 3u;
  out->rx.xpuid = s->cc.xpuid;
  memcpy(out->rx.control, s->cc.control, sizeof out->rx.control);
  if (s->busy)
    memcpy(out->rx.data, s->beat[s->cur][s->drp[s->cur]], dw * sizeof(uint32_t));
  out->sel_valid = s->busy && s->bt == 0;
  out->sel_port = s->cur >> 2;

  /* arrivals */
  for (unsigned e = 0; e < p; e++) {
    const sue_rxm_beat_t *b = &in[e];
    if (!b->valid)
      continue;
    unsigned x = e * 4u + (b->vc & 3u);
    memcpy(s->beat[x][s->dwp[x]], b->data, dw * sizeof(uint32_t));
    s->dwp[x] = wrap(s->dwp[x], db);
    s->dcnt[x]++;
    if (b->cycle == 0) {
      sue_rxm_cmd_t *c = &s->cmd[x][s->cwp[x]];
      c->type = b->valid == 2;
      c->xpuid = b->xpuid & 0x3FFu;
      memcpy(c->control, b->control, sizeof c->control);
      c->nb = sue_rxm_beats(b->control[4] & 0x1FFu, par->data_w);
      s->cwp[x] = wrap(s->cwp[x], skid);
      s->ccnt[x]++;
      s->uc[x][c->type]--;
    }
  }
  /* the emitted beat leaves its skid */
  if (s->busy) {
    s->drp[s->cur] = wrap(s->drp[s->cur], db);
    s->dcnt[s->cur]--;
  }
  /* grants, the XPU's credits */
  for (unsigned e = 0; e < p; e++)
    if (gv[e]) {
      s->uc[e * 4u + (gsel[e] >> 1)][gsel[e] & 1u]++;
      s->gp[e] = (gsel[e] + 1u) & 7u;
    }
  unsigned cj = (pick & 3u) * 2u + s->cmd[pick][s->crp[pick]].type;
  if (rx_reset_in) {
    memset(s->xc, 0, sizeof s->xc);
    for (unsigned x = 0; x < ns; x++)
      s->uc[x][0] = s->uc[x][1] = 0;
  } else {
    if (start)
      s->xc[cj]--;
    if (rx_credit & 0x20u) {
      unsigned j = ((rx_credit >> 2) & 3u) * 2u + (rx_credit >> 4 & 1u);
      s->xc[j] += (rx_credit & 3u) + 1u;
      if (s->xc[j] > CRED_MAX)
        s->xc[j] = CRED_MAX;
    }
  }
  /* the delivery */
  if (start) {
    s->cc = s->cmd[pick][s->crp[pick]];
    s->crp[pick] = wrap(s->crp[pick], skid);
    s->ccnt[pick]--;
    s->busy = 1;
    s->cur = pick;
    s->bt = 0;
    s->nb = s->cc.nb;
    s->rr = (pick + 1u) % ns;
  } else if (last) {
    s->busy = 0;
  } else if (s->busy) {
    s->bt++;
  }
}
