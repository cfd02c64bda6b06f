/*
 * axil_master.h - an AXI4-Lite master for tests: a queue of register accesses driven one at a
 * time on a DUT's s_axil_* ports (docs/harness/index.md "AXI4-Lite master"), the same on every
 * backend. A cycle is axil_drive (the inputs, before the cycle's dut_get of outputs) and
 * axil_observe (after the inputs settle: what the coming edge completes). The address and data
 * of a write are offered together and may be taken in different cycles; a response must be OKAY.
 */
#ifndef HARNESS_AXIL_MASTER_H
#define HARNESS_AXIL_MASTER_H

#include <stdint.h>

#include "harness.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AXIL_QMAX 2048u /* accesses queued at most (16 XPUs' configuration is 1,300) */

typedef struct {
  uint32_t addr, data;
  int write;
  uint32_t *result; /* where a read's data goes (NULL: dropped) */
} axil_op_t;

typedef struct {
  dut_t *d;
  port_t awvalid, awready, awaddr, wvalid, wready, wdata, wstrb, bvalid, bready, bresp;
  port_t arvalid, arready, araddr, rvalid, rready, rdata, rresp;
  axil_op_t *q;
  unsigned rd, n;
  int aw, w, ar; /* the head access's address / data / read address taken */
} axil_master_t;

/* The ports s_axil_* of d. */
void axil_init(axil_master_t *a, dut_t *d);
void axil_free(axil_master_t *a);
/* Queues an access; fails the test when AXIL_QMAX are queued. */
void axil_push(axil_master_t *a, int write, uint32_t addr, uint32_t data, uint32_t *result);
/* The inputs of this cycle. */
void axil_drive(axil_master_t *a);
/* After the inputs settle: the access the coming edge completes (a write's response or a read's
 * data is valid now; the read's result is stored), else NULL. The pointer holds until the next
 * axil_push. */
const axil_op_t *axil_observe(axil_master_t *a);
/* The access being driven (the oldest queued), NULL if none. */
const axil_op_t *axil_head(const axil_master_t *a);
/* Accesses queued or in flight. */
unsigned axil_pending(const axil_master_t *a);

#ifdef __cplusplus
}
#endif
#endif
