#!/usr/bin/env bash
# scripts/cov.sh "BLOCKS" SEED - `make cov`: every default test of the blocks on Verilator
# with coverage (COVERAGE=1), the coverage.dat of the tests merged, then
#   sim_out/reports/coverage/coverage.dat   merged points (RTL under rtl/ only)
#   sim_out/reports/coverage/coverage.info  lcov data (verilator_coverage --write-info)
#   sim_out/reports/coverage/index.html     HTML report (genhtml)
# and a per-file summary table (lines, blocks, branches, toggles) with the overall figure.
# Exit non-zero if a test failed, a test left no coverage.dat, or the report was not written.
set -euo pipefail

blocks=${1:-}
seed=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh
[ -n "$blocks" ] || blocks=$(all_blocks)
[[ $seed =~ ^[0-9]+$ ]] || { echo "bad SEED '$seed': want an unsigned integer" >&2; exit 2; }
for tool in verilator_coverage genhtml python3; do
  command -v "$tool" >/dev/null || { echo "cov: $tool not found (make tools)" >&2; exit 2; }
done

out=sim_out/reports/coverage
status=0
scripts/sim.sh verilator "$blocks" "" "$seed" 0 1 || status=1

# The coverage files of exactly the tests just run.
dats=()
missing=0
for b in $blocks; do
  for t in $(block_test_names "$b" default); do
    d=sim_out/verilator/$b/$t-s$seed/coverage.dat
    if [ -f "$d" ]; then
      dats+=("$d")
    else
      echo "cov: $b.$t left no coverage.dat (see sim_out/verilator/$b/$t-s$seed/console.log)" >&2
      missing=$((missing + 1))
    fi
  done
done
[ "$missing" -eq 0 ] || status=1
rm -rf "$out"
mkdir -p "$out"
if [ "${#dats[@]}" -eq 0 ]; then
  echo "cov: no coverage data; no report written" >&2
  exit 1
fi

echo
verilator_coverage --write "$out/all.dat" "${dats[@]}"
# Keep only the points of RTL sources under rtl/ (paths as Verilator saw them).
python3 - "$out/all.dat" "$out/coverage.dat" <<'EOF'
import os, sys
src, dst = sys.argv[1], sys.argv[2]
root = os.getcwd()
kept = dropped = 0
with open(src, encoding="latin-1") as f, open(dst, "w", encoding="latin-1") as o:
    for line in f:
        if line.startswith("C '"):
            key = line[3:line.rindex("'")]
            fields = dict(kv.split("\x02", 1) for kv in key.split("\x01") if "\x02" in kv)
            rel = os.path.relpath(os.path.join(root, fields.get("f", "")), root)
            if not rel.startswith("rtl" + os.sep):
                dropped += 1
                continue
            kept += 1
        o.write(line)
print("coverage points: %d kept (rtl/), %d dropped (outside rtl/)" % (kept, dropped))
EOF
rm -f "$out/all.dat"
verilator_coverage --write-info "$out/coverage.info" "$out/coverage.dat"
genhtml -q --title "coverage: ${blocks// /, } (Verilator, seed $seed)" \
  -o "$out" "$out/coverage.info" >"$out/genhtml.log" 2>&1 || {
  cat "$out/genhtml.log" >&2
  echo "cov: genhtml failed (log: $out/genhtml.log)" >&2
}

# Per-file table: lines from the lcov data (a line is hit when every point on it is),
# blocks / branches / toggles from the points.
python3 - "$out/coverage.dat" "$out/coverage.info" <<'EOF'
import collections, sys
dat, info = sys.argv[1], sys.argv[2]
KINDS = [("line", "lines"), ("v_line", "blocks"), ("v_branch", "branches"), ("v_toggle", "toggles")]
acc = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0]))
with open(dat, encoding="latin-1") as f:
    for line in f:
        if not line.startswith("C '"):
            continue
        q = line.rindex("'")
        fields = dict(kv.split("\x02", 1) for kv in line[3:q].split("\x01") if "\x02" in kv)
        kind = fields.get("page", "").split("/")[0]
        c = acc[fields.get("f", "?")][kind]
        c[0] += int(line[q + 1:]) > 0
        c[1] += 1
src = None
with open(info) as f:
    for line in f:
        line = line.strip()
        if line.startswith("SF:"):
            src = line[3:]
        elif line.startswith("DA:") and src:
            c = acc[src]["line"]
            c[0] += int(line.split(",")[1]) > 0
            c[1] += 1
def cell(c):
    return "%16s" % ("%d/%d %5.1f%%" % (c[0], c[1], 100.0 * c[0] / c[1]) if c[1] else "-")
w = max([len(s) for s in acc] + [len("overall")])
print()
print("%-*s  %s" % (w, "file", "  ".join("%16s" % k[1] for k in KINDS)))
tot = collections.defaultdict(lambda: [0, 0])
for s in sorted(acc):
    print("%-*s  %s" % (w, s, "  ".join(cell(acc[s][k[0]]) for k in KINDS)))
    for k, _ in KINDS:
        tot[k][0] += acc[s][k][0]
        tot[k][1] += acc[s][k][1]
print("%-*s  %s" % (w, "overall", "  ".join(cell(tot[k[0]]) for k in KINDS)))
EOF

echo
if [ -s "$out/index.html" ] && [ -s "$out/coverage.info" ]; then
  echo "report: $out/index.html (lcov data: $out/coverage.info)"
else
  echo "cov: the report was not written ($out/index.html)" >&2
  status=1
fi
[ "$status" -eq 0 ] || echo "cov: some tests failed or left no coverage data; the figures above miss them" >&2
exit "$status"
