/* harness_int.h - between the harness core (dut.c), the runner and vector
 * player; not for tests. */
#ifndef HARNESS_INT_H
#define HARNESS_INT_H

#include <stdint.h>

#define HARNESS_MAX_DUTS 8

const char *harness_design_error_msg(void);         /* NULL when none */
extern int harness_design_flag;                     /* set with the message: cheap to poll */
extern uint64_t harness_cycles, harness_max_cycles; /* watchdog */
/* Wave file of the n-th DUT opened in this test (waves.fst, waves_1.fst, ...):
 * NULL unless WAVES=1. */
const char *harness_wave_path(int n);
void harness_watchdog(uint64_t cycle) __attribute__((noreturn)); /* past max_cycles */
void harness_close_all(void);
uint64_t harness_now_ps(void);

#endif
