/*
 * sue_ep_lockstep.c - an endpoint model in lockstep with an RTL endpoint (sue_ep_lockstep.h).
 */
#include "sue_ep_lockstep.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sue_regs_model.h"

const char *const sue_ls_kind_name[SUE_LS_NKIND] = {"none", "PFC / CBFC", "replay",          "NACK",
                                                    "ACK",  "new PDU",    "management frame"};

/* the counter each kind of decision adds to, in the order of tx_kind */
static const unsigned kind_cnt[SUE_LS_NKIND] = {0,
                                                SUE_CNT_TX_PFC,
                                                SUE_CNT_TX_RETX,
                                                SUE_CNT_TX_NACK_FRAMES,
                                                SUE_CNT_TX_ACK_FRAMES,
                                                SUE_CNT_TX_PDUS,
                                                SUE_CNT_TX_MGMT};

static int fail(sue_ls_t *ls, const char *fmt, ...) {
  va_list ap;
  int n = snprintf(ls->msg, sizeof ls->msg, "endpoint %u: ", ls->id);
  va_start(ap, fmt);
  vsnprintf(ls->msg + n, sizeof ls->msg - (size_t)n, fmt, ap);
  va_end(ap);
  return -1;
}

static int fq_push(sue_ls_fq_t *q, const uint8_t *b, size_t len, unsigned kind, unsigned tag) {
  if (q->n == q->cap) {
    size_t nc = q->cap ? 2 * q->cap : 16;
    sue_ls_frame_t *p = malloc(nc * sizeof *p);
    if (!p)
      return -1;
    for (size_t i = 0; i < q->n; i++)
      p[i] = q->q[(q->rd + i) % q->cap];
    free(q->q);
    q->q = p;
    q->cap = nc;
    q->rd = 0;
  }
  sue_ls_frame_t *f = &q->q[(q->rd + q->n) % q->cap];
  f->buf = malloc(len ? len : 1);
  if (!f->buf)
    return -1;
  memcpy(f->buf, b, len);
  f->len = len;
  f->kind = kind;
  f->tag = tag;
  q->n++;
  return 0;
}

static sue_ls_frame_t *fq_head(sue_ls_fq_t *q) { return q->n ? &q->q[q->rd] : NULL; }

static void fq_pop(sue_ls_fq_t *q) {
  free(q->q[q->rd].buf);
  q->rd = (q->rd + 1) % q->cap;
  q->n--;
}

static void fq_free(sue_ls_fq_t *q) {
  while (q->n)
    fq_pop(q);
  free(q->q);
  q->q = NULL;
  q->cap = 0;
}

int sue_ls_init(sue_ls_t *ls, const sue_params_t *p, unsigned id) {
  memset(ls, 0, sizeof *ls);
  ls->id = id;
  if (sue_ep_init(&ls->m, p) != 0)
    return -1;
  ls->txb = malloc(SUE_FRAME_MAX);
  ls->rxb = malloc(SUE_FRAME_MAX);
  ls->scratch = malloc(SUE_FRAME_MAX);
  ls->tx.buf = ls->txb;
  return ls->txb && ls->rxb && ls->scratch ? 0 : -1;
}

void sue_ls_free(sue_ls_t *ls) {
  sue_ep_free(&ls->m);
  fq_free(&ls->exp);
  fq_free(&ls->fed);
  free(ls->txb);
  free(ls->rxb);
  free(ls->scratch);
  ls->txb = ls->rxb = ls->scratch = NULL;
}

void sue_ls_reg_write(sue_ls_t *ls, uint32_t addr, uint32_t data) {
  sue_ep_reg_write(&ls->m, addr, data);
}

int sue_ls_cmd(sue_ls_t *ls, uint64_t t, const sue_cmd_t *c) {
  if (ls->ev_n == SUE_LS_NEV)
    return fail(ls, "more than %u commands waiting for the model", SUE_LS_NEV);
  unsigned k = (ls->ev_rd + ls->ev_n++) % SUE_LS_NEV;
  ls->ev[k].t = t + 1;
  ls->ev[k].c = *c;
  return 0;
}

int sue_ls_backlog(sue_ls_t *ls, uint64_t t, unsigned backlog) {
  unsigned m = sue_ep_tx_backlog(&ls->m);
  return backlog == m ? 1
                      : fail(ls, "tx_backlog at cycle %llu: RTL %u, model %u",
                             (unsigned long long)t, backlog, m);
}

int sue_ls_begin(sue_ls_t *ls, uint64_t t) {
  sue_ep_tick(&ls->m, t);
  while (ls->ev_n && ls->ev[ls->ev_rd].t == t) {
    const sue_cmd_t *c = &ls->ev[ls->ev_rd].c;
    int r = sue_ep_xpu_tx(&ls->m, t, c->dp ? SUE_VALID_DATA : SUE_VALID_CMD, c, 0);
    if (r != 0)
      return fail(ls, "the model refused a command the RTL took (counter %s) at cycle %llu",
                  sue_cnt_name((unsigned)r), (unsigned long long)t);
    ls->ev_rd = (ls->ev_rd + 1) % SUE_LS_NEV;
    ls->ev_n--;
  }
  return 0;
}

int sue_ls_decide(sue_ls_t *ls, uint64_t t, unsigned decide, unsigned kind, size_t *len) {
  *len = 0;
  if (!decide)
    return kind == 0 ? 0
                     : fail(ls, "tx_kind %u outside a decision (cycle %llu)", kind,
                            (unsigned long long)t);
  if (kind >= SUE_LS_NKIND)
    return fail(ls, "tx_kind %u (cycle %llu)", kind, (unsigned long long)t);
  uint32_t before[SUE_LS_NKIND];
  for (unsigned i = 1; i < SUE_LS_NKIND; i++)
    before[i] = ls->m.cnt[kind_cnt[i]];
  uint32_t cbfc_before = ls->m.cnt[SUE_CNT_TX_CBFC];
  size_t n = sue_ep_port_tx(&ls->m, t, ls->scratch);
  unsigned mk = 0;
  for (unsigned i = 1; i < SUE_LS_NKIND; i++)
    if (ls->m.cnt[kind_cnt[i]] != before[i])
      mk = i;
  if (ls->m.cnt[SUE_CNT_TX_CBFC] != cbfc_before) /* tx_kind 1: a flow-control frame */
    mk = 1;
  if (kind != mk)
    return fail(ls, "at cycle %llu the RTL decides %s, the model %s", (unsigned long long)t,
                sue_ls_kind_name[kind], sue_ls_kind_name[mk]);
  if (n) {
    unsigned cls, bytes, fc = sue_ep_tx_fc(&ls->m, &cls, &bytes);
    unsigned tag = sue_ls_tag(sue_ep_tx_detour(&ls->m), fc, cls, bytes);
    if (fq_push(&ls->exp, ls->scratch, n, kind, tag))
      return fail(ls, "memory");
    ls->kinds[kind]++;
  }
  *len = n;
  return 1;
}

int sue_ls_verdict(sue_ls_t *ls, uint64_t t, unsigned verdict) {
  if (!verdict)
    return 0;
  sue_ls_frame_t *x = fq_head(&ls->fed);
  if (!x)
    return fail(ls, "a verdict without a frame (cycle %llu)", (unsigned long long)t);
  (void)sue_ep_port_rx_via(&ls->m, t, x->buf, x->len, x->tag);
  fq_pop(&ls->fed);
  return 0;
}

int sue_ls_deliver(sue_ls_t *ls, uint64_t t, unsigned vc, sue_cmd_t *c) {
  if (sue_ep_xpu_rx_vc(&ls->m, t, vc, c) != 1)
    return fail(ls, "delivers on VC %u at cycle %llu: the model has no command there with a credit",
                vc, (unsigned long long)t);
  return 1;
}

void sue_ls_rx_credit(sue_ls_t *ls, unsigned vc, unsigned type, unsigned n) {
  sue_ep_rx_credit(&ls->m, vc, type, n);
}

int sue_ls_credits(sue_ls_t *ls, unsigned vc, unsigned type, unsigned n) {
  if (n)
    ls->r_cred[vc][type] += n;
  sue_credit_ev_t ev;
  while (sue_ep_credit_pop(&ls->m, &ev))
    if (ev.kind == SUE_CREDIT_AGG)
      ls->m_cred[ev.vc][ev.type] += ev.n;
  for (unsigned v = 0; v < SUE_NVC; v++)
    for (unsigned k = 0; k < 2; k++)
      if (ls->r_cred[v][k] > ls->m_cred[v][k])
        return fail(ls, "ingress credits of VC %u type %u returned before the model returns them",
                    v, k);
  return n ? 1 : 0;
}

unsigned sue_ls_tag(unsigned detour, unsigned fc, unsigned cls, unsigned bytes) {
  return (detour & 1u) | (fc & 1u) << 1 | (fc ? (cls & 7u) << 2 | (bytes & 0xFFFFu) << 5 : 0u);
}

int sue_ls_eth_tx(sue_ls_t *ls, uint64_t t, const uint8_t *b, unsigned n, int last, long tag,
                  const sue_ls_frame_t **done) {
  *done = NULL;
  const sue_ls_frame_t *h = fq_head(&ls->exp);
  if (tag >= 0 && h && h->tag != (unsigned long)tag)
    return fail(ls,
                "frame %u (%s) at cycle %llu: tags detour %u fc %u class %u bytes %u, the model's "
                "%u %u %u %u",
                ls->frames, sue_ls_kind_name[h->kind], (unsigned long long)t, (unsigned)(tag & 1),
                (unsigned)(tag >> 1 & 1), (unsigned)(tag >> 2 & 7), (unsigned)(tag >> 5 & 0xFFFF),
                h->tag & 1u, h->tag >> 1 & 1u, h->tag >> 2 & 7u, h->tag >> 5 & 0xFFFFu);
  if (ls->txn + n > SUE_FRAME_MAX)
    return fail(ls, "a frame longer than %u bytes out (cycle %llu)", SUE_FRAME_MAX,
                (unsigned long long)t);
  if (ls->txn == 0) /* a frame's first beat out */
    sue_ep_tx_first(&ls->m);
  memcpy(ls->txb + ls->txn, b, n);
  ls->txn += n;
  if (!last)
    return 0;
  sue_ls_frame_t *x = fq_head(&ls->exp);
  if (!x)
    return fail(ls, "sent a frame the model did not decide (cycle %llu)", (unsigned long long)t);
  if (x->len != ls->txn || memcmp(x->buf, ls->txb, x->len)) {
    size_t i = 0;
    while (i < x->len && i < ls->txn && x->buf[i] == ls->txb[i])
      i++;
    return fail(ls,
                "frame %u (%s) at cycle %llu: %zu bytes, the model's %zu; first difference at "
                "byte %zu",
                ls->frames, sue_ls_kind_name[x->kind], (unsigned long long)t, ls->txn, x->len, i);
  }
  ls->tx.len = ls->txn;
  ls->tx.kind = x->kind;
  *done = &ls->tx;
  ls->frames++;
  ls->txn = 0;
  fq_pop(&ls->exp);
  return 1;
}

int sue_ls_eth_rx(sue_ls_t *ls, uint64_t t, const uint8_t *b, unsigned n, int last, int user,
                  unsigned via) {
  if (ls->rxn + n > SUE_FRAME_MAX)
    return fail(ls, "a frame longer than %u bytes in", SUE_FRAME_MAX);
  if (ls->rxn == 0) /* a frame's first beat: the management path may reserve a slot */
    sue_ep_mgmt_rx_begin(&ls->m, t);
  memcpy(ls->rxb + ls->rxn, b, n);
  ls->rxn += n;
  if (!last)
    return 0;
  if (user && ls->rxn >= 4) {
    /* a MAC error on the last beat: the endpoint judges the frame as one with a bad FCS
       (rtl/sue/sue_rx_check.v), so the model gets one whose FCS cannot be right */
    uint32_t bad = ~sue_crc32(ls->rxb, ls->rxn - 4, 0);
    for (unsigned k = 0; k < 4; k++)
      ls->rxb[ls->rxn - 4 + k] = (uint8_t)(bad >> (8 * k));
  }
  if (sue_ep_mgmt_rx_end(&ls->m, ls->rxb, ls->rxn))
    return fail(ls, "%u frames in without a verdict", SUE_MGMT_RX_INFLIGHT);
  int r = fq_push(&ls->fed, ls->rxb, ls->rxn, 0, via);
  ls->rxn = 0;
  return r ? fail(ls, "memory") : 0;
}

void sue_ls_link(sue_ls_t *ls, uint64_t t, unsigned up) { sue_ep_link(&ls->m, t, up); }

int sue_ls_guest_fc(sue_ls_t *ls, uint64_t t, unsigned away, unsigned gblock) {
  sue_ep_tick(&ls->m, t); /* flow control as a register write of this cycle left it */
  sue_ep_set_away(&ls->m, away);
  unsigned m = sue_ep_gblock(&ls->m);
  if (m != gblock)
    return fail(ls, "fc_gblock 0x%02x at cycle %llu, the model's 0x%02x", gblock,
                (unsigned long long)t, m);
  return 1;
}

void sue_ls_guest_spend(sue_ls_t *ls, unsigned cls, unsigned bytes) {
  sue_ep_guest_spend(&ls->m, cls, bytes);
}

int sue_ls_irq(sue_ls_t *ls, uint64_t t, unsigned irq) {
  unsigned m = sue_ep_irq(&ls->m, t);
  if (m != irq)
    return fail(ls, "irq %u at cycle %llu, the model's %u (INTR 0x%x, INTR_EN 0x%x)", irq,
                (unsigned long long)t, m, (unsigned)ls->m.reach.intr, ls->m.cfg.intr_en);
  return 1;
}

int sue_ls_counters(sue_ls_t *ls, const uint32_t *cnt) {
  int k = 0;
  for (unsigned c = 0; c < SUE_NCNT; c++) {
    if (!((SUE_REG_CNT_ON >> c) & 1u))
      continue;
    if (cnt[c] != ls->m.cnt[c])
      return fail(ls, "counter %s: RTL %u, model %u", sue_cnt_name(c), cnt[c], ls->m.cnt[c]);
    k++;
  }
  return k;
}

int sue_ls_credits_final(sue_ls_t *ls) {
  for (unsigned v = 0; v < SUE_NVC; v++)
    for (unsigned k = 0; k < 2; k++)
      if (ls->r_cred[v][k] != ls->m_cred[v][k])
        return fail(ls, "ingress credits of VC %u type %u: RTL returned %llu, the model %llu", v, k,
                    (unsigned long long)ls->r_cred[v][k], (unsigned long long)ls->m_cred[v][k]);
  return 1;
}

int sue_ls_quiet(const sue_ls_t *ls) {
  return !ls->ev_n && !ls->exp.n && !ls->txn && !ls->rxn && !ls->fed.n;
}
