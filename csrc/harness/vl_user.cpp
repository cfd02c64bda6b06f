// vl_user.cpp - what Verilator calls on $stop, $fatal (failed assertions) and
// $finish when its runtime is built with VL_USER_STOP / VL_USER_FATAL /
// VL_USER_FINISH (scripts/build.mk): instead of aborting the process, the
// design error is handed to the harness and the running test fails with it.
// Linked into the Verilator and the SystemC programs.
#include <cstdio>

#include "backend.h"
#include "verilated.h"

void vl_stop(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE {
  char msg[512];
  std::snprintf(msg, sizeof msg, "$stop/$fatal at %s:%d (%s)", filename, linenum, hier);
  harness_design_error(msg);
}

void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE {
  char buf[768];
  std::snprintf(buf, sizeof buf, "fatal at %s:%d (%s): %s", filename, linenum, hier, msg);
  harness_design_error(buf);
}

void vl_finish(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE {
  (void)hier;
  char msg[512];
  std::snprintf(msg, sizeof msg, "$finish at %s:%d", filename, linenum);
  harness_design_error(msg);
}
