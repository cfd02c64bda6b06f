/*
 * sue_fail_xbar_model.c - cross-port failover, the cycle model (sue_fail_xbar_model.h).
 */
#include "sue_fail_xbar_model.h"

#include <string.h>

void sue_fxb_init(sue_fxb_t *x, unsigned p) {
  memset(x, 0, sizeof *x);
  for (unsigned i = 0; i < p && i < SUE_FXB_PMAX; i++)
    x->host[i] = x->rx_tgt[i] = i;
}

/* rr_arbiter: the first request at or after ptr, else the lowest; -1: none. */
static int rr(unsigned req, unsigned ptr, unsigned p) {
  for (unsigned k = 0; k < p; k++) {
    unsigned i = ptr + k;
    if (i >= p) /* wrapped: the lowest request (the RTL's order) */
      break;
    if (req >> i & 1u)
      return (int)i;
  }
  for (unsigned i = 0; i < p; i++)
    if (req >> i & 1u)
      return (int)i;
  return -1;
}

void sue_fxb_eval(sue_fxb_t *x, const sue_fxb_in_t *in, sue_fxb_out_t *o) {
  const unsigned p = in->p;
  memset(o, 0, sizeof *o);
  x->tx_acc = x->rx_acc = x->drop_now = 0;
  for (unsigned e = 0; e < p; e++) {
    x->want[e] = e;
    if (in->failover && (in->mac_on >> e & 1u) && !(in->link >> e & 1u))
      for (unsigned k = 1; k < p; k++)
        if (in->link >> ((e + k) % p) & 1u) {
          x->want[e] = (e + k) % p;
          break;
        }
  }
  /* transmit */
  for (unsigned w = 0; w < p; w++) {
    unsigned req = 0;
    for (unsigned e = 0; e < p; e++)
      if ((x->tx_own_v >> w & 1u) ? x->tx_own[w] == e
                                  : (in->ep_tx_valid >> e & 1u) && x->host[e] == w)
        req |= 1u << e;
    int g = rr(req, x->tx_ptr[w], p);
    o->tx_src[w] = -1;
    if (g < 0)
      continue;
    unsigned drop = (x->tx_own_v >> w & 1u) ? (x->tx_drop >> w & 1u)
                                            : ((unsigned)g != w && (in->ep_tx_group >> g & 1u));
    unsigned v = in->ep_tx_valid >> g & 1u, acc = v && (drop || (in->eth_tx_ready >> w & 1u));
    x->drop_now |= drop << w;
    x->tx_acc |= acc << w;
    o->tx_src[w] = g;
    o->eth_tx_valid |= (v && !drop) << w;
    if (drop || (in->eth_tx_ready >> w & 1u))
      o->ep_tx_ready |= 1u << g; /* host[g] == w: g requests only its own wire */
    if (acc && !(x->tx_own_v >> w & 1u)) {
      o->carried += !drop && (unsigned)g != w;
      o->dropped += drop;
    }
  }
  /* receive: each wire's endpoint, then each endpoint's wire */
  for (unsigned w = 0; w < p; w++) {
    unsigned t = w;
    if (in->failover)
      for (unsigned k = 0; k < p; k++)
        if (k != w && (in->mac_on >> k & 1u) && in->rx_dst[w] == in->mac[k]) {
          t = k;
          break;
        }
    x->tgt[w] = (x->rx_inf >> w & 1u) ? x->rx_tgt[w] : t;
  }
  for (unsigned e = 0; e < p; e++) {
    unsigned req = 0;
    for (unsigned w = 0; w < p; w++)
      if ((x->rx_own_v >> e & 1u) ? x->rx_own[e] == w
                                  : (in->eth_rx_valid >> w & 1u) && x->tgt[w] == e)
        req |= 1u << w;
    int g = rr(req, x->rx_ptr[e], p);
    o->rx_src[e] = g;
    if (g < 0)
      continue;
    unsigned v = in->eth_rx_valid >> g & 1u, rdy = in->ep_rx_ready >> e & 1u;
    o->ep_rx_valid |= v << e;
    if (x->tgt[g] == e && rdy)
      o->eth_rx_ready |= 1u << g;
    x->rx_acc |= (v && rdy) << e;
  }
  for (unsigned w = 0; w < p; w++)
    if ((in->eth_rx_valid & o->eth_rx_ready) >> w & 1u && !(x->rx_inf >> w & 1u) && x->tgt[w] != w)
      o->steered++;
  x->o = *o;
}

void sue_fxb_commit(sue_fxb_t *x, const sue_fxb_in_t *in) {
  const unsigned p = in->p;
  const sue_fxb_out_t *o = &x->o;
  unsigned rx_inf = x->rx_inf;
  for (unsigned i = 0; i < p; i++) {
    unsigned ep_acc = (in->ep_tx_valid & o->ep_tx_ready) >> i & 1u,
             ep_last = in->ep_tx_last >> i & 1u;
    unsigned inf_next = ep_acc ? !ep_last : (x->tx_inf >> i & 1u);
    x->tx_inf = (x->tx_inf & ~(1u << i)) | inf_next << i;
    if (!inf_next)
      x->host[i] = x->want[i];
    if (x->tx_acc >> i & 1u) {
      unsigned g = (unsigned)o->tx_src[i], last = in->ep_tx_last >> g & 1u;
      x->tx_own_v = (x->tx_own_v & ~(1u << i)) | !last << i;
      x->tx_own[i] = g;
      x->tx_drop = (x->tx_drop & ~(1u << i)) | (x->drop_now >> i & 1u) << i;
      if (last)
        x->tx_ptr[i] = g + 1 == p ? 0 : g + 1;
    }
    if ((in->eth_rx_valid & o->eth_rx_ready) >> i & 1u) {
      rx_inf = (rx_inf & ~(1u << i)) | !(in->eth_rx_last >> i & 1u) << i;
      x->rx_tgt[i] = x->tgt[i];
    }
    if (x->rx_acc >> i & 1u) {
      unsigned g = (unsigned)o->rx_src[i], last = in->eth_rx_last >> g & 1u;
      x->rx_own_v = (x->rx_own_v & ~(1u << i)) | !last << i;
      x->rx_own[i] = g;
      if (last)
        x->rx_ptr[i] = g + 1 == p ? 0 : g + 1;
    }
  }
  x->rx_inf = rx_inf;
  x->n_carried += o->carried;
  x->n_dropped += o->dropped;
  x->n_steered += o->steered;
}
