/* vl_user.h - what vl_user.cpp gives the Verilator and SystemC backends. */
#ifndef HARNESS_VL_USER_H
#define HARNESS_VL_USER_H

#include "verilated.h"

/* Random initial state of every model of ctx, seeded from +seed= (and +verilator+ overrides);
 * call before the first model is created. */
void harness_vl_random_init(VerilatedContext *ctx, int argc, char **argv);

#endif
