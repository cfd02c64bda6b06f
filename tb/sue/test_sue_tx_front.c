/*
 * Tests of the SUE transmit front end (docs/sue/sue_tx_front.md): sue_tx_front = sue_ingress +
 * sue_pack_buf + sue_tx_sched, in lockstep with the reference model
 * (csrc/ref/sue/sue_endpoint_model.c ingress and credits, csrc/ref/sue/sue_tx_front_model.c queues,
 * readiness, cut and scheduler).
 *
 * Every cycle t the test drives one XPU beat (or an idle cycle), then runs the model at t in
 * the model's order: advance (held commands drain), the command whose last beat was at t - 1
 * enters (D_IN = 1: sue_ep_xpu_tx(t)), and when the RTL shows tx_decide the scheduler decides
 * with the same eligibility mask (sue_pack_schedule + sue_pack_cut at t). Compared: every
 * decision (valid, slot, VC, length), every PDU byte of the stream, every per-queue credit
 * return, the ingress credit returns (the RTL may return later, never earlier, never more;
 * equal at the end) and every counter increment. The XPU driver honours the credits it gets
 * from the RTL (unless a test breaks them on purpose).
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "sue_endpoint_model.h"

/* Icarus runs these tests in sim_tx_front.vvp (tb/sue/tops.txt @program=tx_front). */
HARNESS_PROGRAM(tx_front);

typedef struct {
  const char *top;
  unsigned data_w, ndst, align, pdu_max, q_bytes, ing_cmd, ing_data; /* as tops.txt */
} pk_case_t;

static const pk_case_t cases[] = {
    {"sue_tx_front_d256_n4", 256, 4, 4, 512, 1024, 4, 2},
    {"sue_tx_front_d128_n8_a8", 128, 8, 8, 512, 1024, 3, 2},
    {"sue_tx_front_d512_n5_a2", 512, 5, 2, 400, 800, 2, 1},
    {"sue_tx_front_d256_n64", 256, 64, 4, 512, 1024, 4, 2},
};

#define MAXW HARNESS_WORDS(4096)
#define NPDU 16 /* expected PDUs in flight (ring) */
#define NEV 8   /* model events in flight (ring) */

typedef struct {
  double p_bad, p_err, p_nodst, p_abort, p_sn, p_gap, p_idle, p_data;
  double p_port, p_ready, p_ok_flip;
  unsigned timeout, thresh;
  int honour_q, honour_ing; /* XPU respects per-queue / ingress credits */
  int fixed_slot, fixed_vc; /* >= 0: every command to that slot / VC */
  int max_size;             /* every command 274 bytes */
} pk_opts_t;

typedef struct {
  uint64_t t;
  unsigned tx_valid, err;
  sue_cmd_t c;
} mev_t;

typedef struct {
  unsigned len, off;
  uint8_t b[SUE_PDU_MAX_MAX];
} xpdu_t;

typedef struct {
  unsigned xpuid, vc, units;
} xqcr_t;

typedef struct {
  const pk_case_t *k;
  pk_opts_t o;
  dut_t *d;
  sue_ep_t ep;
  prng_t rng;
  unsigned nb, pw, nq;
  uint64_t t;
  /* ports */
  port_t tx_valid, tx_cycle, tx_vc, tx_xpuid, tx_control, tx_send_now, tx_data, tx_err;
  port_t tx_credit, qc_valid, qc_xpuid, qc_vc, qc_units, tx_reset_in, tx_reset_out;
  port_t dst_valid, dst_xpuid, pack_timeout, pack_thresh, q_ok, port_free;
  port_t tx_decide, dec_valid, dec_slot, dec_vc, dec_len;
  port_t pdu_valid, pdu_ready, pdu_data, pdu_last, pdu_nbytes, backlog;
  port_t inc_cmds, inc_bad, inc_err, inc_nodst, inc_viol, inc_hol, inc_flushed, inc_pdus;
  /* destination table */
  unsigned ids[SUE_NDST_MAX], valid[SUE_NDST_MAX], bad_id;
  uint32_t okw[MAXW];
  /* XPU: the command being sent */
  int busy;
  sue_cmd_t cur;
  unsigned cur_valid, cur_beats, cur_beat, cur_err_beat, cur_abort_beat, cur_accept, cur_slot;
  /* XPU credits */
  int icred[SUE_NVC][2];
  int qunits[SUE_NDST_MAX][SUE_NVC];
  /* model events (command ends) */
  mev_t ev[NEV];
  unsigned ev_rd, ev_n;
  /* expected stream and per-queue credits */
  xpdu_t *pdu; /* [NPDU] */
  unsigned pdu_rd, pdu_n;
  xqcr_t qcr[NPDU];
  unsigned qcr_rd, qcr_n;
  /* credits returned: model and RTL, per {VC, type} */
  uint64_t m_cred[SUE_NVC][2], r_cred[SUE_NVC][2];
  /* counters: RTL increments seen, model snapshot of the previous cycle */
  uint64_t r_cnt[SUE_NCNT];
  uint32_t m_prev[SUE_NCNT];
  /* coverage */
  unsigned sent, accepted, pdus, multi, empty_dec, clen_seen, dlen_cls, aborts;
  unsigned q_used[SUE_NDST_MAX * SUE_NVC];
} pk_t;

static const pk_case_t *find_case(const char *top) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (!strcmp(cases[i].top, top))
      return &cases[i];
  FAIL("no case %s", top);
}

static int slot_of(const pk_t *s, unsigned xpuid) {
  for (unsigned d = 0; d < s->k->ndst; d++)
    if (s->valid[d] && s->ids[d] == xpuid)
      return (int)d;
  return -1;
}

static void set_cfg(pk_t *s) {
  dut_set_u64(s->d, s->pack_timeout, s->o.timeout);
  dut_set_u64(s->d, s->pack_thresh, s->o.thresh);
  s->ep.cfg.pack_timeout = s->o.timeout;
  s->ep.cfg.pack_thresh = s->o.thresh;
}

static void open_pk(pk_t *s, const char *top, const pk_opts_t *o, uint64_t salt) {
  memset(s, 0, sizeof *s);
  s->k = find_case(top);
  s->o = *o;
  const pk_case_t *k = s->k;
  s->nb = k->data_w / 8;
  s->pw = s->nb + 24 <= 64 ? 64 : s->nb + 24 <= 128 ? 128 : s->nb + 24 <= 256 ? 256 : 512;
  s->nq = k->ndst * SUE_NVC;
  s->pdu = calloc(NPDU, sizeof *s->pdu);
  CHECK(s->pdu != NULL, "alloc");
  sue_params_t p = sue_default_params();
  p.data_w = k->data_w;
  p.ndst = k->ndst;
  p.align = k->align;
  p.pdu_max = k->pdu_max;
  p.q_bytes = k->q_bytes;
  p.ing_cmd = k->ing_cmd;
  p.ing_data = k->ing_data;
  p.win = 64;
  p.rx_bytes = k->pdu_max;
  CHECK(sue_ep_init(&s->ep, &p) == 0, "model parameters of %s", top);
  prng_seed(&s->rng, harness_seed() ^ salt);
  dut_t *d = s->d = dut_open(top);
  s->tx_valid = dut_port(d, "tx_valid"), s->tx_cycle = dut_port(d, "tx_cycle");
  s->tx_vc = dut_port(d, "tx_vc"), s->tx_xpuid = dut_port(d, "tx_xpuid");
  s->tx_control = dut_port(d, "tx_control"), s->tx_send_now = dut_port(d, "tx_send_now");
  s->tx_data = dut_port(d, "tx_data"), s->tx_err = dut_port(d, "tx_err");
  s->tx_credit = dut_port(d, "tx_credit"), s->qc_valid = dut_port(d, "tx_qcredit_valid");
  s->qc_xpuid = dut_port(d, "tx_qcredit_xpuid"), s->qc_vc = dut_port(d, "tx_qcredit_vc");
  s->qc_units = dut_port(d, "tx_qcredit_units"), s->tx_reset_in = dut_port(d, "tx_reset_in");
  s->tx_reset_out = dut_port(d, "tx_reset_out");
  s->dst_valid = dut_port(d, "dst_valid"), s->dst_xpuid = dut_port(d, "dst_xpuid");
  s->pack_timeout = dut_port(d, "pack_timeout"), s->pack_thresh = dut_port(d, "pack_thresh");
  s->q_ok = dut_port(d, "q_ok"), s->port_free = dut_port(d, "port_free");
  s->tx_decide = dut_port(d, "tx_decide"), s->dec_valid = dut_port(d, "dec_valid");
  s->dec_slot = dut_port(d, "dec_slot"), s->dec_vc = dut_port(d, "dec_vc");
  s->dec_len = dut_port(d, "dec_len");
  s->pdu_valid = dut_port(d, "pdu_valid"), s->pdu_ready = dut_port(d, "pdu_ready");
  s->pdu_data = dut_port(d, "pdu_data"), s->pdu_last = dut_port(d, "pdu_last");
  s->pdu_nbytes = dut_port(d, "pdu_nbytes");
  s->backlog = dut_port(d, "backlog");
  s->inc_cmds = dut_port(d, "inc_cmds"), s->inc_bad = dut_port(d, "inc_bad");
  s->inc_err = dut_port(d, "inc_err"), s->inc_nodst = dut_port(d, "inc_nodst");
  s->inc_viol = dut_port(d, "inc_viol"), s->inc_hol = dut_port(d, "inc_hol");
  s->inc_flushed = dut_port(d, "inc_flushed"), s->inc_pdus = dut_port(d, "inc_pdus");
  CHECK_EQ(dut_width(d, s->pdu_data), s->pw * 8, "pdu_data width");
  CHECK_EQ(dut_width(d, s->q_ok), s->nq, "q_ok width");

  /* destination table: distinct ids; the last slot invalid when there are several, and one
   * duplicate id (the first valid entry wins) */
  uint32_t w[MAXW];
  memset(w, 0, sizeof w);
  unsigned base = (unsigned)prng_below(&s->rng, 1000); /* ids distinct: 37 is odd */
  for (unsigned dd = 0; dd < k->ndst; dd++) {
    s->ids[dd] = (dd * 37u + base) & 0x3FFu;
    s->valid[dd] = 1;
  }
  if (k->ndst >= 4 && k->ndst < 64) {
    s->valid[k->ndst - 1] = 0; /* never used; its id is "unknown" */
    s->ids[k->ndst - 2] = s->ids[0];
  }
  s->bad_id = (base + 1023u * 37u) & 0x3FFu; /* the id of slot 1023: not in the table */
  for (unsigned dd = 0; dd < k->ndst; dd++) {
    bits_put_field(w, 10 * dd, 10, s->ids[dd]);
    s->ep.cfg.dst[dd].valid = s->valid[dd];
    s->ep.cfg.dst[dd].xpuid = s->ids[dd];
  }
  dut_set(d, s->dst_xpuid, w);
  memset(w, 0, sizeof w);
  for (unsigned dd = 0; dd < k->ndst; dd++)
    bits_put_field(w, dd, 1, s->valid[dd]);
  dut_set(d, s->dst_valid, w);
  for (unsigned i = 0; i < s->nq; i++)
    bits_put_field(s->okw, i, 1, 1);
  dut_set(d, s->q_ok, s->okw);
  set_cfg(s);
  dut_set_u64(d, s->tx_valid, 0);
  dut_set_u64(d, s->tx_reset_in, 0);
  dut_set_u64(d, s->port_free, 0);
  dut_set_u64(d, s->pdu_ready, 0);
  dut_reset(d, 2);
  for (unsigned dd = 0; dd < k->ndst; dd++)
    for (unsigned v = 0; v < SUE_NVC; v++)
      s->qunits[dd][v] = (int)(k->q_bytes / k->align);
  memcpy(s->m_prev, s->ep.cnt, sizeof s->m_prev);
}

static void close_pk(pk_t *s) {
  sue_ep_free(&s->ep);
  free(s->pdu);
  dut_close(s->d);
}

/* ------------------------------------------------------------------ XPU driver */
/* A new command: returns 0 when the credits do not allow it now (retried later). */
static int new_cmd(pk_t *s) {
  prng_t *r = &s->rng;
  const pk_opts_t *o = &s->o;
  sue_cmd_t *c = &s->cur;
  unsigned vc = o->fixed_vc >= 0 ? (unsigned)o->fixed_vc : (unsigned)prng_below(r, 4);
  unsigned ctype = (unsigned)prng_below(r, 8), clen = (unsigned)prng_range(r, 1, 9), dlen = 0;
  int data = prng_bernoulli(r, o->p_data);
  if (o->max_size) {
    clen = 9;
    data = 1;
  }
  if (data) {
    unsigned cls = (unsigned)prng_below(r, 6);
    dlen = cls == 0   ? 1
           : cls == 1 ? (unsigned)prng_range(r, 2, s->nb - 1)
           : cls == 2 ? s->nb
           : cls == 3 ? s->nb + 1
           : cls == 4 ? 256
                      : (unsigned)prng_range(r, 1, 256);
    if (o->max_size)
      dlen = 256;
    s->dlen_cls |= 1u << cls;
  }
  sue_cmd_init(c, ctype, clen, dlen);
  sue_cmd_fill(c, prng_next(r));
  c->vc = vc;
  c->send_now = (unsigned)prng_bernoulli(r, o->p_sn);
  unsigned txv = data ? SUE_VALID_DATA : SUE_VALID_CMD;
  unsigned accept = 1, slot = 0;
  s->cur_err_beat = 99;
  s->cur_abort_beat = 99;
  if (prng_bernoulli(r, o->p_bad)) {
    accept = 0;
    uint16_t desc = (uint16_t)((c->ctrl[0] << 8) | c->ctrl[1]);
    switch (prng_below(r, 5)) {
    case 0:
      txv = 3;
      break;
    case 1: /* clen 0 */
      desc &= (uint16_t) ~(15u << 9);
      break;
    case 2: /* clen 10 .. 15 */
      desc = (uint16_t)((desc & ~(15u << 9)) | (prng_range(r, 10, 15) << 9));
      break;
    case 3:                                                        /* dp = 0 with a length */
      desc = (uint16_t)((desc & ~0x1FFu) | prng_range(r, 1, 255)); /* dp cleared */
      txv = SUE_VALID_CMD;
      break;
    default: /* dp not equal to (tx_valid == 2) */
      txv = data ? SUE_VALID_CMD : SUE_VALID_DATA;
      break;
    }
    c->ctrl[0] = (uint8_t)(desc >> 8);
    c->ctrl[1] = (uint8_t)desc;
    s->cur_beats = 1; /* a bad command ends at beat 0 */
  } else {
    s->cur_beats = sue_cmd_beats(c, s->k->data_w);
    if (prng_bernoulli(r, o->p_err)) {
      accept = 0;
      s->cur_err_beat = (unsigned)prng_below(r, s->cur_beats);
    } else if (s->cur_beats > 1 && prng_bernoulli(r, o->p_abort)) {
      accept = 0;
      s->cur_abort_beat = (unsigned)prng_range(r, 1, s->cur_beats - 1);
    }
  }
  if (prng_bernoulli(r, o->p_nodst)) {
    c->xpuid = s->bad_id;
    accept = 0;
  } else {
    if (o->fixed_slot >= 0)
      slot = (unsigned)o->fixed_slot;
    else
      do
        slot = (unsigned)prng_below(r, s->k->ndst);
      while (!s->valid[slot] || slot_of(s, s->ids[slot]) != (int)slot);
    c->xpuid = s->ids[slot];
  }
  unsigned type = txv == SUE_VALID_DATA;
  unsigned units = sue_cmd_units(c, s->k->align);
  if (o->honour_ing && s->icred[vc][type] <= 0)
    return 0;
  if (o->honour_q && accept && s->qunits[slot][vc] < (int)units)
    return 0;
  s->icred[vc][type]--;
  if (accept)
    s->qunits[slot][vc] -= (int)units;
  s->cur_valid = txv;
  s->cur_beat = 0;
  s->cur_accept = accept;
  s->cur_slot = slot;
  s->busy = 1;
  s->sent++;
  if (accept) {
    s->accepted++;
    s->clen_seen |= 1u << clen;
  }
  return 1;
}

static void push_ev(pk_t *s, uint64_t t, unsigned txv, const sue_cmd_t *c, unsigned err) {
  CHECK(s->ev_n < NEV, "event ring");
  mev_t *e = &s->ev[(s->ev_rd + s->ev_n++) % NEV];
  e->t = t;
  e->tx_valid = txv;
  e->err = err;
  e->c = *c;
}

/* Drives the XPU inputs of cycle t; records the model events of the command ends. */
static void drive_xpu(pk_t *s, int allow_new) {
  prng_t *r = &s->rng;
  dut_t *d = s->d;
  uint32_t w[MAXW];
  /* junk on every input that is not sampled this cycle */
  prng_fill_bits(r, w, 144);
  dut_set(d, s->tx_control, w);
  prng_fill_bits(r, w, s->k->data_w);
  dut_set(d, s->tx_data, w);
  dut_set_u64(d, s->tx_vc, prng_below(r, 4));
  dut_set_u64(d, s->tx_xpuid, prng_below(r, 1024));
  dut_set_u64(d, s->tx_send_now, prng_below(r, 2));
  dut_set_u64(d, s->tx_cycle, prng_below(r, 16));
  dut_set_u64(d, s->tx_err, prng_bernoulli(r, 0.1));
  dut_set_u64(d, s->tx_valid, 0);
  if (!s->busy) {
    if (!allow_new || prng_bernoulli(r, s->o.p_idle) || !new_cmd(s)) {
      dut_set_u64(d, s->tx_err, 0);
      return;
    }
  } else if (prng_bernoulli(r, s->o.p_gap)) {
    dut_set_u64(d, s->tx_err, 0);
    return;
  }
  sue_cmd_t *c = &s->cur;
  unsigned b = s->cur_beat;
  dut_set_u64(d, s->tx_valid, s->cur_valid);
  if (b == s->cur_abort_beat) {
    /* the open command is dropped (tx_cmd_bad): a beat 0 of the next command, or a beat
     * number out of sequence (ignored) */
    sue_cmd_t x = *c;
    x.ctrl[0] = x.ctrl[1] = 0; /* the model's way of saying "bad", same type */
    push_ev(s, s->t + 1, s->cur_valid, &x, 0);
    s->busy = 0;
    s->aborts++;
    if (!prng_bernoulli(r, 0.5) || !new_cmd(s)) {
      unsigned wrong = (unsigned)prng_range(r, 1, 14);
      dut_set_u64(d, s->tx_valid, s->cur_valid);
      dut_set_u64(d, s->tx_cycle, wrong >= b ? wrong + 1 : wrong);
      dut_set_u64(d, s->tx_err, 0);
      return;
    }
    c = &s->cur;
    b = 0;
    dut_set_u64(d, s->tx_valid, s->cur_valid);
  }
  dut_set_u64(d, s->tx_cycle, b);
  dut_set_u64(d, s->tx_err, b == s->cur_err_beat);
  if (b == 0) {
    memset(w, 0, sizeof w);
    prng_fill_bits(r, w, 144);
    for (unsigned j = 0; j < 2u * c->clen && j < 18; j++)
      bits_put_field(w, 136 - 8 * j, 8, c->ctrl[j]);
    if (c->clen == 0 || c->clen > 9) /* a bad descriptor: only bytes 0-1 matter */
      for (unsigned j = 0; j < 2; j++)
        bits_put_field(w, 136 - 8 * j, 8, c->ctrl[j]);
    dut_set(d, s->tx_control, w);
    dut_set_u64(d, s->tx_vc, c->vc);
    dut_set_u64(d, s->tx_xpuid, c->xpuid);
    dut_set_u64(d, s->tx_send_now, c->send_now);
  }
  sue_cmd_data_beat(c, s->k->data_w, b, w);
  /* bytes past the data length are ignored: put junk there */
  for (unsigned j = 0; j < s->nb; j++)
    if (b * s->nb + j >= c->dlen)
      bits_put_field(w, s->k->data_w - 8 - 8 * j, 8, prng_below(r, 256));
  dut_set(d, s->tx_data, w);
  s->cur_beat++;
  if (s->cur_beat >= s->cur_beats) {
    push_ev(s, s->t + 1, s->cur_valid, c, s->cur_err_beat != 99);
    s->busy = 0;
  }
}

/* ------------------------------------------------------------------ one cycle */
static void model_events(pk_t *s) {
  sue_cmd_t dummy;
  CHECK(sue_ep_xpu_rx(&s->ep, s->t, &dummy) == 0, "no receive traffic"); /* advance */
  while (s->ev_n && s->ev[s->ev_rd].t == s->t) {
    mev_t *e = &s->ev[s->ev_rd];
    (void)sue_ep_xpu_tx(&s->ep, s->t, e->tx_valid, &e->c, e->err);
    s->ev_rd = (s->ev_rd + 1) % NEV;
    s->ev_n--;
  }
}

static void decide(pk_t *s) {
  dut_t *d = s->d;
  int dec = (int)dut_get_u64(d, s->tx_decide);
  unsigned dv = (unsigned)dut_get_u64(d, s->dec_valid);
  if (!dec) {
    CHECK(dv == 0, "dec_valid without tx_decide at cycle %llu", (unsigned long long)s->t);
    return;
  }
  uint8_t ok[SUE_NDST_MAX * SUE_NVC];
  for (unsigned i = 0; i < s->nq; i++)
    ok[i] = (uint8_t)((s->okw[i / 32] >> (i % 32)) & 1u);
  unsigned md = 0, mv = 0;
  int got = sue_pack_schedule(&s->ep.pack, s->t, s->ep.cfg.pack_timeout, s->ep.cfg.pack_thresh, ok,
                              &md, &mv);
  CHECK(dv == (unsigned)got, "decision at cycle %llu: RTL %u, model %d (slot %u vc %u)",
        (unsigned long long)s->t, dv, got, md, mv);
  if (!got) {
    s->empty_dec++;
    return;
  }
  CHECK_EQ(dut_get_u64(d, s->dec_slot), md, "dec_slot");
  CHECK_EQ(dut_get_u64(d, s->dec_vc), mv, "dec_vc");
  CHECK(s->pdu_n < NPDU && s->qcr_n < NPDU, "expected rings");
  xpdu_t *x = &s->pdu[(s->pdu_rd + s->pdu_n++) % NPDU];
  unsigned units, ncmd;
  x->len = (unsigned)sue_pack_cut(&s->ep.pack, md, mv, x->b, &units, &ncmd);
  x->off = 0;
  s->ep.cnt[SUE_CNT_TX_PDUS]++;
  CHECK_EQ(dut_get_u64(d, s->dec_len), x->len, "dec_len");
  xqcr_t *q = &s->qcr[(s->qcr_rd + s->qcr_n++) % NPDU];
  q->xpuid = s->ids[md];
  q->vc = mv;
  q->units = units;
  s->pdus++;
  s->multi += ncmd > 1;
  s->q_used[md * SUE_NVC + mv]++;
}

/* Registered outputs of the cycle (before the edge): credits, stream, counters. */
static void check_outputs(pk_t *s) {
  dut_t *d = s->d;
  /* ingress credits */
  unsigned cw = (unsigned)dut_get_u64(d, s->tx_credit), ty = 0, vc = 0;
  unsigned n = sue_credit_decode(cw, &ty, &vc);
  if (n) {
    s->r_cred[vc][ty] += n;
    s->icred[vc][ty] += (int)n;
  }
  sue_credit_ev_t e;
  while (sue_ep_credit_pop(&s->ep, &e))
    if (e.kind == SUE_CREDIT_AGG)
      s->m_cred[e.vc][e.type] += e.n;
  for (unsigned v = 0; v < SUE_NVC; v++)
    for (unsigned t = 0; t < 2; t++)
      CHECK(s->r_cred[v][t] <= s->m_cred[v][t],
            "credits of vc %u type %u at cycle %llu: RTL returned %llu, model %llu", v, t,
            (unsigned long long)s->t, (unsigned long long)s->r_cred[v][t],
            (unsigned long long)s->m_cred[v][t]);
  /* per-queue credits */
  if (dut_get_u64(d, s->qc_valid)) {
    CHECK(s->qcr_n > 0, "tx_qcredit without a PDU at cycle %llu", (unsigned long long)s->t);
    xqcr_t *q = &s->qcr[s->qcr_rd];
    CHECK_EQ(dut_get_u64(d, s->qc_xpuid), q->xpuid, "tx_qcredit_xpuid");
    CHECK_EQ(dut_get_u64(d, s->qc_vc), q->vc, "tx_qcredit_vc");
    CHECK_EQ(dut_get_u64(d, s->qc_units), q->units, "tx_qcredit_units");
    int sl = slot_of(s, q->xpuid);
    CHECK(sl >= 0, "qcredit xpuid");
    s->qunits[sl][q->vc] += (int)q->units;
    CHECK(s->qunits[sl][q->vc] <= (int)(s->k->q_bytes / s->k->align), "queue units above Q");
    s->qcr_rd = (s->qcr_rd + 1) % NPDU;
    s->qcr_n--;
  }
  /* PDU stream */
  int rdy = prng_bernoulli(&s->rng, s->o.p_ready);
  dut_set_u64(d, s->pdu_ready, (uint64_t)rdy);
  if (rdy && dut_get_u64(d, s->pdu_valid)) {
    CHECK(s->pdu_n > 0, "PDU bytes without a decision at cycle %llu", (unsigned long long)s->t);
    xpdu_t *x = &s->pdu[s->pdu_rd];
    uint32_t w[MAXW];
    dut_get(d, s->pdu_data, w);
    unsigned left = x->len - x->off, nb = left < s->pw ? left : s->pw;
    CHECK_EQ(dut_get_u64(d, s->pdu_last), left <= s->pw, "pdu_last");
    CHECK_EQ(dut_get_u64(d, s->pdu_nbytes), nb, "pdu_nbytes");
    for (unsigned j = 0; j < nb; j++) {
      unsigned g = bits_stream_byte(w, s->pw * 8, j);
      if (g != x->b[x->off + j])
        FAIL("PDU byte %u (of %u) at cycle %llu: got 0x%02x, expected 0x%02x", x->off + j, x->len,
             (unsigned long long)s->t, g, x->b[x->off + j]);
    }
    harness_count_check();
    x->off += nb;
    if (x->off >= x->len) {
      s->pdu_rd = (s->pdu_rd + 1) % NPDU;
      s->pdu_n--;
    }
  }
  /* counter increments (registered: events of the previous cycle) */
  s->r_cnt[SUE_CNT_TX_CMDS] += dut_get_u64(d, s->inc_cmds);
  s->r_cnt[SUE_CNT_TX_CMD_BAD] += dut_get_u64(d, s->inc_bad);
  s->r_cnt[SUE_CNT_TX_CMD_ERR] += dut_get_u64(d, s->inc_err);
  s->r_cnt[SUE_CNT_TX_CMD_NODST] += dut_get_u64(d, s->inc_nodst);
  s->r_cnt[SUE_CNT_TX_CREDIT_VIOL] += dut_get_u64(d, s->inc_viol);
  s->r_cnt[SUE_CNT_TX_HOL] += dut_get_u64(d, s->inc_hol);
  s->r_cnt[SUE_CNT_TX_FLUSHED] += dut_get_u64(d, s->inc_flushed);
  /* every counter, every cycle (held commands drain as in the RTL since the model's fix) */
  static const unsigned cnt[] = {SUE_CNT_TX_CMDS,       SUE_CNT_TX_CMD_BAD, SUE_CNT_TX_CMD_ERR,
                                 SUE_CNT_TX_CMD_NODST,  SUE_CNT_TX_HOL,     SUE_CNT_TX_FLUSHED,
                                 SUE_CNT_TX_CREDIT_VIOL};
  for (unsigned i = 0; i < sizeof cnt / sizeof cnt[0]; i++)
    if (s->r_cnt[cnt[i]] != s->m_prev[cnt[i]])
      FAIL("counter %s at cycle %llu: RTL %llu, model %u", sue_cnt_name(cnt[i]),
           (unsigned long long)s->t, (unsigned long long)s->r_cnt[cnt[i]], s->m_prev[cnt[i]]);
  harness_count_check();
}

static void step(pk_t *s) {
  memcpy(s->m_prev, s->ep.cnt, sizeof s->m_prev);
  dut_step(s->d, 1);
  s->t++;
}

static void random_ok(pk_t *s) {
  if (s->o.p_ok_flip > 0 && prng_bernoulli(&s->rng, s->o.p_ok_flip)) {
    unsigned i = (unsigned)prng_below(&s->rng, s->nq);
    s->okw[i / 32] ^= 1u << (i % 32);
    dut_set(s->d, s->q_ok, s->okw);
  }
  /* mostly open: close at most a quarter for long */
  if (prng_bernoulli(&s->rng, 0.01))
    for (unsigned i = 0; i < s->nq; i++)
      bits_put_field(s->okw, i, 1, 1);
  dut_set(s->d, s->q_ok, s->okw);
}

static void cycle(pk_t *s, int allow_new, double p_port) {
  drive_xpu(s, allow_new);
  random_ok(s);
  dut_set_u64(s->d, s->port_free, (uint64_t)prng_bernoulli(&s->rng, p_port));
  /* the pack queues' bytes as the cycles before this one left them */
  CHECK_EQ(dut_get_u64(s->d, s->backlog), sue_ep_tx_backlog(&s->ep), "backlog");
  model_events(s);
  check_outputs(s);
  decide(s);
  step(s);
}

/* Runs until every queue is empty, every PDU read and every credit returned. */
static void drain(pk_t *s) {
  for (unsigned i = 0; i < s->nq; i++)
    bits_put_field(s->okw, i, 1, 1);
  dut_set(s->d, s->q_ok, s->okw);
  double flip = s->o.p_ok_flip;
  s->o.p_ok_flip = 0;
  for (unsigned n = 0; n < 200000; n++) {
    if (!s->busy && !s->ev_n && sue_ep_tx_queued(&s->ep) == 0 && !s->pdu_n && !s->qcr_n) {
      for (unsigned k = 0; k < 40; k++)
        cycle(s, 0, 0.0);
      break;
    }
    cycle(s, 0, s->o.p_port > 0.2 ? s->o.p_port : 0.2);
  }
  s->o.p_ok_flip = flip;
  CHECK_EQ(dut_get_u64(s->d, s->backlog), 0, "backlog once drained");
  CHECK(sue_ep_tx_queued(&s->ep) == 0 && !s->pdu_n && !s->qcr_n, "drained");
  for (unsigned v = 0; v < SUE_NVC; v++)
    for (unsigned t = 0; t < 2; t++)
      CHECK(s->r_cred[v][t] == s->m_cred[v][t], "final credits vc %u type %u: RTL %llu model %llu",
            v, t, (unsigned long long)s->r_cred[v][t], (unsigned long long)s->m_cred[v][t]);
  for (unsigned i = SUE_CNT_TX_CMDS; i <= SUE_CNT_TX_FLUSHED; i++)
    if (s->r_cnt[i] != s->ep.cnt[i])
      FAIL("final counter %s: RTL %llu, model %u", sue_cnt_name(i), (unsigned long long)s->r_cnt[i],
           s->ep.cnt[i]);
  harness_count_check();
}

/* +quick (the make test lane of Icarus, about 100x slower than Verilator on this design) runs a
 * quarter of the traffic. */
static unsigned scaled(unsigned n) { return (unsigned)harness_scaled(n / 4, n, n); }

static pk_opts_t default_opts(void) {
  pk_opts_t o;
  memset(&o, 0, sizeof o);
  o.p_bad = 0.04;
  o.p_err = 0.03;
  o.p_nodst = 0.03;
  o.p_abort = 0.03;
  o.p_sn = 0.08;
  o.p_gap = 0.15;
  o.p_idle = 0.2;
  o.p_data = 0.6;
  o.p_port = 0.3;
  o.p_ready = 0.8;
  o.p_ok_flip = 0.02;
  o.timeout = 40;
  o.thresh = 0xFFFF;
  o.honour_q = o.honour_ing = 1;
  o.fixed_slot = o.fixed_vc = -1;
  return o;
}

static void run_random(const char *top, const pk_opts_t *o, unsigned ncmds, uint64_t salt) {
  pk_t *s = calloc(1, sizeof *s);
  CHECK(s != NULL, "alloc");
  open_pk(s, top, o, salt);
  ncmds = scaled(ncmds);
  while (s->sent < ncmds)
    cycle(s, 1, s->o.p_port);
  drain(s);
  harness_log("%s: %u commands (%u accepted, %u aborted), %u PDUs (%u with several commands, "
              "%u empty decisions), %llu cycles",
              top, s->sent, s->accepted, s->aborts, s->pdus, s->multi, s->empty_dec,
              (unsigned long long)s->t);
  /* the traffic did what it is meant to */
  CHECK(s->multi > 0, "packing exercised");
  if (o->p_port <= 0.3 && o->timeout > 0 && o->thresh > 0)
    CHECK(s->empty_dec > 0, "idle decisions exercised");
  if (o->p_bad > 0 && ncmds >= 750)
    CHECK(s->ep.cnt[SUE_CNT_TX_CMD_BAD] > 0 && s->ep.cnt[SUE_CNT_TX_CMD_ERR] > 0 &&
              s->ep.cnt[SUE_CNT_TX_CMD_NODST] > 0 && s->aborts > 0,
          "drops exercised");
  if (ncmds >= 750)
    CHECK(s->clen_seen == 0x3FEu && s->dlen_cls == 0x3Fu, "every clen and data length class");
  close_pk(s);
  free(s);
}

/* Random traffic of every kind on the small tops: default packing (timeout 40) */
HARNESS_TEST(sue_pack_lockstep) {
  pk_opts_t o = default_opts();
  run_random("sue_tx_front_d256_n4", &o, 4000, 1);
  run_random("sue_tx_front_d128_n8_a8", &o, 3000, 2);
  run_random("sue_tx_front_d512_n5_a2", &o, 3000, 3);
}

/* Packing variants: threshold below PDU_MAX, no timeout wait, send-now heavy, slow port */
HARNESS_TEST(sue_pack_readiness) {
  pk_opts_t o = default_opts();
  o.thresh = 100;
  o.timeout = 200;
  o.p_port = 0.5;
  run_random("sue_tx_front_d256_n4", &o, 600, 11);
  o = default_opts();
  o.timeout = 0;
  o.p_port = 0.05;
  run_random("sue_tx_front_d128_n8_a8", &o, 600, 12);
  o = default_opts();
  o.timeout = 7;
  o.p_sn = 0.5;
  o.p_idle = 0.5;
  run_random("sue_tx_front_d512_n5_a2", &o, 600, 13);
  o = default_opts();
  o.thresh = 0;
  o.timeout = 1000;
  o.p_port = 0.1;
  run_random("sue_tx_front_d256_n4", &o, 600, 14);
}

/* 64 destinations x 4 VCs: every queue carries PDUs */
HARNESS_TEST(sue_pack_ndst64) {
  if (!dut_top_built("sue_tx_front_d256_n64"))
    harness_skip(
        "sue_tx_front_d256_n64 is @regress: this program leaves it out (make sim runs it)");
  pk_opts_t o = default_opts();
  o.p_bad = o.p_err = o.p_nodst = o.p_abort = 0.01;
  o.timeout = 20;
  o.p_port = 0.4;
  o.p_idle = 0.05;
  o.p_gap = 0.05;
  pk_t *s = calloc(1, sizeof *s);
  CHECK(s != NULL, "alloc");
  open_pk(s, "sue_tx_front_d256_n64", &o, 64);
  /* first every {slot, VC} once, in a scrambled order, then random */
  for (unsigned i = 0; i < 256; i++) {
    unsigned qq = (i * 97u) % 256u;
    s->o.fixed_slot = (int)(qq / 4);
    s->o.fixed_vc = (int)(qq % 4);
    s->o.p_bad = s->o.p_err = s->o.p_nodst = s->o.p_abort = 0;
    unsigned before = s->accepted;
    while (s->accepted == before)
      cycle(s, 1, s->o.p_port);
  }
  s->o = o;
  while (s->sent < 256 + scaled(1200))
    cycle(s, 1, s->o.p_port);
  drain(s);
  for (unsigned i = 0; i < 256; i++)
    CHECK(s->q_used[i] > 0, "queue slot %u vc %u sent no PDU", i / 4, i % 4);
  harness_log("ndst64: %u commands, %u PDUs, %llu cycles", s->sent, s->pdus,
              (unsigned long long)s->t);
  close_pk(s);
  free(s);
}

/* The XPU ignores the per-queue credits, then the ingress credits: commands wait at the head
 * of their VC (tx_hol), the VC's later commands wait behind them, and the commands sent
 * without an ingress credit are dropped (tx_credit_viol); another VC keeps flowing. */
HARNESS_TEST(sue_pack_credit_exhaust) {
  pk_opts_t o = default_opts();
  o.p_bad = o.p_err = o.p_nodst = o.p_abort = 0;
  o.p_sn = 0;
  o.timeout = 0xFFFF;
  o.thresh = 0xFFFF;
  o.p_ok_flip = 0;
  pk_t *s = calloc(1, sizeof *s);
  CHECK(s != NULL, "alloc");
  open_pk(s, "sue_tx_front_d256_n4", &o, 99);
  const pk_case_t *k = s->k;
  /* phase 1: port closed; 274-byte commands to {slot 0, VC 0} without queue credits: three
   * fit (828 of 1024 bytes), the next ones wait; then ingress credits are ignored too */
  s->o.honour_q = 0;
  s->o.fixed_slot = 0;
  s->o.fixed_vc = 0;
  s->o.max_size = 1;
  s->o.p_idle = 0;
  s->o.p_gap = 0;
  unsigned target = 3 + k->ing_data + 4;
  while (s->sent < target) {
    if (s->sent >= 3 + k->ing_data)
      s->o.honour_ing = 0;
    cycle(s, 1, 0.0);
  }
  /* command-only commands on VC 0 to other slots: held behind, then out of credits */
  s->o.max_size = 0;
  s->o.p_data = 0;
  s->o.fixed_slot = 1;
  s->o.honour_ing = 1;
  unsigned t2 = s->sent + k->ing_cmd + 3;
  while (s->sent < t2) {
    if (s->sent >= t2 - 3)
      s->o.honour_ing = 0;
    cycle(s, 1, 0.0);
  }
  for (unsigned n = 0; n < 5; n++)
    cycle(s, 0, 0.0);
  CHECK(s->ep.cnt[SUE_CNT_TX_CREDIT_VIOL] == 7, "credit violations counted: %u",
        s->ep.cnt[SUE_CNT_TX_CREDIT_VIOL]);
  CHECK(s->ep.cnt[SUE_CNT_TX_HOL] >= 1, "head-of-line wait counted");
  /* VC 1 is not blocked: honoured traffic flows through with send-now */
  s->o.honour_ing = 1;
  s->o.honour_q = 1;
  s->o.fixed_vc = 1;
  s->o.fixed_slot = -1;
  s->o.p_data = 0.5;
  s->o.p_sn = 1;
  unsigned t3 = s->sent + 20;
  unsigned pd = s->pdus;
  while (s->sent < t3)
    cycle(s, 1, (s->t % 16) == 0 ? 1.0 : 0.0);
  CHECK(s->pdus > pd, "VC 1 flows while VC 0 waits");
  /* release: decisions spaced so that the held commands settle between them */
  s->o.timeout = 0;
  set_cfg(s);
  for (unsigned n = 0; n < 4000 && (sue_ep_tx_queued(&s->ep) || s->pdu_n); n++)
    cycle(s, 0, (s->t % 12) == 0 ? 1.0 : 0.0);
  drain(s);
  harness_log("credit_exhaust: viol %u hol %u cmds %u pdus %u", s->ep.cnt[SUE_CNT_TX_CREDIT_VIOL],
              s->ep.cnt[SUE_CNT_TX_HOL], s->ep.cnt[SUE_CNT_TX_CMDS], s->pdus);
  close_pk(s);
  free(s);
}

/* tx_reset_in: every queued and held command is discarded (tx_flushed), the ingress credits
 * come back anew, and traffic resumes (the XPU restarts its per-queue counters full). */
HARNESS_TEST(sue_pack_tx_reset) {
  pk_opts_t o = default_opts();
  o.timeout = 500;
  o.p_port = 0.05;
  pk_t *s = calloc(1, sizeof *s);
  CHECK(s != NULL, "alloc");
  open_pk(s, "sue_tx_front_d128_n8_a8", &o, 7);
  for (unsigned round = 0; round < 3; round++) {
    unsigned target = s->sent + scaled(200);
    while (s->sent < target)
      cycle(s, 1, s->o.p_port);
    while (s->busy || s->ev_n)
      cycle(s, 1, 0.0);
    cycle(s, 0, 0.0);
    unsigned queued = sue_ep_tx_queued(&s->ep);
    CHECK(queued > 0, "something to flush");
    /* the reset cycle */
    dut_set_u64(s->d, s->tx_reset_in, 1);
    drive_xpu(s, 0);
    dut_set_u64(s->d, s->port_free, 0);
    CHECK_EQ(dut_get_u64(s->d, s->tx_reset_out), 1, "tx_reset_out during tx_reset_in");
    model_events(s);
    check_outputs(s);
    decide(s);
    /* credits start again from zero on both sides; queues full again for the XPU */
    memset(s->icred, 0, sizeof s->icred);
    memset(s->r_cred, 0, sizeof s->r_cred);
    memset(s->m_cred, 0, sizeof s->m_cred);
    sue_ep_tx_reset(&s->ep, s->t);
    sue_credit_ev_t e;
    while (sue_ep_credit_pop(&s->ep, &e))
      s->m_cred[e.vc][e.type] += e.n;
    for (unsigned dd = 0; dd < s->k->ndst; dd++)
      for (unsigned v = 0; v < SUE_NVC; v++)
        s->qunits[dd][v] = (int)(s->k->q_bytes / s->k->align);
    step(s);
    dut_set_u64(s->d, s->tx_reset_in, 0);
    CHECK_EQ(dut_get_u64(s->d, s->tx_reset_out), 1, "tx_reset_out one cycle after");
    cycle(s, 0, 0.0);
    CHECK_EQ(dut_get_u64(s->d, s->tx_reset_out), 0, "tx_reset_out released");
    harness_log("round %u: %u commands flushed", round, queued);
  }
  drain(s);
  CHECK(s->ep.cnt[SUE_CNT_TX_FLUSHED] > 0, "flushed");
  close_pk(s);
  free(s);
}
