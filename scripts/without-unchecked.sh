#!/usr/bin/env bash
# Builds a copy of the package with every `@exclusivity(unchecked)` removed
# and runs the debug test suite and an engine-fuzz smoke run on it: a
# callback that breaks the invariant those attributes rest on (no access to
# the property overlaps another) then traps on the runtime's exclusivity
# check instead of corrupting memory silently.
#
# Usage: scripts/without-unchecked.sh [FUZZ_RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20000}
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
# The tracked files, as they are in the working tree.
git ls-files -z | while IFS= read -r -d '' file; do
    mkdir -p "$copy/$(dirname "$file")"
    cp -p "$file" "$copy/$file"
done
count=$(grep -rl "@exclusivity(unchecked)" "$copy/Sources" | xargs -r grep -c "@exclusivity(unchecked)" | awk -F: '{s+=$2} END {print s+0}')
echo "removing $count @exclusivity(unchecked) attributes"
grep -rl "@exclusivity(unchecked)" "$copy/Sources" | xargs -r sed -i 's/@exclusivity(unchecked) //'
if grep -rq "@exclusivity(unchecked)" "$copy/Sources"; then
    echo "error: an attribute was not removed" >&2
    exit 1
fi
cd "$copy"
swift build --build-tests
swift test --skip-build
scripts/fuzz.sh --engine "$runs" -seed=1 2>&1 | tail -6
