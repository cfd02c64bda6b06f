/*
 * Tests of sue_port_sel (docs/sue/sue_port_sel.md): the RTL and the model
 * (csrc/ref/sue/sue_port_sel_model.c) in lockstep. Every cycle t the inputs are applied, the
 * model steps, the clock ticks, and every output of cycle t + 1 (each port's p_tx_valid, the
 * broadcast beat, sel_valid / sel_port, inc_viol, tx_credit) is compared with the model's step.
 *
 * Around the unit: an XPU that counts the credit words it is given and mostly keeps to them
 * (commands of 1 .. 9 beats, gaps, tx_valid 3, aborted commands, stray beats, and now and then a
 * command without a credit), and per port a stand-in for the port's ingress: slots per
 * {VC, type} (ING_CMD / ING_DATA), slots freed after a
 * random wait and returned in credit words of 1 .. 4, every slot returned after a reset. The
 * ports' backlogs walk at random and the ports go up and down.
 *
 *  - psel_lockstep: four tops (1, 2 and 4 ports; slots 64 / 1), random phases of ordered and
 *    unordered mode, map rewrites, flushes and resets. Besides the lockstep: ordered, every
 *    command goes to map[hash]; unordered, to an up port holding a credit with the least
 *    backlog of those (when there is one); no port is ever handed a command it has no slot
 *    for (one the XPU sent without a credit is dropped when its port has none, and only
 *    then); after the last command and a quiet spell the XPU holds every slot of
 *    every {VC, type} again, violations or not (no credit lost or made up); the event mix is
 *    checked.
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "sue_port_sel_model.h"

typedef struct {
  const char *top;
  unsigned p, data_w, ing_cmd, ing_data, blw; /* as tb/sue/tops.txt */
} psel_case_t;

static const psel_case_t cases[] = {{"sue_port_sel_p1", 1, 256, 8, 4, 16},
                                    {"sue_port_sel_p2", 2, 256, 4, 2, 16},
                                    {"sue_port_sel_p4", 4, 512, 8, 4, 12},
                                    {"sue_port_sel_p4_i64", 4, 128, 64, 1, 20}};
#define NCASES (sizeof cases / sizeof cases[0])
#define MAXW 16 /* words of the widest beat field (512 data bits) */

typedef struct {
  double p_cmd, p_gap, p_data, p_bad, p_abort, p_stray, p_cheat, p_rel, p_ret, p_ok;
} knobs_t;

typedef struct {
  const psel_case_t *c;
  dut_t *d;
  prng_t rng;
  sue_psel_par_t par;
  sue_psel_cfg_t cfg;
  sue_psel_t m;
  knobs_t kb;
  port_t flush, unord, map, ok, unr, backlog, tx_valid, tx_cycle, tx_vc, tx_xpuid, tx_control,
      tx_send_now, tx_data, tx_err, tx_credit, p_credit, p_valid, p_cycle, p_vc, p_xpuid, p_control,
      p_send_now, p_data, p_err, sel_valid, sel_port, inc_viol, inc_drop;
  /* the XPU */
  unsigned xc[8]; /* credits held */
  int open;       /* a command is open: its beats */
  unsigned beat, beats, vc, xpuid, valid;
  int honest;            /* no command without a credit since the last flush */
  int cmd_port, cmd_fwd; /* where the open command's beat 0 went */
  /* the ports' stand-ins */
  unsigned hc[SUE_PSEL_PMAX][8], owed[SUE_PSEL_PMAX][8], rr[SUE_PSEL_PMAX];
  uint32_t bl[SUE_PSEL_PMAX];
  unsigned ok_bits;
  unsigned unr_mask[SUE_PSEL_PMAX]; /* port e finds xpuid x unreachable: bit x % 16 */
  /* statistics */
  uint64_t n_cmd, n_beats, n_unord, n_ord, n_port[SUE_PSEL_PMAX], n_tie, n_fallback, n_viol,
      n_port_drop, n_abort, n_stray, n_bad, n_flush, n_reset, n_map, n_words, n_avoid;
} pt_t;

static unsigned ing(const pt_t *s, unsigned j) { return (j & 1u) ? s->c->ing_data : s->c->ing_cmd; }

static void new_phase(pt_t *s) {
  knobs_t *k = &s->kb;
  k->p_cmd = 0.1 + 0.9 * prng_double(&s->rng);
  k->p_gap = prng_bernoulli(&s->rng, 0.5) ? 0.0 : 0.3 * prng_double(&s->rng);
  k->p_data = prng_double(&s->rng);
  k->p_bad = prng_bernoulli(&s->rng, 0.7) ? 0.0 : 0.05;
  k->p_abort = prng_bernoulli(&s->rng, 0.7) ? 0.0 : 0.03;
  k->p_stray = prng_bernoulli(&s->rng, 0.7) ? 0.0 : 0.01;
  k->p_cheat = prng_bernoulli(&s->rng, 0.6) ? 0.0 : 0.3;
  k->p_rel = 0.02 + 0.5 * prng_double(&s->rng);
  k->p_ret = 0.1 + 0.9 * prng_double(&s->rng);
  k->p_ok = prng_bernoulli(&s->rng, 0.5) ? 0.0 : 0.01;
  for (unsigned e = 0; e < s->c->p; e++) /* destinations unreachable on a port, now and then */
    s->unr_mask[e] = prng_bernoulli(&s->rng, 0.6)
                         ? 0u
                         : (unsigned)(prng_below(&s->rng, 0x10000) & prng_below(&s->rng, 0x10000));
  s->cfg.unordered = (unsigned)prng_below(&s->rng, 2);
}

static void new_map(pt_t *s) {
  for (unsigned h = 0; h < 4; h++)
    s->cfg.map[h] = (uint8_t)prng_below(&s->rng, 4);
  s->n_map++;
}

/* the ports' stand-ins after a reset: nothing held, every slot owed back */
static void ports_reset(pt_t *s) {
  for (unsigned e = 0; e < s->c->p; e++)
    for (unsigned j = 0; j < 8; j++) {
      s->hc[e][j] = 0;
      s->owed[e][j] = ing(s, j);
    }
  memset(s->xc, 0, sizeof s->xc);
  s->open = 0;
  s->honest = 1;
}

static void drive_quiet(pt_t *s) {
  dut_set_u64(s->d, s->tx_valid, 0);
  dut_set_u64(s->d, s->p_credit, 0);
}

/* One cycle: traffic = 0 sends no new command (beats of an open one still go). */
static void psel_cycle(pt_t *s, int traffic, int flush) {
  dut_t *d = s->d;
  const unsigned p = s->c->p;
  sue_psel_in_t in;
  memset(&in, 0, sizeof in);
  /* ports: up / down, backlogs */
  if (prng_bernoulli(&s->rng, s->kb.p_ok))
    s->ok_bits ^= 1u << prng_below(&s->rng, p);
  for (unsigned e = 0; e < p; e++) {
    if (prng_bernoulli(&s->rng, 0.3)) {
      int64_t b = (int64_t)s->bl[e] + (int64_t)prng_range(&s->rng, 0, 200) - 100;
      uint32_t mx = (uint32_t)((1ull << s->c->blw) - 1u);
      s->bl[e] = b < 0 ? 0u : b > (int64_t)mx ? mx : (uint32_t)b;
    }
    if (prng_bernoulli(&s->rng, 0.001)) /* equal backlogs now and then: ties */
      for (unsigned f = 0; f < p; f++)
        s->bl[f] = s->bl[e];
  }
  for (unsigned e = 0; e < p; e++)
    in.backlog[e] = s->bl[e];
  in.port_ok = s->ok_bits;
  /* the XPU's beat */
  uint32_t ctl[5] = {0}, dat[MAXW] = {0};
  unsigned send_now = (unsigned)prng_below(&s->rng, 2), err = prng_bernoulli(&s->rng, 0.01);
  prng_fill(&s->rng, ctl, sizeof ctl);
  prng_fill(&s->rng, dat, sizeof dat);
  unsigned valid = 0, cyc = 0;
  int own = 0; /* the beat is one of the open command's (not a stray one) */
  if (!flush) {
    int start = traffic && prng_bernoulli(&s->rng, s->kb.p_cmd) &&
                (!s->open || prng_bernoulli(&s->rng, s->kb.p_abort));
    if (start) {
      unsigned vc = (unsigned)prng_below(&s->rng, 4);
      unsigned v = prng_bernoulli(&s->rng, s->kb.p_bad)    ? 3u
                   : prng_bernoulli(&s->rng, s->kb.p_data) ? 2u
                                                           : 1u;
      unsigned j = vc * 2u + (v == 2);
      int cheat = prng_bernoulli(&s->rng, s->kb.p_cheat);
      if (s->xc[j] || cheat) {
        if (s->xc[j])
          s->xc[j]--;
        else
          s->honest = 0;
        s->n_abort += s->open;
        s->open = 1;
        s->valid = v;
        s->vc = vc;
        s->xpuid = prng_bernoulli(&s->rng, 0.5) ? (unsigned)prng_below(&s->rng, 1024)
                                                : (unsigned)prng_below(&s->rng, 8) * 0x55u;
        s->beats = v == 2 ? 1u + (unsigned)prng_below(&s->rng, 9) : 1u;
        s->beat = 0;
        s->n_cmd++;
        s->n_bad += v == 3;
      }
    }
    if (s->open && (s->beat == 0 || !prng_bernoulli(&s->rng, s->kb.p_gap))) {
      own = 1;
      valid = s->valid;
      cyc = s->beat++;
      if (s->beat == s->beats)
        s->open = 0;
    } else if (!s->open && traffic && prng_bernoulli(&s->rng, s->kb.p_stray)) {
      valid = 1u + (unsigned)prng_below(&s->rng, 2); /* a beat of no command */
      cyc = 1u + (unsigned)prng_below(&s->rng, 15);
      s->n_stray++;
    }
  }
  in.tx_valid = valid;
  in.tx_cycle = cyc;
  in.tx_vc = s->vc;
  in.tx_xpuid = s->xpuid;
  /* the ports' credit words */
  uint32_t pw[1] = {0};
  for (unsigned e = 0; e < p && !flush; e++) {
    for (unsigned j = 0; j < 8; j++) /* slots freed */
      if (s->hc[e][j] && prng_bernoulli(&s->rng, s->kb.p_rel)) {
        s->hc[e][j]--;
        s->owed[e][j]++;
      }
    if (!prng_bernoulli(&s->rng, s->kb.p_ret))
      continue;
    for (unsigned k = 0; k < 8; k++) {
      unsigned j = (s->rr[e] + k) & 7u;
      if (!s->owed[e][j])
        continue;
      unsigned n = 1u + (unsigned)prng_below(&s->rng, 4);
      if (n > s->owed[e][j])
        n = s->owed[e][j];
      s->owed[e][j] -= n;
      s->rr[e] = (j + 1u) & 7u;
      in.p_credit[e] = 0x20u | (j & 1u) << 4 | (j >> 1) << 2 | (n - 1u);
      bits_put_field(pw, 6 * e, 6, in.p_credit[e]);
      break;
    }
  }
  dut_set_u64(d, s->flush, (uint64_t)flush);
  dut_set_u64(d, s->unord, s->cfg.unordered);
  dut_set_u64(
      d, s->map,
      (uint64_t)(s->cfg.map[0] | s->cfg.map[1] << 2 | s->cfg.map[2] << 4 | s->cfg.map[3] << 6));
  dut_set_u64(d, s->ok, s->ok_bits);
  in.unreach = 0;
  for (unsigned e = 0; e < p; e++)
    in.unreach |= (s->unr_mask[e] >> (s->xpuid & 15u) & 1u) << e;
  dut_set_u64(d, s->unr, in.unreach);
  uint32_t blw[4] = {0};
  for (unsigned e = 0; e < p; e++)
    bits_put_field(blw, e * s->c->blw, s->c->blw, s->bl[e]);
  dut_set(d, s->backlog, blw);
  dut_set_u64(d, s->tx_valid, valid);
  dut_set_u64(d, s->tx_cycle, cyc);
  dut_set_u64(d, s->tx_vc, s->vc);
  dut_set_u64(d, s->tx_xpuid, s->xpuid);
  dut_set(d, s->tx_control, ctl);
  dut_set_u64(d, s->tx_send_now, send_now);
  dut_set(d, s->tx_data, dat);
  dut_set_u64(d, s->tx_err, err);
  dut_set(d, s->p_credit, pw);

  /* the model, and what the choice must be */
  sue_psel_out_t out = {-1, 0, 0, 0, 0, 0};
  unsigned cj = (s->vc & 3u) * 2u + (valid == 2), cred = 0;
  for (unsigned e = 0; e < p; e++)
    cred |= (s->m.c[e][cj] != 0) << e;
  if (flush) {
    sue_psel_init(&s->m);
  } else {
    sue_psel_step(&s->m, &s->par, &s->cfg, &in, &out);
    if (out.first) {
      unsigned e = (unsigned)out.port;
      if (!s->cfg.unordered) {
        CHECK_EQ(e, s->cfg.map[sue_psel_hash(p, s->xpuid, s->vc)] % p, "ordered: the map's port");
        s->n_ord++;
      } else {
        unsigned oc = s->ok_bits & ~in.unreach & cred, ties = 0;
        if (!oc) /* every port up with a credit finds the destination unreachable */
          oc = s->ok_bits & cred;
        else
          s->n_avoid += (s->ok_bits & in.unreach & cred) != 0;
        if (oc) {
          CHECK(oc >> e & 1u,
                "unordered: port %u outside 0x%x (up with a credit, reaching the destination if "
                "any does)",
                e, oc);
          for (unsigned f = 0; f < p; f++) {
            CHECK(!(oc >> f & 1u) || s->bl[e] <= s->bl[f],
                  "unordered: port %u (backlog %u) over port %u (%u)", e, s->bl[e], f, s->bl[f]);
            ties += (oc >> f & 1u) && f != e && s->bl[f] == s->bl[e];
          }
        } else {
          s->n_fallback++;
        }
        s->n_tie += ties > 0;
        s->n_unord++;
      }
      s->n_port[e]++;
      s->n_viol += out.viol;
      /* the port's stand-in takes the command into a slot; the unit never hands a port a
       * command it has no slot for (it drops it), honest XPU or not */
      if (out.fwd) {
        CHECK(s->hc[e][cj] < ing(s, cj),
              "port %u handed a command with its {VC, type} %u slots full", e, cj);
        s->hc[e][cj]++;
      } else {
        CHECK(!s->honest, "a command of an honest XPU dropped");
        s->n_port_drop++;
      }
    }
    s->n_beats += valid != 0;
    /* a command's beats all go to its beat 0's port, or are all dropped */
    if (own && out.first) {
      s->cmd_port = out.port;
      s->cmd_fwd = out.fwd;
    } else if (own) {
      CHECK(out.port == s->cmd_port && out.fwd == s->cmd_fwd,
            "beat %u went to port %d (handed on %d), its beat 0 to %d (%d)", cyc, out.port, out.fwd,
            s->cmd_port, s->cmd_fwd);
    }
  }
  dut_step(d, 1);

  /* the outputs of cycle t + 1 */
  uint32_t exp_v[1] = {0};
  if (out.fwd)
    bits_put_field(exp_v, 2u * (unsigned)out.port, 2, valid);
  CHECK_PORT(d, s->p_valid, exp_v, 0, "p_tx_valid");
  if (out.fwd) {
    CHECK_PORT_U64(d, s->p_cycle, cyc, "p_tx_cycle");
    CHECK_PORT_U64(d, s->p_vc, s->vc, "p_tx_vc");
    CHECK_PORT_U64(d, s->p_xpuid, s->xpuid, "p_tx_xpuid");
    CHECK_PORT(d, s->p_control, ctl, 144, "p_tx_control");
    CHECK_PORT_U64(d, s->p_send_now, send_now, "p_tx_send_now");
    CHECK_PORT(d, s->p_data, dat, s->c->data_w, "p_tx_data");
    CHECK_PORT_U64(d, s->p_err, err, "p_tx_err");
  }
  CHECK_PORT_U64(d, s->sel_valid, (uint64_t)out.first, "sel_valid");
  if (out.first)
    CHECK_PORT_U64(d, s->sel_port, (uint64_t)out.port, "sel_port");
  CHECK_PORT_U64(d, s->inc_viol, (uint64_t)out.viol, "inc_viol");
  CHECK_PORT_U64(d, s->inc_drop, (uint64_t)out.drop, "inc_drop");
  CHECK_PORT_U64(d, s->tx_credit, out.credit, "tx_credit");
  if (out.credit & 0x20u) { /* the XPU counts the word */
    unsigned j = ((out.credit >> 2) & 3u) * 2u + (out.credit >> 4 & 1u);
    s->xc[j] += (out.credit & 3u) + 1u;
    s->n_words++;
  }
}

static void open_psel(pt_t *s, const psel_case_t *c) {
  memset(s, 0, sizeof *s);
  s->c = c;
  s->par.p = c->p;
  s->par.ing_cmd = c->ing_cmd;
  s->par.ing_data = c->ing_data;
  prng_seed(&s->rng, harness_seed() ^ (0x9513u + c->p * 131u + c->ing_cmd));
  sue_psel_init(&s->m);
  dut_t *d = s->d = dut_open(c->top);
  s->flush = dut_port(d, "flush"), s->unord = dut_port(d, "cfg_unordered");
  s->map = dut_port(d, "cfg_map"), s->ok = dut_port(d, "port_ok");
  s->unr = dut_port(d, "p_unreach");
  s->backlog = dut_port(d, "p_backlog");
  s->tx_valid = dut_port(d, "tx_valid"), s->tx_cycle = dut_port(d, "tx_cycle");
  s->tx_vc = dut_port(d, "tx_vc"), s->tx_xpuid = dut_port(d, "tx_xpuid");
  s->tx_control = dut_port(d, "tx_control"), s->tx_send_now = dut_port(d, "tx_send_now");
  s->tx_data = dut_port(d, "tx_data"), s->tx_err = dut_port(d, "tx_err");
  s->tx_credit = dut_port(d, "tx_credit"), s->p_credit = dut_port(d, "p_tx_credit");
  s->p_valid = dut_port(d, "p_tx_valid"), s->p_cycle = dut_port(d, "p_tx_cycle");
  s->p_vc = dut_port(d, "p_tx_vc"), s->p_xpuid = dut_port(d, "p_tx_xpuid");
  s->p_control = dut_port(d, "p_tx_control"), s->p_send_now = dut_port(d, "p_tx_send_now");
  s->p_data = dut_port(d, "p_tx_data"), s->p_err = dut_port(d, "p_tx_err");
  s->sel_valid = dut_port(d, "sel_valid"), s->sel_port = dut_port(d, "sel_port");
  s->inc_viol = dut_port(d, "inc_viol"), s->inc_drop = dut_port(d, "inc_drop");
  s->ok_bits = (1u << c->p) - 1u;
  for (unsigned h = 0; h < 4; h++)
    s->cfg.map[h] = (uint8_t)h;
  new_phase(s);
  drive_quiet(s);
  dut_set_u64(d, s->flush, 0);
  dut_reset(d, 2);
  ports_reset(s);
}

HARNESS_TEST(psel_lockstep) {
  unsigned cycles = (unsigned)harness_scaled(12000, 100000, 1000000);
  for (unsigned ci = 0; ci < NCASES; ci++) {
    pt_t *s = calloc(1, sizeof *s);
    CHECK(s != NULL, "memory");
    open_psel(s, &cases[ci]);
    const unsigned p = s->c->p;
    uint64_t next_reset = 2000 + prng_below(&s->rng, 10000);
    for (unsigned t = 0; t < cycles; t++) {
      if (t % 500 == 0)
        new_phase(s);
      if (prng_bernoulli(&s->rng, 0.0005))
        new_map(s);
      if (t == next_reset) {
        if (prng_bernoulli(&s->rng, 0.5)) { /* rst_n */
          drive_quiet(s);
          dut_reset(s->d, 1 + (unsigned)prng_below(&s->rng, 3));
          sue_psel_init(&s->m);
          s->n_reset++;
        } else { /* flush: the ports' transmit sides in reset */
          unsigned n = 1 + (unsigned)prng_below(&s->rng, 4);
          for (unsigned i = 0; i < n; i++)
            psel_cycle(s, 0, 1);
          s->n_flush++;
        }
        ports_reset(s);
        next_reset = t + 2000 + prng_below(&s->rng, 10000);
      }
      psel_cycle(s, 1, 0);
    }
    /* quiet: the open command ends, the ports free everything, the XPU is given it all */
    for (unsigned t = 0; t < 2000; t++) {
      s->kb.p_rel = 0.3;
      s->kb.p_ret = 1.0;
      psel_cycle(s, 0, 0);
    }
    for (unsigned j = 0; j < 8; j++) {
      for (unsigned e = 0; e < p; e++)
        CHECK(s->hc[e][j] == 0 && s->owed[e][j] == 0, "%s: port %u {VC, type} %u not drained",
              s->c->top, e, j);
      CHECK(s->xc[j] == ing(s, j), "%s: the XPU holds %u credits of {VC, type} %u, not %u",
            s->c->top, s->xc[j], j, ing(s, j));
    }
    harness_log("%s: %u cycles: commands %llu (%llu beats; ordered %llu, unordered %llu, per "
                "port %llu / %llu / %llu / %llu; with ties %llu, no up port with a credit "
                "%llu, a port avoided for an unreachable destination %llu), without a credit %llu "
                "(dropped %llu), aborted %llu, stray "
                "beats %llu, tx_valid 3 %llu, credit words %llu, map rewrites %llu, flushes "
                "%llu, resets %llu",
                s->c->top, cycles, (unsigned long long)s->n_cmd, (unsigned long long)s->n_beats,
                (unsigned long long)s->n_ord, (unsigned long long)s->n_unord,
                (unsigned long long)s->n_port[0], (unsigned long long)s->n_port[1],
                (unsigned long long)s->n_port[2], (unsigned long long)s->n_port[3],
                (unsigned long long)s->n_tie, (unsigned long long)s->n_fallback,
                (unsigned long long)s->n_avoid, (unsigned long long)s->n_viol,
                (unsigned long long)s->n_port_drop, (unsigned long long)s->n_abort,
                (unsigned long long)s->n_stray, (unsigned long long)s->n_bad,
                (unsigned long long)s->n_words, (unsigned long long)s->n_map,
                (unsigned long long)s->n_flush, (unsigned long long)s->n_reset);
    int quick = harness_scale() == HARNESS_QUICK;
    for (unsigned e = 0; e < p; e++)
      CHECK(s->n_port[e] > 100, "%s: port %u chosen %llu times", s->c->top, e,
            (unsigned long long)s->n_port[e]);
    CHECK(s->n_ord > 100 && s->n_unord > 100 && s->n_viol > 0 && s->n_abort > 0 && s->n_stray > 0 &&
              s->n_bad > 0 && (quick || (s->n_flush > 0 && s->n_reset > 0)),
          "event mix of %s", s->c->top);
    CHECK(p == 1 || (s->n_tie > 0 && s->n_fallback > 0 && s->n_port_drop > 0 && s->n_avoid > 0),
          "event mix of %s (ports)", s->c->top);
    dut_close(s->d);
    free(s);
  }
}
