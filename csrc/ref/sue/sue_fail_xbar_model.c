/*
 * sue_fail_xbar_model.c - cross-port failover, the cycle model (sue_fail_xbar_model.h).
 */
#include "sue_fail_xbar_model.h"

#include <string.h>

#include "crc.h"

static const crc_t *fcs_table(void) {
  static crc_t t;
  static int ready;
  if (!ready) {
    crc_init(&t, &CRC_32);
    ready = 1;
  }
  return &t;
}

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

unsigned sue_fxb_away(const sue_fxb_in_t *in) {
  unsigned a = 0;
  for (unsigned e = 0; e < in->p; e++) {
    unsigned other = in->link & ((1u << in->p) - 1u) & ~(1u << e);
    a |= (unsigned)(in->failover && (in->mac_on >> e & 1u) && !(in->link >> e & 1u) && other) << e;
  }
  return a;
}

void sue_fxb_eval(sue_fxb_t *x, const sue_fxb_in_t *in, sue_fxb_out_t *o) {
  const unsigned p = in->p;
  memset(o, 0, sizeof *o);
  x->tx_acc = x->rx_acc = x->drop_now = x->rx_cut_now = x->rx_offer = 0;
  for (unsigned e = 0; e < p; e++) {
    x->want[e] = e;
    unsigned away = !(in->link >> e & 1u) || (in->ep_tx_valid & in->ep_tx_detour) >> e & 1u;
    unsigned next = e; /* the next wire up after e */
    for (unsigned k = 1; k < p && next == e; k++)
      if (in->link >> ((e + k) % p) & 1u)
        next = (e + k) % p;
    if (in->failover && (in->mac_on >> e & 1u) && away)
      x->want[e] = next;
  }
  o->away = sue_fxb_away(in);
  /* transmit */
  x->cut_now = x->own_nx = 0;
  for (unsigned w = 0; w < p; w++) {
    o->tx_src[w] = -1;
    if (x->cut >> w & 1u) { /* the wire ends a cut frame on its own */
      o->tx_src[w] = SUE_FXB_OWN;
      o->eth_tx_valid |= 1u << w;
      if (x->hold_v >> w & 1u) {
        memcpy(o->own_data[w], x->hold[w], x->hold_n[w]);
        o->own_nbytes[w] = x->hold_n[w];
        o->own_last |= (x->hold_l >> w & 1u) << w;
      } else { /* the terminator: the FCS so far, inverted, least significant byte first */
        uint32_t f = ~crc_finish(&CRC_32, x->fcs_reg[w]);
        for (unsigned j = 0; j < 4; j++)
          o->own_data[w][j] = (uint8_t)(f >> 8 * j);
        o->own_nbytes[w] = 4;
        o->own_last |= 1u << w;
      }
      continue;
    }
    unsigned req = 0, own = x->tx_own[w];
    for (unsigned e = 0; e < p; e++) {
      /* a guest's frame that takes flow control: only while wire w's endpoint lets its class by */
      unsigned blk =
          e != w && (in->ep_tx_fc >> e & 1u) && (in->fc_gblock[w] >> (in->ep_tx_cls[e] & 7u) & 1u);
      if ((x->tx_own_v >> w & 1u) ? own == e
                                  : (in->ep_tx_valid >> e & 1u) && !(x->sink >> e & 1u) &&
                                        x->host[e] == w && x->want[e] == w && !blk)
        req |= 1u << e;
    }
    int g = rr(req, x->tx_ptr[w], p);
    if (g < 0)
      continue;
    unsigned cut = (x->tx_own_v >> w & 1u) && !(x->tx_drop >> w & 1u) && !(in->link >> w & 1u) &&
                   x->want[own] != w;
    unsigned drop = (x->tx_own_v >> w & 1u) ? (x->tx_drop >> w & 1u)
                                            : ((unsigned)g != w && (in->ep_tx_group >> g & 1u));
    unsigned v = in->ep_tx_valid >> g & 1u, last = in->ep_tx_last >> g & 1u,
             take = cut || drop || (in->eth_tx_ready >> w & 1u), acc = v && take;
    x->cut_now |= cut << w;
    x->drop_now |= drop << w;
    x->tx_acc |= acc << w;
    x->own_nx |= (!cut && !(acc && last)) << w;
    o->tx_src[w] = g;
    o->eth_tx_valid |= (v && !drop) << w;
    if (!(x->tx_own_v >> w & 1u) && (unsigned)g != w && (in->ep_tx_fc >> g & 1u) && !drop) {
      o->g_valid |= 1u << w; /* granted afresh: the guest's frame spends wire w's credits */
      o->g_cls[w] = in->ep_tx_cls[g] & 7u;
      o->g_bytes[w] = in->ep_tx_bytes[g];
    }
    if (take)
      o->ep_tx_ready |= 1u << g; /* host[g] == w: g requests only its own wire */
    if (acc && !(x->tx_inf >> g & 1u)) {
      o->carried += !drop && (unsigned)g != w;
      o->dropped += drop;
    }
    o->cut += cut && !(v && last);
  }
  o->ep_tx_ready |= x->sink;
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
    /* cut off: inside a frame from a wire that is down (FAILOVER on) and shows no beat */
    if (in->failover && (x->rx_own_v >> e & 1u) && !(x->rx_cut >> e & 1u) &&
        !(in->link >> x->rx_own[e] & 1u) && !(in->eth_rx_valid >> x->rx_own[e] & 1u)) {
      x->rx_cut_now |= 1u << e;
      o->rx_cut++;
    }
    if (x->rx_cut >> e & 1u) { /* offered the error beat; no wire's */
      o->rx_src[e] = -1;
      o->ep_rx_valid |= 1u << e;
      o->ep_rx_err |= 1u << e;
      continue;
    }
    int g = rr(req, x->rx_ptr[e], p);
    o->rx_src[e] = g;
    if (g < 0)
      continue;
    o->ep_rx_via |= ((unsigned)g != e) << e;
    unsigned v = in->eth_rx_valid >> g & 1u, rdy = in->ep_rx_ready >> e & 1u;
    o->ep_rx_valid |= v << e;
    x->rx_offer |= v << e;
    if (x->tgt[g] == e && rdy)
      o->eth_rx_ready |= 1u << g;
    x->rx_acc |= (v && rdy) << e;
  }
  for (unsigned w = 0; w < p; w++)
    if ((in->eth_rx_valid >> w & 1u) && !(x->rx_inf >> w & 1u) && x->tgt[w] != w)
      o->steered++; /* at its first beat shown */
  x->o = *o;
}

void sue_fxb_commit(sue_fxb_t *x, const sue_fxb_in_t *in) {
  const unsigned p = in->p;
  const sue_fxb_out_t *o = &x->o;
  unsigned rx_inf = x->rx_inf, held = 0;
  for (unsigned w = 0; w < p; w++)
    if (x->own_nx >> w & 1u)
      held |= 1u << o->tx_src[w];
  for (unsigned i = 0; i < p; i++) { /* endpoint i */
    unsigned ep_acc = (in->ep_tx_valid & o->ep_tx_ready) >> i & 1u,
             ep_last = in->ep_tx_last >> i & 1u;
    unsigned inf_next = ep_acc ? !ep_last : (x->tx_inf >> i & 1u);
    x->tx_inf = (x->tx_inf & ~(1u << i)) | inf_next << i;
    if (ep_acc && ep_last)
      x->sink &= ~(1u << i);
    if (!inf_next && !(held >> i & 1u))
      x->host[i] = x->want[i];
  }
  for (unsigned i = 0; i < p; i++) { /* wire i */
    int src = o->tx_src[i];
    if ((o->eth_tx_valid & in->eth_tx_ready) >> i & 1u) { /* its beat sent: into its FCS */
      const uint8_t *b = src == SUE_FXB_OWN ? o->own_data[i] : in->ep_tx_data[src];
      unsigned n = src == SUE_FXB_OWN ? o->own_nbytes[i] : in->ep_tx_nbytes[src],
               last = src == SUE_FXB_OWN ? o->own_last >> i & 1u : in->ep_tx_last >> src & 1u;
      uint32_t base = (x->tx_mid >> i & 1u) ? x->fcs_reg[i] : CRC_32.init;
      x->fcs_reg[i] = crc_update(fcs_table(), base, b, n);
      x->tx_mid = (x->tx_mid & ~(1u << i)) | !last << i;
    }
    x->tx_own_v = (x->tx_own_v & ~(1u << i)) | (x->own_nx & 1u << i);
    if (src >= 0) {
      unsigned g = (unsigned)src, last = in->ep_tx_last >> g & 1u;
      x->tx_own[i] = g;
      x->tx_drop = (x->tx_drop & ~(1u << i)) | (x->drop_now & 1u << i);
      if (((x->tx_acc >> i & 1u) && last) || (x->cut_now >> i & 1u))
        x->tx_ptr[i] = g + 1 == p ? 0 : g + 1;
    }
    if (x->cut_now >> i & 1u) {
      unsigned g = (unsigned)src, v = in->ep_tx_valid >> g & 1u, last = in->ep_tx_last >> g & 1u,
               rdy = in->eth_tx_ready >> i & 1u;
      unsigned hold = v && !rdy, cut = v ? (!rdy || !last) : 1u;
      if (!v || !last)
        x->sink |= 1u << g;
      x->hold_v = (x->hold_v & ~(1u << i)) | hold << i;
      x->cut = (x->cut & ~(1u << i)) | cut << i;
      memcpy(x->hold[i], in->ep_tx_data[g], sizeof x->hold[i]);
      x->hold_n[i] = in->ep_tx_nbytes[g];
      x->hold_l = (x->hold_l & ~(1u << i)) | last << i;
    } else if ((x->cut & in->eth_tx_ready) >> i & 1u) {
      unsigned more = (x->hold_v >> i & 1u) && !(x->hold_l >> i & 1u);
      x->hold_v &= ~(1u << i);
      x->cut = (x->cut & ~(1u << i)) | more << i;
    }
  }
  unsigned wire_cut = 0; /* the wires endpoints were cut off from: they start afresh */
  for (unsigned e = 0; e < p; e++)
    if (x->rx_cut_now >> e & 1u)
      wire_cut |= 1u << x->rx_own[e];
  unsigned rx_cut = x->rx_cut, rx_own_v = x->rx_own_v;
  for (unsigned i = 0; i < p; i++) {
    if (wire_cut >> i & 1u) {
      rx_inf &= ~(1u << i);
    } else if (in->eth_rx_valid >> i & 1u) { /* bound from its first beat shown to its last */
      unsigned acc = o->eth_rx_ready >> i & 1u, last = in->eth_rx_last >> i & 1u;
      rx_inf = (rx_inf & ~(1u << i)) | !(acc && last) << i;
      x->rx_tgt[i] = x->tgt[i];
    }
    if (x->rx_offer >> i & 1u) { /* held to the wire from its first beat offered */
      unsigned g = (unsigned)o->rx_src[i], last = in->eth_rx_last >> g & 1u,
               acc = x->rx_acc >> i & 1u;
      rx_own_v = (rx_own_v & ~(1u << i)) | !(acc && last) << i;
      x->rx_own[i] = g;
      if (acc && last)
        x->rx_ptr[i] = g + 1 == p ? 0 : g + 1;
    }
    if (x->rx_cut_now >> i & 1u)
      rx_cut |= 1u << i;
    if ((x->rx_cut & in->ep_rx_ready) >> i & 1u) {
      rx_cut &= ~(1u << i);
      rx_own_v &= ~(1u << i);
    }
  }
  x->rx_cut = rx_cut;
  x->rx_own_v = rx_own_v;
  x->rx_inf = rx_inf;
  x->n_carried += o->carried;
  x->n_dropped += o->dropped;
  x->n_steered += o->steered;
  x->n_cut += o->cut;
  x->n_rx_cut += o->rx_cut;
}
