/*
 * backend.h - what a simulator backend provides to the harness core (dut.c)
 * and the runner (runner.c). Exactly one backend is linked into a test
 * program: be_verilator.cpp, be_icarus.c (VPI) or be_systemc.cpp.
 *
 * Time is in picoseconds and owned by the core: it asks the backend to settle
 * combinational logic at the current time, or to advance to an absolute time.
 */
#ifndef HARNESS_BACKEND_H
#define HARNESS_BACKEND_H

#include <stdint.h>

#include "harness_tops.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct be_model be_model_t;

/* Open instance `inst` (0 .. harness_ninst-1) of top `top_index`; inputs start
 * at zero. wave_path is NULL unless waves were asked for. Returns NULL with a
 * message in err on failure. */
be_model_t *be_open(int top_index, int inst, const char *wave_path, char *err, unsigned errlen);
void be_close(be_model_t *m);
/* Port index as in harness_tops[top].ports. Words least significant first. */
void be_set(be_model_t *m, int port, const uint32_t *words);
/* xz (may be NULL) receives a mask of bits that were X or Z (4-state sims). */
void be_get(be_model_t *m, int port, uint32_t *words, uint32_t *xz);
/* Direct access for the fast path: a pointer to the port's storage if the
 * backend keeps ports as plain memory (Verilator), else NULL. *kind is the
 * storage size for ports up to 64 bits: 1, 2, 4 or 8 bytes (0 for wider). */
void *be_port_direct(be_model_t *m, int port, int *kind);
/* Propagate input changes through combinational logic; time moves to t_ps
 * (the core passes now + 1 ps: event-driven simulators need a time step). */
void be_settle(be_model_t *m, uint64_t t_ps);
/* Advance to absolute time t_ps, evaluating everything (clock edges included)
 * and dumping waves there. */
void be_advance(be_model_t *m, uint64_t t_ps);
void be_waves(be_model_t *m, int on);

const char *be_sim_name(void);
int be_top_built(int top_index); /* 0 if the program was built without this top */
/* 1 if the program was built with every top of its own (TOPSET=all: make sim, regress), 0 if
 * the @regress tops were left out (TOPSET=test) */
int be_every_top(void);
/* Called once when the test is over (pass or fail): flush waves, write coverage. */
void be_run_end(const char *outdir);

/* The runner entry point every backend calls (from main, the VPI start-up
 * coroutine or an SC_THREAD). Returns the process exit code. */
int harness_main(int argc, char **argv);
/* A backend reports a design-side fatal error ($fatal, failed assertion):
 * recorded, and the current test fails at the next harness call. */
void harness_design_error(const char *msg);
/* The simulator ended before the test did (e.g. $fatal under Icarus): write
 * results for the running test as failed. Returns the exit code. */
int harness_sim_ended(const char *why);

#ifdef __cplusplus
}
#endif
#endif
