#!/usr/bin/env bash
# tb/fabric/bench.sh - the fabric's figures (make bench BLOCK=fabric), on the RTL (tb/fabric/
# bench_fabric.c through tb/fabric/fabric_tb.c; every run also passes the tests' checks):
#  1. one-way latency at zero load, command in to command out, by stage on raw links (SUE TX,
#     link, switch, link, SUE RX) and in total on RIFL links, 8- and 256-byte commands, in cycles
#     and in ns at CLK_GHZ (default 1.0), beside the spec's Appendix A budget;
#  2. goodput per XPU at saturation (256-byte commands), uniform / permutation / incast, on
#     fabric_n4 (SCOC and iSLIP), fabric_n8, fabric_n16 (CMDS commands per XPU, default 400);
#  3. goodput and p99 latency against the links' BER (1e-9 .. 1e-5), RIFL on and off (N = 4);
#  4. the composed C model (csrc/ref/fabric/fabric_model.c): the RTL's four configurations
#     beside the RTL rows, then N = 64, 256 and 1024, SCOC and iSLIP, speedup 1.0 and 1.45;
#  5. PFC against CBFC (and no flow control) under a 3-to-1 incast onto a slow and a fast XPU,
#     RIFL and raw links: goodput, p50 / p99 latency, drops, go-back-N resends;
#  6. switch planes: goodput per XPU on 1 (fabric_n4), 2 and 4 planes (fabric_multi_n4_p2/_p4),
#     uniform and permutation, ordered and unordered (PCMDS commands per XPU, default 400);
#  7. a plane failing under load (fabric_multi_n4_p2): goodput in windows before, during and
#     after plane 1's outage, the time back to full rate, ordered / unordered, RETX_TIMEOUT
#     4000 / 20000.
# Writes sim_out/reports/fabric_{latency,throughput,ber,fc,planes,plane_fail}.csv and PNG plots.
set -euo pipefail
SEED=${SEED:-1}
SAMPLES=${SAMPLES:-50}
CMDS=${CMDS:-400}
CLK_GHZ=${CLK_GHZ:-1.0}
out=sim_out/reports
mkdir -p "$out"
# every figure here is in cycles or bytes a cycle, not wall time, so the program of make sim
# (models at -O1) serves: no second build of the five fabric tops at -O2
make -s -f scripts/build.mk BLOCK=fabric SIM=verilator VARIANT=plain -j"${JOBS:-2}" >/dev/null
bin=sim_out/build/verilator/fabric/plain/sim
run=sim_out/bench/verilator/fabric

# shellcheck source=scripts/lib.sh
. scripts/lib.sh
one() { bench_one bench_fabric "$bin" "$run" "$SEED" "$@"; } # name test plusargs...

one tp_n16 bench_fabric_throughput +top=fabric_n16 +cmds="$CMDS" &
p1=$!
one model bench_fabric_model +cmds="$CMDS" +big_cmds="${BIG_CMDS:-200}" \
  +huge_cmds="${HUGE_CMDS:-40}" &
p2=$!
one tp_n4 bench_fabric_throughput +top=fabric_n4 +cmds="$CMDS"
one tp_n4i bench_fabric_throughput +top=fabric_n4_islip +cmds="$CMDS"
one tp_n8 bench_fabric_throughput +top=fabric_n8 +cmds="$CMDS"
one latency bench_fabric_latency +samples="$SAMPLES"
one ber bench_fabric_ber +cmds=300
one fc bench_fabric_fc +cmds="${FC_CMDS:-200}"
one planes bench_fabric_planes +cmds="${PCMDS:-400}"
one plane_fail bench_fabric_plane_fail
wait $p1
wait $p2

# latency: cycles, ns at the stated clock, and the spec's budget rows (Appendix A)
awk -F, -v clk="$CLK_GHZ" 'NR == 1 { print "source,top,stage,command_data_bytes,median_cycles,ns_at_" clk "GHz"; next }
  { printf "RTL,%s,%s,%s,%s,%.1f\n", $1, $2, $3, $4, $4 / clk }
  END {
    print "spec,budget,sue_bridge_tx_plus_rx,,,100"
    print "spec,budget,ethernet_link_and_phy_tx_plus_rx,,,100"
    print "spec,budget,switch,,,250"
    print "spec,budget,one_way_3m_cables,,,477.6"
    print "spec,budget,round_trip,,,2000"
  }' "$run/latency/latency.csv" >"$out/fabric_latency.csv"
{
  head -1 "$run/tp_n4/throughput.csv"
  for r in tp_n4 tp_n4i tp_n8 tp_n16; do tail -n +2 "$run/$r/throughput.csv"; done
  tail -n +2 "$run/model/model.csv"
} >"$out/fabric_throughput.csv"
cp "$run/ber/ber.csv" "$out/fabric_ber.csv"
cp "$run/fc/fc.csv" "$out/fabric_fc.csv"
cp "$run/planes/planes.csv" "$out/fabric_planes.csv"
cp "$run/plane_fail/plane_fail.csv" "$out/fabric_plane_fail.csv"
cp "$run/plane_fail/plane_fail_trace.csv" "$out/fabric_plane_fail_trace.csv"

gnuplot <<GP
set terminal pngcairo size 900,500 noenhanced
set datafile separator ","
set grid

set output "$out/fabric_latency.png"
set title "Fabric one-way latency at zero load, RTL, median cycles (fabric_n4_raw by stage, totals)"
set style data histograms
set style fill solid 0.8
set xtics rotate by -30
set ylabel "cycles"
plot "$out/fabric_latency.csv" using (strcol(1) eq "RTL" ? \$5 : 1/0):xtic(sprintf("%s %s %sB", strcol(2), strcol(3), strcol(4))) title "median"

set output "$out/fabric_throughput.png"
set terminal pngcairo size 1400,600 noenhanced
set title "Fabric goodput per XPU at saturation (256-byte commands), fraction of the 64-bit line"
set ylabel "goodput / line rate"
set yrange [0:1]
set style data histograms
set style fill solid 0.8
set xtics rotate by -60 font ",8"
set key outside right top
plot "$out/fabric_throughput.csv" using (strcol(2) eq "RTL" ? \$7 : 1/0):xtic(sprintf("%s %s %s x%s", strcol(1), strcol(3), strcol(5), strcol(6))) every ::1 title "RTL", \
     "$out/fabric_throughput.csv" using (strcol(2) eq "model" ? \$7 : 1/0):xtic(sprintf("%s %s %s x%s", strcol(1), strcol(3), strcol(5), strcol(6))) every ::1 title "model"
set terminal pngcairo size 900,500 noenhanced

set output "$out/fabric_ber.png"
set title "Fabric goodput per XPU against link BER (N = 4, saturation)"
set style data linespoints
set xtics norotate
set logscale x
set xlabel "bit error rate"
set ylabel "goodput / line rate"
set yrange [0:1]
plot "$out/fabric_ber.csv" using (\$2 == 1 ? \$3 : 1/0):4 every ::1 title "RIFL on", \
     "$out/fabric_ber.csv" using (\$2 == 0 ? \$3 : 1/0):4 every ::1 title "RIFL off (raw)"

set output "$out/fabric_fc.png"
set title "3-to-1 incast onto XPU 0: p99 latency by flow control (N = 4, 256-byte commands, one VC)"
unset logscale x
set xlabel ""
set ylabel "p99 latency, cycles"
set yrange [0:*]
set style data histograms
set style fill solid 0.8
set xtics rotate by -30
plot "$out/fabric_fc.csv" using 6:xtic(sprintf("%s %s grant %s", strcol(1), strcol(2), strcol(3))) every ::1 title "p99"

set output "$out/fabric_planes.png"
set title "Goodput per XPU against switch planes (N = 4, 256-byte commands, a 64-bit line a plane)"
set ylabel "command bytes a cycle per XPU"
set yrange [0:*]
set xtics rotate by -30
plot "$out/fabric_planes.csv" using 5:xtic(sprintf("P%s %s %s", strcol(2), strcol(3), strcol(4))) every ::1 title "goodput"

set output "$out/fabric_plane_fail.png"
set title "Plane 1 of 2 down under load (fabric_multi_n4_p2, uniform): goodput per XPU, fraction of its 2 lines"
set style data lines
set xtics norotate
set xlabel "cycles from the start of the traffic"
set ylabel "goodput / 2 lines"
set yrange [0:1]
plot for [m in "unordered ordered"] for [t in "4000 20000"] "$out/fabric_plane_fail_trace.csv" \
     using (strcol(1) eq m && strcol(2) eq t ? \$3 : 1/0):4 every ::1 title sprintf("%s RETX %s", m, t)
GP
echo "fabric bench: $out/fabric_latency.csv $out/fabric_throughput.csv $out/fabric_ber.csv $out/fabric_fc.csv" \
  "$out/fabric_planes.csv $out/fabric_plane_fail.csv (+ PNG)"
column -s, -t "$out/fabric_latency.csv"
column -s, -t "$out/fabric_throughput.csv"
column -s, -t "$out/fabric_ber.csv"
column -s, -t "$out/fabric_fc.csv"
column -s, -t "$out/fabric_planes.csv"
column -s, -t "$out/fabric_plane_fail.csv"
