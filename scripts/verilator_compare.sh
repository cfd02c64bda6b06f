#!/usr/bin/env bash
# scripts/verilator_compare.sh [BLOCKS] - the two Verilator toolchains (scripts/verilator.mk) side by
# side on make test's Verilator lane, block by block, the versions interleaved so that the load of
# a shared machine falls on both alike (docs/performance.md "Verilator 5.006 vs 5.048"):
#   build   a clean build of the block's test program (scripts/build.mk, -j$JOBS): wall and CPU
#   run     every C test of the block's default list, $JOBS at a time as scripts/sim.sh runs them
#           (the Python tests run on 5.048 whatever the choice, so they are left out): wall, CPU
#   speed   cycles per second of the block's representative test: the one with the most cycles
#           (same test, seed 1 and scale on both versions), from its results.xml
# Writes sim_out/reports/verilator_compare.csv and prints it as a table.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
blocks=${1:-$(all_blocks)}
jobs=${JOBS:-2}
versions=$(sed -n 's/^VERILATORS_ALL *:= *//p' "$here/verilator.mk")
out=sim_out/reports/verilator_compare.csv
mkdir -p sim_out/reports
echo "block,verilator,build_wall_s,build_cpu_s,run_wall_s,run_cpu_s,tests,failed,speed_test,cycles,test_s,cycles_per_s" >"$out"

# t_cmd OUTFILE CMD...: runs CMD, writes "wall cpu" (CPU of CMD and its children) to OUTFILE.
t_cmd() {
  local f=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$f.time" "$@"
  local rc=$?
  awk '{ printf "%.1f %.1f\n", $1, $2 + $3 }' "$f.time" >"$f"
  return $rc
}

for b in $blocks; do
  c_tests=$(block_test_names "$b" default systemc) # the C tests only
  speed_test=""
  for v in $versions; do
    export VERILATOR=$v
    bdir=$(build_dir verilator "$b" plain)
    rm -rf "$bdir"
    mkdir -p "$bdir"
    if ! t_cmd /tmp/vc.build make -s -f scripts/build.mk BLOCK="$b" SIM=verilator VARIANT=plain -j"$jobs" >"$bdir/build.log" 2>&1; then
      echo "verilator_compare: build of $b with Verilator $v failed ($bdir/build.log)" >&2
      exit 1
    fi
    t_cmd /tmp/vc.run bash -c 'printf "%s\n" $1 | xargs -P "$2" -I{} "$3/run_one.sh" verilator "$4" {} 1 plain >/dev/null' \
      - "$c_tests" "$jobs" "$here" "$b"
    n=0 failed=0
    for t in $c_tests; do
      n=$((n + 1))
      test_passed "sim_out/verilator/$b/$t-s1" || failed=$((failed + 1))
    done
    # the representative test: most cycles in the first version's run, then the same on the other
    if [ -z "$speed_test" ]; then
      speed_test=$(for t in $c_tests; do
        printf '%s %s\n' "$(sed -n 's/.* cycles="\([0-9]*\)".*/\1/p' "sim_out/verilator/$b/$t-s1/results.xml" 2>/dev/null | head -1)" "$t"
      done | sort -n | tail -1 | cut -d' ' -f2)
    fi
    x=sim_out/verilator/$b/$speed_test-s1/results.xml
    cyc=$(sed -n 's/.*<testcase .* time="\([0-9.]*\)" .* cycles="\([0-9]*\)".*/\2/p' "$x" | head -1)
    secs=$(sed -n 's/.*<testcase .* time="\([0-9.]*\)" .* cycles="\([0-9]*\)".*/\1/p' "$x" | head -1)
    read -r bw bc <"/tmp/vc.build"
    read -r rw rc <"/tmp/vc.run"
    # below 50 ms (results.xml has milliseconds) a rate says nothing: n/a
    echo "$b,$v,$bw,$bc,$rw,$rc,$n,$failed,$speed_test,$cyc,$secs,$(awk "BEGIN { if ($secs < 0.05) print \"n/a\"; else printf \"%.0f\", $cyc / $secs }")" >>"$out"
    tail -1 "$out"
  done
done
echo
column -s, -t "$out"
echo "(load average at the end: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
