#!/usr/bin/env bash
# scripts/lint.sh - `make lint`: the RTL lanes (Verilator -Wall, Icarus -Wall, Yosys
# synthesis without latches, for every module and every top configuration), then the C:
# cppcheck and a clang-format check. Exit non-zero on any finding.
set -uo pipefail
status=0
echo "=== RTL: verilator -Wall, iverilog -Wall, yosys (no latches)"
scripts/lint_rtl.sh || status=1

echo "=== C: cppcheck"
csrc=$(find csrc tb -name '*.c' -o -name '*.h' | sort)
if cppcheck --quiet --enable=warning,style,performance,portability --error-exitcode=1 \
  --inline-suppr --suppress=missingIncludeSystem --std=c11 \
  -Icsrc/harness -Icsrc/ref $csrc; then
  echo "cppcheck: OK ($(wc -w <<<"$csrc") files)"
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
