/*
 * fabric_model.c - the fabric composed of the block models (fabric_model.h: what is exact, what
 * is a timing rule). A cycle, in order: endpoints tick; XPUs submit commands and take credits;
 * links deliver into the switch ports (verdicts) and into the endpoints (receive checks); the
 * switch core runs its core cycles; the egresses move and send; the endpoints send; the XPUs take
 * deliveries and check them against the senders' streams.
 */
#include "fabric_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "islip_switch_model.h"
#include "ring.h"
#include "scoc_switch_model.h"
#include "sue_regs_model.h"

#define FM_NDST SUE_NDST_MAX
#define RIFL_PB 30u  /* payload bytes of a FW = 256 RIFL frame */
#define RIFL_SLOT 4u /* cycles per RIFL frame (FW / 64) */
#define FM_MAX_TQ 4u /* classes */

fm_params_t fm_default_params(unsigned n) {
  fm_params_t p;
  memset(&p, 0, sizeof p);
  p.n = n;
  p.m = n <= 4 ? 2 : 4;
  p.mt = n <= 8 ? 2 : 4;
  p.k = 1;
  p.qd = 16;
  p.oq = 8;
  p.lw = 4;
  p.speedup = 1.0;
  p.rifl = 1;
  p.lat = 0; /* the RTL's: RIFL 28 cycles a link, raw 9 (channel 8 + 1) */
  p.fc = 64 * RIFL_PB;
  p.d0 = 4;
  p.v0 = 8;
  p.sw_lat = 2;
  p.ibw = 4096;
  p.rbd = 128;
  p.tqd = 256;
  p.xoff = 4096 / 2; /* bytes: fabric.v passes IBW / 2 and IBW / 4 */
  p.xon = 4096 / 4;
  p.ep.data_w = 256;
  p.ep.pdu_max = 512;
  p.ep.ndst = n - 1 < FM_NDST ? n - 1 : FM_NDST;
  p.ep.align = 4;
  p.ep.q_bytes = 1024;
  p.ep.win = 8;
  p.ep.psn_per_vc = 1;
  p.ep.ing_cmd = 4;
  p.ep.ing_data = 2;
  p.ep.rx_bytes = 8192;
  p.rx_xoff = p.ep.rx_bytes / 4;
  p.rx_xon = p.ep.rx_bytes / 8;
  p.pattern = FM_UNIFORM;
  p.cmds = 400;
  p.dlen = 256;
  p.vcs = 4;
  p.p_cmd = 1.0;
  p.seed = 1;
  p.max_cycles = 20000000;
  return p;
}

/* ------------------------------------------------------------------ state */
typedef struct {
  uint8_t *buf;
  unsigned len, out, tc, src, h; /* h: its handle in the pool (in the core) */
  uint64_t ready; /* switch: first cycle its cells may go; egress: first cycle it may leave */
} fm_frame_t;

typedef struct { /* a FIFO of frames */
  fm_frame_t *q;
  size_t cap, rd, wr;
} fm_fq_t;

typedef struct {
  sue_ep_t ep;
  unsigned ndst, dst[FM_NDST]; /* destination table: slot -> XPU index */
  /* XPU transmit */
  unsigned sent, to_send, cur_slot, agg[SUE_NVC][2];
  int pending;
  uint64_t submit_t, xfree;
  sue_cmd_t cur;
  unsigned qunits[FM_NDST][SUE_NVC];
  sue_stream_t out[FM_NDST][SUE_NVC];
  uint64_t *t_sent[FM_NDST][SUE_NVC];
  /* port, receive */
  uint64_t port_free, wire_free, feed_free, rx_free;
  sue_chan_t verq;
} fm_xpu_t;

typedef struct {
  /* ingress */
  uint64_t feed_free;
  fm_fq_t verq;  /* frames arriving: the verdict at the last byte (tc: overflowed) */
  unsigned used; /* words of the buffer */
  unsigned level[SUE_NVC];
  fm_fq_t iq;                     /* forwarded, in arrival order */
  unsigned cell_word, frame_word; /* feed position of the head frame: core word, cell start */
  uint64_t gather_t;              /* the gearbox's last core word left */
  /* PFC (the RTL's sue_pfc instance) */
  sue_pfc_t pfc;
  /* egress */
  int mid;                            /* a cell is being taken ... */
  unsigned cell_src, cell_cw, cell_j; /* ... from this source, payload words, next core word */
  uint64_t unpack_t;                  /* the gearbox is free from this cycle */
  unsigned *rused;                    /* reassembly words per source */
  unsigned *rcur, *rwords;            /* per source: frame being reassembled (~0u: none), words */
  fm_fq_t *done;                      /* complete frames per source */
  unsigned mv_rr;                     /* mover round robin */
  uint64_t mv_free;                   /* mover busy until */
  fm_fq_t tq[FM_MAX_TQ];              /* class queues */
  unsigned tq_used[FM_MAX_TQ];
  unsigned tx_rr;
  uint64_t port_free, wire_free;
  uint32_t cnt[FSP_NCNT];
  uint64_t wbytes; /* frame bytes sent in the steady-state window */
} fm_port_t;

struct fm {
  fm_params_t p;
  prng_t r;
  uint64_t t;
  fm_xpu_t *x;
  fm_port_t *s;
  sue_chan_t *up, *dn;
  unsigned *up_unread;
  fsp_cfg_t fcfg;
  sue_cfg_t pcfg; /* the switch's PFC registers, in sue_pfc's terms */
  uint8_t smac[6];
  /* core */
  sw_ops_t ops;
  scoc_sw_model_t scoc;
  islip_model_t islip;
  sw_link_in_t in;
  sw_link_out_t o;
  unsigned ck, cp;  /* cell words per core word, payload words per cell */
  fm_frame_t *pool; /* frames in the core, by handle */
  unsigned *pool_free;
  size_t pool_cap, pool_nfree;
  double acc;
  /* scoreboard and figures */
  uint64_t total, delivered, *lat, nlat, t0, t1, wbytes, wcmds, nsent, lost;
  unsigned receivers;
  uint8_t *scratch;
  char *why;
  size_t why_len;
  int failed;
};

static void fq_push(fm_fq_t *f, const fm_frame_t *e) {
  void *q = f->q;
  ring_reserve(&q, &f->cap, &f->rd, &f->wr, sizeof *f->q, 16);
  f->q = q;
  f->q[f->wr++ % f->cap] = *e;
}
static fm_frame_t *fq_head(fm_fq_t *f) { return f->rd < f->wr ? &f->q[f->rd % f->cap] : NULL; }
static void fq_pop(fm_fq_t *f) { f->rd++; }
static void fq_free(fm_fq_t *f) {
  for (size_t i = f->rd; i < f->wr; i++)
    free(f->q[i % f->cap].buf);
  free(f->q);
  memset(f, 0, sizeof *f);
}

static void fail(fm_t *m, const char *fmt, ...) {
  if (!m->failed) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->why, m->why_len, fmt, ap);
    va_end(ap);
  }
  m->failed = 1;
}

static unsigned pool_get(fm_t *m, const fm_frame_t *f);

/* ------------------------------------------------------------------ timing rules */
static unsigned words(unsigned len) { return (len + 7) / 8; }
/* cycles a frame of len bytes takes on the line */
static unsigned wire(const fm_t *m, unsigned len) {
  return m->p.rifl ? RIFL_SLOT * ((len + RIFL_PB - 1) / RIFL_PB) : words(len);
}

/* A sender decided a frame at cycle t: its first beat leaves d0 later and not before the line
 * is free; the port may decide again at the frame's last beat. */
static void send(fm_t *m, sue_chan_t *l, uint64_t *port_free, uint64_t *wire_free, unsigned d0,
                 const sue_cfg_t *cfg, const uint8_t *f, unsigned len) {
  uint64_t first = m->t + d0 > *wire_free ? m->t + d0 : *wire_free;
  *wire_free = first + wire(m, len);
  *port_free = *wire_free - 1;
  sue_chan_push(l, cfg, f, len, first);
}

static sue_chan_frame_t *chan_peek(sue_chan_t *l, uint64_t now) {
  if (l->rd == l->wr || l->q[l->rd % l->cap].t > now)
    return NULL;
  return &l->q[l->rd % l->cap];
}

/* ------------------------------------------------------------------ set-up */
static void table_add(fm_xpu_t *x, unsigned i, unsigned d) {
  if (d == i)
    return;
  for (unsigned s = 0; s < x->ndst; s++)
    if (x->dst[s] == d)
      return;
  if (x->ndst < FM_NDST)
    x->dst[x->ndst++] = d;
}

/* Destination tables: every other XPU when they fit (N <= 65); else the 62 nearest by index,
 * both ways (so the tables are symmetric: a receiver knows its senders), and for a
 * permutation the XPU's destination and source. */
static void tables(fm_t *m, const unsigned *perm, const unsigned *inv) {
  unsigned n = m->p.n;
  for (unsigned i = 0; i < n; i++) {
    fm_xpu_t *x = &m->x[i];
    x->ndst = 0;
    if (n - 1 <= FM_NDST) {
      for (unsigned d = 0; d < n; d++)
        table_add(x, i, d);
      continue;
    }
    if (perm) {
      table_add(x, i, perm[i]);
      table_add(x, i, inv[i]);
    }
    for (unsigned k = 1; k <= 31; k++) {
      table_add(x, i, (i + k) % n);
      table_add(x, i, (i + n - k) % n);
    }
  }
}

static int slot_of(const fm_xpu_t *x, unsigned d) {
  for (unsigned s = 0; s < x->ndst; s++)
    if (x->dst[s] == d)
      return (int)s;
  return -1;
}

static void ep_config(fm_t *m, unsigned i) {
  sue_ep_t *e = &m->x[i].ep;
  unsigned id = FM_XPU_ID(i);
  sue_ep_reg_write(e, SUE_REG_CTRL, 0x318u);
  sue_ep_reg_write(e, SUE_REG_XPUID, id);
  sue_ep_reg_write(e, SUE_REG_PARTITION, 0x2A);
  sue_ep_reg_write(e, SUE_REG_MAC_HI, 0x0200);
  sue_ep_reg_write(e, SUE_REG_MAC_LO, id);
  sue_ep_reg_write(e, SUE_REG_IP, 0x0A000000u | id);
  for (unsigned s = 0; s < m->x[i].ndst; s++) {
    unsigned did = FM_XPU_ID(m->x[i].dst[s]);
    sue_ep_reg_write(e, SUE_REG_DST(s), 0x80000000u | did);
    sue_ep_reg_write(e, SUE_REG_DST(s) + 4, 0x0200);
    sue_ep_reg_write(e, SUE_REG_DST(s) + 8, did);
    sue_ep_reg_write(e, SUE_REG_DST(s) + 12, 0x0A000000u | did);
  }
  sue_ep_reg_write(e, SUE_REG_RETX_TIMEOUT, 20000);
  sue_ep_reg_write(e, SUE_REG_PFC_TIME, (8u << 16) | 0xFFFFu);
  sue_ep_reg_write(e, SUE_REG_PFC_XOFF, m->p.rx_xoff);
  sue_ep_reg_write(e, SUE_REG_PFC_XON, m->p.rx_xon);
  for (unsigned v = 0; v < SUE_NVC; v++)
    for (unsigned ty = 0; ty < 2; ty++)
      sue_ep_rx_credit(e, v, ty, 8);
}

static void sw_config(fm_t *m) {
  fsp_cfg_reset(&m->fcfg, m->p.n);
  for (unsigned e = 0; e < m->p.n; e++) {
    unsigned id = FM_XPU_ID(e);
    fsp_entry_t *t = &m->fcfg.ent[e];
    t->valid = 1;
    t->port = e;
    uint8_t mac[6] = {
        0x02, 0x00, (uint8_t)(id >> 24), (uint8_t)(id >> 16), (uint8_t)(id >> 8), (uint8_t)id};
    memcpy(t->mac, mac, 6);
    t->xpu = id;
  }
  /* sue_pfc with the switch's registers (fabric_sw_regs reset values, XOFF / XON parameters) */
  sue_params_t sp = m->p.ep;
  sue_cfg_reset(&m->pcfg, &sp);
  m->pcfg.pfc_tx_en = 1;
  m->pcfg.pfc_rx_en = 1;
  for (unsigned v = 0; v < SUE_NVC; v++)
    m->pcfg.pfc_prio[v] = (uint8_t)v;
  m->pcfg.pfc_time = 0xFFFF;
  m->pcfg.pfc_qcyc = 8;
  m->pcfg.pfc_refresh = 4096;
  m->pcfg.pfc_xoff = m->p.xoff;
  m->pcfg.pfc_xon = m->p.xon;
  static const uint8_t smac[6] = {0x02, 0x00, 0x00, 0x00, 0xFE, 0x00};
  memcpy(m->smac, smac, 6);
}

static int core_init(fm_t *m) {
  const fm_params_t *p = &m->p;
  m->ck = p->ck ? p->ck : p->islip ? 1 : p->m;
  m->cp = fsp_cell_payload(m->ck, p->lw);
  if (p->islip) {
    islip_params_t ip = {p->n, p->k, p->qd, p->oq, p->lw, 64};
    if (islip_model_init(&m->islip, &ip))
      return -1;
    m->ops = islip_model_ops(&m->islip);
  } else {
    scoc_sw_params_t sp = {p->n, p->m, p->mt, p->qd, p->oq, p->lw, 64};
    if (scoc_sw_model_init(&m->scoc, &sp))
      return -1;
    m->ops = scoc_sw_model_ops(&m->scoc);
  }
  return 0;
}

/* ------------------------------------------------------------------ XPUs */
static int sender(const fm_t *m, unsigned i) {
  if (m->p.pattern != FM_INCAST)
    return 1;
  return i != 0 && slot_of(&m->x[i], 0) >= 0;
}

static void new_cmd(fm_t *m, unsigned i, const unsigned *perm) {
  fm_xpu_t *x = &m->x[i];
  sue_cmd_t *c = &x->cur;
  unsigned d;
  if (m->p.pattern == FM_PERMUTATION)
    d = perm[i];
  else if (m->p.pattern == FM_INCAST)
    d = 0;
  else
    d = x->dst[prng_below(&m->r, x->ndst)];
  x->cur_slot = (unsigned)slot_of(x, d);
  sue_cmd_init(c, (unsigned)prng_below(&m->r, 8), (unsigned)prng_range(&m->r, 1, 9), m->p.dlen);
  sue_cmd_fill(c, prng_next(&m->r));
  c->vc = (unsigned)prng_below(&m->r, m->p.vcs);
  c->send_now = (unsigned)prng_bernoulli(&m->r, 0.1);
  c->xpuid = FM_XPU_ID(d);
}

static void xpu_tx(fm_t *m, unsigned i, const unsigned *perm) {
  fm_xpu_t *x = &m->x[i];
  sue_cmd_t *c = &x->cur;
  if (x->pending == 2 && x->submit_t == m->t) {
    int r = sue_ep_xpu_tx(&x->ep, m->t, c->dp ? SUE_VALID_DATA : SUE_VALID_CMD, c, 0);
    if (r)
      fail(m, "XPU %u: the endpoint model refused a command (counter %d)", i, r);
    x->pending = 0;
  }
  if (x->pending == 0 && x->sent < x->to_send && m->t >= x->xfree &&
      prng_bernoulli(&m->r, m->p.p_cmd)) {
    new_cmd(m, i, perm);
    x->pending = 1;
  }
  if (x->pending == 1) { /* both credit kinds */
    unsigned u = sue_cmd_units(c, m->p.ep.align);
    if (x->agg[c->vc][c->dp] && x->qunits[x->cur_slot][c->vc] >= u) {
      x->agg[c->vc][c->dp]--;
      x->qunits[x->cur_slot][c->vc] -= u;
      unsigned beats = sue_cmd_beats(c, m->p.ep.data_w);
      x->xfree = m->t + beats;
      x->submit_t = m->t + beats;
      x->pending = 2;
      sue_stream_t *st = &x->out[x->cur_slot][c->vc];
      uint64_t **ts = &x->t_sent[x->cur_slot][c->vc];
      if (st->n == 0 || (st->n & (st->n - 1)) == 0) {
        uint64_t *nt = realloc(*ts, (st->n ? 2 * st->n : 16) * sizeof(uint64_t));
        if (!nt)
          abort();
        *ts = nt;
      }
      (*ts)[st->n] = m->t + beats - 1; /* the last beat */
      sue_stream_push(st, c);
      x->sent++;
    }
  }
  sue_credit_ev_t ev;
  while (sue_ep_credit_pop(&x->ep, &ev)) {
    if (ev.kind == SUE_CREDIT_AGG) {
      x->agg[ev.vc][ev.type] += ev.n;
    } else {
      int s = sue_cfg_find_dst(&x->ep.cfg, &x->ep.p, ev.xpuid);
      if (s < 0)
        fail(m, "XPU %u: a queue credit for unknown XPU 0x%x", i, ev.xpuid);
      else
        x->qunits[s][ev.vc] += ev.n;
    }
  }
}

static void xpu_rx(fm_t *m, unsigned i) {
  fm_xpu_t *x = &m->x[i];
  sue_cmd_t got;
  if (m->t < x->rx_free || !sue_ep_xpu_rx(&x->ep, m->t, &got))
    return;
  unsigned src = FM_XPU_IDX(got.xpuid);
  int s = src < m->p.n ? slot_of(&m->x[src], i) : -1;
  if (s < 0) {
    fail(m, "XPU %u: a command from unknown XPU 0x%x", i, got.xpuid);
    return;
  }
  fm_xpu_t *sx = &m->x[src];
  sue_stream_t *st = &sx->out[s][got.vc];
  size_t k = st->rd;
  const char *why = sue_stream_take(st, &got);
  if (why) {
    fail(m, "XPU %u from XPU %u VC %u: %s", i, src, got.vc, why);
    return;
  }
  m->lat[m->nlat++] = m->t - sx->t_sent[s][got.vc][k];
  x->rx_free = m->t + sue_cmd_beats(&got, m->p.ep.data_w);
  sue_ep_rx_credit(&x->ep, got.vc, got.dp, 1);
  m->delivered++;
  if (m->delivered == m->total / 4)
    m->t0 = m->t;
  if (m->delivered > m->total / 4 && m->delivered <= 3 * m->total / 4) {
    m->wbytes += sue_cmd_bytes(&got);
    m->wcmds++;
    m->t1 = m->t;
  }
}

/* ------------------------------------------------------------------ endpoint ports */
static void ep_port(fm_t *m, unsigned i) {
  fm_xpu_t *x = &m->x[i];
  if (m->t >= x->port_free && (!m->p.rifl || m->up_unread[i] < m->p.fc)) {
    size_t n = sue_ep_port_tx(&x->ep, m->t, m->scratch);
    if (n) {
      send(m, &m->up[i], &x->port_free, &x->wire_free, m->p.d0, &x->ep.cfg, m->scratch,
           (unsigned)n);
      /* RIFL: the lane's encoder takes the endpoint's 64 bits a cycle and sends 60, so the next
         frame is decided while this one drains, its first beat due as the line frees */
      if (m->p.rifl && x->wire_free > m->t + m->p.d0)
        x->port_free = x->wire_free - m->p.d0;
      m->up_unread[i] += (unsigned)n;
    }
  }
  /* receive: fed at the line's rate, the verdict v0 after the last byte */
  if (m->t >= x->feed_free) {
    sue_chan_frame_t *f = sue_chan_pop(&m->dn[i], m->t);
    if (f) {
      uint64_t last = m->t + wire(m, (unsigned)f->len) - 1;
      x->feed_free = last + 1;
      /* the command leaves the receive path v0 + (bytes past 64) / 8 cycles after the last byte
         (the RTL's checks, receive buffer and walk, measured: docs/fabric/index.md) */
      uint64_t rx = m->p.v0 + (f->len > 64 ? (f->len - 64) / 8 : 0);
      sue_chan_push(&x->verq, &x->ep.cfg, f->buf, f->len, last + rx);
      free(f->buf);
    }
  }
  sue_chan_frame_t *v;
  while ((v = sue_chan_pop(&x->verq, m->t)) != NULL) {
    (void)sue_ep_port_rx(&x->ep, m->t, v->buf, v->len);
    free(v->buf);
  }
}

/* ------------------------------------------------------------------ switch ports */
static void sw_ingress(fm_t *m, unsigned p) {
  fm_port_t *s = &m->s[p];
  unsigned fmax = m->p.ep.pdu_max + 64;
  if (m->t >= s->feed_free) {
    sue_chan_frame_t *h = chan_peek(&m->up[p], m->t);
    /* RIFL: back-pressure until the buffer has room for the frame; raw: it comes anyway */
    if (h && (!m->p.rifl || s->used + words((unsigned)h->len) <= m->p.ibw)) {
      sue_chan_frame_t *f = sue_chan_pop(&m->up[p], m->t);
      m->up_unread[p] -= (unsigned)f->len;
      uint64_t last = m->t + wire(m, (unsigned)f->len) - 1;
      s->feed_free = last + 1;
      unsigned w = words((unsigned)f->len);
      int ovf = s->used + w > m->p.ibw;
      if (!ovf)
        s->used += w;
      fm_frame_t e = {f->buf, (unsigned)f->len, 0, (unsigned)ovf, p, 0, last};
      fq_push(&s->verq, &e); /* the buffer passes to the verdict queue */
    }
  }
  fm_frame_t *v;
  while ((v = fq_head(&s->verq)) != NULL && v->ready <= m->t) {
    int ovf = (int)v->tc;
    unsigned len = v->len, w = words(len);
    uint8_t *buf = v->buf;
    fq_pop(&s->verq);
    fsp_verdict_t vd;
    fsp_ingress_frame(&m->fcfg, buf, len, fmax, 0, ovf, &vd);
    s->cnt[FSP_CNT_RX]++;
    if (vd.kind == FSP_FWD) {
      s->cnt[FSP_CNT_FWD]++;
      fm_frame_t e = {buf, len, vd.port, vd.tc, p, 0, m->t + m->p.sw_lat};
      e.h = pool_get(m, &e);
      s->level[vd.tc] += len;
      fq_push(&s->iq, &e);
      continue;
    }
    if (!ovf)
      s->used -= w;
    if (vd.kind == FSP_PFC) {
      s->cnt[FSP_CNT_PFC_RX]++;
      sue_pfc_rx(&s->pfc, &m->pcfg, m->t, vd.cev, vd.time);
    } else {
      s->cnt[FSP_CNT_DROP + vd.reason]++;
    }
    free(buf);
  }
}

/* ---- cells through the core. The core model moves 64-bit words it never looks at; a core
   word of the RTL holds CK cell words, so here it is a reference: (frame handle << 8) | the
   core word's index in its cell. The frame stays in the pool until the egress has it all. */
static unsigned pool_get(fm_t *m, const fm_frame_t *f) {
  if (!m->pool_nfree) {
    size_t nc = m->pool_cap ? 2 * m->pool_cap : 1024;
    fm_frame_t *np = realloc(m->pool, nc * sizeof *np);
    unsigned *nf = realloc(m->pool_free, nc * sizeof *nf);
    if (!np || !nf)
      abort();
    m->pool = np;
    m->pool_free = nf;
    for (size_t i = m->pool_cap; i < nc; i++)
      m->pool_free[m->pool_nfree++] = (unsigned)(nc - 1 - (i - m->pool_cap));
    m->pool_cap = nc;
  }
  unsigned h = m->pool_free[--m->pool_nfree];
  m->pool[h] = *f;
  return h;
}

/* cell words (header included) and core words of the cell of a frame of fw words whose
   payload starts at word at */
static unsigned cell_payload(const fm_t *m, unsigned fw, unsigned at) {
  return fw - at < m->cp ? fw - at : m->cp;
}
static unsigned core_words(const fm_t *m, unsigned cw) { return (cw + 1 + m->ck - 1) / m->ck; }
/* cell words in core word j of a cell of cw payload words */
static unsigned in_core_word(const fm_t *m, unsigned cw, unsigned j) {
  unsigned left = cw + 1 - j * m->ck;
  return left < m->ck ? left : m->ck;
}

/* The word the ingress of port p offers the core (1). The gearbox gathers a core word a cell
   word a cycle, starting when the previous one leaves. */
static int core_offer(fm_t *m, unsigned p, uint64_t *w, unsigned *last, unsigned *dst) {
  fm_port_t *s = &m->s[p];
  fm_frame_t *f = fq_head(&s->iq);
  if (!f || f->ready > m->t)
    return 0;
  unsigned fw = words(f->len), cw = cell_payload(m, fw, s->frame_word);
  uint64_t from = f->ready > s->gather_t ? f->ready : s->gather_t;
  if (m->t < from + in_core_word(m, cw, s->cell_word))
    return 0;
  *w = (uint64_t)f->h << 8 | s->cell_word;
  *last = s->cell_word + 1 == core_words(m, cw);
  *dst = f->out;
  return 1;
}

static void core_taken(fm_t *m, unsigned p) {
  fm_port_t *s = &m->s[p];
  fm_frame_t *f = fq_head(&s->iq);
  unsigned fw = words(f->len), cw = cell_payload(m, fw, s->frame_word);
  s->gather_t = m->t;
  if (++s->cell_word < core_words(m, cw))
    return;
  s->cell_word = 0;
  s->frame_word += cw;
  if (s->frame_word == fw) { /* the frame has left the ingress */
    s->frame_word = 0;
    s->used -= fw;
    s->level[f->tc] -= f->len;
    fq_pop(&s->iq);
  }
}

/* Can the egress of port p take this core word? Its gearbox gives the egress a cell word a
   cycle; a cell's first core word only when its source's reassembly buffer has room for a
   whole cell (RBD - CP - 1 words used at most, as the RTL). */
static int egress_ready(const fm_t *m, unsigned p, int valid, uint64_t w) {
  const fm_port_t *s = &m->s[p];
  if (!valid)
    return 1;
  if (m->t < s->unpack_t)
    return 0;
  if (s->mid)
    return 1;
  unsigned src = m->pool[w >> 8].src;
  return s->rused[src] + m->cp + 1 <= m->p.rbd;
}

static void egress_take(fm_t *m, unsigned p, uint64_t w, unsigned last) {
  fm_port_t *s = &m->s[p];
  unsigned h = (unsigned)(w >> 8), j = (unsigned)(w & 0xFFu);
  fm_frame_t *f = &m->pool[h];
  unsigned src = f->src, fw = words(f->len);
  if (!s->mid) {               /* a cell's first core word: its header */
    if (s->rcur[src] == ~0u) { /* the frame's first cell: its descriptor word */
      s->rcur[src] = h;
      s->rwords[src] = 0;
      s->rused[src]++;
    } else if (s->rcur[src] != h) {
      fail(m, "port %u: a cell of another frame inside a frame from port %u", p, src);
      return;
    }
    s->cell_src = src;
    s->cell_cw = cell_payload(m, fw, s->rwords[src]);
    s->cell_j = 0;
  }
  if (src != s->cell_src || j != s->cell_j ||
      last != (s->cell_j + 1 == core_words(m, s->cell_cw))) {
    fail(m, "port %u: core word %u of a cell out of order", p, j);
    return;
  }
  unsigned k = in_core_word(m, s->cell_cw, j), pay = k - (j == 0);
  s->unpack_t = m->t + k;
  s->rwords[src] += pay;
  s->rused[src] += pay;
  s->cell_j++;
  s->mid = !last;
  if (last && s->rwords[src] == fw) { /* eof: the frame is complete */
    fq_push(&s->done[src], f);
    s->rcur[src] = ~0u;
    m->pool_free[m->pool_nfree++] = h;
  }
}

static void core_cycle(fm_t *m) {
  unsigned n = m->p.n;
  m->ops.outputs(m->ops.model, &m->o);
  for (unsigned p = 0; p < n; p++) {
    uint64_t w = 0;
    unsigned last = 0, dst = 0;
    m->in.in_valid[p] = (uint8_t)core_offer(m, p, &w, &last, &dst);
    m->in.in_data[p] = w;
    m->in.in_last[p] = (uint8_t)last;
    m->in.in_dst[p] = (uint16_t)dst;
    m->in.out_ready[p] = (uint8_t)egress_ready(m, p, m->o.out_valid[p], m->o.out_data[p]);
  }
  m->ops.clock(m->ops.model, &m->in);
  for (unsigned p = 0; p < n; p++) {
    if (m->in.in_valid[p] && m->o.in_ready[p])
      core_taken(m, p);
    if (m->o.out_valid[p] && m->in.out_ready[p])
      egress_take(m, p, m->o.out_data[p], m->o.out_last[p]);
  }
}

/* Mover and transmitter of port p's egress. */
static void sw_egress(fm_t *m, unsigned p) {
  fm_port_t *s = &m->s[p];
  unsigned n = m->p.n;
  /* mover: round robin over the sources with a complete frame, when its class queue has room;
     a word a cycle, the reassembly words given back once it has moved */
  if (m->t >= s->mv_free) {
    for (unsigned j = 0; j < n; j++) {
      unsigned src = (s->mv_rr + j) % n;
      fm_frame_t *f = fq_head(&s->done[src]);
      unsigned w = f ? words(f->len) : 0;
      if (!f || s->tq_used[f->tc] + w > m->p.tqd)
        continue;
      fm_frame_t e = *f;
      e.ready = m->t + w;
      s->tq_used[e.tc] += w;
      s->rused[src] -= w + 1;
      fq_push(&s->tq[e.tc], &e);
      fq_pop(&s->done[src]);
      s->mv_free = m->t + w;
      s->mv_rr = (src + 1) % n;
      break;
    }
  }
  /* 802.1Qbb state on the ingress's class levels, then the transmitter */
  sue_pfc_eval(&s->pfc, &m->pcfg, m->t, s->level);
  if (m->t < s->port_free)
    return;
  if (sue_pfc_owed(&s->pfc, &m->pcfg)) {
    uint16_t time[SUE_PRIO];
    unsigned cev = sue_pfc_frame(&s->pfc, &m->pcfg, time);
    uint8_t f[64];
    fsp_pfc_frame(m->smac, p, cev, time, f);
    sue_pfc_sent(&s->pfc, m->t);
    send(m, &m->dn[p], &s->port_free, &s->wire_free, 1, &m->pcfg, f, 64);
    s->cnt[FSP_CNT_PFC_TX]++;
    return;
  }
  for (unsigned j = 0; j < FM_MAX_TQ; j++) {
    unsigned c = (s->tx_rr + j) % FM_MAX_TQ;
    fm_frame_t *f = fq_head(&s->tq[c]);
    if (!f || f->ready > m->t || sue_pfc_paused(&s->pfc, &m->pcfg, m->t, c))
      continue;
    if (m->delivered >= m->total / 4 && m->delivered < 3 * m->total / 4)
      s->wbytes += f->len;
    if (m->p.drop_every && ++m->nsent % m->p.drop_every == 0) {
      m->lost++; /* the fault: the line time passes, the frame never arrives */
      s->wire_free = m->t + 1 + wire(m, f->len);
      s->port_free = s->wire_free - 1;
    } else {
      send(m, &m->dn[p], &s->port_free, &s->wire_free, 1, &m->pcfg, f->buf, f->len);
    }
    s->tq_used[c] -= words(f->len);
    s->cnt[FSP_CNT_TX]++;
    free(f->buf);
    fq_pop(&s->tq[c]);
    s->tx_rr = (c + 1) % FM_MAX_TQ;
    break;
  }
}

/* ------------------------------------------------------------------ the run */
static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void fm_free(fm_t *m) {
  unsigned n = m->p.n;
  if (m->x)
    for (unsigned i = 0; i < n; i++) {
      fm_xpu_t *x = &m->x[i];
      sue_ep_free(&x->ep);
      sue_chan_free(&x->verq);
      for (unsigned s = 0; s < FM_NDST; s++)
        for (unsigned v = 0; v < SUE_NVC; v++) {
          sue_stream_free(&x->out[s][v]);
          free(x->t_sent[s][v]);
        }
    }
  if (m->s)
    for (unsigned p = 0; p < n; p++) {
      fm_port_t *s = &m->s[p];
      fq_free(&s->verq);
      free(s->iq.q); /* its frames are the pool's */
      for (unsigned c = 0; c < FM_MAX_TQ; c++)
        fq_free(&s->tq[c]);
      if (s->done)
        for (unsigned j = 0; j < n; j++) {
          fq_free(&s->done[j]);
        }
      free(s->done);
      free(s->rused);
      free(s->rcur);
      free(s->rwords);
    }
  if (m->up)
    for (unsigned i = 0; i < n; i++) {
      sue_chan_free(&m->up[i]);
      sue_chan_free(&m->dn[i]);
    }
  if (m->islip.s)
    islip_model_free(&m->islip);
  else if (m->scoc.in_mem)
    scoc_sw_model_free(&m->scoc);
  if (m->pool) {
    uint8_t *live = calloc(m->pool_cap, 1);
    for (size_t i = 0; live && i < m->pool_nfree; i++)
      live[m->pool_free[i]] = 1;
    for (size_t i = 0; live && i < m->pool_cap; i++)
      if (!live[i])
        free(m->pool[i].buf); /* frames still in the core (an aborted run) */
    free(live);
  }
  free(m->pool);
  free(m->pool_free);
  free(m->x);
  free(m->s);
  free(m->up);
  free(m->dn);
  free(m->up_unread);
  free(m->lat);
  free(m->scratch);
}

static int fm_open(fm_t *m, const fm_params_t *p, unsigned *perm, unsigned *inv) {
  unsigned n = p->n;
  m->p = *p;
  prng_seed(&m->r, p->seed);
  const char *w = NULL;
  if (n < 4 || n > FM_NMAX || p->speedup < 1.0 || p->vcs < 1 || p->vcs > SUE_NVC ||
      p->dlen > SUE_DATA_MAX || p->ibw < 2 * words(p->ep.pdu_max + 64) || p->rbd < (2u << p->lw) ||
      p->tqd < words(p->ep.pdu_max + 64) || sue_params_check(&p->ep, &w)) {
    snprintf(m->why, m->why_len, "illegal fabric model parameters%s%s", w ? ": " : "", w ? w : "");
    return -1;
  }
  m->x = calloc(n, sizeof *m->x);
  m->s = calloc(n, sizeof *m->s);
  m->up = calloc(n, sizeof *m->up);
  m->dn = calloc(n, sizeof *m->dn);
  m->up_unread = calloc(n, sizeof *m->up_unread);
  m->scratch = malloc(SUE_FRAME_MAX);
  if (!m->x || !m->s || !m->up || !m->dn || !m->up_unread || !m->scratch)
    abort();
  if (core_init(m)) {
    snprintf(m->why, m->why_len, "illegal switch core parameters (N %u, M %u, MT %u)", n, p->m,
             p->mt);
    return -1;
  }
  /* a random permutation without fixed points (every XPU sends to another) */
  for (unsigned i = 0; i < n; i++)
    perm[i] = i;
  do {
    for (unsigned i = n - 1; i > 0; i--) {
      unsigned j = (unsigned)prng_below(&m->r, i + 1), t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    unsigned fixed = 0;
    for (unsigned i = 0; i < n; i++)
      fixed += perm[i] == i;
    if (!fixed)
      break;
  } while (1);
  for (unsigned i = 0; i < n; i++)
    inv[perm[i]] = i;
  tables(m, p->pattern == FM_PERMUTATION ? perm : NULL, inv);
  sw_config(m);
  for (unsigned i = 0; i < n; i++) {
    fm_xpu_t *x = &m->x[i];
    sue_params_t ep = p->ep;
    ep.ndst = x->ndst;
    if (sue_ep_init(&x->ep, &ep)) {
      snprintf(m->why, m->why_len, "endpoint model parameters");
      return -1;
    }
    ep_config(m, i);
    for (unsigned s = 0; s < x->ndst; s++)
      for (unsigned v = 0; v < SUE_NVC; v++)
        x->qunits[s][v] = p->ep.q_bytes / p->ep.align;
    sue_chan_init(&x->verq, 2u * i);
    x->verq.lat = 0;
    x->to_send = sender(m, i) ? p->cmds : 0;
    m->total += x->to_send;
    sue_chan_init(&m->up[i], 1000u + i);
    sue_chan_init(&m->dn[i], 2000u + i);
    m->up[i].lat = m->dn[i].lat = p->lat ? p->lat : p->rifl ? 28 : 9;
    fm_port_t *s = &m->s[i];
    sue_pfc_init(&s->pfc);
    s->done = calloc(n, sizeof *s->done);
    s->rused = calloc(n, sizeof *s->rused);
    s->rcur = malloc(n * sizeof *s->rcur);
    s->rwords = calloc(n, sizeof *s->rwords);
    if (!s->done || !s->rused || !s->rcur || !s->rwords)
      abort();
    memset(s->rcur, 0xFF, n * sizeof *s->rcur);
  }
  m->receivers = 0;
  for (unsigned d = 0; d < n; d++) {
    int any = 0;
    for (unsigned i = 0; i < n && !any; i++)
      any = m->x[i].to_send && (p->pattern == FM_PERMUTATION ? perm[i] == d
                                : p->pattern == FM_INCAST    ? d == 0
                                                             : slot_of(&m->x[i], d) >= 0);
    m->receivers += any;
  }
  m->lat = malloc((m->total + 1) * sizeof *m->lat);
  if (!m->lat)
    abort();
  return 0;
}

int fm_run(const fm_params_t *p, fm_result_t *r, char *why, size_t why_len) {
  fm_t *m = calloc(1, sizeof *m);
  unsigned *perm = calloc(FM_NMAX, sizeof *perm), *inv = calloc(FM_NMAX, sizeof *inv);
  if (!m || !perm || !inv)
    abort();
  memset(r, 0, sizeof *r);
  m->why = why;
  m->why_len = why_len;
  int rc = fm_open(m, p, perm, inv);
  unsigned n = p->n;
  for (m->t = 0; rc == 0 && !m->failed && m->delivered < m->total; m->t++) {
    if (m->t >= p->max_cycles) {
      snprintf(why, why_len, "not done in %llu cycles: %llu of %llu commands delivered",
               (unsigned long long)p->max_cycles, (unsigned long long)m->delivered,
               (unsigned long long)m->total);
      rc = -1;
      break;
    }
    for (unsigned i = 0; i < n; i++) {
      sue_ep_tick(&m->x[i].ep, m->t);
      xpu_tx(m, i, perm);
    }
    for (unsigned i = 0; i < n; i++) {
      sw_ingress(m, i);
      ep_port(m, i);
    }
    for (m->acc += p->speedup; m->acc >= 1.0; m->acc -= 1.0)
      core_cycle(m);
    for (unsigned i = 0; i < n; i++) {
      sw_egress(m, i);
      xpu_rx(m, i);
    }
  }
  if (m->failed)
    rc = -1;
  if (rc == 0) {
    r->cycles = m->t;
    r->t0 = m->t0;
    r->t1 = m->t1;
    r->cmds = m->wcmds;
    r->bytes = m->wbytes;
    r->delivered = m->delivered;
    double span = m->t1 > m->t0 ? (double)(m->t1 - m->t0) : 1.0;
    r->goodput = m->t1 > m->t0 ? (double)m->wbytes / span / 8.0 / m->receivers : 0.0;
    uint64_t busiest = 0;
    for (unsigned i = 0; i < n; i++)
      busiest = m->s[i].wbytes > busiest ? m->s[i].wbytes : busiest;
    r->egress_util = m->t1 > m->t0 ? (double)busiest / span / 8.0 : 0.0;
    r->lost = m->lost;
    qsort(m->lat, m->nlat, sizeof *m->lat, cmp_u64);
    if (m->nlat) {
      r->p50 = m->lat[m->nlat / 2];
      r->p99 = m->lat[(size_t)((double)(m->nlat - 1) * 0.99)];
      r->maxlat = m->lat[m->nlat - 1];
    }
    for (unsigned i = 0; i < n; i++) {
      for (unsigned k = 0; k < FSP_NDROP; k++)
        r->sw_drop[k] += m->s[i].cnt[FSP_CNT_DROP + k];
      r->pfc_sw += m->s[i].cnt[FSP_CNT_PFC_TX];
      r->pfc_ep += m->x[i].ep.cnt[SUE_CNT_TX_PFC];
      r->sue_retx += m->x[i].ep.cnt[SUE_CNT_TX_RETX];
    }
    r->core_violations = p->islip ? m->islip.violations : m->scoc.violations;
  }
  fm_free(m);
  free(m);
  free(perm);
  free(inv);
  return rc;
}
