/*
 * axil_master.c - the tests' AXI4-Lite master; see axil_master.h.
 */
#include "axil_master.h"

#include <stdlib.h>

void axil_init(axil_master_t *a, dut_t *d) {
  a->d = d;
#define P(f, n) a->f = dut_port(d, n)
  P(awvalid, "s_axil_awvalid"), P(awready, "s_axil_awready"), P(awaddr, "s_axil_awaddr");
  P(wvalid, "s_axil_wvalid"), P(wready, "s_axil_wready"), P(wdata, "s_axil_wdata");
  P(wstrb, "s_axil_wstrb"), P(bvalid, "s_axil_bvalid"), P(bready, "s_axil_bready");
  P(bresp, "s_axil_bresp"), P(arvalid, "s_axil_arvalid"), P(arready, "s_axil_arready");
  P(araddr, "s_axil_araddr"), P(rvalid, "s_axil_rvalid"), P(rready, "s_axil_rready");
  P(rdata, "s_axil_rdata"), P(rresp, "s_axil_rresp");
#undef P
  a->q = calloc(AXIL_QMAX, sizeof *a->q);
  if (!a->q)
    FAIL("out of memory");
  a->rd = a->n = 0;
  a->aw = a->w = a->ar = 0;
}

void axil_free(axil_master_t *a) {
  free(a->q);
  a->q = NULL;
}

void axil_push(axil_master_t *a, int write, uint32_t addr, uint32_t data, uint32_t *result) {
  CHECK(a->n < AXIL_QMAX, "AXI4-Lite queue full (%u accesses)", AXIL_QMAX);
  axil_op_t *o = &a->q[(a->rd + a->n++) % AXIL_QMAX];
  o->write = write;
  o->addr = addr;
  o->data = data;
  o->result = result;
}

void axil_drive(axil_master_t *a) {
  dut_t *d = a->d;
  const axil_op_t *o = a->n ? &a->q[a->rd] : NULL;
  int wr = o && o->write, rd = o && !o->write;
  dut_set_u64(d, a->awvalid, (uint64_t)(wr && !a->aw));
  dut_set_u64(d, a->awaddr, wr ? o->addr : 0);
  dut_set_u64(d, a->wvalid, (uint64_t)(wr && !a->w));
  dut_set_u64(d, a->wdata, wr ? o->data : 0);
  dut_set_u64(d, a->wstrb, 0xF);
  dut_set_u64(d, a->bready, 1);
  dut_set_u64(d, a->arvalid, (uint64_t)(rd && !a->ar));
  dut_set_u64(d, a->araddr, rd ? o->addr : 0);
  dut_set_u64(d, a->rready, 1);
}

const axil_op_t *axil_observe(axil_master_t *a) {
  dut_t *d = a->d;
  if (!a->n)
    return NULL;
  axil_op_t *o = &a->q[a->rd];
  int done = 0;
  if (o->write) {
    if (!a->aw && dut_get_u64(d, a->awready))
      a->aw = 1;
    if (!a->w && dut_get_u64(d, a->wready))
      a->w = 1;
    if (dut_get_u64(d, a->bvalid)) {
      CHECK_EQ(dut_get_u64(d, a->bresp), 0, "AXI4-Lite write response");
      done = 1;
    }
  } else {
    if (!a->ar && dut_get_u64(d, a->arready))
      a->ar = 1;
    if (dut_get_u64(d, a->rvalid)) {
      CHECK_EQ(dut_get_u64(d, a->rresp), 0, "AXI4-Lite read response");
      if (o->result)
        *o->result = (uint32_t)dut_get_u64(d, a->rdata);
      done = 1;
    }
  }
  if (!done)
    return NULL;
  a->aw = a->w = a->ar = 0;
  a->rd = (a->rd + 1) % AXIL_QMAX;
  a->n--;
  return o;
}

unsigned axil_pending(const axil_master_t *a) { return a->n; }

const axil_op_t *axil_head(const axil_master_t *a) { return a->n ? &a->q[a->rd] : NULL; }
