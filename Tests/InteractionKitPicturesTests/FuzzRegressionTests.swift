import Foundation
import Testing
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux
import InteractionKitTestSupport

/// The fuzzer's harness on its seed corpus and on every input it ever crashed on.
@Suite("Fuzz regressions")
@MainActor
struct FuzzRegressionTests {
    static let repository = Repository.root

    /// Every file in a folder of the repository, sorted, with its bytes.
    static func inputs(in folder: String, suffixes: [String]) throws -> [(String, [UInt8])] {
        let directory = repository.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { name in suffixes.contains { name.hasSuffix($0) } }
            .sorted()
        return try names.map { ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    @Test("Findings and seeds replay with every invariant kept")
    func corpus() throws {
        var inputs = try Self.inputs(in: "Tests/Fixtures/fuzz", suffixes: [".input"])
        inputs += try Self.inputs(in: "Examples", suffixes: [".gesture"])
        for (name, bytes) in try Self.inputs(in: "Examples/recordings", suffixes: [".events"]) {
            inputs.append((name, ReplayFuzzHarness.recordingMarker + bytes))
        }
        #expect(inputs.count >= 15)
        for (name, bytes) in inputs {
            let violations = ReplayFuzzHarness.run(bytes)
            #expect(violations.isEmpty, "\(name): \(violations)")
        }
    }

    @Test("Hostile inputs: binary noise, empty input, huge numbers, a recording of garbage")
    func hostile() {
        var random = SplitMix64(seed: 42)
        var noise: [UInt8] = []
        for _ in 0..<4096 { noise.append(UInt8(truncatingIfNeeded: random.next())) }
        let inputs: [[UInt8]] = [
            [], noise, ReplayFuzzHarness.recordingMarker + noise,
            Array("tabbar A\ndown @A\nwait 1e308\nmove 1e308 -1e308\nup\n".utf8),
            Array("window 1e-300 1e-300\ncontent-size accessibility-large\ntabbar A B\ndown 0 0\nwait 1\nup\n".utf8),
            Array("evemu \"x\"\n".utf8),
            ReplayFuzzHarness.recordingMarker + Array("A: 35 0 0 0 0\nA: 36 0 10 0 0\nA: 2f 0 1 0 0\nE: 0.000000 0003 0039 5\n".utf8),
        ]
        for input in inputs {
            #expect(ReplayFuzzHarness.run(input).isEmpty)
        }
    }
}
