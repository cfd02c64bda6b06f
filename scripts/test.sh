#!/usr/bin/env bash
# scripts/test.sh - `make test`: every stage runs, each ends with 'N passed, N failed';
# the last line is their sum. Exit non-zero if anything failed.
# Each stage prints its wall time, and a table of them closes the run, so every CI log shows
# where the budget (docs/harness/index.md "Time budget": under 15 min on 2 cores) goes.
set -uo pipefail
mkdir -p sim_out
log=sim_out/test.log
: >"$log"
total_p=0 total_f=0 status=0
t_start=$(date +%s)
times=()
# cpu: CPU seconds (user + system) of every finished child so far, less noisy than wall
# time when other jobs share the cores. `times` must run in this shell: in a subshell, as
# in $(...), it would count that subshell's children, none.
cpu_now() {
  times >sim_out/times.out
  cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
    printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' sim_out/times.out)
}
stage() {
  local name=$1
  shift
  echo "=== $name"
  local t0 c0 dt dc
  cpu_now
  t0=$(date +%s) c0=$cpu
  "$@" 2>&1 | tee -a "$log" | tee sim_out/stage.out
  local rc=${PIPESTATUS[0]}
  cpu_now
  dt=$(($(date +%s) - t0)) dc=$((cpu - c0))
  echo "  (stage took $dt s, $dc s CPU)" | tee -a "$log"
  times+=("$(printf '%6d s %7d s  %s' "$dt" "$dc" "$name")")
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
# unit tests of every block's models and libraries, one program per block (scripts/ctools.sh),
# two blocks at a time (each a single-threaded compile and run); printed in block order
unit_one() {
  local b=$1 prog rc
  prog=$(scripts/ctools.sh unit "$b") || { rc=$?; [ $rc -eq 3 ] && return 3; echo "FAIL build of the $b unit tests"; return 1; }
  echo "--- $b"
  "$prog"
}
unit_all() {
  local b p=0 f=0 line blocks
  blocks=$(. scripts/lib.sh; all_blocks)
  for b in $blocks; do
    [ "$(jobs -rp | wc -l)" -lt 2 ] || wait -n
    unit_one "$b" >"sim_out/unit_$b.out" 2>&1 &
  done
  wait
  for b in $blocks; do
    [ -s "sim_out/unit_$b.out" ] || { rm -f "sim_out/unit_$b.out"; continue; } # no unit tests
    cat "sim_out/unit_$b.out"
    line=$(tail -1 "sim_out/unit_$b.out")
    rm -f "sim_out/unit_$b.out"
    [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]] || { echo "FAIL $b unit tests: no result line"; f=$((f + 1)); continue; }
    p=$((p + BASH_REMATCH[1])) f=$((f + BASH_REMATCH[2]))
  done
  echo "$p passed, $f failed"
  [ $f -eq 0 ]
}
stage "C unit tests (csrc/ref, csrc/lib)" unit_all
stage "golden vectors reproducible" scripts/vectors.sh check
# TOPSET=test: the programs leave the @regress tops (tb/<b>/tops.txt) out: the three largest
# configurations, a large share of the Verilator lane's compile time and of every Icarus start;
# the modules run in their other configurations; make sim and make regress build every top.
stage "sim: all blocks on verilator" env TOPSET=test scripts/sim.sh verilator "$(. scripts/lib.sh; all_blocks)" "" 1 0 0
# Icarus runs the same tests with +quick: tests whose default length would take minutes on an
# event-driven simulator (the two-endpoint SUE tests: about 80 cycles a second there) run a
# tenth of it, with every check; make sim and make regress run them at full length.
# TESTSET=test: a block's ICARUS_NIGHTLY tests (tb/<b>/block.mk: the longest two-instance SUE
# tests, 20 to 80 s each here even at +quick) are left out; they run in the Verilator lane, and
# on Icarus in make regress.
stage "sim: all blocks on icarus (+quick)" env PLUSARGS=+quick TOPSET=test TESTSET=test \
  scripts/sim.sh icarus "$(. scripts/lib.sh; all_blocks)" "" 1 0 0
# SystemC: the blocks whose TEST_SIMS (tb/<block>/block.mk) name it, those that prove the
# backend (every port width and kind, every harness path). A SystemC build costs a minute or more
# per block (each top is a C++ model compiled against systemc.h), so the other blocks run on
# SystemC in `make regress` (nightly), which runs every block on every simulator;
# `make sim SIM=systemc BLOCK=..` runs one at any time.
sc_blocks=$(. scripts/lib.sh; for b in $(all_blocks); do [[ " $(block_test_sims "$b") " == *" systemc "* ]] && echo "$b"; done | paste -sd' ' -)
stage "sim: $sc_blocks on systemc" env TOPSET=test scripts/sim.sh systemc "$sc_blocks" "" 1 0 0
# the self-checks build blocks too: with the same TOPSET as the lanes above, they reuse those builds
stage "harness self-checks" env TOPSET=test scripts/selftest.sh
stage "waves: FST + save file open in GTKWave" scripts/check_waves.sh
# the total CPU is read here, in this shell: inside the { } | tee below, a subshell, it would be 0
cpu_now
total_cpu=$cpu
rm -f sim_out/stage.out sim_out/times.out
{
  echo
  echo "stage times:"
  printf '  %8s %9s\n' wall CPU
  printf '  %s\n' "${times[@]}"
  printf '  %6d s %7d s  total\n' $(($(date +%s) - t_start)) "$total_cpu"
  # other jobs on the machine stretch every figure; the load says how much
  echo "  (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
} | tee -a "$log"
echo
echo "$total_p passed, $total_f failed"
exit $status
