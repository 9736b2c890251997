#!/usr/bin/env bash
# Builds the libFuzzer entry (Fuzz/FuzzScript.swift + ReplayFuzzHarness from
# the tests + the sources of the engine, viewer, component, evemu, replay and
# pictures targets, compiled as one module with
# their imports of each other removed: SwiftPM cannot link a libFuzzer main)
# with -sanitize=fuzzer,address and runs it for RUNS executions on a corpus
# seeded from Examples/ (scripts, and recordings marked "EVEMU") and the
# .input files of Tests/Fixtures/fuzz.
#
# With --engine it builds Fuzz/FuzzEngine.swift instead: the engine's API
# driven by operations read from the input, with re-entrant callbacks
# (EngineFuzzHarness in Tests/Support), seeded from Tests/Fixtures/fuzz-engine.
#
# Usage: scripts/fuzz.sh [--engine] [RUNS] [extra libFuzzer flags...]
# Crashes are written to .build/fuzz*/artifacts/; keep each in the corpus the
# tests replay (Tests/Fixtures/fuzz for scripts, Tests/Fixtures/fuzz-engine).
set -euo pipefail
cd "$(dirname "$0")/.."
engine=false
if [ "${1:-}" = "--engine" ]; then engine=true; shift; fi
runs=${1:-100000}
shift || true
out=.build/fuzz
if $engine; then out=.build/fuzz-engine; fi
mkdir -p "$out/seeds" "$out/corpus" "$out/artifacts"

# The targets in dependency order; one module, so their imports of each other go.
rm -rf "$out/src" && mkdir -p "$out/src"
for target in InteractionKitCore InteractionKitLargeContentViewer InteractionKitComponents \
        InteractionKitEvemu InteractionKitReplay InteractionKitPictures; do
    while IFS= read -r file; do
        # A name qualified by its module (InteractionKitComponents.DecelerationRate) is now this module's.
        grep -vE '^(@_exported )?import InteractionKit' "$file" \
            | sed -E 's/\bInteractionKit(Core|LargeContentViewer|Components|Evemu|Replay|Pictures)\.([A-Z])/InteractionKitLinuxFuzz.\2/g' \
            > "$out/src/$target-$(basename "$file")"
    done < <(find "Sources/$target" -name '*.swift' | sort)
done
mapfile -t sources < <(find "$out/src" -name '*.swift' | sort)

if $engine; then
    # The harness lives with the test helpers; it imports only the library.
    grep -vE '^(@testable )?import InteractionKit' Tests/Support/EngineFuzzHarness.swift > "$out/src/EngineFuzzHarness.swift"
    swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g \
        -module-name InteractionKitLinuxFuzz -package-name InteractionKitLinux -lm \
        "${sources[@]}" "$out/src/EngineFuzzHarness.swift" Fuzz/FuzzEngine.swift -o "$out/fuzz-engine"
    cp Tests/Fixtures/fuzz-engine/* "$out/seeds/" 2>/dev/null || true
    rm -f "$out/seeds/"*.md
    "$out/fuzz-engine" -runs="$runs" -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/" "$@" "$out/corpus" "$out/seeds"
    exit 0
fi

# The harness lives with the tests (it ships in no product).
grep -vE '^(@testable )?import InteractionKit' Tests/InteractionKitPicturesTests/ReplayFuzzHarness.swift \
    > "$out/src/ReplayFuzzHarness.swift"
swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g \
    -module-name InteractionKitLinuxFuzz -package-name InteractionKitLinux -lm \
    "${sources[@]}" "$out/src/ReplayFuzzHarness.swift" Fuzz/FuzzScript.swift -o "$out/fuzz-script"

cp Examples/*.gesture "$out/seeds/"
# The findings and hand-written seeds the tests replay (buttons, among others).
cp Tests/Fixtures/fuzz/*.input "$out/seeds/" 2>/dev/null || true
for recording in Examples/recordings/*.events; do
    # A recording's description is in the file itself or in NAME.desc beside it.
    description="${recording%%.*}.desc"
    seed="$out/seeds/$(basename "$recording" .events | tr ' ' '_').evemu"
    { printf 'EVEMU\n'; if [ -f "$description" ]; then cat "$description"; fi; head -c 60000 "$recording"; } > "$seed"
done

"$out/fuzz-script" -runs="$runs" -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" "$@" "$out/corpus" "$out/seeds"
