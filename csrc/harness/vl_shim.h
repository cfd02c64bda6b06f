/* vl_shim.h - what the generated Verilator shim (vl_tops.cpp) provides for each
 * top: constructors and a pointer to every port, indexed as in harness_tops. */
#ifndef HARNESS_VL_SHIM_H
#define HARNESS_VL_SHIM_H

#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

/* storage kind of a port in the Verilated model, by width */
enum { HARNESS_VL_C, HARNESS_VL_S, HARNESS_VL_I, HARNESS_VL_Q, HARNESS_VL_W };

struct harness_vl_top_t {
  void *(*create)(VerilatedContext *ctx);
  void (*destroy)(void *m);
  void (*eval)(void *m);
  void (*final)(void *m);
#if VM_TRACE
  void (*trace)(void *m, VerilatedFstC *tfp);
#endif
  void *(*port)(void *m, int i);
  const unsigned char *kinds;
};

extern const harness_vl_top_t harness_vl_tops[];

#endif
