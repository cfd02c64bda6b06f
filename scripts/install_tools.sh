#!/usr/bin/env bash
# scripts/install_tools.sh - install whatever the project needs and the machine lacks.
# Idempotent, and silent when everything is present. Debian packages only.
set -euo pipefail

# command-or-file : Debian package
need=(
  "verilator:verilator"
  "iverilog:iverilog"
  "vvp:iverilog"
  "yosys:yosys"
  "yosys-smtbmc:yosys"
  "boolector:boolector"
  "z3:z3"
  "/usr/include/systemc.h:libsystemc-dev"
  "/usr/include/zlib.h:zlib1g-dev"
  "gtkwave:gtkwave"
  "fst2vcd:gtkwave"
  "lcov:lcov"
  "genhtml:lcov"
  "cppcheck:cppcheck"
  "clang-format:clang-format"
  "g++:g++"
  "make:make"
  "python3:python3"
  "xvfb-run:xvfb"
  "valgrind:valgrind"
  "gnuplot:gnuplot-nox"
  # tshark: the pcap_udp test of tb/sue dissects the RTL's frames with it (IPv4 checksum,
  # UDP port); the test fails, naming this package, when it is missing.
  "tshark:tshark"
)

missing=()
for item in "${need[@]}"; do
  what=${item%%:*} pkg=${item##*:}
  if [[ $what == /* ]]; then
    [ -e "$what" ] && continue
  else
    command -v "$what" >/dev/null 2>&1 && continue
  fi
  [[ " ${missing[*]} " == *" $pkg "* ]] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "install_tools: apt-get failed for: ${missing[*]}" >&2
  exit 1
fi
rm -f "$log"
