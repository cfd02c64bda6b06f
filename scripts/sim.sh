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
    # TESTSET=test (make test's Icarus lane): the block's ICARUS_NIGHTLY tests left out
    nightly=$(block_icarus_nightly "$b")
    every=$(block_test_names "$b" all) # the Python tests too, whatever this simulator runs
    for t in $nightly; do
      grep -qx -- "$t" <<<"$every" || { echo "tb/$b/block.mk: ICARUS_NIGHTLY names '$t', not a test of $b" >&2; exit 2; }
    done
    if [ "${TESTSET:-all}" = test ] && [ "$sim" = icarus ] && [ -n "$nightly" ]; then
      block_tests[$b]=$(grep -vxF -f <(echo "$nightly") <<<"${block_tests[$b]}" || true)
      echo "$b: $(wc -w <<<"$nightly") tests left out on Icarus (ICARUS_NIGHTLY, tb/$b/block.mk; make regress runs them):" $nightly
    fi
  fi
done

# One pool for the whole run: a plan (a makefile) with a build job per block (scripts/build_block.sh)
# and a run job per test (scripts/run_one.sh) after its block's build, run by one make at
# -j$jobs. The builds take their parallelism from the same job server, so the cores stay busy
# across blocks: a block's tests run while the next block compiles, and no block's last compile
# or longest test leaves a core idle until the next block starts. The builds go largest first
# (by tops), and a block's runs longest first (by the wall time of their last run, if any).
plan=sim_out/$sim/plan-$variant.mk
mkdir -p "sim_out/$sim"
order=$(for b in $blocks; do echo "$(grep -cvE '^\s*(#|$)' "tb/$b/tops.txt" 2>/dev/null || echo 0) $b"; done |
  sort -s -k1,1nr | cut -d' ' -f2)
{
  echo "# written by scripts/sim.sh for this run"
  echo ".PHONY: all"
  all="all:"
  for b in $order; do all+=" build-$b"; done
  for b in $order; do
    for t in $(for t in ${block_tests[$b]}; do
      w=$(cat "sim_out/$sim/$b/$t-s$seed/wall_s" 2>/dev/null || echo 0)
      echo "$w $t"
    done | sort -s -k1,1gr | cut -d' ' -f2); do
      all+=" run-$b-$t"
    done
  done
  echo "$all"
  for b in $order; do
    py=$(block_py_tests "$b" | awk -v sel=" $(echo ${block_tests[$b]}) " 'index(sel, " " $1 " ")')
    ctests=$(printf '%s\n' ${block_tests[$b]} | grep -vxF -f <(cut -d' ' -f1 <<<"$py" | sed '/^$/d') || true)
    bdir=$(build_dir "$sim" "$b" "$variant")
    what=""
    [ -n "$ctests" ] || what="sim_out/build/gen/$b/tops.mk"
    if [ -n "$ctests" ] && [ "$sim" = icarus ]; then
      what="$bdir/harness.vpi"
      for g in $(for t in $ctests; do p=$(test_program "$b" "$t"); echo "sim${p:+_$p}.vvp"; done | sort -u); do
        what+=" $bdir/$g"
      done
    fi
    echo ".PHONY: build-$b"
    echo "build-$b:"
    # '+': a recursive make job, given the job server
    printf '\t+@%s %s %s %s "%s" "%s"\n' "$here/build_block.sh" "$sim" "$b" "$variant" "$what" \
      "$(cut -d' ' -f2 <<<"$py" | sort -u | paste -sd' ' -)"
    for t in ${block_tests[$b]}; do
      echo ".PHONY: run-$b-$t"
      echo "run-$b-$t: build-$b"
      printf '\t@%s %s %s %s %s %s\n' "$here/run_one.sh" "$sim" "$b" "$t" "$seed" "$variant"
    done
  done
} >"$plan"
for b in $order; do
  rm -f "$(build_dir "$sim" "$b" "$variant")/build.wall"
done
# A failed build stops the plan (make without -k: the jobs under way finish, no new one starts).
if ! make -s --no-print-directory -j"$jobs" -f "$plan" all; then
  echo "the run stopped: a build failed (above)" >&2
  exit 1
fi

summary=()
total_pass=0 total_fail=0 total_skip=0 status=0
for b in $blocks; do
  outs=()
  for t in ${block_tests[$b]}; do outs+=("sim_out/$sim/$b/$t-s$seed"); done
  pass=0 fail=0 skip=0 run_s=0
  for o in "${outs[@]}"; do
    if test_passed "$o" && grep -q 'skipped="1"' "$o/results.xml"; then
      skip=$((skip + 1))
    elif test_passed "$o"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
    fi
    run_s=$(awk -v a="$run_s" -v b="$(cat "$o/wall_s" 2>/dev/null || echo 0)" 'BEGIN { print a + b }')
  done
  merge_results "sim_out/$sim/$b/results.xml" "$b" "$sim" "${outs[@]}"
  summary+=("$(printf '%-10s %-10s %6d %7d %7d %7d %8.1f %8.1f' "$b" "$sim" $((pass + fail + skip)) "$pass" "$fail" "$skip" \
    "$(cat "$(build_dir "$sim" "$b" "$variant")/build.wall")" "$run_s")")
  total_pass=$((total_pass + pass))
  total_fail=$((total_fail + fail))
  total_skip=$((total_skip + skip))
  [ "$fail" -eq 0 ] || status=1
done

echo
# build_s: the wall time of the block's build job; run_s: the sum of its runs' wall times. Both
# overlap other blocks' jobs in the pool.
printf '%-10s %-10s %6s %7s %7s %7s %8s %8s\n' block sim tests passed failed skipped build_s run_s
printf '%s\n' "${summary[@]}"
echo "$total_pass passed, $total_fail failed$([ "$total_skip" -gt 0 ] && echo ", $total_skip skipped")"
exit $status
