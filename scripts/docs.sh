#!/usr/bin/env bash
# Builds the DocC documentation of the InteractionKitLinux library with the
# toolchain's own `docc` (no package dependency, no plugin) into OUTDIR.
#
# Usage: scripts/docs.sh OUTDIR
#
# The umbrella module InteractionKitLinux re-exports InteractionKitCore,
# InteractionKitLargeContentViewer and InteractionKitComponents, and the
# compiler writes their public symbols into the umbrella's own symbol graph,
# so one catalog (Sources/InteractionKitLinux/InteractionKitLinux.docc) with
# that one graph documents them all and its articles link to them
# (``GestureRecognizer``). The testing product's module, InteractionKitTesting,
# is documented beside it from the same catalog (its own module page,
# InteractionKitTesting.md; links across as ``InteractionKitTesting/TouchDriver``
# and ``InteractionKitLinux/Window``). Warnings are errors: an unresolved
# link fails.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/docs.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# A scratch path of its own: the symbol-graph flags would otherwise make the
# next ordinary build recompile these targets.
scratch=.build/docs
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
# InteractionKitTesting depends on the umbrella: one build emits both graphs.
swift build --scratch-path "$scratch" --target InteractionKitTesting \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all" >/dev/null
mkdir -p "$graphs/umbrella"
cp "$graphs/all/InteractionKitLinux.symbols.json" "$graphs/all/InteractionKitTesting.symbols.json" "$graphs/umbrella/"

docc_args=()
if docc convert --help 2>&1 | grep -q -- '--warnings-as-errors'; then
    docc_args+=(--warnings-as-errors)
fi
log=$(mktemp)
status=0
docc convert Sources/InteractionKitLinux/InteractionKitLinux.docc \
    --additional-symbol-graph-dir "$graphs/umbrella" \
    --fallback-display-name InteractionKitLinux --fallback-bundle-identifier org.interactionkit.linux \
    --output-path "$out/InteractionKitLinux.doccarchive" "${docc_args[@]}" >"$log" 2>&1 || status=$?
cat "$log"
if [ "$status" -ne 0 ] || grep -q "warning:" "$log"; then
    echo "error: docc reported problems (warnings are errors)" >&2
    exit 1
fi
echo "documentation: $out/InteractionKitLinux.doccarchive"
