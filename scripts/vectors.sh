#!/usr/bin/env bash
# scripts/vectors.sh write DIR | check
#   write DIR  regenerate the golden vectors of every block into DIR (make vectors: DIR=vectors)
#   check      regenerate into sim_out/vectors and require that the committed vectors/
#              are reproduced byte for byte; ends with 'N passed, N failed'
set -euo pipefail
SEED=1 # the committed set is generated with seed 1
refgen=$(scripts/ctools.sh refgen)
blocks=$("$refgen" --list)
gen() {
  local dir=$1 b
  for b in $blocks; do rm -rf "${dir:?}/$b"; done
  mkdir -p "$dir"
  for b in $blocks; do "$refgen" --block "$b" --seed "$SEED" --out "$dir"; done
}
case ${1:-} in
  write)
    gen "$2"
    echo "vectors: $(find "$2" -name '*.vec' | wc -l) files written to $2 (seed $SEED)"
    ;;
  check)
    rm -rf sim_out/vectors
    gen sim_out/vectors
    if diff -r vectors sim_out/vectors >sim_out/vectors.diff 2>&1; then
      echo "PASS vectors: $(find vectors -name '*.vec' | wc -l) files reproduced byte for byte"
      echo "1 passed, 0 failed"
    else
      echo "FAIL vectors: the committed vectors/ differ from what the reference models write now"
      head -20 sim_out/vectors.diff | sed 's/^/    /'
      echo "  (full diff: sim_out/vectors.diff; run 'make vectors' and commit if the change is intended)"
      echo "0 passed, 1 failed"
      exit 1
    fi
    ;;
  *) echo "usage: vectors.sh write DIR | check" >&2; exit 2 ;;
esac
