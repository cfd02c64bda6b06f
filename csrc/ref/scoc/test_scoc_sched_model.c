/* test_scoc_sched_model.c - SCOC scheduler cycle model (docs/scoc/index.md): parameters, directed
 * timelines (single packet, fake requests, multiple transfers, weightage), invariants and
 * drain over random traffic with a shadow reservation table, a fairness smoke test. */
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "scoc_sched_model.h"
#include "unit.h"

/* ------------------------------------------------------------------ helpers */

static scoc_params_t params(unsigned n, unsigned m, unsigned mt) {
  scoc_params_t p = scoc_default_params();
  p.n = n;
  p.m = m;
  p.mt = mt;
  return p;
}

static void in_clear(scoc_in_t *in, unsigned room) {
  memset(in, 0, sizeof *in);
  memset(in->out_room, (int)room, sizeof in->out_room);
}

static void enq(scoc_in_t *in, unsigned p, unsigned dst, unsigned len, unsigned tag) {
  in->enq_valid[p] = 1;
  in->enq_dst[p] = (uint16_t)dst;
  in->enq_len[p] = (uint16_t)len;
  in->enq_tag[p] = (uint16_t)tag;
}

/* Number of request bits of input group g that are set. */
static unsigned req_bits(const scoc_model_t *m, const scoc_out_t *o, unsigned g) {
  unsigned n = 0;
  for (unsigned d = 0; d < m->p.n; d++)
    n += o->req[g][d];
  return n;
}

static unsigned all_req_bits(const scoc_model_t *m, const scoc_out_t *o) {
  unsigned n = 0;
  for (unsigned g = 0; g < m->r; g++)
    n += req_bits(m, o, g);
  return n;
}

static unsigned n_valid(const uint8_t *v, unsigned r) {
  unsigned n = 0;
  for (unsigned i = 0; i < r; i++)
    n += v[i] != 0;
  return n;
}

/* ------------------------------------------------------------------ parameters */

static void t_params(ut_t *t) {
  scoc_model_t m;
  scoc_params_t d = scoc_default_params();
  UT_CHECK(t, d.n == 32 && d.m == 4 && d.mt == 4 && d.qd == 16 && d.lw == 4 && d.tw == 4,
           "defaults 32, 4, 4, 16, 4, 4");
  UT_CHECK(t, scoc_model_init(&m, &d) == 0, "defaults legal");
  UT_CHECK(t, m.r == 8 && m.d == 4, "R 8, D 4");
  scoc_model_free(&m);
  UT_CHECK(t, scoc_d(2) == 4 && scoc_d(4) == 4 && scoc_d(8) == 8 && scoc_d(16) == 16, "D");
  static const unsigned bad[][6] = {
      {32, 3, 1, 16, 4, 4},   {32, 1, 1, 16, 4, 4},    {64, 32, 4, 16, 4, 4}, {4, 4, 4, 16, 4, 4},
      {30, 4, 4, 16, 4, 4},   {2048, 16, 4, 16, 4, 4}, {0, 4, 4, 16, 4, 4},   {32, 4, 0, 16, 4, 4},
      {32, 4, 5, 16, 4, 4},   {32, 4, 4, 1, 4, 4},     {32, 4, 4, 33, 4, 4},  {32, 4, 4, 16, 0, 4},
      {32, 4, 4, 16, 9, 4},   {32, 4, 4, 16, 4, 0},    {32, 4, 4, 16, 4, 9},  {2, 2, 1, 16, 4, 4},
      {1024, 2, 1, 16, 4, 4}, {24, 16, 4, 16, 4, 4}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    scoc_params_t p = {bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], bad[i][5]};
    UT_CHECK(t, scoc_model_init(&m, &p) == -1 && m.s == NULL, "illegal set %u accepted", i);
  }
  static const unsigned good[][6] = {
      {4, 2, 1, 2, 1, 1},   {256, 2, 2, 32, 8, 8}, {256, 16, 16, 16, 8, 8}, {32, 16, 1, 2, 4, 4},
      {24, 4, 3, 16, 4, 4}, {48, 8, 8, 5, 3, 2},   {1024, 4, 4, 16, 4, 4}};
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    scoc_params_t p = {good[i][0], good[i][1], good[i][2], good[i][3], good[i][4], good[i][5]};
    UT_CHECK(t, scoc_model_init(&m, &p) == 0, "legal set %u rejected", i);
    UT_CHECK(t, m.r == p.n / p.m, "R of set %u", i);
    scoc_model_free(&m);
  }
}

/* ------------------------------------------------------------------ single packet */

/* Runs cycles until cycle `to`, no inputs but out_room, checking that nothing happens. */
static void quiet_until(ut_t *t, scoc_model_t *m, uint64_t to) {
  scoc_in_t in;
  scoc_out_t o;
  in_clear(&in, 1);
  while (scoc_model_cycle(m) < to) {
    scoc_model_outputs(m, &o);
    UT_CHECK(t,
             all_req_bits(m, &o) == 0 && n_valid(o.gnt_valid, m->r) == 0 &&
                 n_valid(o.acc_valid, m->r) == 0,
             "activity at quiet cycle %llu", (unsigned long long)scoc_model_cycle(m));
    scoc_model_clock(m, &in);
  }
}

static void single_run(ut_t *t, scoc_model_t *m, unsigned len) {
  scoc_in_t in;
  scoc_out_t o;
  unsigned dst = 5, tag = 9, rem = 1 + (len - 1) * 4; /* D - 3 + (len - 1) M */
  /* cycle 0: enqueue 0 -> 5 */
  scoc_model_outputs(m, &o);
  UT_CHECK(t, all_req_bits(m, &o) == 0 && n_valid(o.gnt_valid, 8) == 0, "idle after reset");
  UT_CHECK(t, scoc_model_can_enq(m, 0), "can enqueue");
  in_clear(&in, 1);
  enq(&in, 0, dst, len, tag);
  scoc_model_clock(m, &in);
  in_clear(&in, 1);
  /* cycle 1: in the array, the request unit works (not visible yet) */
  scoc_model_outputs(m, &o);
  UT_EQ(t, o.arr_count[0], 1, "cycle 1 arr_count");
  UT_EQ(t, all_req_bits(m, &o), 0, "cycle 1: no request visible yet");
  scoc_model_clock(m, &in);
  /* cycle 2: request visible, exactly [0][5]; the grant unit grants */
  scoc_model_outputs(m, &o);
  UT_CHECK(t, o.req[0][dst] == 1 && all_req_bits(m, &o) == 1, "cycle 2: request [0][5] only");
  UT_EQ(t, o.req_cnt[0][dst], 0, "cycle 2: count 0 (one port)");
  UT_EQ(t, n_valid(o.gnt_valid, 8), 0, "cycle 2: no grant yet");
  scoc_model_clock(m, &in);
  /* cycle 3: grant of output group 1, local output 1, to input group 0 */
  scoc_model_outputs(m, &o);
  UT_CHECK(t, o.gnt_valid[1] && o.gnt_out[1] == 1 && o.gnt_ig[1] == 0, "cycle 3: grant");
  UT_EQ(t, n_valid(o.gnt_valid, 8), 1, "cycle 3: one grant");
  UT_EQ(t, n_valid(o.acc_valid, 8), 0, "cycle 3: no accept yet");
  UT_CHECK(t, o.req[0][dst] == 1 && all_req_bits(m, &o) == 1, "cycle 3: request again");
  scoc_model_clock(m, &in);
  /* cycle 4: accept by input group 0, port 0, route 1 (request cycle 1) */
  scoc_model_outputs(m, &o);
  UT_CHECK(t,
           o.acc_valid[0] && o.acc_port[0] == 0 && o.acc_out[0] == dst && o.acc_route[0] == 1 &&
               o.acc_len[0] == len && o.acc_tag[0] == tag,
           "cycle 4: accept {port 0, out 5, route 1, len, tag}");
  UT_EQ(t, n_valid(o.acc_valid, 8), 1, "cycle 4: one accept");
  UT_EQ(t, n_valid(o.gnt_valid, 8), 0, "cycle 4: no grant (output 5 had one outstanding)");
  UT_EQ(t, o.arr_count[0], 0, "cycle 4: array empty");
  UT_CHECK(t, o.req[0][dst] == 1 && all_req_bits(m, &o) == 1,
           "cycle 4: the request of cycle 3 (made before the accept) is visible");
  /* counters: F = 1 + D = 5, L = F + (len - 1) M, rem = L - 4 */
  UT_EQ(t, scoc_model_rem_port(m, 0, 1), rem, "port route-1 counter");
  UT_EQ(t, scoc_model_rem_ig(m, 0, 1), rem, "input group route-1 counter");
  UT_EQ(t, scoc_model_rem_out(m, dst), rem, "output counter");
  UT_EQ(t, scoc_model_rem_og(m, 1, 1), rem, "output group route-1 counter");
  UT_EQ(t, scoc_model_rem_port(m, 0, 0) + scoc_model_rem_ig(m, 0, 2) + scoc_model_rem_og(m, 1, 3),
        0, "other counters idle");
  UT_EQ(t, scoc_model_ptr(m, dst), 1, "pointer of output 5 past group 0");
  scoc_model_clock(m, &in);
  /* cycle 5: nothing requested any more. With len 1 the output counter (1) is free for
   * a grant in cycle 4: a wasted grant (for the in-flight request of cycle 3), not accepted */
  scoc_model_outputs(m, &o);
  UT_EQ(t, all_req_bits(m, &o), 0, "cycle 5: no request");
  UT_EQ(t, n_valid(o.acc_valid, 8), 0, "cycle 5: no accept");
  if (len == 1) {
    UT_CHECK(
        t, o.gnt_valid[1] && o.gnt_out[1] == 1 && o.gnt_ig[1] == 0 && n_valid(o.gnt_valid, 8) == 1,
        "cycle 5: wasted grant (len 1)");
    scoc_model_clock(m, &in);
    scoc_model_outputs(m, &o);
    UT_EQ(t, n_valid(o.acc_valid, 8), 0, "cycle 6: the wasted grant is not accepted");
  } else {
    UT_EQ(t, n_valid(o.gnt_valid, 8), 0, "cycle 5: no grant (output busy)");
  }
  quiet_until(t, m, 40);
  if (t->failed)
    return;
  for (unsigned x = 0; x < 4; x++)
    UT_CHECK(t, scoc_model_rem_port(m, 0, x) == 0 && scoc_model_rem_out(m, dst) == 0,
             "counters back to 0");
  UT_EQ(t, m->enq_errors, 0, "no enqueue error");
}

static void t_single(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = scoc_default_params();
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  single_run(t, &m, 3);
  if (!t->failed) {
    scoc_model_reset(&m); /* the same again after a reset, with a 1-word packet */
    UT_EQ(t, scoc_model_cycle(&m), 0, "reset cycle");
    single_run(t, &m, 1);
  }
  scoc_model_free(&m);
}

/* ------------------------------------------------------------------ fake requests */

/* Port 0 holds A (0 -> 5, 15 words), B (-> 9), C (-> 13); outputs closed until cycle 5. */
static void fake_setup(scoc_model_t *m, scoc_in_t *in) {
  for (unsigned c = 0; c < 5; c++) {
    in_clear(in, 0);
    if (c == 0)
      enq(in, 0, 5, 15, 1);
    if (c == 1)
      enq(in, 0, 9, 1, 2);
    if (c == 2)
      enq(in, 0, 13, 1, 3);
    scoc_model_clock(m, in);
  }
}

static void fake_run(ut_t *t, scoc_model_t *m) {
  scoc_in_t in;
  scoc_out_t o;
  fake_setup(m, &in);
  in_clear(&in, 1);
  scoc_model_outputs(m, &o); /* cycle 5: all three destinations requested (real) */
  UT_CHECK(t, o.req[0][5] && o.req[0][9] && o.req[0][13] && all_req_bits(m, &o) == 3,
           "cycle 5: real requests for 5, 9, 13");
  UT_EQ(t, n_valid(o.gnt_valid, 8), 0, "cycle 5: outputs were closed");
  scoc_model_clock(m, &in);
  scoc_model_outputs(m, &o); /* cycle 6: three grants (output groups 1, 2, 3) */
  UT_EQ(t, n_valid(o.gnt_valid, 8), 3, "cycle 6: three grants to group 0");
  scoc_model_clock(m, &in);
  scoc_model_outputs(m, &o); /* cycle 7: the oldest cell (A) is accepted, route (6-2)%4 = 0 */
  UT_CHECK(t, o.acc_valid[0] && o.acc_out[0] == 5 && o.acc_tag[0] == 1 && o.acc_route[0] == 0,
           "cycle 7: accept of A (oldest cell first)");
  UT_EQ(t, scoc_model_rem_port(m, 0, 0), 57, "rem after the accept: D-3+14M");
  /* L = F + 14 M = 8 + 56 = 64; requests are real again from cycle 61 (L - c < D), visible
   * 62; the port can accept from cycle 63 (L - a < D - 2). Output 9 keeps granting the fake
   * request in odd cycles (rejected); output 13 grants in 62 (real request of 61), so C is
   * accepted in 63 (visible 64) and B, granted in 63, in 64 (visible 65). */
  unsigned acc_seen = 0;
  for (uint64_t c = 7; c < 80; c++) {
    scoc_model_outputs(m, &o);
    if (c >= 8 && c <= 61)
      UT_CHECK(t, o.req[0][9] && !o.req[0][13] && req_bits(m, &o, 0) == 1,
               "cycle %llu: fake request for the oldest entry (9) only", (unsigned long long)c);
    if (c >= 9 && c <= 62 && o.gnt_valid[2])
      UT_CHECK(t, c % 2 == 0 && o.gnt_ig[2] == 0 && o.gnt_out[2] == 1,
               "cycle %llu: output 9 grants group 0 every other cycle", (unsigned long long)c);
    if (c == 62)
      UT_CHECK(t, o.req[0][9] && o.req[0][13] && req_bits(m, &o, 0) == 2,
               "cycle 62: real requests again");
    if (c > 7 && o.acc_valid[0]) {
      UT_CHECK(t, acc_seen < 2, "cycle %llu: a third accept", (unsigned long long)c);
      UT_CHECK(t, c == (acc_seen ? 65u : 64u), "cycle %llu: accept out of time",
               (unsigned long long)c);
      UT_CHECK(t, o.acc_out[0] == (acc_seen ? 9u : 13u) && o.acc_tag[0] == (acc_seen ? 2u : 3u),
               "cycle %llu: accept %u: out %u tag %u", (unsigned long long)c, acc_seen,
               o.acc_out[0], o.acc_tag[0]);
      acc_seen++;
    }
    scoc_model_clock(m, &in);
  }
  UT_EQ(t, acc_seen, 2, "C and B accepted");
}

static void t_fake(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = params(32, 4, 1);
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  fake_run(t, &m);
  scoc_model_free(&m);
}

/* MT = 4: while A is on route 0, the port requests for real in the other timeslices and
 * B and C are accepted on other routes during A's transfer. */
static void multi_run(ut_t *t, scoc_model_t *m) {
  scoc_in_t in;
  scoc_out_t o;
  fake_setup(m, &in);
  in_clear(&in, 1);
  unsigned got = 0;
  for (uint64_t c = 5; c < 64; c++) {
    scoc_model_outputs(m, &o);
    if (c >= 8 && o.acc_valid[0]) {
      UT_CHECK(t, o.acc_route[0] != 0, "cycle %llu: accept on route 0 while A uses it",
               (unsigned long long)c);
      UT_EQ(t, o.acc_out[0], got == 0 ? 9u : 13u, "B then C");
      got++;
    }
    /* request cycle c-1 in timeslice 0 while A is active: fake (oldest only) */
    if (c >= 8 && c <= 61 && (c - 1) % 4 == 0 && scoc_model_arr_count(m, 0) > 0)
      UT_EQ(t, req_bits(m, &o, 0), 1, "fake request in A's timeslice");
    scoc_model_clock(m, &in);
  }
  UT_EQ(t, got, 2, "B and C accepted during A's transfer");
}

static void t_multi(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = params(32, 4, 4);
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  multi_run(t, &m);
  scoc_model_free(&m);
}

/* ------------------------------------------------------------------ weightage */

static void weight_run(ut_t *t, scoc_model_t *m) {
  scoc_in_t in;
  scoc_out_t o;
  /* ports 0, 1, 2 (group 0) and 4 (group 1) -> output 8; output 8 closed until cycle 12 */
  in_clear(&in, 0);
  for (unsigned p = 0; p < 3; p++)
    enq(&in, p, 8, 1, p);
  enq(&in, 4, 8, 1, 4);
  scoc_model_clock(m, &in);
  in_clear(&in, 0);
  scoc_model_clock(m, &in);
  scoc_model_outputs(m, &o); /* cycle 2 */
  UT_CHECK(t, o.req[0][8] && o.req_cnt[0][8] == 2, "group 0: request with weightage 2");
  UT_CHECK(t, o.req[1][8] && o.req_cnt[1][8] == 0, "group 1: weightage 0");
  UT_CHECK(t, req_bits(m, &o, 0) == 1 && req_bits(m, &o, 1) == 1, "nothing else requested");
  while (scoc_model_cycle(m) < 12)
    scoc_model_clock(m, &in);
  /* grants from cycle 12 on: with weightage, group 0 gets three in a row */
  in_clear(&in, 1);
  unsigned seen = 0, ports = 0;
  while (scoc_model_cycle(m) < 40) {
    scoc_model_outputs(m, &o);
    for (unsigned g = 0; g < 8; g++) {
      if (!o.acc_valid[g])
        continue;
      UT_EQ(t, o.acc_out[g], 8, "accepts for output 8 only");
      UT_EQ(t, scoc_model_cycle(m), 14 + 2 * seen, "an accept every other cycle");
      UT_EQ(t, g, seen < 3 ? 0 : 1, "three accepts of group 0, then group 1");
      ports |= 1u << (g * 4 + o.acc_port[g]);
      seen++;
    }
    scoc_model_clock(m, &in);
  }
  UT_EQ(t, seen, 4, "four accepts");
  UT_EQ(t, ports, 0x17, "ports 0, 1, 2, 4");
}

static void t_weight(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = scoc_default_params();
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  weight_run(t, &m);
  scoc_model_free(&m);
}

/* Latch phase of the weightage: output 8 (k = 0) latches in cycles t with (t - 1) mod 4 = 0.
 * Ports 0 and 4 -> 8 enqueued in cycle 0, port 1 -> 8 in cycle 3: cnt[0][8] = 1 is visible
 * from cycle 5 and latched at the edge of cycle 5. Output 8 opens in cycle `open`:
 *  - open 6: the first grant (g0) takes rep = 1: accepts g0, g0, g1;
 *  - open 5: the grant of cycle 5 takes the wt value of the start of the cycle (0, latched
 *    in cycle 1): accepts g0, g1, g0. */
static void weight_phase_run(ut_t *t, scoc_model_t *m, unsigned open, const unsigned exp[3]) {
  scoc_in_t in;
  scoc_out_t o;
  unsigned seen = 0;
  while (scoc_model_cycle(m) < open + 12) {
    uint64_t c = scoc_model_cycle(m);
    scoc_model_outputs(m, &o);
    for (unsigned g = 0; g < 8; g++) {
      if (!o.acc_valid[g])
        continue;
      UT_CHECK(t, seen < 3 && o.acc_out[g] == 8, "unexpected accept");
      UT_EQ(t, c, open + 2 + 2 * seen, "accept cycle");
      UT_EQ(t, g, exp[seen], "accepting group");
      seen++;
    }
    in_clear(&in, c >= open);
    if (c == 0) {
      enq(&in, 0, 8, 1, 0);
      enq(&in, 4, 8, 1, 4);
    }
    if (c == 3)
      enq(&in, 1, 8, 1, 1);
    if (c == 5) {
      scoc_model_outputs(m, &o);
      UT_EQ(t, o.req_cnt[0][8], 1, "cycle 5: cnt[0][8] = 1");
    }
    scoc_model_clock(m, &in);
  }
  UT_EQ(t, seen, 3, "three accepts");
}

static void t_weight_phase(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = scoc_default_params();
  static const unsigned exp6[3] = {0, 0, 1}, exp5[3] = {0, 1, 0};
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  weight_phase_run(t, &m, 6, exp6);
  if (!t->failed) {
    scoc_model_reset(&m);
    weight_phase_run(t, &m, 5, exp5);
  }
  scoc_model_free(&m);
}

/* OLF (least recently accepted output first), updated on accepts only. Output group 1:
 * outputs 4, 5, 6 requested by ports 0, 8, 12 (always backlogged, 1-word packets), output 7
 * only by a fake request of port 16 (MT 1, busy with a 15-word transfer to 20): its grants
 * are never accepted, so once 4, 5, 6 have been accepted it stays on top and wins every
 * cycle it may grant. Grants from cycle 10 (outputs closed before): 4 5 6 7 4 7 5 7 6 7 ... */
static void olf_run(ut_t *t, scoc_model_t *m) {
  static const unsigned exp[] = {0, 1, 2, 3, 0, 3, 1, 3, 2, 3, 0, 3, 1, 3, 2, 3};
  scoc_in_t in;
  scoc_out_t o;
  unsigned seen = 0;
  while (scoc_model_cycle(m) < 27) {
    uint64_t c = scoc_model_cycle(m);
    scoc_model_outputs(m, &o);
    if (c >= 11) {
      UT_CHECK(t, o.gnt_valid[1], "cycle %llu: output group 1 grants every cycle",
               (unsigned long long)c);
      UT_EQ(t, o.gnt_out[1], exp[seen], "OLF order");
      seen++;
    }
    in_clear(&in, c >= 10);
    in.out_room[20] = 1;
    if (c == 0)
      enq(&in, 16, 20, 15, 0);
    if (c == 1)
      enq(&in, 16, 7, 1, 1);
    static const unsigned src[3] = {0, 8, 12};
    for (unsigned i = 0; i < 3; i++)
      if (scoc_model_arr_count(m, src[i]) < 4)
        enq(&in, src[i], 4 + i, 1, 0);
    scoc_model_clock(m, &in);
  }
  UT_EQ(t, seen, 16, "grants seen");
  /* the accepts of 4, 5, 6 were all made; none for 7 */
  UT_EQ(t, scoc_model_arr_count(m, 16), 1, "port 16 still holds its packet for 7");
}

static void t_olf(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = params(32, 4, 1);
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  olf_run(t, &m);
  scoc_model_free(&m);
}

/* Output counter threshold: two 3-word packets for output 5 (ports 0 and 4). The first is
 * granted in 2, accepted in 3 (F 5, L 13, rem_o 9 in cycle 4); the output may grant again
 * when rem_o < D - 1 = 3: cycle 11 (visible 12), the next transfer starting at F = 14. */
static void out_busy_run(ut_t *t, scoc_model_t *m) {
  scoc_in_t in;
  scoc_out_t o;
  unsigned grants = 0;
  while (scoc_model_cycle(m) < 20) {
    uint64_t c = scoc_model_cycle(m);
    scoc_model_outputs(m, &o);
    if (o.gnt_valid[1]) {
      UT_EQ(t, c, grants ? 12 : 3, "grant cycle of output 5");
      UT_EQ(t, o.gnt_ig[1], grants ? 1 : 0, "granted group");
      grants++;
    }
    if (c == 13)
      UT_CHECK(t, o.acc_valid[1] && o.acc_out[1] == 5 && o.acc_route[1] == 2,
               "cycle 13: accept of the second packet on route 2");
    in_clear(&in, 1);
    if (c == 0) {
      enq(&in, 0, 5, 3, 0);
      enq(&in, 4, 5, 3, 0);
    }
    scoc_model_clock(m, &in);
  }
  UT_EQ(t, grants, 2, "two grants");
}

static void t_out_busy(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = scoc_default_params();
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  out_busy_run(t, &m);
  scoc_model_free(&m);
}

/* End of quota on a grant (rule 4): group 0 has weightage 1 for output 8 (port 0, real, and
 * port 1, a fake request: busy with a 15-word transfer, MT 1), group 1 has port 4. Grant 12
 * to g0 (rep 1) is accepted by port 0 (ptr stays 0, acc_any 1); grant 14 to g0 ends the quota
 * (rep 0, acc_any): the pointer moves to 1 at once, so although it is rejected the next grant
 * (16) goes to group 1: accepts visible in 14 (port 0) and 18 (port 4). */
static void quota_run(ut_t *t, scoc_model_t *m) {
  scoc_in_t in;
  scoc_out_t o;
  unsigned seen = 0;
  while (scoc_model_cycle(m) < 30) {
    uint64_t c = scoc_model_cycle(m);
    scoc_model_outputs(m, &o);
    for (unsigned g = 0; g < 8; g++) {
      if (!o.acc_valid[g] || o.acc_out[g] != 8)
        continue;
      UT_CHECK(t, seen < 2, "cycle %llu: a third accept for 8", (unsigned long long)c);
      UT_EQ(t, c, seen ? 18 : 14, "accept cycle");
      UT_EQ(t, g * 4 + o.acc_port[g], seen ? 4 : 0, "accepting port");
      seen++;
    }
    if (c == 15 || c == 17)
      UT_CHECK(t, o.gnt_valid[2] && o.gnt_out[2] == 0 && o.gnt_ig[2] == (c == 15 ? 0 : 1),
               "cycle %llu: grant of output 8 to group %u", (unsigned long long)c, c == 15 ? 0 : 1);
    in_clear(&in, 1);
    in.out_room[8] = c >= 12;
    if (c == 0)
      enq(&in, 1, 20, 15, 0);
    if (c == 1) {
      enq(&in, 1, 8, 1, 1);
      enq(&in, 0, 8, 1, 0);
      enq(&in, 4, 8, 1, 4);
    }
    scoc_model_clock(m, &in);
  }
  UT_EQ(t, seen, 2, "two accepts for output 8");
}

static void t_quota(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = params(32, 4, 1);
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  quota_run(t, &m);
  scoc_model_free(&m);
}

/* Accept unit against an independent computation, with 1-word packets (every port is then
 * available at every accept): the candidates are the ports holding a granted destination, each
 * choosing its oldest such entry; the pick is candidate ((u n) >> 8) with u the low byte of the
 * group's LFSR (16-bit Galois, taps 0xB400, reset g + 1, stepped every cycle). */
static uint16_t lfsr_at(unsigned g, uint64_t c) {
  uint16_t v = (uint16_t)(g + 1u);
  for (uint64_t i = 0; i < c; i++)
    v = (uint16_t)((v >> 1) ^ ((v & 1u) ? 0xB400u : 0u));
  return v;
}

static void pick_run(ut_t *t, scoc_model_t *m, prng_t *rng, uint64_t *multi) {
  const unsigned N = m->p.n, M = m->p.m, R = m->r;
  scoc_in_t in;
  scoc_out_t o;
  unsigned exp_v[SCOC_MAX_R], exp_p[SCOC_MAX_R], exp_o[SCOC_MAX_R];
  uint16_t lf[SCOC_MAX_R];
  for (unsigned g = 0; g < R; g++)
    lf[g] = (uint16_t)(g + 1u);
  while (scoc_model_cycle(m) < 3000) {
    uint64_t c = scoc_model_cycle(m);
    scoc_model_outputs(m, &o);
    for (unsigned g = 0; g < R; g++) {
      if (c > 0) {
        UT_CHECK(t, o.acc_valid[g] == exp_v[g], "cycle %llu group %u: accept valid %u, expected %u",
                 (unsigned long long)c, g, o.acc_valid[g], exp_v[g]);
        if (exp_v[g])
          UT_CHECK(t, o.acc_port[g] == exp_p[g] && o.acc_out[g] == exp_o[g],
                   "cycle %llu group %u: accept port %u out %u, expected %u %u",
                   (unsigned long long)c, g, o.acc_port[g], o.acc_out[g], exp_p[g], exp_o[g]);
      }
      UT_EQ(t, scoc_model_lfsr(m, g), lf[g], "LFSR");
      /* prediction for this cycle's accept (visible next cycle) */
      unsigned n = 0, cp[SCOC_MAX_M], co[SCOC_MAX_M];
      for (unsigned k = 0; k < M; k++) {
        unsigned d;
        for (unsigned i = 0; scoc_model_arr(m, g * M + k, i, &d, NULL, NULL); i++) {
          unsigned G = d / M;
          if (o.gnt_valid[G] && o.gnt_ig[G] == g && o.gnt_out[G] == d % M) {
            cp[n] = k;
            co[n++] = d;
            break;
          }
        }
      }
      exp_v[g] = n != 0;
      if (n) {
        unsigned k = ((lf[g] & 0xffu) * n) >> 8;
        exp_p[g] = cp[k];
        exp_o[g] = co[k];
        *multi += n > 1;
      }
      lf[g] = (uint16_t)((lf[g] >> 1) ^ ((lf[g] & 1u) ? 0xB400u : 0u));
    }
    in_clear(&in, 1);
    for (unsigned q = 0; q < N; q++)
      if (scoc_model_can_enq(m, q) && prng_bernoulli(rng, 0.5))
        enq(&in, q, (unsigned)prng_below(rng, N), 1, 0);
    scoc_model_clock(m, &in);
  }
}

static void t_accept_pick(ut_t *t) {
  static const unsigned cfg[][3] = {{32, 4, 4}, {16, 2, 1}, {32, 8, 8}};
  UT_EQ(t, lfsr_at(0, 1), 0xB400, "LFSR first step");
  UT_EQ(t, lfsr_at(0, 65535), 1, "LFSR period 65535");
  for (unsigned i = 0; i < 3 && !t->failed; i++) {
    scoc_model_t m;
    scoc_params_t p = params(cfg[i][0], cfg[i][1], cfg[i][2]);
    UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
    prng_t rng;
    prng_seed(&rng, 77 + i);
    uint64_t multi = 0;
    pick_run(t, &m, &rng, &multi);
    scoc_model_free(&m);
    UT_CHECK(t, multi > 100, "too few accepts with several candidates (%llu)",
             (unsigned long long)multi);
  }
}

/* ------------------------------------------------------------------ random invariants */

#define RING 1024u /* future word-cycles tracked (> D + 15 * 16) */

typedef struct {
  uint8_t ig_link[SCOC_MAX_R][SCOC_MAX_M], og_link[SCOC_MAX_R][SCOC_MAX_M];
  uint8_t outp[SCOC_MAX_N], inp[SCOC_MAX_N]; /* transfers in [F, L] */
  uint8_t outw[SCOC_MAX_N], inw[SCOC_MAX_N]; /* words at this cycle */
} slot_t;

typedef struct {
  scoc_model_t m;
  scoc_in_t in, pin;                        /* inputs of this and of the previous cycle */
  scoc_out_t o, po;                         /* outputs of this and of the previous cycle */
  scoc_entry_t sh[SCOC_MAX_N][SCOC_MAX_QD]; /* shadow arrays, enqueue order */
  unsigned shn[SCOC_MAX_N];
  unsigned tagc[SCOC_MAX_N];
  slot_t ring[RING];
  uint64_t enqueued, accepted;
  prng_t rng;
} rsim_t;

/* Checks the outputs of the current cycle against the previous cycle and the shadows. */
static void rsim_check(ut_t *t, rsim_t *x) {
  const scoc_model_t *m = &x->m;
  const unsigned N = m->p.n, M = m->p.m, R = m->r, D = m->d;
  const uint64_t c = scoc_model_cycle(m);
  const scoc_out_t *o = &x->o, *po = &x->po;
  for (unsigned G = 0; G < R; G++) {
    if (!o->gnt_valid[G]) {
      UT_CHECK(t, o->gnt_out[G] == 0 && o->gnt_ig[G] == 0, "invalid grant fields 0");
      continue;
    }
    unsigned k = o->gnt_out[G], g = o->gnt_ig[G], out = G * M + k;
    UT_CHECK(t, k < M && g < R, "grant fields in range");
    UT_CHECK(t, c >= 2 && po->req[g][out], "cycle %llu: grant %u -> %u without request",
             (unsigned long long)c, out, g);
    UT_CHECK(t, !(po->gnt_valid[G] && po->gnt_out[G] == k),
             "cycle %llu: output %u granted in two consecutive cycles", (unsigned long long)c, out);
    UT_CHECK(t, x->pin.out_room[out], "grant without out_room");
  }
  for (unsigned g = 0; g < R; g++) {
    if (!o->acc_valid[g]) {
      UT_CHECK(t,
               o->acc_port[g] == 0 && o->acc_out[g] == 0 && o->acc_route[g] == 0 &&
                   o->acc_len[g] == 0 && o->acc_tag[g] == 0,
               "invalid accept fields 0");
      continue;
    }
    unsigned p = g * M + o->acc_port[g], out = o->acc_out[g], G = out / M;
    UT_CHECK(t, o->acc_port[g] < M && out < N, "accept fields in range");
    UT_CHECK(t, po->gnt_valid[G] && po->gnt_out[G] == out % M && po->gnt_ig[G] == g,
             "cycle %llu: accept %u -> %u without the grant of the previous cycle",
             (unsigned long long)c, p, out);
    uint64_t f = c - 3 + D; /* made in c - 1 for the request of c - 3 */
    UT_EQ(t, o->acc_route[g], f % M, "route = timeslice of the request");
    /* connection order: the oldest shadow entry for this output */
    unsigned i = 0;
    while (i < x->shn[p] && x->sh[p][i].dst != out)
      i++;
    UT_CHECK(t, i < x->shn[p], "cycle %llu: port %u accepted for %u, nothing enqueued",
             (unsigned long long)c, p, out);
    UT_CHECK(t, x->sh[p][i].tag == o->acc_tag[g] && x->sh[p][i].len == o->acc_len[g],
             "cycle %llu: port %u -> %u: accepted tag %u, oldest for it is tag %u",
             (unsigned long long)c, p, out, o->acc_tag[g], x->sh[p][i].tag);
    memmove(&x->sh[p][i], &x->sh[p][i + 1], (x->shn[p] - i - 1) * sizeof x->sh[p][0]);
    x->shn[p]--;
    x->accepted++;
    /* reservations: every cycle of [F, L] and the words F + k M */
    unsigned len = o->acc_len[g], rt = o->acc_route[g];
    uint64_t l = f + (uint64_t)(len - 1) * M;
    UT_CHECK(t, f > c && l - c < RING, "window");
    for (uint64_t w = f; w <= l; w++) {
      slot_t *s = &x->ring[w % RING];
      UT_CHECK(t, ++s->ig_link[g][rt] == 1, "cycle %llu: input group %u route %u overlap",
               (unsigned long long)c, g, rt);
      UT_CHECK(t, ++s->og_link[G][rt] == 1, "cycle %llu: output group %u route %u overlap",
               (unsigned long long)c, G, rt);
      UT_CHECK(t, ++s->outp[out] == 1, "cycle %llu: output %u two transfers", (unsigned long long)c,
               out);
      UT_CHECK(t, ++s->inp[p] <= m->p.mt, "cycle %llu: input %u more than MT transfers",
               (unsigned long long)c, p);
      if ((w - f) % M == 0) {
        UT_CHECK(t, ++s->outw[out] == 1, "output %u two words in a cycle", out);
        UT_CHECK(t, ++s->inw[p] == 1, "input %u two words in a cycle", p);
      }
    }
  }
  for (unsigned p = 0; p < N; p++)
    UT_CHECK(t, o->arr_count[p] == x->shn[p] && o->arr_count[p] <= m->p.qd,
             "cycle %llu: port %u arr_count %u, shadow %u", (unsigned long long)c, p,
             o->arr_count[p], x->shn[p]);
  for (unsigned g = 0; g < R; g++)
    for (unsigned d = 0; d < N; d++)
      UT_CHECK(t, o->req_cnt[g][d] < M && (o->req[g][d] || !o->req_cnt[g][d]), "req_cnt");
  memset(&x->ring[c % RING], 0, sizeof x->ring[0]); /* cycle c is over for the table */
}

/* One cycle: outputs, checks, new inputs, the edge. p_enq < 0: no enqueue. */
static void rsim_step(ut_t *t, rsim_t *x, double p_enq, double p_room, unsigned maxlen) {
  scoc_model_t *m = &x->m;
  scoc_model_outputs(m, &x->o);
  rsim_check(t, x);
  if (t->failed)
    return;
  in_clear(&x->in, 1);
  for (unsigned p = 0; p < m->p.n; p++) {
    if (p_room < 1.0)
      x->in.out_room[p] = (uint8_t)prng_bernoulli(&x->rng, p_room);
    if (p_enq > 0 && scoc_model_can_enq(m, p) && prng_bernoulli(&x->rng, p_enq)) {
      unsigned dst = (unsigned)prng_below(&x->rng, m->p.n);
      unsigned len = (unsigned)prng_range(&x->rng, 1, maxlen);
      unsigned tag = x->tagc[p]++ & ((1u << m->p.tw) - 1u);
      enq(&x->in, p, dst, len, tag);
      scoc_entry_t *e = &x->sh[p][x->shn[p]++];
      e->dst = (uint16_t)dst;
      e->len = (uint16_t)len;
      e->tag = (uint16_t)tag;
      x->enqueued++;
    }
  }
  scoc_model_clock(m, &x->in);
  x->pin = x->in;
  x->po = x->o;
}

typedef struct {
  unsigned n, m, mt;
  double p_room;
  unsigned maxlen;
} rcase_t;

static void random_case(ut_t *t, rsim_t *x, const rcase_t *rc, uint64_t seed) {
  scoc_params_t p = params(rc->n, rc->m, rc->mt);
  p.tw = 8; /* tags unique among the live entries of a port (QD 16) */
  UT_CHECK(t, scoc_model_init(&x->m, &p) == 0, "init");
  prng_seed(&x->rng, seed);
  /* phases of different loads */
  static const double load[] = {0.02, 0.2, 1.0, 0.05, 1.0};
  for (unsigned ph = 0; ph < 5 && !t->failed; ph++)
    for (unsigned i = 0; i < 4000 && !t->failed; i++)
      rsim_step(t, x, load[ph], rc->p_room, rc->maxlen);
  if (t->failed)
    return;
  /* drain: no more enqueues, every output open */
  uint64_t start = scoc_model_cycle(&x->m), left = 1;
  while (left && scoc_model_cycle(&x->m) - start < 20000 && !t->failed) {
    rsim_step(t, x, -1, 1.0, rc->maxlen);
    left = 0;
    for (unsigned q = 0; q < p.n; q++)
      left += x->shn[q] + scoc_model_arr_count(&x->m, q);
  }
  if (t->failed)
    return;
  uint64_t took = scoc_model_cycle(&x->m) - start;
  for (unsigned i = 0; i < 4; i++) /* the last accept becomes visible */
    rsim_step(t, x, -1, 1.0, rc->maxlen);
  if (t->failed)
    return;
  ut_info("scoc random N %u M %u MT %u room %.2f: %llu packets, drain %llu cycles", rc->n, rc->m,
          rc->mt, rc->p_room, (unsigned long long)x->enqueued, (unsigned long long)took);
  UT_CHECK(t, left == 0, "not drained: %llu entries left after %llu cycles",
           (unsigned long long)left, (unsigned long long)took);
  UT_CHECK(t, x->accepted == x->enqueued, "accepted %llu of %llu", (unsigned long long)x->accepted,
           (unsigned long long)x->enqueued);
  UT_EQ(t, x->m.enq_errors, 0, "no enqueue error");
}

static void t_random(ut_t *t) {
  static const rcase_t cases[] = {{32, 4, 4, 1.0, 8},  {32, 4, 4, 0.6, 8}, {32, 4, 1, 1.0, 8},
                                  {16, 2, 1, 1.0, 8},  {16, 2, 2, 0.7, 8}, {32, 8, 1, 1.0, 8},
                                  {32, 8, 8, 1.0, 8},  {32, 8, 8, 0.5, 8}, {24, 4, 2, 1.0, 15},
                                  {64, 16, 16, 1.0, 8}};
  rsim_t *x = calloc(1, sizeof *x);
  UT_CHECK(t, x != NULL, "memory");
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0] && !t->failed; i++) {
    memset(x, 0, sizeof *x);
    random_case(t, x, &cases[i], 1000 + i);
    scoc_model_free(&x->m);
  }
  free(x);
}

/* The checker itself must catch a broken model: corrupt one counter and expect a failure. */
static void t_checker_bites(ut_t *t) {
  rsim_t *x = calloc(1, sizeof *x);
  UT_CHECK(t, x != NULL, "memory");
  scoc_params_t p = params(32, 4, 4);
  p.tw = 8;
  ut_t inner;
  memset(&inner, 0, sizeof inner);
  if (scoc_model_init(&x->m, &p) == 0) {
    prng_seed(&x->rng, 5);
    for (unsigned i = 0; i < 20000 && !inner.failed; i++) {
      if (i % 100 == 50) /* forget an input group's route reservations */
        memset(x->m.s->rem_ig, 0, sizeof x->m.s->rem_ig);
      rsim_step(&inner, x, 1.0, 1.0, 8);
    }
  }
  scoc_model_free(&x->m);
  free(x);
  UT_CHECK(t, inner.failed, "a corrupted model passed the invariant checker");
}

/* ------------------------------------------------------------------ fairness smoke */

/* Microbenchmark-1-like: input 0 -> outputs 8 and 12, input 4 -> output 12, all backlogged
 * (an enqueue whenever there is room, input 0 to its destination with fewer entries),
 * 1-word packets, out_room 1. Counts accepts per connection. */
static void fair_run(ut_t *t, scoc_model_t *m, uint64_t cycles, uint64_t cnt[3]) {
  scoc_in_t in;
  scoc_out_t o;
  unsigned tag = 0;
  cnt[0] = cnt[1] = cnt[2] = 0;
  while (scoc_model_cycle(m) < cycles) {
    scoc_model_outputs(m, &o);
    for (unsigned g = 0; g < m->r; g++) {
      if (!o.acc_valid[g])
        continue;
      unsigned p = g * m->p.m + o.acc_port[g];
      UT_CHECK(t, p == 0 || p == 4, "unexpected port");
      cnt[p == 4 ? 2 : (o.acc_out[g] == 8 ? 0 : 1)]++;
    }
    in_clear(&in, 1);
    if (scoc_model_can_enq(m, 0)) {
      unsigned n8 = 0, n12 = 0, d;
      for (unsigned i = 0; scoc_model_arr(m, 0, i, &d, NULL, NULL); i++)
        if (d == 8)
          n8++;
        else
          n12++;
      enq(&in, 0, n8 < n12 || (n8 == n12 && tag % 2 == 0) ? 8 : 12, 1, tag & 15);
    }
    if (scoc_model_can_enq(m, 4))
      enq(&in, 4, 12, 1, tag & 15);
    tag++;
    scoc_model_clock(m, &in);
  }
}

static void t_fair(ut_t *t) {
  scoc_model_t m;
  scoc_params_t p = scoc_default_params();
  UT_CHECK(t, scoc_model_init(&m, &p) == 0, "init");
  uint64_t cnt[3];
  fair_run(t, &m, 20000, cnt);
  scoc_model_free(&m);
  if (t->failed)
    return;
  uint64_t o12 = cnt[1] + cnt[2];
  double s0 = (double)cnt[1] / (double)o12, s4 = (double)cnt[2] / (double)o12;
  ut_info("scoc fairness (20000 cycles, accepts): 0->8 %llu, 0->12 %llu, 4->12 %llu; "
          "output 12 shares %.3f / %.3f; rates per cycle %.3f %.3f %.3f",
          (unsigned long long)cnt[0], (unsigned long long)cnt[1], (unsigned long long)cnt[2], s0,
          s4, cnt[0] / 20000.0, cnt[1] / 20000.0, cnt[2] / 20000.0);
  UT_CHECK(t, o12 > 0, "output 12 served");
  UT_CHECK(t, s0 > 0.45 && s0 < 0.55 && s4 > 0.45 && s4 < 0.55,
           "output 12 shares %.3f / %.3f not within 10%% of 1/2", s0, s4);
  /* Normalized to an output's capacity with 1-word packets (a grant every other cycle:
   * 0.5 accepts per cycle), each connection gets 1/2 (the fair rates of the scenario).
   * Output 8 is half idle: its grants fall in the same cycles as output 12's, and input
   * group 0 accepts one of them (docs/scoc/index.md, not tuned). */
  for (unsigned i = 0; i < 3; i++) {
    double norm = (double)cnt[i] / 20000.0 / 0.5;
    UT_CHECK(t, norm > 0.45 && norm < 0.55, "connection %u: normalized rate %.3f", i, norm);
  }
}

UT_SUITE(scoc_sched_model) {
  ut_run(s, "scoc_model params", t_params);
  ut_run(s, "scoc_model single packet", t_single);
  ut_run(s, "scoc_model fake requests", t_fake);
  ut_run(s, "scoc_model multiple transfers", t_multi);
  ut_run(s, "scoc_model weightage", t_weight);
  ut_run(s, "scoc_model weightage latch phase", t_weight_phase);
  ut_run(s, "scoc_model OLF on accepts", t_olf);
  ut_run(s, "scoc_model output busy threshold", t_out_busy);
  ut_run(s, "scoc_model end of quota on a grant", t_quota);
  ut_run(s, "scoc_model accept unit pick", t_accept_pick);
  ut_run(s, "scoc_model random invariants and drain", t_random);
  ut_run(s, "scoc_model invariant checker bites", t_checker_bites);
  ut_run(s, "scoc_model fairness smoke", t_fair);
}
