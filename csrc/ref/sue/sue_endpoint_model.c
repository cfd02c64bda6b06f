/* sue_endpoint_model.c - SUE endpoint reference model: ingress, transmit priority, receive, PFC. */
#include "sue_endpoint_model.h"

#include <stdlib.h>
#include <string.h>

static void credit_push(sue_ep_t *ep, unsigned kind, unsigned vc, unsigned type, unsigned xpuid,
                        unsigned n) {
  if (ep->cev_rd == ep->cev_n)
    ep->cev_rd = ep->cev_n = 0;
  if (ep->cev_n == ep->cev_cap) {
    size_t cap = ep->cev_cap ? 2 * ep->cev_cap : 64;
    sue_credit_ev_t *p = realloc(ep->cev, cap * sizeof *p);
    if (!p)
      abort();
    ep->cev = p;
    ep->cev_cap = cap;
  }
  sue_credit_ev_t *e = &ep->cev[ep->cev_n++];
  e->kind = kind;
  e->vc = vc;
  e->type = type;
  e->xpuid = xpuid;
  e->n = n;
  e->t = ep->now;
}

static void return_all_ingress_credits(sue_ep_t *ep) {
  for (unsigned v = 0; v < SUE_NVC; v++) {
    credit_push(ep, SUE_CREDIT_AGG, v, 0, 0, ep->p.ing_cmd);
    credit_push(ep, SUE_CREDIT_AGG, v, 1, 0, ep->p.ing_data);
  }
}

int sue_ep_init(sue_ep_t *ep, const sue_params_t *p) {
  memset(ep, 0, sizeof *ep);
  if (sue_params_check(p, NULL))
    return -1;
  ep->p = *p;
  sue_cfg_reset(&ep->cfg, p);
  ep->nconn = sue_nconn(p);
  ep->conn = calloc(ep->nconn, sizeof *ep->conn);
  ep->ok = calloc((size_t)p->ndst * SUE_NVC, 1);
  ep->scratch = malloc(p->pdu_max);
  ep->tmo_slot = calloc(p->ndst, 1);
  sue_reach_reset(&ep->reach);
  sue_cbfc_init(&ep->cbfc);
  sue_mgmt_rx_reset(&ep->mrx, sue_mgmt_max(p));
  if (!ep->conn || !ep->ok || !ep->scratch || !ep->tmo_slot || sue_pack_init(&ep->pack, p))
    return -1;
  for (unsigned c = 0; c < ep->nconn; c++)
    if (sue_conn_init(&ep->conn[c], p->win))
      return -1;
  return_all_ingress_credits(ep);
  return 0;
}

static unsigned ingress_flush(sue_ep_t *ep) {
  unsigned n = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    while (ep->ing_head[v]) {
      sue_ingcmd_t *x = ep->ing_head[v];
      ep->ing_head[v] = x->next;
      free(x);
      n++;
    }
    ep->ing_tail[v] = NULL;
    ep->ing_used[v][0] = ep->ing_used[v][1] = 0;
    ep->ing_held[v] = 0;
  }
  return n;
}

void sue_ep_free(sue_ep_t *ep) {
  ingress_flush(ep);
  sue_pack_free(&ep->pack);
  if (ep->conn)
    for (unsigned c = 0; c < ep->nconn; c++)
      sue_conn_free(&ep->conn[c], ep->p.win);
  for (unsigned v = 0; v < SUE_NVC; v++)
    sue_rxq_clear(&ep->rxq[v]);
  free(ep->conn);
  free(ep->ok);
  free(ep->scratch);
  free(ep->tmo_slot);
  free(ep->cev);
  memset(ep, 0, sizeof *ep);
}

/* The CBFC unit's configuration: CTRL.FC_MODE = 1 hands it PFC_TX_EN / PFC_RX_EN; the class of
 * a VC is its PFC_MAP priority; PFC_REFRESH bounds the time between updates. */
void sue_ep_cbfc_cfg(const sue_ep_t *ep, sue_cbfc_cfg_t *cc) {
  const sue_cfg_t *c = &ep->cfg;
  cc->tx_en = c->fc_mode && c->pfc_tx_en;
  cc->rx_en = c->fc_mode && c->pfc_rx_en;
  for (unsigned v = 0; v < SUE_NVC; v++)
    cc->cls[v] = c->pfc_prio[v] & 7u;
  cc->ushift = c->cbfc_ushift & 15u;
  cc->step = c->cbfc_step;
  cc->refresh = c->pfc_refresh;
}

unsigned sue_ep_frame_max(const sue_params_t *p) {
  return sue_max_frame(p, SUE_HDR_UDP | SUE_HDR_TAG);
}

int sue_ep_paused(const sue_ep_t *ep, unsigned vc) {
  sue_cbfc_cfg_t cc;
  sue_ep_cbfc_cfg(ep, &cc);
  return sue_pfc_paused(&ep->pfc, &ep->cfg, ep->now, vc) ||
         sue_cbfc_paused(&ep->cbfc, &cc, vc, sue_ep_frame_max(&ep->p));
}

/* What the port's decisions obey: its own wire's flow control, unless it is away. */
static int dec_paused(const sue_ep_t *ep, unsigned vc) {
  return !ep->away && sue_ep_paused(ep, vc);
}

void sue_ep_set_away(sue_ep_t *ep, unsigned away) { ep->away = away != 0; }

void sue_ep_cls_level(const sue_ep_t *ep, unsigned out[SUE_PRIO]) {
  memset(out, 0, SUE_PRIO * sizeof *out);
  for (unsigned v = 0; v < SUE_NVC; v++) {
    unsigned c = ep->cfg.pfc_prio[v] & 7u;
    if (ep->rxq[v].bytes > out[c])
      out[c] = ep->rxq[v].bytes;
  }
}

void sue_ep_set_cover(sue_ep_t *ep, const unsigned g[SUE_PRIO]) {
  memcpy(ep->g_cls_level, g, sizeof ep->g_cls_level);
}

/* The lowest VC of priority cls, -1: none. */
static int prio_vc(const sue_ep_t *ep, unsigned cls) {
  for (unsigned v = 0; v < SUE_NVC; v++)
    if ((ep->cfg.pfc_prio[v] & 7u) == cls)
      return (int)v;
  return -1;
}

unsigned sue_ep_gblock(const sue_ep_t *ep) {
  sue_cbfc_cfg_t cc;
  sue_ep_cbfc_cfg(ep, &cc);
  /* every class while a CBFC update is owed or on its way to the wire: its units sent must count
   * every frame ahead of it there (the peer's count received is set to them) */
  if (sue_cbfc_owed(&ep->cbfc, &cc) || ep->upd_fly)
    return 0xFFu;
  unsigned b = 0;
  for (unsigned c = 0; c < SUE_PRIO; c++) {
    int v = prio_vc(ep, c);
    if (v >= 0 && (sue_pfc_paused(&ep->pfc, &ep->cfg, ep->now, (unsigned)v) ||
                   sue_cbfc_gblock(&ep->cbfc, &cc, (unsigned)v, sue_ep_frame_max(&ep->p))))
      b |= 1u << c;
  }
  return b;
}

void sue_ep_guest_spend(sue_ep_t *ep, unsigned cls, unsigned bytes) {
  int v = prio_vc(ep, cls & 7u);
  if (v < 0)
    return;
  sue_cbfc_cfg_t cc;
  sue_ep_cbfc_cfg(ep, &cc);
  sue_cbfc_tx(&ep->cbfc, &cc, (unsigned)v, bytes);
}

/* Command x of VC v into its pack queue: counted, its ingress credit back. */
static void ingress_enter(sue_ep_t *ep, unsigned v, sue_ingcmd_t *x) {
  sue_pack_push(&ep->pack, x->dslot, v, &x->cmd, ep->now);
  ep->cnt[SUE_CNT_TX_CMDS]++;
  credit_push(ep, SUE_CREDIT_AGG, v, x->type, 0, 1);
}

/* The start of a cycle: each VC's held head enters its pack queue if it fits (room as after the
 * cuts of the cycles before), one command per VC per cycle, as sue_pack_buf's hold FIFOs; a head
 * found blocked is counted in tx_hol once. */
static void ingress_drain(sue_ep_t *ep) {
  for (unsigned v = 0; v < SUE_NVC; v++) {
    sue_ingcmd_t *x = ep->ing_head[v];
    ep->ing_held[v] = x != NULL;
    if (!x)
      continue;
    if (!sue_pack_room(&ep->pack, x->dslot, v, sue_cmd_packed(&x->cmd, ep->p.align))) {
      if (!x->hol) {
        x->hol = 1;
        ep->cnt[SUE_CNT_TX_HOL]++;
      }
      continue;
    }
    ingress_enter(ep, v, x);
    ep->ing_used[v][x->type]--;
    ep->ing_head[v] = x->next;
    if (!ep->ing_head[v])
      ep->ing_tail[v] = NULL;
    free(x);
  }
}

/* Receive-buffer levels against the PFC thresholds: once per cycle, at the first call of the
 * cycle, with the levels the cycles before it left (sue_pfc_model.h). */
static void pfc_eval(sue_ep_t *ep) {
  unsigned lvl[SUE_NVC], plvl[SUE_NVC];
  for (unsigned v = 0; v < SUE_NVC; v++) {
    lvl[v] = ep->rxq[v].bytes;
    unsigned g = ep->g_cls_level[ep->cfg.pfc_prio[v] & 7u]; /* receive cover */
    plvl[v] = g > lvl[v] ? g : lvl[v];
  }
  sue_pfc_eval(&ep->pfc, &ep->cfg, ep->now, plvl);
  sue_cbfc_cfg_t cc;
  sue_ep_cbfc_cfg(ep, &cc);
  sue_cbfc_eval(&ep->cbfc, &cc, ep->now, lvl, ep->p.rx_bytes);
}

/* Everything that happens by itself up to cycle now. Held ingress heads drain once a cycle, at
 * its start (room as after the cuts of the cycles before, as sue_pack_buf): a later call in the
 * same cycle, after that cycle's cut, must not drain them early. */
static void advance(sue_ep_t *ep, uint64_t now) {
  if (now > ep->now) {
    /* the clock edge that ended the last cycle, and any after it */
    sue_reach_edges(&ep->reach, ep->cfg.probe, now - ep->now);
    ep->now = now;
    ingress_drain(ep);
  }
  memset(ep->tmo_slot, 0, ep->p.ndst);
  for (unsigned c = 0; c < ep->nconn; c++) {
    int n = sue_gbn_timer(&ep->conn[c], ep->now, ep->cfg.retx_timeout);
    ep->cnt[SUE_CNT_TX_TIMEOUTS] += (uint32_t)n;
    if (n > 0)
      ep->tmo_slot[ep->p.psn_per_vc ? c / SUE_NVC : c] = 1; /* connection: slot, or slot * 4 + VC */
  }
  for (unsigned d = 0; d < ep->p.ndst; d++)
    if (ep->tmo_slot[d])
      sue_reach_expired(&ep->reach, d, ep->cfg.retry_limit);
  pfc_eval(ep);
}

void sue_ep_tick(sue_ep_t *ep, uint64_t now) { advance(ep, now); }

int sue_ep_xpu_tx(sue_ep_t *ep, uint64_t now, unsigned tx_valid, const sue_cmd_t *c, unsigned err) {
  advance(ep, now);
  unsigned vc = c->vc & 3u, type = tx_valid == SUE_VALID_DATA;
  unsigned cap = type ? ep->p.ing_data : ep->p.ing_cmd;
  if (ep->ing_used[vc][type] >= cap) {
    ep->cnt[SUE_CNT_TX_CREDIT_VIOL]++;
    return SUE_CNT_TX_CREDIT_VIOL;
  }
  sue_ingcmd_t *x = malloc(sizeof *x);
  if (!x)
    abort();
  memset(x, 0, sizeof *x);
  sue_cmd_t *k = &x->cmd;
  int drop = 0;
  uint16_t d = (uint16_t)((c->ctrl[0] << 8) | c->ctrl[1]);
  if ((tx_valid != SUE_VALID_CMD && tx_valid != SUE_VALID_DATA) ||
      sue_desc_decode(d, &k->ctype, &k->clen, &k->dp, &k->dlen) || k->dp != type)
    drop = SUE_CNT_TX_CMD_BAD;
  else if (err)
    drop = SUE_CNT_TX_CMD_ERR;
  else {
    int s = sue_cfg_find_dst(&ep->cfg, &ep->p, c->xpuid);
    if (s < 0)
      drop = SUE_CNT_TX_CMD_NODST;
    else
      x->dslot = (unsigned)s;
  }
  if (drop) {
    free(x);
    ep->cnt[drop]++;
    credit_push(ep, SUE_CREDIT_AGG, vc, type, 0, 1);
    return drop;
  }
  memcpy(k->ctrl, c->ctrl, 2u * k->clen);
  memcpy(k->data, c->data, k->dlen);
  k->vc = vc;
  k->xpuid = c->xpuid & 0x3FFu;
  k->send_now = c->send_now ? 1u : 0u;
  x->type = type;
  /* into its queue at once only when its VC held nothing at the start of the cycle (a head
   * leaving this cycle still holds it back) and it fits; else held, counted in tx_hol now when
   * it is the head at once */
  const int empty = !ep->ing_held[vc] && !ep->ing_head[vc];
  if (empty && sue_pack_room(&ep->pack, x->dslot, vc, sue_cmd_packed(&x->cmd, ep->p.align))) {
    ingress_enter(ep, vc, x);
    free(x);
    return 0;
  }
  if (empty) {
    x->hol = 1;
    ep->cnt[SUE_CNT_TX_HOL]++;
  }
  if (ep->ing_tail[vc])
    ep->ing_tail[vc]->next = x;
  else
    ep->ing_head[vc] = x;
  ep->ing_tail[vc] = x;
  ep->ing_used[vc][type]++;
  return 0;
}

int sue_ep_credit_pop(sue_ep_t *ep, sue_credit_ev_t *ev) {
  if (ep->cev_rd >= ep->cev_n)
    return 0;
  *ev = ep->cev[ep->cev_rd++];
  return 1;
}

void sue_ep_tx_reset(sue_ep_t *ep, uint64_t now) {
  advance(ep, now);
  ep->cnt[SUE_CNT_TX_FLUSHED] += ingress_flush(ep) + sue_pack_flush(&ep->pack);
  ep->cev_rd = ep->cev_n = 0;
  return_all_ingress_credits(ep);
}

static unsigned conn_dslot(const sue_ep_t *ep, unsigned c) {
  return ep->p.psn_per_vc ? c / SUE_NVC : c;
}

/* VC of a stand-alone ACK / NACK frame of connection c. */
static unsigned ack_frame_vc(const sue_ep_t *ep, unsigned c) {
  return ep->p.psn_per_vc ? c % SUE_NVC : ep->cfg.ack_vc & 3u;
}

/* A frame of connection c: RH with the owed ACK / NACK, then the commands. */
static size_t emit(sue_ep_t *ep, unsigned c, unsigned vc, unsigned psn, const uint8_t *cmds,
                   size_t len, uint8_t *out) {
  sue_conn_t *k = &ep->conn[c];
  /* detoured: the PDUs by the detour, stand-alone ACKs / NACKs by it or by the way d came */
  uint64_t det = sue_reach_detour(&ep->reach) | (cmds ? 0u : sue_reach_via(&ep->reach));
  ep->tx_detour = (unsigned)(det >> conn_dslot(ep, c) & 1u);
  ep->tx_fc = 1;
  ep->tx_cls = ep->cfg.pfc_prio[vc & 3u] & 7u;
  sue_rh_t rh;
  memset(&rh, 0, sizeof rh);
  rh.ver = SUE_RH_VER;
  sue_gbn_ack_fields(k, &rh.op, &rh.rpsn);
  rh.xpuid = ep->cfg.xpuid & 0x3FFu;
  rh.psn = psn;
  rh.vc = vc;
  rh.partition = ep->cfg.partition & 0x3FFu;
  if (rh.op == SUE_OP_NACK)
    ep->cnt[SUE_CNT_TX_NACKS]++;
  sue_gbn_ack_carried(k);
  size_t n = sue_frame_build(&ep->cfg, conn_dslot(ep, c), &rh, cmds, len, out);
  ep->cnt[SUE_CNT_TX_FRAMES]++;
  ep->cnt[SUE_CNT_TX_BYTES] += (uint32_t)n;
  sue_cbfc_cfg_t cc; /* every frame the peer buffers takes CBFC credits */
  sue_ep_cbfc_cfg(ep, &cc);
  sue_cbfc_tx(&ep->cbfc, &cc, vc, (unsigned)n);
  ep->tx_bytes = (unsigned)n;
  return n;
}

static size_t tx_pfc(sue_ep_t *ep, uint8_t *out) {
  uint16_t t[SUE_PRIO];
  unsigned cev = sue_pfc_frame(&ep->pfc, &ep->cfg, t);
  sue_pfc_sent(&ep->pfc, ep->now);
  ep->cnt[SUE_CNT_TX_PFC]++;
  ep->cnt[SUE_CNT_TX_FRAMES]++;
  ep->cnt[SUE_CNT_TX_BYTES] += SUE_PFC_FRAME;
  return sue_pfc_build(ep->cfg.mac, cev, t, out);
}

static size_t tx_cbfc(sue_ep_t *ep, const sue_cbfc_cfg_t *cc, uint8_t *out) {
  uint16_t lim[SUE_PRIO], snt[SUE_PRIO];
  unsigned cev = sue_cbfc_frame(&ep->cbfc, cc, lim, snt);
  sue_cbfc_sent(&ep->cbfc, ep->now);
  ep->upd_fly = 1;
  ep->upd_fly_t = ep->now;
  ep->cnt[SUE_CNT_TX_CBFC]++;
  ep->cnt[SUE_CNT_TX_FRAMES]++;
  ep->cnt[SUE_CNT_TX_BYTES] += SUE_CBFC_FRAME;
  return sue_cbfc_build(ep->cfg.mac, ep->cfg.cbfc_oui, cev, lim, snt, out);
}

unsigned sue_mgmt_max(const sue_params_t *p) {
  return p->pdu_max + 54u < SUE_MGMT_MAX ? p->pdu_max + 54u : SUE_MGMT_MAX;
}

void sue_ep_mgmt_data(sue_ep_t *ep, uint32_t word) {
  if (4u * ep->mgmt_words >= sue_mgmt_max(&ep->p)) {
    ep->cnt[SUE_CNT_TX_MGMT_BAD]++;
    return;
  }
  sue_put_be32(ep->mgmt_wr + 4u * ep->mgmt_words, word);
  ep->mgmt_words++;
}

void sue_ep_mgmt_send(sue_ep_t *ep, unsigned len) {
  if (len >= 14u && len <= sue_mgmt_max(&ep->p) && (len + 3u) / 4u == ep->mgmt_words &&
      !ep->mgmt_qlen) {
    memcpy(ep->mgmt_q, ep->mgmt_wr, len);
    ep->mgmt_qlen = len;
    ep->mgmt_from = ep->now + 1u;
  } else {
    ep->cnt[SUE_CNT_TX_MGMT_BAD]++;
  }
  ep->mgmt_words = 0;
}

size_t sue_ep_port_tx(sue_ep_t *ep, uint64_t now, uint8_t *out) {
  advance(ep, now);
  ep->tx_detour = ep->tx_fc = ep->tx_cls = ep->tx_bytes = 0;
  unsigned n = ep->nconn;
  /* 1. PFC, or a CBFC update (FC_MODE: never both) */
  if (sue_pfc_owed(&ep->pfc, &ep->cfg))
    return tx_pfc(ep, out);
  sue_cbfc_cfg_t cc;
  sue_ep_cbfc_cfg(ep, &cc);
  if (sue_cbfc_owed(&ep->cbfc, &cc))
    return tx_cbfc(ep, &cc, out);
  /* management frame: queued, and MGMT_GAP cycles since the last one's decision */
  if (ep->mgmt_qlen && ep->now >= ep->mgmt_from && ep->now >= ep->mgmt_next) {
    size_t len = sue_mgmt_build(ep->mgmt_q, ep->mgmt_qlen, out);
    ep->mgmt_qlen = 0;
    ep->mgmt_next = ep->now + ep->cfg.mgmt_gap;
    ep->cnt[SUE_CNT_TX_MGMT]++;
    ep->cnt[SUE_CNT_TX_FRAMES]++;
    ep->cnt[SUE_CNT_TX_BYTES] += (uint32_t)len;
    return len;
  }
  /* 2. replay (go-back-N), round-robin over the replaying connections */
  for (unsigned i = 0; i < n; i++) {
    unsigned c = (ep->replay_ptr + i) % n;
    sue_conn_t *k = &ep->conn[c];
    if (!sue_gbn_replaying(k))
      continue;
    const sue_slot_t *s = sue_gbn_replay_slot(k, ep->p.win);
    if (dec_paused(ep, s->vc))
      continue;
    unsigned psn = k->rp;
    size_t len = emit(ep, c, s->vc, psn, s->bytes, s->len, out);
    sue_gbn_replay_sent(k);
    ep->replay_ptr = (c + 1) % n;
    ep->cnt[SUE_CNT_TX_RETX]++;
    return len;
  }
  /* 3. stand-alone NACK, 4. stand-alone ACK whose delay is over */
  for (unsigned pass = 0; pass < 2; pass++) {
    unsigned *ptr = pass ? &ep->ack_ptr : &ep->nack_ptr;
    for (unsigned i = 0; i < n; i++) {
      unsigned c = (*ptr + i) % n;
      sue_conn_t *k = &ep->conn[c];
      if (pass ? !sue_gbn_ack_due(k, ep->now) : !k->nack_pending)
        continue;
      unsigned vc = ack_frame_vc(ep, c);
      if (dec_paused(ep, vc))
        continue;
      *ptr = (c + 1) % n;
      ep->cnt[pass ? SUE_CNT_TX_ACK_FRAMES : SUE_CNT_TX_NACK_FRAMES]++;
      return emit(ep, c, vc, k->nxt, NULL, 0, out);
    }
  }
  /* 5. new data PDU */
  for (unsigned d = 0; d < ep->p.ndst; d++)
    for (unsigned v = 0; v < SUE_NVC; v++)
      ep->ok[d * SUE_NVC + v] =
          (uint8_t)(ep->cfg.dst[d].valid && !dec_paused(ep, v) &&
                    sue_gbn_can_send_new(&ep->conn[sue_conn_index(&ep->p, d, v)], ep->p.win));
  unsigned d, v;
  if (!sue_pack_schedule(&ep->pack, ep->now, ep->cfg.pack_timeout, ep->cfg.pack_thresh, ep->ok, &d,
                         &v))
    return 0;
  unsigned units, ncmd, c = sue_conn_index(&ep->p, d, v);
  size_t len = sue_pack_cut(&ep->pack, d, v, ep->scratch, &units, &ncmd);
  credit_push(ep, SUE_CREDIT_QUEUE, v, 0, ep->cfg.dst[d].xpuid, units);
  unsigned psn = sue_gbn_store(&ep->conn[c], ep->p.win, ep->p.pdu_max, v, ep->scratch,
                               (unsigned)len, ncmd, ep->now, ep->cfg.retx_timeout);
  ep->cnt[SUE_CNT_TX_PDUS]++;
  return emit(ep, c, v, psn, ep->scratch, len, out);
}

int sue_ep_port_rx(sue_ep_t *ep, uint64_t now, const uint8_t *f, size_t len) {
  return sue_ep_port_rx_via(ep, now, f, len, 0);
}

int sue_ep_port_rx_via(sue_ep_t *ep, uint64_t now, const uint8_t *f, size_t len, unsigned via) {
  advance(ep, now);
  ep->cnt[SUE_CNT_RX_FRAMES]++;
  ep->cnt[SUE_CNT_RX_BYTES] += (uint32_t)len;
  if (!sue_mgmt_rx_waiting(&ep->mrx)) { /* a whole frame only: it begins and ends now */
    sue_mgmt_rx_begin(&ep->mrx, &ep->cfg, now);
    (void)sue_mgmt_rx_end(&ep->mrx, &ep->cfg, f, len);
  }
  sue_rx_info_t info;
  int r = sue_rx_check(&ep->p, &ep->cfg, f, len, &info);
  unsigned m_taken, m_dropped;
  sue_mgmt_rx_verdict(&ep->mrx, &ep->cfg, ep->now, (unsigned)r, len, &m_taken, &m_dropped);
  ep->cnt[SUE_CNT_RX_MGMT] += m_taken;
  ep->cnt[SUE_CNT_RX_MGMT_DROP] += m_dropped;
  if (r) {
    ep->cnt[r]++;
    return r;
  }
  sue_cbfc_cfg_t cc;
  sue_ep_cbfc_cfg(ep, &cc);
  if (info.kind == SUE_RX_KIND_PFC && info.cbfc) {
    ep->cnt[SUE_CNT_RX_CBFC]++;
    sue_cbfc_rx_update(&ep->cbfc, &cc, info.pfc_cev, info.cbfc_limit, info.cbfc_sent);
    return 0;
  }
  if (info.kind == SUE_RX_KIND_PFC) {
    ep->cnt[SUE_CNT_RX_PFC]++;
    sue_pfc_rx(&ep->pfc, &ep->cfg, ep->now, info.pfc_cev, info.pfc_time);
    return 0;
  }
  if (!via) /* data or control: counted, if it crossed this port's link */
    sue_cbfc_rx_frame(&ep->cbfc, &cc, info.rh.vc, (unsigned)len);
  sue_reach_heard_via(&ep->reach, info.src_slot, via); /* data or control: heard from */
  unsigned c = sue_conn_index(&ep->p, info.src_slot, info.rh.vc);
  sue_conn_t *k = &ep->conn[c];
  if (info.rh.op == SUE_OP_ACK) {
    int a = sue_gbn_on_ack(k, info.rh.rpsn, ep->now, ep->cfg.retx_timeout);
    if (a > 0)
      ep->cnt[SUE_CNT_RX_ACKS]++;
    else if (a < 0)
      ep->cnt[SUE_CNT_RX_ACK_STALE]++;
  } else if (info.rh.op == SUE_OP_NACK) {
    int a = sue_gbn_on_nack(k, info.rh.rpsn, ep->now, ep->cfg.retx_timeout);
    if (a > 0)
      ep->cnt[SUE_CNT_RX_NACKS]++;
    if (a == 2)
      ep->cnt[SUE_CNT_TX_REPLAYS]++;
    if (a < 0)
      ep->cnt[SUE_CNT_RX_ACK_STALE]++;
  }
  if (info.kind == SUE_RX_KIND_CTRL) {
    ep->cnt[SUE_CNT_RX_CTRL]++;
    return 0;
  }
  switch (sue_gbn_rx_psn(k, info.rh.psn, ep->now, ep->cfg.ack_delay)) {
  case SUE_PSN_AHEAD:
    ep->cnt[SUE_CNT_RX_PSN]++;
    return SUE_CNT_RX_PSN;
  case SUE_PSN_BEHIND:
    ep->cnt[SUE_CNT_RX_DUP]++;
    return SUE_CNT_RX_DUP;
  default:
    break;
  }
  sue_rxq_t *q = &ep->rxq[info.rh.vc];
  if (q->bytes + info.cmd_bytes > ep->p.rx_bytes) {
    ep->cnt[SUE_CNT_RX_NOBUF]++;
    return SUE_CNT_RX_NOBUF;
  }
  sue_rxq_put_pdu(q, f, &info, ep->p.align);
  sue_gbn_rx_accept(k, ep->now, ep->cfg.ack_delay);
  ep->cnt[SUE_CNT_RX_PDUS]++;
  return 0;
}

void sue_ep_mgmt_rx_begin(sue_ep_t *ep, uint64_t now) {
  advance(ep, now);
  sue_mgmt_rx_begin(&ep->mrx, &ep->cfg, now);
}

int sue_ep_mgmt_rx_end(sue_ep_t *ep, const uint8_t *frame, size_t len) {
  return sue_mgmt_rx_end(&ep->mrx, &ep->cfg, frame, len);
}

void sue_ep_rx_credit(sue_ep_t *ep, unsigned vc, unsigned type, unsigned n) {
  ep->rx_cred[vc & 3u][type & 1u] += n;
}

/* Delivers the head of VC v if it has a credit of its type (1), else 0. */
static int rx_deliver(sue_ep_t *ep, unsigned v, sue_cmd_t *c) {
  const sue_cmd_t *h = sue_rxq_head(&ep->rxq[v]);
  if (!h || !ep->rx_cred[v][h->dp])
    return 0;
  ep->rx_cred[v][h->dp]--;
  sue_rxq_pop(&ep->rxq[v], c);
  ep->rx_rr = (v + 1) % SUE_NVC;
  ep->cnt[SUE_CNT_RX_CMDS]++;
  return 1;
}

int sue_ep_xpu_rx(sue_ep_t *ep, uint64_t now, sue_cmd_t *c) {
  advance(ep, now);
  for (unsigned i = 0; i < SUE_NVC; i++)
    if (rx_deliver(ep, (ep->rx_rr + i) % SUE_NVC, c))
      return 1;
  return 0;
}

int sue_ep_xpu_rx_vc(sue_ep_t *ep, uint64_t now, unsigned vc, sue_cmd_t *c) {
  advance(ep, now);
  return rx_deliver(ep, vc & 3u, c);
}

void sue_ep_link(sue_ep_t *ep, uint64_t now, unsigned up) {
  advance(ep, now);
  ep->reach.link_in = up ? 1u : 0u;
}

unsigned sue_ep_irq(sue_ep_t *ep, uint64_t now) {
  advance(ep, now);
  return (ep->reach.intr & ep->cfg.intr_en) != 0;
}

void sue_ep_rx_reset(sue_ep_t *ep) { memset(ep->rx_cred, 0, sizeof ep->rx_cred); }

unsigned sue_ep_tx_queued(const sue_ep_t *ep) {
  unsigned n = 0;
  for (unsigned v = 0; v < SUE_NVC; v++)
    for (const sue_ingcmd_t *x = ep->ing_head[v]; x; x = x->next)
      n++;
  for (unsigned i = 0; i < ep->p.ndst * SUE_NVC; i++)
    n += ep->pack.q[i].ncmd;
  return n;
}

unsigned sue_ep_tx_backlog(const sue_ep_t *ep) {
  unsigned n = 0;
  for (unsigned i = 0; i < ep->p.ndst * SUE_NVC; i++)
    n += ep->pack.q[i].bytes;
  return n;
}

int sue_ep_dst_unreach(const sue_ep_t *ep, unsigned xpuid) {
  int d = sue_cfg_find_dst(&ep->cfg, &ep->p, xpuid);
  return d >= 0 && ((sue_reach_detour(&ep->reach) | sue_reach_via(&ep->reach)) >> d & 1u);
}

unsigned sue_ep_tx_detour(const sue_ep_t *ep) { return ep->tx_detour; }

void sue_ep_tx_first(sue_ep_t *ep) {
  if (ep->now > ep->upd_fly_t) /* the frame before the update may start in its decision cycle */
    ep->upd_fly = 0;
}

unsigned sue_ep_tx_fc(const sue_ep_t *ep, unsigned *cls, unsigned *bytes) {
  *cls = ep->tx_cls;
  *bytes = ep->tx_bytes;
  return ep->tx_fc;
}

unsigned sue_ep_unacked(const sue_ep_t *ep) {
  unsigned n = 0;
  for (unsigned c = 0; c < ep->nconn; c++)
    n += sue_gbn_outstanding(&ep->conn[c]);
  return n;
}
