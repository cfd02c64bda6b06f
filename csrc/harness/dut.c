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

struct dut {
  const harness_top_t *top;
  int top_index, inst;
  be_model_t *m;
  int dirty; /* inputs written since the last settle */
  uint64_t cycle;
  port_t clk, rst_n;
};

static uint64_t g_now_ps;
static dut_t *g_open[HARNESS_MAX_DUTS];

static void check_design(void) {
  const char *msg = harness_design_error_msg();
  if (msg)
    FAIL("design error: %s", msg);
}

dut_t *dut_open(const char *top) {
  int ti = -1;
  for (int i = 0; i < harness_ntops; i++)
    if (strcmp(harness_tops[i].name, top) == 0)
      ti = i;
  if (ti < 0) {
    char list[2048] = "";
    for (int i = 0; i < harness_ntops; i++) {
      strncat(list, " ", sizeof list - strlen(list) - 1);
      strncat(list, harness_tops[i].name, sizeof list - strlen(list) - 1);
    }
    FAIL("dut_open: unknown top '%s'; tops of block %s:%s", top, harness_block_name, list);
  }
  int inst = 0;
  for (int i = 0; i < HARNESS_MAX_DUTS; i++)
    if (g_open[i] && g_open[i]->top_index == ti)
      inst++;
  if (inst >= harness_ninst)
    FAIL("dut_open: top '%s' is already open %d times (the maximum)", top, harness_ninst);
  int slot = -1;
  for (int i = 0; i < HARNESS_MAX_DUTS && slot < 0; i++)
    if (!g_open[i])
      slot = i;
  if (slot < 0)
    FAIL("dut_open: more than %d DUTs open", HARNESS_MAX_DUTS);

  char err[512] = "";
  const char *waves = harness_wave_path(slot);
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
  d->dirty = 1;
}

static void settle(dut_t *d) {
  if (d->dirty) {
    be_settle(d->m, ++g_now_ps);
    d->dirty = 0;
    check_design();
  }
}

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

void dut_set_u64(dut_t *d, port_t p, uint64_t v) {
  uint32_t w[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)] = {0};
  w[0] = (uint32_t)v;
  if (port_of(d, p)->width > 32)
    w[1] = (uint32_t)(v >> 32);
  dut_set(d, p, w);
}

uint64_t dut_get_u64(dut_t *d, port_t p) {
  uint32_t w[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)] = {0};
  dut_get(d, p, w);
  uint64_t v = w[0];
  if (port_of(d, p)->width > 32)
    v |= (uint64_t)w[1] << 32;
  return v;
}

void dut_step(dut_t *d, unsigned cycles) {
  static const uint32_t one = 1, zero = 0;
  for (unsigned i = 0; i < cycles; i++) {
    /* With waves on, show input changes before the edge rather than on it.
     * Without, skip it: every backend samples inputs set before the edge. */
    if (d->dirty && harness_waves_on())
      settle(d);
    uint64_t t_pos = (g_now_ps / HARNESS_PERIOD_PS + 1) * HARNESS_PERIOD_PS;
    be_set(d->m, d->clk, &one);
    be_advance(d->m, t_pos);
    be_set(d->m, d->clk, &zero);
    g_now_ps = t_pos + HARNESS_PERIOD_PS / 2;
    be_advance(d->m, g_now_ps);
    d->dirty = 0;
    d->cycle++;
    check_design();
    harness_tick(d->cycle);
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
