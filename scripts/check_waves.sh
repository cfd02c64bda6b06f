#!/usr/bin/env bash
# scripts/check_waves.sh - waves check for `make test`: on each simulator whose build
# works, run one test of block common and one of block harness with WAVES=1, write the
# .gtkw of each waves file (scripts/gtkw.py), load both in GTKWave for real (headless,
# xvfb-run) with a Tcl script that lists the displayed traces, and check that every
# signal of the spec (tb/<block>/waves.txt) is shown for every DUT in the file.
# Ends with 'N passed, N failed'; exit non-zero if a check failed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
sims=${CHECK_WAVES_SIMS:-verilator icarus systemc}
# block:test - short tests; fifo_random opens two tops one after the other, port_table
# two tops at the same time. CHECK_WAVES_SIMS / CHECK_WAVES_RUNS override the choice.
runs=${CHECK_WAVES_RUNS:-common:fifo_random harness:port_table}
# Verilator and SystemC: harness only (its probe has every port width and kind, two tops open at
# once): a waves build of block common compiles all its tops with tracing, 30 s on Verilator and
# 45 s on SystemC; Icarus (one sim.vvp) checks block common's spec as well, in 2 s.
runs_compiled=${CHECK_WAVES_RUNS:-harness:port_table}
seed=1
pass=0 fail=0

ok() {
  echo "PASS $*"
  pass=$((pass + 1))
}
bad() {
  echo "FAIL $*"
  fail=$((fail + 1))
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tcl=$tmp/list_traces.tcl
cat >"$tcl" <<'EOF'
puts "CHECK_WAVES dumpfile [gtkwave::getDumpFileName]"
puts "CHECK_WAVES traces [gtkwave::getTotalNumTraces]"
puts "CHECK_WAVES signals [gtkwave::getDisplayedSignals]"
gtkwave::/File/Quit
EOF

# check_fst SIM BLOCK.TEST FST: the .gtkw of FST shows every spec signal in GTKWave.
check_fst() {
  local sim=$1 what=$2 fst=$3 gtkw=${3%.fst}.gtkw name
  name="$sim $what $(basename "$fst")"
  if ! python3 scripts/gtkw.py "$fst" -o "$gtkw" --names >"$tmp/expected" 2>"$tmp/gtkw.err"; then
    bad "$name: gtkw.py: $(tail -1 "$tmp/gtkw.err")"
    return
  fi
  local n_exp
  n_exp=$(grep -c . "$tmp/expected" || true)
  if ! xvfb-run -a timeout 60 gtkwave -S "$tcl" "$fst" "$gtkw" >"$tmp/gtkwave.out" 2>&1; then
    if ! grep -q '^CHECK_WAVES signals' "$tmp/gtkwave.out"; then
      bad "$name: gtkwave did not load it (xvfb-run -a timeout 60 gtkwave -S <tcl> $fst $gtkw): $(grep -v '^$' "$tmp/gtkwave.out" | tail -1)"
      return
    fi
  fi
  local dumpfile shown missing n_shown
  dumpfile=$(sed -n 's/^CHECK_WAVES dumpfile //p' "$tmp/gtkwave.out")
  shown=$(sed -n 's/^CHECK_WAVES signals //p' "$tmp/gtkwave.out" | tr ' ' '\n' | grep . || true)
  n_shown=$(grep -c . <<<"$shown" || true)
  missing=$(grep -vxF -f <(printf '%s\n' "$shown") "$tmp/expected" | head -3 | tr '\n' ' ' | sed 's/ $//' || true)
  if [ "$(realpath "$dumpfile" 2>/dev/null)" != "$(realpath "$fst")" ]; then
    bad "$name: gtkwave loaded '$dumpfile', not $fst"
  elif [ "$n_exp" -eq 0 ]; then
    bad "$name: the spec gave no signal"
  elif [ -n "$missing" ]; then
    bad "$name: gtkwave shows $n_shown of the $n_exp spec signals; missing e.g. $missing"
  elif [ "$n_shown" -ne "$n_exp" ]; then
    bad "$name: gtkwave shows $n_shown traces, the spec gives $n_exp"
  else
    local duts
    duts=$(python3 scripts/gtkw.py "$fst" -o "$gtkw" 2>/dev/null | sed -n 's/.* signal(s) of //p')
    ok "$name: gtkwave shows all $n_exp spec signals ($duts)"
  fi
}

for tool in xvfb-run gtkwave fst2vcd; do
  command -v "$tool" >/dev/null || { bad "waves check: $tool not found (make tools)"; }
done
if [ "$fail" -eq 0 ]; then
  for sim in $sims; do
    sim_runs=$runs
    [ "$sim" != icarus ] && sim_runs=$runs_compiled
    for r in $sim_runs; do
      block=${r%%:*} test=${r#*:}
      t0=$SECONDS
      if ! scripts/sim.sh "$sim" "$block" "$test" "$seed" 1 0 >"$tmp/sim.out" 2>&1; then
        if grep -q "^build of block $block for $sim failed" "$tmp/sim.out"; then
          echo "SKIP $sim: the waves build of block $block does not work ($(grep '^build of block' "$tmp/sim.out" | sed 's/.*(log: /log: /; s/)$//'))"
          continue
        fi
        grep -E '^(FAIL|PASS) ' "$tmp/sim.out" | sed 's/^/  /' || true
      fi
      dir=sim_out/$sim/$block/$test-s$seed
      if [ ! -f "$dir/waves.fst" ]; then
        bad "$sim $block.$test: no $dir/waves.fst after the run ($(grep -E '^(FAIL|PASS) ' "$tmp/sim.out" | head -1))"
        continue
      fi
      for fst in "$dir"/waves*.fst; do
        check_fst "$sim" "$block.$test" "$fst"
      done
      echo "  ($sim $block.$test: $((SECONDS - t0)) s with build and GTKWave)"
    done
  done
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
