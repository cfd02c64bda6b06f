/*
 * Benchmarks of block sue (tb/sue/bench.sh, docs/performance.md): not tests, they
 * measure. Each writes CSV files into the run's outdir.
 *
 *   bench_sue_efficiency  on the RTL (sue_endpoint_w256: DATA_W = ETH_W = 256, PDU_MAX 512),
 * through the two-endpoint harness (tb/sue/sue_ep_tb.c, lockstep with the model, scoreboard):
 *       endpoint 0 sends commands of S = 2 clen + dlen bytes (8: clen 4, dlen 0; larger:
 *       clen 4, dlen S - 8) to endpoint 1, UDP / AIFH 12 / AIFH 6, packed (PACK_TIMEOUT
 *       0xFFFF, 4 full PDUs of k = PDU_MAX / S commands) and unpacked (send-now, the next
 *       command only once the last one's PDU is decided: one command a frame). Efficiency =
 *       command bytes delivered to endpoint 1's XPU / (bytes of every frame endpoint 0 sent
 *       + SUE_WIRE_EXTRA each), beside the formula sue_wire_efficiency (docs/sue/index.md).
 *         efficiency.csv         header,command_bytes,wire_efficiency
 *         efficiency_detail.csv  header,command_bytes,clen,dlen,cmds_per_pdu,frames,
 *                                frame_bytes,measured,formula
 *   bench_sue_latency  on the RTL (sue_endpoint_w256, UDP), an idle pair: one send-now command at a
 * time, sent once everything is idle and a random 20 .. 51 further cycles have passed. latency.csv
 * path,cycles (the median of the samples) latency_stats.csv
 * path,command_bytes,samples,min,median,max bench_sue_throughput  saturated XPU, one VC, commands
 * round robin over 1 or 64 destinations, a MAC pacing the port at 32 bytes a cycle with
 * SUE_WIRE_EXTRA bytes a frame; 1 destination on the RTL (sue_endpoint_w256) and on the model with
 * the RTL's port timing, 1 and 64 on the model (sue_endpoint_model.c, which the ep_* lockstep tests
 * prove equal to the RTL decision by decision and byte by byte) around 64 model peers.
 *         throughput.csv  where,params,destinations,command_bytes,commands,cycles,
 *                         cmd_bytes_per_cycle,line_fraction,pdus
 *   bench_sue_ports  goodput over 1, 2 and 4 ports at one wire rate (part 4 of bench.sh; below).
 *   bench_sue_failover  goodput and recovery when a port fails (part 5 of bench.sh; below).
 * Plusargs: +samples=N (latency, default 200), +cmds=N (throughput, default 1600; ports 1200).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "sue_ep_tb.h"
#include "sue_multi_tb.h"
#include "sue_regs_model.h"

/* Icarus runs these tests in sim_bench.vvp (tb/sue/tops.txt @program=bench). */
HARNESS_PROGRAM(bench);

#define BPC 32u     /* port bytes a cycle: a 256-bit datapath */
#define KIND_PDU 5u /* tx_kind of a new PDU */

/* Command n of S bytes: 8 control bytes (clen 4) and S - 8 data bytes; 8 bytes: control only. */
static void bench_cmd(sue_cmd_t *c, unsigned S, unsigned n, unsigned xpuid, unsigned send_now) {
  sue_cmd_init(c, 1, 4, S > 8 ? S - 8 : 0);
  sue_cmd_fill(c, (uint64_t)n * 7919u + S);
  c->vc = 0;
  c->xpuid = xpuid;
  c->send_now = send_now;
}

static unsigned cmd_bytes(const sue_cmd_t *c) { return 2 * c->clen + c->dlen; }

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* ====================================================================== efficiency */
typedef struct {
  unsigned S, packed;
  size_t flen;
  uint64_t wire, bytes;
  unsigned frames, other, bad_len;
} eff_t;

static int eff_gen(ep_t *e, side_t *s, sue_cmd_t *c) {
  const eff_t *x = e->o.ctx;
  if (!x->packed && s->ls.kinds[KIND_PDU] < s->sent)
    return 0; /* unpacked: the last command's PDU first */
  bench_cmd(c, x->S, s->sent, s->peer, !x->packed);
  return 1;
}

static void eff_hook(ep_t *e, const side_t *s, unsigned ev, const sue_cmd_t *c, size_t len,
                     unsigned kind) {
  eff_t *x = e->o.ctx;
  if (ev == EP_EV_ETH_TX_FRAME && s == &e->s[0]) {
    x->wire += len + SUE_WIRE_EXTRA;
    x->frames++;
    x->other += kind != KIND_PDU;
    x->bad_len += len != x->flen;
  } else if (ev == EP_EV_XPU_RX_FIRST && s == &e->s[1]) {
    x->bytes += cmd_bytes(c);
  }
}

HARNESS_TEST(bench_sue_efficiency) {
  static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};
  static const char *const names[3] = {"udp", "aifh12", "aifh6"};
  static const unsigned sizes[] = {8, 16, 32, 64, 128, 256};
  const unsigned pdu_max = 512, align = 4;
  FILE *f = harness_csv("efficiency.csv", "header,command_bytes,wire_efficiency");
  FILE *g =
      harness_csv("efficiency_detail.csv", "header,command_bytes,clen,dlen,cmds_per_pdu,frames,"
                                           "frame_bytes,measured,formula");
  unsigned run = 0;
  for (unsigned fi = 0; fi < 3; fi++)
    for (unsigned pi = 0; pi < 2; pi++)
      for (unsigned si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        unsigned packed = 1 - pi, S = sizes[si],
                 k = packed ? sue_cmds_per_pdu(S, align, pdu_max) : 1;
        eff_t x;
        memset(&x, 0, sizeof x);
        x.S = S;
        x.packed = packed;
        x.flen = sue_frame_len(fmts[fi], k * sue_align_up(S, align));
        ep_opts_t o = ep_default_opts();
        o.fmt = fmts[fi];
        o.one_way = 1;
        o.cmds = packed ? 4 * k : 8;
        o.p_cmd = 1.0;
        o.p_gap = 0;
        o.p_grant = 1.0;
        o.pack_timeout = packed ? 0xFFFF : 64;
        o.gen = eff_gen;
        o.hook = eff_hook;
        o.ctx = &x;
        ep_t *e = calloc(1, sizeof *e);
        CHECK(e != NULL, "memory");
        ep_open(e, "sue_endpoint_w256", &o, 100 + run++);
        ep_run(e);
        ep_close(e);
        free(e);
        double meas = (double)x.bytes / (double)x.wire,
               form = sue_wire_efficiency(fmts[fi], S, align, k);
        CHECK(x.other == 0 && x.bad_len == 0,
              "%s %u B: %u frames not a new PDU, %u of another length", names[fi], S, x.other,
              x.bad_len);
        CHECK_EQ(x.bytes, (uint64_t)o.cmds * S, "command bytes delivered");
        CHECK_EQ(x.frames, packed ? 4u : 8u, "frames");
        const char *mode = packed ? "packed" : "unpacked";
        fprintf(f, "%s_%s,%u,%.6f\n", names[fi], mode, S, meas);
        fprintf(g, "%s_%s,%u,4,%u,%u,%u,%zu,%.6f,%.6f\n", names[fi], mode, S, S > 8 ? S - 8 : 0, k,
                x.frames, x.flen, meas, form);
        fflush(f);
        fflush(g);
        CHECK(meas == form, "%s %s %u B: measured %.6f, formula %.6f", names[fi], mode, S, meas,
              form);
        harness_log("%s %s %u B: %u frames of %zu bytes, %llu command bytes, efficiency %.6f "
                    "(formula %.6f)",
                    names[fi], mode, S, x.frames, x.flen, (unsigned long long)x.bytes, meas, form);
      }
  fclose(f);
  fclose(g);
}

/* ====================================================================== latency */
#define LAT_MAX 4096u
enum { L_TX, L_RX, L_DEC, L_VER, L_N };

typedef struct {
  unsigned S, want, n, quiet, need;
  prng_t r;
  uint64_t t_last, t_dec, t_rx;
  int wait_tx, wait_rx;
  unsigned ns[L_N];
  uint32_t v[L_N][LAT_MAX];
} lat_t;

static int lat_gen(ep_t *e, side_t *s, sue_cmd_t *c) {
  lat_t *x = e->o.ctx;
  if (x->n >= x->want || !ep_idle(e)) {
    x->quiet = 0;
    return 0;
  }
  if (++x->quiet < x->need)
    return 0;
  x->quiet = 0;
  x->need = 20 + (unsigned)prng_below(&x->r, 32);
  bench_cmd(c, x->S, x->n++, s->peer, 1);
  return 1;
}

static void lat_add(lat_t *x, unsigned w, uint64_t d) {
  CHECK(x->ns[w] < LAT_MAX, "samples");
  x->v[w][x->ns[w]++] = (uint32_t)d;
}

static void lat_hook(ep_t *e, const side_t *s, unsigned ev, const sue_cmd_t *c, size_t len,
                     unsigned kind) {
  lat_t *x = e->o.ctx;
  (void)c;
  (void)len;
  if (s == &e->s[0]) {
    if (ev == EP_EV_XPU_TX_LAST) {
      x->t_last = e->t;
      x->wait_tx = 1;
    } else if (ev == EP_EV_DECIDE && x->wait_tx && kind) {
      CHECK_EQ(kind, KIND_PDU, "the first decision after a command");
      x->t_dec = e->t;
    } else if (ev == EP_EV_ETH_TX_FIRST && x->wait_tx) {
      lat_add(x, L_TX, e->t - x->t_last);
      lat_add(x, L_DEC, e->t - x->t_dec);
      x->wait_tx = 0;
    }
  } else {
    if (ev == EP_EV_ETH_RX_LAST) {
      x->t_rx = e->t;
      x->wait_rx = 1;
    } else if (ev == EP_EV_VERDICT && x->wait_rx) {
      lat_add(x, L_VER, e->t - x->t_rx);
    } else if (ev == EP_EV_XPU_RX_FIRST && x->wait_rx) {
      lat_add(x, L_RX, e->t - x->t_rx);
      x->wait_rx = 0;
    }
  }
}

typedef struct {
  uint32_t min, med, max;
} stat_t;

static stat_t stats(uint32_t *v, unsigned n) {
  stat_t st = {0, 0, 0};
  CHECK(n > 0, "no samples");
  qsort(v, n, sizeof *v, cmp_u32);
  st.min = v[0];
  st.med = v[n / 2];
  st.max = v[n - 1];
  return st;
}

/* One latency run of `samples` commands of S bytes; med[] gets the medians. */
static void lat_run(unsigned S, unsigned samples, FILE *f, FILE *g, stat_t st[L_N]) {
  static const char *const paths[L_N] = {"xpu_cmd_to_first_frame_byte", "frame_to_xpu_cmd",
                                         "decision_to_first_frame_byte", "frame_to_verdict"};
  lat_t *x = calloc(1, sizeof *x);
  CHECK(x != NULL, "memory");
  x->S = S;
  x->want = samples;
  x->need = 40;
  prng_seed(&x->r, harness_seed() * 977u + S);
  ep_opts_t o = ep_default_opts();
  o.one_way = 1;
  o.cmds = samples;
  o.p_cmd = 1.0;
  o.p_gap = 0;
  o.p_grant = 1.0;
  o.gen = lat_gen;
  o.hook = lat_hook;
  o.ctx = x;
  ep_t *e = calloc(1, sizeof *e);
  CHECK(e != NULL, "memory");
  ep_open(e, "sue_endpoint_w256", &o, 200 + S);
  ep_run(e);
  ep_close(e);
  free(e);
  for (unsigned w = 0; w < L_N; w++) {
    CHECK(x->ns[w] == samples, "%u samples of %s", x->ns[w], paths[w]);
    st[w] = stats(x->v[w], x->ns[w]);
    fprintf(g, "%s,%u,%u,%u,%u,%u\n", paths[w], S, x->ns[w], st[w].min, st[w].med, st[w].max);
    if (w < 2)
      fprintf(f, "%s.cmd%u,%u\n", paths[w], S, st[w].med);
    harness_log("%s, %u-byte commands: min %u, median %u, max %u cycles over %u samples", paths[w],
                S, st[w].min, st[w].med, st[w].max, x->ns[w]);
  }
  fprintf(f, "bridge_tx_plus_rx.cmd%u,%u\n", S, st[L_TX].med + st[L_RX].med);
  free(x);
}

HARNESS_TEST(bench_sue_latency) {
  unsigned samples = (unsigned)harness_plusarg_ul("samples", 200);
  CHECK(samples <= LAT_MAX, "+samples at most %u", LAT_MAX);
  FILE *f = harness_csv("latency.csv", "path,cycles");
  FILE *g = harness_csv("latency_stats.csv", "path,command_bytes,samples,min,median,max");
  stat_t st[L_N];
  lat_run(8, samples, f, g, st);
  lat_run(256, samples, f, g, st);
  fclose(f);
  fclose(g);
}

/* ====================================================================== throughput */
#define NLEAF 64u
#define HUB_ID 0x100u
#define LEAF_ID(j) (0x200u + (j))
#define TP_LAT 10u      /* link latency, cycles */
#define TP_ACK_DELAY 16 /* ACK_DELAY register */

/* Measures delivered command bytes a cycle between the deliveries of command N/4 and 3N/4. */
typedef struct {
  unsigned S, ndst, n, delivered;
  uint64_t t0, t1;
  unsigned pdus;
  /* the RTL's port timing, measured there for the model */
  unsigned ndec, nver;
  uint32_t dec[LAT_MAX], ver[LAT_MAX];
  uint64_t t_dec, t_rx;
  int wait_dec;
} tp_t;

static void tp_delivered(tp_t *x, uint64_t t) {
  x->delivered++;
  if (x->delivered == x->n / 4)
    x->t0 = t;
  if (x->delivered == 3 * x->n / 4)
    x->t1 = t;
}

static double tp_rate(const tp_t *x) {
  return (double)(3 * x->n / 4 - x->n / 4) * x->S / (double)(x->t1 - x->t0);
}

static int tp_gen(ep_t *e, side_t *s, sue_cmd_t *c) {
  const tp_t *x = e->o.ctx;
  bench_cmd(c, x->S, s->sent, s->peer, 0);
  return 1;
}

static void tp_hook(ep_t *e, const side_t *s, unsigned ev, const sue_cmd_t *c, size_t len,
                    unsigned kind) {
  tp_t *x = e->o.ctx;
  (void)c;
  (void)len;
  if (s == &e->s[0]) {
    if (ev == EP_EV_DECIDE && kind) {
      x->t_dec = e->t;
      x->wait_dec = 1;
      x->pdus += kind == KIND_PDU;
    } else if (ev == EP_EV_ETH_TX_FIRST && x->wait_dec && x->ndec < LAT_MAX) {
      x->dec[x->ndec++] = (uint32_t)(e->t - x->t_dec);
      x->wait_dec = 0;
    }
  } else {
    if (ev == EP_EV_ETH_RX_LAST)
      x->t_rx = e->t;
    else if (ev == EP_EV_VERDICT && x->nver < LAT_MAX)
      x->ver[x->nver++] = (uint32_t)(e->t - x->t_rx);
    else if (ev == EP_EV_XPU_RX_FIRST)
      tp_delivered(x, e->t);
  }
}

/* ---- the model: a hub endpoint and 64 leaves, the RTL harness's port timing */
typedef struct {
  sue_ep_t m;
  uint64_t port_free, wire_end, feed_free, rx_free;
  sue_chan_t verq; /* frames waiting for their verdict (latency 0: a timed FIFO) */
} mep_t;

typedef struct {
  sue_params_t p;
  mep_t ep[NLEAF + 1]; /* 0: the hub, 1 + j: leaf j */
  sue_chan_t down[NLEAF], up;
  unsigned agg[SUE_NVC][2], qunits[NLEAF];
  uint64_t xfree, submit_t;
  int pending;
  sue_cmd_t cur;
  unsigned sent, d0, v0;
  sue_stream_t out[NLEAF];
} star_t;

static void star_cfg(sue_ep_t *m, unsigned me, const unsigned *ids, unsigned n) {
  sue_ep_reg_write(m, SUE_REG_CTRL, 0x318u); /* UDP, as the RTL harness */
  sue_ep_reg_write(m, SUE_REG_XPUID, me);
  sue_ep_reg_write(m, SUE_REG_MAC_HI, 0x0200);
  sue_ep_reg_write(m, SUE_REG_MAC_LO, me);
  sue_ep_reg_write(m, SUE_REG_IP, 0x0A000000u | me);
  sue_ep_reg_write(m, SUE_REG_RETX_TIMEOUT, 3000);
  sue_ep_reg_write(m, SUE_REG_ACK_DELAY, TP_ACK_DELAY);
  sue_ep_reg_write(m, SUE_REG_PACK_TIMEOUT, 64);
  for (unsigned d = 0; d < n; d++) {
    sue_ep_reg_write(m, SUE_REG_DST(d), 0x80000000u | ids[d]);
    sue_ep_reg_write(m, SUE_REG_DST(d) + 4, 0x0200);
    sue_ep_reg_write(m, SUE_REG_DST(d) + 8, ids[d]);
    sue_ep_reg_write(m, SUE_REG_DST(d) + 12, 0x0A000000u | ids[d]);
  }
}

static void star_open(star_t *s, const sue_params_t *hp, unsigned d0, unsigned v0) {
  memset(s, 0, sizeof *s);
  s->p = *hp;
  s->d0 = d0;
  s->v0 = v0;
  sue_params_t lp = *hp;
  lp.ndst = 1;
  unsigned leaves[NLEAF], hub = HUB_ID;
  for (unsigned j = 0; j < NLEAF; j++)
    leaves[j] = LEAF_ID(j);
  for (unsigned i = 0; i <= NLEAF; i++) {
    mep_t *x = &s->ep[i];
    CHECK(sue_ep_init(&x->m, i ? &lp : hp) == 0, "model parameters");
    if (i)
      star_cfg(&x->m, LEAF_ID(i - 1), &hub, 1);
    else
      star_cfg(&x->m, HUB_ID, leaves, NLEAF);
    sue_chan_init(&x->verq, i);
    x->verq.lat = 0;
    for (unsigned v = 0; v < SUE_NVC; v++)
      for (unsigned ty = 0; ty < 2; ty++)
        sue_ep_rx_credit(&x->m, v, ty, 8);
  }
  for (unsigned j = 0; j < NLEAF; j++) {
    sue_chan_init(&s->down[j], 1000 + j);
    s->down[j].lat = TP_LAT;
    s->qunits[j] = hp->q_bytes / hp->align;
  }
  sue_chan_init(&s->up, 999);
  s->up.lat = TP_LAT;
}

static void star_close(star_t *s) {
  for (unsigned i = 0; i <= NLEAF; i++) {
    sue_ep_free(&s->ep[i].m);
    sue_chan_free(&s->ep[i].verq);
  }
  for (unsigned j = 0; j < NLEAF; j++) {
    sue_chan_free(&s->down[j]);
    sue_stream_free(&s->out[j]);
  }
  sue_chan_free(&s->up);
}

/* Port of endpoint x at cycle t, as the RTL: a decision once the last frame's last beat goes,
 * the first beat d0 cycles after it and not before the wire frees (BPC bytes a cycle,
 * SUE_WIRE_EXTRA a frame), a beat a cycle; the frame enters link l at its last beat. */
static size_t star_port(star_t *s, mep_t *x, uint64_t t, uint8_t *buf, sue_chan_t *l) {
  if (t < x->port_free)
    return 0;
  size_t n = sue_ep_port_tx(&x->m, t, buf);
  if (!n)
    return 0;
  uint64_t first = t + s->d0;
  while ((first + 1) * BPC <= x->wire_end)
    first++;
  uint64_t start = first * BPC > x->wire_end ? first * BPC : x->wire_end;
  x->wire_end = start + n + SUE_WIRE_EXTRA;
  uint64_t last = first + (n + BPC - 1) / BPC - 1;
  x->port_free = last;
  if (!l) { /* the hub: to the leaf of the destination IPv4 address */
    unsigned j = sue_get_be16(buf + 32) - LEAF_ID(0);
    CHECK(j < NLEAF, "hub frame to an unknown destination");
    l = &s->down[j];
  }
  sue_chan_push(l, &x->m.cfg, buf, n, last);
  return n;
}

/* Receive of endpoint x: frames from link l fed a beat a cycle, the verdict v0 cycles after
 * the last beat (the RTL's), then sue_ep_port_rx. */
static void star_rx(star_t *s, mep_t *x, uint64_t t, sue_chan_t *l) {
  if (t >= x->feed_free) {
    sue_chan_frame_t *f = sue_chan_pop(l, t);
    if (f) {
      uint64_t last = t + (f->len + BPC - 1) / BPC - 1;
      x->feed_free = last + 1;
      sue_chan_push(&x->verq, &x->m.cfg, f->buf, f->len, last + s->v0);
      free(f->buf);
    }
  }
  sue_chan_frame_t *v;
  while ((v = sue_chan_pop(&x->verq, t)) != NULL) {
    (void)sue_ep_port_rx(&x->m, t, v->buf, v->len);
    free(v->buf);
  }
}

static void star_cycle(star_t *s, tp_t *x, uint64_t t, uint8_t *buf) {
  for (unsigned i = 0; i <= NLEAF; i++)
    sue_ep_tick(&s->ep[i].m, t);
  /* the hub's XPU: a beat a cycle, the command to the model after its last beat */
  mep_t *h = &s->ep[0];
  if (s->pending && s->submit_t == t) {
    int r = sue_ep_xpu_tx(&h->m, t, s->cur.dp ? SUE_VALID_DATA : SUE_VALID_CMD, &s->cur, 0);
    CHECK(r == 0, "model refused a command (counter %d)", r);
    s->pending = 0;
  }
  if (!s->pending && t >= s->xfree && s->sent < x->n) {
    unsigned d = s->sent % x->ndst;
    bench_cmd(&s->cur, x->S, s->sent, LEAF_ID(d), 0);
    unsigned u = sue_cmd_units(&s->cur, s->p.align);
    if (s->agg[0][s->cur.dp] && s->qunits[d] >= u) {
      s->agg[0][s->cur.dp]--;
      s->qunits[d] -= u;
      unsigned beats = sue_cmd_beats(&s->cur, s->p.data_w);
      s->xfree = t + beats;
      s->submit_t = t + beats;
      s->pending = 1;
      sue_stream_push(&s->out[d], &s->cur);
      s->sent++;
    }
  }
  (void)star_port(s, h, t, buf, NULL);
  star_rx(s, h, t, &s->up);
  sue_credit_ev_t ev;
  while (sue_ep_credit_pop(&h->m, &ev)) {
    if (ev.kind == SUE_CREDIT_AGG) {
      s->agg[ev.vc][ev.type] += ev.n;
    } else {
      int d = sue_cfg_find_dst(&h->m.cfg, &h->m.p, ev.xpuid);
      CHECK(d >= 0, "queue credit for an unknown destination");
      s->qunits[d] += ev.n;
    }
  }
  /* the leaves: receive, deliver (a beat a cycle, credits straight back), ACK frames */
  for (unsigned j = 0; j < NLEAF; j++) {
    mep_t *l = &s->ep[1 + j];
    (void)star_port(s, l, t, buf, &s->up);
    star_rx(s, l, t, &s->down[j]);
    sue_cmd_t got;
    if (t >= l->rx_free && sue_ep_xpu_rx(&l->m, t, &got)) {
      const char *why = got.xpuid != HUB_ID ? "unknown source" : sue_stream_take(&s->out[j], &got);
      CHECK(why == NULL, "leaf %u: %s", j, why ? why : "");
      l->rx_free = t + sue_cmd_beats(&got, s->p.data_w);
      sue_ep_rx_credit(&l->m, got.vc, got.dp, 1);
      tp_delivered(x, t);
    }
  }
}

static void star_run(star_t *s, tp_t *x) {
  uint8_t *buf = malloc(SUE_FRAME_MAX);
  CHECK(buf != NULL, "memory");
  for (uint64_t t = 0; x->delivered < x->n; t++) {
    CHECK(t < 50000000u, "model run not done: delivered %u of %u", x->delivered, x->n);
    star_cycle(s, x, t, buf);
  }
  x->pdus = s->ep[0].m.cnt[SUE_CNT_TX_PDUS];
  free(buf);
}

static void tp_row(FILE *f, const char *where, const char *params, const tp_t *x) {
  double r = tp_rate(x);
  fprintf(f, "%s,%s,%u,%u,%u,%llu,%.4f,%.4f,%u\n", where, params, x->ndst, x->S, x->n,
          (unsigned long long)(x->t1 - x->t0), r, r / BPC, x->pdus);
  fflush(f);
  harness_log("%s %s: %u destinations, %u-byte commands: %.4f command bytes a cycle (%.4f of "
              "the line), %u PDUs for %u commands",
              where, params, x->ndst, x->S, r, r / BPC, x->pdus, x->n);
}

HARNESS_TEST(bench_sue_throughput) {
  static const unsigned sizes[2] = {64, 256};
  unsigned n = (unsigned)harness_plusarg_ul("cmds", 1600);
  FILE *f = harness_csv("throughput.csv", "where,params,destinations,command_bytes,commands,cycles,"
                                          "cmd_bytes_per_cycle,line_fraction,pdus");
  for (unsigned si = 0; si < 2; si++) {
    /* the RTL, 1 destination */
    tp_t *x = calloc(1, sizeof *x);
    CHECK(x != NULL, "memory");
    x->S = sizes[si];
    x->ndst = 1;
    x->n = n;
    ep_opts_t o = ep_default_opts();
    o.one_way = 1;
    o.cmds = n;
    o.p_cmd = 1.0;
    o.p_gap = 0;
    o.p_grant = 1.0;
    o.lat = TP_LAT;
    o.ack_delay = TP_ACK_DELAY;
    o.mac_bpc = BPC;
    o.gen = tp_gen;
    o.hook = tp_hook;
    o.ctx = x;
    ep_t *e = calloc(1, sizeof *e);
    CHECK(e != NULL, "memory");
    ep_open(e, "sue_endpoint_w256", &o, 300 + si);
    ep_run(e);
    ep_close(e);
    free(e);
    tp_row(f, "rtl", "sue_endpoint_w256", x);
    stat_t d = stats(x->dec, x->ndec), v = stats(x->ver, x->nver);
    harness_log("RTL port timing: decision to first beat %u .. %u (median %u), last beat in to "
                "verdict %u .. %u (median %u) cycles",
                d.min, d.max, d.med, v.min, v.max, v.med);
    CHECK(d.min == d.max && v.min == v.max, "the model needs a fixed port timing");
    /* the model: sue_endpoint_w256's parameters (NDST 64 for 64 destinations), then the defaults */
    sue_params_t pw = sue_default_params();
    pw.pdu_max = 512;
    pw.q_bytes = 1024;
    pw.win = 4;
    pw.ing_cmd = 4;
    pw.ing_data = 2;
    pw.rx_bytes = 2048;
    const sue_params_t pd = sue_default_params();
    for (unsigned pi = 0; pi < 2; pi++)
      for (unsigned nd = 1; nd <= NLEAF; nd *= NLEAF) {
        tp_t y;
        memset(&y, 0, sizeof y);
        y.S = sizes[si];
        y.ndst = nd;
        y.n = nd == 1 ? n : 4 * n;
        star_t *s = malloc(sizeof *s);
        CHECK(s != NULL, "memory");
        star_open(s, pi ? &pd : &pw, d.min, v.min);
        star_run(s, &y);
        star_close(s);
        free(s);
        tp_row(f, "model", pi ? "default" : "sue_endpoint_w256_ndst64", &y);
      }
    free(x);
  }
  fclose(f);
}

/* ------------------------------------------------------------------ ports
 * bench_sue_ports (tb/sue/bench.sh part "ports", docs/performance.md "SUE over 1, 2 and 4
 * ports"): not a test, it measures. One instance sends, the other only receives, both XPUs
 * saturating (a command whenever the credits allow), every command 18 control and 256 data bytes,
 * VCs round-robin, clean wires. The same aggregate line rate each way, 32 bytes a cycle: one port
 * of 256 bits (sue_endpoint_w256, through the two-endpoint harness tb/sue/sue_ep_tb.c), two of
 * 128 (sue_multi_p2) and four of 64 (sue_multi_p4, through tb/sue/sue_multi_tb.c), the multi-port
 * instances ordered and unordered. Every run is the lockstep harness of the tests (every frame,
 * decision and delivery checked against the models), so the figures are of the checked RTL.
 * Goodput = command bytes delivered to the receiving XPU / cycles from its first delivery to its
 * last. Two wires: the tests' (40 cycles each way, ACK_DELAY 64), where a port's go-back-N
 * window (WIN 4 PDUs of at most 512 bytes in these tops) over the round trip bounds a port, so
 * every port adds a window; and a short one (2 cycles, ACK_DELAY 4), where the wire does.
 *     ports.csv  top,ports,eth_w,mode,lat,commands,cycles,cmd_bytes_per_cycle,line_fraction,
 *                share_port0,share_port1,share_port2,share_port3
 */
#define LINE_BPC 32.0 /* bytes a cycle each way: 256 wire bits, however many ports */
#define BENCH_DLEN 256u

typedef struct {
  uint64_t bytes, first, last;
  unsigned n;
} one_port_t;

static int p1_gen(ep_t *e, side_t *s, sue_cmd_t *c) {
  sue_cmd_init(c, 1, 9, BENCH_DLEN);
  sue_cmd_fill(c, s->sent);
  c->vc = s->sent % SUE_NVC;
  c->xpuid = s->peer;
  c->send_now = 0;
  (void)e;
  return 1;
}

static void p1_hook(ep_t *e, const side_t *s, unsigned ev, const sue_cmd_t *c, size_t len,
                    unsigned kind) {
  one_port_t *x = e->o.ctx;
  (void)len;
  (void)kind;
  if (ev != EP_EV_XPU_RX_FIRST || s != &e->s[1])
    return;
  if (!x->n)
    x->first = e->t;
  x->last = e->t;
  x->bytes += sue_cmd_bytes(c);
  x->n++;
}

static void row(FILE *f, const char *top, unsigned p, unsigned ew, const char *mode, unsigned lat,
                unsigned n, uint64_t cycles, uint64_t bytes, const unsigned share[4],
                unsigned sent) {
  double g = (double)bytes / (double)cycles;
  fprintf(f, "%s,%u,%u,%s,%u,%u,%llu,%.4f,%.4f", top, p, ew, mode, lat, n,
          (unsigned long long)cycles, g, g / LINE_BPC);
  for (unsigned e = 0; e < 4; e++)
    fprintf(f, ",%.4f", sent ? (double)share[e] / sent : 0.0);
  fprintf(f, "\n");
  harness_log("%s (%u x %u bits, %s, wire %u cycles): %u commands in %llu cycles: %.3f command "
              "bytes a cycle, %.1f %% of the line; shares %u / %u / %u / %u",
              top, p, ew, mode, lat, n, (unsigned long long)cycles, g, 100.0 * g / LINE_BPC,
              share[0], share[1], share[2], share[3]);
}

HARNESS_TEST(bench_sue_ports) {
  const unsigned cmds = (unsigned)harness_plusarg_ul("cmds", 1200);
  FILE *f = harness_csv("ports.csv", "top,ports,eth_w,mode,lat,commands,cycles,"
                                     "cmd_bytes_per_cycle,line_fraction,share_port0,share_port1,"
                                     "share_port2,share_port3");
  static const unsigned lats[2] = {40, 2}, ack_delays[2] = {64, 4};
  for (unsigned w = 0; w < 2; w++) {
    /* one port: the endpoint alone */
    {
      ep_t *e = calloc(1, sizeof *e);
      CHECK(e != NULL, "memory");
      one_port_t x = {0, 0, 0, 0};
      ep_opts_t o = ep_default_opts();
      o.cmds = cmds;
      o.one_way = 1;
      o.p_cmd = 1.0;
      o.p_gap = 0.0;
      o.p_txr = 1.0;
      o.gen = p1_gen;
      o.hook = p1_hook;
      o.ctx = &x;
      o.lat = lats[w];
      o.ack_delay = ack_delays[w];
      ep_open(e, "sue_endpoint_w256", &o, 0xB0);
      ep_run(e);
      CHECK(x.n == cmds, "one port: %u of %u delivered", x.n, cmds);
      const unsigned share[4] = {cmds, 0, 0, 0};
      row(f, "sue_endpoint_w256", 1, 256, "-", lats[w], cmds, x.last - x.first + 1, x.bytes, share,
          cmds);
      ep_close(e);
      free(e);
    }
    /* two and four ports, ordered and unordered */
    for (unsigned k = 0; k < 2; k++)
      for (unsigned mode = 0; mode < 2; mode++) {
        const unsigned ordered = 1u - mode;
        mp_t *m = mp_new(mp_cases[k].top, (int)ordered, cmds, 0.0, 0xB1 + k * 2 + ordered);
        for (unsigned i = 0; i < 2; i++)
          for (unsigned e = 0; e < m->k->p; e++) {
            m->ch[i][e].lat = lats[w];
            mp_axi(&m->s[i], 1, (e << 12) + SUE_REG_ACK_DELAY, ack_delays[w], NULL);
          }
        mp_axi_settle(m);
        m->dlen = BENCH_DLEN;
        m->p_cmd = 1.0;
        m->s[1].to_send = 0;
        mp_run(m, 0);
        mp_finish(m);
        const mp_side_t *r = &m->s[1];
        CHECK(r->received == cmds, "%s: %u of %u delivered", m->k->top, r->received, cmds);
        row(f, m->k->top, m->k->p, m->k->eth_w, ordered ? "ordered" : "unordered", lats[w], cmds,
            r->t_last - r->t_first + 1, r->rx_bytes, m->s[0].sent_port, m->s[0].sent);
        mp_free(m);
      }
  }
  fclose(f);
}

/* ------------------------------------------------------------------ failover
 * bench_sue_failover (tb/sue/bench.sh part "failover", docs/performance.md "Failover"): not a
 * test, it measures. Two sue_multi_p2 instances (2 x 128-bit ports, 32 bytes a cycle of wire in
 * all), one sending 274-byte commands (VCs round-robin, a command whenever credits allow) to the
 * other on the short wire (2 cycles, ACK_DELAY 4), RETX_TIMEOUT 600 on every port. Port 1's wire
 * is cut both ways (link down at both ends) at cycle WARM for CUT cycles, then back. Four rows:
 * unordered and ordered, MCTRL.FAILOVER on and off. Every run is the lockstep harness of the
 * tests, and mp_finish checks that every command arrived exactly once.
 *     failover.csv        mode,failover,retx_timeout,before,during,after,drain_cycles,
 *                         recover_cycles,commands
 *       before / during / after: goodput (command bytes delivered a cycle, fraction of the
 *       32-byte line) over the WARM / 2 cycles before the cut, the second half of the cut, and
 *       the CUT / 2 cycles from CUT / 2 after the wire's return;
 *       drain_cycles: from the cut until every command port 1 held at the cut was delivered;
 *       recover_cycles: from the wire's return to the end of the first window of WIN cycles at
 *       0.95 of `before` or more.
 *     failover_trace.csv  mode,failover,cycle,line_fraction (one row per WIN-cycle window)
 * Plusargs: +warm=N (4000), +cut=N (6000), +win=N (250).
 */
HARNESS_TEST(bench_sue_failover) {
  const uint64_t warm = harness_plusarg_ul("warm", 4000), cut = harness_plusarg_ul("cut", 6000),
                 win = harness_plusarg_ul("win", 250);
  FILE *f = harness_csv("failover.csv", "mode,failover,retx_timeout,before,during,after,"
                                        "drain_cycles,recover_cycles,commands");
  FILE *g = harness_csv("failover_trace.csv", "mode,failover,cycle,line_fraction");
  for (unsigned ordered = 0; ordered < 2; ordered++)
    for (unsigned fo = 0; fo < 2; fo++) {
      const unsigned failover = 1u - fo;
      const char *mode = ordered ? "ordered" : "unordered";
      mp_t *m = mp_new("sue_multi_p2", (int)ordered, 4 * NSEQ - 8, 0.0, 0xF0 + ordered * 2 + fo);
      for (unsigned i = 0; i < 2; i++) {
        for (unsigned e = 0; e < m->k->p; e++) {
          m->ch[i][e].lat = 2;
          mp_axi(&m->s[i], 1, (e << 12) + SUE_REG_ACK_DELAY, 4, NULL);
          mp_axi(&m->s[i], 1, (e << 12) + SUE_REG_RETX_TIMEOUT, 600, NULL);
        }
        mp_axi(&m->s[i], 1, MREG_MCTRL,
               (ordered ? 0u : 1u) | (failover ? MCTRL_FAILOVER : 0u) | 3u << 8, NULL);
      }
      mp_axi_settle(m);
      m->dlen = BENCH_DLEN;
      m->p_cmd = 1.0;
      m->s[1].to_send = 0;
      const mp_side_t *tx = &m->s[0], *rx = &m->s[1];
      const uint64_t t0 = m->t, t_cut = t0 + warm, t_back = t_cut + cut, t_end = t_back + cut;
      uint64_t w_bytes = rx->rx_bytes, b_before = 0, b_during = 0, b_after = 0, drain = 0,
               recover = 0;
      unsigned held = 0;
      double before = 0;
      while (m->t < t_end) {
        mp_cycle(m, 1);
        const uint64_t t = m->t - t0;
        if (m->t == t_cut) {
          for (unsigned i = 0; i < 2; i++)
            m->s[i].link &= ~2u;
          m->cut = 2u;
        } else if (m->t == t_cut + 1) {
          held = tx->sent_port[1]; /* the choice sees the link a cycle later */
        } else if (m->t == t_back) {
          for (unsigned i = 0; i < 2; i++)
            m->s[i].link |= 2u;
          m->cut = 0;
        }
        if (m->t > t_cut + 1 && !drain && rx->rx_port[1] >= held)
          drain = m->t - t_cut;
        if (t % win == 0) {
          const uint64_t d = rx->rx_bytes - w_bytes;
          w_bytes = rx->rx_bytes;
          const double lf = (double)d / (double)win / LINE_BPC;
          fprintf(g, "%s,%u,%llu,%.4f\n", mode, failover, (unsigned long long)t, lf);
          if (m->t <= t_cut && m->t > t_cut - warm / 2)
            b_before += d;
          else if (m->t > t_cut + cut / 2 && m->t <= t_back)
            b_during += d;
          else if (m->t > t_back + cut / 2)
            b_after += d;
          if (m->t == t_cut)
            before = (double)b_before / (double)(warm / 2) / LINE_BPC;
          if (m->t > t_back && !recover && lf >= 0.95 * before)
            recover = m->t - t_back;
        }
      }
      for (unsigned i = 0; i < 2; i++)
        m->s[i].to_send = m->s[i].sent; /* no more new work: drain and check */
      mp_run(m, 0);
      mp_finish(m);
      CHECK(rx->received == tx->sent, "%s: %u of %u delivered", mode, rx->received, tx->sent);
      const double during = (double)b_during / (double)(cut / 2) / LINE_BPC,
                   after = (double)b_after / (double)(cut / 2) / LINE_BPC;
      fprintf(f, "%s,%u,600,%.4f,%.4f,%.4f,%llu,%llu,%u\n", mode, failover, before, during, after,
              (unsigned long long)drain, (unsigned long long)recover, tx->sent);
      harness_log(
          "%s, FAILOVER %u: line fraction %.3f before the cut, %.3f in it, %.3f after; port "
          "1's %u commands delivered %llu cycles after the cut; full rate %llu cycles "
          "after the wire's return; %u commands",
          mode, failover, before, during, after, held, (unsigned long long)drain,
          (unsigned long long)recover, tx->sent);
      mp_free(m);
    }
  fclose(f);
  fclose(g);
}
