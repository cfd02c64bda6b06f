# scripts/lib.sh - shell helpers shared by the scripts the Makefile calls.

# Blocks are the folders of tb/ that describe their tops.
all_blocks() {
  local d
  for d in tb/*/tops.txt; do basename "$(dirname "$d")"; done | tr '\n' ' ' | sed 's/ $//'
}

# Test names of a block, from its HARNESS_TEST(...) registrations. "default" leaves out
# the xfail_* tests (expected to fail; scripts/selftest.sh runs them) and the bench_*
# benchmarks (scripts/bench.sh runs them).
block_test_names() {
  local names
  names=$(cat tb/"$1"/*.c 2>/dev/null | sed -n 's/^HARNESS_TEST(\([A-Za-z0-9_]*\)).*/\1/p')
  if [ "$2" = default ]; then
    grep -v '^xfail_\|^bench_' <<<"$names" || true
  else
    echo "$names"
  fi
}

# merge_results OUT BLOCK SIM DIR... : one JUnit file from the per-test results.xml files.
merge_results() {
  local out=$1 block=$2 sim=$3 n=0 f=0 d
  shift 3
  local cases=""
  for d in "$@"; do
    n=$((n + 1))
    if [ -f "$d/results.xml" ]; then
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
