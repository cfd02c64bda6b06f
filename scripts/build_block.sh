#!/usr/bin/env bash
# scripts/build_block.sh SIM BLOCK VARIANT "TARGETS" "PY_TOPS" - build what one block's tests need
# on one simulator: the C harness program(s) of scripts/build.mk (TARGETS: the files to make,
# empty for the default), then, if PY_TOPS names tops, the cocotb models of scripts/cocotb.mk.
# scripts/sim.sh runs it as a job of its plan (a recursive make job): the makes here take their
# parallelism from that make's job server, shared with the other blocks' builds and the test
# runs, so no core idles while one block finishes its build. The log goes to the block's
# build.log, printed whole on a failure; build.wall gets the job's wall time in seconds.
set -uo pipefail
sim=$1 b=$2 variant=$3 targets=$4 py_tops=$5
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
bdir=$(build_dir "$sim" "$b" "$variant")
mkdir -p "$bdir"
t0=$(date +%s.%N)
fail() {
  cat "$bdir/build.log" >&2
  echo "$1 (log: $bdir/build.log)" >&2
  exit 1
}
# the block's program for its C tests (Icarus: only the programs, tops.txt @program, they need,
# and the VPI module); for Python tests alone, the generated glue
# shellcheck disable=SC2086 # targets: a list of files
make -s -f scripts/build.mk BLOCK="$b" SIM="$sim" VARIANT="$variant" $targets >"$bdir/build.log" 2>&1 ||
  fail "build of block $b for $sim failed"
# Python tests: the block's C models as a library (ctypes), and a program per top (scripts/cocotb.mk;
# on Verilator 5.048 whatever VERILATOR says: cocotb 2.x needs it). The Verilator runtime of those
# programs is one for all blocks (sim_out/build/cocotb/verilator/rt): the lock keeps two blocks'
# builds in the pool from writing it at once.
if [ -n "$py_tops" ]; then
  mkdir -p sim_out/build/cocotb
  { scripts/ctools.sh lib "$b" >/dev/null &&
    flock sim_out/build/cocotb/.lock \
      make -s -f scripts/cocotb.mk BLOCK="$b" SIM="$sim" VARIANT="$variant" PY_TOPS="$py_tops"; } \
    >>"$bdir/build.log" 2>&1 || fail "build of the Python tests of block $b for $sim failed"
fi
awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", b - a }' >"$bdir/build.wall"
