#!/usr/bin/env bash
# scripts/ctools.sh unit|refgen BLOCK - build a plain-C program of one block (no simulator) from
# its models and libraries (scripts/lib.sh block_c_dirs) and print its path:
#   unit    sim_out/build/c/<block>/unit    the unit tests of csrc/ref/<block> and csrc/lib/<block>
#                                           (test_*.c, each registering itself with UT_SUITE)
#   refgen  sim_out/build/c/<block>/refgen  the golden vector writer: csrc/gen and
#                                           csrc/ref/<block>/gen_<block>.c
# Exits 3 (printing nothing) when the block has no such program: no unit tests, or no vectors.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
what=${1:-} block=${2:-}
case $what in unit | refgen) ;; *) echo "usage: ctools.sh unit|refgen BLOCK" >&2; exit 2 ;; esac
[ -f "tb/$block/tops.txt" ] || { echo "ctools: unknown block '$block'; valid: $(all_blocks)" >&2; exit 2; }
out=sim_out/build/c/$block
dirs=$(block_c_dirs "$block")
srcs=() incs=()
for d in $dirs; do
  incs+=(-I"$d")
  for f in "$d"/*.c; do
    [ -f "$f" ] || continue
    case $(basename "$f") in test_* | gen_*) ;; *) srcs+=("$f") ;; esac
  done
done
shopt -s nullglob
case $what in
  unit)
    mine=(csrc/lib/$block/test_*.c csrc/ref/$block/test_*.c)
    [ ${#mine[@]} -gt 0 ] || exit 3
    srcs+=("${mine[@]}" csrc/harness/unit.c)
    incs+=(-Icsrc/harness)
    prog=$out/unit
    ;;
  refgen)
    [ -f "csrc/ref/$block/gen_$block.c" ] || exit 3
    srcs+=(csrc/gen/*.c "csrc/ref/$block/gen_$block.c")
    incs+=(-Icsrc/gen)
    prog=$out/refgen
    ;;
esac
shopt -u nullglob
mkdir -p "$out"
cflags=(-std=c11 -D_POSIX_C_SOURCE=200809L -O2 -g -Wall -Wextra -Werror "${incs[@]}")
# rebuild when a source, a header, this script or the block's tops changed since the last build
if [ ! -x "$prog" ] || [ -n "$(find $dirs csrc/gen csrc/harness/unit.[ch] "$0" "tb/$block" -newer "$prog" 2>/dev/null | head -1)" ]; then
  gcc "${cflags[@]}" "${srcs[@]}" -o "$prog" -lm
fi
echo "$prog"
