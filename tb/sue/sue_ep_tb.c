/*
 * sue_ep_tb.c - the two-endpoint harness around sue_endpoint (sue_ep_tb.h); the lockstep order
 * of a cycle is described in tb/sue/test_sue_endpoint.c.
 */
#include "sue_ep_tb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "sue_regs_model.h"

static const ep_case_t cases[] = {
    {"sue_endpoint_w256", 256, 256, 4, 4, 512, 1024, 4, 0, 4, 2, 2048},
    {"sue_endpoint_w1024_vc", 128, 1024, 2, 8, 512, 1024, 4, 1, 3, 2, 2048},
};

#define MAXW HARNESS_WORDS(2048)
/* slot 0 of every destination table: an XPU never talked to (slot 1 is the peer) */
#define EP_OTHER_XPUID 0x3F0u

/* A result of the lockstep (sue_ep_lockstep.h): a difference fails the test. */
static void ls_ok(const side_t *s, int r) {
  if (r < 0)
    FAIL("%s", s->ls.msg);
  while (r-- > 0)
    harness_count_check();
}

/* ------------------------------------------------------------------ open */
static const ep_case_t *find_case(const char *top) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (!strcmp(cases[i].top, top))
      return &cases[i];
  FAIL("no case %s", top);
}

static void ports(side_t *s) {
  dut_t *d = s->d;
#define P(f, n) s->f = dut_port(d, n)
  P(tx_valid, "tx_valid"), P(tx_cycle, "tx_cycle"), P(tx_vc, "tx_vc"), P(tx_xpuid, "tx_xpuid");
  P(tx_control, "tx_control"), P(tx_send_now, "tx_send_now"), P(tx_data, "tx_data");
  P(tx_err, "tx_err"), P(tx_credit, "tx_credit"), P(qc_valid, "tx_qcredit_valid");
  P(qc_xpuid, "tx_qcredit_xpuid"), P(qc_vc, "tx_qcredit_vc"), P(qc_units, "tx_qcredit_units");
  P(tx_reset_in, "tx_reset_in"), P(rx_valid, "rx_valid"), P(rx_cycle, "rx_cycle");
  P(rx_vc, "rx_vc"), P(rx_xpuid, "rx_xpuid"), P(rx_control, "rx_control"), P(rx_data, "rx_data");
  P(rx_credit, "rx_credit"), P(rx_reset_in, "rx_reset_in");
  P(etv, "eth_tx_valid"), P(etr, "eth_tx_ready"), P(etd, "eth_tx_data");
  P(etn, "eth_tx_nbytes"), P(etl, "eth_tx_last"), P(erv, "eth_rx_valid");
  P(err, "eth_rx_ready"), P(erd, "eth_rx_data"), P(ern, "eth_rx_nbytes"), P(erl, "eth_rx_last");
  P(eru, "eth_rx_user"), P(etdet, "eth_tx_detour"), P(evia, "eth_rx_via");
  P(etfc, "eth_tx_fc"), P(etcls, "eth_tx_cls"), P(etbytes, "eth_tx_bytes"), P(fc_away, "fc_away");
  P(fc_gblock, "fc_gblock"), P(g_valid, "g_valid"), P(g_cls, "g_cls"), P(g_bytes, "g_bytes");
  P(link_up, "link_up"), P(irq, "irq"), P(q_xpuid, "q_xpuid"), P(q_unreach, "q_unreach");
  P(tx_decide, "tx_decide"), P(tx_kind, "tx_kind"), P(rx_verdict, "rx_verdict");
  P(backlog, "tx_backlog");
#undef P
}

void ep_axi(side_t *s, int write, uint32_t addr, uint32_t data, uint32_t *result) {
  axil_push(&s->ax, write, addr, data, result);
}

/* CTRL of the options: the format, PFC_TX_EN, PFC_RX_EN, ACK_VC 3, ctrl_extra. */
static unsigned ctrl_word(const ep_opts_t *o) {
  return (o->fmt == SUE_HDR_AIFH12  ? 1u
          : o->fmt == SUE_HDR_AIFH6 ? 3u
                                    : 0u) |
         0x318u | o->ctrl_extra;
}

/* The registers of an endpoint as XPU id `me`, peer in slot PEER_SLOT (slot 0: an XPU nobody
 * is); written over AXI, and into the model when the write completes. */
static void config(ep_t *e, side_t *s) {
  const ep_opts_t *o = &e->o;
  ep_axi(s, 1, SUE_REG_CTRL, ctrl_word(o), NULL);
  ep_axi(s, 1, SUE_REG_XPUID, s->id, NULL);
  ep_axi(s, 1, SUE_REG_PARTITION, 0x2A, NULL);
  ep_axi(s, 1, SUE_REG_MAC_HI, 0x0200, NULL);
  ep_axi(s, 1, SUE_REG_MAC_LO, s->id, NULL);
  ep_axi(s, 1, SUE_REG_IP, 0x0A000000u | s->id, NULL);
  const unsigned ids[2] = {EP_OTHER_XPUID, s->peer};
  for (unsigned d = 0; d < 2; d++) {
    ep_axi(s, 1, SUE_REG_DST(d), 0x80000000u | ids[d], NULL);
    ep_axi(s, 1, SUE_REG_DST(d) + 4, 0x0200, NULL);
    ep_axi(s, 1, SUE_REG_DST(d) + 8, ids[d], NULL);
    ep_axi(s, 1, SUE_REG_DST(d) + 12, 0x0A000000u | ids[d], NULL);
  }
  ep_axi(s, 1, SUE_REG_RETX_TIMEOUT, o->retx_timeout, NULL);
  ep_axi(s, 1, SUE_REG_ACK_DELAY, o->ack_delay, NULL);
  ep_axi(s, 1, SUE_REG_PACK_TIMEOUT, o->pack_timeout, NULL);
  ep_axi(s, 1, SUE_REG_PFC_TIME, (2u << 16) | o->pfc_time, NULL);
  ep_axi(s, 1, SUE_REG_PFC_REFRESH, o->pfc_refresh, NULL);
  if (o->pfc_xoff) {
    ep_axi(s, 1, SUE_REG_PFC_XOFF, o->pfc_xoff, NULL);
    ep_axi(s, 1, SUE_REG_PFC_XON, o->pfc_xon, NULL);
  }
  unsigned i = s == &e->s[0] ? 0u : 1u;
  if (o->pfc_map[i])
    ep_axi(s, 1, SUE_REG_PFC_MAP, o->pfc_map[i], NULL);
  if (o->vlan[i])
    ep_axi(s, 1, SUE_REG_VLAN, o->vlan[i], NULL);
  if (o->cbfc_cfg)
    ep_axi(s, 1, SUE_REG_CBFC_CFG, o->cbfc_cfg, NULL);
  if (o->cbfc_oui)
    ep_axi(s, 1, SUE_REG_CBFC_OUI, o->cbfc_oui, NULL);
}

static void open_side(ep_t *e, side_t *s, unsigned id, unsigned peer) {
  const ep_case_t *k = e->k;
  s->id = id;
  s->peer = peer;
  sue_params_t p = sue_default_params();
  p.data_w = k->data_w;
  p.ndst = k->ndst;
  p.align = k->align;
  p.pdu_max = k->pdu_max;
  p.q_bytes = k->q_bytes;
  p.win = k->win;
  p.psn_per_vc = k->psn_per_vc;
  p.ing_cmd = k->ing_cmd;
  p.ing_data = k->ing_data;
  p.rx_bytes = k->rx_bytes;
  CHECK(sue_ls_init(&s->ls, &p, id) == 0, "model parameters of %s", k->top);
  s->d = dut_open(k->top);
  ports(s);
  axil_init(&s->ax, s->d);
  CHECK_EQ(dut_width(s->d, s->etd), k->eth_w, "eth_tx_data width");
  CHECK_EQ(dut_width(s->d, s->tx_data), k->data_w, "tx_data width");
  for (unsigned v = 0; v < SUE_NVC; v++) {
    s->qunits[v] = (int)(k->q_bytes / k->align);
    s->owed[v][0] = s->owed[v][1] = e->o.rx_credits;
  }
  s->link = 1;
  dut_set_u64(s->d, s->link_up, 1);
  dut_reset(s->d, 2);
  config(e, s);
}

static void close_side(side_t *s) {
  sue_ls_free(&s->ls);
  for (unsigned v = 0; v < SUE_NVC; v++)
    sue_stream_free(&s->out[v]);
  free(s->feed);
  free(s->pcap_vc);
  if (s->pcap_on)
    CHECK(sue_pcap_close(&s->pcap) == 0, "pcap close");
  axil_free(&s->ax);
  dut_close(s->d);
}

/* ------------------------------------------------------------------ inputs of a cycle */
/* After the inputs settle (before the edge): a write completing goes into the model. */
static void observe_axi(side_t *s) {
  const axil_op_t *o = axil_observe(&s->ax);
  if (o && o->write)
    sue_ls_reg_write(&s->ls, o->addr, o->data);
}

/* A random command of every class toward the peer. */
static void random_cmd(ep_t *e, side_t *s, sue_cmd_t *c) {
  prng_t *r = &e->r;
  unsigned dlen = 0;
  if (!prng_bernoulli(r, e->o.p_nodata)) {
    unsigned cls = (unsigned)prng_below(r, 6);
    dlen = cls == 0   ? 1
           : cls == 1 ? (unsigned)prng_range(r, 2, e->nb - 1)
           : cls == 2 ? e->nb
           : cls == 3 ? e->nb + 1
           : cls == 4 ? 256
                      : (unsigned)prng_range(r, 1, 256);
  }
  sue_cmd_init(c, (unsigned)prng_below(r, 8), (unsigned)prng_range(r, 1, 9), dlen);
  sue_cmd_fill(c, prng_next(r));
  c->vc = (unsigned)prng_below(r, 4);
  c->xpuid = s->peer;
  c->send_now = (unsigned)prng_bernoulli(r, e->o.p_sn);
}

/* A new command toward the peer when both credits allow it. */
static int new_cmd(ep_t *e, side_t *s) {
  sue_cmd_t *c = &s->cur;
  if (!e->o.gen)
    random_cmd(e, s, c);
  else if (!e->o.gen(e, s, c))
    return 0;
  unsigned ty = c->dp, u = sue_cmd_units(c, e->k->align);
  if (s->icred[c->vc][ty] <= 0 || s->qunits[c->vc] < (int)u)
    return 0;
  s->icred[c->vc][ty]--;
  s->qunits[c->vc] -= (int)u;
  s->beats = sue_cmd_beats(c, e->k->data_w);
  s->beat = 0;
  s->busy = 1;
  return 1;
}

static void drive_xpu_tx(ep_t *e, side_t *s, int allow) {
  dut_t *d = s->d;
  uint32_t w[MAXW];
  dut_set_u64(d, s->tx_valid, 0);
  dut_set_u64(d, s->tx_err, 0);
  dut_set_u64(d, s->tx_reset_in, 0);
  if (!s->busy &&
      (!allow || s->sent >= s->to_send || !prng_bernoulli(&e->r, e->o.p_cmd) || !new_cmd(e, s)))
    return;
  if (s->beat > 0 && prng_bernoulli(&e->r, e->o.p_gap))
    return;
  sue_cmd_t *c = &s->cur;
  dut_set_u64(d, s->tx_valid, c->dp ? SUE_VALID_DATA : SUE_VALID_CMD);
  dut_set_u64(d, s->tx_cycle, s->beat);
  if (s->beat == 0) {
    memset(w, 0, sizeof w);
    sue_cmd_control_bits(c, w);
    dut_set(d, s->tx_control, w);
    dut_set_u64(d, s->tx_vc, c->vc);
    dut_set_u64(d, s->tx_xpuid, c->xpuid);
    dut_set_u64(d, s->tx_send_now, c->send_now);
  }
  memset(w, 0, sizeof w);
  sue_cmd_data_beat(c, e->k->data_w, s->beat, w);
  dut_set(d, s->tx_data, w);
  if (++s->beat == s->beats) {
    ls_ok(s, sue_ls_cmd(&s->ls, e->t, c));
    sue_stream_push(&s->out[c->vc], c);
    if (e->o.hook)
      e->o.hook(e, s, EP_EV_XPU_TX_LAST, c, 0, 0);
    s->sent++;
    s->busy = 0;
  }
}

static void drive_eth_rx(ep_t *e, side_t *s) {
  dut_t *d = s->d;
  uint32_t w[MAXW];
  if (!s->feeding) {
    sue_chan_frame_t *f = sue_chan_pop(&e->ch[s->other == &e->s[0] ? 0 : 1], e->t);
    if (f) {
      free(s->feed);
      s->feed = f->buf; /* ours now */
      s->feed_len = f->len;
      s->feed_off = 0;
      s->feeding = 1;
    }
  }
  dut_set_u64(d, s->eru, 0);
  dut_set_u64(d, s->evia, 0); /* one port: every frame over its own wire */
  if (!s->feeding) {
    dut_set_u64(d, s->erv, 0);
    return;
  }
  size_t left = s->feed_len - s->feed_off, n = left < e->eb ? left : e->eb;
  memset(w, 0, sizeof w);
  for (size_t j = 0; j < n; j++)
    bits_put_stream_byte(w, e->k->eth_w, (unsigned)j, s->feed[s->feed_off + j]);
  dut_set(d, s->erd, w);
  dut_set_u64(d, s->erv, 1);
  dut_set_u64(d, s->ern, n);
  dut_set_u64(d, s->erl, left <= e->eb);
}

static unsigned grant_word(ep_t *e, side_t *s, unsigned *gv, unsigned *gt) {
  if (!prng_bernoulli(&e->r, e->o.p_grant))
    return 0;
  unsigned start = (unsigned)prng_below(&e->r, 8);
  for (unsigned i = 0; i < 8; i++) {
    unsigned q = (start + i) % 8, v = q / 2, t = q % 2;
    if (s->owed[v][t]) {
      unsigned n = s->owed[v][t] < 4 ? s->owed[v][t] : 4;
      s->owed[v][t] -= n;
      *gv = v;
      *gt = t;
      return n;
    }
  }
  return 0;
}

/* ------------------------------------------------------------------ outputs of a cycle */
static void decide(ep_t *e, side_t *s) {
  size_t n;
  unsigned dec = (unsigned)dut_get_u64(s->d, s->tx_decide);
  unsigned k = (unsigned)dut_get_u64(s->d, s->tx_kind);
  ls_ok(s, sue_ls_decide(&s->ls, e->t, dec, k, &n));
  if (dec && e->o.hook)
    e->o.hook(e, s, EP_EV_DECIDE, NULL, n, k);
}

static void collect_eth_tx(ep_t *e, side_t *s) {
  dut_t *d = s->d;
  unsigned bpc = e->o.mac_bpc;
  /* a MAC: a frame starts when the wire frees in this cycle; its beats then go at once */
  int rdy = bpc ? s->txn > 0 || (e->t + 1) * bpc > s->wire_end : prng_bernoulli(&e->r, e->o.p_txr);
  dut_set_u64(d, s->etr, (uint64_t)rdy);
  if (!rdy || !dut_get_u64(d, s->etv))
    return;
  if (s->txn == 0 && e->o.hook)
    e->o.hook(e, s, EP_EV_ETH_TX_FIRST, NULL, 0, 0);
  uint32_t w[MAXW];
  uint8_t b[MAXW * 4];
  dut_get(d, s->etd, w);
  unsigned n = (unsigned)dut_get_u64(d, s->etn), last = (unsigned)dut_get_u64(d, s->etl);
  CHECK(n >= 1 && n <= e->eb && (last || n == e->eb), "eth_tx_nbytes %u", n);
  for (unsigned j = 0; j < n; j++)
    b[j] = (uint8_t)bits_stream_byte(w, e->k->eth_w, j);
  s->txn += n;
  const sue_ls_frame_t *x;
  unsigned tag =
      sue_ls_tag((unsigned)dut_get_u64(d, s->etdet), (unsigned)dut_get_u64(d, s->etfc),
                 (unsigned)dut_get_u64(d, s->etcls), (unsigned)dut_get_u64(d, s->etbytes));
  ls_ok(s, sue_ls_eth_tx(&s->ls, e->t, b, n, (int)last, (long)tag, &x));
  if (!x)
    return;
  if (bpc) {
    uint64_t start = e->t * bpc; /* frame start in byte time: the cycle of its last beat */
    start -= (uint64_t)(s->txn + e->eb - 1) / e->eb * bpc - bpc;
    s->wire_end = (start > s->wire_end ? start : s->wire_end) + s->txn + SUE_WIRE_EXTRA;
  }
  if (e->o.hook)
    e->o.hook(e, s, EP_EV_ETH_TX_FRAME, NULL, x->len, x->kind);
  sue_chan_push(&e->ch[s == &e->s[0] ? 0 : 1], &s->ls.m.cfg, x->buf, x->len, e->t);
  if (s->pcap_on) {
    CHECK(sue_pcap_write(&s->pcap, x->buf, x->len - 4, e->t) == 0, "pcap write");
    uint8_t *v = realloc(s->pcap_vc, s->pcap_n + 1u);
    CHECK(v != NULL, "memory");
    s->pcap_vc = v;
    size_t h = sue_hdr_bytes(sue_rx_fmt(&s->ls.m.cfg, x->buf, x->len));
    v[s->pcap_n++] = x->kind == 1 ? 0xFFu : x->kind == 6 ? 0xFEu : (uint8_t)(x->buf[h + 4] >> 6);
  }
  s->txn = 0;
}

static void observe_eth_rx(ep_t *e, side_t *s) {
  if (!s->feeding || !dut_get_u64(s->d, s->err))
    return;
  size_t left = s->feed_len - s->feed_off;
  size_t eb = dut_width(s->d, s->erd) / 8, n = left < eb ? left : eb;
  ls_ok(s, sue_ls_eth_rx(&s->ls, e->t, s->feed + s->feed_off, (unsigned)n, left <= eb, 0, 0));
  if (left <= eb) {
    s->feeding = 0;
    if (e->o.hook)
      e->o.hook(e, s, EP_EV_ETH_RX_LAST, NULL, s->feed_len, 0);
  } else {
    s->feed_off += eb;
  }
}

static void verdict(ep_t *e, side_t *s) {
  unsigned v = (unsigned)dut_get_u64(s->d, s->rx_verdict);
  size_t len = s->ls.fed.n ? s->ls.fed.q[s->ls.fed.rd].len : 0;
  ls_ok(s, sue_ls_verdict(&s->ls, e->t, v));
  if (v && e->o.hook)
    e->o.hook(e, s, EP_EV_VERDICT, NULL, len, 0);
}

static void deliver(ep_t *e, side_t *s) {
  dut_t *d = s->d;
  unsigned rv = (unsigned)dut_get_u64(d, s->rx_valid);
  uint32_t w[MAXW], x[MAXW];
  if (!rv) {
    CHECK(!s->rx_busy, "endpoint %u: gap inside a delivered command (cycle %llu)", s->id,
          (unsigned long long)e->t);
    return;
  }
  unsigned cyc = (unsigned)dut_get_u64(d, s->rx_cycle);
  if (!s->rx_busy) {
    CHECK(cyc == 0, "delivery starts at rx_cycle %u", cyc);
    unsigned vc = (unsigned)dut_get_u64(d, s->rx_vc);
    ls_ok(s, sue_ls_deliver(&s->ls, e->t, vc, &s->rxc));
    s->rx_type = s->rxc.dp;
    s->rx_beats = sue_cmd_beats(&s->rxc, e->k->data_w);
    s->rx_beat = 0;
    s->rx_busy = 1;
    const char *why = s->rxc.xpuid != s->peer ? "command from an unknown source"
                                              : sue_stream_take(&s->other->out[vc], &s->rxc);
    CHECK(why == NULL, "endpoint %u VC %u command %zu: %s", s->id, vc, s->other->out[vc].rd,
          why ? why : "");
    s->owed[vc][s->rx_type]++; /* the XPU gives the credit back later */
    if (e->o.hook)
      e->o.hook(e, s, EP_EV_XPU_RX_FIRST, &s->rxc, 0, 0);
  }
  CHECK_EQ(cyc, s->rx_beat, "rx_cycle");
  CHECK_EQ(rv, s->rxc.dp ? SUE_VALID_DATA : SUE_VALID_CMD, "rx_valid");
  CHECK_EQ(dut_get_u64(d, s->rx_vc), s->rxc.vc, "rx_vc");
  CHECK_EQ(dut_get_u64(d, s->rx_xpuid), s->rxc.xpuid, "rx_xpuid");
  memset(x, 0, sizeof x);
  sue_cmd_control_bits(&s->rxc, x);
  dut_get(d, s->rx_control, w);
  CHECK(memcmp(w, x, 5 * sizeof(uint32_t)) == 0, "rx_control of endpoint %u at cycle %llu", s->id,
        (unsigned long long)e->t);
  memset(x, 0, sizeof x);
  sue_cmd_data_beat(&s->rxc, e->k->data_w, s->rx_beat, x);
  dut_get(d, s->rx_data, w);
  CHECK(memcmp(w, x, HARNESS_WORDS(e->k->data_w) * sizeof(uint32_t)) == 0,
        "rx_data beat %u of endpoint %u at cycle %llu", s->rx_beat, s->id,
        (unsigned long long)e->t);
  if (++s->rx_beat == s->rx_beats) {
    s->rx_busy = 0;
    s->received++;
  }
}

static void credits_back(ep_t *e, side_t *s) {
  dut_t *d = s->d;
  unsigned ty = 0, vc = 0, n = sue_credit_decode((unsigned)dut_get_u64(d, s->tx_credit), &ty, &vc);
  if (n)
    s->icred[vc][ty] += (int)n;
  ls_ok(s, sue_ls_credits(&s->ls, vc, ty, n));
  if (dut_get_u64(d, s->qc_valid)) {
    CHECK_EQ(dut_get_u64(d, s->qc_xpuid), s->peer, "tx_qcredit_xpuid");
    unsigned v = (unsigned)dut_get_u64(d, s->qc_vc);
    s->qunits[v] += (int)dut_get_u64(d, s->qc_units);
    CHECK(s->qunits[v] <= (int)(e->k->q_bytes / e->k->align), "queue units above Q_BYTES");
  }
}

/* ------------------------------------------------------------------ one cycle */
void ep_cycle(ep_t *e, int traffic) {
  unsigned gn[2] = {0, 0}, gv[2] = {0, 0}, gt[2] = {0, 0};
  for (unsigned i = 0; i < 2; i++) {
    side_t *s = &e->s[i];
    axil_drive(&s->ax);
    drive_xpu_tx(e, s, traffic);
    drive_eth_rx(e, s);
    gn[i] = grant_word(e, s, &gv[i], &gt[i]);
    dut_set_u64(s->d, s->rx_credit, gn[i] ? sue_credit_word(gt[i], gv[i], gn[i]) : 0);
    dut_set_u64(s->d, s->rx_reset_in, 0);
    dut_set_u64(s->d, s->link_up, s->link);
    dut_set_u64(s->d, s->fc_away, 0);
    dut_set_u64(s->d, s->g_valid, 0);
    dut_set_u64(s->d, s->g_cls, 0);
    dut_set_u64(s->d, s->g_bytes, 0);
    /* the reachability query (no stimulus drawn): the peer half the cycles, the table's other
     * entry (slot 0) a quarter, any id the rest */
    s->qx = e->t % 4u >= 2u ? s->peer
            : e->t % 4u     ? EP_OTHER_XPUID
                            : (unsigned)(e->t * 0x9E37u >> 4) & 0x3FFu;
    dut_set_u64(s->d, s->q_xpuid, s->qx);
  }
  for (unsigned i = 0; i < 2; i++) {
    side_t *s = &e->s[i];
    ls_ok(s, sue_ls_backlog(&s->ls, e->t, (unsigned)dut_get_u64(s->d, s->backlog)));
    ls_ok(s, sue_ls_begin(&s->ls, e->t));
    sue_ls_link(&s->ls, e->t, s->link);
    /* a write whose BVALID shows in cycle t took effect at the edge before it: the RTL decides
     * cycle t with the new value, so the model takes it before its decision of cycle t */
    observe_axi(s);
    unsigned qu = (unsigned)dut_get_u64(s->d, s->q_unreach);
    CHECK_EQ(qu, (unsigned)sue_ep_dst_unreach(&s->ls.m, s->qx),
             "q_unreach (destination table and UNREACH, for q_xpuid)");
    s->n_q_unreach += qu;
    /* one port: never away, no guests; the classes it would block for guests are its model's */
    ls_ok(s, sue_ls_guest_fc(&s->ls, e->t, 0, (unsigned)dut_get_u64(s->d, s->fc_gblock)));
    decide(e, s);
    verdict(e, s);
    deliver(e, s);
    if (gn[i])
      sue_ls_rx_credit(&s->ls, gv[i], gt[i], gn[i]);
    credits_back(e, s);
    collect_eth_tx(e, s);
    observe_eth_rx(e, s);
    ls_ok(s, sue_ls_irq(&s->ls, e->t, (unsigned)dut_get_u64(s->d, s->irq)));
  }
  for (unsigned i = 0; i < 2; i++)
    dut_step(e->s[i].d, 1);
  e->t++;
}

int ep_idle(const ep_t *e) {
  for (unsigned i = 0; i < 2; i++) {
    const side_t *s = &e->s[i];
    if (s->busy || !sue_ls_quiet(&s->ls) || s->txn || s->feeding || s->rx_busy ||
        axil_pending(&s->ax) || sue_chan_pending(&e->ch[i]) || sue_ep_unacked(&s->ls.m) ||
        sue_ep_tx_queued(&s->ls.m) || s->other->received < s->sent)
      return 0;
  }
  return 1;
}

void ep_open(ep_t *e, const char *top, const ep_opts_t *o, uint64_t salt) {
  memset(e, 0, sizeof *e);
  e->k = find_case(top);
  e->o = *o;
  e->nb = e->k->data_w / 8;
  e->eb = e->k->eth_w / 8;
  prng_seed(&e->r, harness_seed() ^ salt);
  e->s[0].other = &e->s[1];
  e->s[1].other = &e->s[0];
  e->s[0].to_send = o->cmds;
  e->s[1].to_send = o->one_way ? 0 : o->cmds;
  for (unsigned i = 0; i < 2; i++) {
    sue_chan_init(&e->ch[i], harness_seed() * 31 + salt + i);
    e->ch[i].loss = o->loss;
    e->ch[i].flip = o->flip;
    e->ch[i].flip_pdu = o->flip_pdu;
    e->ch[i].lat = o->lat;
    e->ch[i].jitter = o->jitter;
  }
  open_side(e, &e->s[0], XA, XB);
  open_side(e, &e->s[1], XB, XA);
  while (axil_pending(&e->s[0].ax) || axil_pending(&e->s[1].ax))
    ep_cycle(e, 0);
}

void ep_run(ep_t *e) {
  while (!(e->s[0].sent >= e->s[0].to_send && e->s[1].sent >= e->s[1].to_send && ep_idle(e))) {
    CHECK(e->t < e->o.max_cycles,
          "not done after %llu cycles: sent %u / %u, received %u / %u, unacked %u / %u",
          (unsigned long long)e->t, e->s[0].sent, e->s[1].sent, e->s[1].received, e->s[0].received,
          sue_ep_unacked(&e->s[0].ls.m), sue_ep_unacked(&e->s[1].ls.m));
    ep_cycle(e, 1);
  }
  for (unsigned n = 0; n < 200; n++) /* stand-alone ACKs settle */
    ep_cycle(e, 0);
  if (e->o.ctrl_extra & SUE_REG_CTRL_FC_MODE_MASK) {
    /* CBFC updates are sent every PFC_REFRESH cycles for good: stop them (PFC_TX_EN 0) so that
     * the counters hold still while they are read */
    for (unsigned i = 0; i < 2; i++)
      ep_axi(&e->s[i], 1, SUE_REG_CTRL, ctrl_word(&e->o) & ~SUE_REG_CTRL_PFC_TX_EN_MASK, NULL);
    while (axil_pending(&e->s[0].ax) || axil_pending(&e->s[1].ax))
      ep_cycle(e, 0);
    for (unsigned n = 0; n < 200; n++) /* the last updates arrive */
      ep_cycle(e, 0);
  }
  uint32_t got[2][SUE_NCNT];
  memset(got, 0, sizeof got);
  static const uint32_t st_reg[] = {SUE_REG_INTR, SUE_REG_STATUS, SUE_REG_UNREACH0,
                                    SUE_REG_UNREACH1};
  static const uint32_t st_mask[] = {~0u, SUE_REG_STATUS_LINK_UP_MASK, ~0u, ~0u};
  uint32_t st[2][4];
  for (unsigned i = 0; i < 2; i++) {
    for (unsigned c = 0; c < SUE_NCNT; c++)
      if ((SUE_REG_CNT_ON >> c) & 1u)
        ep_axi(&e->s[i], 0, SUE_REG_CNT(c), 0, &got[i][c]);
    for (unsigned r = 0; r < 4; r++)
      ep_axi(&e->s[i], 0, st_reg[r], 0, &st[i][r]);
  }
  while (axil_pending(&e->s[0].ax) || axil_pending(&e->s[1].ax))
    ep_cycle(e, 0);
  for (unsigned i = 0; i < 2; i++) /* nothing changes them once the traffic is done */
    for (unsigned r = 0; r < 4; r++) {
      uint32_t m = sue_ep_reg_read(&e->s[i].ls.m, st_reg[r]) & st_mask[r];
      CHECK((st[i][r] & st_mask[r]) == m, "endpoint %u: register 0x%03x reads 0x%x, the model 0x%x",
            e->s[i].id, (unsigned)st_reg[r], (unsigned)(st[i][r] & st_mask[r]), (unsigned)m);
    }
  for (unsigned i = 0; i < 2; i++) {
    side_t *s = &e->s[i];
    const uint32_t *mc = s->ls.m.cnt;
    ls_ok(s, sue_ls_counters(&s->ls, got[i]));
    ls_ok(s, sue_ls_credits_final(&s->ls));
    for (unsigned v = 0; v < SUE_NVC; v++)
      CHECK(s->out[v].rd == s->out[v].n, "VC %u of endpoint %u: %zu of %zu delivered", v, s->id,
            s->out[v].rd, s->out[v].n);
    harness_log("endpoint %u: sent %u commands, received %u; frames %u (PFC or CBFC %u, replay %u, "
                "NACK %u, ACK %u, PDU %u); rx drops fcs %u rcrc %u psn %u dup %u nobuf %u; "
                "timeouts %u",
                s->id, s->sent, s->received, s->ls.frames, s->ls.kinds[1], s->ls.kinds[2],
                s->ls.kinds[3], s->ls.kinds[4], s->ls.kinds[5], mc[SUE_CNT_RX_FCS],
                mc[SUE_CNT_RX_RCRC], mc[SUE_CNT_RX_PSN], mc[SUE_CNT_RX_DUP], mc[SUE_CNT_RX_NOBUF],
                mc[SUE_CNT_TX_TIMEOUTS]);
  }
  harness_log("%llu cycles; channel lost %u + %u, line errors %u + %u, R-CRC errors %u + %u",
              (unsigned long long)e->t, e->ch[0].nlost, e->ch[1].nlost, e->ch[0].nflip,
              e->ch[1].nflip, e->ch[0].nflip_pdu, e->ch[1].nflip_pdu);
}

void ep_close(ep_t *e) {
  for (unsigned i = 0; i < 2; i++) {
    close_side(&e->s[i]);
    sue_chan_free(&e->ch[i]);
  }
}

ep_opts_t ep_default_opts(void) {
  ep_opts_t o;
  memset(&o, 0, sizeof o);
  o.p_cmd = 0.3;
  o.p_nodata = 0.3;
  o.p_sn = 0.05;
  o.p_gap = 0.1;
  o.p_grant = 0.9;
  o.p_txr = 1.0;
  o.cmds = 600;
  o.rx_credits = 8;
  o.fmt = SUE_HDR_UDP;
  o.lat = 40;
  o.retx_timeout = 3000;
  o.ack_delay = 64;
  o.pack_timeout = 64;
  o.pfc_time = 0xFFFF;
  o.pfc_refresh = 32768;
  o.max_cycles = 2000000;
  return o;
}
