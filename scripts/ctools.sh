#!/usr/bin/env bash
# scripts/ctools.sh unit|refgen - build the plain-C programs (no simulator):
#   unit    sim_out/build/c/ref_unit  (C unit tests of csrc/ref)
#   refgen  sim_out/build/c/refgen    (golden vector generator, csrc/gen)
# Prints the path of the program.
set -euo pipefail
out=sim_out/build/c
mkdir -p "$out"
cflags=(-std=c11 -D_POSIX_C_SOURCE=200809L -O2 -g -Wall -Wextra -Werror -Icsrc/ref -Icsrc/gen)
case ${1:-} in
  unit) srcs=(csrc/ref/*.c csrc/ref/test/*.c) prog=$out/ref_unit ;;
  refgen) srcs=(csrc/ref/*.c csrc/gen/*.c) prog=$out/refgen ;;
  *) echo "usage: ctools.sh unit|refgen" >&2; exit 2 ;;
esac
# rebuild only when a source or header is newer than the program
if [ ! -x "$prog" ] || [ -n "$(find csrc/ref csrc/gen tb/*/tops.txt -newer "$prog" 2>/dev/null | head -1)" ]; then
  gcc "${cflags[@]}" "${srcs[@]}" -o "$prog" -lm
fi
echo "$prog"
