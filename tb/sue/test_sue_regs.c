/*
 * Tests of sue_regs (docs/sue/sue_regs.md, docs/sue/index.md "Register map"): the AXI4-Lite slave
 * against the model's register map, csrc/ref/sue/sue_regs_model.c (sue_ep_reg_read /
 * sue_ep_reg_write on a model endpoint whose counters the test increments with the same pulses).
 *
 *  - sue_regs_map: after reset every word address (0x000 .. 0xFFC) read and compared (reset
 *    values, CAPS, unmapped 0, connection view), every address written with random data and
 *    read back (masks, read-only, table entries, CNT_CLEAR), twice; then, on a fresh reset,
 *    every field of the register description (SUE_REG_FIELDS): its reset value or constant,
 *    all ones and all zeros written to it and read back in exactly its bits.
 *  - sue_regs_random: a write master and a read master running independently with random
 *    handshake timing (AW before W, W before AW, both at once, valid before ready, B and R
 *    back-pressured), random byte strobes, random counter pulses and amounts every cycle,
 *    CNT_CLEAR; every read compared with the model at the cycle the slave samples it, every
 *    configuration port compared with the model's decoded configuration after each write.
 * Protocol checks on the slave: BVALID / RVALID held with stable data until taken, a B only
 * after both AW and W, OKAY responses. Addresses, fields and reset values come from
 * sue_regs_map.h, generated from rtl/sue/sue_regs.rdl (the RTL's decode is generated from it too).
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "sue_regs_model.h"

typedef struct {
  const char *top;
  sue_params_t p; /* data_w, pdu_max, ndst, align, q_bytes, win, psn_per_vc, ing_cmd, ing_data,
                     rx_bytes: as tb/sue/tops.txt */
} regs_case_t;

static const regs_case_t cases[] = {
    {"sue_regs_n4", {256, 512, 4, 4, 1024, 4, 0, 8, 4, 2048}},
    {"sue_regs_n8_vc", {512, 1024, 8, 8, 2048, 8, 1, 16, 2, 8192}},
    {"sue_regs_n64", {256, 4096, 64, 4, 8192, 8, 0, 8, 4, 16384}},
};
#define NCASES (sizeof cases / sizeof cases[0])

#define MAXW HARNESS_WORDS(64 * 48)

typedef struct {
  const regs_case_t *c;
  dut_t *d;
  sue_ep_t ep;
  prng_t rng;
  uint32_t status;
  unsigned link;     /* link_up driven (STATUS.LINK_UP) */
  uint64_t unr;      /* unreach driven (UNREACH0/1) */
  uint32_t mgmt_st;  /* mgmt_words, mgmt_queued driven (MGMT_TX_STATUS.WORDS, QUEUED) */
  uint32_t mrx_st;   /* mgmt_rx_len, mgmt_rx_frames driven (MGMT_RX_STATUS) */
  uint32_t mrx_data; /* mgmt_rx_data driven (MGMT_RX_DATA) */
  uint64_t avail;    /* cbfc_avail driven (CBFC_AVAIL0 / 1) */
  uint32_t salt;     /* conn_tx / conn_rx of connections past NCONN: garbage from the salt */
  /* ports */
  port_t awvalid, awready, awaddr, wvalid, wready, wdata, wstrb, bvalid, bready, bresp;
  port_t arvalid, arready, araddr, rvalid, rready, rdata, rresp;
  port_t st, conn_idx, conn_tx, conn_rx, cnt_inc, cnt_tx_bytes, cnt_tx_timeouts, cnt_rx_bytes;
  port_t cnt_amt[5]; /* amounts of counters 0, 1, 4, 5, 6 */
  port_t link_up, unreach, intr_set, irq;
  port_t mgmt_words, mgmt_queued, mgmt_wr_valid, mgmt_wr_data, mgmt_send_valid, mgmt_send_len;
  port_t mrx_len, mrx_frames, mrx_data_p, mrx_pop, avail_p;
  uint64_t writes, reads, clears, cfg_checks;
} rt_t;

static uint32_t hash32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

/* The model's read of a word address, with the inputs the test drives (STATUS, and CONN
 * from the model's connection state). */
static uint32_t model_read(rt_t *s, uint32_t addr) {
  addr &= 0xFFCu;
  if (addr == SUE_REG_STATUS)
    return s->status | (s->link ? SUE_REG_STATUS_LINK_UP_MASK : 0u);
  if (addr == SUE_REG_MGMT_TX_STATUS) /* the buffer is sue_mgmt_tx's: the inputs driven */
    return s->mgmt_st |
           SUE_REG_PUT(SUE_REG_MGMT_TX_STATUS_MAX, SUE_REG_MGMT_TX_STATUS_MAX_RESET(&s->c->p));
  if (addr == SUE_REG_MGMT_RX_STATUS) /* sue_mgmt_rx's: the inputs driven */
    return s->mrx_st;
  if (addr == SUE_REG_MGMT_RX_DATA)
    return s->mrx_data;
  if (addr == SUE_REG_CBFC_AVAIL0 || addr == SUE_REG_CBFC_AVAIL1) /* sue_cbfc's */
    return (uint32_t)(s->avail >> (addr == SUE_REG_CBFC_AVAIL1 ? 32 : 0));
  return sue_ep_reg_read(&s->ep, addr);
}

/* A write with byte strobes: the strobed bytes replace those of the current word. */
static void model_write(rt_t *s, uint32_t addr, uint32_t val, unsigned strb) {
  uint32_t m = 0;
  for (unsigned b = 0; b < 4; b++)
    if (strb & (1u << b))
      m |= 0xFFu << (8 * b);
  if ((addr & 0xFFCu) == SUE_REG_MGMT_TX_DATA || (addr & 0xFFCu) == SUE_REG_MGMT_TX_SEND ||
      (addr & 0xFFCu) == SUE_REG_MGMT_RX_POP)
    return; /* strobes to sue_mgmt_tx / _rx (checked in cycle()), nothing stored here */
  if ((addr & 0xFFCu) == SUE_REG_INTR) { /* ones clear: only the strobed bytes' ones */
    sue_ep_reg_write(&s->ep, addr, val & m);
    return;
  }
  uint32_t cur = model_read(s, addr);
  sue_ep_reg_write(&s->ep, addr, (cur & ~m) | (val & m));
}

static void open_regs(rt_t *s, const regs_case_t *c, uint64_t salt) {
  memset(s, 0, sizeof *s);
  s->c = c;
  CHECK(sue_params_check(&c->p, NULL) == 0, "parameters of %s", c->top);
  CHECK(sue_ep_init(&s->ep, &c->p) == 0, "model of %s", c->top);
  prng_seed(&s->rng, harness_seed() ^ salt);
  dut_t *d = s->d = dut_open(c->top);
  s->awvalid = dut_port(d, "s_axil_awvalid"), s->awready = dut_port(d, "s_axil_awready");
  s->awaddr = dut_port(d, "s_axil_awaddr"), s->wvalid = dut_port(d, "s_axil_wvalid");
  s->wready = dut_port(d, "s_axil_wready"), s->wdata = dut_port(d, "s_axil_wdata");
  s->wstrb = dut_port(d, "s_axil_wstrb"), s->bvalid = dut_port(d, "s_axil_bvalid");
  s->bready = dut_port(d, "s_axil_bready"), s->bresp = dut_port(d, "s_axil_bresp");
  s->arvalid = dut_port(d, "s_axil_arvalid"), s->arready = dut_port(d, "s_axil_arready");
  s->araddr = dut_port(d, "s_axil_araddr"), s->rvalid = dut_port(d, "s_axil_rvalid");
  s->rready = dut_port(d, "s_axil_rready"), s->rdata = dut_port(d, "s_axil_rdata");
  s->rresp = dut_port(d, "s_axil_rresp");
  s->st = dut_port(d, "status"), s->conn_idx = dut_port(d, "conn_idx");
  s->conn_tx = dut_port(d, "conn_tx"), s->conn_rx = dut_port(d, "conn_rx");
  s->cnt_inc = dut_port(d, "cnt_inc"), s->cnt_tx_bytes = dut_port(d, "cnt_tx_bytes");
  s->cnt_tx_timeouts = dut_port(d, "cnt_tx_timeouts");
  s->cnt_rx_bytes = dut_port(d, "cnt_rx_bytes");
  s->cnt_amt[0] = dut_port(d, "cnt_tx_cmds"), s->cnt_amt[1] = dut_port(d, "cnt_tx_cmd_bad");
  s->cnt_amt[2] = dut_port(d, "cnt_tx_viol"), s->cnt_amt[3] = dut_port(d, "cnt_tx_hol");
  s->cnt_amt[4] = dut_port(d, "cnt_tx_flushed");
  s->link_up = dut_port(d, "link_up"), s->unreach = dut_port(d, "unreach");
  s->intr_set = dut_port(d, "intr_set"), s->irq = dut_port(d, "irq");
  s->mgmt_words = dut_port(d, "mgmt_words"), s->mgmt_queued = dut_port(d, "mgmt_queued");
  s->mgmt_wr_valid = dut_port(d, "mgmt_wr_valid"), s->mgmt_wr_data = dut_port(d, "mgmt_wr_data");
  s->mgmt_send_valid = dut_port(d, "mgmt_send_valid");
  s->mgmt_send_len = dut_port(d, "mgmt_send_len");
  s->mrx_len = dut_port(d, "mgmt_rx_len"), s->mrx_frames = dut_port(d, "mgmt_rx_frames");
  s->mrx_data_p = dut_port(d, "mgmt_rx_data"), s->mrx_pop = dut_port(d, "mgmt_rx_pop");
  s->avail_p = dut_port(d, "cbfc_avail");
  port_t in[] = {s->awvalid,      s->awaddr,  s->wvalid,     s->wdata,        s->wstrb,
                 s->bready,       s->arvalid, s->araddr,     s->rready,       s->st,
                 s->conn_tx,      s->conn_rx, s->cnt_inc,    s->cnt_tx_bytes, s->cnt_tx_timeouts,
                 s->cnt_rx_bytes, s->link_up, s->unreach,    s->intr_set,     s->mgmt_words,
                 s->mgmt_queued,  s->mrx_len, s->mrx_frames, s->mrx_data_p,   s->avail_p};
  for (unsigned i = 0; i < sizeof in / sizeof in[0]; i++)
    dut_set_u64(d, in[i], 0);
  for (unsigned k = 0; k < 5; k++)
    dut_set_u64(d, s->cnt_amt[k], 0);
  /* random connection state in the model: the CONN registers show it */
  for (unsigned i = 0; i < s->ep.nconn; i++) {
    sue_conn_t *k = &s->ep.conn[i];
    k->nxt = prng_u32(&s->rng) & 0xFFFFu;
    k->una = prng_u32(&s->rng) & 0xFFFFu;
    k->rp = prng_bernoulli(&s->rng, 0.5) ? k->nxt : prng_u32(&s->rng) & 0xFFFFu;
    k->exp = prng_u32(&s->rng) & 0xFFFFu;
    k->nack_sent = prng_u32(&s->rng) & 1u;
    k->ack_pending = prng_u32(&s->rng) & 1u;
  }
  s->salt = prng_u32(&s->rng);
  dut_reset(d, 2);
}

static void close_regs(rt_t *s) {
  harness_log("%s: %llu writes, %llu reads, %llu clears, %llu configuration checks", s->c->top,
              (unsigned long long)s->writes, (unsigned long long)s->reads,
              (unsigned long long)s->clears, (unsigned long long)s->cfg_checks);
  sue_ep_free(&s->ep);
  dut_close(s->d);
}

/* Drive the read-only inputs for the connection the slave decodes now. */
static void drive_conn(rt_t *s) {
  unsigned i = (unsigned)dut_get_u64(s->d, s->conn_idx);
  uint32_t tx, rx;
  if (i < s->ep.nconn) {
    tx = sue_ep_reg_read(&s->ep, SUE_REG_CONN_TX(i));
    rx = sue_ep_reg_read(&s->ep, SUE_REG_CONN_RX(i));
  } else { /* not a connection: the slave must not show it */
    tx = hash32(i ^ s->salt) | 1u;
    rx = hash32(i + s->salt) | 1u;
  }
  dut_set_u64(s->d, s->conn_tx, tx);
  dut_set_u64(s->d, s->conn_rx, rx);
  dut_set_u64(s->d, s->st, s->status);
  dut_set_u64(s->d, s->link_up, s->link);
  dut_set_u64(s->d, s->mgmt_words, SUE_REG_GET(s->mgmt_st, SUE_REG_MGMT_TX_STATUS_WORDS));
  dut_set_u64(s->d, s->mgmt_queued, SUE_REG_GET(s->mgmt_st, SUE_REG_MGMT_TX_STATUS_QUEUED));
  dut_set_u64(s->d, s->unreach, s->unr);
  dut_set_u64(s->d, s->mrx_len, SUE_REG_GET(s->mrx_st, SUE_REG_MGMT_RX_STATUS_LEN));
  dut_set_u64(s->d, s->mrx_frames, SUE_REG_GET(s->mrx_st, SUE_REG_MGMT_RX_STATUS_FRAMES));
  dut_set_u64(s->d, s->mrx_data_p, s->mrx_data);
  dut_set_u64(s->d, s->avail_p, s->avail);
  s->ep.reach.link_q = s->link; /* what the model's registers show */
  s->ep.reach.unr_q = s->unr;
}

static uint64_t mac48(const uint8_t *m) {
  uint64_t v = 0;
  for (unsigned i = 0; i < 6; i++)
    v = (v << 8) | m[i];
  return v;
}

/* Every configuration port against the model's configuration. */
static void check_cfg(rt_t *s) {
  const sue_cfg_t *c = &s->ep.cfg;
  dut_t *d = s->d;
  uint64_t dscp = 0, prio = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    dscp |= (uint64_t)(c->dscp[v] & 0x3Fu) << (6 * v);
    prio |= (uint64_t)(c->pfc_prio[v] & 7u) << (3 * v);
  }
  const struct {
    const char *name;
    uint64_t v;
  } f[] = {
      {"cfg_hdr_fmt", c->hdr_fmt},
      {"cfg_rcrc_c", c->rcrc_c},
      {"cfg_pfc_tx_en", c->pfc_tx_en},
      {"cfg_pfc_rx_en", c->pfc_rx_en},
      {"cfg_fc_mode", c->fc_mode},
      {"cfg_cbfc_ushift", c->cbfc_ushift},
      {"cfg_cbfc_step", c->cbfc_step},
      {"cfg_cbfc_oui", c->cbfc_oui},
      {"cfg_ack_vc", c->ack_vc},
      {"cfg_xpuid", c->xpuid},
      {"cfg_partition", c->partition},
      {"cfg_mac", mac48(c->mac)},
      {"cfg_ip", c->ip},
      {"cfg_udp_sport", c->udp_sport},
      {"cfg_udp_dport", c->udp_dport},
      {"cfg_ethertype", c->ethertype},
      {"cfg_ttl", c->ttl},
      {"cfg_dscp", dscp},
      {"cfg_aifh_prefix", c->aifh_prefix},
      {"cfg_pack_timeout", c->pack_timeout},
      {"cfg_pack_thresh", c->pack_thresh},
      {"cfg_retx_timeout", c->retx_timeout},
      {"cfg_ack_delay", c->ack_delay},
      {"cfg_pfc_prio", prio},
      {"cfg_pfc_time", c->pfc_time},
      {"cfg_pfc_qcyc", c->pfc_qcyc},
      {"cfg_pfc_refresh", c->pfc_refresh},
      {"cfg_pfc_xoff", c->pfc_xoff},
      {"cfg_pfc_xon", c->pfc_xon},
      {"cfg_vlan_tx", c->vlan_tx},
      {"cfg_vlan_vid", c->vlan_vid},
      {"cfg_retry_limit", c->retry_limit},
      {"cfg_mgmt_gap", c->mgmt_gap},
      {"cfg_mgmt_rx_en", c->mgmt_rx_en},
      {"cfg_mgmt_rx_etype", c->mgmt_rx_etype},
      {"cfg_mgmt_rx_mask", c->mgmt_rx_mask},
      {"mgmt_rx_word", c->mgmt_rx_rd},
  };
  for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++)
    CHECK_PORT_U64(d, dut_port(d, f[i].name), f[i].v, "model configuration");
  unsigned n = s->c->p.ndst;
  uint32_t wv[MAXW] = {0}, wx[MAXW] = {0}, wm[MAXW] = {0}, wi[MAXW] = {0};
  for (unsigned e = 0; e < n; e++) {
    bits_put_field(wv, e, 1, c->dst[e].valid);
    bits_put_field(wx, 10 * e, 10, c->dst[e].xpuid);
    bits_put_field(wm, 48 * e, 48, mac48(c->dst[e].mac));
    bits_put_field(wi, 32 * e, 32, c->dst[e].ip);
  }
  CHECK_PORT(d, dut_port(d, "dst_valid"), wv, 0, "model destination table");
  CHECK_PORT(d, dut_port(d, "dst_xpuid"), wx, 0, "model destination table");
  CHECK_PORT(d, dut_port(d, "dst_mac"), wm, 0, "model destination table");
  CHECK_PORT(d, dut_port(d, "dst_ip"), wi, 0, "model destination table");
  s->cfg_checks++;
}

/* ------------------------------------------------------------ the two masters */
typedef struct {
  int busy;                 /* a transaction is open */
  uint32_t addr, data;      /* cppcheck-suppress unusedStructMember */
  unsigned strb;            /* cppcheck-suppress unusedStructMember */
  unsigned aw_wait, w_wait; /* cycles before AWVALID / WVALID (read: ARVALID) rise */
  int aw_done, w_done;      /* address / data taken */
  int resp_seen;            /* BVALID / RVALID seen */
  uint32_t expect;          /* read: the value sampled */
  unsigned gap;             /* idle cycles before the next transaction */
} master_t;

static uint32_t pick_addr(rt_t *s) {
  prng_t *r = &s->rng;
  unsigned k = (unsigned)prng_below(r, 100);
  unsigned ndst = s->c->p.ndst, nconn = s->ep.nconn;
  if (k < 30) /* counters, a few past the last */
    return SUE_REG_CNT((unsigned)prng_below(r, SUE_NCNT + 4));
  if (k < 55) /* configuration and status registers and the words around them */
    return (uint32_t)prng_below(r, SUE_REG_UNREACH1 + 0x10u) & 0xFFCu;
  if (k < 75) /* destination table, some entries past NDST */
    return SUE_REG_DST(
               (unsigned)prng_below(r, ndst + 2 > SUE_REG_DST_NUM ? SUE_REG_DST_NUM : ndst + 2)) +
           4u * (unsigned)prng_below(r, SUE_REG_DST_STRIDE / 4u);
  if (k < 85) /* connections, some past NCONN */
    return SUE_REG_CONN((unsigned)prng_below(r, nconn + 2 > SUE_REG_CONN_NUM ? SUE_REG_CONN_NUM
                                                                             : nconn + 2)) +
           4u * (unsigned)prng_below(r, SUE_REG_CONN_STRIDE / 4u);
  if (k < 90)
    return SUE_REG_CNT_CLEAR;
  return prng_u32(r) & 0xFFFu; /* anywhere, unaligned too */
}

static uint32_t pick_data(rt_t *s, uint32_t addr) {
  if ((addr & 0xFFCu) == SUE_REG_CNT_CLEAR) /* a clear now and then */
    return prng_bernoulli(&s->rng, 0.3) ? prng_u32(&s->rng) | SUE_REG_CNT_CLEAR_CLEAR_MASK
                                        : prng_u32(&s->rng) & ~SUE_REG_CNT_CLEAR_CLEAR_MASK;
  return prng_u32(&s->rng);
}

/* One cycle of both masters and the counter pulses, then the edge and the model. The
 * probabilities shape the handshake timing. */
typedef struct {
  double p_bready, p_rready, p_pulse, p_start, p_strb;
  unsigned max_wait;
} timing_t;

static void cycle(rt_t *s, master_t *w, master_t *rd, const timing_t *tm, int writes_on,
                  int reads_on) {
  dut_t *d = s->d;
  prng_t *r = &s->rng;
  /* start transactions */
  if (!w->busy && writes_on) {
    if (w->gap)
      w->gap--;
    else if (prng_bernoulli(r, tm->p_start)) {
      memset(w, 0, sizeof *w);
      w->busy = 1;
      w->addr = pick_addr(s);
      w->data = pick_data(s, w->addr);
      w->strb = prng_bernoulli(r, tm->p_strb) ? (unsigned)prng_below(r, 16) : 0xFu;
      w->aw_wait = (unsigned)prng_below(r, tm->max_wait + 1);
      w->w_wait = (unsigned)prng_below(r, tm->max_wait + 1);
    }
  }
  if (!rd->busy && reads_on) {
    if (rd->gap)
      rd->gap--;
    else if (prng_bernoulli(r, tm->p_start)) {
      memset(rd, 0, sizeof *rd);
      rd->busy = 1;
      rd->addr = pick_addr(s);
      rd->aw_wait = (unsigned)prng_below(r, tm->max_wait + 1);
    }
  }
  /* drive */
  int awv = w->busy && !w->aw_done && w->aw_wait == 0;
  int wv = w->busy && !w->w_done && w->w_wait == 0;
  int arv = rd->busy && !rd->aw_done && rd->aw_wait == 0;
  dut_set_u64(d, s->awvalid, (uint64_t)awv);
  dut_set_u64(d, s->awaddr, awv ? w->addr : prng_u32(r) & 0xFFFu);
  dut_set_u64(d, s->wvalid, (uint64_t)wv);
  dut_set_u64(d, s->wdata, wv ? w->data : prng_u32(r));
  dut_set_u64(d, s->wstrb, wv ? w->strb : prng_below(r, 16));
  dut_set_u64(d, s->arvalid, (uint64_t)arv);
  dut_set_u64(d, s->araddr, arv ? rd->addr : prng_u32(r) & 0xFFFu);
  int bready = prng_bernoulli(r, tm->p_bready), rready = prng_bernoulli(r, tm->p_rready);
  dut_set_u64(d, s->bready, (uint64_t)bready);
  dut_set_u64(d, s->rready, (uint64_t)rready);
  /* counter pulses */
  uint64_t inc = 0;
  if (prng_bernoulli(r, tm->p_pulse)) {
    inc = prng_next(r) & prng_next(r); /* about a quarter of the counters */
    inc &= SUE_REG_CNT_ON;             /* the counters that exist */
  }
  uint32_t txb = prng_u32(r) & 0xFFFFu, tmo = prng_u32(r) & 0x1FFu, rxb = prng_u32(r) & 0xFFFFu;
  dut_set_u64(d, s->cnt_inc, inc);
  dut_set_u64(d, s->cnt_tx_bytes, txb);
  dut_set_u64(d, s->cnt_tx_timeouts, tmo);
  dut_set_u64(d, s->cnt_rx_bytes, rxb);
  static const unsigned amt_idx[5] = {SUE_CNT_TX_CMDS, SUE_CNT_TX_CMD_BAD, SUE_CNT_TX_CREDIT_VIOL,
                                      SUE_CNT_TX_HOL, SUE_CNT_TX_FLUSHED};
  static const uint32_t amt_mask[5] = {7u, 3u, 3u, 7u, 0xFFFFFFu};
  uint32_t amt[SUE_NCNT];
  for (unsigned i = 0; i < SUE_NCNT; i++)
    amt[i] = 1u;
  amt[SUE_CNT_TX_BYTES] = txb, amt[SUE_CNT_TX_TIMEOUTS] = tmo, amt[SUE_CNT_RX_BYTES] = rxb;
  for (unsigned k = 0; k < 5; k++) {
    amt[amt_idx[k]] = prng_u32(r) & amt_mask[k];
    dut_set_u64(d, s->cnt_amt[k], amt[amt_idx[k]]);
  }
  if (prng_bernoulli(r, 0.01))
    s->status = prng_u32(r) & (SUE_REG_STATUS_PAUSED_MASK | SUE_REG_STATUS_XOFF_MASK |
                               SUE_REG_STATUS_TX_RESET_MASK | SUE_REG_STATUS_RX_RESET_MASK);
  if (prng_bernoulli(r, 0.01)) {
    s->mgmt_st =
        prng_u32(r) & (SUE_REG_MGMT_TX_STATUS_WORDS_MASK | SUE_REG_MGMT_TX_STATUS_QUEUED_MASK);
    s->link = (unsigned)prng_below(r, 2);
    s->mrx_st =
        prng_u32(r) & (SUE_REG_MGMT_RX_STATUS_LEN_MASK | SUE_REG_MGMT_RX_STATUS_FRAMES_MASK);
    s->mrx_data = prng_u32(r);
    s->avail = prng_next(r);
    s->unr = prng_next(r) & (s->c->p.ndst < 64 ? (1ull << s->c->p.ndst) - 1u : ~0ull);
  }
  /* INTR events: now and then, more often while the counters pulse */
  uint32_t iset = prng_bernoulli(r, tm->p_pulse * 0.1) ? prng_u32(r) & SUE_INTR_ALL : 0u;
  dut_set_u64(d, s->intr_set, iset);
  drive_conn(s);
  /* what the edge does */
  int aw_take = awv && dut_get_u64(d, s->awready);
  int w_take = wv && dut_get_u64(d, s->wready);
  int ar_take = arv && dut_get_u64(d, s->arready);
  int b_before = (int)dut_get_u64(d, s->bvalid), r_before = (int)dut_get_u64(d, s->rvalid);
  uint32_t rdata_before = (uint32_t)dut_get_u64(d, s->rdata);
  int b_take = b_before && bready, r_take = r_before && rready;
  uint32_t sample = rd->busy && rd->aw_done ? model_read(s, rd->addr) : 0; /* pre-edge */
  /* the management strobes of this edge's write (if any), checked once the write is seen */
  int mwv = (int)dut_get_u64(d, s->mgmt_wr_valid), msv = (int)dut_get_u64(d, s->mgmt_send_valid);
  uint32_t mwd = (uint32_t)dut_get_u64(d, s->mgmt_wr_data);
  unsigned msl = (unsigned)dut_get_u64(d, s->mgmt_send_len);
  int mpop = (int)dut_get_u64(d, s->mrx_pop);
  dut_step(d, 1);
  /* the model at the same edge: increments, then a write that happened (CNT_CLEAR wins) */
  for (unsigned i = 0; i < SUE_NCNT; i++)
    if ((inc >> i) & 1u)
      s->ep.cnt[i] += amt[i];
  int b_now = (int)dut_get_u64(d, s->bvalid), r_now = (int)dut_get_u64(d, s->rvalid);
  CHECK(!(b_before && !b_take) || b_now, "BVALID dropped before BREADY");
  CHECK(!(r_before && !r_take) || r_now, "RVALID dropped before RREADY");
  CHECK(!(r_before && !r_take) || (uint32_t)dut_get_u64(d, s->rdata) == rdata_before,
        "RDATA changed while RVALID waited");
  CHECK_PORT_U64(d, s->bresp, 0, "BRESP OKAY");
  CHECK_PORT_U64(d, s->rresp, 0, "RRESP OKAY");
  /* write master */
  if (w->busy) {
    w->aw_done |= aw_take;
    w->w_done |= w_take;
    if (w->aw_wait)
      w->aw_wait--;
    if (w->w_wait)
      w->w_wait--;
    if (b_take) {
      CHECK(w->resp_seen, "B taken before it was seen");
      w->busy = 0;
      w->gap = (unsigned)prng_below(r, 3);
    } else if (b_now && !b_before) {
      CHECK(w->aw_done && w->w_done, "BVALID before both AW and W were taken");
      CHECK(!w->resp_seen, "second B for one write");
      w->resp_seen = 1;
      model_write(s, w->addr, w->data, w->strb);
      s->writes++;
      uint32_t wa = w->addr & 0xFFCu, m = 0;
      for (unsigned b = 0; b < 4; b++)
        m |= (w->strb >> b & 1u) ? 0xFFu << (8 * b) : 0u;
      CHECK(mwv == (wa == SUE_REG_MGMT_TX_DATA), "mgmt_wr_valid %d on a write of 0x%03x", mwv,
            (unsigned)wa);
      CHECK(msv == (wa == SUE_REG_MGMT_TX_SEND), "mgmt_send_valid %d on a write of 0x%03x", msv,
            (unsigned)wa);
      if (mwv) /* the strobed bytes, the others 0 */
        CHECK_EQ(mwd, w->data & m, "mgmt_wr_data");
      if (msv)
        CHECK_EQ(msl, SUE_REG_GET(w->data & m, SUE_REG_MGMT_TX_SEND_LEN), "mgmt_send_len");
      /* a release: bit 0 written with 1 (its byte strobed) */
      CHECK_EQ(mpop, wa == SUE_REG_MGMT_RX_POP && (w->strb & 1u) && (w->data & 1u),
               "mgmt_rx_pop on a write");
      if ((w->addr & 0xFFCu) == SUE_REG_CNT_CLEAR && (w->strb & 1u) &&
          SUE_REG_GET(w->data, SUE_REG_CNT_CLEAR_CLEAR))
        s->clears++;
      check_cfg(s);
    }
  } else {
    CHECK(!b_now || b_before, "BVALID without a write");
  }
  if (!(w->busy && b_now && !b_before)) /* no write at this edge: no strobe */
    CHECK(!mwv && !msv && !mpop, "a management strobe without a write (%d, %d, %d)", mwv, msv,
          mpop);
  /* INTR events of this edge: a write to INTR at the same edge does not clear them */
  s->ep.reach.intr |= iset;
  CHECK_PORT_U64(d, s->irq, (s->ep.reach.intr & s->ep.cfg.intr_en) != 0, "irq");
  /* read master */
  if (rd->busy) {
    rd->aw_done |= ar_take;
    if (rd->aw_wait)
      rd->aw_wait--;
    if (r_take) {
      CHECK(rd->resp_seen, "R taken before it was seen");
      rd->busy = 0;
      rd->gap = (unsigned)prng_below(r, 3);
    } else if (r_now && !r_before) {
      CHECK(rd->aw_done, "RVALID before AR was taken");
      rd->resp_seen = 1;
      rd->expect = sample;
      s->reads++;
      uint32_t got = (uint32_t)dut_get_u64(d, s->rdata);
      if (got != sample)
        FAIL("%s: read 0x%03x at cycle %llu: got 0x%08x, model 0x%08x", s->c->top,
             (unsigned)rd->addr, (unsigned long long)dut_cycle(d), (unsigned)got, (unsigned)sample);
      harness_count_check();
    }
  } else {
    CHECK(!r_now || r_before, "RVALID without a read");
  }
}

/* Runs single transactions until both masters are idle. */
static void drain(rt_t *s, master_t *w, master_t *rd, const timing_t *tm) {
  for (unsigned n = 0; w->busy || rd->busy; n++) {
    CHECK(n < 1000, "transaction hangs");
    cycle(s, w, rd, tm, 0, 0);
  }
}

static void one_write(rt_t *s, uint32_t addr, uint32_t data, const timing_t *tm) {
  master_t w, rd;
  memset(&w, 0, sizeof w);
  memset(&rd, 0, sizeof rd);
  w.busy = 1, w.addr = addr, w.data = data, w.strb = 0xFu;
  w.aw_wait = (unsigned)prng_below(&s->rng, tm->max_wait + 1);
  w.w_wait = (unsigned)prng_below(&s->rng, tm->max_wait + 1);
  drain(s, &w, &rd, tm);
}

/* A read, checked against the model; returns the word the slave gave. */
static uint32_t one_read(rt_t *s, uint32_t addr, const timing_t *tm) {
  master_t w, rd;
  memset(&w, 0, sizeof w);
  memset(&rd, 0, sizeof rd);
  rd.busy = 1, rd.addr = addr;
  rd.aw_wait = (unsigned)prng_below(&s->rng, tm->max_wait + 1);
  drain(s, &w, &rd, tm);
  return rd.expect;
}

/* Every field of the register description (SUE_REG_FIELDS, sue_regs_map.h) on a fresh reset:
 * the reset value or constant the description gives for this top's parameters, then all ones
 * and all zeros written to each RW field (with its wr_gate field) read back in exactly its bits,
 * and a write to a constant leaving it as it was. Arrays: their first and last element. */
enum {
  RO,
  RW,
  RH,
  WO,
  W1C
}; /* access in SUE_REG_FIELDS: constant, read-write, hardware,
       write-only, set by the hardware and cleared by writing 1 */
typedef struct {
  const char *name;
  uint32_t addr, stride;
  unsigned n; /* elements */
  uint32_t mask;
  unsigned lsb, acc;
  uint32_t reset, gate;
} field_t;

static void field_walk(rt_t *s, const timing_t *tm) {
  const sue_params_t *p = &s->c->p;
#define FIELD_ROW(name, addr, stride, n, F, acc, reset, gate)                                      \
  {name, addr, stride, n, F##_MASK, F##_LSB, acc, reset, gate},
  const field_t f[] = {SUE_REG_FIELDS(FIELD_ROW)};
#undef FIELD_ROW
  const unsigned nf = sizeof f / sizeof f[0];
  for (int phase = 0; phase < 2; phase++) /* 0: reset values, 1: writes */
    for (unsigned i = 0; i < nf; i++)
      for (unsigned e = 0; e < f[i].n; e = e + 1 < f[i].n ? f[i].n - 1 : f[i].n) {
        uint32_t a = f[i].addr + e * f[i].stride, m = f[i].mask;
        if (phase == 0 && (f[i].acc == RO || f[i].acc == RW || f[i].acc == W1C)) {
          uint32_t v = one_read(s, a, tm);
          CHECK(((v & m) >> f[i].lsb) == f[i].reset, "%s: %s [%u] after reset: 0x%x, expected 0x%x",
                s->c->top, f[i].name, e, (unsigned)((v & m) >> f[i].lsb), (unsigned)f[i].reset);
        } else if (phase == 1 && f[i].acc == RW) {
          one_write(s, a, m | f[i].gate, tm);
          CHECK((one_read(s, a, tm) & m) == m, "%s: %s [%u] written all ones", s->c->top, f[i].name,
                e);
          one_write(s, a, 0, tm);
          CHECK((one_read(s, a, tm) & m) == 0, "%s: %s [%u] written 0", s->c->top, f[i].name, e);
        } else if (phase == 1 && f[i].acc == RO) {
          one_write(s, a, ~0u, tm);
          CHECK(((one_read(s, a, tm) & m) >> f[i].lsb) == f[i].reset, "%s: %s [%u] written",
                s->c->top, f[i].name, e);
        } else if (phase == 1 && f[i].acc == W1C) { /* no events in the walk: stays 0 */
          one_write(s, a, m, tm);
          CHECK((one_read(s, a, tm) & m) == 0, "%s: %s [%u] written 1 (clear)", s->c->top,
                f[i].name, e);
        } else if (phase == 1 && f[i].acc == WO) {
          CHECK((one_read(s, a, tm) & m) == 0, "%s: %s reads 0", s->c->top, f[i].name);
        }
      }
  harness_log("%s: %u fields walked", s->c->top, nf);
}

HARNESS_TEST(sue_regs_map) {
  const timing_t tm = {0.7, 0.7, 0.0, 1.0, 0.0, 2};
  for (unsigned ci = 0; ci < NCASES; ci++) {
    rt_t s;
    open_regs(&s, &cases[ci], 0x5EC5u + ci);
    check_cfg(&s); /* reset values on the ports */
    for (unsigned pass = 0; pass < 2; pass++) {
      for (uint32_t a = 0; a < 0x1000u; a += 4)
        one_read(&s, a, &tm);
      for (uint32_t a = 0; a < 0x1000u; a += 4) {
        uint32_t v = prng_u32(&s.rng);
        if (a == SUE_REG_CTRL && pass == 1) /* AIFH_SHORT without AIFH: reads 0 */
          v = (v & ~SUE_REG_CTRL_AIFH_MASK) | SUE_REG_CTRL_AIFH_SHORT_MASK;
        one_write(&s, a, v, &tm);
      }
    }
    for (uint32_t a = 0; a < 0x1000u; a += 4)
      one_read(&s, a, &tm);
    close_regs(&s);
    open_regs(&s, &cases[ci], 0xF1E1Du + ci);
    field_walk(&s, &tm);
    close_regs(&s);
  }
}

HARNESS_TEST(sue_regs_random) {
  const char *pa = harness_plusarg("cycles");
  unsigned cycles = pa ? (unsigned)strtoul(pa, NULL, 0) : 20000;
  for (unsigned ci = 0; ci < NCASES; ci++) {
    rt_t s;
    open_regs(&s, &cases[ci], 0xA1Cu + ci);
    master_t w, rd;
    memset(&w, 0, sizeof w);
    memset(&rd, 0, sizeof rd);
    unsigned n = ci == 2 ? cycles / 4 : cycles;
    timing_t tm = {0.5, 0.5, 0.5, 0.5, 0.2, 3};
    for (unsigned t = 0; t < n; t++) {
      if (t % 500 == 0) { /* phases: eager, back-pressured, slow sources */
        tm.p_bready = prng_bernoulli(&s.rng, 0.3) ? 0.15 : 0.9;
        tm.p_rready = prng_bernoulli(&s.rng, 0.3) ? 0.15 : 0.9;
        tm.p_start = prng_bernoulli(&s.rng, 0.5) ? 1.0 : 0.3;
        tm.max_wait = (unsigned)prng_below(&s.rng, 5);
        tm.p_pulse = prng_double(&s.rng);
      }
      cycle(&s, &w, &rd, &tm, 1, 1);
    }
    drain(&s, &w, &rd, &tm);
    /* every counter once more, without pulses */
    tm.p_pulse = 0;
    for (unsigned i = 0; i < SUE_NCNT; i++)
      one_read(&s, SUE_REG_CNT(i), &tm);
    CHECK(pa || (s.clears > 0 && s.writes > 100 && s.reads > 100), "traffic mix");
    close_regs(&s);
  }
}

/* Expected to fail: ARVALID dropped before ARREADY (the read channel is busy with an
 * unaccepted response) must stop the simulation on the slave's protocol assertion. */
HARNESS_XFAIL(xfail_regs_arvalid_dropped, "ARVALID dropped or ARADDR changed") {
  dut_t *d = dut_open("sue_regs_n4");
  dut_reset(d, 2);
  port_t arvalid = dut_port(d, "s_axil_arvalid"), araddr = dut_port(d, "s_axil_araddr");
  dut_set_u64(d, araddr, SUE_REG_ID);
  dut_set_u64(d, arvalid, 1);
  dut_step(d, 1); /* taken; RREADY stays 0, so the next AR waits */
  dut_set_u64(d, araddr, SUE_REG_CAPS0);
  dut_step(d, 2); /* waiting for ARREADY */
  dut_set_u64(d, arvalid, 0);
  dut_step(d, 2);
  FAIL("the AXI assertion did not fire");
}
