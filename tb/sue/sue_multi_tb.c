/*
 * sue_multi_tb.c - the two-instance harness around sue_multi (sue_multi_tb.h).
 */
#include "sue_multi_tb.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "sue_regs_model.h"

const mp_case_t mp_cases[2] = {
    {"sue_multi_p2", 2, 256, 128, 4, 4, 512, 1024, 4, 4, 2, 2048, 2},
    {"sue_multi_p4", 4, 256, 64, 4, 4, 512, 1024, 4, 4, 2, 2048, 2},
};

static void ls_ok(const mp_side_t *s, unsigned e, int r) {
  if (r < 0)
    FAIL("instance %u port %u: %s", s->id, e, s->ls[e].msg);
  while (r-- > 0)
    harness_count_check();
}

void mp_axi(mp_side_t *s, int write, uint32_t addr, uint32_t data, uint32_t *result) {
  axil_push(&s->ax, write, addr, data, result);
}

/* ------------------------------------------------------------------ open */
static void ports(mp_side_t *s) {
  dut_t *d = s->d;
#define P(f, n) s->f = dut_port(d, n)
  P(tx_valid, "tx_valid"), P(tx_cycle, "tx_cycle"), P(tx_vc, "tx_vc"), P(tx_xpuid, "tx_xpuid");
  P(tx_control, "tx_control"), P(tx_send_now, "tx_send_now"), P(tx_data, "tx_data");
  P(tx_err, "tx_err"), P(tx_credit, "tx_credit"), P(qc_valid, "tx_qcredit_valid");
  P(qc_vc, "tx_qcredit_vc"), P(qc_units, "tx_qcredit_units"), P(tx_reset_in, "tx_reset_in");
  P(rx_valid, "rx_valid"), P(rx_cycle, "rx_cycle"), P(rx_vc, "rx_vc"), P(rx_xpuid, "rx_xpuid");
  P(rx_control, "rx_control"), P(rx_data, "rx_data"), P(rx_credit, "rx_credit");
  P(rx_reset_in, "rx_reset_in");
  P(etv, "eth_tx_valid"), P(etr, "eth_tx_ready"), P(etd, "eth_tx_data");
  P(etn, "eth_tx_nbytes"), P(etl, "eth_tx_last"), P(erv, "eth_rx_valid");
  P(err, "eth_rx_ready"), P(erd, "eth_rx_data"), P(ern, "eth_rx_nbytes"), P(erl, "eth_rx_last");
  P(eru, "eth_rx_user");
  P(link_up, "link_up"), P(irq, "irq");
  P(o_decide, "o_tx_decide"), P(o_kind, "o_tx_kind"), P(o_verdict, "o_rx_verdict");
  P(o_irq, "o_irq"), P(o_backlog, "o_backlog"), P(o_tx_credit, "o_tx_credit");
  P(o_rx_credit, "o_rx_credit"), P(o_rx_start, "o_rx_start"), P(o_rx_vc, "o_rx_vc");
  P(o_sel_valid, "o_sel_valid"), P(o_sel_port, "o_sel_port"), P(o_sel_drop, "o_sel_drop");
  P(o_unreach, "o_unreach");
  P(ep_tv, "o_ep_tx_valid"), P(ep_tr, "o_ep_tx_ready"), P(ep_td, "o_ep_tx_data");
  P(ep_tn, "o_ep_tx_nbytes"), P(ep_tl, "o_ep_tx_last"), P(ep_tdet, "o_ep_tx_detour"),
      P(ep_rv, "o_ep_rx_valid");
  P(ep_rr, "o_ep_rx_ready"), P(ep_rd, "o_ep_rx_data"), P(ep_rn, "o_ep_rx_nbytes");
  P(ep_rl, "o_ep_rx_last");
  P(ep_tfc, "o_ep_tx_fc"), P(ep_tcls, "o_ep_tx_cls"), P(ep_tbytes, "o_ep_tx_bytes");
  P(ep_gblock, "o_ep_fc_gblock"), P(ep_away, "o_ep_away"), P(g_valid, "o_g_valid");
  P(g_cls, "o_g_cls"), P(g_bytes, "o_g_bytes"), P(ep_cover, "o_ep_cover");
#undef P
}

/* Port e's registers: the instance is one XPU (XPUID on every port); port e's MAC and IP name
 * the port, and the peer's entry holds the peer's port e (the same plane). */
static void config(mp_t *m, mp_side_t *s) {
  for (unsigned e = 0; e < m->k->p; e++) {
    uint32_t b = e << 12;
    mp_axi(s, 1, b + SUE_REG_CTRL, 0x318u, NULL);
    mp_axi(s, 1, b + SUE_REG_XPUID, s->id, NULL);
    mp_axi(s, 1, b + SUE_REG_PARTITION, 0x2A, NULL);
    mp_axi(s, 1, b + SUE_REG_MAC_HI, 0x0200 + e, NULL);
    mp_axi(s, 1, b + SUE_REG_MAC_LO, s->id, NULL);
    mp_axi(s, 1, b + SUE_REG_IP, 0x0A000000u | e << 16 | s->id, NULL);
    const unsigned ids[2] = {0x3F0, s->peer};
    for (unsigned d = 0; d < 2; d++) {
      mp_axi(s, 1, b + SUE_REG_DST(d), 0x80000000u | ids[d], NULL);
      mp_axi(s, 1, b + SUE_REG_DST(d) + 4, 0x0200 + e, NULL);
      mp_axi(s, 1, b + SUE_REG_DST(d) + 8, ids[d], NULL);
      mp_axi(s, 1, b + SUE_REG_DST(d) + 12, 0x0A000000u | e << 16 | ids[d], NULL);
    }
    mp_axi(s, 1, b + SUE_REG_RETX_TIMEOUT, 3000, NULL);
  }
  mp_axi(s, 1, MREG_MCTRL,
         (m->ordered ? 0u : 1u) | (m->failover ? MCTRL_FAILOVER : 0u) | ((1u << m->k->p) - 1u) << 8,
         NULL);
}

static void open_side(mp_t *m, mp_side_t *s, unsigned id, unsigned peer, unsigned cmds) {
  const mp_case_t *k = m->k;
  s->id = id;
  s->peer = peer;
  s->to_send = cmds;
  sue_params_t p = sue_default_params();
  p.data_w = k->data_w;
  p.ndst = k->ndst;
  p.align = k->align;
  p.pdu_max = k->pdu_max;
  p.q_bytes = k->q_bytes;
  p.win = k->win;
  p.ing_cmd = k->ing_cmd;
  p.ing_data = k->ing_data;
  p.rx_bytes = k->rx_bytes;
  for (unsigned e = 0; e < k->p; e++)
    CHECK(sue_ls_init(&s->ls[e], &p, id * 16 + e) == 0, "model parameters of %s", k->top);
  sue_psel_init(&s->ps);
  sue_fxb_init(&s->fx, k->p);
  sue_rxcv_init(&s->cv, k->p);
  s->failover = 1; /* MCTRL's reset */
  for (unsigned h = 0; h < 4; h++)
    s->pcfg.map[h] = (uint8_t)h;
  s->rm = calloc(1, sizeof *s->rm);
  CHECK(s->rm != NULL, "memory");
  sue_rxm_init(s->rm);
  for (unsigned v = 0; v < SUE_NVC; v++) {
    s->qunits[v] = (int)(k->q_bytes / k->align);
    s->owed[v][0] = s->owed[v][1] = 8;
    s->seen[v] = calloc(NSEQ, 1);
    s->dropped[v] = calloc(NSEQ, 1);
    CHECK(s->seen[v] != NULL && s->dropped[v] != NULL, "memory");
  }
  s->d = dut_open(k->top);
  ports(s);
  axil_init(&s->ax, s->d);
  s->link = (1u << k->p) - 1u;
  s->link_prev = 0; /* MSTATUS.LINK leaves reset at 0 */
  s->port_en = (1u << k->p) - 1u;
  dut_set_u64(s->d, s->link_up, s->link);
  dut_reset(s->d, 2);
  config(m, s);
}

static void close_side(mp_t *m, mp_side_t *s) {
  for (unsigned e = 0; e < m->k->p; e++) {
    sue_ls_free(&s->ls[e]);
    free(s->feed[e]);
    for (unsigned v = 0; v < SUE_NVC; v++)
      sue_stream_free(&s->out[e][v]);
  }
  for (unsigned v = 0; v < SUE_NVC; v++) {
    free(s->seen[v]);
    free(s->dropped[v]);
  }
  free(s->rm);
  axil_free(&s->ax);
  dut_close(s->d);
}

/* ------------------------------------------------------------------ inputs of a cycle */
/* A write whose BVALID shows in cycle t took effect at the edge before it: into the models now. */
static void observe_axi(mp_t *m, mp_side_t *s) {
  const axil_op_t *o = axil_observe(&s->ax);
  if (!o || !o->write)
    return;
  if (o->addr < MREG) {
    CHECK((o->addr >> 12) < m->k->p, "a write to port %u of %u", o->addr >> 12, m->k->p);
    sue_ls_reg_write(&s->ls[(o->addr >> 12) & (PM - 1u)], o->addr & 0xFFFu, o->data);
  } else if (o->addr == MREG_MCTRL) {
    s->pcfg.unordered = o->data & 1u;
    s->failover = o->data >> 1 & 1u;
    s->port_en = (o->data >> 8) & ((1u << m->k->p) - 1u);
  } else if (o->addr == MREG_MAP) {
    for (unsigned h = 0; h < 4; h++)
      s->pcfg.map[h] = (uint8_t)((o->data >> (2 * h)) & 3u);
  }
}

/* A random command toward the peer, its VC's sequence number in control bytes 2 .. 5. */
/* The sequence number a command carries in its control words 2-5 (new_cmd writes it). */
static unsigned cmd_seq(const sue_cmd_t *c) {
  return (unsigned)c->ctrl[2] << 24 | (unsigned)c->ctrl[3] << 16 | (unsigned)c->ctrl[4] << 8 |
         c->ctrl[5];
}

static int new_cmd(mp_t *m, mp_side_t *s) {
  prng_t *r = &m->r;
  sue_cmd_t *c = &s->cur;
  unsigned dlen = m->dlen                  ? m->dlen
                  : prng_bernoulli(r, 0.3) ? 0u
                  : prng_bernoulli(r, 0.2) ? 256u
                                           : (unsigned)prng_range(r, 1, 256);
  sue_cmd_init(c, (unsigned)prng_below(r, 8), m->dlen ? 9u : (unsigned)prng_range(r, 3, 9), dlen);
  sue_cmd_fill(c, prng_next(r));
  c->vc = m->dlen ? s->sent % SUE_NVC : (unsigned)prng_below(r, 4);
  c->xpuid = s->peer;
  c->send_now = (unsigned)prng_bernoulli(r, 0.05);
  unsigned ty = c->dp, u = sue_cmd_units(c, m->k->align);
  /* without a credit (ingress or queue) only as a deliberate violation (p_cheat; no draw when
   * it is 0): the queue fills, its port's ingress backs up, the instance runs out of credits */
  const int lack = s->icred[c->vc][ty] <= 0 || s->qunits[c->vc] < (int)u;
  if (s->seq[c->vc] >= NSEQ || (lack && (m->p_cheat == 0 || !prng_bernoulli(r, m->p_cheat))))
    return 0;
  unsigned q = s->seq[c->vc]++;
  for (unsigned j = 0; j < 4; j++)
    c->ctrl[2 + j] = (uint8_t)(q >> (24 - 8 * j));
  s->icred[c->vc][ty]--;
  s->qunits[c->vc] -= (int)u;
  s->beats = sue_cmd_beats(c, m->k->data_w);
  s->beat = 0;
  s->busy = 1;
  return 1;
}

/* The XPU's beat of this cycle (into in->tx_*, for the port choice model). */
static void drive_xpu_tx(mp_t *m, mp_side_t *s, int allow, sue_psel_in_t *in) {
  dut_t *d = s->d;
  uint32_t w[MAXW];
  dut_set_u64(d, s->tx_valid, 0);
  dut_set_u64(d, s->tx_err, 0);
  dut_set_u64(d, s->tx_reset_in, 0);
  dut_set_u64(d, s->tx_xpuid, s->xq); /* held between commands: the port choice's query */
  in->tx_valid = 0;
  in->tx_xpuid = s->xq;
  if (!s->busy &&
      (!allow || s->sent >= s->to_send || !prng_bernoulli(&m->r, m->p_cmd) || !new_cmd(m, s)))
    return;
  if (s->beat > 0 && prng_bernoulli(&m->r, 0.1))
    return;
  sue_cmd_t *c = &s->cur;
  unsigned tv = c->dp ? SUE_VALID_DATA : SUE_VALID_CMD;
  dut_set_u64(d, s->tx_valid, tv);
  dut_set_u64(d, s->tx_cycle, s->beat);
  memset(w, 0, sizeof w);
  sue_cmd_control_bits(c, w);
  dut_set(d, s->tx_control, w);
  dut_set_u64(d, s->tx_vc, c->vc);
  dut_set_u64(d, s->tx_xpuid, c->xpuid);
  s->xq = c->xpuid;
  dut_set_u64(d, s->tx_send_now, c->send_now);
  memset(w, 0, sizeof w);
  sue_cmd_data_beat(c, m->k->data_w, s->beat, w);
  dut_set(d, s->tx_data, w);
  in->tx_valid = tv;
  in->tx_cycle = s->beat;
  in->tx_vc = c->vc;
  in->tx_xpuid = c->xpuid;
  s->beat++;
}

static void drive_eth_rx(mp_t *m, mp_side_t *s) {
  dut_t *d = s->d;
  const unsigned p = m->k->p, ew = m->k->eth_w;
  uint32_t w[HARNESS_WORDS(4096)], v = 0, l = 0, nbw[2] = {0, 0};
  memset(w, 0, sizeof w);
  unsigned ebw = (unsigned)dut_width(d, s->ern) / p;
  for (unsigned e = 0; e < p; e++) {
    if (!s->feeding[e]) {
      sue_chan_frame_t *f = sue_chan_pop(&m->ch[s->other == &m->s[0] ? 0 : 1][e], m->t);
      if (f) {
        free(s->feed[e]);
        s->feed[e] = f->buf;
        s->feed_len[e] = f->len;
        s->feed_off[e] = 0;
        s->feeding[e] = 1;
      }
    }
    if (!s->feeding[e])
      continue;
    /* a cut wire with its link down stops in the middle of a frame (a dead lane shows nothing
     * more): the rest is lost once nothing is on offer (sue_fail_xbar ends it for the port) */
    if ((m->cut >> e & 1u) && !(s->link >> e & 1u) && s->feed_off[e] > 0 &&
        !(s->rx_held >> e & 1u)) {
      s->feeding[e] = 0;
      s->rx_lost++;
      continue;
    }
    size_t left = s->feed_len[e] - s->feed_off[e], k = left < m->eb ? left : m->eb;
    for (size_t j = 0; j < k; j++)
      bits_put_field(w, e * ew + ew - 8 - 8 * (unsigned)j, 8, s->feed[e][s->feed_off[e] + j]);
    v |= 1u << e;
    bits_put_field(nbw, e * ebw, ebw, k);
    if (left <= m->eb)
      l |= 1u << e;
  }
  dut_set(d, s->erd, w);
  dut_set_u64(d, s->erv, v);
  dut_set(d, s->ern, nbw);
  dut_set_u64(d, s->erl, l);
  dut_set_u64(d, s->eru, 0);
  dut_set_u64(d, s->etr, (1u << p) - 1u); /* the wires always take a beat */
  s->rx_v = v;
  s->rx_l = l;
}

static unsigned grant_word(mp_t *m, mp_side_t *s) {
  if (!prng_bernoulli(&m->r, m->p_grant))
    return 0;
  unsigned start = (unsigned)prng_below(&m->r, 8);
  for (unsigned i = 0; i < 8; i++) {
    unsigned q = (start + i) % 8, v = q / 2, t = q % 2;
    if (s->owed[v][t]) {
      unsigned n = s->owed[v][t] < 4 ? s->owed[v][t] : 4;
      s->owed[v][t] -= n;
      return sue_credit_word(t, v, n);
    }
  }
  return 0;
}

/* The crossbar model's configuration inputs: FAILOVER, the links (MSTATUS), the ports' MACs. */
static void away_in(const mp_t *m, const mp_side_t *s, sue_fxb_in_t *in) {
  memset(in, 0, sizeof *in);
  in->p = m->k->p;
  in->failover = s->failover;
  in->link = s->link_prev; /* MSTATUS.LINK, as the port choice has it */
  for (unsigned e = 0; e < in->p; e++) {
    const sue_cfg_t *c = &s->ls[e].m.cfg;
    for (unsigned j = 0; j < 6; j++)
      in->mac[e] = in->mac[e] << 8 | c->mac[j];
    in->mac_on |= ((c->hdr_fmt & 1u) == 0) << e; /* the UDP format: frames carry the port's MAC */
  }
}

/* ------------------------------------------------------------------ outputs of a cycle */
/* Each port's endpoint against its model (the order of sue_ep_lockstep.h), its deliveries
 * into the merge model's inputs. */
static void ports_lockstep(mp_t *m, mp_side_t *s, sue_rxm_beat_t *pb) {
  dut_t *d = s->d;
  const unsigned p = m->k->p;
  unsigned tbw = dut_width(d, s->o_backlog) / p;
  /* receive cover: each port's levels per class as the cycles before left them, the covered
   * ports' to the others' PFC, before the cycle's first call evaluates it */
  unsigned lv[PM][SUE_RXCV_CLS], g[PM][SUE_RXCV_CLS];
  for (unsigned e = 0; e < p; e++)
    sue_ep_cls_level(&s->ls[e].m, lv[e]);
  sue_rxcv_levels(&s->cv, lv, g);
  unsigned rcov = (unsigned)dut_get_u64(d, s->ep_cover);
  CHECK(rcov == s->cv.covered, "instance %u: o_ep_cover 0x%x, the receive cover model 0x%x", s->id,
        rcov, s->cv.covered);
  s->n_covered += s->cv.covered != 0;
  int pushed = 0;
  for (unsigned e = 0; e < p; e++) {
    const sue_ep_t *x = &s->ls[e].m;
    sue_ep_set_cover(&s->ls[e].m, g[e]);
    for (unsigned v = 0; v < SUE_NVC; v++) /* a covered port's buffer over XOFF, its own not */
      pushed |= x->cfg.pfc_xoff && g[e][x->cfg.pfc_prio[v] & 7u] >= x->cfg.pfc_xoff &&
                x->rxq[v].bytes < x->cfg.pfc_xoff;
  }
  s->n_cover_xoff += (uint64_t)pushed;
  for (unsigned e = 0; e < p; e++) {
    sue_ls_t *ls = &s->ls[e];
    ls_ok(s, e, sue_ls_backlog(ls, m->t, (unsigned)dut_get_field(d, s->o_backlog, tbw * e, tbw)));
    ls_ok(s, e, sue_ls_begin(ls, m->t));
    sue_ls_link(ls, m->t, s->link >> e & 1u);
  }
  observe_axi(m, s);
  /* guest flow control: which ports are away from their wires (the crossbar model's rule, from
   * the registers as the decisions of this cycle have them), and the classes each port blocks
   * for guests (its model's, before its decision of the cycle spends credits) */
  sue_fxb_in_t ain;
  away_in(m, s, &ain);
  unsigned away = sue_fxb_away(&ain), raway = (unsigned)dut_get_u64(d, s->ep_away);
  CHECK(raway == away, "instance %u: ep_away 0x%x, the failover model 0x%x", s->id, raway, away);
  for (unsigned e = 0; e < p; e++) {
    s->gblock[e] = (unsigned)dut_get_field(d, s->ep_gblock, 8 * e, 8);
    ls_ok(s, e, sue_ls_guest_fc(&s->ls[e], m->t, away >> e & 1u, s->gblock[e]));
  }
  for (unsigned e = 0; e < p; e++) {
    sue_ls_t *ls = &s->ls[e];
    size_t len;
    ls_ok(s, e,
          sue_ls_decide(ls, m->t, (unsigned)dut_get_field(d, s->o_decide, e, 1),
                        (unsigned)dut_get_field(d, s->o_kind, 3 * e, 3), &len));
    ls_ok(s, e, sue_ls_verdict(ls, m->t, (unsigned)dut_get_field(d, s->o_verdict, e, 1)));
    /* a delivery starting: the model's command, its beats into the merge from now on */
    if (dut_get_field(d, s->o_rx_start, e, 1)) {
      CHECK(!s->dbusy[e], "port %u starts a delivery inside another", e);
      unsigned vc = (unsigned)dut_get_field(d, s->o_rx_vc, 2 * e, 2);
      ls_ok(s, e, sue_ls_deliver(ls, m->t, vc, &s->dcur[e]));
      const char *why = s->dcur[e].xpuid != s->peer
                            ? "from an unknown source"
                            : sue_stream_take(&s->other->out[e][vc], &s->dcur[e]);
      CHECK(why == NULL, "instance %u port %u VC %u: delivered command %s", s->id, e, vc,
            why ? why : "");
      s->rx_port[e]++;
      s->dbusy[e] = 1;
      s->dbeat[e] = 0;
      s->dbeats[e] = sue_cmd_beats(&s->dcur[e], m->k->data_w);
    }
    if (s->dbusy[e]) {
      sue_rxm_beat_t *b = &pb[e];
      const sue_cmd_t *c = &s->dcur[e];
      b->valid = c->dp ? SUE_VALID_DATA : SUE_VALID_CMD;
      b->cycle = s->dbeat[e];
      b->vc = c->vc;
      b->xpuid = c->xpuid;
      sue_cmd_control_bits(c, b->control);
      sue_cmd_data_beat(c, m->k->data_w, s->dbeat[e], b->data);
      if (++s->dbeat[e] == s->dbeats[e])
        s->dbusy[e] = 0;
    }
    /* the rx credits the merge grants this port, and the ingress credits it returns */
    unsigned ty = 0, vc = 0;
    unsigned n = sue_credit_decode((unsigned)dut_get_field(d, s->o_rx_credit, 6 * e, 6), &ty, &vc);
    if (n)
      sue_ls_rx_credit(ls, vc, ty, n);
    n = sue_credit_decode((unsigned)dut_get_field(d, s->o_tx_credit, 6 * e, 6), &ty, &vc);
    ls_ok(s, e, sue_ls_credits(ls, vc, ty, n));
    if (dut_get_field(d, s->qc_valid, e, 1)) {
      unsigned qw = dut_width(d, s->qc_units) / p;
      unsigned v = (unsigned)dut_get_field(d, s->qc_vc, 2 * e, 2);
      s->qunits[v] += (int)dut_get_field(d, s->qc_units, qw * e, qw);
      CHECK(s->qunits[v] <= (int)(m->k->q_bytes / m->k->align), "queue units above Q_BYTES");
    }
    ls_ok(s, e, sue_ls_irq(ls, m->t, (unsigned)dut_get_field(d, s->o_irq, e, 1)));
  }
}

/* The failover crossbar's model for this cycle, from the endpoints' and the wires' inputs as the
 * RTL has them; its outputs are checked by collect_eth_tx and observe_eth_rx, and the guests'
 * spends go to their host ports' models. */
static void xbar_eval(mp_t *m, mp_side_t *s, sue_fxb_in_t *in, sue_fxb_out_t *o) {
  dut_t *d = s->d;
  const unsigned p = m->k->p, ew = m->k->eth_w, ebw = (unsigned)dut_width(d, s->etn) / p;
  away_in(m, s, in);
  for (unsigned e = 0; e < p; e++) {
    in->ep_tx_group |= (unsigned)dut_get_field(d, s->ep_td, e * ew + ew - 8, 1) << e;
    in->ep_tx_nbytes[e] = (unsigned)dut_get_field(d, s->ep_tn, ebw * e, ebw);
    in->rx_dst[e] = dut_get_field(d, s->erd, e * ew + ew - 48, 48);
  }
  in->ep_tx_valid = (unsigned)dut_get_u64(d, s->ep_tv);
  in->ep_tx_last = (unsigned)dut_get_u64(d, s->ep_tl);
  in->ep_tx_detour = (unsigned)dut_get_u64(d, s->ep_tdet);
  in->ep_tx_fc = (unsigned)dut_get_u64(d, s->ep_tfc);
  for (unsigned e = 0; e < p; e++) {
    in->ep_tx_cls[e] = (unsigned)dut_get_field(d, s->ep_tcls, 3 * e, 3);
    in->ep_tx_bytes[e] = (unsigned)dut_get_field(d, s->ep_tbytes, 16 * e, 16);
    in->fc_gblock[e] = s->gblock[e];
  }
  if (in->ep_tx_valid) { /* the beats' bytes: a cut holds one, and ends with their FCS */
    uint32_t w[HARNESS_WORDS(4096)];
    dut_get(d, s->ep_td, w);
    for (unsigned e = 0; e < p; e++)
      if (in->ep_tx_valid >> e & 1u)
        for (unsigned j = 0; j < ew / 8; j++)
          in->ep_tx_data[e][j] = (uint8_t)bits_stream_byte(w + e * ew / 32, ew, j);
  }
  in->eth_tx_ready = (1u << p) - 1u;
  in->eth_rx_valid = s->rx_v;
  in->eth_rx_last = s->rx_l;
  in->ep_rx_ready = (unsigned)dut_get_u64(d, s->ep_rr);
  sue_fxb_eval(&s->fx, in, o);
  /* the guests' frames granted a wire: that wire's port counts their credits */
  unsigned gv = (unsigned)dut_get_u64(d, s->g_valid);
  CHECK(gv == o->g_valid, "instance %u: g_valid 0x%x, the failover model 0x%x", s->id, gv,
        o->g_valid);
  for (unsigned w = 0; w < p; w++) {
    if (!(gv >> w & 1u))
      continue;
    unsigned cls = (unsigned)dut_get_field(d, s->g_cls, 3 * w, 3),
             bytes = (unsigned)dut_get_field(d, s->g_bytes, 16 * w, 16);
    CHECK(cls == o->g_cls[w] && bytes == o->g_bytes[w],
          "instance %u wire %u: a guest's class %u, %u bytes; the failover model's %u, %u", s->id,
          w, cls, bytes, o->g_cls[w], o->g_bytes[w]);
    sue_ls_guest_spend(&s->ls[w], cls, bytes);
    s->n_gspend++;
  }
  /* a guest's first beat on offer that its host wire's flow control holds back */
  for (unsigned e = 0; e < p; e++) {
    unsigned h = s->fx.host[e];
    s->n_gblocked += (in->ep_tx_valid >> e & 1u) && !(s->fx.tx_inf >> e & 1u) && h != e &&
                     (in->ep_tx_fc >> e & 1u) && (in->fc_gblock[h] >> in->ep_tx_cls[e] & 1u);
  }
}

/* Transmit: each endpoint's beats into its model; each wire's beat from the endpoint the crossbar
 * model names, gathered into the wire's frame, which goes into the channel at its last beat. */
static void collect_eth_tx(mp_t *m, mp_side_t *s, const sue_fxb_out_t *o) {
  dut_t *d = s->d;
  const unsigned p = m->k->p, ew = m->k->eth_w;
  unsigned ebw = (unsigned)dut_width(d, s->etn) / p;
  uint32_t w[HARNESS_WORDS(4096)];
  dut_get(d, s->ep_td, w);
  unsigned tv = (unsigned)dut_get_u64(d, s->ep_tv), tr = (unsigned)dut_get_u64(d, s->ep_tr);
  CHECK(tr == o->ep_tx_ready, "instance %u: the ports' eth_tx_ready 0x%x, the failover model 0x%x",
        s->id, tr, o->ep_tx_ready);
  for (unsigned e = 0; e < p; e++) {
    if (!((tv & tr) >> e & 1u))
      continue;
    uint8_t b[256];
    unsigned n = (unsigned)dut_get_field(d, s->ep_tn, ebw * e, ebw),
             last = (unsigned)dut_get_field(d, s->ep_tl, e, 1);
    CHECK(n >= 1 && n <= m->eb && (last || n == m->eb), "eth_tx_nbytes %u", n);
    for (unsigned j = 0; j < n; j++) {
      unsigned v = 0;
      for (unsigned i = 0; i < 8; i++)
        v |= bits_get(w, e * ew + ew - 8 - 8 * j + i) << i;
      b[j] = (uint8_t)v;
    }
    const sue_ls_frame_t *x;
    ls_ok(s, e,
          sue_ls_eth_tx(&s->ls[e], m->t, b, n, (int)last,
                        (long)sue_ls_tag((unsigned)dut_get_field(d, s->ep_tdet, e, 1),
                                         (unsigned)dut_get_field(d, s->ep_tfc, e, 1),
                                         (unsigned)dut_get_field(d, s->ep_tcls, 3 * e, 3),
                                         (unsigned)dut_get_field(d, s->ep_tbytes, 16 * e, 16)),
                        &x));
  }
  unsigned wv = (unsigned)dut_get_u64(d, s->etv);
  CHECK(wv == o->eth_tx_valid, "instance %u: eth_tx_valid 0x%x, the failover model 0x%x", s->id, wv,
        o->eth_tx_valid);
  for (unsigned q = 0; q < p; q++) {
    if (!(wv >> q & 1u))
      continue;
    unsigned e, n;
    const uint8_t *own = NULL;
    if (o->tx_src[q] == SUE_FXB_OWN) { /* the wire ends a cut frame: the model's beat */
      e = s->wire_src[q];
      n = o->own_nbytes[q];
      own = o->own_data[q];
      int same = dut_get_field(d, s->etn, ebw * q, ebw) == n &&
                 dut_get_field(d, s->etl, q, 1) == (o->own_last >> q & 1u);
      uint32_t ww[HARNESS_WORDS(4096)];
      dut_get(d, s->etd, ww);
      for (unsigned j = 0; same && j < n; j++)
        same = bits_stream_byte(ww + q * ew / 32, ew, j) == own[j];
      CHECK(same, "instance %u: wire %u's own beat (a cut frame's) is not the model's", s->id, q);
    } else {
      e = (unsigned)o->tx_src[q];
      CHECK(dut_lanes_equal(d, s->etd, q, s->ep_td, e, ew) &&
                dut_lanes_equal(d, s->etn, q, s->ep_tn, e, ebw) &&
                dut_get_field(d, s->etl, q, 1) == dut_get_field(d, s->ep_tl, e, 1),
            "instance %u: wire %u's beat is not port %u's (failover model)", s->id, q, e);
      if (s->wire_len[q] == 0)
        s->wire_src[q] = e;
      n = (unsigned)dut_get_field(d, s->ep_tn, ebw * e, ebw);
    }
    CHECK(e == s->wire_src[q], "instance %u wire %u: a frame from two ports", s->id, q);
    CHECK(s->wire_len[q] + n <= sizeof s->wire_buf[q], "instance %u wire %u: frame too long", s->id,
          q);
    for (unsigned j = 0; j < n; j++)
      s->wire_buf[q][s->wire_len[q]++] =
          own ? own[j] : (uint8_t)bits_stream_byte(w + e * ew / 32, ew, j);
    if (!dut_get_field(d, s->etl, q, 1))
      continue;
    s->carried_port[e] += e != q;
    /* a cut wire loses what is sent on it (both ways) */
    if (!((m->cut >> q) & 1u))
      sue_chan_push(&m->ch[s == &m->s[0] ? 0 : 1][q], &s->ls[e].m.cfg, s->wire_buf[q],
                    s->wire_len[q], m->t);
    s->wire_len[q] = 0;
  }
}

/* Receive: each endpoint's beat from the wire the crossbar model names, into its model; the
 * wires' feeds move on where they were taken; then the crossbar model's edge. */
static void observe_eth_rx(mp_t *m, mp_side_t *s, const sue_fxb_in_t *in, const sue_fxb_out_t *o) {
  dut_t *d = s->d;
  const unsigned p = m->k->p, ew = m->k->eth_w;
  unsigned ebw = (unsigned)dut_width(d, s->ern) / p;
  unsigned rv = (unsigned)dut_get_u64(d, s->ep_rv), rr = (unsigned)dut_get_u64(d, s->ep_rr);
  CHECK(rv == o->ep_rx_valid, "instance %u: the ports' eth_rx_valid 0x%x, the failover model 0x%x",
        s->id, rv, o->ep_rx_valid);
  for (unsigned e = 0; e < p; e++) {
    if (!(rv >> e & 1u))
      continue;
    if (o->ep_rx_err >> e & 1u) { /* the end of a frame its dead wire lost: 1 byte, bad */
      static const uint8_t zero[1];
      CHECK(dut_get_field(d, s->ep_rn, e * ebw, ebw) == 1 && dut_get_field(d, s->ep_rl, e, 1),
            "instance %u: port %u's error beat (failover model) is not 1 byte, last", s->id, e);
      if (rr >> e & 1u)
        ls_ok(s, e, sue_ls_eth_rx(&s->ls[e], m->t, zero, 1, 1, 1, 0));
      continue;
    }
    unsigned q = (unsigned)o->rx_src[e];
    CHECK(dut_lanes_equal(d, s->ep_rd, e, s->erd, q, ew) &&
              dut_lanes_equal(d, s->ep_rn, e, s->ern, q, ebw) &&
              dut_get_field(d, s->ep_rl, e, 1) == dut_get_field(d, s->erl, q, 1),
          "instance %u: port %u's beat is not wire %u's (failover model)", s->id, e, q);
    if (!(rr >> e & 1u))
      continue;
    CHECK(s->feeding[q], "instance %u: port %u took a beat of idle wire %u", s->id, e, q);
    size_t left = s->feed_len[q] - s->feed_off[q], n = left < m->eb ? left : m->eb;
    ls_ok(s, e,
          sue_ls_eth_rx(&s->ls[e], m->t, s->feed[q] + s->feed_off[q], (unsigned)n, left <= m->eb, 0,
                        o->ep_rx_via >> e & 1u));
  }
  unsigned wr = (unsigned)dut_get_u64(d, s->err);
  CHECK((wr & s->rx_v) == (o->eth_rx_ready & s->rx_v),
        "instance %u: eth_rx_ready 0x%x, the failover model 0x%x (wires valid 0x%x)", s->id, wr,
        o->eth_rx_ready, s->rx_v);
  s->rx_held = s->rx_v & ~wr;
  for (unsigned q = 0; q < p; q++) {
    if (!s->feeding[q] || !(wr >> q & 1u))
      continue;
    size_t left = s->feed_len[q] - s->feed_off[q];
    if (left <= m->eb)
      s->feeding[q] = 0;
    else
      s->feed_off[q] += m->eb;
  }
  sue_fxb_commit(&s->fx, in);
  sue_rxcv_commit(&s->cv, rv & rr & o->ep_rx_via);
}

/* The XPU receives (independently of the models): exactly once, whole, in order if ordered. */
static void xpu_rx(mp_t *m, mp_side_t *s) {
  dut_t *d = s->d;
  unsigned rv = (unsigned)dut_get_u64(d, s->rx_valid);
  if (!rv) {
    CHECK(!s->rx_busy, "instance %u: gap inside a delivered command", s->id);
    return;
  }
  unsigned cyc = (unsigned)dut_get_u64(d, s->rx_cycle), vc = (unsigned)dut_get_u64(d, s->rx_vc);
  uint32_t w[5];
  dut_get(d, s->rx_control, w);
  sue_cmd_t c;
  memset(&c, 0, sizeof c);
  if (cyc == 0) {
    CHECK(!s->rx_busy, "a command starts inside another");
    CHECK(sue_cmd_set_control_bits(&c, w) == 0, "rx_control descriptor");
    unsigned q = cmd_seq(&c);
    CHECK(q < s->other->seq[vc], "instance %u VC %u: sequence %u was never sent", s->id, vc, q);
    CHECK(!s->seen[vc][q], "instance %u VC %u: command %u delivered twice", s->id, vc, q);
    CHECK(!s->other->dropped[vc][q], "instance %u VC %u: command %u delivered, but it was dropped",
          s->id, vc, q);
    s->seen[vc][q] = 1;
    if (m->ordered) {
      while (s->other->dropped[vc][s->last_seq[vc]]) /* known at its last beat, long before */
        s->last_seq[vc]++;
      CHECK(q == s->last_seq[vc], "instance %u VC %u: command %u where %u was next (reorder)",
            s->id, vc, q, s->last_seq[vc]);
      s->last_seq[vc] = q + 1;
    }
    s->rx_busy = 1;
    s->rx_beat = 0;
    s->rx_beats = sue_cmd_beats(&c, m->k->data_w);
    s->rx_bytes += sue_cmd_bytes(&c);
    if (!s->received)
      s->t_first = m->t;
    s->t_last = m->t;
    s->owed[vc][rv == SUE_VALID_DATA]++; /* the XPU gives the credit back later */
  }
  CHECK_EQ(cyc, s->rx_beat, "rx_cycle");
  if (++s->rx_beat == s->rx_beats) {
    s->rx_busy = 0;
    s->received++;
  }
}

/* The instance-level models: the port choice and the merge, their outputs of the last cycle
 * against what the RTL shows now, then this cycle's step. */
static void instance_lockstep(mp_t *m, mp_side_t *s, const sue_psel_in_t *pin,
                              const sue_rxm_beat_t *pb, unsigned rxw) {
  dut_t *d = s->d;
  const unsigned p = m->k->p;
  if (s->pend_on) {
    CHECK_PORT_U64(d, s->tx_credit, s->pend.credit, "tx_credit (port choice model)");
    CHECK_PORT_U64(d, s->o_sel_valid, (uint64_t)s->pend.first, "o_sel_valid");
    if (s->pend.first) {
      CHECK_PORT_U64(d, s->o_sel_port, (uint64_t)s->pend.port, "o_sel_port");
      CHECK_PORT_U64(d, s->o_sel_drop, (uint64_t)s->pend.drop, "o_sel_drop");
    }
    const sue_rxm_beat_t *b = &s->rpend.rx;
    CHECK_PORT_U64(d, s->rx_valid, b->valid, "rx_valid (merge model)");
    if (b->valid) {
      CHECK_PORT_U64(d, s->rx_cycle, b->cycle, "rx_cycle");
      CHECK_PORT_U64(d, s->rx_vc, b->vc, "rx_vc");
      CHECK_PORT_U64(d, s->rx_xpuid, b->xpuid, "rx_xpuid");
      CHECK_PORT(d, s->rx_control, b->control, 144, "rx_control");
      CHECK_PORT(d, s->rx_data, b->data, m->k->data_w, "rx_data");
    }
    for (unsigned e = 0; e < p; e++)
      CHECK_EQ(dut_get_field(d, s->o_rx_credit, 6 * e, 6), s->rpend.p_credit[e],
               "o_rx_credit (merge model)");
  }
  /* this cycle: the choice (ports' words, backlogs, ports up as MSTATUS has them) */
  sue_psel_in_t in = *pin;
  unsigned tbw = dut_width(d, s->o_backlog) / p;
  for (unsigned e = 0; e < p; e++) {
    in.p_credit[e] = (unsigned)dut_get_field(d, s->o_tx_credit, 6 * e, 6);
    in.backlog[e] = (uint32_t)dut_get_field(d, s->o_backlog, tbw * e, tbw);
  }
  in.port_ok = s->link_prev & s->port_en;
  /* each port's answer for tx_xpuid: its destination table and UNREACH, as the model has them */
  in.unreach = 0;
  for (unsigned e = 0; e < p; e++) {
    unsigned u = (unsigned)dut_get_field(d, s->o_unreach, e, 1);
    CHECK_EQ(u, (unsigned)sue_ep_dst_unreach(&s->ls[e].m, s->xq),
             "o_unreach (port's destination table and UNREACH, for tx_xpuid)");
    in.unreach |= u << e;
    s->unreach_cyc[e] += u;
  }
  sue_psel_par_t par = {p, m->k->ing_cmd, m->k->ing_data};
  sue_psel_step(&s->ps, &par, &s->pcfg, &in, &s->pend);
  s->n_viol += s->pend.first && s->pend.viol;
  s->n_drop += s->pend.first && s->pend.drop;
  if (s->pend.first && s->pend.fwd) {
    s->sent_port[s->pend.port]++;
    s->sent_down += !((s->link_prev >> s->pend.port) & 1u);
    s->sent_unreach += in.unreach >> s->pend.port & 1u;
  }
  CHECK(!s->pend.first || !s->pend.drop || m->p_cheat > 0,
        "a command of an XPU that keeps to its credits dropped");
  if (s->pend.fwd && in.tx_cycle + 1u == s->beats && s->beat == s->beats) {
    /* the last beat: the port has it on its tx_* in the next cycle */
    ls_ok(s, (unsigned)s->pend.port, sue_ls_cmd(&s->ls[s->pend.port], m->t + 1, &s->cur));
    sue_stream_push(&s->out[s->pend.port][s->cur.vc], &s->cur);
    s->sent++;
    s->busy = 0;
  } else if (in.tx_valid && s->pend.port >= 0 && !s->pend.fwd && in.tx_cycle + 1u == s->beats &&
             s->beat == s->beats) {
    /* the last beat of a command dropped whole (sent without a credit to a port without room):
     * it will never arrive, and its queue units come back to the XPU now */
    const sue_cmd_t *c = &s->cur;
    unsigned q = cmd_seq(c);
    s->dropped[c->vc][q] = 1;
    s->qunits[c->vc] += (int)sue_cmd_units(c, m->k->align);
    s->sent++;
    s->busy = 0;
  }
  sue_rxm_par_t rp = {p, m->k->data_w, m->k->skid};
  sue_rxm_step(s->rm, &rp, pb, rxw, 0, &s->rpend);
  s->pend_on = 1;
}

/* ------------------------------------------------------------------ one cycle */
void mp_cycle(mp_t *m, int traffic) {
  sue_psel_in_t pin[2];
  unsigned rxw[2];
  for (unsigned i = 0; i < 2; i++) {
    mp_side_t *s = &m->s[i];
    memset(&pin[i], 0, sizeof pin[i]);
    axil_drive(&s->ax);
    drive_xpu_tx(m, s, traffic, &pin[i]);
    drive_eth_rx(m, s);
    rxw[i] = grant_word(m, s);
    dut_set_u64(s->d, s->rx_credit, rxw[i]);
    dut_set_u64(s->d, s->rx_reset_in, 0);
    dut_set_u64(s->d, s->link_up, s->link);
  }
  for (unsigned i = 0; i < 2; i++) {
    mp_side_t *s = &m->s[i];
    sue_rxm_beat_t pb[SUE_RXM_PMAX];
    memset(pb, 0, sizeof pb);
    ports_lockstep(m, s, pb);
    xpu_rx(m, s);
    sue_fxb_in_t fin;
    sue_fxb_out_t fout;
    xbar_eval(m, s, &fin, &fout);
    collect_eth_tx(m, s, &fout);
    observe_eth_rx(m, s, &fin, &fout);
    unsigned ty = 0, vc = 0,
             n = sue_credit_decode((unsigned)dut_get_u64(s->d, s->tx_credit), &ty, &vc);
    instance_lockstep(m, s, &pin[i], pb, rxw[i]);
    if (n) /* the XPU counts the word it was given (the model's, checked above) */
      s->icred[vc][ty] += (int)n;
  }
  for (unsigned i = 0; i < 2; i++) {
    dut_step(m->s[i].d, 1);
    m->s[i].link_prev = m->s[i].link;
  }
  m->t++;
}

static int mp_idle(const mp_t *m) {
  for (unsigned i = 0; i < 2; i++) {
    const mp_side_t *s = &m->s[i];
    if (s->busy || s->rx_busy || axil_pending(&s->ax) || s->other->received + s->n_drop < s->sent)
      return 0;
    for (unsigned e = 0; e < m->k->p; e++)
      if (!sue_ls_quiet(&s->ls[e]) || s->feeding[e] || s->dbusy[e] ||
          sue_chan_pending(&m->ch[i][e]) || sue_ep_unacked(&s->ls[e].m) ||
          sue_ep_tx_queued(&s->ls[e].m))
        return 0;
  }
  return 1;
}

void mp_open(mp_t *m, const char *top, int ordered, unsigned cmds, double loss, uint64_t salt) {
  memset(m, 0, sizeof *m);
  for (size_t i = 0; i < sizeof mp_cases / sizeof mp_cases[0]; i++)
    if (!strcmp(mp_cases[i].top, top))
      m->k = &mp_cases[i];
  CHECK(m->k != NULL, "no case %s", top);
  m->ordered = (unsigned)ordered;
  m->failover = 1;
  m->loss = loss;
  m->nb = m->k->data_w / 8;
  m->eb = m->k->eth_w / 8;
  m->p_cmd = 0.4;
  m->p_grant = 0.9;
  m->max_cycles = 3000000;
  prng_seed(&m->r, harness_seed() ^ salt);
  m->s[0].other = &m->s[1];
  m->s[1].other = &m->s[0];
  for (unsigned i = 0; i < 2; i++)
    for (unsigned e = 0; e < m->k->p; e++) {
      sue_chan_init(&m->ch[i][e], harness_seed() * 31 + salt + i * 8 + e);
      m->ch[i][e].loss = loss;
      m->ch[i][e].flip = loss;
      m->ch[i][e].lat = 40;
    }
  open_side(m, &m->s[0], XA, XB, cmds);
  open_side(m, &m->s[1], XB, XA, cmds);
  while (axil_pending(&m->s[0].ax) || axil_pending(&m->s[1].ax))
    mp_cycle(m, 0);
}

/* Runs the traffic to the end; every counter of every port against its model, the instance's
 * counters against the port choice model's. */
void mp_run(mp_t *m, uint64_t until) {
  while (m->t < until ||
         !(m->s[0].sent >= m->s[0].to_send && m->s[1].sent >= m->s[1].to_send && mp_idle(m))) {
    CHECK(m->t < m->max_cycles, "not done after %llu cycles: sent %u / %u, received %u / %u",
          (unsigned long long)m->t, m->s[0].sent, m->s[1].sent, m->s[1].received, m->s[0].received);
    mp_cycle(m, 1);
    if (until && m->t >= until)
      return;
  }
}

void mp_finish(mp_t *m) {
  for (unsigned n = 0; n < 200; n++) /* stand-alone ACKs settle */
    mp_cycle(m, 0);
  const unsigned p = m->k->p;
  static uint32_t got[2][PM][SUE_NCNT], inst[2][13];
  memset(got, 0, sizeof got);
  for (unsigned i = 0; i < 2; i++) {
    for (unsigned e = 0; e < p; e++)
      for (unsigned c = 0; c < SUE_NCNT; c++)
        if ((SUE_REG_CNT_ON >> c) & 1u)
          mp_axi(&m->s[i], 0, (e << 12) + SUE_REG_CNT(c), 0, &got[i][e][c]);
    for (unsigned e = 0; e < p; e++)
      mp_axi(&m->s[i], 0, MREG_NCMD(e), 0, &inst[i][e]);
    mp_axi(&m->s[i], 0, MREG_NVIOL, 0, &inst[i][4]);
    mp_axi(&m->s[i], 0, MREG_NDROP, 0, &inst[i][5]);
    mp_axi(&m->s[i], 0, MREG_MSTATUS, 0, &inst[i][6]);
    mp_axi(&m->s[i], 0, MREG, 0, &inst[i][7]); /* ID */
    mp_axi(&m->s[i], 0, MREG_NCARRY, 0, &inst[i][8]);
    mp_axi(&m->s[i], 0, MREG_NFDROP, 0, &inst[i][9]);
    mp_axi(&m->s[i], 0, MREG_NSTEER, 0, &inst[i][10]);
    mp_axi(&m->s[i], 0, MREG_NFCUT, 0, &inst[i][11]);
    mp_axi(&m->s[i], 0, MREG_NFRXCUT, 0, &inst[i][12]);
  }
  while (axil_pending(&m->s[0].ax) || axil_pending(&m->s[1].ax))
    mp_cycle(m, 0);
  for (unsigned i = 0; i < 2; i++) {
    mp_side_t *s = &m->s[i];
    for (unsigned e = 0; e < p; e++) {
      ls_ok(s, e, sue_ls_counters(&s->ls[e], got[i][e]));
      ls_ok(s, e, sue_ls_credits_final(&s->ls[e]));
      CHECK_EQ(inst[i][e], s->sent_port[e], "MREG NCMD (commands handed to the port)");
      for (unsigned v = 0; v < SUE_NVC; v++)
        CHECK(s->out[e][v].rd == s->out[e][v].n, "instance %u port %u VC %u: %zu of %zu delivered",
              s->id, e, v, s->out[e][v].rd, s->out[e][v].n);
    }
    CHECK_EQ(inst[i][4], s->n_viol, "MREG NVIOL (the port choice model's violations)");
    CHECK_EQ(inst[i][5], s->n_drop, "MREG NDROP (the port choice model's drops)");
    unsigned host = 0;
    for (unsigned e = 0; e < p; e++)
      host |= s->fx.host[e] << 2 * e;
    CHECK_EQ(inst[i][6], s->link | host << 8, "MREG MSTATUS (LINK, HOST)");
    CHECK_EQ(inst[i][8], s->fx.n_carried, "MREG NCARRY");
    CHECK_EQ(inst[i][9], s->fx.n_dropped, "MREG NFDROP");
    CHECK_EQ(inst[i][10], s->fx.n_steered, "MREG NSTEER");
    CHECK_EQ(inst[i][11], s->fx.n_cut, "MREG NFCUT");
    CHECK_EQ(inst[i][12], s->fx.n_rx_cut, "MREG NFRXCUT");
    CHECK_EQ(inst[i][7], 0x5E4D0000u | m->k->skid << 8 | m->k->p, "MREG ID");
    for (unsigned v = 0; v < SUE_NVC; v++)
      for (unsigned q = 0; q < s->seq[v]; q++)
        CHECK(s->other->seen[v][q] || s->dropped[v][q],
              "instance %u VC %u: command %u never arrived", s->id, v, q);
    harness_log("instance %u: sent %u (per port %u / %u / %u / %u; to a port down %u), "
                "received %u (per port %u / %u / %u / %u); guests' frames that took a host "
                "wire's credits %llu, cycles one waited for its host wire's flow control %llu",
                s->id, s->sent, s->sent_port[0], s->sent_port[1], s->sent_port[2], s->sent_port[3],
                s->sent_down, s->received, s->rx_port[0], s->rx_port[1], s->rx_port[2],
                s->rx_port[3], (unsigned long long)s->n_gspend, (unsigned long long)s->n_gblocked);
  }
  unsigned lost = 0, flips = 0;
  for (unsigned i = 0; i < 2; i++)
    for (unsigned e = 0; e < p; e++) {
      lost += m->ch[i][e].nlost;
      flips += m->ch[i][e].nflip;
    }
  harness_log("%llu cycles; the channels lost %u frames and hit %u with bit errors",
              (unsigned long long)m->t, lost, flips);
  CHECK(m->loss == 0 || lost + flips > 0, "lossy wires lost nothing");
}

void mp_close(mp_t *m) {
  for (unsigned i = 0; i < 2; i++) {
    close_side(m, &m->s[i]);
    for (unsigned e = 0; e < m->k->p; e++)
      sue_chan_free(&m->ch[i][e]);
  }
}

mp_t *mp_new(const char *top, int ordered, unsigned cmds, double loss, uint64_t salt) {
  mp_t *m = calloc(1, sizeof *m);
  CHECK(m != NULL, "memory");
  mp_open(m, top, ordered, cmds, loss, salt);
  return m;
}

void mp_free(mp_t *m) {
  mp_close(m);
  free(m);
}

void mp_axi_settle(mp_t *m) {
  while (axil_pending(&m->s[0].ax) || axil_pending(&m->s[1].ax))
    mp_cycle(m, 0);
}

void mp_to_send(mp_t *m, unsigned n) {
  for (unsigned i = 0; i < 2; i++)
    m->s[i].to_send = n;
}
