/* test_fabric_model.c - the composed fabric model (fabric_model.c): small fabrics of every
 * pattern deliver every command intact (the model's scoreboard), lose nothing in the switch,
 * keep the core's guarantees; a lossy switch makes go-back-N work and still loses nothing;
 * incast engages PFC; the core's word width (CK) is what gives SCOC the line's rate; illegal
 * parameters are refused with a reason. */
#include <string.h>

#include "fabric_model.h"
#include "unit.h"

static fm_params_t small(unsigned n, unsigned pattern) {
  fm_params_t p = fm_default_params(n);
  p.pattern = pattern;
  p.cmds = 60;
  p.seed = 7;
  return p;
}

static void clean(ut_t *t, const fm_params_t *p, fm_result_t *r, const char *what) {
  char why[256] = "";
  int rc = fm_run(p, r, why, sizeof why);
  UT_CHECK(t, rc == 0, "%s: %s", what, why);
  uint64_t drops = 0;
  for (unsigned k = 0; k < FSP_NDROP; k++)
    drops += r->sw_drop[k];
  UT_EQ(t, drops, 0, "no frame dropped in the switch");
  UT_EQ(t, r->core_violations, 0, "the core's guarantees");
  UT_EQ(t, r->sue_retx, 0, "go-back-N never fires on a clean fabric");
}

static void t_patterns(ut_t *t) {
  static const char *const nm[3] = {"uniform", "permutation", "incast"};
  for (unsigned pat = 0; pat < 3; pat++) {
    fm_params_t p = small(4, pat);
    fm_result_t r;
    clean(t, &p, &r, nm[pat]);
    UT_EQ(t, r.delivered, (uint64_t)p.cmds * (pat == FM_INCAST ? 3 : 4), "every command delivered");
    UT_CHECK(t, r.p50 > 0 && r.p50 <= r.p99 && r.p99 <= r.maxlat, "latency percentiles ordered");
  }
  fm_params_t p = small(8, FM_UNIFORM);
  p.islip = 1;
  fm_result_t r;
  clean(t, &p, &r, "iSLIP, 8 XPUs");
  p = small(8, FM_UNIFORM);
  p.rifl = 0;
  clean(t, &p, &r, "raw links, 8 XPUs");
}

/* the switch loses every 23rd data frame: SUE's go-back-N resends, and the scoreboard still
   sees every command once, in order */
static void t_lossy(ut_t *t) {
  fm_params_t p = small(4, FM_UNIFORM);
  p.drop_every = 23;
  fm_result_t r;
  char why[256] = "";
  UT_CHECK(t, fm_run(&p, &r, why, sizeof why) == 0, "lossy switch: %s", why);
  ut_info("lossy switch: %llu frames lost, %llu PDUs resent", (unsigned long long)r.lost,
          (unsigned long long)r.sue_retx);
  UT_CHECK(t, r.lost > 0, "frames were lost");
  UT_CHECK(t, r.sue_retx >= r.lost, "go-back-N resent at least what was lost");
  UT_EQ(t, r.delivered, (uint64_t)p.cmds * 4, "every command delivered");
}

/* seven senders into one port with a small XOFF: the switch sends PFC, nothing is dropped */
static void t_incast_pfc(ut_t *t) {
  fm_params_t p = small(8, FM_INCAST);
  p.xoff = 1024;
  p.xon = 512;
  fm_result_t r;
  clean(t, &p, &r, "incast");
  UT_CHECK(t, r.pfc_sw > 0, "the switch sent PFC frames");
  UT_EQ(t, r.delivered, (uint64_t)p.cmds * 7, "every command delivered");
}

/* SCOC moves a transfer's word every M cycles: a core word of one cell word (CK 1) gives a port
   at most MT / M of the line, CK = M all of it (docs/fabric/fabric_sw_port.md) */
static void t_core_width(ut_t *t) {
  fm_params_t p = small(8, FM_UNIFORM);
  p.cmds = 150;
  fm_result_t wide, narrow;
  clean(t, &p, &wide, "CK = M");
  p.ck = 1;
  clean(t, &p, &narrow, "CK = 1");
  ut_info("egress utilisation, 8 XPUs uniform: CK = M %.3f, CK = 1 %.3f", wide.egress_util,
          narrow.egress_util);
  UT_CHECK(t, wide.egress_util > 1.5 * narrow.egress_util,
           "CK = M carries more than 1.5x CK = 1 (%.3f, %.3f)", wide.egress_util,
           narrow.egress_util);
}

static void t_bad(ut_t *t) {
  char why[256];
  fm_result_t r;
  fm_params_t p = small(4, FM_UNIFORM);
  p.n = 3;
  UT_CHECK(t, fm_run(&p, &r, why, sizeof why) != 0 && strstr(why, "illegal"), "N = 3: %s", why);
  p = small(6, FM_UNIFORM);
  UT_CHECK(t, fm_run(&p, &r, why, sizeof why) != 0 && strstr(why, "core"), "N 6, M 4: %s", why);
  p = small(4, FM_UNIFORM);
  p.ep.win = 3;
  UT_CHECK(t, fm_run(&p, &r, why, sizeof why) != 0 && strstr(why, "WIN"), "WIN 3: %s", why);
  p = small(4, FM_UNIFORM);
  p.n = FM_NMAX + 1;
  UT_CHECK(t, fm_run(&p, &r, why, sizeof why) != 0 && strstr(why, "illegal"), "N = %u: %s",
           FM_NMAX + 1, why);
  /* up to the spec's 1024 XPUs, every XPU id is its own (10 bits) and maps back */
  static uint8_t seen[1024];
  memset(seen, 0, sizeof seen);
  for (unsigned i = 0; i < FM_NMAX; i++) {
    unsigned id = FM_XPU_ID(i);
    UT_CHECK(t, id < 1024 && !seen[id] && FM_XPU_IDX(id) == i, "XPU %u: id 0x%x", i, id);
    seen[id & 1023u] = 1;
  }
  p = small(4, FM_UNIFORM);
  p.max_cycles = 100;
  UT_CHECK(t, fm_run(&p, &r, why, sizeof why) != 0 && strstr(why, "not done"), "timeout: %s", why);
}

UT_SUITE(fabric_model) {
  ut_run(s, "fabric_model_patterns", t_patterns);
  ut_run(s, "fabric_model_lossy", t_lossy);
  ut_run(s, "fabric_model_incast_pfc", t_incast_pfc);
  ut_run(s, "fabric_model_core_width", t_core_width);
  ut_run(s, "fabric_model_bad_params", t_bad);
}
