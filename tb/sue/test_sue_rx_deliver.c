/*
 * Tests of the SUE receive buffer and delivery rtl/sue/sue_rx_deliver.v
 * (docs/sue/sue_rx_deliver.md) in lockstep with the reference model
 * (csrc/ref/sue/sue_endpoint_model.c: the receive buffer ep.rxq[] and the rx credits, delivery
 * through sue_ep_xpu_rx_vc).
 *
 * Frames are real PDUs (sue_frame_build, checked by sue_rx_check) with random commands of
 * every clen and data length class; each gets a decision (kept when the test wants and the
 * VC has room, else dropped) and its command area goes to in_* (sometimes with its zero fill)
 * with random gaps. A kept frame's commands enter the model's buffer at the decision.
 *
 * The RTL starts a command (takes its credit) at issue cycle I and shows its beat 0 at I + 2;
 * the test replays the rx_credit / rx_reset_in of cycle I into the model just around the
 * delivery it sees at I + 2, so the model's credits are the RTL's at the issue. At every
 * cycle the test predicts the RTL's choice exactly: when the reader is free at I, the VCs
 * whose model head has a credit and was completely written before I (the test knows when
 * each area beat was taken) are the candidates, and the RTL must start the first at or after
 * its round-robin pointer (one past the last VC served), or nothing when there is none. Then
 * every beat is compared byte for byte (rx_valid, rx_cycle, rx_vc, rx_xpuid, rx_control with
 * zeros past 2 clen, rx_data with zeros past dlen), beats must be consecutive, level must
 * equal the model's bytes every cycle, and at the end everything kept is delivered.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "sue_endpoint_model.h"

typedef struct {
  const char *top;
  unsigned data_w, eth_w, align, pdu_max, rx_bytes, nfr; /* as tb/sue/tops.txt */
} rxd_case_t;

static const rxd_case_t cases[] = {
    {"sue_rx_deliver_d256_w512_a4", 256, 512, 4, 512, 1024, 4},
    {"sue_rx_deliver_d512_w128_a2", 512, 128, 2, 400, 800, 6},
    {"sue_rx_deliver_d128_w64_a8", 128, 64, 8, 280, 560, 8},
};
#define NCASES (sizeof cases / sizeof cases[0])

#define MAXW HARNESS_WORDS(2048)
#define NFRAME 32 /* frames decided and not yet fully sent (ring) */
#define RQN 8192  /* per-VC ready cycles of the model's queued commands (ring) */
#define NSRC 8    /* source XPUs */
#define XPU_ME 0x155u
#define NEVER UINT64_MAX

typedef struct {
  unsigned keep, vc, xpuid, bytes, drive; /* drive: area bytes sent (bytes, or with the fill) */
  unsigned ncmd, first;                   /* commands, index of the first in rdy[vc] */
  unsigned end[SUE_PDU_MAX_MAX / 2];      /* area offset past each packed command */
  unsigned done;                          /* commands whose ready cycle is known */
  uint8_t area[SUE_PDU_MAX_MAX + 64];
} frame_t;

typedef struct {
  double p_keep, p_gap, p_credit, p_reset, p_data, p_small;
  unsigned budget_max; /* packed bytes of a frame at most */
  int fixed_vc;        /* >= 0: every frame on that VC */
  int big_only;        /* every command 256 data bytes */
  int credit_all;      /* grant 4 credits of a rotating {VC, type} every cycle */
  int tiny;            /* every command 2 bytes (clen 1, no data), budget_max bytes exactly */
} opts_t;

typedef struct {
  const rxd_case_t *k;
  opts_t o;
  dut_t *d;
  sue_ep_t ep;
  sue_cfg_t rcfg, scfg;
  unsigned src[NSRC];
  prng_t rng;
  uint64_t t;
  unsigned nb, bpb, bw;
  port_t fr_valid, fr_keep, fr_vc, fr_xpuid, fr_bytes;
  port_t in_valid, in_ready, in_data, in_nbytes, in_last, level;
  port_t rx_valid, rx_cycle, rx_vc, rx_xpuid, rx_control, rx_data, rx_credit, rx_reset_in;
  port_t inc_cmds;
  /* frames: [fh, fd) decided, area being sent from fh; [fd, ft) built, not decided */
  frame_t *fr; /* NFRAME */
  unsigned fh, fd, ft, abeat, offered;
  /* model-side ready cycles of the queued commands per VC */
  uint64_t *rdy[SUE_NVC];
  unsigned rh[SUE_NVC], rt[SUE_NVC];
  /* credit / reset events of the last two cycles (applied to the model two cycles later) */
  unsigned cw[3], rs[3];
  /* delivery in progress */
  int cur;
  sue_cmd_t cc;
  unsigned cbeat, cbeats;
  unsigned rr;
  /* stats */
  uint64_t frames, kept, cmds, beats, busy_win, first_beat, last_beat, stalls, taken;
  unsigned clen_seen, dcls;
} tb_t;

static void put_byte(uint32_t *w, unsigned nbits, unsigned j, unsigned v) {
  unsigned pos = nbits - 8u - 8u * j;
  w[pos / 32] = (w[pos / 32] & ~(0xFFu << (pos % 32))) | ((v & 0xFFu) << (pos % 32));
}

/* ---- frames ---- */

static unsigned pick_dlen(tb_t *s) {
  if (s->o.big_only)
    return 256;
  if (!prng_bernoulli(&s->rng, s->o.p_data))
    return 0;
  unsigned nb = s->nb;
  switch (prng_below(&s->rng, 7)) {
  case 0:
    return 1;
  case 1:
    return 1 + (unsigned)prng_below(&s->rng, nb - 1);
  case 2:
    return nb > 256 ? 256 : nb;
  case 3:
    return nb + 1 > 256 ? 255 : nb + 1;
  case 4:
    return 256;
  default:
    return 1 + (unsigned)prng_below(&s->rng, 256);
  }
}

/* Builds the next frame (real PDU) at the tail of the frame ring. */
static void build_frame(tb_t *s) {
  frame_t *f = &s->fr[s->ft % NFRAME];
  static uint8_t cmds[SUE_PDU_MAX_MAX], fb[SUE_FRAME_MAX + 64];
  unsigned budget = s->o.budget_max;
  if (s->o.tiny || s->o.big_only)
    budget = s->o.budget_max;
  else if (prng_bernoulli(&s->rng, s->o.p_small))
    budget = 2 + (unsigned)prng_below(&s->rng, 40);
  else
    budget = 1 + (unsigned)prng_below(&s->rng, budget);
  size_t n = 0;
  for (;;) {
    sue_cmd_t c;
    unsigned clen = s->o.tiny ? 1 : 1 + (unsigned)prng_below(&s->rng, SUE_CLEN_MAX);
    if (s->o.big_only && n)
      break; /* one 256-byte command a frame */
    sue_cmd_init(&c, (unsigned)prng_below(&s->rng, 8), clen, s->o.tiny ? 0 : pick_dlen(s));
    sue_cmd_fill(&c, prng_next(&s->rng));
    unsigned sz = sue_cmd_packed(&c, s->k->align);
    if (n && n + sz > budget)
      break;
    if (n + sz > s->k->pdu_max)
      break;
    n += sue_cmd_pack(&c, s->k->align, cmds + n);
    s->clen_seen |= 1u << clen;
    s->dcls |= c.dlen == 0           ? 1u
               : c.dlen == 1         ? 2u
               : c.dlen < s->nb      ? 4u
               : c.dlen == s->nb     ? 8u
               : c.dlen == s->nb + 1 ? 16u
               : c.dlen == 256       ? 32u
                                     : 64u;
  }
  sue_rh_t rh;
  memset(&rh, 0, sizeof rh);
  f->vc = s->o.fixed_vc >= 0 ? (unsigned)s->o.fixed_vc : (unsigned)prng_below(&s->rng, SUE_NVC);
  f->xpuid = s->src[prng_below(&s->rng, NSRC)];
  rh.xpuid = f->xpuid;
  rh.vc = f->vc;
  rh.psn = (unsigned)prng_below(&s->rng, 65536);
  rh.partition = s->rcfg.partition;
  size_t len = sue_frame_build(&s->scfg, 0, &rh, cmds, n, fb);
  sue_rx_info_t info;
  CHECK_EQ(sue_rx_check(&s->ep.p, &s->rcfg, fb, len, &info), 0, "model frame passes");
  CHECK_EQ(info.kind, SUE_RX_KIND_DATA, "data frame");
  CHECK_EQ(info.cmd_bytes, n, "cmd_bytes");
  f->bytes = info.cmd_bytes;
  f->ncmd = info.ncmd;
  memcpy(f->area, fb + info.area_off, info.area_len);
  /* the area as sue_rx_check sends it (commands only), or with its zero fill */
  f->drive = prng_below(&s->rng, 2) ? (unsigned)info.area_len : f->bytes;
  size_t off = 0;
  sue_cmd_t c;
  for (unsigned i = 0; i < f->ncmd; i++) {
    CHECK_EQ(sue_cmd_unpack(f->area, info.area_len, &off, s->k->align, &c), 1, "walk");
    f->end[i] = (unsigned)off;
  }
  f->done = 0;
  s->ft++;
  /* remember the whole frame for the model (commands enter at the decision) */
  s->frames++;
  (void)len;
}

/* ---- the model's view ---- */

/* The decision of frame fd at this cycle (level_now: the RTL's level, = the model's bytes). */
static void decide(tb_t *s, const unsigned *level_now) {
  frame_t *f = &s->fr[s->fd % NFRAME];
  f->keep = prng_bernoulli(&s->rng, s->o.p_keep) && level_now[f->vc] + f->bytes <= s->k->rx_bytes;
  dut_set_u64(s->d, s->fr_valid, 1);
  dut_set_u64(s->d, s->fr_keep, f->keep);
  dut_set_u64(s->d, s->fr_vc, f->vc);
  dut_set_u64(s->d, s->fr_xpuid, f->xpuid);
  dut_set_u64(s->d, s->fr_bytes, f->bytes);
  if (f->keep) {
    /* the model's receive buffer takes the commands (sue_rxq_put_pdu as sue_ep_port_rx) */
    sue_rx_info_t info;
    memset(&info, 0, sizeof info);
    info.kind = SUE_RX_KIND_DATA;
    info.rh.vc = f->vc;
    info.rh.xpuid = f->xpuid;
    info.area_off = 0;
    info.area_len = f->bytes;
    info.ncmd = f->ncmd;
    info.cmd_bytes = f->bytes;
    sue_rxq_put_pdu(&s->ep.rxq[f->vc], f->area, &info, s->k->align);
    f->first = s->rt[f->vc];
    for (unsigned i = 0; i < f->ncmd; i++) {
      CHECK(s->rt[f->vc] - s->rh[f->vc] < RQN, "ready ring");
      s->rdy[f->vc][s->rt[f->vc]++ % RQN] = NEVER;
    }
    s->kept++;
  }
  s->fd++;
}

/* The area beat of frame fh taken at this cycle's edge: commands ending in it are ready. */
static void beat_taken(tb_t *s) {
  frame_t *f = &s->fr[s->fh % NFRAME];
  unsigned hi = (s->abeat + 1) * s->bpb;
  if (f->keep)
    while (f->done < f->ncmd && f->end[f->done] <= hi) {
      s->rdy[f->vc][(f->first + f->done) % RQN] = s->t + 1;
      f->done++;
    }
  s->abeat++;
  if (s->abeat * s->bpb >= f->drive) {
    CHECK(!f->keep || f->done == f->ncmd, "area ended before its commands");
    s->fh++;
    s->abeat = 0;
  }
  s->taken++;
}

static void drive_area(tb_t *s) {
  if (s->fh == s->fd) {
    dut_set_u64(s->d, s->in_valid, 0);
    return;
  }
  if (!s->offered && prng_bernoulli(&s->rng, s->o.p_gap)) {
    dut_set_u64(s->d, s->in_valid, 0);
    return;
  }
  const frame_t *f = &s->fr[s->fh % NFRAME];
  uint32_t w[MAXW];
  unsigned lo = s->abeat * s->bpb, n = f->drive - lo < s->bpb ? f->drive - lo : s->bpb;
  for (unsigned j = 0; j < s->bpb; j++) /* bytes past the area: garbage */
    put_byte(w, s->k->eth_w, j, j < n ? f->area[lo + j] : (unsigned)prng_below(&s->rng, 256));
  int last = lo + s->bpb >= f->drive;
  dut_set(s->d, s->in_data, w);
  dut_set_u64(s->d, s->in_valid, 1);
  dut_set_u64(s->d, s->in_last, (uint64_t)last);
  dut_set_u64(s->d, s->in_nbytes, last ? n : (unsigned)prng_below(&s->rng, s->bpb + 1));
  s->offered = 1;
}

/* The VC the RTL must start at issue cycle i (-1: none), from the model's heads and credits. */
static int predict(tb_t *s, uint64_t i) {
  for (unsigned k = 0; k < SUE_NVC; k++) {
    unsigned v = (s->rr + k) % SUE_NVC;
    const sue_cmd_t *h = sue_rxq_head(&s->ep.rxq[v]);
    if (!h || !s->ep.rx_cred[v][h->dp])
      continue;
    if (s->rdy[v][s->rh[v] % RQN] > i)
      continue;
    return (int)v;
  }
  return -1;
}

static void check_beat(tb_t *s) {
  dut_t *d = s->d;
  uint32_t w[MAXW];
  const sue_cmd_t *c = &s->cc;
  CHECK_PORT_U64(d, s->rx_valid, c->dp ? SUE_VALID_DATA : SUE_VALID_CMD, "rx_valid");
  CHECK_PORT_U64(d, s->rx_cycle, s->cbeat, "rx_cycle");
  CHECK_PORT_U64(d, s->rx_vc, c->vc, "rx_vc");
  CHECK_PORT_U64(d, s->rx_xpuid, c->xpuid, "rx_xpuid");
  sue_cmd_control_bits(c, w);
  CHECK_PORT(d, s->rx_control, w, 0, "rx_control");
  memset(w, 0, sizeof w);
  if (c->dp)
    sue_cmd_data_beat(c, s->k->data_w, s->cbeat, w);
  CHECK_PORT(d, s->rx_data, w, 0, "rx_data");
  CHECK_PORT_U64(d, s->inc_cmds, s->cbeat == 0, "inc_cmds");
  s->beats++;
  s->cbeat++;
  if (s->cbeat == s->cbeats)
    s->cur = 0;
}

static void apply_credit_word(tb_t *s, unsigned cw) {
  unsigned type, vc, n = sue_credit_decode(cw, &type, &vc);
  if (n)
    sue_ep_rx_credit(&s->ep, vc, type, n);
}

/* One cycle: compare, run the model, drive the inputs, step. build: keep making frames. */
static void cycle(tb_t *s, int build) {
  dut_t *d = s->d;
  uint64_t t = s->t;
  /* level: the model's bytes after the previous cycle */
  unsigned lvl[SUE_NVC];
  uint64_t lw = dut_get_u64(d, s->level);
  for (unsigned v = 0; v < SUE_NVC; v++) {
    lvl[v] = (unsigned)((lw >> (v * s->bw)) & ((1ull << s->bw) - 1));
    if (lvl[v] != s->ep.rxq[v].bytes)
      FAIL("cycle %llu: level of VC %u is %u, model %u", (unsigned long long)t, v, lvl[v],
           s->ep.rxq[v].bytes);
  }
  /* the RTL issued what shows now at t - 2, seeing the grants up to t - 3 and the
   * rx_reset_in of t - 2 (cw[k], rs[k]: the inputs of cycle t - 1 - k) */
  apply_credit_word(s, s->cw[2]);
  if (s->rs[1])
    sue_ep_rx_reset(&s->ep);
  unsigned rv = (unsigned)dut_get_u64(d, s->rx_valid);
  if (s->cur) {
    CHECK(rv != 0, "cycle %llu: beat %u of %u missing (beats must be consecutive)",
          (unsigned long long)t, s->cbeat, s->cbeats);
    check_beat(s);
  } else {
    int exp = t >= 2 ? predict(s, t - 2) : -1;
    if (rv == 0) {
      if (exp >= 0)
        FAIL("cycle %llu: nothing delivered, VC %d has a written head with a credit",
             (unsigned long long)t, exp);
      CHECK_PORT_U64(d, s->inc_cmds, 0, "inc_cmds");
    } else {
      unsigned vc = (unsigned)dut_get_u64(d, s->rx_vc);
      CHECK_PORT_U64(d, s->rx_cycle, 0, "rx_cycle of a new command");
      if (exp < 0) {
        for (unsigned v = 0; v < SUE_NVC; v++) {
          const sue_cmd_t *h = sue_rxq_head(&s->ep.rxq[v]);
          harness_log("VC %u: head %d dp %u credits %u/%u ready %lld", v, h != NULL, h ? h->dp : 0,
                      s->ep.rx_cred[v][0], s->ep.rx_cred[v][1],
                      h ? (long long)s->rdy[v][s->rh[v] % RQN] : -1);
        }
        FAIL("cycle %llu: VC %u delivered, no VC had a written head with a credit",
             (unsigned long long)t, vc);
      }
      if ((int)vc != exp)
        FAIL("cycle %llu: VC %u delivered, round robin (pointer %u) says VC %d",
             (unsigned long long)t, vc, s->rr, exp);
      if (!sue_ep_xpu_rx_vc(&s->ep, t, vc, &s->cc))
        FAIL("cycle %llu: VC %u delivered without a model head or credit", (unsigned long long)t,
             vc);
      s->rh[vc]++;
      s->rr = (vc + 1) % SUE_NVC;
      s->cur = 1;
      s->cbeat = 0;
      s->cbeats = sue_cmd_beats(&s->cc, s->k->data_w);
      s->cmds++;
      if (!s->first_beat)
        s->first_beat = t;
      check_beat(s);
    }
  }
  if (rv) {
    s->busy_win++;
    s->last_beat = t;
  }
  /* inputs of this cycle */
  dut_set_u64(d, s->fr_valid, 0);
  if (build && s->ft - s->fh < NFRAME - 1)
    build_frame(s);
  unsigned fd0 = s->fd; /* decisions given before this cycle */
  if (s->fd != s->ft && s->fd - s->fh < s->k->nfr && prng_bernoulli(&s->rng, 0.5))
    decide(s, lvl);
  drive_area(s);
  unsigned cw = 0, rs = 0;
  if (s->o.credit_all) {
    cw = sue_credit_word((unsigned)(t & 1), (unsigned)(t >> 1) & 3u, 4);
  } else if (prng_bernoulli(&s->rng, s->o.p_reset)) {
    rs = 1;
  } else if (prng_bernoulli(&s->rng, s->o.p_credit)) {
    cw = sue_credit_word((unsigned)prng_below(&s->rng, 2), (unsigned)prng_below(&s->rng, 4),
                         1 + (unsigned)prng_below(&s->rng, 4));
  }
  dut_set_u64(d, s->rx_credit, cw);
  dut_set_u64(d, s->rx_reset_in, rs);
  s->cw[2] = s->cw[1], s->cw[1] = s->cw[0], s->cw[0] = cw;
  s->rs[2] = s->rs[1], s->rs[1] = s->rs[0], s->rs[0] = rs;
  int took = s->offered && dut_get_u64(d, s->in_ready);
  if (s->offered && !took) {
    s->stalls++;
    CHECK(fd0 == s->fh, "cycle %llu: in_ready low while a decision waits for its area",
          (unsigned long long)t);
  }
  dut_step(d, 1);
  if (took) {
    s->offered = 0;
    beat_taken(s);
  }
  s->t++;
}

static void tb_open(tb_t *s, const rxd_case_t *k, const opts_t *o, uint64_t salt) {
  memset(s, 0, sizeof *s);
  s->k = k;
  s->o = *o;
  prng_seed(&s->rng, harness_seed() ^ salt);
  sue_params_t p = sue_default_params();
  p.data_w = k->data_w;
  p.align = k->align;
  p.pdu_max = k->pdu_max;
  p.q_bytes = k->pdu_max + 280;
  p.rx_bytes = k->rx_bytes;
  p.ndst = NSRC;
  CHECK(sue_ep_init(&s->ep, &p) == 0, "model parameters of %s", k->top);
  /* the receiver knows NSRC sources; the sender's slot 0 is the receiver */
  sue_cfg_t *r = &s->rcfg;
  sue_cfg_reset(r, &p);
  r->xpuid = XPU_ME;
  r->partition = (unsigned)prng_below(&s->rng, 1024);
  r->mac[5] = 0x11;
  r->ip = 0x0A000011u;
  for (unsigned i = 0; i < NSRC; i++) {
    s->src[i] = (unsigned)(i * 131u + prng_below(&s->rng, 100)) & 0x3FFu;
    r->dst[i].valid = 1;
    r->dst[i].xpuid = s->src[i];
  }
  s->scfg = *r;
  s->scfg.mac[5] = 0x22;
  s->scfg.ip = 0x0A000022u;
  memset(s->scfg.dst, 0, sizeof s->scfg.dst);
  s->scfg.dst[0].valid = 1;
  s->scfg.dst[0].xpuid = XPU_ME;
  memcpy(s->scfg.dst[0].mac, r->mac, 6);
  s->scfg.dst[0].ip = r->ip;
  s->fr = calloc(NFRAME, sizeof *s->fr);
  CHECK(s->fr != NULL, "out of memory");
  for (unsigned v = 0; v < SUE_NVC; v++) {
    s->rdy[v] = calloc(RQN, sizeof *s->rdy[v]);
    CHECK(s->rdy[v] != NULL, "out of memory");
  }
  s->nb = k->data_w / 8;
  s->bpb = k->eth_w / 8;
  s->bw = 0;
  while ((1u << s->bw) < k->rx_bytes + 1)
    s->bw++;
  dut_t *d = s->d = dut_open(k->top);
  s->fr_valid = dut_port(d, "fr_valid"), s->fr_keep = dut_port(d, "fr_keep");
  s->fr_vc = dut_port(d, "fr_vc"), s->fr_xpuid = dut_port(d, "fr_xpuid");
  s->fr_bytes = dut_port(d, "fr_bytes"), s->in_valid = dut_port(d, "in_valid");
  s->in_ready = dut_port(d, "in_ready"), s->in_data = dut_port(d, "in_data");
  s->in_nbytes = dut_port(d, "in_nbytes"), s->in_last = dut_port(d, "in_last");
  s->level = dut_port(d, "level"), s->rx_valid = dut_port(d, "rx_valid");
  s->rx_cycle = dut_port(d, "rx_cycle"), s->rx_vc = dut_port(d, "rx_vc");
  s->rx_xpuid = dut_port(d, "rx_xpuid"), s->rx_control = dut_port(d, "rx_control");
  s->rx_data = dut_port(d, "rx_data"), s->rx_credit = dut_port(d, "rx_credit");
  s->rx_reset_in = dut_port(d, "rx_reset_in"), s->inc_cmds = dut_port(d, "inc_cmds");
  CHECK_EQ(dut_width(d, s->level), 4 * s->bw, "level width");
  CHECK_EQ(dut_width(d, s->rx_data), k->data_w, "rx_data width");
  CHECK_EQ(dut_width(d, s->in_data), k->eth_w, "in_data width");
  dut_set_u64(d, s->fr_valid, 0);
  dut_set_u64(d, s->in_valid, 0);
  dut_set_u64(d, s->rx_credit, 0);
  dut_set_u64(d, s->rx_reset_in, 0);
  dut_reset(d, 3);
}

static unsigned model_queued(const tb_t *s) {
  unsigned n = 0;
  for (unsigned v = 0; v < SUE_NVC; v++)
    n += s->ep.rxq[v].ncmd;
  return n;
}

/* Sends every built frame, then grants credits until everything kept is delivered. */
static void drain(tb_t *s) {
  opts_t saved = s->o;
  s->o.p_reset = 0;
  s->o.p_credit = 0.5;
  unsigned guard = 0;
  while (s->fh != s->ft || model_queued(s) || s->cur) {
    cycle(s, 0);
    CHECK(++guard < 400000, "drain: %u frames, %u commands left", s->ft - s->fh, model_queued(s));
  }
  for (unsigned i = 0; i < 8; i++)
    cycle(s, 0); /* nothing more may come */
  for (unsigned v = 0; v < SUE_NVC; v++)
    CHECK_EQ(s->ep.rxq[v].bytes, 0, "model buffer empty");
  s->o = saved;
}

static void tb_close(tb_t *s) {
  harness_log("%s: %llu frames (%llu kept), %llu commands, %llu beats in %llu cycles, "
              "area beats %llu (in_ready low %llu)",
              s->k->top, (unsigned long long)s->frames, (unsigned long long)s->kept,
              (unsigned long long)s->cmds, (unsigned long long)s->beats, (unsigned long long)s->t,
              (unsigned long long)s->taken, (unsigned long long)s->stalls);
  dut_close(s->d);
  sue_ep_free(&s->ep);
  for (unsigned v = 0; v < SUE_NVC; v++)
    free(s->rdy[v]);
  free(s->fr);
}

static const opts_t base_opts = {.p_keep = 0.8,
                                 .p_gap = 0.2,
                                 .p_credit = 0.3,
                                 .p_reset = 0.003,
                                 .p_data = 0.5,
                                 .p_small = 0.3,
                                 .budget_max = 0,
                                 .fixed_vc = -1,
                                 .big_only = 0,
                                 .credit_all = 0,
                                 .tiny = 0};

/* Random frames, decisions, gaps, credits and rx_reset_in, in lockstep. */
HARNESS_TEST(rxd_lockstep) {
  for (unsigned ci = 0; ci < NCASES; ci++) {
    const rxd_case_t *k = &cases[ci];
    tb_t s;
    opts_t o = base_opts;
    o.budget_max = k->pdu_max;
    tb_open(&s, k, &o, 0x100 + ci);
    unsigned n = (unsigned)harness_scaled(200, 3000, 3000);
    static const double gap[4] = {0.0, 0.2, 0.5, 0.1}, cr[4] = {0.6, 0.3, 0.05, 0.9};
    for (unsigned part = 0; part < 4; part++) {
      s.o.p_gap = gap[part];
      s.o.p_credit = cr[part];
      while (s.frames < (part + 1) * n / 4)
        cycle(&s, 1);
    }
    drain(&s);
    CHECK(s.clen_seen == 0x3FEu, "every clen 1 .. 9 (seen 0x%x)", s.clen_seen);
    CHECK(s.dcls == 0x7Fu, "every data length class (seen 0x%x)", s.dcls);
    CHECK(s.kept > s.frames / 2 && s.kept < s.frames, "kept and dropped frames");
    tb_close(&s);
  }
}

/* Fill every VC to RX_BYTES with no credit (level = RX_BYTES, nothing delivered), then
 * drain. */
HARNESS_TEST(rxd_full) {
  for (unsigned ci = 0; ci < NCASES; ci++) {
    const rxd_case_t *k = &cases[ci];
    tb_t s;
    opts_t o = base_opts;
    o.budget_max = k->pdu_max;
    o.p_keep = 1.0;
    o.p_credit = 0;
    o.p_reset = 0;
    tb_open(&s, k, &o, 0x200 + ci);
    unsigned guard = 0;
    for (;;) {
      unsigned full = 0;
      for (unsigned v = 0; v < SUE_NVC; v++)
        full += s.ep.rxq[v].bytes == k->rx_bytes;
      if (full == SUE_NVC)
        break;
      /* top up exactly: frames of random commands while the room is large, then 2-byte
       * commands */
      if (s.ft == s.fd && s.fd == s.fh) {
        unsigned v = (unsigned)prng_below(&s.rng, SUE_NVC);
        unsigned room = k->rx_bytes - s.ep.rxq[v].bytes;
        if (room == 0)
          continue;
        s.o.fixed_vc = (int)v;
        s.o.tiny = room < 300;
        s.o.budget_max = room < k->pdu_max ? room : k->pdu_max;
        build_frame(&s);
      }
      cycle(&s, 0);
      CHECK(++guard < 200000, "fill");
    }
    for (unsigned i = 0; i < 50; i++)
      cycle(&s, 0);
    CHECK_EQ(s.cmds, 0, "nothing delivered without credits");
    CHECK_EQ(dut_get_u64(s.d, s.level),
             (uint64_t)k->rx_bytes * (1 + (1ull << s.bw) + (1ull << 2 * s.bw) + (1ull << 3 * s.bw)),
             "level = RX_BYTES on every VC");
    drain(&s);
    tb_close(&s);
  }
}

/* Line rate: buffers filled with 256-byte data commands (no credit), then credits in plenty:
 * one beat every cycle from the first to the last; then a stream of such frames while
 * delivering (area one beat a cycle, in_ready never low). */
HARNESS_TEST(rxd_line_rate) {
  for (unsigned ci = 0; ci < NCASES; ci++) {
    const rxd_case_t *k = &cases[ci];
    tb_t s;
    opts_t o = base_opts;
    o.budget_max = k->pdu_max;
    o.big_only = 1;
    o.p_keep = 1.0;
    o.p_gap = 0;
    o.p_credit = 0;
    o.p_reset = 0;
    tb_open(&s, k, &o, 0x300 + ci);
    /* fill: frames until no VC has room for another 256-byte command */
    unsigned guard = 0;
    for (;;) {
      unsigned full = 0;
      for (unsigned v = 0; v < SUE_NVC; v++)
        full += k->rx_bytes - s.ep.rxq[v].bytes < 280;
      if (full == SUE_NVC)
        break;
      cycle(&s, 1);
      CHECK(++guard < 100000, "fill");
    }
    while (s.fh != s.fd) /* the areas of the kept frames */
      cycle(&s, 0);
    s.ft = s.fd; /* frames built but not decided are forgotten */
    s.frames = s.kept;
    for (unsigned i = 0; i < 10; i++)
      cycle(&s, 0);
    CHECK_EQ(s.cmds, 0, "no credit yet");
    s.o.credit_all = 1;
    s.first_beat = 0;
    s.busy_win = 0;
    while (model_queued(&s) || s.cur)
      cycle(&s, 0);
    uint64_t span = s.last_beat - s.first_beat + 1;
    harness_log("%s: drain of %llu commands: %llu beats in %llu cycles", k->top,
                (unsigned long long)s.cmds, (unsigned long long)s.busy_win,
                (unsigned long long)span);
    CHECK(s.cmds >= 4, "commands");
    CHECK_EQ(s.busy_win, span, "one rx beat every cycle while commands are ready");
    /* streaming: frames back to back while delivering */
    uint64_t taken0 = s.taken, t0 = s.t;
    unsigned nf = (unsigned)harness_scaled(12, 60, 60);
    unsigned fh0 = s.fh;
    s.first_beat = 0;
    s.busy_win = 0;
    while (s.fh < fh0 + nf)
      cycle(&s, 1);
    uint64_t beats = s.busy_win, span2 = s.last_beat - s.first_beat + 1;
    harness_log("%s: streaming: %llu area beats in %llu cycles, %llu rx beats in %llu cycles",
                k->top, (unsigned long long)(s.taken - taken0), (unsigned long long)(s.t - t0),
                (unsigned long long)beats, (unsigned long long)span2);
    if (k->eth_w >= k->data_w) /* the areas come faster than the deliveries go */
      CHECK_EQ(beats, span2, "one rx beat every cycle while streaming");
    drain(&s);
    tb_close(&s);
  }
}
