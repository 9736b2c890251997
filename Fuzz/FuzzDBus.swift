// libFuzzer entry for the D-Bus wire format: see `DBusFuzzHarness`
// (Tests/InteractionKitDBusTests), which does the work and is also run by the
// tests. Built by scripts/fuzz-dbus.sh together with the harness and that
// library's sources as one module (not a SwiftPM target: SwiftPM cannot link
// a libFuzzer main).
import Glibc

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = DBusFuzzHarness.run(bytes)
    if !violations.isEmpty {
        // fatalError, not precondition: -O keeps its message.
        fatalError(violations.joined(separator: "; "))
    }
    return 0
}

/// With DBUS_FUZZ_WRITE_SEEDS=DIR, writes the seed corpus into DIR and exits,
/// so the script needs no second program to make it.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    guard let directory = getenv("DBUS_FUZZ_WRITE_SEEDS").map({ String(cString: $0) }) else { return 0 }
    for (index, seed) in DBusFuzzHarness.seeds().enumerated() {
        guard let file = fopen("\(directory)/seed-\(index)", "wb") else {
            print("cannot write seeds into \(directory)")
            exit(1)
        }
        _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    // _exit: globals the seeds initialized are alive at exit, which
    // LeakSanitizer would report as leaks.
    _exit(0)
}
