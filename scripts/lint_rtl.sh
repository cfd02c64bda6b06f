#!/usr/bin/env bash
# Lint all RTL: every module file under rtl/*/ with default parameters (Verilator -Wall,
# Icarus -Wall, Yosys synth with a latch check), then every top configuration listed in
# tb/*/tops.txt (scripts/tops.py) (same three tools with its parameter overrides; Yosys elaborates only, the
# full synthesis of configurations is scripts/synth.sh). Any warning is a failure.
# Prints one OK/FAIL line per module and configuration; exits non-zero on any failure.
# Usage: scripts/lint_rtl.sh   (from anywhere; works in the repository root)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

for tool in verilator iverilog yosys; do
  command -v "$tool" > /dev/null || { echo "lint_rtl: $tool not found" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

shopt -s nullglob
rtl_files=(rtl/*/*.v rtl/*/*.sv)
vlt_files=(rtl/lint/*.vlt)
rtl_dirs=()
for d in rtl/*/; do
  [[ $d == rtl/lint/ ]] || rtl_dirs+=("${d%/}")
done
shopt -u nullglob

# Module sources are found by file name (-y), so a top may instantiate any module; included
# files (assert.vh, a generated <name>_map.vh) by the same include path as the build's.
ver_lib=() ivl_lib=() ys_lib=() rtl_inc=()
for d in "${rtl_dirs[@]}"; do
  ver_lib+=(-y "$d")
  ivl_lib+=(-y "$d" -I"$d") # Icarus 11 looks for a block's headers (rtl/<block>/*.vh) only in -I
  ys_lib+=(-libdir "$d")
  rtl_inc+=("-I$d")
done

failures=0

# report STATUS LABEL LOG: one line, and the tool output indented below a failure.
report() {
  if [[ $1 == OK ]]; then
    printf 'OK    %s\n' "$2"
  else
    printf 'FAIL  %s\n' "$2"
    sed 's/^/      | /' "$3"
    failures=$((failures + 1))
  fi
}

# shellcheck source=scripts/lib.sh
. scripts/lib.sh # find_module, all_blocks

# run_verilator LOG FILE MODULE [-GNAME=VALUE...]: zero warnings required.
run_verilator() {
  local log=$1 file=$2 mod=$3
  shift 3
  verilator --lint-only -Wall "${vlt_files[@]}" "${rtl_inc[@]}" "${ver_lib[@]}" \
    --top-module "$mod" "$@" "$file" > "$log" 2>&1 && [[ ! -s $log ]]
}

# run_icarus LOG FILE MODULE [NAME=VALUE...]: compile and elaborate, no output allowed.
run_icarus() {
  local log=$1 file=$2 mod=$3 p v
  shift 3
  local params=()
  # Icarus -P rejects '_' inside numbers, which Verilog literals allow.
  for p in "$@"; do
    v=${p#*=}
    params+=("-P$mod.${p%%=*}=${v//_/}")
  done
  iverilog -g2012 -Wall "${rtl_inc[@]}" "${ivl_lib[@]}" -Y .v -Y .sv -s "$mod" \
    "${params[@]}" -o "$tmp/ivl.vvp" "$file" > "$log" 2>&1 && [[ ! -s $log ]]
}

# run_yosys LOG FILE MODULE MODE [NAME=VALUE...]: MODE synth = generic synthesis up to the
# technology mapping (synth -run :fine: processes, FSMs, arithmetic, memories inferred and
# kept as RAM cells; mapping a default-sized RAM to flip-flops took minutes per module and
# finds nothing a lint needs; `make synth` maps everything), elab = hierarchy + proc only.
# elab (a top of tops.txt) goes through a generated wrapper that instantiates the module with
# the parameters, as a parent would: Yosys 0.23's `hierarchy -chparam` trips an internal
# assertion (rtlil.cc:663) on a parameterized top that connects a parameterized submodule's port
# to an element of a wire array (crc_stream), and instantiated from a parent it elaborates fine.
# Fails on an error, any warning, or any latch.
run_yosys() {
  local log=$1 file=$2 mod=$3 mode=$4 p
  shift 4
  local chparams="" wparams="" top=$mod files=$file
  for p in "$@"; do
    chparams+=" -chparam ${p%%=*} ${p#*=}"
    wparams+="${wparams:+, }.${p%%=*}(${p#*=})"
  done
  if [[ $mode == elab ]]; then
    top=lint_top_wrapper chparams="" files+=" $tmp/wrapper.v"
    printf 'module %s;\n  %s %su_top ();\nendmodule\n' "$top" "$mod" "${wparams:+#($wparams) }" \
      > "$tmp/wrapper.v"
  fi
  local flow="hierarchy -check -top $top$chparams ${ys_lib[*]}; proc"
  [[ $mode == synth ]] && flow+="; synth -top $mod -run :fine"
  yosys -q -l "$log.full" -p "verilog_defaults -add -sv ${rtl_inc[*]}; read_verilog $files; $flow;
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH_* t:\$_DLATCHSR_*" \
    > "$log" 2>&1 || return 1
  if grep -E 'Latch inferred|Warning:' "$log.full" > "$log"; then return 1; fi
}

# check LABEL FILE MODULE YOSYS_MODE [NAME=VALUE...]: all three tools, one report line.
check() {
  local label=$1 file=$2 mod=$3 mode=$4 p
  shift 4
  local gargs=() log="$tmp/log" failed=""
  for p in "$@"; do gargs+=("-G$p"); done
  : > "$log"
  run_verilator "$tmp/ver" "$file" "$mod" "${gargs[@]}" || { failed+=" verilator"; cat "$tmp/ver" >> "$log"; }
  run_icarus "$tmp/ivl" "$file" "$mod" "$@" || { failed+=" icarus"; cat "$tmp/ivl" >> "$log"; }
  local ysp=("$@")
  # a module file (no parameters given) whose Yosys run at its defaults is too slow for lint
  # takes the parameters of rtl/lint/yosys_params.txt there; Verilator and Icarus keep them
  if [[ $mode == synth && $# -eq 0 && -n ${ys_params[$mod]:-} ]]; then
    read -r -a ysp <<<"${ys_params[$mod]}"
  fi
  run_yosys "$tmp/ys" "$file" "$mod" "$mode" "${ysp[@]}" || { failed+=" yosys"; cat "$tmp/ys" >> "$log"; }
  if [[ -z $failed ]]; then
    report OK "$label" "$log"
  else
    report FAIL "$label  (${failed# })" "$log"
  fi
}

declare -A ys_params=()
if [[ -f rtl/lint/yosys_params.txt ]]; then
  while read -r line; do
    line=${line%%#*}
    read -r -a fields <<<"$line"
    ((${#fields[@]} >= 2)) && ys_params[${fields[0]}]="${fields[*]:1}"
  done <rtl/lint/yosys_params.txt
fi

for f in "${rtl_files[@]}"; do
  mod=$(basename "${f%.*}")
  check "$(printf '%-28s %s' "$mod" "$f")" "$f" "$mod" synth
done

# every top of every block, the @synth ones too (elaboration is cheap; their synthesis is make synth)
for block in $(all_blocks); do
  tops=$(python3 scripts/tops.py "$block" --all) || { echo "FAIL  tb/$block/tops.txt"; failures=$((failures + 1)); continue; }
  while read -r -a fields; do
    ((${#fields[@]} >= 2)) || continue
    name=${fields[0]} mod=${fields[1]}
    label=$(printf '%-28s %s' "$block/$name" "${fields[*]:1}")
    file=$(find_module "$mod")
    if [[ -z $file ]]; then
      echo "no rtl/*/$mod.v for tb/$block/tops.txt: $name" > "$tmp/log"
      report FAIL "$label" "$tmp/log"
      continue
    fi
    check "$label" "$file" "$mod" elab "${fields[@]:2}"
  done <<<"$tops"
done

if ((failures > 0)); then
  echo "lint_rtl: $failures failure(s)"
  exit 1
fi
echo "lint_rtl: all clean"
