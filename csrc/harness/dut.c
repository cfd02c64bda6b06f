/*
 * dut.c - the harness core: port handles, clocking and reset on top of a
 * backend (backend.h). Nothing here knows which simulator runs.
 *
 * Time base (shared by every open DUT, identical on every backend):
 * a clock period is HARNESS_PERIOD_PS; rising edges fall on multiples of it,
 * falling edges half a period later. The test runs just after a falling edge,
 * so inputs it drives never race a rising edge.
 */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "harness.h"
#include "harness_int.h"

#define HARNESS_PERIOD_PS 10000u

/* Ports up to 64 bits that the backend keeps as plain memory (Verilator) are
 * read and written through a cached pointer by the inline accessors of
 * harness.h: the per-cycle cost of the harness then stays close to that of a
 * bare eval() loop (docs/performance.md). */
typedef harness_fast_port_t fast_port_t;

struct dut {
  harness_dut_hot_t hot; /* first: the inline accessors cast dut_t * to it */
  const harness_top_t *top;
  int top_index, inst;
  be_model_t *m;
  uint64_t cycle;
  port_t clk, rst_n;
};

static uint64_t g_now_ps;
static int g_opens; /* DUTs opened so far: names each one's wave file */
static dut_t *g_open[HARNESS_MAX_DUTS];

static void check_design(void) {
  if (harness_design_flag)
    FAIL("design error: %s", harness_design_error_msg());
}

static int top_index(const char *fn, const char *top) {
  for (int i = 0; i < harness_ntops; i++)
    if (strcmp(harness_tops[i].name, top) == 0)
      return i;
  char list[2048] = "";
  for (int i = 0; i < harness_ntops; i++) {
    strncat(list, " ", sizeof list - strlen(list) - 1);
    strncat(list, harness_tops[i].name, sizeof list - strlen(list) - 1);
  }
  FAIL("%s: unknown top '%s'; tops of block %s:%s", fn, top, harness_block_name, list);
}

/* A top missing from this program that is not @regress, or missing from a program built with
 * every top of its own (TOPSET=all), is in another Icarus program (@program): the test's file
 * does not declare it, a mistake, never a top to skip (else make sim and make regress would
 * skip that configuration for good, only logging it). */
static void top_in_other_program(const char *fn, int ti) {
  if (!harness_tops[ti].regress || be_every_top())
    FAIL("%s: top '%s' is not in this program: on Icarus it is @program=%s (tb/%s/tops.txt) and "
         "this test's file lacks HARNESS_PROGRAM(NAME) of one of them",
         fn, harness_tops[ti].name, harness_tops[ti].programs, harness_block_name);
}

int dut_top_built(const char *top) {
  int ti = top_index("dut_top_built", top);
  if (be_top_built(ti))
    return 1;
  top_in_other_program("dut_top_built", ti);
  harness_log("%s: @regress top, not in this program (make test's %s lane): left out", top,
              be_sim_name());
  return 0;
}

dut_t *dut_open(const char *top) {
  int ti = top_index("dut_open", top);
  if (!be_top_built(ti)) {
    top_in_other_program("dut_open", ti);
    FAIL("dut_open: top '%s' is @regress (tb/%s/tops.txt) and this program was built without it "
         "(make test); ask dut_top_built() first. make sim builds it.",
         top, harness_block_name);
  }
  /* the lowest instance of this top that no open DUT holds */
  unsigned long held = 0;
  for (int i = 0; i < HARNESS_MAX_DUTS; i++)
    if (g_open[i] && g_open[i]->top_index == ti)
      held |= 1ul << g_open[i]->inst;
  int inst = 0;
  while (inst < harness_ninst && (held >> inst & 1))
    inst++;
  if (inst >= harness_ninst)
    FAIL("dut_open: top '%s' is already open %d times (the maximum)", top, harness_ninst);
  int slot = -1;
  for (int i = 0; i < HARNESS_MAX_DUTS && slot < 0; i++)
    if (!g_open[i])
      slot = i;
  if (slot < 0)
    FAIL("dut_open: more than %d DUTs open", HARNESS_MAX_DUTS);

  for (int i = 0; i < harness_tops[ti].nports; i++) /* every backend: its buffers are this wide */
    if (harness_tops[ti].ports[i].width > HARNESS_MAX_PORT_WIDTH)
      FAIL("dut_open(%s): port %s is %u bits, more than the harness's %d", top,
           harness_tops[ti].ports[i].name, harness_tops[ti].ports[i].width, HARNESS_MAX_PORT_WIDTH);
  char err[512] = "";
  const char *waves = harness_wave_path(g_opens++);
  be_model_t *m = be_open(ti, inst, waves, err, sizeof err);
  if (!m)
    FAIL("dut_open(%s): %s", top, err);
  dut_t *d = calloc(1, sizeof *d);
  if (!d)
    FAIL("out of memory");
  d->top = &harness_tops[ti];
  d->top_index = ti;
  d->inst = inst;
  d->m = m;
  d->hot.nports = d->top->nports;
  d->hot.fast = calloc((size_t)d->top->nports, sizeof *d->hot.fast);
  if (!d->hot.fast)
    FAIL("out of memory");
  for (int i = 0; i < d->top->nports; i++) {
    const harness_port_t *hp = &d->top->ports[i];
    fast_port_t *f = &d->hot.fast[i];
    f->is_input = hp->is_input;
    if (hp->width <= 64)
      f->ptr = be_port_direct(m, i, &f->kind);
    f->mask = hp->width >= 64 ? ~0ull : (1ull << hp->width) - 1u;
  }
  g_open[slot] = d;
  d->clk = dut_port(d, "clk");
  d->rst_n = dut_port(d, "rst_n");
  dut_set_u64(d, d->rst_n, 1);
  be_settle(m, ++g_now_ps);
  harness_log("opened %s (module %s, instance %d, %d ports)%s%s", top, d->top->module, inst,
              d->top->nports, waves ? ", waves: " : "", waves ? waves : "");
  check_design();
  return d;
}

void dut_close(dut_t *d) {
  if (!d)
    return;
  for (int i = 0; i < HARNESS_MAX_DUTS; i++)
    if (g_open[i] == d)
      g_open[i] = NULL;
  be_close(d->m);
  free(d->hot.fast);
  free(d);
}

void harness_close_all(void) {
  for (int i = 0; i < HARNESS_MAX_DUTS; i++)
    if (g_open[i])
      dut_close(g_open[i]);
}

int dut_has_port(dut_t *d, const char *name) {
  for (int i = 0; i < d->top->nports; i++)
    if (strcmp(d->top->ports[i].name, name) == 0)
      return 1;
  return 0;
}

port_t dut_port(dut_t *d, const char *name) {
  for (int i = 0; i < d->top->nports; i++)
    if (strcmp(d->top->ports[i].name, name) == 0)
      return i;
  FAIL("top %s (module %s) has no port '%s'", d->top->name, d->top->module, name);
}

static const harness_port_t *port_of(dut_t *d, port_t p) {
  if (p < 0 || p >= d->top->nports)
    FAIL("bad port handle %d for top %s", p, d->top->name);
  return &d->top->ports[p];
}

unsigned dut_width(dut_t *d, port_t p) { return port_of(d, p)->width; }
int dut_is_input(dut_t *d, port_t p) { return port_of(d, p)->is_input; }
const char *dut_port_name(dut_t *d, port_t p) { return port_of(d, p)->name; }
const char *dut_top(dut_t *d) { return d->top->name; }
uint64_t dut_cycle(dut_t *d) { return d->cycle; }

void dut_set(dut_t *d, port_t p, const uint32_t *words) {
  const harness_port_t *hp = port_of(d, p);
  if (!hp->is_input)
    FAIL("dut_set: port %s of %s is an output", hp->name, d->top->name);
  uint32_t buf[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  unsigned n = HARNESS_WORDS(hp->width);
  memcpy(buf, words, n * sizeof *buf);
  if (hp->width % 32)
    buf[n - 1] &= (1u << (hp->width % 32)) - 1u;
  be_set(d->m, p, buf);
  d->hot.dirty = 1;
}

static void settle(dut_t *d) {
  if (d->hot.dirty) {
    be_settle(d->m, ++g_now_ps);
    d->hot.dirty = 0;
    check_design();
  }
}

void harness_dut_settle(dut_t *d) { settle(d); }

int dut_get_xz(dut_t *d, port_t p, uint32_t *words, uint32_t *xz) {
  const harness_port_t *hp = port_of(d, p);
  uint32_t xzbuf[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  unsigned n = HARNESS_WORDS(hp->width);
  if (!hp->is_input)
    settle(d);
  memset(xzbuf, 0, n * sizeof *xzbuf);
  be_get(d->m, p, words, xzbuf);
  int any = 0;
  for (unsigned i = 0; i < n; i++)
    any |= xzbuf[i] != 0;
  if (xz)
    memcpy(xz, xzbuf, n * sizeof *xzbuf);
  return any;
}

void dut_get(dut_t *d, port_t p, uint32_t *words) {
  if (dut_get_xz(d, p, words, NULL))
    FAIL("port %s of %s is X or Z at cycle %llu", port_of(d, p)->name, d->top->name,
         (unsigned long long)d->cycle);
}

static unsigned bit_of(const uint32_t *v, unsigned i) { return v[i / 32] >> (i % 32) & 1u; }

uint64_t dut_get_field(dut_t *d, port_t p, unsigned lsb, unsigned w) {
  uint32_t v[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  if (w > 64 || lsb + w > port_of(d, p)->width)
    FAIL("dut_get_field: bits %u +: %u of %s", lsb, w, port_of(d, p)->name);
  dut_get(d, p, v);
  uint64_t f = 0;
  for (unsigned i = 0; i < w; i++)
    f |= (uint64_t)bit_of(v, lsb + i) << i;
  return f;
}

int dut_lanes_equal(dut_t *d, port_t a, unsigned ia, port_t b, unsigned ib, unsigned w) {
  uint32_t va[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)], vb[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  if ((ia + 1) * w > port_of(d, a)->width || (ib + 1) * w > port_of(d, b)->width)
    FAIL("dut_lanes_equal: lane %u of %s, lane %u of %s, %u bits", ia, port_of(d, a)->name, ib,
         port_of(d, b)->name, w);
  dut_get(d, a, va);
  dut_get(d, b, vb);
  for (unsigned i = 0; i < w; i++)
    if (bit_of(va, ia * w + i) != bit_of(vb, ib * w + i))
      return 0;
  return 1;
}

void dut_expect_at(const char *file, int line, dut_t *d, port_t p, const uint32_t *exp,
                   unsigned bits, const char *what) {
  uint32_t got[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  unsigned w = port_of(d, p)->width;
  if (bits == 0 || bits > w)
    bits = w;
  dut_get(d, p, got);
  for (unsigned i = 0; i < HARNESS_WORDS(bits); i++) {
    uint32_t m = (i == bits / 32 && bits % 32) ? (1u << (bits % 32)) - 1u : 0xffffffffu;
    if ((got[i] ^ exp[i]) & m)
      harness_fail_at(file, line, "%s.%s (%s) at cycle %llu: word %u is 0x%08x, expected 0x%08x",
                      d->top->name, port_of(d, p)->name, what, (unsigned long long)d->cycle, i,
                      got[i] & m, exp[i] & m);
  }
  harness_count_check();
}

void dut_expect_u64_at(const char *file, int line, dut_t *d, port_t p, uint64_t exp,
                       const char *what) {
  uint64_t got = dut_get_u64(d, p);
  if (got != exp)
    harness_fail_at(file, line, "%s.%s (%s) at cycle %llu: 0x%llx, expected 0x%llx", d->top->name,
                    port_of(d, p)->name, what, (unsigned long long)d->cycle,
                    (unsigned long long)got, (unsigned long long)exp);
  harness_count_check();
}

void harness_set_u64_slow(dut_t *d, port_t p, uint64_t v) {
  uint32_t w[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  unsigned n = HARNESS_WORDS(port_of(d, p)->width);
  memset(w, 0, n * sizeof *w);
  w[0] = (uint32_t)v;
  if (n > 1)
    w[1] = (uint32_t)(v >> 32);
  dut_set(d, p, w);
}

uint64_t harness_get_u64_slow(dut_t *d, port_t p) {
  uint32_t w[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  unsigned n = HARNESS_WORDS(port_of(d, p)->width);
  memset(w, 0, n * sizeof *w);
  dut_get(d, p, w);
  uint64_t v = w[0];
  if (n > 1)
    v |= (uint64_t)w[1] << 32;
  return v;
}

void dut_step(dut_t *d, unsigned cycles) {
  static const uint32_t one = 1, zero = 0;
  for (unsigned i = 0; i < cycles; i++) {
    /* Inputs set since the last settle go in with the edge, in its time step, with and without
     * waves alike: a debug run orders events exactly as the run that failed. Every backend
     * applies them before the clock rises (Icarus in an earlier read-write sync of the step). */
    uint64_t t_pos = (g_now_ps / HARNESS_PERIOD_PS + 1) * HARNESS_PERIOD_PS;
    fast_port_t *clk = &d->hot.fast[d->clk];
    if (clk->ptr)
      harness_store(clk->ptr, clk->kind, 1);
    else
      be_set(d->m, d->clk, &one);
    be_advance(d->m, t_pos);
    if (clk->ptr)
      harness_store(clk->ptr, clk->kind, 0);
    else
      be_set(d->m, d->clk, &zero);
    g_now_ps = t_pos + HARNESS_PERIOD_PS / 2;
    be_advance(d->m, g_now_ps);
    d->hot.dirty = 0;
    d->cycle++;
    check_design();
    if (++harness_cycles > harness_max_cycles)
      harness_watchdog(d->cycle);
  }
}

void dut_reset(dut_t *d, unsigned cycles) {
  dut_set_u64(d, d->rst_n, 0);
  dut_step(d, cycles);
  dut_set_u64(d, d->rst_n, 1);
  settle(d);
}

void dut_waves(dut_t *d, int on) { be_waves(d->m, on); }

uint64_t harness_now_ps(void) { return g_now_ps; }
