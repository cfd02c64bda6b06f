/*
 * Tests of the SCOC scheduler (docs/scoc/index.md): the RTL scoc_sched and the C model
 * csrc/ref/scoc/scoc_sched_model.c run in lockstep on the same random traffic, and every
 * request, weightage count, grant and accept is compared every cycle. On top of
 * the comparison, invariants of a correct schedule are checked on what the RTL
 * does: one grant per output group and one accept per input group a cycle, an
 * accept only for a grant of the previous cycle, no route of a group link and no
 * output port used twice at once, per connection packets accepted in order, and
 * every packet eventually accepted.
 */
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "scoc_sched_model.h"

typedef struct {
  const char *top;
  scoc_params_t p; /* as tb/scoc/tops.txt */
} sched_case_t;

static const sched_case_t cases[] = {
    {"scoc_sched_n16_m4", {16, 4, 4, 16, 4, 4}},
    {"scoc_sched_n16_m2_mt1", {16, 2, 1, 8, 3, 3}},
    {"scoc_sched_n32_m8", {32, 8, 2, 16, 4, 4}},
};

#define MAXW HARNESS_WORDS(4096)
#define MAX_OUT 64 /* outstanding entries tracked per port (>= QD) */

static unsigned clog2(unsigned v) {
  unsigned b = 0;
  while ((1u << b) < v)
    b++;
  return b;
}

typedef struct {
  unsigned dst; /* cppcheck-suppress unusedStructMember ; used through sched_t.pend */
  unsigned tag; /* cppcheck-suppress unusedStructMember */
} pend_t;

typedef struct {
  const sched_case_t *c;
  dut_t *d;
  scoc_model_t m;
  unsigned n, mm, r, nw, mw, rw, cw;
  port_t enq_valid, enq_dst, enq_len, enq_tag, out_room;
  port_t arr_count, req, req_cnt, gnt_valid, gnt_out, gnt_ig;
  port_t acc_valid, acc_port, acc_out, acc_route, acc_len, acc_tag;
  prng_t rng;
  /* shadow state for the invariants */
  pend_t pend[SCOC_MAX_N][MAX_OUT]; /* per port: enqueued, not yet accepted, oldest first */
  unsigned npend[SCOC_MAX_N];
  uint64_t busy_in[SCOC_MAX_R][16];  /* last word cycle of the input group's route link */
  uint64_t busy_out[SCOC_MAX_R][16]; /* ... of the output group's route link */
  uint64_t busy_o[SCOC_MAX_N];       /* ... of the output port */
  uint64_t busy_p[SCOC_MAX_N][16];   /* ... of an input port's transfer on a route */
  uint8_t prev_gv[SCOC_MAX_R], prev_gig[SCOC_MAX_R],
      prev_gout[SCOC_MAX_R]; /* last cycle's grants */
  uint64_t cycle, accepts, enqs;
} sched_t;

static void put_bits(uint32_t *w, unsigned pos, unsigned width, uint64_t v) {
  for (unsigned b = 0; b < width; b++)
    if ((v >> b) & 1u)
      w[(pos + b) / 32] |= 1u << ((pos + b) % 32);
}

static void open_sched(sched_t *s, const sched_case_t *c, uint64_t salt) {
  memset(s, 0, sizeof *s);
  s->c = c;
  CHECK(scoc_model_init(&s->m, &c->p) == 0, "model parameters of %s", c->top);
  s->n = c->p.n, s->mm = c->p.m, s->r = c->p.n / c->p.m;
  s->nw = clog2(s->n), s->mw = clog2(s->mm), s->rw = s->r > 1 ? clog2(s->r) : 1;
  s->cw = clog2(c->p.qd + 1);
  s->d = dut_open(c->top);
  dut_t *d = s->d;
  s->enq_valid = dut_port(d, "enq_valid"), s->enq_dst = dut_port(d, "enq_dst");
  s->enq_len = dut_port(d, "enq_len"), s->enq_tag = dut_port(d, "enq_tag");
  s->out_room = dut_port(d, "out_room"), s->arr_count = dut_port(d, "arr_count");
  s->req = dut_port(d, "req"), s->req_cnt = dut_port(d, "req_cnt");
  s->gnt_valid = dut_port(d, "gnt_valid"), s->gnt_out = dut_port(d, "gnt_out");
  s->gnt_ig = dut_port(d, "gnt_ig"), s->acc_valid = dut_port(d, "acc_valid");
  s->acc_port = dut_port(d, "acc_port"), s->acc_out = dut_port(d, "acc_out");
  s->acc_route = dut_port(d, "acc_route"), s->acc_len = dut_port(d, "acc_len");
  s->acc_tag = dut_port(d, "acc_tag");
  CHECK_EQ(dut_width(d, s->req), s->r * s->n, "req width");
  prng_seed(&s->rng, harness_seed() ^ salt);
  uint32_t zero[MAXW] = {0};
  dut_set(d, s->enq_valid, zero);
  dut_set(d, s->out_room, zero);
  dut_reset(d, 2);
  scoc_model_reset(&s->m);
}

/* Every registered output of the RTL against the model's. */
static void compare(sched_t *s, const scoc_out_t *o) {
  uint32_t w[MAXW];
  unsigned n = s->n, r = s->r, mw = s->mw;
  memset(w, 0, sizeof w);
  for (unsigned p = 0; p < n; p++)
    put_bits(w, p * s->cw, s->cw, o->arr_count[p]);
  CHECK_PORT(s->d, s->arr_count, w, 0, "model");
  memset(w, 0, sizeof w);
  for (unsigned g = 0; g < r; g++)
    for (unsigned d = 0; d < n; d++)
      put_bits(w, g * n + d, 1, o->req[g][d]);
  CHECK_PORT(s->d, s->req, w, 0, "model");
  memset(w, 0, sizeof w);
  for (unsigned g = 0; g < r; g++)
    for (unsigned d = 0; d < n; d++)
      put_bits(w, (g * n + d) * mw, mw, o->req_cnt[g][d]);
  CHECK_PORT(s->d, s->req_cnt, w, 0, "model");
  uint32_t gv[MAXW] = {0}, go[MAXW] = {0}, gi[MAXW] = {0};
  uint32_t av[MAXW] = {0}, ap[MAXW] = {0}, ao[MAXW] = {0}, ar[MAXW] = {0}, al[MAXW] = {0},
           at[MAXW] = {0};
  for (unsigned g = 0; g < r; g++) {
    put_bits(gv, g, 1, o->gnt_valid[g]);
    put_bits(go, g * mw, mw, o->gnt_out[g]);
    put_bits(gi, g * s->rw, s->rw, o->gnt_ig[g]);
    put_bits(av, g, 1, o->acc_valid[g]);
    put_bits(ap, g * mw, mw, o->acc_port[g]);
    put_bits(ao, g * s->nw, s->nw, o->acc_out[g]);
    put_bits(ar, g * mw, mw, o->acc_route[g]);
    put_bits(al, g * s->c->p.lw, s->c->p.lw, o->acc_len[g]);
    put_bits(at, g * s->c->p.tw, s->c->p.tw, o->acc_tag[g]);
  }
  CHECK_PORT(s->d, s->gnt_valid, gv, 0, "model");
  CHECK_PORT(s->d, s->gnt_out, go, 0, "model");
  CHECK_PORT(s->d, s->gnt_ig, gi, 0, "model");
  CHECK_PORT(s->d, s->acc_valid, av, 0, "model");
  CHECK_PORT(s->d, s->acc_port, ap, 0, "model");
  CHECK_PORT(s->d, s->acc_out, ao, 0, "model");
  CHECK_PORT(s->d, s->acc_route, ar, 0, "model");
  CHECK_PORT(s->d, s->acc_len, al, 0, "model");
  CHECK_PORT(s->d, s->acc_tag, at, 0, "model");
}

/* The invariants, on the outputs of this cycle (equal to the RTL's by now). */
static void invariants(sched_t *s, const scoc_out_t *o) {
  unsigned m = s->mm;
  unsigned dd = m >= 4 ? m : 4; /* request to first word */
  for (unsigned g = 0; g < s->r; g++) {
    if (!o->acc_valid[g])
      continue;
    /* registered: made in the previous cycle, for the grant registered before that */
    unsigned out = o->acc_out[g], og = out / m, port = g * m + o->acc_port[g];
    CHECK(s->prev_gv[og] && s->prev_gig[og] == g && s->prev_gout[og] == out % m,
          "cycle %llu: accept of group %u for output %u without its grant",
          (unsigned long long)s->cycle, g, out);
    uint64_t a = s->cycle - 1; /* the accept cycle */
    uint64_t f = a - 2 + dd, last = f + (uint64_t)(o->acc_len[g] - 1) * m;
    unsigned rt = o->acc_route[g];
    CHECK_EQ(f % m, rt, "first word in the route's timeslice");
    CHECK(s->busy_in[g][rt] < f, "cycle %llu: input group %u route %u reused while busy",
          (unsigned long long)s->cycle, g, rt);
    CHECK(s->busy_out[og][rt] < f, "cycle %llu: output group %u route %u reused while busy",
          (unsigned long long)s->cycle, og, rt);
    CHECK(s->busy_o[out] < f, "cycle %llu: output %u receives two packets at once",
          (unsigned long long)s->cycle, out);
    CHECK(s->busy_p[port][rt] < f, "cycle %llu: input %u route %u reused while busy",
          (unsigned long long)s->cycle, port, rt);
    unsigned active = 0;
    for (unsigned x = 0; x < m; x++)
      active += s->busy_p[port][x] >= f;
    CHECK(active < s->c->p.mt, "cycle %llu: input %u starts a transfer beside %u others (MT %u)",
          (unsigned long long)s->cycle, port, active, s->c->p.mt);
    s->busy_in[g][rt] = s->busy_out[og][rt] = s->busy_o[out] = s->busy_p[port][rt] = last;
    /* per connection in order: the accepted entry is the port's oldest one for `out` */
    unsigned k = 0;
    while (k < s->npend[port] && s->pend[port][k].dst != out)
      k++;
    CHECK(k < s->npend[port], "cycle %llu: port %u accepted a packet it does not have",
          (unsigned long long)s->cycle, port);
    CHECK_EQ(s->pend[port][k].tag, o->acc_tag[g], "tag of the oldest packet of the connection");
    memmove(&s->pend[port][k], &s->pend[port][k + 1],
            (s->npend[port] - k - 1) * sizeof s->pend[port][0]);
    s->npend[port]--;
    s->accepts++;
  }
}

/* One cycle: inputs to both, compare, clock both. enq_rate per port per cycle; dst from
 * pick(); out_room with probability room. */
typedef unsigned (*dst_fn)(sched_t *s, unsigned port);

static void cycle(sched_t *s, double enq_rate, dst_fn pick, double room) {
  scoc_in_t in;
  memset(&in, 0, sizeof in);
  uint32_t ev[MAXW] = {0}, ed[MAXW] = {0}, el[MAXW] = {0}, et[MAXW] = {0}, orw[MAXW] = {0};
  static scoc_out_t o; /* R_MAX x N_MAX twice: not on the stack */
  scoc_model_outputs(&s->m, &o);
  unsigned lmax = (1u << s->c->p.lw) - 1;
  if (lmax > 8)
    lmax = 8;
  for (unsigned p = 0; p < s->n; p++) {
    if (enq_rate > 0 && o.arr_count[p] < s->c->p.qd && s->npend[p] < MAX_OUT &&
        prng_bernoulli(&s->rng, enq_rate)) {
      in.enq_valid[p] = 1;
      in.enq_dst[p] = (uint16_t)pick(s, p);
      in.enq_len[p] = (uint16_t)(1 + prng_below(&s->rng, lmax));
      in.enq_tag[p] = (uint16_t)prng_below(&s->rng, 1u << s->c->p.tw);
      put_bits(ev, p, 1, 1);
      put_bits(ed, p * s->nw, s->nw, in.enq_dst[p]);
      put_bits(el, p * s->c->p.lw, s->c->p.lw, in.enq_len[p]);
      put_bits(et, p * s->c->p.tw, s->c->p.tw, in.enq_tag[p]);
      s->pend[p][s->npend[p]].dst = in.enq_dst[p];
      s->pend[p][s->npend[p]].tag = in.enq_tag[p];
      s->npend[p]++;
      s->enqs++;
    }
    in.out_room[p] = room >= 1 || prng_bernoulli(&s->rng, room);
    put_bits(orw, p, 1, in.out_room[p]);
  }
  dut_set(s->d, s->enq_valid, ev);
  dut_set(s->d, s->enq_dst, ed);
  dut_set(s->d, s->enq_len, el);
  dut_set(s->d, s->enq_tag, et);
  dut_set(s->d, s->out_room, orw);
  compare(s, &o);
  invariants(s, &o);
  memcpy(s->prev_gv, o.gnt_valid, s->r);
  memcpy(s->prev_gig, o.gnt_ig, s->r);
  memcpy(s->prev_gout, o.gnt_out, s->r);
  dut_step(s->d, 1);
  scoc_model_clock(&s->m, &in);
  s->cycle++;
}

static unsigned pick_uniform(sched_t *s, unsigned port) {
  (void)port;
  return (unsigned)prng_below(&s->rng, s->n);
}
static unsigned pick_hotspot(sched_t *s, unsigned port) { /* 4 hot outputs in two groups */
  static const unsigned hot[4] = {0, 1, 5, 6};
  return prng_bernoulli(&s->rng, 0.7) ? hot[prng_below(&s->rng, 4)] : pick_uniform(s, port);
}
static unsigned pick_perm(sched_t *s, unsigned port) { /* a fixed permutation: bit complement */
  return (s->n - 1) ^ port;
}

static void drain(sched_t *s, uint64_t max) {
  uint64_t c0 = s->cycle;
  for (;;) {
    unsigned left = 0;
    for (unsigned p = 0; p < s->n; p++)
      left += s->npend[p];
    if (!left)
      break;
    CHECK(s->cycle - c0 < max, "%s: %u packets still waiting %llu cycles after the last enqueue",
          s->c->top, left, (unsigned long long)max);
    cycle(s, 0, pick_uniform, 1.0);
  }
  for (unsigned k = 0; k < 16; k++) /* the pipeline empties too */
    cycle(s, 0, pick_uniform, 1.0);
}

static void close_sched(sched_t *s) {
  harness_log("%s: %llu cycles, %llu packets enqueued, %llu accepted", s->c->top,
              (unsigned long long)s->cycle, (unsigned long long)s->enqs,
              (unsigned long long)s->accepts);
  CHECK_EQ(s->accepts, s->enqs, "every packet accepted");
  scoc_model_free(&s->m);
  dut_close(s->d);
}

/* +quick (make test's Icarus lane): a fortieth of the cycles (100 a phase, 500 saturated). The
 * drain after them, which must accept every packet, is as long as after a twentieth (seed 1:
 * about 1,000 cycles on scoc_sched_n16_m4): the queues are as full when it starts. */
static unsigned long long n_cycles(unsigned long long n) { return harness_scaled(n / 40, n, n); }

/* Lockstep on every top: uniform load, a hotspot, a permutation, backpressure from the
 * outputs, then a drain. */
HARNESS_TEST(sched_lockstep) {
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    static sched_t s;
    if (!dut_top_built(cases[i].top))
      continue; /* @regress, left out of this program (logged) */
    open_sched(&s, &cases[i], i);
    unsigned long long n = n_cycles(4000);
    for (unsigned long long k = 0; k < n; k++)
      cycle(&s, 0.05, pick_uniform, 1.0);
    for (unsigned long long k = 0; k < n; k++)
      cycle(&s, 0.3, pick_hotspot, 0.8);
    for (unsigned long long k = 0; k < n; k++)
      cycle(&s, 0.5, pick_perm, 1.0);
    drain(&s, 20000);
    CHECK(s.accepts > 0, "accepts happened");
    close_sched(&s);
  }
}

/* Saturated uniform traffic with full output room: the throughput in packets accepted per
 * cycle per output group (at most one) is logged; the drain proves no packet starves. */
HARNESS_TEST(sched_saturated) {
  static sched_t s;
  open_sched(&s, &cases[0], 99);
  unsigned long long n = n_cycles(20000);
  for (unsigned long long k = 0; k < n; k++)
    cycle(&s, 1.0, pick_uniform, 1.0);
  harness_log("saturated: %.3f accepts per cycle per input group", (double)s.accepts / n / s.r);
  drain(&s, 20000);
  close_sched(&s);
}

/* Golden vectors (csrc/ref/scoc/gen_scoc.c, seed 1): every registered output, every cycle.
 * +quick (make test's Icarus lane): the file of scoc_sched_n16_m2_mt1 only; sched_lockstep and
 * sched_saturated run scoc_sched_n16_m4 against the model there. */
HARNESS_TEST(vectors_sched) {
  if (harness_scale() == HARNESS_QUICK)
    harness_play_vectors("scoc/scoc_sched_n16_m2_mt1_random.vec");
  else
    harness_play_vectors_glob("scoc/scoc_sched_*.vec");
}
