// libFuzzer entry for the AT-SPI export: see `AtspiFuzzHarness`
// (Tests/InteractionKitAccessibilityTests), which does the work and is also
// run by the tests. Built by scripts/fuzz-atspi.sh together with the sources
// of the engine, the components, the D-Bus client and the export, as one
// module (not a SwiftPM target: SwiftPM cannot link a libFuzzer main).
import Glibc

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = MainActor.assumeIsolated { AtspiFuzzHarness.run(bytes) }
    if !violations.isEmpty {
        // fatalError, not precondition: -O keeps its message.
        fatalError(violations.prefix(3).joined(separator: "; "))
    }
    return 0
}

/// With ATSPI_FUZZ_WRITE_SEEDS=DIR, writes the seed corpus into DIR and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    guard let directory = getenv("ATSPI_FUZZ_WRITE_SEEDS").map({ String(cString: $0) }) else { return 0 }
    let seeds = MainActor.assumeIsolated { AtspiFuzzHarness.seeds() }
    for (index, seed) in seeds.enumerated() {
        guard let file = fopen("\(directory)/seed-\(index)", "wb") else {
            print("cannot write seeds into \(directory)")
            exit(1)
        }
        _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    _exit(0)
}
