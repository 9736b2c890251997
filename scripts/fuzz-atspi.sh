#!/usr/bin/env bash
# Builds the AT-SPI libFuzzer entry (Fuzz/FuzzAtspi.swift + AtspiFuzzHarness
# from the tests + the sources of the engine, viewer, components, D-Bus
# client and export, compiled as one module with their imports of each other
# removed: SwiftPM cannot link a libFuzzer main) with -sanitize=fuzzer,address
# and runs it for RUNS executions on a corpus seeded with valid calls and
# instruction streams (written by the fuzzer binary itself, see
# AtspiFuzzHarness.seeds()). Each input goes through the message decoder and
# then the object dispatcher (see AtspiFuzzHarness for the invariants).
#
# Usage: scripts/fuzz-atspi.sh [RUNS] [extra libFuzzer flags...]
# Crashes are written to .build/fuzz-atspi/artifacts/; keep each as a
# regression test in Tests/InteractionKitAccessibilityTests/AtspiFuzzTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100000}
shift || true
out=.build/fuzz-atspi
mkdir -p "$out/seeds" "$out/corpus" "$out/artifacts"

rm -rf "$out/src" && mkdir -p "$out/src"
for target in InteractionKitCore InteractionKitLargeContentViewer InteractionKitComponents \
        InteractionKitDBus InteractionKitAccessibility; do
    while IFS= read -r file; do
        # One module: imports of each other go, and a name qualified by its module takes this one's.
        grep -vE '^(@_exported )?import InteractionKit' "$file" \
            | sed -E 's/\bInteractionKit(Core|LargeContentViewer|Components|DBus|Accessibility)\./InteractionKitAtspiFuzz./g' \
            > "$out/src/$target-$(basename "$file")"
    done < <(find "Sources/$target" -name '*.swift' | sort)
done
grep -vE '^(@testable )?import InteractionKit' Tests/InteractionKitAccessibilityTests/AtspiFuzzHarness.swift > "$out/src/AtspiFuzzHarness.swift"
mapfile -t sources < <(find "$out/src" -name '*.swift' | sort)

swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g \
    -module-name InteractionKitAtspiFuzz -package-name InteractionKitLinux -lm \
    "${sources[@]}" Fuzz/FuzzAtspi.swift -o "$out/fuzz-atspi"

# libFuzzer reports crashes itself; Swift's backtracer would only slow them down.
export SWIFT_BACKTRACE=enable=no
rm -f "$out/seeds"/*
ATSPI_FUZZ_WRITE_SEEDS="$out/seeds" "$out/fuzz-atspi"

"$out/fuzz-atspi" -runs="$runs" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" "$@" "$out/corpus" "$out/seeds"
