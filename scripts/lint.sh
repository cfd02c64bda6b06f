#!/usr/bin/env bash
# scripts/lint.sh - `make lint`: the RTL lanes (Verilator -Wall, Icarus -Wall, Yosys
# synthesis without latches, for every module and every top configuration), the files generated
# from the register descriptions (rtl/*/*.rdl) up to date, the names of every layer
# (scripts/lint_names.py), then the C: cppcheck and a clang-format check. Exit non-zero on any
# finding.
set -uo pipefail
status=0
echo "=== RTL: verilator -Wall, iverilog -Wall, yosys (no latches)"
scripts/lint_rtl.sh || status=1

echo "=== registers: generated files are what rtl/*/*.rdl gives now (make regs)"
shopt -s nullglob
rdl=(rtl/*/*.rdl)
shopt -u nullglob
if [ ${#rdl[@]} -gt 0 ]; then
  if .venv/bin/python3 scripts/regmap.py --check "${rdl[@]}"; then
    echo "registers: OK (${rdl[*]})"
  else
    status=1
  fi
fi

echo "=== names: one name per thing in every layer (docs/architecture.md \"Names\")"
python3 scripts/lint_names.py || status=1

echo "=== C: cppcheck"
# C sources (headers are checked through them), then the C++ backends and shims.
csrc=$(find csrc tb -name '*.c' | sort)
cxxsrc=$(find csrc -name '*.cpp' | sort)
ccheck=(cppcheck --quiet --enable=warning,style,performance,portability --error-exitcode=1
  --inline-suppr --suppress=missingIncludeSystem --suppress=missingInclude
  -Icsrc/harness -Icsrc/gen $(for d in csrc/lib/* csrc/ref/*; do echo "-I$d"; done))
cxx_ok=1
for f in $cxxsrc; do # one at a time: each backend belongs to a different program
  # without "style": the backends include the C API header (C casts by design), and
  # cppcheck does not see the generated shims that use the struct members
  "${ccheck[@]/--enable=warning,style,performance,portability/--enable=warning,performance,portability}" \
    --language=c++ --std=c++17 -DVM_TRACE=0 -DVM_COVERAGE=0 -DVL_MT_UNSAFE= "$f" || cxx_ok=0
done
if "${ccheck[@]}" --std=c11 $csrc && [ $cxx_ok -eq 1 ]; then
  echo "cppcheck: OK ($(wc -w <<<"$csrc $cxxsrc") files)"
else
  status=1
fi

echo "=== C/C++: clang-format"
fmt=$(find csrc tb -name '*.c' -o -name '*.h' -o -name '*.cpp' | sort)
bad=()
for f in $fmt; do
  clang-format --style=file "$f" | cmp -s - "$f" || bad+=("$f")
done
if [ ${#bad[@]} -eq 0 ]; then
  echo "clang-format: OK ($(wc -w <<<"$fmt") files)"
else
  echo "clang-format: not formatted (run clang-format -i on them): ${bad[*]}"
  status=1
fi
[ $status -eq 0 ] && echo "lint: clean" || echo "lint: FAILED"
exit $status
