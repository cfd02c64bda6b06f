#!/usr/bin/env bash
# scripts/new_block.sh BLOCK - `make new-block BLOCK=x`: the skeleton of a new block in every
# layer, from the templates in scripts/new_block/ (the token __B__ is the block's name), then its
# golden vectors. The skeleton builds and passes on Verilator, Icarus and SystemC as it stands;
# every file it makes is under a folder named BLOCK, and nothing elsewhere needs an edit
# (blocks, tops, tests, unit suites and vector writers are all found, never listed).
# scripts/clean_block.sh BLOCK removes it again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
b=${1:-}
[[ $b =~ ^[a-z][a-z0-9_]*$ ]] || { echo "new-block: BLOCK must be a lower-case identifier (got '$b')" >&2; exit 2; }
for d in rtl/$b tb/$b csrc/ref/$b csrc/lib/$b vectors/$b docs/$b; do
  [ ! -e "$d" ] || { echo "new-block: $d exists already; pick another name or make clean-block BLOCK=$b" >&2; exit 2; }
done
if [ -n "$(find rtl -name "$b.v" -o -name "$b.sv" 2>/dev/null)" ]; then
  echo "new-block: a module named $b exists already ($(find rtl -name "$b.v" -o -name "$b.sv"))" >&2
  exit 2
fi
t=scripts/new_block
B=$(tr '[:lower:]' '[:upper:]' <<<"$b")
made=()
put() { # template destination
  mkdir -p "$(dirname "$2")"
  sed -e "s/__BU__/$B/g" -e "s/__B__/$b/g" "$t/$1" >"$2"
  made+=("$2")
}
put rtl.v.in "rtl/$b/$b.v"
put model.h.in "csrc/ref/$b/${b}_model.h"
put model.c.in "csrc/ref/$b/${b}_model.c"
put test_model.c.in "csrc/ref/$b/test_${b}_model.c"
put gen.c.in "csrc/ref/$b/gen_$b.c"
put tops.txt.in "tb/$b/tops.txt"
put test.c.in "tb/$b/test_$b.c"
put waves.txt.in "tb/$b/waves.txt"
put index.md.in "docs/$b/index.md"
# long block names can push a line past the column limit: the house format, not the template's
for f in "${made[@]}"; do
  case $f in *.c | *.h) clang-format -i --style=file "$f" ;; esac
done
prog=$(scripts/ctools.sh refgen "$b")
"$prog" --block "$b" --seed 1 --out vectors
echo "new-block: made ${made[*]} vectors/$b/"
echo "new-block: try it: make sim BLOCK=$b [SIM=verilator|icarus|systemc]"
