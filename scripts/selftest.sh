#!/usr/bin/env bash
# scripts/selftest.sh - the harness's own promises, checked end to end:
# bad make input stops with one line naming the valid choices; a corrupted vector file
# stops the run with file:line:column before anything is applied; a failing test (a
# mismatch or a design assertion) prints FAIL, one reproduction line, writes a JUnit
# <failure> and exits non-zero, on every simulator; a changed register description changes every
# file generated from it. Ends with 'N passed, N failed'.
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
vsim=$(. scripts/lib.sh; build_dir verilator common plain)/sim # of the VERILATOR toolchain
make -s -f scripts/build.mk BLOCK=common SIM=verilator VARIANT=plain -j"${JOBS:-2}" >/dev/null 2>&1
corrupt_case() { # name sed-expression expected-location-regex
  local name=$1 expr=$2 loc=$3 d=$work/vec_$4
  rm -rf "$d"
  mkdir -p "$d"
  cp -r vectors/common "$d/"
  local f=$d/common/sync_fifo_w8_d4_random.vec
  sed -i "$expr" "$f"
  local out rc
  out=$("$vsim" +test=vectors_fifo +vectors="$d" +outdir="$work/run_$4" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] && grep -qE "^FAIL common.vectors_fifo: $d/common/sync_fifo_w8_d4_random.vec:$loc" <<<"$out" &&
    ! grep -q "opened sync_fifo_w8_d4 " <<<"$out" && grep -q "<failure" "$work/run_$4/results.xml"; then
    ok "$name"
  else
    bad "$name (exit $rc)" "$out"
  fi
}
# line numbers: the header is 12 lines (see docs/vectors.md), records follow
hdr=$(grep -n '^%end' vectors/common/sync_fifo_w8_d4_random.vec | cut -d: -f1)
last=$(wc -l <vectors/common/sync_fifo_w8_d4_random.vec)
corrupt_case "bad hex digit in the last record: file:line:column, nothing applied" \
  "${last}s/^1 /1g /" "$last:2:" hex
corrupt_case "missing field: file:line:column" "$((hdr + 3))s/ [^ ]*\$//" "$((hdr + 3)):[0-9]+:" short
corrupt_case "value wider than its field" "$((hdr + 5))s/^\([01]\) [0-9a-f]* /\1 1ff /" "$((hdr + 5)):3:" wide
corrupt_case "unknown directive" "2s/^%.*/%bogus 1/" "2:1:" directive
corrupt_case "field that is not a port of the top" "s/^%in in_valid:1/%in in_vald:1/" "[0-9]+:[0-9]+:" port

# --- an illegal RTL parameter stops elaboration with its message, on every tool
illegal() { # what message-regex tool command...
  local what=$1 re=$2 tool=$3 out rc
  shift 3
  out=$("$@" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] && grep -qE "$re" <<<"$out"; then
    ok "$tool stops on $what"
  else
    bad "$tool accepted $what (exit $rc)" "$out"
  fi
}
fifo_re="DEPTH >= 2|ILLEGAL_PARAMETER"
illegal "sync_fifo DEPTH=1" "$fifo_re" verilator verilator --lint-only -Wall -Irtl/common -GDEPTH=1 --top-module sync_fifo rtl/common/sync_fifo.v
illegal "sync_fifo DEPTH=1" "$fifo_re" icarus iverilog -g2012 -Irtl/common -Psync_fifo.DEPTH=1 -s sync_fifo -o "$work/illegal.vvp" rtl/common/sync_fifo.v
illegal "sync_fifo DEPTH=1" "$fifo_re" yosys yosys -q -p "read_verilog -sv -Irtl/common rtl/common/sync_fifo.v; chparam -set DEPTH 1 sync_fifo; hierarchy -top sync_fifo; proc"
rifl_v=(-Irtl/common -y rtl/common -y rtl/rifl)
illegal "rifl_lane FW=200" "need FW in" verilator verilator --lint-only -Wall "${rifl_v[@]}" -GFW=200 --top-module rifl_lane rtl/rifl/rifl_lane.v
illegal "rifl_bond LANES=3" "LANES must be 1, 2 or 4" verilator verilator --lint-only -Wall "${rifl_v[@]}" -GLANES=3 --top-module rifl_bond rtl/rifl/rifl_bond.v
fab_v=(-Irtl/common -y rtl/common -y rtl/rifl -y rtl/sue -y rtl/scoc -y rtl/fabric -Irtl/sue -Irtl/scoc -Irtl/fabric)
illegal "fabric LANES=2 RIFL=0" "LANES 1 on raw links" verilator verilator --lint-only -Wall "${fab_v[@]}" -GLANES=2 -GRIFL=0 --top-module fabric rtl/fabric/fabric.v
sue_v=(-Irtl/common -y rtl/common -y rtl/sue)
illegal "sue_gbn WIN=6" "WIN must be a power of two" verilator verilator --lint-only -Wall "${sue_v[@]}" -GWIN=6 --top-module sue_gbn rtl/sue/sue_gbn.v
illegal "sue_gbn WIN=6" "sue_gbn.v:[0-9]+: error: Unknown module type: ILLEGAL_PARAMETER" icarus iverilog -g2012 "${sue_v[@]}" -Psue_gbn.WIN=6 -s sue_gbn -o "$work/illegal.vvp" rtl/sue/sue_gbn.v
noc_v=(-Irtl/common -y rtl/common -y rtl/noc -Irtl/noc)
illegal "noc_router NCLS=3" "NCLS dividing V" verilator verilator --lint-only -Wall "${noc_v[@]}" -GNCLS=3 --top-module noc_router rtl/noc/noc_router.v
illegal "noc_router NCLS=3" "noc_router.v:[0-9]+: error: Unknown module type: ILLEGAL_PARAMETER" icarus iverilog -g2012 "${noc_v[@]}" -Pnoc_router.NCLS=3 -s noc_router -o "$work/illegal.vvp" rtl/noc/noc_router.v
illegal "noc_mesh TORUS=1 ROUTING=1" "TORUS 0/1 \\(1 with ROUTING 0\\)" verilator verilator --lint-only -Wall "${noc_v[@]}" -GTORUS=1 -GROUTING=1 --top-module noc_mesh rtl/noc/noc_mesh.v
illegal "ape_torus LINK=3" "need LINK 0 \\(wires\\)" verilator verilator --lint-only -Wall "${noc_v[@]}" -y rtl/rifl -Irtl/rifl -GLINK=3 --top-module ape_torus rtl/noc/ape_torus.v
illegal "rifl_lane PAUSE_TIMEOUT=8" "rifl_tx_ctrl.v:[0-9]+: error: Unknown module type: ILLEGAL_PARAMETER" icarus iverilog -g2012 "${rifl_v[@]}" -Prifl_lane.PAUSE_TIMEOUT=8 -s rifl_lane -o "$work/illegal.vvp" rtl/rifl/rifl_lane.v

# --- a register description is the one source: a field changed in a copy of rtl/sue/sue_regs.rdl
# changes each of the three files generated from it (scripts/regmap.py), on that field's lines
rdl_change() { # what sed-expression field-regex
  local what=$1 expr=$2 re=$3 d=$work/rdl_$4 k diffs=() out
  rm -rf "$d"
  mkdir -p "$d/a" "$d/b"
  cp rtl/sue/sue_regs.rdl "$d/a/"
  sed "$expr" rtl/sue/sue_regs.rdl >"$d/b/sue_regs.rdl"
  if cmp -s "$d/a/sue_regs.rdl" "$d/b/sue_regs.rdl"; then
    bad "register description: $what (the edit did not apply)"
    return
  fi
  if ! out=$(.venv/bin/python3 scripts/regmap.py --outdir "$d/a" "$d/a/sue_regs.rdl" 2>&1 &&
    .venv/bin/python3 scripts/regmap.py --outdir "$d/b" "$d/b/sue_regs.rdl" 2>&1); then
    bad "register description: $what (regmap failed)" "$out"
    return
  fi
  for k in vh h md; do
    out=$(diff "$d/a/sue_regs_map.$k" "$d/b/sue_regs_map.$k")
    grep '^[<>]' <<<"$out" | grep -iE "$re" >/dev/null || diffs+=("$k")
  done
  if [ ${#diffs[@]} -eq 0 ]; then
    ok "register description: $what changes the decode, the C header and the docs table"
  else
    bad "register description: $what leaves sue_regs_map.{${diffs[*]}} as it was"
  fi
}
rdl_change "ETHERTYPE reset 0x88B5 -> 0x88B6" 's/TYPE\[15:0\] = 0x88B5;/TYPE[15:0] = 0x88B6;/' \
  "ethertype|88B6" reset
rdl_change "XPUID.ID width 10 -> 12" 's/"XPU id"; } ID\[9:0\] = 0;/"XPU id"; } ID[11:0] = 0;/' \
  "xpuid" width

# --- no friendly zero: a flop that lost its reset fails on every simulator. A copy of the tree
# whose sync_fifo has no reset on level_q (tops trimmed to the two FIFOs, for build time) runs
# fifo_random: on Icarus level_q starts X, on Verilator at a random value from SEED.
mut=$work/mutant
rm -rf "$mut"
mkdir -p "$mut"
cp -r Makefile rtl csrc scripts vectors tb "$mut"/
sed -i -E '/^\s*level_q\s*<=\s*[^?]*;\s*$/d' "$mut/rtl/common/sync_fifo.v"
grep -q 'level_q' "$mut/rtl/common/sync_fifo.v" && ! grep -qE '^\s*level_q\s*<=\s*[^?]*;\s*$' "$mut/rtl/common/sync_fifo.v" ||
  bad "the mutation of sync_fifo (level_q without reset) did not apply"
grep -E '^(#|sync_fifo_)' tb/common/tops.txt >"$mut/tb/common/tops.txt"
for sim in verilator icarus; do
  out=$(cd "$mut" && scripts/sim.sh "$sim" common fifo_random 1 0 0 2>&1)
  if [ $? -ne 0 ] && grep -q "^FAIL common.fifo_random" <<<"$out"; then
    ok "$sim: a flop without its reset fails (sync_fifo level_q, fifo_random)"
  else
    bad "$sim: sync_fifo without the level_q reset passed fifo_random" "$out"
  fi
done

# --- Icarus programs (tops.txt @program, HARNESS_PROGRAM): in the same trimmed copy, the FIFO
# tops moved to a program of their own. A test whose file does not declare it cannot open them
# and says why; declared, the test runs in sim_fifo.vvp, and sim.vvp has no FIFO top.
cp rtl/common/sync_fifo.v "$mut/rtl/common/sync_fifo.v"
sed -i -E 's/^(sync_fifo_\S+ .*)$/\1 @program=fifo/' "$mut/tb/common/tops.txt"
out=$(cd "$mut" && scripts/sim.sh icarus common fifo_random 1 0 0 2>&1)
if [ $? -ne 0 ] && grep -q "this test's file lacks HARNESS_PROGRAM(NAME)" <<<"$out$(cat "$mut"/sim_out/icarus/common/fifo_random-s1/console.log 2>/dev/null)"; then
  ok "icarus: a test opening a top of a program its file does not declare fails, and says why"
else
  bad "icarus: fifo_random opened a top of program fifo without HARNESS_PROGRAM(fifo)" "$out"
fi
sed -i 's/^#include <string.h>$/&\nHARNESS_PROGRAM(fifo);/' "$mut/tb/common/test_sync_fifo.c"
out=$(cd "$mut" && scripts/sim.sh icarus common fifo_random 1 0 0 2>&1)
rc=$?
mb=$mut/$(. scripts/lib.sh; build_dir icarus common plain)
if [ $rc -eq 0 ] && grep -q "^PASS common.fifo_random" <<<"$out" && [ -s "$mb/sim_fifo.vvp" ] &&
  ! grep -q '"tb_sync_fifo' "$mb/sim.vvp"; then
  ok "icarus: HARNESS_PROGRAM(fifo) runs the test in sim_fifo.vvp; sim.vvp has no FIFO top"
else
  bad "icarus: fifo_random in program fifo" "$out"
fi
# A @regress top of another program: a TOPSET=test program may lack it (dut_top_built() says 0
# and the test skips that configuration), but one built with every top (make sim, make regress)
# lacks it only because the test's file does not declare the program: that fails and says why,
# instead of leaving the configuration out of every run for good.
sed -i '/^HARNESS_PROGRAM(fifo);$/d' "$mut/tb/common/test_sync_fifo.c"
sed -i -E 's/^(sync_fifo_\S+ .*)$/\1 @regress/' "$mut/tb/common/tops.txt"
echo 'HARNESS_TEST(fifo_built) { CHECK(!dut_top_built("sync_fifo_w8_d4"), "in sim.vvp"); }' \
  >>"$mut/tb/common/test_sync_fifo.c"
out=$(cd "$mut" && TOPSET=test scripts/sim.sh icarus common fifo_built 1 0 0 2>&1)
if [ $? -eq 0 ] && grep -q "^PASS common.fifo_built" <<<"$out"; then
  ok "icarus, TOPSET=test: a @regress top of another program is left out (dut_top_built 0)"
else
  bad "icarus, TOPSET=test: dut_top_built of a @regress top of another program" "$out"
fi
out=$(cd "$mut" && TOPSET=all scripts/sim.sh icarus common fifo_built 1 0 0 2>&1)
if [ $? -ne 0 ] && grep -q "this test's file lacks HARNESS_PROGRAM(NAME)" <<<"$out$(cat "$mut"/sim_out/icarus/common/fifo_built-s1/console.log 2>/dev/null)"; then
  ok "icarus, TOPSET=all: asking for a @regress top of an undeclared program fails, and says why"
else
  bad "icarus, TOPSET=all: a @regress top of an undeclared program was skipped" "$out"
fi

# ICARUS_NIGHTLY (tb/<b>/block.mk): make test's Icarus lane (TESTSET=test) leaves those tests out and
# says so; a name that is not a test of the block stops the run before anything is built.
# (a C test and the Python one: the mutant has no .venv to run cocotb in)
echo 'ICARUS_NIGHTLY := unreset_loaded py_probe_contract' >>"$mut/tb/harness/block.mk"
out=$(cd "$mut" && TESTSET=test scripts/sim.sh icarus harness "" 1 0 0 2>&1)
if [ $? -eq 0 ] && grep -q "^harness: 2 tests left out on Icarus .*: unreset_loaded py_probe_contract$" <<<"$out" &&
  grep -q "^PASS harness.clock_and_reset" <<<"$out" && ! grep -q "harness.unreset_loaded\|harness.py_probe" <<<"$out"; then
  ok "icarus, TESTSET=test: a block's ICARUS_NIGHTLY test is left out, and the run says so"
else
  bad "icarus, TESTSET=test: ICARUS_NIGHTLY" "$out"
fi
sed -i 's/^ICARUS_NIGHTLY := unreset_loaded py_probe_contract$/& no_such_test/' "$mut/tb/harness/block.mk"
out=$(cd "$mut" && TESTSET=test scripts/sim.sh icarus harness "" 1 0 0 2>&1)
if [ $? -eq 2 ] && [ "$out" = "tb/harness/block.mk: ICARUS_NIGHTLY names 'no_such_test', not a test of harness" ]; then
  ok "ICARUS_NIGHTLY naming no test of the block is refused before any build"
else
  bad "ICARUS_NIGHTLY naming no test of the block" "$out"
fi

# --- a changed build flag rebuilds: the flags stamp of scripts/build.mk. The same build with one
# more Verilator flag must rebuild the models (and report nothing to do when run again).
stamp_build() { make -s -f scripts/build.mk BLOCK=harness SIM=verilator VARIANT=plain "$@" -j"${JOBS:-2}" 2>&1; }
stamp_build >/dev/null
lib=$(. scripts/lib.sh; build_dir verilator harness plain)/obj/harness_probe/Vharness_probe__ALL.a
before=$(stat -c %Y "$lib" 2>/dev/null || echo none)
sleep 1
stamp_build EXTRA_VFLAGS=-DHARNESS_SELFTEST_STAMP >/dev/null
after=$(stat -c %Y "$lib" 2>/dev/null || echo none)
again=$(stamp_build EXTRA_VFLAGS=-DHARNESS_SELFTEST_STAMP --question >/dev/null; echo $?)
if [ "$before" != none ] && [ "$before" != "$after" ] && [ "$again" = 0 ]; then
  ok "a changed Verilator flag rebuilds the models (flags stamp), and only once"
else
  bad "a changed Verilator flag did not rebuild the models (before $before, after $after, up to date after: $again)"
fi
stamp_build >/dev/null # back to the plain build for the tests below

# --- failing tests on every simulator: FAIL line, reproduction line, JUnit failure, exit 1
expect_fail() { # sim block test seed message-regex
  local sim=$1 block=$2 test=$3 seed=$4 msg=$5 out rc
  out=$(scripts/sim.sh "$sim" "$block" "$test" "$seed" 0 0 2>&1)
  rc=$?
  local dir=sim_out/$sim/$block/$test-s$seed
  if [ $rc -ne 0 ] &&
    grep -q "^FAIL $block.$test" <<<"$out" &&
    grep -qF "reproduce: make sim BLOCK=$block TEST=$test SEED=$seed SIM=$sim WAVES=1" <<<"$out" &&
    grep -q "<failure" "sim_out/$sim/$block/results.xml" &&
    { grep -qE "$msg" "$dir/console.log" || grep -qE "$msg" <<<"$out"; } &&
    grep -q "^0 passed, 1 failed" <<<"$out"; then
    ok "$sim: $block.$test fails as it should"
  else
    bad "$sim: $block.$test (exit $rc)" "$out"
  fi
}
# every HARNESS_XFAIL test of every block, on every simulator of the block's make test lanes,
# with the message regex written beside its code
# shellcheck source=scripts/lib.sh
. scripts/lib.sh
for block in $(all_blocks); do
  while IFS=$'\t' read -r test msg; do
    [ -n "$test" ] || continue
    for sim in $(block_test_sims "$block"); do
      expect_fail "$sim" "$block" "$test" 1 "$msg"
    done
  done <<<"$(block_xfails "$block")"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
