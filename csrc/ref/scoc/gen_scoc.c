/*
 * gen_scoc.c - cases of block "scoc": <top>_random for two scheduler tops and one switch top
 * of tb/scoc/tops.txt. Expected outputs come from the csrc/ref cycle models (record = inputs,
 * outputs during the cycle, then the edge). Per-port and per-group values are packed as the
 * RTL ports are (element i of a W-bit field at bits i*W .. i*W+W-1, req and req_cnt indexed by
 * group * N + destination), as the lockstep tests tb/scoc/test_scoc_sched.c and sw_rtl.c do.
 *
 *   scoc_sched   enqueues only where the model's array has room (scoc_model_can_enq), with
 *                dst, len and tag anywhere in range; phases of 100 cycles (the kinds in
 *                plan[], the levels random): light load, heavy load (every port every cycle
 *                at most), a light hotspot; out_room all 1, mostly 1 or sparse. Then a drain,
 *                from the cycle where the backlog would end the case near SCHED_CYCLES,
 *                until every array is empty. Every registered output every cycle.
 *   scoc_switch  per port a packet source that respects valid/ready (an offered word holds,
 *                same data, until in_ready took it), with gaps before words and some packets
 *                longer than 2^LW - 1 words (dropped, counted in err_len); the same phases
 *                (out_ready in place of out_room); then a drain. Every cycle: in_ready,
 *                out_valid, err_len, err_dst, the scheduler's gnt_valid and acc_valid.
 *                out_data and out_last are one field for all ports, and an idle port's
 *                word is its buffer memory (X on Icarus until written): they are checked in
 *                the cycles where every output shows out_valid, x in the others.
 */
#include "gen.h"

#include <string.h>

#include "bits.h"
#include "scoc_sched_model.h"
#include "scoc_switch_model.h"

#define BLOCK "scoc"

#define WORDS BITS_MAX_WORDS
#define PHASE 100         /* cycles per stimulus phase */
#define SCHED_CYCLES 1500 /* scheduler: traffic until the drain would end about here */
#define SCHED_MIN 600     /* scheduler: cycles of traffic at least */
#define SW_TRAFFIC 1300   /* switch: cycles of traffic before the drain */
#define DRAIN_MAX 4000    /* the drain must empty the model within this many cycles */
#define TAIL 16           /* cycles recorded after the model is empty */

/* Element value v at bits pos .. pos+width-1 of a packed port value. */
static void put(uint32_t *w, unsigned pos, unsigned width, uint64_t v) {
  for (unsigned b = 0; b < width; b++)
    bits_put(w, pos + b, (unsigned)(v >> b) & 1u);
}

static double pick(prng_t *r, const double *levels, size_t n) { return levels[prng_below(r, n)]; }
#define PICK(r, a) pick((r), (a), sizeof(a) / sizeof((a)[0]))

/* Destinations of a phase: uniform, or 70 % onto `hot` consecutive outputs from hot0. */
typedef struct {
  unsigned hot, hot0;
} dst_mode_t;

/* A stimulus phase: load (probability that an idle port starts a packet, or enqueues, in a
 * cycle), its destinations, and room (out_room of the scheduler, out_ready of the switch, per
 * output and cycle). */
typedef struct {
  double load, room;
  dst_mode_t dm;
} phase_t;

/* Load kinds: light, heavy (arrays and buffers fill up) and a light hotspot (a heavy one would
 * leave a backlog that takes thousands of cycles to drain); room kinds: all 1, mostly 1,
 * sparse. */
enum { LD_LIGHT, LD_HEAVY, LD_HOT };
enum { RM_ALL, RM_MOSTLY, RM_SPARSE };

/* Kinds of the phases in order (then again from the start), so every seed gets each kind of
 * phase early, heavy load with sparse room among them: the scheduler may start its drain at
 * cycle SCHED_MIN, and the switch shows every output valid (out_data checked) mostly in those
 * phases. The levels inside a kind are random. */
static const unsigned char plan[][2] = {
    {LD_LIGHT, RM_ALL},    {LD_HEAVY, RM_ALL},    {LD_HEAVY, RM_SPARSE}, {LD_HOT, RM_MOSTLY},
    {LD_HEAVY, RM_MOSTLY}, {LD_LIGHT, RM_SPARSE}, {LD_HEAVY, RM_SPARSE}, {LD_HOT, RM_ALL},
    {LD_HEAVY, RM_ALL},    {LD_LIGHT, RM_MOSTLY}, {LD_HEAVY, RM_SPARSE}, {LD_HOT, RM_SPARSE},
    {LD_HEAVY, RM_MOSTLY},
};

static void pick_phase(prng_t *r, unsigned n, long k, phase_t *ph) {
  static const double light[] = {0.0, 0.02, 0.05}, heavy[] = {0.3, 0.6, 1.0};
  static const double mostly[] = {0.7, 0.85, 0.95}, sparse[] = {0.1, 0.2, 0.3};
  const unsigned char *kind = plan[k % (long)(sizeof plan / sizeof plan[0])];
  ph->dm.hot = ph->dm.hot0 = 0;
  if (kind[0] == LD_LIGHT) {
    ph->load = PICK(r, light);
  } else if (kind[0] == LD_HEAVY) {
    ph->load = PICK(r, heavy);
  } else {
    ph->load = 0.03;
    ph->dm.hot = (unsigned)prng_range(r, 1, 3);
    ph->dm.hot0 = (unsigned)prng_below(r, n);
  }
  ph->room = kind[1] == RM_ALL ? 1.0 : kind[1] == RM_MOSTLY ? PICK(r, mostly) : PICK(r, sparse);
}

static unsigned pick_dst(prng_t *r, unsigned n, const dst_mode_t *d) {
  if (d->hot && prng_bernoulli(r, 0.7))
    return (d->hot0 + (unsigned)prng_below(r, d->hot)) % n;
  return (unsigned)prng_below(r, n);
}

/* ---- scoc_sched ---------------------------------------------------------- */

enum { SI_VALID, SI_DST, SI_LEN, SI_TAG, SI_ROOM, SI_N };
enum {
  SO_ARR_COUNT,
  SO_REQ,
  SO_REQ_CNT,
  SO_GNT_VALID,
  SO_GNT_OUT,
  SO_GNT_IG,
  SO_ACC_VALID,
  SO_ACC_PORT,
  SO_ACC_OUT,
  SO_ACC_ROUTE,
  SO_ACC_LEN,
  SO_ACC_TAG,
  SO_N
};

typedef struct { /* port widths (docs/scoc/index.md "Derived") */
  unsigned n, r, nw, mw, rw, cw, lw, tw;
} sched_w_t;

static void sched_fields(gen_case_t *c, const sched_w_t *w) {
  unsigned n = w->n, r = w->r;
  gen_case_field(c, VEC_IN, "enq_valid", n);
  gen_case_field(c, VEC_IN, "enq_dst", n * w->nw);
  gen_case_field(c, VEC_IN, "enq_len", n * w->lw);
  gen_case_field(c, VEC_IN, "enq_tag", n * w->tw);
  gen_case_field(c, VEC_IN, "out_room", n);
  gen_case_field(c, VEC_OUT, "arr_count", n * w->cw);
  gen_case_field(c, VEC_OUT, "req", r * n);
  gen_case_field(c, VEC_OUT, "req_cnt", r * n * w->mw);
  gen_case_field(c, VEC_OUT, "gnt_valid", r);
  gen_case_field(c, VEC_OUT, "gnt_out", r * w->mw);
  gen_case_field(c, VEC_OUT, "gnt_ig", r * w->rw);
  gen_case_field(c, VEC_OUT, "acc_valid", r);
  gen_case_field(c, VEC_OUT, "acc_port", r * w->mw);
  gen_case_field(c, VEC_OUT, "acc_out", r * w->nw);
  gen_case_field(c, VEC_OUT, "acc_route", r * w->mw);
  gen_case_field(c, VEC_OUT, "acc_len", r * w->lw);
  gen_case_field(c, VEC_OUT, "acc_tag", r * w->tw);
}

static void sched_record(gen_case_t *c, const sched_w_t *w, const scoc_in_t *in,
                         const scoc_out_t *o) {
  static uint32_t vi[SI_N][WORDS], vo[SO_N][WORDS];
  const unsigned n = w->n, mw = w->mw;
  memset(vi, 0, sizeof vi);
  memset(vo, 0, sizeof vo);
  for (unsigned p = 0; p < n; p++) {
    put(vi[SI_VALID], p, 1, in->enq_valid[p]);
    put(vi[SI_DST], p * w->nw, w->nw, in->enq_dst[p]);
    put(vi[SI_LEN], p * w->lw, w->lw, in->enq_len[p]);
    put(vi[SI_TAG], p * w->tw, w->tw, in->enq_tag[p]);
    put(vi[SI_ROOM], p, 1, in->out_room[p]);
    put(vo[SO_ARR_COUNT], p * w->cw, w->cw, o->arr_count[p]);
  }
  for (unsigned g = 0; g < w->r; g++) {
    for (unsigned d = 0; d < n; d++) {
      put(vo[SO_REQ], g * n + d, 1, o->req[g][d]);
      put(vo[SO_REQ_CNT], (g * n + d) * mw, mw, o->req_cnt[g][d]);
    }
    put(vo[SO_GNT_VALID], g, 1, o->gnt_valid[g]);
    put(vo[SO_GNT_OUT], g * mw, mw, o->gnt_out[g]);
    put(vo[SO_GNT_IG], g * w->rw, w->rw, o->gnt_ig[g]);
    put(vo[SO_ACC_VALID], g, 1, o->acc_valid[g]);
    put(vo[SO_ACC_PORT], g * mw, mw, o->acc_port[g]);
    put(vo[SO_ACC_OUT], g * w->nw, w->nw, o->acc_out[g]);
    put(vo[SO_ACC_ROUTE], g * mw, mw, o->acc_route[g]);
    put(vo[SO_ACC_LEN], g * w->lw, w->lw, o->acc_len[g]);
    put(vo[SO_ACC_TAG], g * w->tw, w->tw, o->acc_tag[g]);
  }
  gen_case_row(c);
  for (unsigned f = 0; f < SI_N; f++)
    gen_case_set_words(c, VEC_IN, f, vi[f]);
  for (unsigned f = 0; f < SO_N; f++)
    gen_case_set_words(c, VEC_OUT, f, vo[f]);
}

static int sched_empty(const scoc_model_t *m) {
  for (unsigned p = 0; p < m->p.n; p++)
    if (scoc_model_arr_count(m, p))
      return 0;
  return 1;
}

/* A lower bound on the drain: the longest queue of cycles of words (len x M) that the arrays
 * hold for one output. */
static unsigned long sched_backlog(const scoc_model_t *m) {
  static unsigned long work[SCOC_MAX_N];
  unsigned long most = 0;
  unsigned dst, len, tag;
  memset(work, 0, sizeof work);
  for (unsigned p = 0; p < m->p.n; p++)
    for (unsigned i = 0; scoc_model_arr(m, p, i, &dst, &len, &tag); i++)
      if ((work[dst] += (unsigned long)len * m->p.m) > most)
        most = work[dst];
  return most;
}

/* Traffic phases, then a drain from the first cycle where the backlog would take the case to
 * SCHED_CYCLES records (so every top and seed gives about that many); the internal checks (no
 * illegal enqueue, every enqueued entry accepted) guard the stimulus, not the model. */
static int sched_run(gen_case_t *c, scoc_model_t *m, const sched_w_t *w) {
  static scoc_in_t in;
  static scoc_out_t o;
  const unsigned n = w->n, lmax = (1u << w->lw) - 1u;
  phase_t ph = {0.0, 1.0, {0, 0}};
  uint64_t enqs = 0, accs = 0;
  int tail = -1;
  long drain = -1; /* first cycle of the drain */
  for (long cyc = 0; tail != 0; cyc++) {
    if (drain < 0 && cyc >= SCHED_MIN &&
        (cyc >= SCHED_CYCLES || (unsigned long)cyc + sched_backlog(m) >= SCHED_CYCLES)) {
      drain = cyc;
      ph.load = 0.0;
      ph.room = 1.0;
    }
    if (drain >= 0 && cyc >= drain + DRAIN_MAX)
      return -1;
    if (drain < 0 && cyc % PHASE == 0)
      pick_phase(&c->rng, n, cyc / PHASE, &ph);
    memset(&in, 0, sizeof in);
    scoc_model_outputs(m, &o);
    for (unsigned p = 0; p < n; p++) {
      if (ph.load > 0 && scoc_model_can_enq(m, p) && prng_bernoulli(&c->rng, ph.load)) {
        in.enq_valid[p] = 1;
        in.enq_dst[p] = (uint16_t)pick_dst(&c->rng, n, &ph.dm);
        in.enq_len[p] = (uint16_t)prng_range(&c->rng, 1, lmax);
        in.enq_tag[p] = (uint16_t)prng_below(&c->rng, 1u << w->tw);
        enqs++;
      }
      in.out_room[p] = (uint8_t)prng_bernoulli(&c->rng, ph.room);
    }
    for (unsigned g = 0; g < w->r; g++)
      accs += o.acc_valid[g];
    sched_record(c, w, &in, &o);
    scoc_model_clock(m, &in);
    if (tail > 0)
      tail--;
    else if (tail < 0 && drain >= 0 && sched_empty(m))
      tail = TAIL;
  }
  return m->enq_errors == 0 && enqs == accs ? 0 : -1;
}

static int sched_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  scoc_model_t m;
  gen_case_t c;
  for (int i = 0; i < 6; i++)
    if (p[i] > SCOC_MAX_N)
      return gen_fail(ctx, "%s: illegal parameters for scoc_sched", top->name);
  scoc_params_t sp = {(unsigned)p[0], (unsigned)p[1], (unsigned)p[2],
                      (unsigned)p[3], (unsigned)p[4], (unsigned)p[5]};
  if (scoc_model_init(&m, &sp))
    return gen_fail(ctx, "%s: illegal parameters for scoc_sched", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random")) {
    scoc_model_free(&m);
    return -1;
  }
  const unsigned r = sp.n / sp.m;
  const sched_w_t w = {sp.n,
                       r,
                       bits_clog2(sp.n),
                       bits_clog2(sp.m),
                       r > 1 ? bits_clog2(r) : 1u,
                       bits_clog2(sp.qd + 1u),
                       sp.lw,
                       sp.tw};
  sched_fields(&c, &w);
  int rc = sched_run(&c, &m, &w);
  scoc_model_free(&m);
  if (rc) {
    gen_case_abort(&c);
    return gen_fail(ctx, "%s: internal error: illegal enqueue, or the drain left packets",
                    top->name);
  }
  return gen_case_end(&c);
}

/* ---- scoc_switch --------------------------------------------------------- */

enum { WI_VALID, WI_DATA, WI_LAST, WI_DST, WI_READY, WI_N };
enum {
  WO_IN_READY,
  WO_OUT_VALID,
  WO_OUT_DATA,
  WO_OUT_LAST,
  WO_ERR_LEN,
  WO_ERR_DST,
  WO_GNT_VALID,
  WO_ACC_VALID,
  WO_N
};

typedef struct { /* the packet an input link is offering */
  unsigned active, dst, len, idx, held;
  uint64_t word; /* the word offered (held until taken) */
} sw_src_t;

typedef struct {
  phase_t ph;      /* load, destinations, out_ready */
  double gap, bad; /* probability of a gap before a word; of a bad packet */
} sw_phase_t;

typedef struct {
  scoc_sw_model_t m;
  unsigned n, nw, dw, r;
  sw_src_t src[SCOC_MAX_N];
  uint64_t good_tx, good_rx, bad_len_tx, bad_dst_tx;
} sw_gen_t;

static void sw_fields(gen_case_t *c, const sw_gen_t *s) {
  gen_case_field(c, VEC_IN, "in_valid", s->n);
  gen_case_field(c, VEC_IN, "in_data", s->n * s->dw);
  gen_case_field(c, VEC_IN, "in_last", s->n);
  gen_case_field(c, VEC_IN, "in_dst", s->n * s->nw);
  gen_case_field(c, VEC_IN, "out_ready", s->n);
  gen_case_field(c, VEC_OUT, "in_ready", s->n);
  gen_case_field(c, VEC_OUT, "out_valid", s->n);
  gen_case_field(c, VEC_OUT, "out_data", s->n * s->dw);
  gen_case_field(c, VEC_OUT, "out_last", s->n);
  gen_case_field(c, VEC_OUT, "err_len", 32);
  gen_case_field(c, VEC_OUT, "err_dst", 32);
  gen_case_field(c, VEC_OUT, "gnt_valid", s->r);
  gen_case_field(c, VEC_OUT, "acc_valid", s->r);
}

static void sw_record(gen_case_t *c, const sw_gen_t *s, const sw_link_in_t *in,
                      const sw_link_out_t *o, const scoc_out_t *so) {
  static uint32_t vi[WI_N][WORDS], vo[WO_N][WORDS];
  const unsigned n = s->n, dw = s->dw;
  unsigned all_valid = 1;
  memset(vi, 0, sizeof vi);
  memset(vo, 0, sizeof vo);
  for (unsigned p = 0; p < n; p++) {
    put(vi[WI_VALID], p, 1, in->in_valid[p]);
    put(vi[WI_DATA], p * dw, dw, in->in_data[p]);
    put(vi[WI_LAST], p, 1, in->in_last[p]);
    put(vi[WI_DST], p * s->nw, s->nw, in->in_dst[p]);
    put(vi[WI_READY], p, 1, in->out_ready[p]);
    put(vo[WO_IN_READY], p, 1, o->in_ready[p]);
    put(vo[WO_OUT_VALID], p, 1, o->out_valid[p]);
    put(vo[WO_OUT_DATA], p * dw, dw, o->out_data[p]);
    put(vo[WO_OUT_LAST], p, 1, o->out_last[p]);
    all_valid &= o->out_valid[p];
  }
  for (unsigned g = 0; g < s->r; g++) {
    put(vo[WO_GNT_VALID], g, 1, so->gnt_valid[g]);
    put(vo[WO_ACC_VALID], g, 1, so->acc_valid[g]);
  }
  gen_case_row(c);
  for (unsigned f = 0; f < WI_N; f++)
    gen_case_set_words(c, VEC_IN, f, vi[f]);
  for (unsigned f = 0; f < WO_N; f++)
    if (f == WO_ERR_LEN || f == WO_ERR_DST)
      gen_case_set(c, VEC_OUT, f, (f == WO_ERR_LEN ? s->m.err_len : s->m.err_dst) & 0xffffffffu);
    else if ((f == WO_OUT_DATA || f == WO_OUT_LAST) && !all_valid)
      gen_case_x(c, f);
    else
      gen_case_set_words(c, VEC_OUT, f, vo[f]);
}

/* A new packet at an idle input: a good one (1 .. 2^LW - 1 words), or a bad one that the
 * switch drops: too long, or (when N is not a power of two) to an output >= N. */
static void sw_new_packet(sw_gen_t *s, sw_src_t *k, prng_t *r, const sw_phase_t *ph) {
  const unsigned pmax = s->m.pmax;
  k->active = 1;
  k->idx = k->held = 0;
  k->dst = pick_dst(r, s->n, &ph->ph.dm);
  k->len = (unsigned)prng_range(r, 1, pmax);
  if (ph->bad > 0 && prng_bernoulli(r, ph->bad)) {
    if ((1u << s->nw) > s->n && prng_bernoulli(r, 0.5)) {
      k->dst = s->n + (unsigned)prng_below(r, (1u << s->nw) - s->n);
      s->bad_dst_tx++;
    } else {
      k->len = pmax + (unsigned)prng_range(r, 1, 3);
      s->bad_len_tx++;
    }
  } else {
    s->good_tx++;
  }
}

/* Link inputs of port p this cycle, given what the switch shows (o). */
static void sw_drive(sw_gen_t *s, unsigned p, prng_t *r, const sw_phase_t *ph, int stop,
                     const sw_link_out_t *o, sw_link_in_t *in) {
  sw_src_t *k = &s->src[p];
  const uint64_t mask = s->dw >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->dw) - 1u;
  if (!k->active && !stop && prng_bernoulli(r, ph->ph.load))
    sw_new_packet(s, k, r, ph);
  /* a gap only before a word is offered: an offered word holds until taken */
  if (k->active && (k->held || !prng_bernoulli(r, ph->gap))) {
    if (!k->held)
      k->word = prng_next(r) & mask;
    in->in_valid[p] = 1;
    in->in_dst[p] = (uint16_t)k->dst;
    in->in_last[p] = k->idx == k->len - 1u;
    in->in_data[p] = k->word;
    k->held = !o->in_ready[p];
    if (o->in_ready[p] && ++k->idx == k->len)
      k->active = 0;
  }
  in->out_ready[p] = (uint8_t)prng_bernoulli(r, ph->ph.room);
  if (o->out_valid[p] && in->out_ready[p] && o->out_last[p])
    s->good_rx++;
}

/* Nothing offered, buffered, requested or waiting to leave. */
static int sw_empty(const sw_gen_t *s) {
  const uint32_t all = s->m.p.qd >= 32 ? 0xffffffffu : (1u << s->m.p.qd) - 1u;
  for (unsigned p = 0; p < s->n; p++)
    if (s->src[p].active || s->m.in_busy[p] || s->m.in_free[p] != all || s->m.occ[p] ||
        s->m.done[p] || scoc_model_arr_count(&s->m.sched, p))
      return 0;
  return 1;
}

static int sw_run(gen_case_t *c, sw_gen_t *s) {
  static sw_link_in_t in;
  static sw_link_out_t o;
  static scoc_out_t so;
  static const double gap_levels[] = {0.0, 0.1, 0.4};
  static const double bad_levels[] = {0.0, 0.03, 0.1};
  sw_phase_t ph = {{0.0, 1.0, {0, 0}}, 0.0, 0.0};
  int tail = -1;
  for (long cyc = 0; tail != 0; cyc++) {
    if (cyc >= SW_TRAFFIC + DRAIN_MAX)
      return -1;
    if (cyc < SW_TRAFFIC && cyc % PHASE == 0) {
      pick_phase(&c->rng, s->n, cyc / PHASE, &ph.ph);
      ph.gap = PICK(&c->rng, gap_levels);
      ph.bad = PICK(&c->rng, bad_levels);
    } else if (cyc == SW_TRAFFIC) { /* the drain: no new packets, every output ready */
      ph.ph.room = 1.0;
      ph.gap = 0.0;
    }
    memset(&in, 0, sizeof in);
    scoc_sw_model_outputs(&s->m, &o);
    scoc_model_outputs(&s->m.sched, &so);
    for (unsigned p = 0; p < s->n; p++)
      sw_drive(s, p, &c->rng, &ph, cyc >= SW_TRAFFIC, &o, &in);
    sw_record(c, s, &in, &o, &so);
    scoc_sw_model_clock(&s->m, &in);
    if (s->m.violations)
      return -1;
    if (tail > 0)
      tail--;
    else if (tail < 0 && cyc >= SW_TRAFFIC && sw_empty(s))
      tail = TAIL;
  }
  return s->good_rx == s->good_tx && s->m.err_len == s->bad_len_tx && s->m.err_dst == s->bad_dst_tx
             ? 0
             : -1;
}

static int sw_random(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p) {
  static sw_gen_t s;
  gen_case_t c;
  memset(&s, 0, sizeof s);
  for (int i = 0; i < 7; i++)
    if (p[i] > SCOC_MAX_N)
      return gen_fail(ctx, "%s: illegal parameters for scoc_switch", top->name);
  scoc_sw_params_t sp = {(unsigned)p[0], (unsigned)p[1], (unsigned)p[2], (unsigned)p[3],
                         (unsigned)p[4], (unsigned)p[5], (unsigned)p[6]};
  if (scoc_sw_model_init(&s.m, &sp))
    return gen_fail(ctx, "%s: illegal parameters for scoc_switch", top->name);
  if (gen_case_begin(&c, ctx, BLOCK, top, "random")) {
    scoc_sw_model_free(&s.m);
    return -1;
  }
  s.n = sp.n, s.nw = bits_clog2(sp.n), s.dw = sp.dw, s.r = sp.n / sp.m;
  sw_fields(&c, &s);
  int rc = sw_run(&c, &s);
  scoc_sw_model_free(&s.m);
  if (rc) {
    gen_case_abort(&c);
    return gen_fail(ctx, "%s: internal error: model violation, lost packet or uncounted drop",
                    top->name);
  }
  return gen_case_end(&c);
}

/* ---- table and block entry ----------------------------------------------- */

static const gen_module_t modules[] = {
    {"scoc_sched",
     {"N", "M", "MT", "QD", "LW", "TW", NULL},
     {32, 4, 4, 16, 4, 4},
     sched_random,
     NULL,
     NULL},
    {"scoc_switch",
     {"N", "M", "MT", "QD", "OQ", "LW", "DW", NULL},
     {16, 4, 4, 16, 12, 4, 32},
     sw_random,
     NULL,
     NULL},
};

static int scoc_write(gen_ctx_t *ctx) {
  return gen_write_tops(ctx, modules, sizeof modules / sizeof modules[0]);
}

GEN_BLOCK(scoc, scoc_write)
