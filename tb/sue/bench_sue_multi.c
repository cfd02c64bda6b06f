/*
 * Benchmark of sue_multi (tb/sue/bench.sh part "ports", docs/performance.md "SUE over 1, 2 and 4
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
 * Plusargs: +cmds=N (commands, default 1200).
 */
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "sue_ep_tb.h"
#include "sue_multi_tb.h"
#include "sue_regs_model.h"

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
        mp_t *m = calloc(1, sizeof *m);
        CHECK(m != NULL, "memory");
        mp_open(m, mp_cases[k].top, (int)ordered, cmds, 0.0, 0xB1 + k * 2 + ordered);
        for (unsigned i = 0; i < 2; i++)
          for (unsigned e = 0; e < m->k->p; e++) {
            m->ch[i][e].lat = lats[w];
            mp_axi(&m->s[i], 1, (e << 12) + SUE_REG_ACK_DELAY, ack_delays[w], NULL);
          }
        while (axil_pending(&m->s[0].ax) || axil_pending(&m->s[1].ax))
          mp_cycle(m, 0);
        m->dlen = BENCH_DLEN;
        m->p_cmd = 1.0;
        m->s[1].to_send = 0;
        mp_run(m, 0);
        mp_finish(m);
        const mp_side_t *r = &m->s[1];
        CHECK(r->received == cmds, "%s: %u of %u delivered", m->k->top, r->received, cmds);
        row(f, m->k->top, m->k->p, m->k->eth_w, ordered ? "ordered" : "unordered", lats[w], cmds,
            r->t_last - r->t_first + 1, r->rx_bytes, m->s[0].sent_port, m->s[0].sent);
        mp_close(m);
        free(m);
      }
  }
  fclose(f);
}
