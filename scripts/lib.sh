# scripts/lib.sh - shell helpers shared by the scripts the Makefile calls.

# The Verilator toolchain of this run: VERILATOR (make VERILATOR=...), else the default of
# scripts/verilator.mk.
verilator_version() {
  local here
  here=$(dirname "${BASH_SOURCE[0]}")
  echo "${VERILATOR:-$(sed -n 's/^VERILATOR_DEFAULT *:= *//p' "$here/verilator.mk")}"
}

# build_dir SIM BLOCK VARIANT: where scripts/build.mk puts that program. The Verilator and
# SystemC programs of a toolchain other than the default go to sim_out/build/<sim>-<version>/
# (scripts/verilator.mk), so two versions never share objects.
build_dir() {
  local sim=$1 here def ver
  here=$(dirname "${BASH_SOURCE[0]}")
  def=$(sed -n 's/^VERILATOR_DEFAULT *:= *//p' "$here/verilator.mk")
  ver=${VERILATOR:-$def}
  [ "$sim" != icarus ] && [ "$ver" != "$def" ] && sim+=-$ver
  echo "sim_out/build/$sim/$2/$3"
}

# Blocks are the folders of tb/ that describe their tops.
all_blocks() {
  local d
  for d in tb/*/tops.txt; do basename "$(dirname "$d")"; done | tr '\n' ' ' | sed 's/ $//'
}

# block_mk_var B NAME: the words of NAME := ... (or =) in tb/B/block.mk, one a line, lines joined
# at a trailing backslash; nothing if the block has no block.mk or the file does not set NAME.
block_mk_var() {
  [ -f "tb/$1/block.mk" ] || return 0
  sed -n ':a; /\\$/ { N; s/\\\n/ /; ba }; s/^'"$2"' *:\?= *//p' "tb/$1/block.mk" | tr -s ' \t' '\n' | sed '/^$/d'
}

# block_deps B: the blocks B is built from, in order: common (every block uses its RTL cells, models
# and library), the BLOCK_DEPS of tb/B/block.mk (only a block that uses another block has one),
# then B. The same list gives the rtl/, csrc/ref/ and csrc/lib/ folders of B's programs.
block_deps() {
  local deps="" d out="common"
  deps=$(block_mk_var "$1" BLOCK_DEPS)
  for d in $deps $1; do [[ " $out " == *" $d "* ]] || out+=" $d"; done
  echo "$out"
}

# block_c_dirs B: the C folders B's programs compile, each that exists: csrc/lib/<d> and
# csrc/ref/<d> for every d of block_deps B.
block_c_dirs() {
  local d
  for d in $(block_deps "$1"); do
    for f in csrc/lib/$d csrc/ref/$d; do if [ -d "$f" ]; then echo "$f"; fi; done
  done | paste -sd' ' -
}

# block_py_tests B: the Python (cocotb) tests of block B, one "name top file" line each, from
# their registrations in tb/B/test_*.py: `@harness.test("<top>")` right above `async def <name>(`
# (csrc/harness/harness.py; scripts/cocotb_run.py reads them the same way).
block_py_tests() {
  local f
  for f in tb/"$1"/test_*.py; do
    [ -f "$f" ] || continue
    awk -v f="$f" '/^@harness\.test\(/ { match($0, /"[A-Za-z0-9_]+"/); top = substr($0, RSTART + 1, RLENGTH - 2); next }
      top != "" && /^@/ { next }
      top != "" && /^async def [A-Za-z0-9_]+\(/ { n = $3; sub(/\(.*/, "", n); print n, top, f }
      { top = "" }' "$f"
  done
}

# Test names of a block: its C tests (HARNESS_TEST / HARNESS_XFAIL registrations), then its Python
# tests (block_py_tests), which run on Icarus and Verilator only: block_test_names B default|all
# [SIM] leaves them out for SIM=systemc. "default" leaves out the xfail_* tests (expected to fail;
# scripts/selftest.sh runs them) and the bench_* benchmarks (scripts/bench.sh runs them).
block_test_names() {
  local names
  names=$(cat tb/"$1"/*.c 2>/dev/null | sed -n 's/^HARNESS_\(TEST\|XFAIL\)(\([A-Za-z0-9_]*\)[,)].*/\2/p')
  if [ "${3:-}" != systemc ]; then
    names=$(printf '%s\n%s' "$names" "$(block_py_tests "$1" | cut -d' ' -f1)" | sed '/^$/d')
  fi
  if [ "$2" = default ]; then
    grep -v '^xfail_\|^bench_' <<<"$names" || true
  else
    echo "$names"
  fi
}

# test_program B TEST: the Icarus program TEST of block B runs in: the NAME of the
# HARNESS_PROGRAM(NAME) its file declares (its tops are @program=NAME in tb/B/tops.txt, in
# sim_NAME.vvp), or nothing: the block's sim.vvp.
test_program() {
  local f
  f=$(grep -lE "^HARNESS_(TEST|XFAIL)\($2[,)]" tb/"$1"/*.c 2>/dev/null | head -1)
  [ -n "$f" ] && sed -n 's/^HARNESS_PROGRAM( *\([a-z0-9_]*\) *) *;.*/\1/p' "$f" | head -1
  return 0
}

# block_xfails B: the expected-failure tests of block B, one "name<TAB>regex" line each, from their
# HARNESS_XFAIL(name, "regex") registrations (scripts/selftest.sh runs them).
block_xfails() {
  cat tb/"$1"/*.c 2>/dev/null | sed -n 's/^HARNESS_XFAIL(\([A-Za-z0-9_]*\), *"\(.*\)") *{.*/\1\t\2/p'
}

# block_test_sims B: the simulators make test runs block B on: TEST_SIMS of tb/B/block.mk, by
# default Verilator and Icarus (a SystemC build of a large block costs minutes; make regress
# runs every block on all three).
block_test_sims() {
  local sims=""
  sims=$(block_mk_var "$1" TEST_SIMS | paste -sd' ' -)
  echo "${sims:-verilator icarus}"
}

# block_icarus_nightly B: the tests of block B that make test's Icarus lane leaves out
# (ICARUS_NIGHTLY in tb/B/block.mk; scripts/sim.sh with TESTSET=test): long on an event-driven
# simulator even at +quick, and each in the Verilator lane and in make regress on Icarus.
block_icarus_nightly() { block_mk_var "$1" ICARUS_NIGHTLY; }

# test_passed DIR: a run folder of scripts/run_one.sh passed: its results.xml has no failure and
# the process exited 0 (exit_code), both.
test_passed() {
  [ -f "$1/results.xml" ] && grep -q 'failures="0"' "$1/results.xml" &&
    [ "$(cat "$1/exit_code" 2>/dev/null)" = 0 ]
}

# merge_results OUT BLOCK SIM DIR... : one JUnit file from the per-test results.xml files.
merge_results() {
  local out=$1 block=$2 sim=$3 n=0 f=0 d
  shift 3
  local cases=""
  for d in "$@"; do
    n=$((n + 1))
    if [ -f "$d/results.xml" ] && ! test_passed "$d" && grep -q 'failures="0"' "$d/results.xml"; then
      f=$((f + 1))
      cases+="    <testcase name=\"$(basename "$d" | sed 's/-s[0-9]*$//')\" classname=\"$block.$sim\"><failure message=\"exited with status $(cat "$d/exit_code" 2>/dev/null) after its checks passed (see $d/console.log)\"/></testcase>"$'\n'
    elif [ -f "$d/results.xml" ]; then
      grep -q 'failures="0"' "$d/results.xml" || f=$((f + 1))
      cases+=$(sed -n '/<testcase/,/<\/testcase>\|\/>$/p' "$d/results.xml" | grep -v '<property\|testsuite')
      cases+=$'\n'
    else
      f=$((f + 1))
      cases+="    <testcase name=\"$(basename "$d" | sed 's/-s[0-9]*$//')\" classname=\"$block.$sim\"><failure message=\"no results.xml: the simulator did not run the test (see $d/console.log)\"/></testcase>"$'\n'
    fi
  done
  mkdir -p "$(dirname "$out")"
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuites name=\"results\" tests=\"$n\" failures=\"$f\">"
    echo "  <testsuite name=\"$block\" package=\"$block.$sim\" tests=\"$n\" failures=\"$f\" errors=\"0\" skipped=\"0\">"
    printf '%s' "$cases"
    echo "  </testsuite>"
    echo "</testsuites>"
  } >"$out"
}

# find_module MODULE: path of the rtl/*/MODULE.v (or .sv) that defines it, empty if none.
find_module() {
  local f
  for f in rtl/*/*.v rtl/*/*.sv; do
    if [ -f "$f" ] && [[ $(basename "${f%.*}") == "$1" ]]; then
      echo "$f"
      return
    fi
  done
}

# bench_target MESSAGE AWK-PROGRAM FILE...: a benchmark's target, checked by an awk program over
# CSV files (exit 0: met); prints "ok   MESSAGE" or "MISS MESSAGE" and on a miss sets bench_bad=1
# (a block's bench.sh ends with `exit $bench_bad`).
bench_bad=0
bench_target() {
  if awk -F, "$2" "${@:3}"; then echo "ok   $1"; else
    echo "MISS $1"
    bench_bad=1
  fi
}

# bench_one TAG BIN RUNDIR SEED NAME TEST [PLUSARGS...]: runs one benchmark test of a block's
# bench build (BIN) into RUNDIR/NAME (console.log and the test's CSV files); on failure says
# which, shows the FAIL line, and returns 1.
bench_one() {
  local tag=$1 bin=$2 d=$3/$5 seed=$4 test=$6
  shift 6
  rm -rf "$d"
  mkdir -p "$d"
  if ! "$bin" +test="$test" +seed="$seed" +outdir="$d" "$@" >"$d/console.log" 2>&1; then
    echo "$tag: $test $* failed; see $d/console.log" >&2
    grep -E '^FAIL' "$d/console.log" >&2 || tail -5 "$d/console.log" >&2
    return 1
  fi
}
