/* test_sue_endpoint_model_star.c - SUE endpoint model at full size: a hub endpoint with 64
 * destinations x 4 VCs (default parameters) and 64 leaf endpoints, through a store-and-forward
 * switch model (drops bad-FCS frames, one output queue per port, serialization), lossy and
 * corrupting uplinks. Scoreboard per {source, destination, VC}: exactly once, in order, intact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "ring.h"
#include "sue_endpoint_model.h"
#include "sue_regs_model.h"
#include "unit.h"

#define NLEAF 64u
#define NEP (NLEAF + 1u)
#define HUB_ID 0x100u
#define LEAF_ID(j) (0x200u + (j)) /* leaf j = endpoint j + 1 */
#define BPC 32u                   /* port bytes per cycle */
#define LAT 40u                   /* cycles per link */

typedef struct {
  uint64_t t;
  size_t len;
  uint8_t *buf;
} sf_t;

typedef struct { /* a FIFO of frames with arrival times (never reordered) */
  sf_t *q;
  size_t cap, rd, wr;
} fq_t;

static void fq_push(fq_t *f, const uint8_t *b, size_t len, uint64_t t) {
  void *q = f->q;
  ring_reserve(&q, &f->cap, &f->rd, &f->wr, sizeof *f->q, 32);
  f->q = q;
  sf_t *e = &f->q[f->wr++ % f->cap];
  e->buf = malloc(len);
  if (!e->buf)
    abort();
  memcpy(e->buf, b, len);
  e->len = len;
  e->t = t;
}

static sf_t *fq_head(fq_t *f, uint64_t now) {
  return f->rd < f->wr && f->q[f->rd % f->cap].t <= now ? &f->q[f->rd % f->cap] : NULL;
}

static void fq_pop(fq_t *f) { free(f->q[f->rd++ % f->cap].buf); }

static void fq_free(fq_t *f) {
  while (f->rd < f->wr)
    fq_pop(f);
  free(f->q);
}

typedef struct {
  sue_cmd_t *c;
  size_t n, cap, rd;
} sstream_t;

static void ss_push(sstream_t *s, const sue_cmd_t *c) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    s->c = realloc(s->c, s->cap * sizeof *s->c);
    if (!s->c)
      abort();
  }
  s->c[s->n++] = *c;
}

typedef struct {
  sue_ep_t ep[NEP];
  unsigned id[NEP];
  fq_t up[NEP], down[NEP];
  uint64_t port_busy[NEP], down_busy[NEP];
  unsigned agg[NEP][4][2];
  unsigned qunits[NEP][NLEAF][4]; /* [endpoint][its destination slot][vc] */
  uint64_t xbusy[NEP];
  unsigned to_send[NEP], sent[NEP], recvd[NEP];
  sstream_t st[NEP][NEP][4]; /* [source][destination][vc] */
  prng_t r;
  uint64_t now;
  unsigned lost, flips, flips_pdu, sw_fcs_drops;
  int bad;
  char why[160];
} star_t;

static unsigned ep_index(unsigned id) { return id == HUB_ID ? 0u : id - 0x200u + 1u; }

static void star_cfg_ep(sue_ep_t *ep, unsigned me, const unsigned *ids, unsigned n) {
  sue_ep_reg_write(ep, SUE_REG_CTRL, 0x310u); /* UDP, CRC-32, PFC receive only */
  sue_ep_reg_write(ep, SUE_REG_XPUID, me);
  sue_ep_reg_write(ep, SUE_REG_MAC_HI, 0x0200);
  sue_ep_reg_write(ep, SUE_REG_MAC_LO, me);
  sue_ep_reg_write(ep, SUE_REG_IP, 0x0A000000u | me);
  sue_ep_reg_write(ep, SUE_REG_RETX_TIMEOUT, 20000);
  for (unsigned d = 0; d < n; d++) {
    sue_ep_reg_write(ep, SUE_REG_DST(d), 0x80000000u | ids[d]);
    sue_ep_reg_write(ep, SUE_REG_DST(d) + 4, 0x0200);
    sue_ep_reg_write(ep, SUE_REG_DST(d) + 8, ids[d]);
    sue_ep_reg_write(ep, SUE_REG_DST(d) + 12, 0x0A000000u | ids[d]);
  }
}

static void star_fail(star_t *s, const char *why) {
  if (!s->bad)
    snprintf(s->why, sizeof s->why, "cycle %llu: %s", (unsigned long long)s->now, why);
  s->bad = 1;
}

static int star_init(star_t *s, uint64_t seed) {
  memset(s, 0, sizeof *s);
  prng_seed(&s->r, seed);
  sue_params_t hp = sue_default_params(), lp = hp;
  lp.ndst = 1;
  unsigned leaves[NLEAF], hub = HUB_ID;
  for (unsigned j = 0; j < NLEAF; j++)
    leaves[j] = LEAF_ID(j);
  for (unsigned e = 0; e < NEP; e++) {
    s->id[e] = e ? LEAF_ID(e - 1) : HUB_ID;
    if (sue_ep_init(&s->ep[e], e ? &lp : &hp))
      return -1;
    if (e)
      star_cfg_ep(&s->ep[e], s->id[e], &hub, 1);
    else
      star_cfg_ep(&s->ep[e], HUB_ID, leaves, NLEAF);
    for (unsigned d = 0; d < (e ? 1u : NLEAF); d++)
      for (unsigned v = 0; v < 4; v++)
        s->qunits[e][d][v] = hp.q_bytes / hp.align;
    for (unsigned v = 0; v < 4; v++)
      for (unsigned ty = 0; ty < 2; ty++)
        sue_ep_rx_credit(&s->ep[e], v, ty, 8);
    s->to_send[e] = e ? 200 : 20000;
  }
  return 0;
}

static void star_free(star_t *s) {
  for (unsigned e = 0; e < NEP; e++) {
    sue_ep_free(&s->ep[e]);
    fq_free(&s->up[e]);
    fq_free(&s->down[e]);
    for (unsigned k = 0; k < NEP; k++)
      for (unsigned v = 0; v < 4; v++)
        free(s->st[e][k][v].c);
  }
}

static void star_cycle(star_t *s, uint8_t *buf) {
  uint64_t t = s->now;
  for (unsigned e = 0; e < NEP; e++) {
    sue_ep_t *ep = &s->ep[e];
    sue_credit_ev_t ev;
    while (sue_ep_credit_pop(ep, &ev)) {
      if (ev.kind == SUE_CREDIT_AGG) {
        s->agg[e][ev.vc][ev.type] += ev.n;
      } else {
        int d = sue_cfg_find_dst(&ep->cfg, &ep->p, ev.xpuid);
        if (d < 0)
          star_fail(s, "queue credit for an unknown destination");
        else
          s->qunits[e][d][ev.vc] += ev.n;
      }
    }
    /* XPU: the hub sends to random leaves, each leaf to the hub */
    double p = e ? 0.004 : 0.5;
    if (s->sent[e] < s->to_send[e] && t >= s->xbusy[e] && prng_bernoulli(&s->r, p)) {
      unsigned d = e ? 0u : (unsigned)prng_below(&s->r, NLEAF);
      unsigned dl = prng_bernoulli(&s->r, 0.3) ? 0 : (unsigned)prng_range(&s->r, 1, 256);
      sue_cmd_t c;
      sue_cmd_init(&c, (unsigned)prng_below(&s->r, 8), (unsigned)prng_range(&s->r, 1, 9), dl);
      sue_cmd_fill(&c, prng_next(&s->r));
      c.vc = (unsigned)prng_below(&s->r, 4);
      c.xpuid = ep->cfg.dst[d].xpuid;
      c.send_now = prng_bernoulli(&s->r, 0.1);
      unsigned u = sue_cmd_units(&c, ep->p.align);
      if (s->agg[e][c.vc][c.dp] && s->qunits[e][d][c.vc] >= u) {
        s->agg[e][c.vc][c.dp]--;
        s->qunits[e][d][c.vc] -= u;
        if (sue_ep_xpu_tx(ep, t, c.dp ? SUE_VALID_DATA : SUE_VALID_CMD, &c, 0))
          star_fail(s, "command refused");
        ss_push(&s->st[e][ep_index(c.xpuid)][c.vc], &c);
        s->sent[e]++;
        s->xbusy[e] = t + sue_cmd_beats(&c, ep->p.data_w);
      }
    }
    /* port to the switch, with loss and corruption on the uplink */
    if (t >= s->port_busy[e]) {
      size_t n = sue_ep_port_tx(ep, t, buf);
      if (n) {
        s->port_busy[e] = t + (n + SUE_WIRE_EXTRA + BPC - 1) / BPC;
        if (prng_bernoulli(&s->r, 1e-3)) {
          s->lost++;
        } else {
          if (prng_bernoulli(&s->r, 5e-4)) {
            size_t b = (size_t)prng_below(&s->r, n * 8);
            buf[b / 8] ^= (uint8_t)(1u << (b % 8));
            s->flips++;
          } else if (prng_bernoulli(&s->r, 5e-4)) {
            size_t b = 42 * 8 + (size_t)prng_below(&s->r, (n - 46) * 8);
            buf[b / 8] ^= (uint8_t)(1u << (b % 8));
            sue_frame_reseal(&ep->cfg, buf, n, SUE_RESEAL_FCS);
            s->flips_pdu++;
          }
          fq_push(&s->up[e], buf, n, s->port_busy[e] + LAT);
        }
      }
    }
    /* switch: store and forward by destination IP, bad FCS dropped, output serialization */
    sf_t *f;
    while ((f = fq_head(&s->up[e], t)) != NULL) {
      if (sue_fcs(f->buf, f->len - 4) != sue_get_le32(f->buf + f->len - 4)) {
        s->sw_fcs_drops++;
      } else {
        unsigned o = ep_index(sue_get_be16(f->buf + 32));
        if (o >= NEP) {
          star_fail(s, "switch: unknown destination");
        } else {
          uint64_t dep = t > s->down_busy[o] ? t : s->down_busy[o];
          s->down_busy[o] = dep + (f->len + SUE_WIRE_EXTRA + BPC - 1) / BPC;
          fq_push(&s->down[o], f->buf, f->len, s->down_busy[o] + LAT);
        }
      }
      fq_pop(&s->up[e]);
    }
  }
  for (unsigned e = 0; e < NEP; e++) {
    sue_ep_t *ep = &s->ep[e];
    sf_t *f;
    while ((f = fq_head(&s->down[e], t)) != NULL) {
      sue_ep_port_rx(ep, t, f->buf, f->len);
      fq_pop(&s->down[e]);
    }
    if (prng_bernoulli(&s->r, e ? 0.5 : 0.9)) {
      sue_cmd_t got;
      if (sue_ep_xpu_rx(ep, t, &got)) {
        unsigned src = ep_index(got.xpuid);
        sstream_t *q = src < NEP ? &s->st[src][e][got.vc] : NULL;
        if (!q)
          star_fail(s, "command from an unknown source");
        else if (q->rd >= q->n)
          star_fail(s, "command delivered that was never sent");
        else if (!sue_cmd_equal(&got, &q->c[q->rd++]))
          star_fail(s, "command lost, reordered or corrupted");
        s->recvd[e]++;
        sue_ep_rx_credit(ep, got.vc, got.dp, 1);
      }
    }
  }
  s->now++;
}

static int star_done(const star_t *s) {
  for (unsigned e = 0; e < NEP; e++) {
    if (s->sent[e] < s->to_send[e] || sue_ep_unacked(&s->ep[e]) || sue_ep_tx_queued(&s->ep[e]))
      return 0;
    for (unsigned k = 0; k < NEP; k++)
      for (unsigned v = 0; v < 4; v++)
        if (s->st[e][k][v].rd != s->st[e][k][v].n)
          return 0;
  }
  return 1;
}

static void t_star_64(ut_t *t) {
  star_t *s = malloc(sizeof *s);
  uint8_t *buf = malloc(SUE_FRAME_MAX);
  UT_CHECK(t, s && buf, "memory");
  if (star_init(s, 64)) {
    free(s);
    free(buf);
    UT_CHECK(t, 0, "init");
  }
  while (!star_done(s) && !s->bad && s->now < 2000000)
    star_cycle(s, buf);
  int ok = !s->bad && star_done(s);
  char why[200];
  snprintf(why, sizeof why, "%s", s->bad ? s->why : "not done");
  const sue_ep_t *h = &s->ep[0];
  unsigned dst_used = 0, src_seen = 0, vcs = 0;
  for (unsigned j = 0; j < NLEAF; j++) {
    dst_used += h->conn[j].nxt > 0;
    src_seen += h->conn[j].exp > 0;
    for (unsigned v = 0; v < 4; v++)
      vcs += s->st[0][j + 1][v].n > 0;
  }
  uint32_t retx = 0, nobuf = 0, rcrc = 0, psn = 0;
  for (unsigned e = 0; e < NEP; e++) {
    retx += s->ep[e].cnt[SUE_CNT_TX_RETX];
    nobuf += s->ep[e].cnt[SUE_CNT_RX_NOBUF];
    rcrc += s->ep[e].cnt[SUE_CNT_RX_RCRC];
    psn += s->ep[e].cnt[SUE_CNT_RX_PSN];
  }
  ut_info("star_64: %llu cycles, hub sent %u PDUs / received %u from 64 leaves; lost %u, "
          "switch FCS drops %u, rx_rcrc %u, rx_psn %u, retx %u, rx_nobuf %u",
          (unsigned long long)s->now, h->cnt[SUE_CNT_TX_PDUS], h->cnt[SUE_CNT_RX_PDUS], s->lost,
          s->sw_fcs_drops, rcrc, psn, retx, nobuf);
  star_free(s);
  free(s);
  free(buf);
  UT_CHECK(t, ok, "%s", why);
  UT_EQ(t, dst_used, NLEAF, "hub sent to every destination");
  UT_EQ(t, src_seen, NLEAF, "hub received from every source");
  UT_EQ(t, vcs, NLEAF * 4, "every {destination, VC} queue used");
}

UT_SUITE(sue_endpoint_model_star) { ut_run(s, "sue_star_64", t_star_64); }
