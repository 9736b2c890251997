#!/usr/bin/env bash
# Builds the D-Bus libFuzzer entry (Fuzz/FuzzDBus.swift + DBusFuzzHarness
# from the tests + the sources of InteractionKitDBus, as one module) with
# -sanitize=fuzzer,address and runs it for RUNS executions on a corpus seeded
# with valid messages and values (written by the fuzzer binary itself, see
# DBusFuzzHarness.seeds()).
#
# Usage: scripts/fuzz-dbus.sh [RUNS] [extra libFuzzer flags...]
# Crashes are written to .build/fuzz-dbus/artifacts/; keep each as a
# regression test in Tests/InteractionKitDBusTests/FuzzRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100000}
shift || true
out=.build/fuzz-dbus
mkdir -p "$out/seeds" "$out/corpus" "$out/artifacts"

rm -rf "$out/src" && mkdir -p "$out/src"
# The harness lives with the tests (it ships in no product); one module, so its import goes.
grep -vE '^(@testable )?import InteractionKit' Tests/InteractionKitDBusTests/DBusFuzzHarness.swift \
    > "$out/src/DBusFuzzHarness.swift"
mapfile -t sources < <(find Sources/InteractionKitDBus -name '*.swift' | sort)
swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g \
    -module-name InteractionKitDBusFuzz -package-name InteractionKitLinux \
    "${sources[@]}" "$out/src/DBusFuzzHarness.swift" Fuzz/FuzzDBus.swift -o "$out/fuzz-dbus"

# libFuzzer reports crashes itself; Swift's backtracer would only slow them down.
export SWIFT_BACKTRACE=enable=no
rm -f "$out/seeds"/*
DBUS_FUZZ_WRITE_SEEDS="$out/seeds" "$out/fuzz-dbus"

"$out/fuzz-dbus" -runs="$runs" -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" "$@" "$out/corpus" "$out/seeds"
