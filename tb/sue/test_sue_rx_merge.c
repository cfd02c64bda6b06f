/*
 * Tests of sue_rx_merge (docs/sue/sue_rx_merge.md): the RTL and the model
 * (csrc/ref/sue/sue_rx_merge_model.c) in lockstep. Every cycle t the ports' beats, the XPU's
 * credit word and rx_reset_in are applied, the model steps, the clock ticks, and every output of
 * cycle t + 1 (rx_*, sel_valid / sel_port, each port's p_rx_credit) is compared with the model.
 *
 * Around the unit: per port a stand-in for a sue_endpoint's delivery (per-VC queues of random
 * commands of both types and every length, rx credit counters fed by p_rx_credit one cycle
 * late as sue_rx_credits does, a command started round-robin over the VCs whose head has a
 * credit, its beats in consecutive cycles, idle spells), and an XPU that grants credits in
 * random words and phases (some VCs starved for a while), withdraws them with rx_reset_in, and
 * checks what it receives.
 *
 *  - rxm_lockstep: four tops (1, 2, 4 ports; DATA_W 128 .. 2048; SKID 2 and 4; the widest has
 *    2 ports, its p_rx_data at the harness's 4,096 bits). Besides the
 *    lockstep, independently of the model: every command a port delivered reaches the XPU once,
 *    whole and unchanged, in its port's order per VC (sel_port names the port); its beats are
 *    consecutive; none starts without a credit the XPU granted; a VC the XPU starves does not
 *    hold up the others; after a final spell with credits everything has arrived; the mix
 *    (commands per port and type, 256-byte commands, starved phases, resets) is checked.
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "sue_rx_merge_model.h"

typedef struct {
  const char *top;
  unsigned p, data_w, skid; /* as tb/sue/tops.txt */
} rxm_case_t;

static const rxm_case_t cases[] = {{"sue_rx_merge_p1", 1, 256, 2},
                                   {"sue_rx_merge_p2", 2, 128, 2},
                                   {"sue_rx_merge_p4", 4, 512, 4},
                                   {"sue_rx_merge_p2_w2048", 2, 2048, 2}};
#define NCASES (sizeof cases / sizeof cases[0])
#define QMAX 64 /* commands queued per {port, VC} */

typedef struct { /* a command: its beats as a port shows them */
  unsigned type, xpuid, nb;
  uint32_t control[5];
  uint32_t data[16][SUE_RXM_DW];
} cmd_t;

typedef struct { /* a ring of commands */
  cmd_t *c;
  unsigned rd, n;
} ring_t;

typedef struct {
  ring_t q[4];   /* to deliver, per VC */
  ring_t exp[4]; /* delivered, not yet at the XPU: what the XPU must see, in order */
  unsigned cred[8], rr, busy, vc, bt;
  cmd_t cur;
} port_sim_t;

typedef struct {
  double p_new, p_idle, p_grant;
  unsigned starve; /* VCs the XPU grants nothing (bit v) */
} knobs_t;

typedef struct {
  const rxm_case_t *c;
  dut_t *d;
  prng_t rng;
  sue_rxm_par_t par;
  sue_rxm_t *m;
  knobs_t kb;
  port_sim_t ps[SUE_RXM_PMAX];
  unsigned xc[8]; /* credits the XPU granted, not used */
  int rx_busy;    /* the XPU is receiving a command */
  unsigned rx_bt, rx_port, rx_vc;
  unsigned since_reset; /* cycles since the last rx_reset_in */
  cmd_t got;
  port_t pv, pc, pvc, px, pctl, pd, pcr, rv, rc, rvc, rx, rctl, rd, rcr, rrst, sv, sp;
  uint64_t n_cmd[SUE_RXM_PMAX][2], n_long, n_starved, n_other, n_reset, n_busy, n_stall;
} rt_t;

static cmd_t *ring_at(ring_t *r, unsigned i) { return &r->c[(r->rd + i) % QMAX]; }
static cmd_t *ring_push(ring_t *r) {
  CHECK(r->n < QMAX, "ring full");
  return &r->c[(r->rd + r->n++) % QMAX];
}
static void ring_pop(ring_t *r) {
  r->rd = (r->rd + 1u) % QMAX;
  r->n--;
}

static void rand_cmd(rt_t *s, cmd_t *c) {
  memset(c, 0, sizeof *c);
  unsigned nb = s->c->data_w / 8u, clen = 1u + (unsigned)prng_below(&s->rng, 9);
  c->type = prng_bernoulli(&s->rng, 0.5);
  unsigned dlen = prng_bernoulli(&s->rng, 0.2) ? 256u : 1u + (unsigned)prng_below(&s->rng, 256);
  unsigned desc =
      (unsigned)prng_below(&s->rng, 8) << 13 | clen << 9 | (c->type ? 0x100u | (dlen - 1u) : 0u);
  c->xpuid = (unsigned)prng_below(&s->rng, 1024);
  for (unsigned j = 0; j < 18; j++) /* the clen control bytes at the top, zeros below */
    bits_put_stream_byte(c->control, 144, j,
                         j < 2          ? (desc >> (8 - 8 * j)) & 0xFFu
                         : j < 2 * clen ? (unsigned)prng_below(&s->rng, 256)
                                        : 0u);
  c->nb = sue_rxm_beats(desc & 0x1FFu, s->c->data_w);
  for (unsigned b = 0; b < c->nb && c->type; b++)
    for (unsigned j = 0; j < nb && b * nb + j < dlen; j++)
      bits_put_stream_byte(c->data[b], s->c->data_w, j, (unsigned)prng_below(&s->rng, 256));
  s->n_long += c->type && dlen == 256;
}

static void new_phase(rt_t *s) {
  s->kb.p_new = 0.05 + 0.4 * prng_double(&s->rng);
  s->kb.p_idle = prng_bernoulli(&s->rng, 0.5) ? 0.0 : 0.3 * prng_double(&s->rng);
  s->kb.p_grant = 0.05 + 0.9 * prng_double(&s->rng);
  s->kb.starve = prng_bernoulli(&s->rng, 0.3) ? 1u << prng_below(&s->rng, 4) : 0u;
}

/* One cycle. traffic = 0: no new commands; reset: rx_reset_in this cycle. */
static void rxm_cycle(rt_t *s, int traffic, int reset) {
  dut_t *d = s->d;
  const unsigned p = s->c->p, dw = s->c->data_w / 32u;
  sue_rxm_beat_t in[SUE_RXM_PMAX];
  memset(in, 0, sizeof in);
  uint32_t wv[1] = {0}, wc[1] = {0}, wvc[1] = {0}, wx[2] = {0}, wctl[4 * 5] = {0};
  static uint32_t wd[SUE_RXM_PMAX * SUE_RXM_DW];
  memset(wd, 0, sizeof wd);
  for (unsigned e = 0; e < p; e++) {
    port_sim_t *ps = &s->ps[e];
    for (unsigned v = 0; v < 4; v++)
      if (traffic && ps->q[v].n < QMAX && prng_bernoulli(&s->rng, s->kb.p_new / 4))
        rand_cmd(s, ring_push(&ps->q[v]));
    /* the port's delivery: a start needs a credit of its {VC, type} (rx_reset_in: none) */
    if (!ps->busy && !reset && !prng_bernoulli(&s->rng, s->kb.p_idle))
      for (unsigned k = 0; k < 4; k++) {
        unsigned v = (ps->rr + k) & 3u;
        if (!ps->q[v].n || !ps->cred[v * 2u + ring_at(&ps->q[v], 0)->type])
          continue;
        ps->cur = *ring_at(&ps->q[v], 0);
        ring_pop(&ps->q[v]);
        ps->cred[v * 2u + ps->cur.type]--;
        *ring_push(&ps->exp[v]) = ps->cur;
        s->n_cmd[e][ps->cur.type]++;
        ps->busy = 1;
        ps->vc = v;
        ps->bt = 0;
        ps->rr = (v + 1u) & 3u;
        break;
      }
    if (ps->busy) {
      sue_rxm_beat_t *b = &in[e];
      b->valid = ps->cur.type ? 2u : 1u;
      b->cycle = ps->bt;
      b->vc = ps->vc;
      b->xpuid = ps->cur.xpuid;
      memcpy(b->control, ps->cur.control, sizeof b->control);
      memcpy(b->data, ps->cur.data[ps->bt], dw * sizeof(uint32_t));
      bits_put_field(wv, 2 * e, 2, b->valid);
      bits_put_field(wc, 4 * e, 4, b->cycle);
      bits_put_field(wvc, 2 * e, 2, b->vc);
      bits_put_field(wx, 10 * e, 10, b->xpuid);
      for (unsigned i = 0; i < 144; i++)
        bits_put(wctl, 144 * e + i, bits_get(b->control, i));
      memcpy(&wd[e * dw], b->data, dw * sizeof(uint32_t));
      if (++ps->bt == ps->cur.nb)
        ps->busy = 0;
    }
  }
  /* the XPU's credit word */
  unsigned cw = 0;
  if (!reset && prng_bernoulli(&s->rng, s->kb.p_grant)) {
    unsigned j = (unsigned)prng_below(&s->rng, 8), n = 1u + (unsigned)prng_below(&s->rng, 4);
    if (!(s->kb.starve >> (j >> 1) & 1u) && s->xc[j] < 64) {
      cw = 0x20u | (j & 1u) << 4 | (j >> 1) << 2 | (n - 1u);
      s->xc[j] += n;
    }
  }
  dut_set(d, s->pv, wv);
  dut_set(d, s->pc, wc);
  dut_set(d, s->pvc, wvc);
  dut_set(d, s->px, wx);
  dut_set(d, s->pctl, wctl);
  dut_set(d, s->pd, wd);
  dut_set_u64(d, s->rcr, cw);
  dut_set_u64(d, s->rrst, (uint64_t)reset);

  sue_rxm_out_t out;
  sue_rxm_step(s->m, &s->par, in, cw, (unsigned)reset, &out);
  /* the ports see the grant words of this cycle from the next (one cycle late, as
   * sue_rx_credits); rx_reset_in withdraws theirs and the XPU's */
  uint64_t pcr = dut_get_u64(d, s->pcr);
  for (unsigned e = 0; e < p; e++) {
    unsigned w = (unsigned)(pcr >> (6 * e)) & 0x3Fu;
    if (reset)
      memset(s->ps[e].cred, 0, sizeof s->ps[e].cred);
    else if (w & 0x20u)
      s->ps[e].cred[((w >> 2) & 3u) * 2u + (w >> 4 & 1u)] += (w & 3u) + 1u;
  }
  if (reset)
    memset(s->xc, 0, sizeof s->xc);
  s->since_reset = reset ? 0u : s->since_reset + 1u;
  dut_step(d, 1);

  /* the outputs of cycle t + 1 */
  CHECK_PORT_U64(d, s->rv, out.rx.valid, "rx_valid");
  if (out.rx.valid) {
    CHECK_PORT_U64(d, s->rc, out.rx.cycle, "rx_cycle");
    CHECK_PORT_U64(d, s->rvc, out.rx.vc, "rx_vc");
    CHECK_PORT_U64(d, s->rx, out.rx.xpuid, "rx_xpuid");
    CHECK_PORT(d, s->rctl, out.rx.control, 144, "rx_control");
    CHECK_PORT(d, s->rd, out.rx.data, s->c->data_w, "rx_data");
  }
  CHECK_PORT_U64(d, s->sv, out.sel_valid, "sel_valid");
  if (out.sel_valid)
    CHECK_PORT_U64(d, s->sp, out.sel_port, "sel_port");
  uint32_t ew[1] = {0};
  for (unsigned e = 0; e < p; e++)
    bits_put_field(ew, 6 * e, 6, out.p_credit[e]);
  CHECK_PORT(d, s->pcr, ew, 6 * p, "p_rx_credit");

  /* the XPU receives (independently of the model) */
  const sue_rxm_beat_t *b = &out.rx;
  if (b->valid) {
    if (b->cycle == 0) {
      CHECK(!s->rx_busy, "a command started inside another");
      unsigned j = b->vc * 2u + (b->valid == 2);
      /* its credit was taken when it started, two cycles before its beat 0 shows: an
       * rx_reset_in in between withdrew the others, not that one */
      CHECK(s->xc[j] > 0 || s->since_reset <= 2, "command of {VC, type} %u without an XPU credit",
            j);
      if (s->xc[j])
        s->xc[j]--;
      ring_t *ex = &s->ps[out.sel_port].exp[b->vc];
      CHECK(ex->n > 0, "a command port %u never delivered on VC %u", out.sel_port, b->vc);
      s->got = *ring_at(ex, 0);
      ring_pop(ex);
      CHECK(b->xpuid == s->got.xpuid && !memcmp(b->control, s->got.control, sizeof b->control) &&
                (b->valid == 2) == s->got.type,
            "command of port %u VC %u: not the next one the port delivered", out.sel_port, b->vc);
      s->n_other += s->kb.starve && !(s->kb.starve >> b->vc & 1u);
      s->rx_busy = 1;
      s->rx_bt = 0;
      s->rx_port = out.sel_port;
      s->rx_vc = b->vc;
    } else {
      CHECK(s->rx_busy && b->cycle == s->rx_bt && b->vc == s->rx_vc, "beat %u out of sequence",
            b->cycle);
    }
    CHECK(!memcmp(b->data, s->got.data[b->cycle], dw * sizeof(uint32_t)),
          "data of beat %u of a command of port %u", b->cycle, s->rx_port);
    s->rx_bt++;
    if (s->rx_bt == s->got.nb)
      s->rx_busy = 0;
    s->n_busy++;
  } else {
    CHECK(!s->rx_busy, "a gap inside a command's beats");
    for (unsigned v = 0; v < 4; v++) /* a waiting VC with credits, nothing delivered */
      for (unsigned e = 0; e < p; e++)
        s->n_stall += s->ps[e].exp[v].n && s->xc[v * 2u + ring_at(&s->ps[e].exp[v], 0)->type];
  }
  if (s->kb.starve)
    s->n_starved++;
}

static void open_rxm(rt_t *s, const rxm_case_t *c) {
  memset(s, 0, sizeof *s);
  s->c = c;
  s->par.p = c->p;
  s->par.data_w = c->data_w;
  s->par.skid = c->skid;
  prng_seed(&s->rng, harness_seed() ^ (0x3E46u + c->p * 977u + c->data_w));
  s->m = calloc(1, sizeof *s->m);
  CHECK(s->m != NULL, "memory");
  sue_rxm_init(s->m);
  for (unsigned e = 0; e < c->p; e++)
    for (unsigned v = 0; v < 4; v++) {
      s->ps[e].q[v].c = calloc(QMAX, sizeof(cmd_t));
      s->ps[e].exp[v].c = calloc(QMAX, sizeof(cmd_t));
      CHECK(s->ps[e].q[v].c && s->ps[e].exp[v].c, "memory");
    }
  dut_t *d = s->d = dut_open(c->top);
  s->pv = dut_port(d, "p_rx_valid"), s->pc = dut_port(d, "p_rx_cycle");
  s->pvc = dut_port(d, "p_rx_vc"), s->px = dut_port(d, "p_rx_xpuid");
  s->pctl = dut_port(d, "p_rx_control"), s->pd = dut_port(d, "p_rx_data");
  s->pcr = dut_port(d, "p_rx_credit");
  s->rv = dut_port(d, "rx_valid"), s->rc = dut_port(d, "rx_cycle"), s->rvc = dut_port(d, "rx_vc");
  s->rx = dut_port(d, "rx_xpuid"), s->rctl = dut_port(d, "rx_control");
  s->rd = dut_port(d, "rx_data"), s->rcr = dut_port(d, "rx_credit");
  s->rrst = dut_port(d, "rx_reset_in"), s->sv = dut_port(d, "sel_valid");
  s->sp = dut_port(d, "sel_port");
  dut_set_u64(d, s->pv, 0);
  dut_set_u64(d, s->rcr, 0);
  dut_set_u64(d, s->rrst, 0);
  dut_reset(d, 2);
  new_phase(s);
}

static void close_rxm(rt_t *s) {
  for (unsigned e = 0; e < s->c->p; e++)
    for (unsigned v = 0; v < 4; v++) {
      free(s->ps[e].q[v].c);
      free(s->ps[e].exp[v].c);
    }
  free(s->m);
  dut_close(s->d);
}

HARNESS_TEST(rxm_lockstep) {
  unsigned cycles = (unsigned)harness_scaled(12000, 60000, 600000);
  for (unsigned ci = 0; ci < NCASES; ci++) {
    rt_t *s = calloc(1, sizeof *s);
    CHECK(s != NULL, "memory");
    open_rxm(s, &cases[ci]);
    const unsigned p = s->c->p;
    for (unsigned t = 0; t < cycles; t++) {
      if (t % 700 == 0)
        new_phase(s);
      int reset = prng_bernoulli(&s->rng, 0.0003);
      s->n_reset += reset;
      rxm_cycle(s, 1, reset);
    }
    /* every command in: credits for everything, no starving, no new commands, up to 20,000
       cycles; once nothing is left anywhere, 200 more (still in lockstep: nothing may appear) */
    s->kb.starve = 0;
    s->kb.p_grant = 1.0;
    s->kb.p_idle = 0.0;
    for (unsigned t = 0, quiet = 0; t < 20000 && quiet < 200; t++) {
      rxm_cycle(s, 0, 0);
      int left = s->rx_busy;
      for (unsigned e = 0; e < p; e++)
        for (unsigned v = 0; v < 4; v++)
          left |= s->ps[e].q[v].n || s->ps[e].exp[v].n || s->ps[e].busy;
      quiet = left ? 0 : quiet + 1;
    }
    for (unsigned e = 0; e < p; e++)
      for (unsigned v = 0; v < 4; v++)
        CHECK(s->ps[e].q[v].n == 0 && s->ps[e].exp[v].n == 0 && !s->ps[e].busy,
              "%s: port %u VC %u: %u commands not delivered, %u not received", s->c->top, e, v,
              s->ps[e].q[v].n, s->ps[e].exp[v].n);
    CHECK(!s->rx_busy, "%s: a command not finished", s->c->top);
    harness_log("%s: %u cycles: commands per port (command only / with data) %llu/%llu "
                "%llu/%llu %llu/%llu %llu/%llu, 256-byte %llu, rx_* busy %llu cycles, "
                "starved phases %llu cycles (other VCs' commands in them %llu), rx_reset_in %llu, "
                "idle with a delivered command waiting (in flight or in a skid) %llu",
                s->c->top, cycles, (unsigned long long)s->n_cmd[0][0],
                (unsigned long long)s->n_cmd[0][1], (unsigned long long)s->n_cmd[1][0],
                (unsigned long long)s->n_cmd[1][1], (unsigned long long)s->n_cmd[2][0],
                (unsigned long long)s->n_cmd[2][1], (unsigned long long)s->n_cmd[3][0],
                (unsigned long long)s->n_cmd[3][1], (unsigned long long)s->n_long,
                (unsigned long long)s->n_busy, (unsigned long long)s->n_starved,
                (unsigned long long)s->n_other, (unsigned long long)s->n_reset,
                (unsigned long long)s->n_stall);
    for (unsigned e = 0; e < p; e++)
      CHECK(s->n_cmd[e][0] > 100 && s->n_cmd[e][1] > 100, "%s: port %u's commands", s->c->top, e);
    CHECK(s->n_long > 50 && s->n_starved > 1000 && s->n_other > 100 &&
              (harness_scale() == HARNESS_QUICK || s->n_reset > 0),
          "event mix of %s", s->c->top);
    close_rxm(s);
    free(s);
  }
}
