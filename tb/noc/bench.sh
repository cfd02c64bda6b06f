#!/usr/bin/env bash
# tb/noc/bench.sh - mesh figures (make bench BLOCK=noc), on the cycle-exact mesh model
# (tb/noc/bench_noc.c; the lockstep tests hold the RTL to it): latency against offered load on
# an 8x8 mesh, uniform random and transpose, for BookSim's reference configurations
# (../shared/design/FACTS.md "Mesh NoC reference": 1-flit packets, 16 / 8 / 2 / 1 VCs of 8 flits, XY)
# and the project's 8x8 top (4 VCs in 2 classes, 1 .. 4-flit packets, XY and west-first; also
# bit-complement and hotspot), each also with the low-latency pipeline (LOWLAT, _ll).
# Writes sim_out/reports/noc_latency_load.csv and .png, then checks the zero-load latency against
# the pipeline's 5 cycles a hop and exits 1 if it is off. Then the ExaNet figures (seed 004, 4.3):
# sim_out/reports/noc_exanet.csv, the router's efficiency moving 32 .. 512-byte packets between
# two ports with one and two senders and the link's, beside the paper's, and the link's over a
# RIFL lane (apelink_rifl: a word a frame slot); the 512-byte router figure with one sender must
# reach the issue's 0.93.
set -euo pipefail
SEED=${SEED:-1}
out=sim_out/reports
mkdir -p "$out"
make -s -f scripts/build.mk BLOCK=noc SIM=verilator VARIANT=bench -j"${JOBS:-2}" >/dev/null
bin=sim_out/build/verilator/noc/bench/sim
run=sim_out/bench/verilator/noc

# shellcheck source=scripts/lib.sh
. scripts/lib.sh
bench_one bench_noc "$bin" "$run" "$SEED" latency_load bench_noc_latency_load
cp "$run/latency_load/latency_load.csv" "$out/noc_latency_load.csv"
bench_one bench_noc "$bin" "$run" "$SEED" exanet bench_noc_exanet
cp "$run/exanet/exanet.csv" "$out/noc_exanet.csv"

gnuplot <<GP
set terminal pngcairo size 900,550
set datafile separator ","
set grid
set key top left
set output "$out/noc_latency_load.png"
set title "8x8 mesh, uniform random: latency against offered load (make bench BLOCK=noc)"
set xlabel "offered load, flits/node/cycle"
set ylabel "mean packet latency, cycles"
set yrange [0:300]
plot for [c in "booksim_16vc booksim_8vc booksim_2vc booksim_1vc top_8x8_xy top_8x8_wf booksim_16vc_ll booksim_8vc_ll booksim_2vc_ll top_8x8_xy_ll"] \
  "$out/noc_latency_load.csv" using ((strcol(1) eq c && strcol(6) eq "uniform") ? \$7 : 1/0):9 \
  every ::1 with linespoints title c
GP

# zero load, 1-flit packets, uniform on 8x8: 5 cycles a router on 6.25 routers on average (5.25
# hops), plus a cycle at the source: about 32.2; BookSim's 4-stage router and 1-cycle link: ~33
bench_target "zero-load latency of 1-flit uniform packets on 8x8 within 30 .. 35 cycles (BookSim ~33)" \
  'NR > 1 && $1 ~ /^booksim_[0-9]+vc$/ && $6 == "uniform" && $7 == 0.010 { n++; if ($9 < 30 || $9 > 35) e = 1 }
   END { exit e || n < 4 }' "$out/noc_latency_load.csv"
# LOWLAT: 3 cycles a router on 6.25 routers plus the source's cycle: about 19.8
bench_target "zero-load latency with LOWLAT (3 cycles a router) within 18 .. 22 cycles" \
  'NR > 1 && $1 ~ /^booksim_[0-9]+vc_ll$/ && $6 == "uniform" && $7 == 0.010 { n++; if ($9 < 18 || $9 > 22) e = 1 }
   END { exit e || n < 3 }' "$out/noc_latency_load.csv"
bench_target "ExaNet router efficiency at 512 B, one sender, at least 0.93 (paper 0.76)" \
  'NR > 1 && $1 == "router" && $2 == 512 && $3 == 1 { n++; if ($4 < 0.93) e = 1 }
   END { exit e || n != 1 }' "$out/noc_exanet.csv"
echo "noc: $out/noc_latency_load.csv, $out/noc_latency_load.png, $out/noc_exanet.csv"
exit $bench_bad
