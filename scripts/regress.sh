#!/usr/bin/env bash
# scripts/regress.sh "BLOCKS" - `make regress` (nightly): every default test of the blocks
# on every simulator for SEEDS seeds (default 1..20; REGRESS_SEEDS="1 5 9" picks them),
# then the coverage run. Verilator runs all seeds; Icarus and SystemC, being slower, run
# the first REGRESS_SLOW_SEEDS (default 5). Ends with 'N passed, N failed'.
set -uo pipefail
blocks=$1
seeds=${REGRESS_SEEDS:-$(seq 1 20)}
slow=${REGRESS_SLOW_SEEDS:-5}
p=0 f=0
tally() {
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
  p=$((p + ${line%% passed*}))
  local x=${line#*passed, }
  f=$((f + ${x%% failed*}))
}
mkdir -p sim_out/regress
for sim in verilator icarus systemc; do
  i=0
  for seed in $seeds; do
    i=$((i + 1))
    [ "$sim" != verilator ] && [ $i -gt "$slow" ] && break
    log=sim_out/regress/$sim-s$seed.log
    # Every simulator at the default scale (every frame width, every packet count: the same
    # stimulus for a SEED everywhere); REGRESS_PLUSARGS adds plusargs (e.g. +full).
    pa=${REGRESS_PLUSARGS:-}
    PLUSARGS=$pa scripts/sim.sh "$sim" "$blocks" "" "$seed" 0 0 >"$log" 2>&1
    echo "$sim seed $seed: $(tail -1 "$log")"
    grep -E '^FAIL|reproduce:' "$log" || true
    tally "$log"
  done
done
scripts/cov.sh "$blocks" 1 >sim_out/regress/cov.log 2>&1 && echo "coverage: $(grep -E '^overall' sim_out/regress/cov.log)" ||
  { echo "coverage run failed: sim_out/regress/cov.log"; f=$((f + 1)); }
echo "$p passed, $f failed"
[ $f -eq 0 ]
