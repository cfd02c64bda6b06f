/*
 * scoc_switch_model.c - cycle-exact model of rtl/scoc/scoc_switch (docs/scoc/index.md "Switch
 * datapath", rules 1 to 6). clock() takes every decision of the cycle from the state at its
 * start (input buffers, the scheduler's registered accepts, the middle stage, the output
 * buffers), then applies the edge, in the order of the RTL's nonblocking assignments.
 */
#include "scoc_switch_model.h"

#include <stdlib.h>
#include <string.h>

static unsigned clog2u(unsigned v) {
  unsigned b = 0;
  while ((1u << b) < v)
    b++;
  return b;
}

int scoc_sw_params_check(const scoc_sw_params_t *p) {
  scoc_params_t sp = {p->n, p->m, p->mt, p->qd, p->lw, p->qd > 1 ? clog2u(p->qd) : 1};
  if (scoc_params_check(&sp))
    return -1;
  if (p->oq < 2 || p->oq > SCOC_SW_MAX_OQ || p->dw < 8 || p->dw > 64)
    return -1;
  return 0;
}

int scoc_sw_model_init(scoc_sw_model_t *m, const scoc_sw_params_t *p) {
  memset(m, 0, sizeof *m);
  if (scoc_sw_params_check(p))
    return -1;
  m->p = *p;
  m->tw = clog2u(p->qd);
  m->slotw = 1u << p->lw;
  m->pmax = m->slotw - 1u;
  scoc_params_t sp = {p->n, p->m, p->mt, p->qd, p->lw, m->tw};
  if (scoc_model_init(&m->sched, &sp))
    return -1;
  m->in_mem = calloc((size_t)p->n * p->qd * m->slotw, sizeof *m->in_mem);
  m->out_mem = calloc((size_t)p->n * p->oq * m->slotw, sizeof *m->out_mem);
  if (!m->in_mem || !m->out_mem) {
    scoc_sw_model_free(m);
    return -1;
  }
  scoc_sw_model_reset(m);
  return 0;
}

void scoc_sw_model_free(scoc_sw_model_t *m) {
  scoc_model_free(&m->sched);
  free(m->in_mem);
  free(m->out_mem);
  m->in_mem = m->out_mem = NULL;
}

void scoc_sw_model_reset(scoc_sw_model_t *m) {
  const unsigned N = m->p.n;
  scoc_model_reset(&m->sched);
  m->cyc = 0;
  m->err_len = m->err_dst = m->violations = 0;
  memset(m->in_busy, 0, sizeof m->in_busy);
  memset(m->in_slot, 0, sizeof m->in_slot);
  memset(m->in_widx, 0, sizeof m->in_widx);
  memset(m->in_bad, 0, sizeof m->in_bad);
  memset(m->in_dst, 0, sizeof m->in_dst);
  memset(m->xf, 0, sizeof m->xf);
  memset(m->out_len, 0, sizeof m->out_len);
  memset(m->wslot, 0, sizeof m->wslot);
  memset(m->rslot, 0, sizeof m->rslot);
  memset(m->wpos, 0, sizeof m->wpos);
  memset(m->rpos, 0, sizeof m->rpos);
  memset(m->done, 0, sizeof m->done);
  memset(m->occ, 0, sizeof m->occ);
  for (unsigned p = 0; p < N; p++)
    m->in_free[p] = m->p.qd >= 32 ? 0xffffffffu : (1u << m->p.qd) - 1u;
  memset(m->in_mem, 0, (size_t)N * m->p.qd * m->slotw * sizeof *m->in_mem);
  memset(m->out_mem, 0, (size_t)N * m->p.oq * m->slotw * sizeof *m->out_mem);
}

void scoc_sw_model_set_ablate(scoc_sw_model_t *m, unsigned flags) {
  scoc_model_set_ablate(&m->sched, flags);
}

static uint64_t *in_word(const scoc_sw_model_t *m, unsigned p, unsigned slot, unsigned idx) {
  return &m->in_mem[((size_t)p * m->p.qd + slot) * m->slotw + idx];
}
static uint64_t *out_word(const scoc_sw_model_t *m, unsigned p, unsigned slot, unsigned idx) {
  return &m->out_mem[((size_t)p * m->p.oq + slot) * m->slotw + idx];
}

void scoc_sw_model_outputs(const void *mv, sw_link_out_t *o) {
  const scoc_sw_model_t *m = mv;
  for (unsigned p = 0; p < m->p.n; p++) {
    o->in_ready[p] = m->in_busy[p] || m->in_free[p] != 0;
    o->out_valid[p] = m->done[p] != 0;
    o->out_data[p] = *out_word(m, p, m->rslot[p], m->rpos[p]);
    o->out_last[p] = m->rpos[p] == m->out_len[p][m->rslot[p]];
  }
}

typedef struct { /* the input buffer's combinational decisions of one port */
  unsigned take, first, slot, idx, dst, dst_bad, len_bad, done;
} inb_t;

static inb_t in_buf_decide(const scoc_sw_model_t *m, unsigned p, const sw_link_in_t *in) {
  inb_t b;
  unsigned ready = m->in_busy[p] || m->in_free[p] != 0;
  b.take = in->in_valid[p] && ready;
  b.first = !m->in_busy[p];
  b.slot = b.first ? (m->in_free[p] ? (unsigned)__builtin_ctz(m->in_free[p]) : 0u) : m->in_slot[p];
  b.idx = b.first ? 0u : m->in_widx[p];
  /* in_dst is NW bits wide on the RTL port: the model sees the same bits */
  b.dst = b.first ? (unsigned)(in->in_dst[p] & ((1u << clog2u(m->p.n)) - 1u)) : m->in_dst[p];
  b.dst_bad = b.first ? b.dst >= m->p.n : m->in_bad[p];
  b.len_bad = b.idx == m->pmax;
  b.done = b.take && in->in_last[p];
  return b;
}

void scoc_sw_model_clock(void *mv, const sw_link_in_t *in) {
  scoc_sw_model_t *m = mv;
  const unsigned N = m->p.n, M = m->p.m, R = N / M;
  const unsigned ts = (unsigned)(m->cyc % M);
  const uint64_t dmask = m->p.dw >= 64 ? ~0ull : (1ull << m->p.dw) - 1ull;
  scoc_in_t *sin = &m->sin;
  inb_t ib[SCOC_MAX_N];
  uint8_t reserve[SCOC_MAX_N], wr_v[SCOC_MAX_N], wr_l[SCOC_MAX_N], send[SCOC_MAX_N];
  uint8_t xlast[SCOC_MAX_N];
  uint64_t wr_d[SCOC_MAX_N];
  unsigned acc_v[SCOC_MAX_R], acc_p[SCOC_MAX_R], acc_o[SCOC_MAX_R], acc_r[SCOC_MAX_R],
      acc_l[SCOC_MAX_R], acc_t[SCOC_MAX_R];

  /* ---- decisions, all from the state at the start of the cycle */
  memset(reserve, 0, N);
  for (unsigned g = 0; g < R; g++) {
    acc_v[g] =
        scoc_model_accept(&m->sched, g, &acc_p[g], &acc_o[g], &acc_r[g], &acc_l[g], &acc_t[g]);
    if (acc_v[g])
      reserve[acc_o[g]] = 1;
  }
  unsigned n_len = 0, n_dst = 0;
  for (unsigned p = 0; p < N; p++) {
    inb_t *b = &ib[p];
    *b = in_buf_decide(m, p, in);
    sin->enq_valid[p] = (uint8_t)(b->done && !b->dst_bad && !b->len_bad);
    sin->enq_dst[p] = (uint16_t)b->dst;
    sin->enq_len[p] = (uint16_t)(b->idx + 1u);
    sin->enq_tag[p] = (uint16_t)b->slot;
    n_dst += b->done && b->dst_bad;
    n_len += b->done && !b->dst_bad && b->len_bad;
    sin->out_room[p] = (uint8_t)(m->occ[p] + reserve[p] < m->p.oq);
  }
  /* middle stage: this cycle's transfers on route ts, one input group link each */
  memset(wr_v, 0, N);
  memset(xlast, 0, N);
  for (unsigned g = 0; g < R; g++) {
    unsigned nact = 0;
    for (unsigned k = 0; k < M; k++) {
      unsigned p = g * M + k;
      const scoc_xfer_t *x = &m->xf[p][ts];
      xlast[p] = x->act && x->idx == x->lastidx;
      if (!x->act)
        continue;
      nact++;
      unsigned o = x->out;
      if (wr_v[o])
        m->violations++; /* two words for one output (the RTL asserts on the group link) */
      wr_v[o] = 1;
      wr_d[o] = *in_word(m, p, x->slot, x->idx);
      wr_l[o] = xlast[p];
    }
    if (nact > 1)
      m->violations++;
  }
  for (unsigned o = 0; o < N; o++)
    send[o] = m->done[o] != 0 && in->out_ready[o];

  /* ---- the edge */
  scoc_model_clock(&m->sched, sin);
  for (unsigned p = 0; p < N; p++) { /* input buffers */
    const inb_t *b = &ib[p];
    if (b->take && !b->dst_bad && !b->len_bad)
      *in_word(m, p, b->slot, b->idx) = in->in_data[p] & dmask;
    if (b->take) {
      m->in_busy[p] = !in->in_last[p];
      m->in_slot[p] = (uint8_t)b->slot;
      m->in_widx[p] = (uint8_t)(b->len_bad ? m->pmax : b->idx + 1u);
      m->in_dst[p] = (uint16_t)b->dst;
      m->in_bad[p] = (uint8_t)b->dst_bad;
    }
    if (b->take && b->first)
      m->in_free[p] &= ~(1u << b->slot);
    if (b->done && (b->dst_bad || b->len_bad))
      m->in_free[p] |= 1u << b->slot;
    const scoc_xfer_t *x = &m->xf[p][ts];
    if (xlast[p]) {
      if (m->in_free[p] & (1u << x->slot))
        m->violations++; /* freeing a free slot */
      m->in_free[p] |= 1u << x->slot;
    }
  }
  for (unsigned p = 0; p < N; p++) { /* transfers: advance, then the new accepts */
    scoc_xfer_t *x = &m->xf[p][ts];
    if (!x->act)
      continue;
    if (xlast[p])
      memset(x, 0, sizeof *x);
    else
      x->idx++;
  }
  for (unsigned g = 0; g < R; g++) {
    if (!acc_v[g])
      continue;
    scoc_xfer_t *x = &m->xf[g * M + acc_p[g]][acc_r[g]];
    x->act = 1;
    x->slot = (uint8_t)acc_t[g];
    x->idx = 0;
    x->lastidx = (uint8_t)(acc_l[g] - 1u);
    x->out = (uint16_t)acc_o[g];
  }
  for (unsigned o = 0; o < N; o++) { /* output buffers */
    unsigned last_slot = m->p.oq - 1u;
    if (wr_v[o]) {
      if (m->done[o] >= m->occ[o])
        m->violations++; /* a word for an output with no slot reserved */
      *out_word(m, o, m->wslot[o], m->wpos[o]) = wr_d[o];
      if (wr_l[o]) {
        m->out_len[o][m->wslot[o]] = m->wpos[o];
        m->wpos[o] = 0;
        m->wslot[o] = (uint8_t)(m->wslot[o] == last_slot ? 0u : m->wslot[o] + 1u);
      } else
        m->wpos[o]++;
    }
    unsigned sent = 0;
    if (send[o]) {
      sent = m->rpos[o] == m->out_len[o][m->rslot[o]];
      if (sent) {
        m->rpos[o] = 0;
        m->rslot[o] = (uint8_t)(m->rslot[o] == last_slot ? 0u : m->rslot[o] + 1u);
      } else
        m->rpos[o]++;
    }
    if (reserve[o] && m->occ[o] >= m->p.oq)
      m->violations++;
    m->done[o] = (uint8_t)(m->done[o] + (wr_v[o] && wr_l[o]) - sent);
    m->occ[o] = (uint8_t)(m->occ[o] + reserve[o] - sent);
  }
  m->err_len += n_len;
  m->err_dst += n_dst;
  m->cyc++;
}

sw_ops_t scoc_sw_model_ops(scoc_sw_model_t *m) {
  sw_ops_t ops = {m, m->p.n, m->p.dw, scoc_sw_model_outputs, scoc_sw_model_clock};
  return ops;
}
