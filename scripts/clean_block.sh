#!/usr/bin/env bash
# scripts/clean_block.sh BLOCK - `make clean-block BLOCK=x`: removes a block that git does not
# track yet (the skeleton of make new-block, or work not yet added) from every layer, and its
# outputs under sim_out. A block with tracked files is refused: that is `git rm`'s job.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
b=${1:-}
[[ $b =~ ^[a-z][a-z0-9_]*$ ]] || { echo "clean-block: BLOCK must be a lower-case identifier (got '$b')" >&2; exit 2; }
dirs=(rtl/$b tb/$b csrc/ref/$b csrc/lib/$b vectors/$b docs/$b)
if [ -n "$(git ls-files -- "${dirs[@]}" 2>/dev/null)" ]; then
  echo "clean-block: block $b has files tracked by git; remove them with git rm" >&2
  exit 2
fi
rm -rf "${dirs[@]}" sim_out/build/*/"$b" sim_out/build/gen/"$b" sim_out/build/c/"$b" sim_out/*/"$b"
echo "clean-block: removed block $b"
