#!/usr/bin/env bash
# scripts/test.sh - `make test`: every stage runs, each ends with 'N passed, N failed';
# the last line is their sum. Exit non-zero if anything failed.
set -uo pipefail
mkdir -p sim_out
log=sim_out/test.log
: >"$log"
total_p=0 total_f=0 status=0
stage() {
  local name=$1
  shift
  echo "=== $name"
  "$@" 2>&1 | tee -a "$log" | tee sim_out/stage.out
  local rc=${PIPESTATUS[0]}
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' sim_out/stage.out | tail -1)
  if [ -z "$line" ]; then
    echo "stage '$name' printed no result line (exit $rc)"
    total_f=$((total_f + 1))
    status=1
    return
  fi
  local p f
  p=${line%% passed*}
  f=${line#*passed, }
  f=${f%% failed*}
  total_p=$((total_p + p))
  total_f=$((total_f + f))
  [ "$rc" -eq 0 ] && [ "$f" -eq 0 ] || status=1
}
stage "C unit tests (csrc/ref)" bash -c '$(scripts/ctools.sh unit)'
stage "golden vectors reproducible" scripts/vectors.sh check
for sim in verilator icarus; do
  stage "sim: all blocks on $sim" scripts/sim.sh $sim "$(. scripts/lib.sh; all_blocks)" "" 1 0 0
done
# SystemC: the blocks that prove the backend (every port width and kind, every harness path).
# A SystemC build costs a minute or more per block (each top is a C++ model compiled against
# systemc.h), so the other blocks run on SystemC in `make regress` (nightly), which runs every
# block on every simulator; `make sim SIM=systemc BLOCK=..` runs one at any time.
stage "sim: common and harness on systemc" scripts/sim.sh systemc "common harness" "" 1 0 0
stage "harness self-checks" scripts/selftest.sh
stage "waves: FST + save file open in GTKWave" scripts/check_waves.sh
rm -f sim_out/stage.out
echo
echo "$total_p passed, $total_f failed"
exit $status
