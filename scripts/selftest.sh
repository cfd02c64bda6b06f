#!/usr/bin/env bash
# scripts/selftest.sh - the harness's own promises, checked end to end:
# bad make input stops with one line naming the valid choices; a corrupted vector file
# stops the run with file:line:column before anything is applied; a failing test (a
# mismatch or a design assertion) prints FAIL, one reproduction line, writes a JUnit
# <failure> and exits non-zero, on every simulator. Ends with 'N passed, N failed'.
set -uo pipefail
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() {
  echo "FAIL $1"
  [ -n "${2:-}" ] && sed 's/^/    /' <<<"$2" | head -15
  fail=$((fail + 1))
}
work=sim_out/selftest
rm -rf "$work"
mkdir -p "$work"

# --- make input errors: non-zero exit, a single line naming the valid choices
expect_make_error() { # name pattern make-args...
  local name=$1 pattern=$2
  shift 2
  local out rc
  out=$(make -s "$@" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -qE -- "$pattern" <<<"$out"; then
    ok "$name"
  else
    bad "$name (exit $rc)" "$out"
  fi
}
expect_make_error "unknown BLOCK names the valid blocks" "unknown BLOCK 'nope'; valid: .*common" sim BLOCK=nope
expect_make_error "unknown SIM names the simulators" "unknown SIM 'modelsim'; valid: verilator icarus systemc" sim SIM=modelsim
expect_make_error "unknown TEST names the block's tests" "unknown TEST 'nope' for BLOCK=common; valid: .*fifo_random" sim BLOCK=common TEST=nope
expect_make_error "unknown make variable is refused" "unknown variable 'BLOKC'" sim BLOKC=common
expect_make_error "bad SEED is refused" "bad SEED 'x1'" sim SEED=x1

# --- corrupted vector files (Verilator runs them: the parser is simulator-independent)
vsim=sim_out/build/verilator/common/plain/sim
make -s -f scripts/build.mk BLOCK=common SIM=verilator VARIANT=plain -j"${JOBS:-2}" >/dev/null 2>&1
corrupt_case() { # name sed-expression expected-location-regex
  local name=$1 expr=$2 loc=$3 d=$work/vec_$4
  rm -rf "$d"
  mkdir -p "$d"
  cp -r vectors/common "$d/"
  local f=$d/common/fifo_w8_d4_random.vec
  sed -i "$expr" "$f"
  local out rc
  out=$("$vsim" +test=vectors_fifo +vectors="$d" +outdir="$work/run_$4" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] && grep -qE "^FAIL common.vectors_fifo: $d/common/fifo_w8_d4_random.vec:$loc" <<<"$out" &&
    ! grep -q "opened fifo_w8_d4 " <<<"$out" && grep -q "<failure" "$work/run_$4/results.xml"; then
    ok "$name"
  else
    bad "$name (exit $rc)" "$out"
  fi
}
# line numbers: the header is 12 lines (see docs/vectors.md), records follow
hdr=$(grep -n '^%end' vectors/common/fifo_w8_d4_random.vec | cut -d: -f1)
last=$(wc -l <vectors/common/fifo_w8_d4_random.vec)
corrupt_case "bad hex digit in the last record: file:line:column, nothing applied" \
  "${last}s/^1 /1g /" "$last:2:" hex
corrupt_case "missing field: file:line:column" "$((hdr + 3))s/ [^ ]*\$//" "$((hdr + 3)):[0-9]+:" short
corrupt_case "value wider than its field" "$((hdr + 5))s/^\([01]\) [0-9a-f]* /\1 1ff /" "$((hdr + 5)):3:" wide
corrupt_case "unknown directive" "2s/^%.*/%bogus 1/" "2:1:" directive
corrupt_case "field that is not a port of the top" "s/^%in in_valid:1/%in in_vald:1/" "[0-9]+:[0-9]+:" port

# --- an illegal RTL parameter stops elaboration with its message, on every tool
illegal() { # tool command...
  local tool=$1 out rc
  shift
  out=$("$@" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] && grep -qE "DEPTH >= 2|ILLEGAL_PARAMETER" <<<"$out"; then
    ok "$tool stops on sync_fifo DEPTH=1"
  else
    bad "$tool accepted sync_fifo DEPTH=1 (exit $rc)" "$out"
  fi
}
illegal verilator verilator --lint-only -Wall -Irtl/common -GDEPTH=1 --top-module sync_fifo rtl/common/sync_fifo.v
illegal icarus iverilog -g2012 -Irtl/common -Psync_fifo.DEPTH=1 -s sync_fifo -o "$work/illegal.vvp" rtl/common/sync_fifo.v
illegal yosys yosys -q -p "read_verilog -sv -Irtl/common rtl/common/sync_fifo.v; chparam -set DEPTH 1 sync_fifo; hierarchy -top sync_fifo; proc"

# --- failing tests on every simulator: FAIL line, reproduction line, JUnit failure, exit 1
expect_fail() { # sim block test seed message-regex
  local sim=$1 block=$2 test=$3 seed=$4 msg=$5 out rc
  out=$(scripts/sim.sh "$sim" "$block" "$test" "$seed" 0 0 2>&1)
  rc=$?
  local dir=sim_out/$sim/$block/$test-s$seed
  if [ $rc -ne 0 ] &&
    grep -q "^FAIL $block.$test" <<<"$out" &&
    grep -qF "reproduce: make sim BLOCK=$block TEST=$test SEED=$seed SIM=$sim WAVES=1" <<<"$out" &&
    grep -q "<failure" "$dir/results.xml" &&
    grep -qE "$msg" "$dir/console.log" &&
    grep -q "^0 passed, 1 failed" <<<"$out"; then
    ok "$sim: $block.$test fails as it should"
  else
    bad "$sim: $block.$test (exit $rc)" "$out"
  fi
}
for sim in verilator icarus systemc; do
  expect_fail $sim harness xfail_mismatch 7 "deliberately wrong expectation"
  expect_fail $sim harness xfail_assertion 1 "trip raised"
  expect_fail $sim common xfail_fifo_overflow 1 "in_valid dropped while stalled"
  expect_fail $sim common xfail_credit_overflow 1 "credits above INIT"
  expect_fail $sim rifl xfail_axis_enc_partial_keep 1 "every tkeep bit set"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
