#!/usr/bin/env bash
# scripts/bench.sh "BLOCKS" - `make bench`: runs tb/<block>/bench.sh of each block that has
# one (from the repository root). Benchmarks are measurements, not tests: figures go to sim_out/reports/ and, by
# hand with the command that made them, to docs/performance.md.
set -euo pipefail
ran=0
for b in $1; do
  if [ -x "tb/$b/bench.sh" ]; then
    echo "=== bench: $b"
    "tb/$b/bench.sh"
    ran=1
  else
    echo "bench: block $b has no benchmark yet"
  fi
done
[ $ran -eq 1 ] || { echo "bench: nothing to run for: $1" >&2; exit 1; }
