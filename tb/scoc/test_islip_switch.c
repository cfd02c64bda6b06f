/*
 * Tests of the flat iSLIP crossbar (docs/scoc/islip_switch.md): the RTL islip_switch and the C
 * model csrc/ref/scoc/islip_switch_model run in lockstep on random packet traffic; every link
 * output, the scheduler's requests, registered match (per output: input and iteration) and
 * pointers, and the drop counters are compared every cycle. A scoreboard on the delivered words
 * checks that every good packet arrives once, in order per connection, with its words intact, and
 * that every bad packet (destination >= N, longer than 2^LW - 1 words) is dropped and counted.
 */
#include <string.h>

#include "harness.h"
#include "islip_switch_model.h"
#include "sw_lockstep.h"

typedef struct {
  const char *top;
  islip_params_t p; /* as tb/scoc/tops.txt: N K QD OQ LW DW */
} islip_case_t;

static const islip_case_t cases[] = {
    {"islip_switch_n8_k1", {8, 1, 16, 16, 4, 32}},
    {"islip_switch_n16_k2", {16, 2, 16, 16, 4, 32}},
    {"islip_switch_n6_k3", {6, 3, 4, 2, 3, 32}},
};

#define MAXW HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)

typedef struct {
  const islip_case_t *c;
  islip_model_t model;
  swl_t lk;
  port_t req, match_valid, match_in, match_it, gnt_ptr, acc_ptr;
  uint64_t matches, matches_later;
} isl_t;

/* The scheduler's ports and the drop counters of the RTL against the model. */
static void compare_sched(void *ctx) {
  isl_t *s = ctx;
  const islip_model_t *m = &s->model;
  dut_t *d = s->lk.rtl.d;
  unsigned n = s->c->p.n, nw = s->lk.rtl.nw;
  uint32_t rq[MAXW] = {0}, mv[MAXW] = {0}, mi[MAXW] = {0}, mt[MAXW] = {0}, gp[MAXW] = {0},
           ap[MAXW] = {0};
  for (unsigned i = 0; i < n; i++)
    for (unsigned o = 0; o < n; o++)
      sw_put_bits(rq, i * n + o, 1, islip_model_req(m, i, o));
  for (unsigned o = 0; o < n; o++) {
    unsigned in = 0, it = 0;
    if (islip_model_match(m, o, &in, &it)) {
      sw_put_bits(mv, o, 1, 1);
      sw_put_bits(mi, o * nw, nw, in);
      sw_put_bits(mt, o * 2, 2, it);
      s->matches++;
      s->matches_later += it > 0;
    }
    sw_put_bits(gp, o * nw, nw, islip_model_gnt_ptr(m, o));
    sw_put_bits(ap, o * nw, nw, islip_model_acc_ptr(m, o));
  }
  CHECK_PORT(d, s->req, rq, 0, "model");
  CHECK_PORT(d, s->match_valid, mv, 0, "model");
  CHECK_PORT(d, s->match_in, mi, 0, "model");
  CHECK_PORT(d, s->match_it, mt, 0, "model");
  CHECK_PORT(d, s->gnt_ptr, gp, 0, "model");
  CHECK_PORT(d, s->acc_ptr, ap, 0, "model");
  CHECK_PORT_U64(d, s->lk.rtl.err_len, m->err_len, "model err_len");
  CHECK_PORT_U64(d, s->lk.rtl.err_dst, m->err_dst, "model err_dst");
  CHECK_EQ(m->violations, 0, "model: datapath guarantees");
}

/* Lockstep on every top (sw_lockstep.h: light load with gaps, full load with slow outputs, a
 * hotspot that fills the output buffers and backs the inputs up, bad packets throughout, then a
 * drain); the buffers must be empty after it. */
HARNESS_TEST(islip_lockstep) {
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    static isl_t s;
    const islip_case_t *c = &cases[i];
    s.c = c;
    s.matches = s.matches_later = 0;
    CHECK(islip_model_init(&s.model, &c->p) == 0, "model parameters of %s", c->top);
    swl_open(&s.lk, c->top, c->p.n, c->p.lw, c->p.dw, islip_model_ops(&s.model), compare_sched, &s,
             i + 1);
    dut_t *d = s.lk.rtl.d;
    s.req = dut_port(d, "req"), s.match_valid = dut_port(d, "match_valid");
    s.match_in = dut_port(d, "match_in"), s.match_it = dut_port(d, "match_it");
    s.gnt_ptr = dut_port(d, "gnt_ptr"), s.acc_ptr = dut_port(d, "acc_ptr");
    CHECK_EQ(dut_width(d, s.req), c->p.n * c->p.n, "req width");
    /* +quick (make test's Icarus lane): 300 cycles a phase, a twentieth; no shorter, as
     * islip_switch_n6_k3 matches in a later iteration only a few times in it (seed 1: 5) */
    swl_run(&s.lk, harness_scaled(300, 6000, 6000));
    harness_log("%s: %llu matches, %llu in later iterations", c->top, (unsigned long long)s.matches,
                (unsigned long long)s.matches_later);
    CHECK(c->p.k == 1 || s.matches_later > 0, "%s: later iterations matched", c->top);
    swl_check_drops(&s.lk, s.model.err_len, s.model.err_dst);
    for (unsigned p = 0; p < c->p.n; p++)
      CHECK(islip_model_arr_count(&s.model, p) == 0 && islip_model_in_used(&s.model, p) == 0 &&
                islip_model_out_occ(&s.model, p) == 0,
            "%s: port %u not empty after the drain", c->top, p);
    swl_close(&s.lk);
    islip_model_free(&s.model);
  }
}
