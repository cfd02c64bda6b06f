#!/usr/bin/env bash
# tb/scoc/bench.sh - SCOC figures (make bench BLOCK=scoc), on the cycle-exact C models
# (tb/scoc/bench_scoc.c; the lockstep tests prove them equal to the RTL):
#  1. permutation throughput, N = 128 and 256 (one process each), M = 4, 40 / 80 / 320-byte
#     packets on a 40-byte datapath, speedup 1.0 and 1.45, PERMS random permutations
#     (default 100) a point, SCOC and the flat iSLIP crossbar (the paper's Figs. 7, 8);
#  2. the seven fairness microbenchmarks (Figs. 5, 6): SCOC, SCOC with the mechanism of the
#     benchmark switched off, flat iSLIP with speedup 1.45 and without;
#  3. throughput and delay against load, N = 128, 288-byte packets (Fig. 11).
# Writes sim_out/reports/scoc_{permutation,fairness,load_delay}.csv and PNG plots, then checks
# the issue's targets and exits 1 if one is missed.
set -euo pipefail
PERMS=${PERMS:-100}
SEED=${SEED:-1}
out=sim_out/reports
mkdir -p "$out"
make -s -f scripts/build.mk BLOCK=scoc SIM=verilator VARIANT=bench -j"${JOBS:-2}" >/dev/null
bin=sim_out/build/verilator/scoc/bench/sim
run=sim_out/bench/verilator/scoc

# shellcheck source=scripts/lib.sh
. scripts/lib.sh
one() { bench_one bench_scoc "$bin" "$run" "$SEED" "$@"; } # name test plusargs...

one perm256 bench_scoc_permutation +n=256 +perms="$PERMS" &
p1=$!
one perm128 bench_scoc_permutation +n=128 +perms="$PERMS"
one fairness bench_scoc_fairness
one load_delay bench_scoc_load_delay
wait $p1

{
  cat "$run/perm128/permutation.csv"
  tail -n +2 "$run/perm256/permutation.csv"
} >"$out/scoc_permutation.csv"
cp "$run/fairness/fairness.csv" "$out/scoc_fairness.csv"
cp "$run/load_delay/load_delay.csv" "$out/scoc_load_delay.csv"

gnuplot <<GP
set terminal pngcairo size 800,500
set datafile separator ","
set grid
set key bottom right

set output "$out/scoc_permutation.png"
set title "Permutation throughput, M=4, 40-byte words (make bench BLOCK=scoc)"
set xlabel "packet bytes"
set ylabel "throughput"
set yrange [0:1.05]
set logscale x 2
plot for [a in "scoc flat"] for [s in "1.00 1.45"] "$out/scoc_permutation.csv" \
  using ((strcol(1) eq a && strcol(2) eq "128" && strcol(5) eq s) ? \$4 : 1/0):6 every ::1 \
  with linespoints title a." N=128 speedup ".s
unset logscale x

set output "$out/scoc_load_delay.png"
set title "Delay against load, N=128, 288-byte packets (make bench BLOCK=scoc)"
set xlabel "offered load"
set ylabel "delay, cycles"
set yrange [1:*]
set logscale y
set key top left
plot for [a in "scoc flat"] for [p in "uniform partitioned diagonal logdiagonal"] \
  "$out/scoc_load_delay.csv" using ((strcol(1) eq a && strcol(2) eq p) ? \$3 : 1/0):5 \
  every ::1 with linespoints title a." ".p
unset logscale y

set output "$out/scoc_fairness.png"
set title "Fairness microbenchmarks: rate / fair rate per connection (make bench BLOCK=scoc)"
set xlabel "connection (in file order)"
set ylabel "rate / fair rate"
set yrange [0:2]
set key top right
plot for [a in "scoc flat"] "$out/scoc_fairness.csv" \
  using 0:((strcol(2) eq a) ? \$4 / \$5 : 1/0) every ::1 with points title a
GP

bench_target "SCOC permutation throughput without speedup within 0.03 of 0.687 / 0.73 / 0.77 (40 / 80 / 320 B)" \
  'BEGIN { p[40] = 0.687; p[80] = 0.73; p[320] = 0.77 }
   NR > 1 && $1 == "scoc" && $5 == "1.00" { n++; d = $6 - p[$4]; if (d < -0.03 || d > 0.03) e = 1 }
   END { exit e || n < 3 }' "$out/scoc_permutation.csv"
bench_target "SCOC permutation throughput with speedup 1.45 >= 0.95 for every size" \
  'NR > 1 && $1 == "scoc" && $5 == "1.45" { n++; if ($6 < 0.95) e = 1 } END { exit e || n < 3 }' \
  "$out/scoc_permutation.csv"
bench_target "every SCOC connection within 3 % of its fair rate (7 microbenchmarks)" \
  'NR > 1 && $2 == "scoc" { n++; d = $4 / $5 - 1; if (d < -0.03 || d > 0.03) e = 1 }
   END { exit e || n < 20 }' "$out/scoc_fairness.csv"
bench_target "SCOC uniform traffic sustains load 0.9 (throughput >= 0.88)" \
  'NR > 1 && $1 == "scoc" && $2 == "uniform" && $3 == "0.90" { n++; if ($4 < 0.88) e = 1 }
   END { exit e || n != 1 }' "$out/scoc_load_delay.csv"

echo "scoc bench: $out/scoc_permutation.csv scoc_fairness.csv scoc_load_delay.csv (+ .png)"
for f in permutation fairness load_delay; do
  echo "--- scoc_$f.csv"
  column -s, -t <"$out/scoc_$f.csv"
done
exit $bench_bad
