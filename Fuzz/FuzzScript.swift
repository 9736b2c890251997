// libFuzzer entry for gesture scripts and evemu recordings: see
// `ReplayFuzzHarness` (Tests/InteractionKitPicturesTests), which does the
// work and is also run by the tests. Built by scripts/fuzz.sh together with
// the harness and the library's sources as one module (not a SwiftPM target:
// SwiftPM cannot link a libFuzzer main).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = MainActor.assumeIsolated { ReplayFuzzHarness.run(bytes) }
    precondition(violations.isEmpty, violations.joined(separator: "; "))
    return 0
}
