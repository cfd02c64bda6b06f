#!/usr/bin/env bash
# scripts/waves.sh BLOCK TEST [SIM] [SEED] - `make gtkwave`: open the waves of one run in
# GTKWave, with a save file (waves.gtkw, from scripts/gtkw.py and tb/<block>/waves.txt)
# that groups the interesting signals of each DUT. The run must have been made with
# WAVES=1; if its waves.fst is missing this says how to make it.
set -euo pipefail

block=${1:-} test=${2:-} sim=${3:-verilator} seed=${4:-1}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

if [ -z "$block" ] || [ -z "$test" ]; then
  if [ -z "$block" ]; then
    echo "make gtkwave needs BLOCK=<block> TEST=<test>; valid blocks: $(all_blocks)" >&2
  else
    echo "make gtkwave needs TEST=<test>; valid for BLOCK=$block: $(block_test_names "$block" all | tr '\n' ' ' | sed 's/ $//')" >&2
  fi
  exit 2
fi
if [ ! -f "tb/$block/tops.txt" ]; then
  echo "unknown BLOCK '$block'; valid: $(all_blocks)" >&2
  exit 2
fi
if ! block_test_names "$block" all | grep -qx -- "$test"; then
  echo "unknown TEST '$test' for BLOCK=$block; valid: $(block_test_names "$block" all | tr '\n' ' ' | sed 's/ $//')" >&2
  exit 2
fi

dir=sim_out/$sim/$block/$test-s$seed
fst=$dir/waves.fst
if [ ! -f "$fst" ]; then
  echo "no waves for this run ($fst); make them with: make sim BLOCK=$block TEST=$test SIM=$sim SEED=$seed WAVES=1" >&2
  exit 1
fi

# Verilator writes one file per DUT open at the same time (waves.fst, waves_1.fst, ..);
# each gets its save file, the first is opened.
for f in "$dir"/waves*.fst; do
  python3 scripts/gtkw.py "$f" -o "${f%.fst}.gtkw"
done
gtkw=$dir/waves.gtkw
cmd=(gtkwave "$fst" "$gtkw")
others=$(find "$dir" -maxdepth 1 -name 'waves_*.fst' | sort | tr '\n' ' ')
[ -z "$others" ] || echo "also in this run (one file per DUT on Verilator): $others(open with gtkwave <fst> <same name>.gtkw)"

if ! command -v gtkwave >/dev/null; then
  echo "gtkwave is not installed (make tools); the files: ${cmd[*]}" >&2
  exit 1
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "no \$DISPLAY: not starting GTKWave; run it where there is a display: ${cmd[*]}"
  exit 0
fi
echo "starting: ${cmd[*]}  (log: $dir/gtkwave.log)"
nohup "${cmd[@]}" >"$dir/gtkwave.log" 2>&1 &
