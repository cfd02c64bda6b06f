#!/usr/bin/env bash
# Yosys synthesis of the top configurations of one block (tb/<BLOCK>/tops.txt).
# Usage: scripts/synth.sh BLOCK [TOPNAME|MODULE]
#   no second argument: every configuration of the block; TOPNAME: that one; MODULE: all
#   configurations of that module (or the module with default parameters if it has none).
#   TARGET=xilinx (environment) runs synth_xilinx instead of the generic synth.
# Writes sim_out/synth/<block>/<top>.log (<top>.xilinx.log for TARGET=xilinx) and the stat
# as <top>[.xilinx].stat.json, and prints a table. Generic: cells, flip-flop bits (every
# $_*DFF*_ / $_FF_ cell is one bit after synth), logic cells (all the others: gates,
# no LUTs) and RAM bits: inferred memories stay RAM cells (SRAM macros, as in an ASIC flow)
# rather than being mapped to flip-flops. Xilinx (out of context, no I/O or clock buffers): cells, LUTs, FFs and other
# cells (CARRY4, MUXF7/8, and the INV yosys 0.23 puts on each active-low async reset),
# with distributed (LUTRAM cells) and block RAM (in 18-Kbit units) apart.
# Exits non-zero if any synthesis fails or leaves a latch.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() {
  echo "usage: scripts/synth.sh BLOCK [TOPNAME|MODULE]   (env TARGET=generic|xilinx)" >&2
  exit 2
}
(($# >= 1 && $# <= 2)) || usage
block=$1
want=${2:-}
target=${TARGET:-generic}
case $target in
  generic) suffix="" ;;
  xilinx) suffix=".xilinx" ;;
  *) echo "synth: unknown TARGET '$target' (generic or xilinx)" >&2; exit 2 ;;
esac
command -v yosys > /dev/null || { echo "synth: yosys not found" >&2; exit 2; }

tops=tb/$block/tops.txt
outdir=sim_out/synth/$block
mkdir -p "$outdir"

shopt -s nullglob
rtl_files=(rtl/*/*.v rtl/*/*.sv)
libdirs=()
for d in rtl/*/; do
  [[ $d == rtl/lint/ ]] || libdirs+=(-libdir "${d%/}")
done
shopt -u nullglob

# shellcheck source=scripts/lib.sh
. scripts/lib.sh # find_module

# Selected configurations, one "name module PARAM=VALUE..." line each: every top of the block,
# the @synth ones (sizes that are synthesized but not simulated) included.
configs=()
all=$(python3 scripts/tops.py "$block" --all) || exit 2
while read -r -a fields; do
  ((${#fields[@]} >= 2)) || continue
  if [[ -z $want || $want == "${fields[0]}" || $want == "${fields[1]}" ]]; then
    configs+=("${fields[*]}")
  fi
done <<<"$all"
if ((${#configs[@]} == 0)); then
  if [[ -n $want && -n $(find_module "$want") ]]; then
    configs=("$want $want")   # a module without configurations: default parameters
  else
    echo "synth: nothing named '${want:-*}' in $tops" >&2
    exit 2
  fi
fi

# count_cells JSON REGEX: sum of the design's cells whose type matches REGEX.
count_cells() {
  awk -v re="$2" '
    /"design":/ { d = 1 }
    d && /"num_cells_by_type"/ { c = 1; next }
    d && c && /}/ { c = 0 }
    d && c {
      t = $1; gsub(/[":]/, "", t); n = $2; gsub(/,/, "", n)
      if (t ~ re) s += n
    }
    END { print s + 0 }' "$1"
}

if [[ $target == generic ]]; then
  printf '%-28s %10s %10s %12s %10s\n' top cells ff_bits logic_cells ram_bits
else
  printf '%-28s %10s %8s %8s %8s %8s %8s\n' top cells LUTs FFs LUTRAMs BRAM18s other
fi

failures=0
for cfg in "${configs[@]}"; do
  read -r -a fields <<< "$cfg"
  name=${fields[0]} mod=${fields[1]}
  log=$outdir/$name$suffix.log
  json=$outdir/$name$suffix.stat.json
  memjson=$outdir/$name$suffix.mem.json
  file=$(find_module "$mod")
  if [[ -z $file ]]; then
    printf '%-28s FAIL (no rtl/*/%s.v)\n' "$name" "$mod"
    failures=$((failures + 1))
    continue
  fi
  chparams=""
  for p in "${fields[@]:2}"; do chparams+=" -chparam ${p%%=*} ${p#*=}"; done
  if [[ $target == generic ]]; then
    # synth without its memory_map step: a RAM stays one $mem_v2 cell (an SRAM macro in an
    # ASIC flow) and its bits are counted apart, instead of becoming flip-flops and muxes.
    flow="synth -flatten -top $mod -run :coarse; proc; flatten; tee -q -o $memjson stat -json;
      synth -flatten -top $mod -run coarse:fine; opt -fast -full; opt -full; techmap; opt -fast;
      abc -fast; opt -fast; hierarchy -check; check"
  else
    flow="synth_xilinx -flatten -noiopad -noclkbuf -top $mod"   # out of context: no pads
  fi
  rm -f "$json"
  if ! yosys -q -l "$log" -p "verilog_defaults -add -sv -Irtl/common; read_verilog $file;
      hierarchy -check -top $mod$chparams ${libdirs[*]}; $flow;
      tee -q -o $json stat -json;
      select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH_* t:\$_DLATCHSR_* t:LD*" \
      > /dev/null 2>&1 || grep -q 'Latch inferred' "$log"; then
    printf '%-28s FAIL (see %s)\n' "$name" "$log"
    failures=$((failures + 1))
    continue
  fi
  cells=$(count_cells "$json" '.')
  if [[ $target == generic ]]; then
    ffs=$(count_cells "$json" '^[$]_(S?DFFC?E?|DFFSRE?|ALDFFE?|FF)_')
    mems=$(count_cells "$json" '^[$]mem')
    rbits=$(sed -n 's/.*"num_memory_bits": *\([0-9]*\).*/\1/p' "$memjson" | tail -1)
    printf '%-28s %10d %10d %12d %10d\n' "$name" "$cells" "$ffs" $((cells - ffs - mems)) "${rbits:-0}"
  else
    luts=$(count_cells "$json" '^LUT[1-6]')
    ffs=$(count_cells "$json" '^FD')
    lutram=$(count_cells "$json" '^RAM(32|64|128|256)')
    b18=$(count_cells "$json" '^RAMB18')
    b36=$(count_cells "$json" '^RAMB36')
    printf '%-28s %10d %8d %8d %8d %8d %8d\n' "$name" "$cells" "$luts" "$ffs" "$lutram" \
      $((b18 + 2 * b36)) $((cells - luts - ffs - lutram - b18 - b36))
  fi
done

if ((failures > 0)); then
  echo "synth: $failures failure(s)" >&2
  exit 1
fi

# A block's FPGA comparison points (the @xilinx tops of tb/<block>/tops.txt): the plain
# `make synth` runs them through synth_xilinx too, for the figures the papers publish.
if [[ $target == generic && -z $want ]]; then
  for t in $(python3 scripts/tops.py "$block" --with xilinx | cut -d' ' -f1); do
    echo
    TARGET=xilinx "$0" "$block" "$t"
  done
fi
