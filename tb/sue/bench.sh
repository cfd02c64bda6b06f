#!/usr/bin/env bash
# tb/sue/bench.sh - SUE endpoint figures (make bench BLOCK=sue), tb/sue/bench_sue.c:
#  1. wire efficiency on the RTL endpoint (sue_endpoint_w256, PDU_MAX 512): UDP, AIFH 12, AIFH 6, commands
#     of 8 .. 256 bytes, packed and unpacked, measured (command bytes delivered / wire bytes)
#     beside the formula of docs/sue/index.md "Efficiency";
#  2. latency on the RTL, idle endpoints: last command beat in to first frame byte out, last
#     frame byte in to the command's first beat out (median of SAMPLES, default 200);
#  3. throughput with 1 destination on the RTL and on the model, 1 and 64 destinations on the
#     model (CMDS commands, default 1600), a 32-byte-a-cycle MAC;
#  4. ports (bench_sue_ports): goodput at the same 32 bytes a cycle of wire over 1 port
#     (sue_endpoint_w256), 2 (sue_multi_p2) and 4 (sue_multi_p4), ordered and unordered
#     (PCMDS commands, default 1200);
#  5. failover (bench_sue_failover): goodput before, during and after port 1 of a 2-port
#     instance fails for 6,000 cycles, ordered / unordered, MCTRL.FAILOVER on / off; the time
#     until what port 1 held is delivered, and to full rate after its return.
# Writes sim_out/reports/sue_{efficiency,latency,throughput}.csv (+ _detail / _stats CSVs and
# PNG plots), then checks them and exits 1 if a check fails.
set -euo pipefail
SEED=${SEED:-1}
SAMPLES=${SAMPLES:-200}
CMDS=${CMDS:-1600}
PCMDS=${PCMDS:-1200}
out=sim_out/reports
mkdir -p "$out"
make -s -f scripts/build.mk BLOCK=sue SIM=verilator VARIANT=bench -j"${JOBS:-2}" >/dev/null
bin=sim_out/build/verilator/sue/bench/sim
run=sim_out/bench/verilator/sue

# shellcheck source=scripts/lib.sh
. scripts/lib.sh
one() { bench_one bench_sue "$bin" "$run" "$SEED" "$@"; } # name test plusargs...

one throughput bench_sue_throughput +cmds="$CMDS" &
p1=$!
one efficiency bench_sue_efficiency
one latency bench_sue_latency +samples="$SAMPLES"
wait $p1
one ports bench_sue_ports +cmds="$PCMDS"
one failover bench_sue_failover

cp "$run/efficiency/efficiency.csv" "$out/sue_efficiency.csv"
cp "$run/efficiency/efficiency_detail.csv" "$out/sue_efficiency_detail.csv"
cp "$run/latency/latency.csv" "$out/sue_latency.csv"
cp "$run/latency/latency_stats.csv" "$out/sue_latency_stats.csv"
cp "$run/throughput/throughput.csv" "$out/sue_throughput.csv"
cp "$run/ports/ports.csv" "$out/sue_ports.csv"
cp "$run/failover/failover.csv" "$out/sue_failover.csv"
cp "$run/failover/failover_trace.csv" "$out/sue_failover_trace.csv"

gnuplot <<GP
set terminal pngcairo size 1000,500 noenhanced
set datafile separator ","
set grid

set output "$out/sue_efficiency.png"
set title "SUE wire efficiency, RTL sue_endpoint_w256, PDU_MAX 512: measured (points), formula (lines)"
set xlabel "command bytes (2 clen + dlen)"
set ylabel "command bytes / wire bytes"
set yrange [0:1.05]
set logscale x 2
set key outside right
H = "udp_packed aifh12_packed aifh6_packed udp_unpacked aifh12_unpacked aifh6_unpacked"
plot for [i=1:6] "$out/sue_efficiency_detail.csv" \
  using ((strcol(1) eq word(H, i)) ? \$2 : 1/0):8 every ::1 with points pt 7 lc i title word(H, i), \
  for [i=1:6] "$out/sue_efficiency_detail.csv" \
  using ((strcol(1) eq word(H, i)) ? \$2 : 1/0):9 every ::1 with lines lc i notitle
unset logscale x
set xlabel ""

set output "$out/sue_latency.png"
set title "SUE endpoint latency on the RTL (sue_endpoint_w256), cycles: min / median / max"
set style data histograms
set style histogram clustered
set style fill solid 0.6
set yrange [0:*]
set key top left
set xtics rotate by -20
plot "$out/sue_latency_stats.csv" using 4:xtic(strcol(1)."/".strcol(2)) every ::1 title "min", \
  "" using 5 every ::1 title "median", "" using 6 every ::1 title "max"

set output "$out/sue_throughput.png"
set title "SUE throughput, 32 bytes a cycle line (fraction of line rate)"
set ylabel "command bytes / line bytes"
set yrange [0:1.05]
plot "$out/sue_throughput.csv" using 8:xtic(strcol(1)."/".strcol(2)."/".strcol(3)."d/".strcol(4)."B") \
  every ::1 title "line fraction"

set output "$out/sue_ports.png"
set title "SUE goodput over 1, 2 and 4 ports, 32 bytes a cycle of wire in all (274-byte commands)"
set ylabel "command bytes / line bytes"
set yrange [0:1.05]
plot "$out/sue_ports.csv" using (\$5 == 40 ? \$9 : 1/0):xtic(strcol(2)." x ".strcol(3)." ".strcol(4)) every ::1 title "wire 40 cycles, ACK_DELAY 64", \
  "" using (\$5 == 2 ? \$9 : 1/0) every ::1 title "wire 2 cycles, ACK_DELAY 4"

set output "$out/sue_failover.png"
set title "SUE 2 x 128-bit ports: goodput while port 1's wire is down (cycles 4000-10000), RETX_TIMEOUT 600"
set xlabel "cycle"
set ylabel "command bytes / line bytes (250-cycle windows)"
set yrange [0:1.05]
unset logscale x
set key outside right
plot for [r in "unordered,1 unordered,0 ordered,1 ordered,0"] "$out/sue_failover_trace.csv" \
  using ((strcol(1).",".strcol(2)) eq r ? \$3 : 1/0):4 every ::1 with lines lw 2 \
  title (r[1:strstrt(r, ",")-1]." FAILOVER ".r[strstrt(r, ",")+1:])
GP

bench_target "sue_efficiency.csv: header exactly header,command_bytes,wire_efficiency, 36 rows (3 headers x 6 sizes x packed / unpacked)" \
  'NR == 1 { h = ($0 == "header,command_bytes,wire_efficiency") } NR > 1 { n++; k[$1 "," $2]++ }
   END { exit !(h && n == 36 && length(k) == 36) }' "$out/sue_efficiency.csv"
bench_target "measured efficiency equals the formula exactly (6 decimals printed; the test compares the doubles)" \
  'NR > 1 { n++; if ($8 != $9) e = 1 } END { exit e || n != 36 }' "$out/sue_efficiency_detail.csv"
bench_target "sue_efficiency.csv equals the measured column of the detail" \
  'FNR == 1 { next } NR == FNR { m[$1 "," $2] = $3; next } { if (m[$1 "," $2] != $8) e = 1; n++ }
   END { exit e || n != 36 }' "$out/sue_efficiency.csv" "$out/sue_efficiency_detail.csv"
bench_target "sue_latency.csv: path,cycles with both paths for 8- and 256-byte commands" \
  'NR == 1 { h = ($0 == "path,cycles") } NR > 1 && $2 ~ /^[0-9]+$/ { p[$1] = 1 }
   END { exit !(h && p["xpu_cmd_to_first_frame_byte.cmd8"] && p["xpu_cmd_to_first_frame_byte.cmd256"] &&
                p["frame_to_xpu_cmd.cmd8"] && p["frame_to_xpu_cmd.cmd256"]) }' "$out/sue_latency.csv"
bench_target "throughput, 1 destination: RTL and model within 2 % for each size" \
  'NR > 1 && $3 == 1 && $1 == "rtl" { r[$4] = $7 } NR > 1 && $3 == 1 && $2 == "sue_endpoint_w256_ndst64" { m[$4] = $7 }
   END { for (s in r) { n++; d = m[s] / r[s] - 1; if (d < -0.02 || d > 0.02) e = 1 } exit e || n != 2 }' \
  "$out/sue_throughput.csv"
bench_target "throughput rows for 1 and 64 destinations on the model" \
  'NR > 1 && $1 == "model" { d[$3]++ } END { exit !(d[1] >= 2 && d[64] >= 2) }' "$out/sue_throughput.csv"
bench_target "sue_ports.csv: 1 port, 2 and 4 ports ordered and unordered, both wires, every goodput above 0" \
  'NR > 1 { n++; if ($8 <= 0) e = 1; k[$2 "," $4 "," $5] = 1 }
   END { exit e || n != 10 || length(k) != 10 }' \
  "$out/sue_ports.csv"

bench_target "sue_failover.csv: 4 rows; with FAILOVER on, port 1's commands delivered before its wire's return and goodput kept in the cut" \
  'NR > 1 { n++; if ($2 == 1) { on++; if ($7 <= 0 || $7 >= 6000 || $5 <= 0.3) e = 1 } }
   END { exit e || n != 4 || on != 2 }' "$out/sue_failover.csv"

echo "sue bench: $out/sue_efficiency.csv sue_latency.csv sue_throughput.csv sue_ports.csv sue_failover.csv (+ details, .png)"
for f in efficiency_detail latency latency_stats throughput ports failover; do
  echo "--- sue_$f.csv"
  column -s, -t <"$out/sue_$f.csv"
done
exit $bench_bad
