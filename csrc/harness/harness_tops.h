/*
 * harness_tops.h - the simulator-independent description of a block's tops,
 * generated per block by scripts/gen_tops.py (tops.c) from the Verilated port
 * list, never written by hand.
 */
#ifndef HARNESS_TOPS_H
#define HARNESS_TOPS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  const char *name;
  unsigned width;
  int is_input;
} harness_port_t;

typedef struct {
  const char *name;   /* top configuration name (tops.txt) */
  const char *module; /* RTL module */
  const harness_port_t *ports;
  int nports;
  const char *params;   /* "NAME=VALUE ..." as in tops.txt (vector replay checks %param) */
  int regress;          /* @regress: TOPSET=test (make test) leaves it out */
  const char *programs; /* @program=...: on Icarus only in those programs ("" : sim.vvp) */
} harness_top_t;

extern const harness_top_t harness_tops[];
extern const int harness_ntops;
extern const char *const harness_block_name;
extern const int harness_ninst; /* instances of each top available at once */

#ifdef __cplusplus
}
#endif
#endif
