#!/usr/bin/env bash
# scripts/install_tools.sh - install whatever the project needs and the machine lacks.
# Idempotent, and silent when everything is present. Debian packages, and the Python packages
# of scripts/requirements.txt in the project's own virtual environment .venv/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

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
  # the compiler of the Verilated models (scripts/build.mk VL_CXX): half of g++'s compile time
  "clang++-14:clang-14"
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
# python3 -m venv needs ensurepip, which Debian ships apart
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)

if [ ${#missing[@]} -gt 0 ]; then
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
fi

# Python packages: pinned in scripts/requirements.txt, installed into .venv/ (never the system
# Python). The copy of the requirements the venv was filled from says whether it is current.
venv=$root/.venv req=$root/scripts/requirements.txt
if ! cmp -s "$req" "$venv/requirements.txt" || ! "$venv/bin/python3" -c '' >/dev/null 2>&1; then
  echo "installing: Python packages of scripts/requirements.txt into .venv/"
  log=$(mktemp)
  clear=()
  "$venv/bin/python3" -c '' >/dev/null 2>&1 || clear=(--clear) # a venv whose Python is gone
  if ! { python3 -m venv "${clear[@]}" "$venv" &&
    "$venv/bin/python3" -m pip install -q --disable-pip-version-check -r "$req"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "install_tools: pip failed for scripts/requirements.txt (.venv/)" >&2
    exit 1
  fi
  rm -f "$log"
  cp "$req" "$venv/requirements.txt"
fi
