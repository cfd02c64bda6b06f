#!/usr/bin/env bash
# tb/common/bench.sh - harness speed figures (make bench BLOCK=common):
#  1. cycles per second of the same test (bench_fifo: FIFO sync_fifo_w8_d4, random traffic, three
#     input writes and one output read a cycle) on Verilator, SystemC and Icarus, measured in one
#     run, rounds interleaved, best of ROUNDS per simulator, and their ratios;
#  2. the harness overhead against a bare eval() loop doing the same work (bench_bare.cpp), as
#     a wall-clock ratio and as an instruction-count ratio (callgrind, exact and repeatable),
#     for the smallest design (sync_fifo_w8_d4, worst case) and a 1024-bit one (crc_engine_crc32_d1024).
# Writes sim_out/reports/harness_speed.csv and harness_overhead.csv, prints markdown tables.
set -euo pipefail
ROUNDS=${ROUNDS:-5}
N_VL=${N_VL:-3000000}
N_SC=${N_SC:-500000}
N_IV=${N_IV:-50000}
N_CRC=${N_CRC:-300000}
out=sim_out/reports
mkdir -p "$out"

for sim in verilator icarus systemc; do
  make -s -f scripts/build.mk BLOCK=common SIM=$sim VARIANT=bench -j"${JOBS:-2}" >/dev/null
done
vb=sim_out/build/verilator/common/bench
ib=sim_out/build/icarus/common/bench
sb=sim_out/build/systemc/common/bench

# one run: prints "cycles seconds checksum"
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
run() { # sim cycles
  local o
  case $1 in
    bare) o=$("$vb/bench_bare_fifo" "$2") ;;
    bare_crc) o=$("$vb/bench_bare_crc" "$2") ;;
    verilator_crc) o=$("$vb/sim" +test=bench_crc1024 +cycles="$2" +outdir=sim_out/bench/verilator) ;;
    verilator) o=$("$vb/sim" +test=bench_fifo +cycles="$2" +outdir=sim_out/bench/verilator) ;;
    systemc) o=$("$sb/sim" +test=bench_fifo +cycles="$2" +outdir=sim_out/bench/systemc) ;;
    icarus) o=$(vvp -n -M "$ib" -m harness "$ib/sim.vvp" +test=bench_fifo +cycles="$2" +outdir=sim_out/bench/icarus) ;;
  esac
  o=$(grep 'bench:' <<<"$o")
  echo "$(field cycles <<<"$o") $(field seconds <<<"$o") $(field checksum <<<"$o")"
}

declare -A best n sum
n=([bare]=$N_VL [verilator]=$N_VL [systemc]=$N_SC [icarus]=$N_IV [bare_crc]=$N_CRC [verilator_crc]=$N_CRC)
for r in $(seq "$ROUNDS"); do
  for s in bare verilator systemc icarus bare_crc verilator_crc; do
    read -r c t k < <(run $s "${n[$s]}")
    sum[$s]=$k
    if [ -z "${best[$s]:-}" ] || awk "BEGIN{exit !($t < ${best[$s]})}"; then best[$s]=$t; fi
  done
done
# The same stimulus must give the same checksum everywhere (same work, same answers).
for s in verilator systemc icarus; do
  read -r _ _ k < <(run bare "${n[$s]}")
  [ "${sum[$s]}" = "$k" ] || { echo "checksum of $s differs from the bare loop" >&2; exit 1; }
done
[ "${sum[verilator_crc]}" = "${sum[bare_crc]}" ] || { echo "crc checksum differs from the bare loop" >&2; exit 1; }

rate() { awk "BEGIN{printf \"%.0f\", ${n[$1]} / ${best[$1]}}"; }
{
  echo "sim,cycles,seconds,cycles_per_s,ratio_to_verilator"
  for s in verilator systemc icarus bare; do # the FIFO workload
    echo "$s,${n[$s]},${best[$s]},$(rate $s),$(awk "BEGIN{printf \"%.4f\", $(rate $s) / $(rate verilator)}")"
  done
} >"$out/harness_speed.csv"

# Instruction counts per cycle: difference of two runs cancels start-up and reset.
ir() { # program args... : total instructions
  local f
  f=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$f" "$@" >/dev/null 2>&1
  sed -n 's/^summary: \([0-9]*\).*/\1/p' "$f"
  rm -f "$f"
}
per_cycle() { # n program args-with-CYCLES
  local n=$1 a b
  shift
  a=$(ir "${@//CYCLES/$n}")
  b=$(ir "${@//CYCLES/$((2 * n))}")
  echo $(((b - a) / n))
}
co=+outdir=sim_out/bench/callgrind
{
  echo "design,method,bare,harness,overhead"
  ib=$(per_cycle 100000 "$vb/bench_bare_fifo" CYCLES)
  ih=$(per_cycle 100000 "$vb/sim" +test=bench_fifo +cycles=CYCLES $co)
  echo "sync_fifo_w8_d4,wall_clock_cycles_per_s,$(rate bare),$(rate verilator),$(awk "BEGIN{printf \"%.3f\", $(rate bare) / $(rate verilator) - 1}")"
  echo "sync_fifo_w8_d4,instructions_per_cycle,$ib,$ih,$(awk "BEGIN{printf \"%.3f\", $ih / $ib - 1}")"
  ib=$(per_cycle 20000 "$vb/bench_bare_crc" CYCLES)
  ih=$(per_cycle 20000 "$vb/sim" +test=bench_crc1024 +cycles=CYCLES $co)
  echo "crc_engine_crc32_d1024,wall_clock_cycles_per_s,$(rate bare_crc),$(rate verilator_crc),$(awk "BEGIN{printf \"%.3f\", $(rate bare_crc) / $(rate verilator_crc) - 1}")"
  echo "crc_engine_crc32_d1024,instructions_per_cycle,$ib,$ih,$(awk "BEGIN{printf \"%.3f\", $ih / $ib - 1}")"
} >"$out/harness_overhead.csv"

echo "| simulator | cycles | best of $ROUNDS (s) | cycles/s | vs Verilator |"
echo "|---|---|---|---|---|"
tail -n +2 "$out/harness_speed.csv" | while IFS=, read -r s c t r x; do
  echo "| $s | $c | $t | $r | $x |"
done
echo
echo "| design | measure | bare eval() loop | harness | overhead |"
echo "|---|---|---|---|---|"
tail -n +2 "$out/harness_overhead.csv" | while IFS=, read -r d m b h o; do
  echo "| $d | $m | $b | $h | $(awk "BEGIN{printf \"%.1f %%\", 100 * $o}") |"
done
echo
echo "CSV: $out/harness_speed.csv $out/harness_overhead.csv"
