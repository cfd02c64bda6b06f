#!/usr/bin/env bash
# scripts/vectors.sh write DIR | check
#   write DIR  regenerate the golden vectors of every block into DIR/<block>/ with its MANIFEST
#              (make vectors: DIR=vectors)
#   check      regenerate into sim_out/vectors and require that the committed vectors/ are
#              reproduced byte for byte; ends with 'N passed, N failed'
# A block has vectors when csrc/ref/<block>/gen_<block>.c exists; each block's refgen is built
# from that block's models only (scripts/ctools.sh refgen BLOCK).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
SEED=1 # the committed set is generated with seed 1
gen_one() {
  local dir=$1 b=$2 prog
  rm -rf "${dir:?}/$b"
  prog=$("$here/ctools.sh" refgen "$b") || { [ $? -eq 3 ] && return 0; return 1; }
  "$prog" --block "$b" --seed "$SEED" --out "$dir"
}
# two blocks at a time (each a single-threaded compile and run)
gen() {
  local dir=$1 b pids=() pid bad=0
  mkdir -p "$dir"
  for b in $(all_blocks); do
    [ "$(jobs -rp | wc -l)" -lt 2 ] || wait -n || bad=1
    gen_one "$dir" "$b" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || bad=1; done
  [ $bad -eq 0 ]
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
