// libFuzzer entry over the engine's API with re-entrant callbacks: see
// `EngineFuzzHarness` (Tests/Support), which does the work and is also run
// by the tests on the corpus in Tests/Fixtures/fuzz-engine. Built by
// `scripts/fuzz.sh --engine` (not a SwiftPM target: SwiftPM cannot link a
// libFuzzer main).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = MainActor.assumeIsolated { EngineFuzzHarness.run(bytes) }
    precondition(violations.isEmpty, violations.prefix(3).joined(separator: "; "))
    return 0
}
