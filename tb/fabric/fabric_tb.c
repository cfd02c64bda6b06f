/*
 * fabric_tb.c - the harness around the RTL top `fabric` (fabric_tb.h).
 *
 * A cycle: the inputs (AXI, XPU transmit beats, receive credits, the channel words computed in
 * the cycle before) are written, the outputs read after they settle (credits, deliveries, the
 * words each link sends), then the clock edge. A channel's output for cycle t + 1 is its input of
 * cycle t delayed by `delay` words and a random bit offset (RIFL lanes align to any bit), with
 * the bit errors of csrc/lib/rifl/rifl_channel.c; a link that is down delivers zeros.
 */
#include "fabric_tb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "sue_cfg.h"
#include "sue_frame.h"
#include "sue_multi_regs.h"
#include "sue_regs_map.h"
#include "sue_regs_model.h"

#define SW_BASE 0x10000u
#define EP_BASE(i) ((uint32_t)(i) << 12)
#define MAXW 160 /* 32-bit words of the widest port (16 x 256 bits) */
/* Endpoint e of XPU i (e = 0 in `fabric`) and plane k's switch. fabric_multi's map: XPU i's
 * instance at i << 17 (port e at + e << 12, its own registers at + MREG: sue_multi_regs.h),
 * plane k's switch at 0x200000 + k << 12. */
static uint32_t ep_base(const fab_t *f, unsigned i, unsigned e) {
  return f->planes == 1 ? EP_BASE(i) : (uint32_t)i << 17 | (uint32_t)e << 12;
}
static uint32_t sw_base(const fab_t *f, unsigned k) {
  return f->planes == 1 ? SW_BASE : 0x200000u | (uint32_t)k << 12;
}

static const fab_case_t cases[] = {
    /* top              n  rifl islip data_w align pdu_max q_bytes rx_bytes lanes planes */
    {"fabric_n4", 4, 1, 0, 256, 4, 512, 1024, 8192, 1, 1},
    {"fabric_n4_raw", 4, 0, 0, 256, 4, 512, 1024, 8192, 1, 1},
    {"fabric_n4_islip", 4, 1, 1, 256, 4, 512, 1024, 8192, 1, 1},
    {"fabric_n4_bond", 4, 1, 0, 256, 4, 512, 1024, 8192, 2, 1},
    {"fabric_n4_bond4", 4, 1, 0, 256, 4, 512, 1024, 8192, 4, 1},
    {"fabric_n8", 8, 1, 0, 256, 4, 512, 1024, 8192, 1, 1},
    {"fabric_n16", 16, 1, 0, 256, 4, 512, 1024, 8192, 1, 1},
    {"fabric_multi_n4_p2", 4, 1, 0, 256, 4, 512, 1024, 8192, 1, 2},
    {"fabric_multi_n4_p4", 4, 1, 0, 256, 4, 512, 1024, 8192, 1, 4},
};

const fab_case_t *fab_case(const char *top) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (!strcmp(cases[i].top, top))
      return &cases[i];
  FAIL("no fabric case for top %s", top);
}

fab_opts_t fab_default_opts(void) {
  fab_opts_t o;
  memset(&o, 0, sizeof o);
  o.pattern = FAB_UNIFORM;
  o.cmds = 200;
  o.p_cmd = 0.5;
  o.p_grant = 0.9;
  o.max_dlen = 256;
  o.fmt = SUE_HDR_UDP;
  o.vcs = 4;
  o.down_link = -1;
  o.down_plane = -1;
  o.no_route_plane = -1;
  o.pcap_xpu = -1;
  o.delay = 8;
  o.max_cycles = 400000;
  o.retx_timeout = 20000;
  return o;
}

/* ------------------------------------------------------------------ ports and bit slices */
static void ports(fab_t *f) {
  dut_t *d = f->d;
#define P(field, name) f->field = dut_port(d, name)
  P(tx_valid, "tx_valid"), P(tx_cycle, "tx_cycle"), P(tx_vc, "tx_vc"), P(tx_xpuid, "tx_xpuid");
  P(tx_control, "tx_control"), P(tx_send_now, "tx_send_now"), P(tx_data, "tx_data");
  P(tx_err, "tx_err"), P(tx_credit, "tx_credit"), P(qc_valid, "tx_qcredit_valid");
  P(qc_xpuid, "tx_qcredit_xpuid"), P(qc_vc, "tx_qcredit_vc"), P(qc_units, "tx_qcredit_units");
  P(rx_valid, "rx_valid"), P(rx_cycle, "rx_cycle"), P(rx_vc, "rx_vc"), P(rx_xpuid, "rx_xpuid");
  P(rx_control, "rx_control"), P(rx_data, "rx_data"), P(rx_credit, "rx_credit");
  P(up_tx_data, "up_tx_data"), P(up_tx_ctl, "up_tx_ctl"), P(up_rx_valid, "up_rx_valid");
  P(up_rx_data, "up_rx_data"), P(up_rx_ctl, "up_rx_ctl"), P(dn_tx_data, "dn_tx_data");
  P(dn_tx_ctl, "dn_tx_ctl"), P(dn_rx_valid, "dn_rx_valid"), P(dn_rx_data, "dn_rx_data");
  P(dn_rx_ctl, "dn_rx_ctl");
  P(link_up, "link_up"), P(rifl_retrans, "rifl_retrans"), P(raw_overflow, "raw_overflow");
  P(sw_xoff, "sw_xoff"), P(sw_paused, "sw_paused"), P(sw_err_len, "sw_err_len");
  if (f->planes == 1) { /* the endpoints' decisions: `fabric` only (its endpoint lockstep) */
    P(ep_decide, "ep_tx_decide"), P(ep_kind, "ep_tx_kind"), P(ep_verdict, "ep_rx_verdict");
    P(ep_backlog, "ep_tx_backlog");
  } else {
    P(sel_valid, "sel_valid"), P(sel_port, "sel_port"), P(sel_drop, "sel_drop");
  }
  P(ep_irq, "ep_irq");
  P(ep_etx_ctl, "ep_eth_tx_ctl"), P(ep_etx_data, "ep_eth_tx_data");
  P(ep_erx_ctl, "ep_eth_rx_ctl"), P(ep_erx_data, "ep_eth_rx_data");
  P(sw_in_ctl, "sw_in_ctl"), P(sw_in_data, "sw_in_data");
  P(sw_out_ctl, "sw_out_ctl"), P(sw_out_data, "sw_out_data");
  P(sw_err_dst, "sw_err_dst");
#undef P
  CHECK_EQ(dut_width(d, f->tx_data), f->k->data_w * f->n, "tx_data width");
  CHECK_EQ(dut_width(d, f->up_rx_valid), f->k->lanes * f->nl, "up_rx_valid width (LANES)");
  f->quw = dut_width(d, f->qc_units) / f->nl;
}

/* bits [lsb, lsb + width) of a vector, width <= 64 */
static uint64_t get_field(const uint32_t *w, unsigned lsb, unsigned width) {
  uint64_t v = 0;
  for (unsigned i = 0; i < width; i++)
    v |= (uint64_t)bits_get(w, lsb + i) << i;
  return v;
}
static void put_slice(uint32_t *dst, unsigned lsb, const uint32_t *src, unsigned width) {
  for (unsigned i = 0; i < width; i++)
    bits_put(dst, lsb + i, bits_get(src, i));
}
static void get_slice(const uint32_t *src, unsigned lsb, uint32_t *dst, unsigned width) {
  memset(dst, 0, HARNESS_WORDS(width) * sizeof(uint32_t));
  for (unsigned i = 0; i < width; i++)
    bits_put(dst, i, bits_get(src, lsb + i));
}

static unsigned idx_of(unsigned id) { return id - FAB_XPU_ID(0); }

/* A result of endpoint i's lockstep (sue_ep_lockstep.h): a difference fails the test. */
static void ls_ok(fab_t *f, unsigned i, int r) {
  if (r < 0)
    FAIL("XPU %u, cycle %llu: %s", i, (unsigned long long)f->t, f->ls[i].msg);
  while (r-- > 0)
    harness_count_check();
}

/* ------------------------------------------------------------------ AXI */
void fab_axi(fab_t *f, int write, uint32_t addr, uint32_t data, uint32_t *result) {
  axil_push(&f->ax, write, addr, data, result);
}

/* After the inputs settle: a write completing to an endpoint's register goes into its model. */
static void observe_axi(fab_t *f) {
  const axil_op_t *o = axil_observe(&f->ax);
  if (o && o->write && o->addr < SW_BASE && f->planes == 1)
    sue_ls_reg_write(&f->ls[o->addr >> 12], o->addr & 0xFFFu, o->data);
}

/* ------------------------------------------------------------------ configuration */
/* CTRL of every endpoint: the format, PFC_TX_EN, PFC_RX_EN, ACK_VC 3, FC_MODE with opts.cbfc. */
static unsigned ep_ctrl(const fab_opts_t *o) {
  return ((o->fmt == SUE_HDR_AIFH12  ? 1u
           : o->fmt == SUE_HDR_AIFH6 ? 3u
                                     : 0u) |
          0x318u | (o->cbfc ? SUE_REG_CTRL_FC_MODE_MASK : 0u)) &
         ~(o->no_fc ? SUE_REG_CTRL_PFC_TX_EN_MASK : 0u);
}

/* Whether plane k's switch leaves out the entry of XPU j's port e (opts.no_route_*). */
static int no_route(const fab_opts_t *o, unsigned k, unsigned j, unsigned e) {
  return o->no_route_plane == (int)k && o->no_route_xpu == j && e == k;
}

/* Every endpoint (each port of each XPU: port e's MAC and IP name the port, and a destination's
 * slot holds that XPU's port e, the same plane), the instances' MCTRL (fabric_multi) and every
 * plane's switch (an entry for every port of every XPU: a frame a port carries for another on
 * failover is addressed to the other's MAC). */
static void config(fab_t *f) {
  const fab_opts_t *o = &f->o;
  unsigned ctrl = ep_ctrl(o);
  const unsigned P = f->planes;
  if (o->cbfc) /* CBFC: the switch takes the endpoints' updates before they send any */
    for (unsigned k = 0; k < P; k++)
      fab_axi(f, 1, sw_base(f, k) + FSP_REG_CBFC_OUI, FAB_CBFC_OUI, NULL);
  for (unsigned i = 0; i < f->n; i++)
    for (unsigned e = 0; e < P; e++) {
      uint32_t b = ep_base(f, i, e);
      unsigned id = FAB_XPU_ID(i);
      if (o->cbfc)
        fab_axi(f, 1, b + SUE_REG_CBFC_OUI, FAB_CBFC_OUI, NULL);
      fab_axi(f, 1, b + SUE_REG_CTRL, ctrl, NULL);
      fab_axi(f, 1, b + SUE_REG_XPUID, id, NULL);
      fab_axi(f, 1, b + SUE_REG_PARTITION, 0x2A, NULL);
      fab_axi(f, 1, b + SUE_REG_MAC_HI, 0x0200 + e, NULL);
      fab_axi(f, 1, b + SUE_REG_MAC_LO, id, NULL);
      fab_axi(f, 1, b + SUE_REG_IP, 0x0A000000u | e << 16 | id, NULL);
      /* slot d: XPU d; its own slot names the phantom (XPU 0 sends to it in the phantom test) */
      for (unsigned d = 0; d < f->n; d++) {
        unsigned did = d == i ? FAB_PHANTOM : FAB_XPU_ID(d);
        fab_axi(f, 1, b + SUE_REG_DST(d), 0x80000000u | did, NULL);
        fab_axi(f, 1, b + SUE_REG_DST(d) + 4, 0x0200 + e, NULL);
        fab_axi(f, 1, b + SUE_REG_DST(d) + 8, did, NULL);
        fab_axi(f, 1, b + SUE_REG_DST(d) + 12, 0x0A000000u | e << 16 | did, NULL);
      }
      fab_axi(f, 1, b + SUE_REG_RETX_TIMEOUT, o->retx_timeout, NULL);
      if (o->reach)
        fab_axi(f, 1, b + SUE_REG_REACH, o->reach, NULL);
      /* a pause quantum (512 bit times) is 8 cycles of a 64-bit port */
      fab_axi(f, 1, b + SUE_REG_PFC_TIME, (8u << 16) | 0xFFFFu, NULL);
      /* PFC toward the switch: XOFF at a quarter of the receive buffer, so that what is already
         in the switch's class queue and on the link after the XOFF still fits */
      fab_axi(f, 1, b + SUE_REG_PFC_XOFF, f->k->rx_bytes / 4, NULL);
      fab_axi(f, 1, b + SUE_REG_PFC_XON, f->k->rx_bytes / 8, NULL);
      if (o->vlan)
        fab_axi(f, 1, b + SUE_REG_VLAN, o->vlan, NULL);

      fab_axi(f, 1, b + SUE_REG_INTR_EN, SUE_INTR_ALL, NULL); /* irq: every event */
    }
  if (P > 1) /* ordered (the reset) or unordered, failover on (the reset), every port enabled */
    for (unsigned i = 0; i < f->n; i++)
      fab_axi(f, 1, ((uint32_t)i << 17) + MREG_MCTRL,
              (o->unordered ? MCTRL_UNORDERED : 0u) | MCTRL_FAILOVER |
                  ((1u << P) - 1u) << MCTRL_PORT_EN_SHIFT,
              NULL);
  for (unsigned k = 0; k < P; k++) {
    uint32_t sb = sw_base(f, k);
    if (o->no_fc)
      fab_axi(f, 1, sb + FSP_REG_CTRL, 0x5u, NULL);
    if (o->pfc_time)
      fab_axi(f, 1, sb + FSP_REG_PFC_TIME, o->pfc_time, NULL);
    if (o->pfc_refresh)
      fab_axi(f, 1, sb + FSP_REG_PFC_REFRESH, o->pfc_refresh, NULL);
    if (o->pfc_xoff)
      fab_axi(f, 1, sb + FSP_REG_PFC_XOFF, o->pfc_xoff, NULL);
    if (o->pfc_xon)
      fab_axi(f, 1, sb + FSP_REG_PFC_XON, o->pfc_xon, NULL);
    /* entry P j + e: XPU j's port e, on the plane's port j (but the one no_route leaves out) */
    for (unsigned j = 0; j < f->n; j++)
      for (unsigned e = 0; e < P; e++) {
        unsigned id = FAB_XPU_ID(j), ent = P * j + e;
        if (no_route(o, k, j, e))
          continue;
        fab_axi(f, 1, sb + FSP_REG_ENT(ent), 0x80000000u | j, NULL);
        fab_axi(f, 1, sb + FSP_REG_ENT(ent) + 4, id, NULL);
        fab_axi(f, 1, sb + FSP_REG_ENT(ent) + 8, 0x0200 + e, NULL);
        fab_axi(f, 1, sb + FSP_REG_ENT(ent) + 12, id, NULL);
      }
    /* ... and runs CBFC once the endpoints do: its first updates (owed at once, every class's
       advertisement having grown from 0) find them ready */
    if (o->cbfc)
      fab_axi(f, 1, sb + FSP_REG_CTRL, 0x7u | FSP_CTRL_FC_MODE, NULL);
  }
}

/* ------------------------------------------------------------------ XPU transmit */
static unsigned pick_dst(fab_t *f, unsigned i) {
  switch (f->o.pattern) {
  case FAB_PERMUTATION:
    return f->x[i].perm;
  case FAB_INCAST:
    return 0;
  default: {
    unsigned d = (unsigned)prng_below(&f->r, f->n - 1);
    return d >= i ? d + 1 : d;
  }
  }
}

static void random_cmd(fab_t *f, sue_cmd_t *c) {
  prng_t *r = &f->r;
  unsigned dlen = 0, nb = f->k->data_w / 8, mx = f->o.max_dlen;
  if (f->o.dlen) {
    dlen = f->o.dlen;
  } else if (prng_bernoulli(r, 0.8)) {
    unsigned cls = (unsigned)prng_below(r, 4);
    dlen = cls == 0 ? 1 : cls == 1 ? nb : cls == 2 ? mx : (unsigned)prng_range(r, 1, mx);
    if (dlen > mx)
      dlen = mx;
  }
  /* unordered: control bytes 2 .. 5 carry the command's index in its stream (new_cmd) */
  sue_cmd_init(c, (unsigned)prng_below(r, 8), (unsigned)prng_range(r, f->o.unordered ? 3 : 1, 9),
               dlen);
  sue_cmd_fill(c, prng_next(r));
  c->vc = (unsigned)prng_below(r, f->o.vcs);
  c->send_now = f->o.send_now ? 1u : (unsigned)prng_bernoulli(r, 0.1);
}

static int sender(const fab_t *f, unsigned i) { return f->o.pattern != FAB_INCAST || i != 0; }

static int new_cmd(fab_t *f, unsigned i) {
  fab_xpu_t *x = &f->x[i];
  sue_cmd_t *c = &x->cur;
  random_cmd(f, c);
  if (x->phantom_left && prng_bernoulli(&f->r, 0.2)) {
    x->cur_dst = FAB_NMAX;
    c->xpuid = FAB_PHANTOM;
  } else if (x->sent < x->to_send) {
    x->cur_dst = pick_dst(f, i);
    c->xpuid = FAB_XPU_ID(x->cur_dst);
  } else {
    return 0;
  }
  unsigned ty = c->dp, u = sue_cmd_units(c, f->k->align);
  if (x->icred[c->vc][ty] <= 0 || x->qunits[x->cur_dst][c->vc] < (int)u)
    return 0;
  if (f->o.unordered && x->cur_dst < FAB_NMAX) { /* the receiver finds it by this index */
    size_t q = x->out[x->cur_dst][c->vc].n;
    for (unsigned j = 0; j < 4; j++)
      c->ctrl[2 + j] = (uint8_t)(q >> (24 - 8 * j));
  }
  x->icred[c->vc][ty]--;
  x->qunits[x->cur_dst][c->vc] -= (int)u;
  x->beats = sue_cmd_beats(c, f->k->data_w);
  x->beat = 0;
  x->busy = 1;
  return 1;
}

typedef struct { /* one cycle's XPU-side inputs, all XPUs */
  uint32_t valid[1], cyc[2], vc[1], xpuid[5], ctrl[80], sn[1], data[MAXW], err[1], rxc[3];
} xin_t;

static void xpu_tx(fab_t *f, unsigned i, int traffic, xin_t *in) {
  fab_xpu_t *x = &f->x[i];
  uint32_t w[MAXW];
  if (!x->busy && (!traffic || f->hold || !prng_bernoulli(&f->r, f->o.p_cmd) || !new_cmd(f, i)))
    return;
  sue_cmd_t *c = &x->cur;
  unsigned dw = f->k->data_w;
  bits_put_field(in->valid, 2 * i, 2, c->dp ? SUE_VALID_DATA : SUE_VALID_CMD);
  bits_put_field(in->cyc, 4 * i, 4, x->beat);
  if (x->beat == 0) {
    memset(w, 0, sizeof w);
    sue_cmd_control_bits(c, w);
    put_slice(in->ctrl, 144 * i, w, 144);
    bits_put_field(in->vc, 2 * i, 2, c->vc);
    bits_put_field(in->xpuid, 10 * i, 10, c->xpuid);
    bits_put_field(in->sn, i, 1, c->send_now);
  }
  memset(w, 0, sizeof w);
  sue_cmd_data_beat(c, dw, x->beat, w);
  put_slice(in->data, dw * i, w, dw);
  if (++x->beat == x->beats) {
    x->busy = 0;
    if (f->planes == 1)
      ls_ok(f, i, sue_ls_cmd(&f->ls[i], f->t, c));
    if (x->cur_dst == FAB_NMAX) {
      x->phantom_left--;
      return;
    }
    sue_stream_t *st = &x->out[x->cur_dst][c->vc];
    uint64_t **ts = &x->t_sent[x->cur_dst][c->vc];
    if ((st->n & (st->n - 1)) == 0 || st->n == 0) {
      uint64_t *nt = realloc(*ts, (st->n ? 2 * st->n : 16) * sizeof(uint64_t));
      CHECK(nt != NULL, "memory");
      *ts = nt;
    }
    (*ts)[st->n] = f->t;
    sue_stream_push(st, c);
    x->sent++;
    if (f->o.hook)
      f->o.hook(f->o.ctx, FAB_EV_TX_LAST, i, f->t, sue_cmd_bytes(c));
  }
}

static unsigned grant_word(fab_t *f, fab_xpu_t *x) {
  if (!prng_bernoulli(&f->r, f->o.p_grant))
    return 0;
  unsigned start = (unsigned)prng_below(&f->r, 8);
  for (unsigned j = 0; j < 8; j++) {
    unsigned q = (start + j) % 8, v = q / 2, t = q % 2;
    if (x->owed[v][t]) {
      unsigned n = x->owed[v][t] < 4 ? x->owed[v][t] : 4;
      x->owed[v][t] -= n;
      return sue_credit_word(t, v, n);
    }
  }
  return 0;
}

/* ------------------------------------------------------------------ XPU receive */
typedef struct {
  uint32_t valid[1], cyc[2], vc[1], xpuid[5], ctrl[80], data[MAXW], cred[3];
  uint32_t qv[1], qx[5], qvc[1], qu[8];
} xout_t;

static void xpu_rx(fab_t *f, unsigned i, const xout_t *o) {
  fab_xpu_t *x = &f->x[i];
  unsigned rv = (unsigned)get_field(o->valid, 2 * i, 2), dw = f->k->data_w;
  uint32_t w[MAXW];
  if (!rv) {
    CHECK(!x->rx_busy, "XPU %u: delivery gap inside a command at cycle %llu", i,
          (unsigned long long)f->t);
    return;
  }
  unsigned cyc = (unsigned)get_field(o->cyc, 4 * i, 4);
  if (!x->rx_busy) {
    CHECK(cyc == 0, "XPU %u: delivery starts at rx_cycle %u", i, cyc);
    unsigned src = (unsigned)get_field(o->xpuid, 10 * i, 10);
    CHECK(src >= FAB_XPU_ID(0) && idx_of(src) < f->n && idx_of(src) != i,
          "XPU %u: a command from unknown XPU 0x%x", i, src);
    memset(&x->rxc, 0, sizeof x->rxc);
    get_slice(o->ctrl, 144 * i, w, 144);
    CHECK(sue_cmd_set_control_bits(&x->rxc, w) == 0, "XPU %u: rx_control descriptor illegal", i);
    x->rxc.vc = (unsigned)get_field(o->vc, 2 * i, 2);
    CHECK_EQ(rv, x->rxc.dp ? SUE_VALID_DATA : SUE_VALID_CMD, "rx_valid kind");
    x->rx_src = idx_of(src);
    if (f->planes == 1)
      ls_ok(f, i, sue_ls_deliver(&f->ls[i], f->t, x->rxc.vc, &f->ls_rx[i]));
    x->rx_beats = sue_cmd_beats(&x->rxc, dw);
    x->rx_beat = 0;
    x->rx_busy = 1;
    fab_xpu_t *s = &f->x[x->rx_src];
    sue_stream_t *st = &s->out[i][x->rxc.vc];
    CHECK(st->rd < st->n, "XPU %u: a command from XPU %u on VC %u that was never sent (duplicate)",
          i, x->rx_src, x->rxc.vc);
    size_t q = st->rd;
    if (f->o.unordered) { /* any order: the command's own index (control bytes 2 .. 5) */
      const uint8_t *cb = x->rxc.ctrl;
      q = (size_t)cb[2] << 24 | (size_t)cb[3] << 16 | (size_t)cb[4] << 8 | cb[5];
      CHECK(q < st->n, "XPU %u: command %zu from XPU %u on VC %u was never sent", i, q, x->rx_src,
            x->rxc.vc);
      uint8_t **tk = &s->taken[i][x->rxc.vc];
      if (!*tk) {
        *tk = calloc(FAB_NMAX * 4096u, 1);
        CHECK(*tk != NULL, "memory");
      }
      CHECK(q < FAB_NMAX * 4096u, "unordered scoreboard: more than %u commands a stream",
            FAB_NMAX * 4096u);
      CHECK(!(*tk)[q], "XPU %u: command %zu from XPU %u on VC %u delivered twice", i, q, x->rx_src,
            x->rxc.vc);
    }
    x->rx_seq = (unsigned)q;
    uint64_t dt = f->t - s->t_sent[i][x->rxc.vc][q];
    if (f->nlat == f->cap_lat) {
      f->cap_lat = f->cap_lat ? 2 * f->cap_lat : 4096;
      uint64_t *nl = realloc(f->lat, f->cap_lat * sizeof(uint64_t));
      CHECK(nl != NULL, "memory");
      f->lat = nl;
    }
    f->lat[f->nlat++] = dt;
    if (f->o.hook)
      f->o.hook(f->o.ctx, FAB_EV_RX_FIRST, i, f->t, 0);
  }
  CHECK_EQ(cyc, x->rx_beat, "rx_cycle");
  CHECK_EQ(get_field(o->xpuid, 10 * i, 10), FAB_XPU_ID(x->rx_src), "rx_xpuid stable");
  get_slice(o->data, dw * i, w, dw);
  sue_cmd_set_data_beat(&x->rxc, dw, x->rx_beat, w);
  if (++x->rx_beat == x->rx_beats) {
    x->rx_busy = 0;
    x->received++;
    const sue_cmd_t *mc = &f->ls_rx[i];
    CHECK(f->planes > 1 || (sue_cmd_equal(&x->rxc, mc) && mc->vc == x->rxc.vc &&
                            mc->xpuid == FAB_XPU_ID(x->rx_src)),
          "XPU %u: the command delivered at cycle %llu (from XPU %u, VC %u) is not the one its "
          "endpoint model delivers",
          i, (unsigned long long)f->t, x->rx_src, x->rxc.vc);
    sue_stream_t *st = &f->x[x->rx_src].out[i][x->rxc.vc];
    if (f->o.unordered) {
      CHECK(sue_cmd_equal(&x->rxc, &st->c[x->rx_seq]),
            "XPU %u from XPU %u VC %u command %u: differs from the one sent (corrupted)", i,
            x->rx_src, x->rxc.vc, x->rx_seq);
      f->x[x->rx_src].taken[i][x->rxc.vc][x->rx_seq] = 1;
      st->rd++; /* a count here: every one of them taken once */
    } else {
      const char *why = sue_stream_take(st, &x->rxc);
      CHECK(why == NULL, "XPU %u from XPU %u VC %u command %zu: %s", i, x->rx_src, x->rxc.vc,
            st->rd, why ? why : "");
    }
    f->bytes += sue_cmd_bytes(&x->rxc);
    if (f->o.hook)
      f->o.hook(f->o.ctx, FAB_EV_RX_LAST, i, f->t, sue_cmd_bytes(&x->rxc));
    x->owed[x->rxc.vc][x->rxc.dp]++;
  }
}

static void credits_back(fab_t *f, unsigned i, const xout_t *o) {
  fab_xpu_t *x = &f->x[i];
  unsigned ty = 0, vc = 0;
  unsigned n = sue_credit_decode((unsigned)get_field(o->cred, 6 * i, 6), &ty, &vc);
  if (n)
    x->icred[vc][ty] += (int)n;
  if (f->planes == 1)
    ls_ok(f, i, sue_ls_credits(&f->ls[i], vc, ty, n));
  /* one channel per port (fabric_multi): a queue's units come back from the port that cut it;
     the XPU's count per {destination, VC} starts at one port's queue (docs/sue/sue_multi.md) */
  for (unsigned e = 0; e < f->planes; e++) {
    unsigned c = f->planes * i + e;
    if (!get_field(o->qv, c, 1))
      continue;
    unsigned id = (unsigned)get_field(o->qx, 10 * c, 10);
    unsigned d = id == FAB_PHANTOM ? FAB_NMAX : idx_of(id);
    CHECK(d == FAB_NMAX || d < f->n, "tx_qcredit_xpuid 0x%x", id);
    unsigned v = (unsigned)get_field(o->qvc, 2 * c, 2);
    x->qunits[d][v] += (int)get_field(o->qu, f->quw * c, f->quw);
    CHECK(x->qunits[d][v] <= (int)(f->k->q_bytes / f->k->align), "queue units above Q_BYTES");
  }
}

/* ------------------------------------------------------------------ channels */
/* Lane k of a link direction: lanes after the first are skewed by up to 7 words (the bond's
 * receiver takes the frames in lane order from its buffers, whatever the skew). */
static void chan_init(fab_t *f, fab_chan_t *c, unsigned k, uint64_t seed) {
  unsigned bit = f->k->rifl ? (unsigned)prng_below(&f->r, 64) : 0;
  unsigned skew = k ? (unsigned)prng_below(&f->r, 8) : 0;
  CHECK(rifl_chan_init(&c->c, 64 * (f->o.delay + skew) + bit, f->o.ber, seed) == 0, "channel");
  c->ctl_dly = f->o.delay;
  memset(c->ctl, 0, sizeof c->ctl);
  c->rx = 0;
}

/* Link l (XPU l / P on plane l % P) is down: its XPU's (down_link) or its plane's (down_plane). */
static int link_down(const fab_t *f, unsigned l) {
  if ((f->o.down_link != (int)(l / f->planes) && f->o.down_plane != (int)(l % f->planes)) ||
      !f->t_traffic)
    return 0;
  uint64_t a = f->t_traffic + f->o.down_at;
  return f->t >= a && f->t < a + f->o.down_for;
}

/* ------------------------------------------------------------------ capture (raw links) */
/* One word of direction dir (0 up, 1 dn) as its receiver gets it: {valid, last, nbytes}
 * framing; a whole frame is checked (FCS) and written to the capture without its FCS. */
static void capture(fab_t *f, unsigned dir, uint64_t word, unsigned ctl) {
  if (!fab_raw_take(f->cap[dir], &f->cap_len[dir], 4096, word, ctl))
    return;
  const uint8_t *b = f->cap[dir];
  size_t n = f->cap_len[dir];
  f->cap_len[dir] = 0;
  uint32_t fcs = n >= 4 ? sue_crc32(b, n - 4, 0) : 0;
  if (n < 64 || fcs != ((uint32_t)b[n - 4] | (uint32_t)b[n - 3] << 8 | (uint32_t)b[n - 2] << 16 |
                        (uint32_t)b[n - 1] << 24)) {
    f->cap_bad_fcs[dir]++;
    return;
  }
  int pfc = b[12] == 0x88 && b[13] == 0x08;
  if (pfc)
    f->cap_pfc[dir]++;
  uint8_t *v = realloc(f->cap_vc[dir], f->cap_frames[dir] + 1u);
  CHECK(v != NULL, "memory");
  f->cap_vc[dir] = v;
  /* the RH's VC: its byte 4 after the network header (the endpoints' format, tagged or not) */
  size_t h = sue_hdr_bytes(sue_rx_fmt(&f->ls[0].m.cfg, b, n));
  v[f->cap_frames[dir]] = pfc ? 0xFFu : (uint8_t)(b[h + 4] >> 6);
  f->cap_frames[dir]++;
  CHECK(sue_pcap_write(&f->pcap[dir], b, n - 4, f->t) == 0, "pcap write");
}

/* ------------------------------------------------------------------ lockstep */
/* A beat's bytes from a 64-bit word of the observation ports, {taken, last, user, 0, nbytes}. */
static unsigned beat_bytes(const uint32_t *w, unsigned i, unsigned ctl, uint8_t b[8]) {
  uint64_t word = get_field(w, 64 * i, 64);
  unsigned n = ctl & 0xF;
  CHECK((n >= 1 || (ctl & 0x60) == 0x60) && n <= 8, "observation: a beat of %u bytes", n);
  for (unsigned j = 0; j < n; j++)
    b[j] = (uint8_t)(word >> (56 - 8 * j));
  return n;
}

/* An AXI write to endpoint i's INTR or INTR_EN issued and not yet reported: the RTL has it from
 * an edge the fabric's AXI path hides, the model from the report, so irq is not compared. */
static int irq_write_pending(const fab_t *f, unsigned i) {
  const axil_op_t *o = axil_head(&f->ax);
  if (!o)
    return 0;
  uint32_t r = o->addr & 0xFFFu;
  return o->write && o->addr < SW_BASE && (o->addr >> 12) == i &&
         (r == SUE_REG_INTR || r == SUE_REG_INTR_EN);
}

/* The outputs of a cycle: every endpoint against its model in the order of sue_ep_lockstep.h
 * (the deliveries and credits the XPUs check too), every frame into and out of the switch
 * against the port model. */
/* fabric_multi: the deliveries and credits (the XPUs' checks), the port choices (counted), every
 * frame into and out of every link and every plane's switch against the port model. */
static void lockstep_planes(fab_t *f, const xout_t *o) {
  uint32_t tc[4], td[MAXW], sv[1], sp[1], sd[1], lu[1];
  const unsigned P = f->planes;
  dut_get(f->d, f->link_up, lu);
  for (unsigned l = 0; l < f->nl; l++) { /* the endpoint's side of link l: XPU l / P, port l % P */
    uint64_t *ds = &f->x[l / P].down_since[l % P];
    if (get_field(lu, 2 * l + 1, 1))
      *ds = 0;
    else if (!*ds)
      *ds = f->t;
  }
  dut_get(f->d, f->sel_valid, sv);
  dut_get(f->d, f->sel_port, sp);
  dut_get(f->d, f->sel_drop, sd);
  unsigned phase = 0;
  if (f->o.down_plane >= 0 && f->t_traffic) {
    uint64_t a = f->t_traffic + f->o.down_at;
    phase = f->t < a ? 0u : f->t < a + f->o.down_for ? 1u : 2u;
  }
  for (unsigned i = 0; i < f->n; i++) {
    xpu_rx(f, i, o);
    credits_back(f, i, o);
    CHECK(!get_field(sd, i, 1), "XPU %u: its instance dropped a command (a credit violation)", i);
    if (get_field(sv, i, 1)) {
      unsigned k = (unsigned)get_field(sp, 2 * i, 2);
      f->x[i].port_cmds[phase][k]++;
      f->x[i].cmds_to_dead +=
          f->x[i].down_since[k] && f->t > f->x[i].down_since[k] + FAB_DEAD_AFTER;
    }
  }
  static const unsigned dirs[4] = {FAB_LC_EP_OUT, FAB_LC_EP_IN, FAB_LC_SW_IN, FAB_LC_SW_OUT};
  for (unsigned w = 0; w < 4; w++) {
    port_t pc = w == 0   ? f->ep_etx_ctl
                : w == 1 ? f->ep_erx_ctl
                : w == 2 ? f->sw_in_ctl
                         : f->sw_out_ctl;
    port_t pd = w == 0   ? f->ep_etx_data
                : w == 1 ? f->ep_erx_data
                : w == 2 ? f->sw_in_data
                         : f->sw_out_data;
    dut_get(f->d, pc, tc);
    dut_get(f->d, pd, td);
    for (unsigned l = 0; l < f->nl; l++) {
      unsigned ctl = (unsigned)get_field(tc, 8 * l, 8);
      if (w < 2 && !(ctl & 0x80))
        continue;
      fab_lc_word(f->lc[l % P], l / P, dirs[w], get_field(td, 64 * l, 64), ctl);
    }
  }
}

static void lockstep(fab_t *f, const xin_t *in, const xout_t *o) {
  uint32_t dec[1], kind[2], ver[1], tc[4], td[MAXW], rc[4], rd[MAXW], irq[1], lu[1], bl[16];
  if (f->planes > 1) {
    lockstep_planes(f, o);
    return;
  }
  const unsigned blw = dut_width(f->d, f->ep_backlog) / f->n;
  dut_get(f->d, f->ep_backlog, bl);
  dut_get(f->d, f->ep_decide, dec);
  dut_get(f->d, f->ep_kind, kind);
  dut_get(f->d, f->ep_verdict, ver);
  dut_get(f->d, f->ep_irq, irq);
  dut_get(f->d, f->link_up, lu);
  dut_get(f->d, f->ep_etx_ctl, tc);
  dut_get(f->d, f->ep_etx_data, td);
  dut_get(f->d, f->ep_erx_ctl, rc);
  dut_get(f->d, f->ep_erx_data, rd);
  for (unsigned i = 0; i < f->n; i++) {
    sue_ls_t *ls = &f->ls[i];
    size_t len;
    uint8_t b[8];
    ls_ok(f, i, sue_ls_backlog(ls, f->t, (unsigned)get_field(bl, blw * i, blw)));
    ls_ok(f, i, sue_ls_begin(ls, f->t));
    sue_ls_link(ls, f->t, (unsigned)get_field(lu, 2 * i + 1, 1)); /* its own lane's link_up */
    ls_ok(f, i,
          sue_ls_decide(ls, f->t, (unsigned)get_field(dec, i, 1),
                        (unsigned)get_field(kind, 3 * i, 3), &len));
    ls_ok(f, i, sue_ls_verdict(ls, f->t, (unsigned)get_field(ver, i, 1)));
    xpu_rx(f, i, o);
    unsigned ty = 0, vc = 0,
             n = sue_credit_decode((unsigned)get_field(in->rxc, 6 * i, 6), &ty, &vc);
    if (n)
      sue_ls_rx_credit(ls, vc, ty, n);
    credits_back(f, i, o);
    unsigned ctl = (unsigned)get_field(tc, 8 * i, 8);
    if (ctl & 0x80) {
      const sue_ls_frame_t *x;
      unsigned nb = beat_bytes(td, i, ctl, b);
      ls_ok(f, i, sue_ls_eth_tx(ls, f->t, b, nb, (ctl & 0x40) != 0, -1, &x)); /* one port */
      fab_lc_word(f->lc[0], i, FAB_LC_EP_OUT, get_field(td, 64 * i, 64), ctl);
    }
    ctl = (unsigned)get_field(rc, 8 * i, 8);
    if (ctl & 0x80) {
      unsigned nb = beat_bytes(rd, i, ctl, b);
      ls_ok(f, i, sue_ls_eth_rx(ls, f->t, b, nb, (ctl & 0x40) != 0, (ctl & 0x20) != 0, 0));
      fab_lc_word(f->lc[0], i, FAB_LC_EP_IN, get_field(rd, 64 * i, 64), ctl);
    }
    if (!irq_write_pending(f, i))
      ls_ok(f, i, sue_ls_irq(ls, f->t, (unsigned)get_field(irq, i, 1)));
  }
  for (unsigned dir = 0; dir < 2; dir++) {
    dut_get(f->d, dir ? f->sw_out_ctl : f->sw_in_ctl, tc);
    dut_get(f->d, dir ? f->sw_out_data : f->sw_in_data, td);
    for (unsigned p = 0; p < f->n; p++)
      fab_lc_word(f->lc[0], p, dir ? FAB_LC_SW_OUT : FAB_LC_SW_IN, get_field(td, 64 * p, 64),
                  (unsigned)get_field(tc, 8 * p, 8));
  }
}

/* ------------------------------------------------------------------ one cycle */
void fab_cycle(fab_t *f, int traffic) {
  dut_t *d = f->d;
  xin_t in;
  xout_t o;
  uint32_t w[MAXW], cw[4], v[2];
  const unsigned L = f->k->lanes;
  memset(&in, 0, sizeof in);
  axil_drive(&f->ax);
  for (unsigned i = 0; i < f->n; i++) {
    xpu_tx(f, i, traffic && sender(f, i), &in);
    bits_put_field(in.rxc, 6 * i, 6, grant_word(f, &f->x[i]));
  }
  dut_set(d, f->tx_valid, in.valid);
  dut_set(d, f->tx_cycle, in.cyc);
  dut_set(d, f->tx_vc, in.vc);
  dut_set(d, f->tx_xpuid, in.xpuid);
  dut_set(d, f->tx_control, in.ctrl);
  dut_set(d, f->tx_send_now, in.sn);
  dut_set(d, f->tx_data, in.data);
  dut_set(d, f->tx_err, in.err);
  dut_set(d, f->rx_credit, in.rxc);
  /* channel words of this cycle (computed last cycle) */
  for (unsigned dir = 0; dir < 2; dir++) {
    fab_chan_t *ch = dir ? f->dn : f->up;
    memset(w, 0, sizeof w);
    memset(cw, 0, sizeof cw);
    memset(v, 0, sizeof v);
    for (unsigned i = 0; i < f->nl; i++) { /* link i */
      int down = link_down(f, i);          /* every lane of the link, both directions */
      for (unsigned k = 0; k < L; k++) {
        bits_put_field(w, 64 * (L * i + k), 64, down ? 0 : ch[L * i + k].rx);
        bits_put_field(v, L * i + k, 1, 1);
      }
      unsigned ctl = ch[L * i].ctl[(f->t + 256 - ch[L * i].ctl_dly) % 256]; /* raw: L = 1 */
      bits_put_field(cw, 8 * i, 8, down ? 0 : ctl);
    }
    if (f->o.pcap_xpu >= 0)
      capture(f, dir, get_field(w, 64 * (unsigned)f->o.pcap_xpu, 64),
              (unsigned)get_field(cw, 8 * (unsigned)f->o.pcap_xpu, 8));
    dut_set(d, dir ? f->dn_rx_data : f->up_rx_data, w);
    dut_set(d, dir ? f->dn_rx_ctl : f->up_rx_ctl, cw);
    dut_set(d, dir ? f->dn_rx_valid : f->up_rx_valid, v);
  }
  /* outputs */
  observe_axi(f);
  dut_get(d, f->rx_valid, o.valid);
  dut_get(d, f->rx_cycle, o.cyc);
  dut_get(d, f->rx_vc, o.vc);
  dut_get(d, f->rx_xpuid, o.xpuid);
  dut_get(d, f->rx_control, o.ctrl);
  dut_get(d, f->rx_data, o.data);
  dut_get(d, f->tx_credit, o.cred);
  dut_get(d, f->qc_valid, o.qv);
  dut_get(d, f->qc_xpuid, o.qx);
  dut_get(d, f->qc_vc, o.qvc);
  dut_get(d, f->qc_units, o.qu);
  lockstep(f, &in, &o);
  for (unsigned dir = 0; dir < 2; dir++) {
    fab_chan_t *ch = dir ? f->dn : f->up;
    dut_get(d, dir ? f->dn_tx_data : f->up_tx_data, w);
    dut_get(d, dir ? f->dn_tx_ctl : f->up_tx_ctl, cw);
    for (unsigned i = 0; i < f->nl; i++) {
      unsigned ctl = (unsigned)get_field(cw, 8 * i, 8);
      for (unsigned k = 0; k < L; k++)
        ch[L * i + k].rx = rifl_chan_word(&ch[L * i + k].c, get_field(w, 64 * (L * i + k), 64));
      ch[L * i].ctl[(f->t + 1) % 256] = (uint8_t)ctl;
      if ((ctl & 0x80) && !f->in_frame[dir][i] && f->o.hook)
        f->o.hook(f->o.ctx, dir ? FAB_EV_DN_FIRST : FAB_EV_UP_FIRST, i, f->t, 0);
      if (ctl & 0x80)
        f->in_frame[dir][i] = !(ctl & 0x40);
    }
  }
  uint64_t xo = dut_get_u64(d, f->sw_xoff);
  if (xo)
    f->xoff_seen = 1;
  if (!f->k->rifl)
    CHECK(dut_get_u64(d, f->raw_overflow) == 0, "raw channel: an endpoint receive FIFO overflowed");
  dut_step(d, 1);
  f->t++;
}

void fab_axi_wait(fab_t *f) {
  uint64_t t0 = f->t;
  while (axil_pending(&f->ax)) {
    fab_cycle(f, 0);
    CHECK(f->t - t0 < 100000, "AXI accesses not done");
  }
}

/* ------------------------------------------------------------------ open, run, close */
static uint64_t rifl_retx_now(fab_t *f) {
  uint32_t w[MAXW];
  uint64_t s = 0;
  dut_get(f->d, f->rifl_retrans, w);
  for (unsigned i = 0; i < 2 * f->nl; i++)
    s += get_field(w, 32 * i, 32);
  return s;
}

void fab_open(fab_t *f, const char *top, const fab_opts_t *o, uint64_t salt) {
  memset(f, 0, sizeof *f);
  f->k = fab_case(top);
  f->o = *o;
  f->n = f->k->n;
  f->planes = f->k->planes;
  f->nl = f->n * f->planes;
  CHECK(f->nl * f->k->lanes <= 64 && f->nl <= 16, "channel words: at most 64 lanes and 16 links");
  CHECK(f->planes == 1 || (o->pcap_xpu < 0 && !o->phantom && o->down_link < 0),
        "fabric_multi: no capture, phantom or down_link (down_plane instead)");
  CHECK(f->planes > 1 || (!o->unordered && o->down_plane < 0 && o->no_route_plane < 0),
        "unordered, down_plane and no_route_plane are fabric_multi's");
  CHECK(o->no_route_plane < (int)f->planes && o->no_route_xpu < f->n, "no_route: plane %d, XPU %u",
        o->no_route_plane, o->no_route_xpu);
  prng_seed(&f->r, harness_seed() * 0x9E3779B97F4A7C15ull + salt);
  if (!dut_top_built(top))
    harness_skip("top %s is @regress (tb/fabric/tops.txt): not in make test's programs; make sim "
                 "BLOCK=fabric runs it",
                 top);
  f->d = dut_open(top);
  ports(f);
  axil_init(&f->ax, f->d);
  for (unsigned i = 0; i < f->n; i++) {
    fab_xpu_t *x = &f->x[i];
    x->to_send = sender(f, i) ? o->cmds : 0;
    x->phantom_left = i == 0 ? o->phantom : 0;
    for (unsigned dd = 0; dd <= FAB_NMAX; dd++)
      for (unsigned v = 0; v < SUE_NVC; v++)
        x->qunits[dd][v] = (int)(f->k->q_bytes / f->k->align);
    for (unsigned v = 0; v < SUE_NVC; v++)
      x->owed[v][0] = x->owed[v][1] = 8;
  }
  for (unsigned l = 0; l < f->nl; l++) /* in `fabric` link l is XPU l's, as before planes */
    for (unsigned k = 0; k < f->k->lanes; k++) {
      chan_init(f, &f->up[f->k->lanes * l + k], k, prng_next(&f->r));
      chan_init(f, &f->dn[f->k->lanes * l + k], k, prng_next(&f->r));
    }
  /* a random permutation without fixed points (a derangement by rejection) */
  unsigned p[FAB_NMAX] = {0};
  for (int ok = 0; !ok;) {
    for (unsigned i = 0; i < f->n; i++)
      p[i] = i;
    for (unsigned i = f->n - 1; i > 0; i--) {
      unsigned j = (unsigned)prng_below(&f->r, i + 1), t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    ok = 1;
    for (unsigned i = 0; i < f->n; i++)
      ok &= p[i] != i;
  }
  for (unsigned i = 0; i < f->n; i++)
    f->x[i].perm = p[i];
  if (o->pcap_xpu >= 0) {
    CHECK(!f->k->rifl, "a capture needs the raw links (the frames inside RIFL are not visible)");
    static const char *const nm[2] = {"up.pcap", "dn.pcap"};
    for (unsigned dir = 0; dir < 2; dir++) {
      char path[512];
      snprintf(path, sizeof path, "%s/%s", harness_outdir(), nm[dir]);
      CHECK(sue_pcap_open(&f->pcap[dir], path) == 0, "pcap open %s", path);
      f->cap[dir] = malloc(4096);
      CHECK(f->cap[dir] != NULL, "memory");
    }
  }
  /* the endpoints' models: fabric.v's sue_endpoint (WIN, PSN_PER_VC, ING_CMD and ING_DATA at
     fabric.v's defaults: no top of tops.txt sets them) */
  for (unsigned i = 0; i < f->n && f->planes == 1; i++) {
    sue_params_t sp = sue_default_params();
    sp.data_w = f->k->data_w;
    sp.ndst = f->n;
    sp.align = f->k->align;
    sp.pdu_max = f->k->pdu_max;
    sp.q_bytes = f->k->q_bytes;
    sp.win = 8;
    sp.psn_per_vc = 1;
    sp.ing_cmd = 4;
    sp.ing_data = 2;
    sp.rx_bytes = f->k->rx_bytes;
    CHECK(sue_ls_init(&f->ls[i], &sp, i) == 0, "endpoint model parameters of %s", top);
  }
  { /* the switch's configuration as config() writes it */
    fsp_cfg_t c;
    fsp_cfg_reset(&c, 16);
    c.cbfc_oui = o->cbfc ? FAB_CBFC_OUI : 0u;
    CHECK(f->nl <= 16, "forwarding entries: %u ports of XPUs, 16 entries", f->nl);
    for (unsigned j = 0; j < f->n; j++)
      for (unsigned e = 0; e < f->planes; e++) {
        unsigned id = FAB_XPU_ID(j), ent = f->planes * j + e;
        c.ent[ent].valid = 1;
        c.ent[ent].port = j;
        c.ent[ent].xpu = id;
        uint8_t mac[6] = {0x02, (uint8_t)e, 0x00, 0x00, (uint8_t)(id >> 8), (uint8_t)id};
        memcpy(c.ent[ent].mac, mac, 6);
      }
    static const uint8_t smac[6] = {0x02, 0x00, 0x00, 0x00, 0xFE, 0x00}; /* MAC_HI:MAC_LO reset */
    for (unsigned k = 0; k < f->planes; k++) {
      fsp_cfg_t ck = c;
      if (o->no_route_plane == (int)k)
        ck.ent[f->planes * o->no_route_xpu + k].valid = 0;
      f->lc[k] = fab_lc_open(f->n, &ck, f->k->pdu_max + 64, smac,
                             f->k->rifl || (o->ber == 0 && o->down_link < 0));
    }
  }
  dut_reset(f->d, 2);
  config(f);
  fab_axi_wait(f);
  /* links up: every RIFL lane aligned and its peer's first replay taken */
  uint64_t all = (1ull << (2 * f->nl)) - 1; /* nl <= 16 */
  while (dut_get_u64(f->d, f->link_up) != all) {
    fab_cycle(f, 0);
    CHECK(f->t < 200000, "links not up after %llu cycles", (unsigned long long)f->t);
  }
  /* the first replay after INIT runs 2.5 x 2^FIDW frame slots of 4 cycles (FIDW 6 in fabric.v;
     docs/rifl/rifl_tx_ctrl.md):
     let it end before the traffic, so that what RIFL counts later is the traffic's */
  /* RIFL: the link events of bring-up cleared near the end of that wait (a bond's link_up may
     fall and rise again while its lanes align), inside it, so that the traffic starts at the cycle
     it did before and meets the same channel draws: what INTR holds at the end happened during the
     traffic. Raw links are up from the first cycle: nothing to clear */
  if (f->k->rifl) {
    const unsigned wait = 4 * FAB_REPLAY_SLOTS + 200;
    for (unsigned c = 0; c < wait; c++) {
      if (c == wait - 150)
        for (unsigned i = 0; i < f->n; i++)
          for (unsigned e = 0; e < f->planes; e++)
            fab_axi(f, 1, ep_base(f, i, e) + SUE_REG_INTR, SUE_INTR_ALL, NULL);
      fab_cycle(f, 0);
    }
    CHECK(axil_pending(&f->ax) == 0, "the INTR clears took more than 150 cycles");
    for (unsigned i = 0; i < f->n; i++) /* the port choices of bring-up: none */
      memset(f->x[i].port_cmds, 0, sizeof f->x[i].port_cmds);
  }
  f->rifl_retx0 = rifl_retx_now(f);
  harness_log("fabric %s: configured and links up at cycle %llu (RIFL retransmission requests "
              "during bring-up: %llu)",
              top, (unsigned long long)f->t, (unsigned long long)f->rifl_retx0);
}

static int all_delivered(const fab_t *f) {
  for (unsigned i = 0; i < f->n; i++) {
    const fab_xpu_t *x = &f->x[i];
    if (x->busy || x->rx_busy || x->sent < x->to_send || x->phantom_left)
      return 0;
    for (unsigned dd = 0; dd < f->n; dd++)
      for (unsigned v = 0; v < SUE_NVC; v++)
        if (x->out[dd][v].rd < x->out[dd][v].n)
          return 0;
  }
  return 1;
}

static const uint32_t ep_st_reg[4] = {SUE_REG_INTR, SUE_REG_STATUS, SUE_REG_UNREACH0,
                                      SUE_REG_UNREACH1};
static const uint32_t ep_st_mask[4] = {~0u, SUE_REG_STATUS_LINK_UP_MASK, ~0u, ~0u};

static void read_counters(fab_t *f) {
  for (unsigned l = 0; l < f->nl; l++) { /* endpoint l: XPU l / P's port l % P */
    uint32_t b = ep_base(f, l / f->planes, l % f->planes);
    for (unsigned c = 0; c < SUE_NCNT; c++)
      if (SUE_REG_CNT_ON >> c & 1)
        fab_axi(f, 0, b + SUE_REG_CNT(c), 0, &f->ep_cnt[l][c]);
    for (unsigned r = 0; r < 4; r++)
      fab_axi(f, 0, b + ep_st_reg[r], 0, &f->ep_st[l][r]);
  }
  for (unsigned k = 0; k < f->planes; k++)
    for (unsigned p = 0; p < f->n; p++)
      for (unsigned c = 0; c < FSP_NCNT; c++)
        fab_axi(f, 0, sw_base(f, k) + FSP_REG_CNT(p, c), 0, &f->sw_cnt[f->n * k + p][c]);
  fab_axi_wait(f);
  f->rifl_retx = rifl_retx_now(f) - f->rifl_retx0;
}

void fab_run(fab_t *f) {
  f->t_traffic = f->t;
  /* a fabric that stops delivering fails in bounded time: no command delivered for four
     go-back-N timeouts and 20,000 cycles while some are outstanding. Four, not one: at the
     bench's BER 1e-5 on raw links a resent frame is lost again one time in 25, and at the end
     of a run one stream may be all that is left to deliver */
  const uint64_t stall = 4 * (uint64_t)f->o.retx_timeout + 20000;
  uint64_t t_last = f->t;
  size_t nlat = f->nlat;
  while (!all_delivered(f)) {
    fab_cycle(f, 1);
    if (f->nlat != nlat) {
      nlat = f->nlat;
      t_last = f->t;
    }
    CHECK(f->t - t_last < stall, "no command delivered for %llu cycles (%zu delivered so far)",
          (unsigned long long)stall, f->nlat);
    CHECK(f->t - f->t_traffic < f->o.max_cycles,
          "traffic not delivered after %llu cycles (%zu commands delivered)",
          (unsigned long long)(f->t - f->t_traffic), f->nlat);
  }
  f->t_done = f->t;

  /* drain: ACKs settle; then nothing may arrive any more */
  for (unsigned c = 0; c < 3000; c++)
    fab_cycle(f, 0);
  if (f->o.cbfc) {
    /* CBFC updates go on every refresh for good: stop them (PFC_TX_EN 0 everywhere) so that the
       counters hold still while they are read */
    for (unsigned l = 0; l < f->nl; l++)
      fab_axi(f, 1, ep_base(f, l / f->planes, l % f->planes) + SUE_REG_CTRL,
              ep_ctrl(&f->o) & ~SUE_REG_CTRL_PFC_TX_EN_MASK, NULL);
    for (unsigned k = 0; k < f->planes; k++)
      fab_axi(f, 1, sw_base(f, k) + FSP_REG_CTRL, 0x5u | FSP_CTRL_FC_MODE, NULL);
    fab_axi_wait(f);
    for (unsigned c = 0; c < 1000; c++)
      fab_cycle(f, 0);
  }
  read_counters(f);
  fab_summary(f);
  uint64_t eframes = 0, sframes = 0;
  for (unsigned k = 0; k < f->planes; k++) {
    fab_lc_finish(f->lc[k], (const uint32_t(*)[FSP_NCNT])f->sw_cnt[f->n * k]);
    sframes += fab_lc_frames(f->lc[k]);
  }
  for (unsigned i = 0; i < f->n && f->planes == 1; i++) {
    ls_ok(f, i, sue_ls_counters(&f->ls[i], f->ep_cnt[i]));
    for (unsigned r = 0; r < 4; r++) { /* link status and reachability: as the model's */
      uint32_t m = sue_ep_reg_read(&f->ls[i].m, ep_st_reg[r]) & ep_st_mask[r];
      CHECK((f->ep_st[i][r] & ep_st_mask[r]) == m,
            "XPU %u: register 0x%03x reads 0x%x, the model 0x%x", i, (unsigned)ep_st_reg[r],
            (unsigned)(f->ep_st[i][r] & ep_st_mask[r]), (unsigned)m);
    }
    ls_ok(f, i, sue_ls_credits_final(&f->ls[i]));
    CHECK(sue_ls_quiet(&f->ls[i]), "XPU %u: frames or commands still between the RTL and its model",
          i);
    eframes += f->ls[i].frames;
  }
  if (f->planes == 1)
    harness_log("lockstep: %llu frames out of the endpoints and %llu out of the switch, every one "
                "checked; every endpoint's decisions, deliveries, credits and counters equal its "
                "model's, every switch port's counters its port model's",
                (unsigned long long)eframes, (unsigned long long)sframes);
  else
    harness_log("lockstep: %llu frames out of %u planes' switches, every one checked against the "
                "port model, every frame out of a link the one that went in; every switch port's "
                "counters its port model's",
                (unsigned long long)sframes, f->planes);
  /* every command accepted by an endpoint and delivered by another */
  uint64_t sent = 0, got = 0;
  for (unsigned i = 0; i < f->n; i++) {
    sent += f->x[i].sent;
    got += f->x[i].received;
  }
  CHECK_EQ(got, sent, "commands delivered");
  CHECK_EQ(fab_ep_sum(f, SUE_CNT_RX_CMDS), got, "endpoints' rx_cmds");
  CHECK_EQ(fab_ep_sum(f, SUE_CNT_TX_CMDS), sent + f->o.phantom, "endpoints' tx_cmds");
  CHECK_EQ(fab_ep_sum(f, SUE_CNT_TX_CMD_BAD) + fab_ep_sum(f, SUE_CNT_TX_CREDIT_VIOL), 0,
           "commands refused at an endpoint");
  {
    uint32_t el[4], ed[4];
    dut_get(f->d, f->sw_err_len, el);
    dut_get(f->d, f->sw_err_dst, ed);
    for (unsigned k = 0; k < f->planes; k++)
      CHECK(el[k] + ed[k] == 0, "switch core drops (plane %u): %u", k, el[k] + ed[k]);
  }
  /* every frame a port received is accounted for once */
  for (unsigned p = 0; p < f->nl; p++) {
    uint64_t acc = f->sw_cnt[p][FSP_CNT_FWD] + f->sw_cnt[p][FSP_CNT_PFC_RX];
    for (unsigned r = 0; r < FSP_NDROP; r++)
      acc += f->sw_cnt[p][FSP_CNT_DROP + r];
    CHECK_EQ(acc, f->sw_cnt[p][FSP_CNT_RX], "switch port frames: forwarded + PFC + dropped");
  }
  /* lossless: nothing dropped for want of room, anywhere, where flow control runs: a port's
     frames carried on another plane obey that link's PFC or CBFC (docs/sue/sue_fail_xbar.md
     "Guest flow control"), so no switch overflows, and under PFC a port's buffer filled over
     another plane is held by that plane's PFC (sue_rx_cover); under CBFC, while a plane is down
     or does not reach an XPU, such frames are outside every link's credits ("Not covered") */
  if (!f->o.no_fc) {
    CHECK_EQ(fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_OVERFLOW), 0, "switch ingress overflow drops");
    if (!f->o.cbfc || (f->o.down_plane < 0 && f->o.no_route_plane < 0))
      CHECK_EQ(fab_ep_sum(f, SUE_CNT_RX_NOBUF), 0, "endpoint receive-buffer drops");
  }
  if (!f->o.phantom && f->o.no_route_plane < 0)
    CHECK_EQ(fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_UNKNOWN), 0, "unknown-destination drops");
}

void fab_close(fab_t *f) {
  for (unsigned i = 0; i < f->n; i++)
    for (unsigned dd = 0; dd < FAB_NMAX; dd++)
      for (unsigned v = 0; v < SUE_NVC; v++) {
        sue_stream_free(&f->x[i].out[dd][v]);
        free(f->x[i].t_sent[dd][v]);
        free(f->x[i].taken[dd][v]);
      }
  free(f->lat);
  for (unsigned k = 0; k < f->planes; k++)
    fab_lc_close(f->lc[k]);
  for (unsigned i = 0; i < f->n && f->planes == 1; i++)
    sue_ls_free(&f->ls[i]);
  if (f->o.pcap_xpu >= 0)
    for (unsigned dir = 0; dir < 2; dir++) {
      CHECK(sue_pcap_close(&f->pcap[dir]) == 0, "pcap close");
      free(f->cap[dir]);
      free(f->cap_vc[dir]);
    }
  axil_free(&f->ax);
  dut_close(f->d);
}

uint64_t fab_ep_sum(const fab_t *f, unsigned cnt) {
  uint64_t s = 0;
  for (unsigned i = 0; i < f->nl; i++)
    s += f->ep_cnt[i][cnt];
  return s;
}

uint64_t fab_sw_sum(const fab_t *f, unsigned cnt) {
  uint64_t s = 0;
  for (unsigned p = 0; p < f->nl; p++)
    s += f->sw_cnt[p][cnt];
  return s;
}

uint64_t fab_inst_sum(fab_t *f, uint32_t reg) {
  uint32_t v[FAB_NMAX] = {0};
  uint64_t s = 0;
  CHECK(f->planes > 1, "fab_inst_sum: %s has no sue_multi instances", f->k->top);
  for (unsigned i = 0; i < f->n; i++)
    fab_axi(f, 0, (uint32_t)i << 17 | reg, 0, &v[i]);
  fab_axi_wait(f);
  for (unsigned i = 0; i < f->n; i++)
    s += v[i];
  return s;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

uint64_t fab_lat_pct(fab_t *f, double pct) {
  if (!f->nlat)
    return 0;
  qsort(f->lat, f->nlat, sizeof(uint64_t), cmp_u64);
  size_t i = (size_t)(pct / 100.0 * (double)(f->nlat - 1) + 0.5);
  return f->lat[i < f->nlat ? i : f->nlat - 1];
}

void fab_summary(fab_t *f) {
  harness_log("---- %s: %u XPUs, %u plane(s)%s, %s, %u lane(s) a link, %s switch, %s", f->k->top,
              f->n, f->planes,
              f->planes == 1   ? ""
              : f->o.unordered ? " unordered"
                               : " ordered",
              f->k->rifl ? "RIFL links" : "raw links", f->k->lanes, f->k->islip ? "iSLIP" : "SCOC",
              f->o.fmt == SUE_HDR_UDP      ? "UDP"
              : f->o.fmt == SUE_HDR_AIFH12 ? "AIFH 12 B"
                                           : "AIFH 6 B");
  harness_log("  commands %zu, bytes %llu, cycles %llu", f->nlat, (unsigned long long)f->bytes,
              (unsigned long long)(f->t - f->t_traffic));
  harness_log("  latency (cycles, command in to command out): p50 %llu  p99 %llu  max %llu",
              (unsigned long long)fab_lat_pct(f, 50), (unsigned long long)fab_lat_pct(f, 99),
              (unsigned long long)fab_lat_pct(f, 100));
  harness_log("  retransmissions: RIFL requests %llu | SUE go-back-N: PDUs resent %llu, timeouts "
              "%llu, NACK replays %llu",
              (unsigned long long)f->rifl_retx, (unsigned long long)fab_ep_sum(f, SUE_CNT_TX_RETX),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_TX_TIMEOUTS),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_TX_REPLAYS));
  harness_log("  switch drops: fcs %llu runt %llu oversize %llu ethertype %llu unknown %llu "
              "overflow %llu cut %llu | endpoint drops: fcs %llu rcrc %llu nobuf %llu psn %llu "
              "dup %llu",
              (unsigned long long)fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_FCS),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_RUNT),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_OVERSIZE),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_ETYPE),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_UNKNOWN),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_OVERFLOW),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_DROP + FSP_DROP_CUT),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_RX_FCS),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_RX_RCRC),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_RX_NOBUF),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_RX_PSN),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_RX_DUP));
  harness_log("  PFC frames: endpoints sent %llu, received %llu; switch sent %llu, received %llu",
              (unsigned long long)fab_ep_sum(f, SUE_CNT_TX_PFC),
              (unsigned long long)fab_ep_sum(f, SUE_CNT_RX_PFC),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_PFC_TX),
              (unsigned long long)fab_sw_sum(f, FSP_CNT_PFC_RX));
  for (unsigned i = 0; i < f->n && f->planes > 1; i++)
    harness_log(
        "  XPU %u: commands to port 0..3 %llu %llu %llu %llu (before the outage, if any)", i,
        (unsigned long long)f->x[i].port_cmds[0][0], (unsigned long long)f->x[i].port_cmds[0][1],
        (unsigned long long)f->x[i].port_cmds[0][2], (unsigned long long)f->x[i].port_cmds[0][3]);
  for (unsigned p = 0; p < f->nl; p++)
    harness_log("  switch %u port %u: rx %u fwd %u tx %u pfc_tx %u overflow %u", p / f->n, p % f->n,
                f->sw_cnt[p][FSP_CNT_RX], f->sw_cnt[p][FSP_CNT_FWD], f->sw_cnt[p][FSP_CNT_TX],
                f->sw_cnt[p][FSP_CNT_PFC_TX], f->sw_cnt[p][FSP_CNT_DROP + FSP_DROP_OVERFLOW]);
}
