#!/usr/bin/env bash
# Builds the DocC documentation of the library products with the
# toolchain's own `docc` (no package dependency, no plugin) into OUTDIR, one
# archive per catalog:
#
#   InteractionKitLinux.doccarchive          the umbrella and InteractionKitTesting
#   InteractionKitReplay.doccarchive         scripts, the player, transcripts, pictures, evemu
#   InteractionKitLive.doccarchive           the run loop and the evdev reader
#   InteractionKitAccessibility.doccarchive  the AT-SPI export
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
# and ``InteractionKitLinux/Window``). The other products' catalogs sit in
# their main module's folder and are documented with that product's modules'
# graphs. Warnings are errors: an unresolved link fails.
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
# InteractionKitTesting depends on the umbrella, InteractionKitPictures on
# Replay and Evemu: these four builds emit every graph the catalogs need.
for target in InteractionKitTesting InteractionKitPictures InteractionKitLive InteractionKitAccessibility; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all" >/dev/null
done

docc_args=()
if docc convert --help 2>&1 | grep -q -- '--warnings-as-errors'; then
    docc_args+=(--warnings-as-errors)
fi

# convert NAME CATALOG IDENTIFIER MODULE...: one archive from CATALOG with the graphs of MODULE...
convert() {
    local name=$1 catalog=$2 identifier=$3
    shift 3
    local dir="$graphs/$name" log status=0 args=("${docc_args[@]}")
    mkdir -p "$dir"
    for module in "$@"; do cp "$graphs/all/$module.symbols.json" "$dir/"; done
    log=$(mktemp)
    docc convert "$catalog" \
        --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$name" --fallback-bundle-identifier "$identifier" \
        --output-path "$out/$name.doccarchive" "${args[@]}" >"$log" 2>&1 || status=$?
    cat "$log"
    if [ "$status" -ne 0 ] || grep -qE "^(warning|error): " "$log"; then
        echo "error: docc reported problems in $catalog (warnings are errors)" >&2
        exit 1
    fi
    rm -f "$log"
    echo "documentation: $out/$name.doccarchive"
}

convert InteractionKitLinux Sources/InteractionKitLinux/InteractionKitLinux.docc org.interactionkit.linux \
    InteractionKitLinux InteractionKitTesting
convert InteractionKitReplay Sources/InteractionKitReplay/InteractionKitReplay.docc org.interactionkit.replay \
    InteractionKitReplay InteractionKitPictures InteractionKitEvemu
convert InteractionKitLive Sources/InteractionKitLive/InteractionKitLive.docc org.interactionkit.live \
    InteractionKitLive
convert InteractionKitAccessibility Sources/InteractionKitAccessibility/InteractionKitAccessibility.docc \
    org.interactionkit.accessibility InteractionKitAccessibility InteractionKitDBus
