#!/usr/bin/env bash
# scripts/run_one.sh SIM BLOCK TEST SEED VARIANT - run one test in its own process.
# Prints the runner's verdict lines; the whole console goes to <outdir>/console.log.
set -uo pipefail
sim=$1 block=$2 test=$3 seed=$4 variant=$5
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
b=$(build_dir "$sim" "$block" "$variant")
out=sim_out/$sim/$block/$test-s$seed
rm -rf "$out"
mkdir -p "$out"
args=(+test="$test" +seed="$seed" +outdir="$out")
[ "$variant" = waves ] && args+=(+waves=1)
# PLUSARGS (make sim PLUSARGS='+quick'): extra plusargs a test reads, words of +name[=value]
read -r -a extra <<<"${PLUSARGS:-}"
args+=("${extra[@]}")
if block_py_tests "$block" | cut -d' ' -f1 | grep -qx -- "$test"; then
  # a Python (cocotb) test: scripts/cocotb_run.py starts the simulator and writes the same files
  cmd=(.venv/bin/python3 scripts/cocotb_run.py "$sim" "$block" "$test" "$seed" "$variant" "$out")
else
  case $sim in
    icarus)
      fst=()
      [ "$variant" = waves ] && fst=(-fst) && args+=(+wavefile="$out/waves.fst")
      # the program of the test's file (HARNESS_PROGRAM; scripts/build.mk): sim.vvp or sim_NAME.vvp
      prog=$(test_program "$block" "$test")
      cmd=(vvp -n -M "$b" -m harness "$b/sim${prog:+_$prog}.vvp" "${fst[@]}" "${args[@]}")
      ;;
    *) cmd=("$b/sim" "${args[@]}") ;;
  esac
fi
t0=$(date +%s.%N)
"${cmd[@]}" >"$out/console.log" 2>&1
rc=$?
# the run's wall time: scripts/sim.sh sums a block's, and starts the longest runs first next time
awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", b - a }' >"$out/wall_s"
# A test passes only if the process exits 0 and results.xml has no failure: a crash after the
# runner wrote its verdict (closing the FST, writing coverage) fails it too. The exit status is
# kept beside the results for scripts/sim.sh.
echo "$rc" >"$out/exit_code"
grep -E '^(PASS|FAIL|SKIP) |^  reproduce:' "$out/console.log" || true
repro="  reproduce: make sim BLOCK=$block TEST=$test SEED=$seed SIM=$sim WAVES=1${PLUSARGS:+ PLUSARGS='$PLUSARGS'}"
if [ ! -f "$out/results.xml" ]; then
  echo "FAIL $block.$test: the simulator exited ($rc) without a result; see $out/console.log"
  tail -5 "$out/console.log" | sed 's/^/    /'
  echo "$repro"
elif [ "$rc" -ne 0 ] && grep -q 'failures="0"' "$out/results.xml"; then
  echo "FAIL $block.$test: exited with status $rc after its checks passed; see $out/console.log"
  tail -3 "$out/console.log" | sed 's/^/    /'
  echo "$repro"
fi
exit 0
