#!/usr/bin/env bash
# scripts/sim.sh - build and run the tests of one or more blocks on one simulator,
# then print a summary table. Called by `make sim`; usable directly:
#   scripts/sim.sh SIM "BLOCKS" "TEST" SEED WAVES COVERAGE
# Each test runs in its own process and writes sim_out/<sim>/<block>/<test>-s<seed>/
# (run.log, console.log, results.xml, waves.fst or coverage.dat).
set -uo pipefail

sim=$1 blocks=$2 test=$3 seed=$4 waves=$5 cov=$6
jobs=${JOBS:-$(nproc)}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"

case $sim in verilator | icarus | systemc) ;; *)
  echo "unknown SIM '$sim'; valid: verilator icarus systemc" >&2
  exit 2
  ;;
esac
[[ $seed =~ ^[0-9]+$ ]] || { echo "bad SEED '$seed': want an unsigned integer" >&2; exit 2; }
variant=plain
[ "$waves" = 1 ] && variant=waves
if [ "$cov" = 1 ]; then
  [ "$sim" = verilator ] || { echo "COVERAGE=1 needs SIM=verilator (Verilator's coverage)" >&2; exit 2; }
  [ "$variant" = waves ] && { echo "WAVES=1 and COVERAGE=1 together are not supported; run them apart" >&2; exit 2; }
  variant=cov
fi
if [ -n "$test" ] && [ "$(wc -w <<<"$blocks")" -ne 1 ]; then
  echo "TEST=$test needs BLOCK=<one block>; valid blocks: $(all_blocks)" >&2
  exit 2
fi

# Validate everything before building anything.
declare -A block_tests
for b in $blocks; do
  valid=$(block_test_names "$b" all "$sim")
  if [ -n "$test" ]; then
    if [ "$sim" = systemc ] && block_py_tests "$b" | cut -d' ' -f1 | grep -qx -- "$test"; then
      echo "TEST=$test is a Python (cocotb) test: it runs on SIM=icarus or SIM=verilator" >&2
      exit 2
    fi
    if ! grep -qx -- "$test" <<<"$valid"; then
      echo "unknown TEST '$test' for BLOCK=$b; valid: $(echo $valid)" >&2
      exit 2
    fi
    block_tests[$b]=$test
  else
    block_tests[$b]=$(block_test_names "$b" default "$sim")
  fi
done

summary=()
total_pass=0 total_fail=0 total_skip=0 status=0
for b in $blocks; do
  bdir=$(build_dir "$sim" "$b" "$variant")
  mkdir -p "$bdir"
  t0=$(date +%s.%N)
  # The Python tests among those to run ("name top file" lines), and whether any C test is.
  py=$(block_py_tests "$b" | awk -v sel=" $(echo ${block_tests[$b]}) " 'index(sel, " " $1 " ")')
  ctests=$(printf '%s\n' ${block_tests[$b]} | grep -vxF -f <(cut -d' ' -f1 <<<"$py" | sed '/^$/d') || true)
  # The block's program, for its C tests; the Python tests need only the generated glue, and
  # their own builds below.
  what=()
  [ -n "$ctests" ] || what=("sim_out/build/gen/$b/tops.mk")
  # Icarus: only the programs (tops.txt @program) the tests to run need, and the VPI module
  if [ -n "$ctests" ] && [ "$sim" = icarus ]; then
    what=("$bdir/harness.vpi")
    for g in $(for t in $ctests; do p=$(test_program "$b" "$t"); echo "sim${p:+_$p}.vvp"; done | sort -u); do
      what+=("$bdir/$g")
    done
  fi
  if ! make -s -f scripts/build.mk BLOCK="$b" SIM="$sim" VARIANT="$variant" -j"$jobs" "${what[@]}" >"$bdir/build.log" 2>&1; then
    cat "$bdir/build.log" >&2
    echo "build of block $b for $sim failed (log: $bdir/build.log)" >&2
    exit 1
  fi
  # Python tests: the block's C models as a library (ctypes), and a program per top
  # (scripts/cocotb.mk; on Verilator 5.048 whatever VERILATOR says: cocotb 2.x needs it).
  if [ -n "$py" ]; then
    if ! { scripts/ctools.sh lib "$b" >/dev/null &&
      make -s -f scripts/cocotb.mk BLOCK="$b" SIM="$sim" VARIANT="$variant" \
        PY_TOPS="$(cut -d' ' -f2 <<<"$py" | sort -u | paste -sd' ' -)" -j"$jobs"; } >>"$bdir/build.log" 2>&1; then
      cat "$bdir/build.log" >&2
      echo "build of the Python tests of block $b for $sim failed (log: $bdir/build.log)" >&2
      exit 1
    fi
  fi
  t1=$(date +%s.%N)
  outs=()
  for t in ${block_tests[$b]}; do outs+=("sim_out/$sim/$b/$t-s$seed"); done
  # One process per test, $jobs at a time; the runner's own lines are shown, the rest
  # stays in console.log.
  printf '%s\n' ${block_tests[$b]} |
    xargs -P "$jobs" -I{} "$here/run_one.sh" "$sim" "$b" {} "$seed" "$variant"
  pass=0 fail=0 skip=0
  for o in "${outs[@]}"; do
    if test_passed "$o" && grep -q 'skipped="1"' "$o/results.xml"; then
      skip=$((skip + 1))
    elif test_passed "$o"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
    fi
  done
  t2=$(date +%s.%N)
  merge_results "sim_out/$sim/$b/results.xml" "$b" "$sim" "${outs[@]}"
  summary+=("$(printf '%-10s %-10s %6d %7d %7d %7d %8.1f %8.1f' "$b" "$sim" $((pass + fail + skip)) "$pass" "$fail" "$skip" \
    "$(awk "BEGIN{print $t1 - $t0}")" "$(awk "BEGIN{print $t2 - $t1}")")")
  total_pass=$((total_pass + pass))
  total_fail=$((total_fail + fail))
  total_skip=$((total_skip + skip))
  [ "$fail" -eq 0 ] || status=1
done

echo
printf '%-10s %-10s %6s %7s %7s %7s %8s %8s\n' block sim tests passed failed skipped build_s run_s
printf '%s\n' "${summary[@]}"
# a skipped test (harness_skip: no meaningful form at this scale) is neither passed nor failed
echo "$total_pass passed, $total_fail failed$([ "$total_skip" -gt 0 ] && echo ", $total_skip skipped")"
exit $status
