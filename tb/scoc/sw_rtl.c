/* sw_rtl.c - see sw_rtl.h. */
#include "sw_rtl.h"

#include <string.h>

#define MAXW HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)

static unsigned clog2u(unsigned v) {
  unsigned b = 0;
  while ((1u << b) < v)
    b++;
  return b;
}

void sw_put_bits(uint32_t *w, unsigned pos, unsigned width, uint64_t v) {
  for (unsigned b = 0; b < width; b++)
    if ((v >> b) & 1u)
      w[(pos + b) / 32] |= 1u << ((pos + b) % 32);
}

uint64_t sw_get_bits(const uint32_t *w, unsigned pos, unsigned width) {
  uint64_t v = 0;
  for (unsigned b = 0; b < width; b++)
    v |= (uint64_t)((w[(pos + b) / 32] >> ((pos + b) % 32)) & 1u) << b;
  return v;
}

void sw_rtl_open(sw_rtl_t *r, const char *top, unsigned n, unsigned dw) {
  memset(r, 0, sizeof *r);
  r->d = dut_open(top);
  r->n = n, r->dw = dw, r->nw = clog2u(n);
  dut_t *d = r->d;
  r->in_valid = dut_port(d, "in_valid"), r->in_ready = dut_port(d, "in_ready");
  r->in_data = dut_port(d, "in_data"), r->in_last = dut_port(d, "in_last");
  r->in_dst = dut_port(d, "in_dst"), r->out_valid = dut_port(d, "out_valid");
  r->out_ready = dut_port(d, "out_ready"), r->out_data = dut_port(d, "out_data");
  r->out_last = dut_port(d, "out_last"), r->err_len = dut_port(d, "err_len");
  r->err_dst = dut_port(d, "err_dst");
  CHECK_EQ(dut_width(d, r->in_valid), n, "in_valid width (ports)");
  CHECK_EQ(dut_width(d, r->in_data), n * dw, "in_data width (ports x DW)");
  uint32_t zero[MAXW] = {0};
  dut_set(d, r->in_valid, zero);
  dut_set(d, r->in_data, zero);
  dut_set(d, r->in_last, zero);
  dut_set(d, r->in_dst, zero);
  dut_set(d, r->out_ready, zero);
  dut_reset(d, 2);
}

void sw_rtl_close(sw_rtl_t *r) { dut_close(r->d); }

void sw_rtl_outputs(const void *rv, sw_link_out_t *o) {
  const sw_rtl_t *r = rv;
  uint32_t rdy[MAXW], ov[MAXW], ol[MAXW], od[MAXW], xz[MAXW];
  dut_get(r->d, r->in_ready, rdy);
  dut_get(r->d, r->out_valid, ov);
  /* data and last of an idle output may be X on Icarus (memories are not reset) */
  dut_get_xz(r->d, r->out_last, ol, xz);
  dut_get_xz(r->d, r->out_data, od, xz);
  for (unsigned p = 0; p < r->n; p++) {
    o->in_ready[p] = (uint8_t)sw_get_bits(rdy, p, 1);
    o->out_valid[p] = (uint8_t)sw_get_bits(ov, p, 1);
    o->out_last[p] = (uint8_t)sw_get_bits(ol, p, 1);
    o->out_data[p] = sw_get_bits(od, p * r->dw, r->dw);
  }
  for (unsigned p = 0; p < r->n; p++) /* where valid, no X allowed */
    if (o->out_valid[p])
      CHECK(sw_get_bits(xz, p * r->dw, r->dw) == 0, "%s: out_data[%u] has X/Z bits at cycle %llu",
            dut_top(r->d), p, (unsigned long long)dut_cycle(r->d));
}

void sw_rtl_clock(void *rv, const sw_link_in_t *in) {
  sw_rtl_t *r = rv;
  uint32_t v[MAXW] = {0}, dt[MAXW] = {0}, l[MAXW] = {0}, ds[MAXW] = {0}, rd[MAXW] = {0};
  uint64_t mask = r->dw >= 64 ? ~0ull : (1ull << r->dw) - 1ull;
  for (unsigned p = 0; p < r->n; p++) {
    sw_put_bits(v, p, 1, in->in_valid[p]);
    sw_put_bits(dt, p * r->dw, r->dw, in->in_data[p] & mask);
    sw_put_bits(l, p, 1, in->in_last[p]);
    sw_put_bits(ds, p * r->nw, r->nw, in->in_dst[p]);
    sw_put_bits(rd, p, 1, in->out_ready[p]);
  }
  dut_set(r->d, r->in_valid, v);
  dut_set(r->d, r->in_data, dt);
  dut_set(r->d, r->in_last, l);
  dut_set(r->d, r->in_dst, ds);
  dut_set(r->d, r->out_ready, rd);
  dut_step(r->d, 1);
}

sw_ops_t sw_rtl_ops(sw_rtl_t *r) {
  sw_ops_t ops = {r, r->n, r->dw, sw_rtl_outputs, sw_rtl_clock};
  return ops;
}

void sw_compare_links(const sw_rtl_t *r, const sw_link_out_t *rtl, const sw_link_out_t *model) {
  unsigned long long c = (unsigned long long)dut_cycle(r->d);
  const char *top = dut_top(r->d);
  for (unsigned p = 0; p < r->n; p++) {
    if (rtl->in_ready[p] != model->in_ready[p])
      FAIL("%s: in_ready[%u] at cycle %llu: %u, model says %u", top, p, c, rtl->in_ready[p],
           model->in_ready[p]);
    if (rtl->out_valid[p] != model->out_valid[p])
      FAIL("%s: out_valid[%u] at cycle %llu: %u, model says %u", top, p, c, rtl->out_valid[p],
           model->out_valid[p]);
    if (!rtl->out_valid[p])
      continue;
    if (rtl->out_last[p] != model->out_last[p])
      FAIL("%s: out_last[%u] at cycle %llu: %u, model says %u", top, p, c, rtl->out_last[p],
           model->out_last[p]);
    if (rtl->out_data[p] != model->out_data[p])
      FAIL("%s: out_data[%u] at cycle %llu: 0x%llx, model says 0x%llx", top, p, c,
           (unsigned long long)rtl->out_data[p], (unsigned long long)model->out_data[p]);
  }
  harness_count_check();
}
