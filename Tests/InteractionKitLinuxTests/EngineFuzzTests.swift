import Foundation
import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// The engine-level fuzzer's harness (re-entrant callbacks, G1/G4/G5
/// invariants; with keys and focus, K2/K4 too) on every input the fuzzer
/// ever found, and on seeded random operation streams: the seeded random
/// test with re-entrant operations.
@Suite("Engine fuzzing: re-entrant operations keep every invariant")
@MainActor
struct EngineFuzzTests {
    @Test("Every input in the engine fuzzer's regression corpus replays with every invariant kept")
    func corpus() throws {
        let directory = Repository.fixtures.appendingPathComponent("fuzz-engine")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasSuffix(".md") }
            .sorted()
        #expect(!names.isEmpty, "the corpus holds at least the seeds")
        for name in names {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            let violations = EngineFuzzHarness.run(bytes)
            #expect(violations.isEmpty, "\(name): \(violations.prefix(3))")
        }
    }

    @Test("Seeded random streams with keys and focus (re-entrant hooks, observers, filters, commands) keep every invariant",
          arguments: 0..<4)
    func seededKeys(batch: Int) {
        var random = SplitMix64(seed: 0xBEEF + UInt64(batch))
        var total = EngineFuzzHarness.Statistics()
        for _ in 0..<150 {
            let length = Int(random.next() % 1200) + 1
            let bytes = EngineFuzzHarness.keysMarker + (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let (violations, statistics) = EngineFuzzHarness.runWithStatistics(bytes)
            #expect(violations.isEmpty, "\(bytes.map(String.init).joined(separator: ",")): \(violations.prefix(3))")
            if !violations.isEmpty { return }
            total.operations += statistics.operations
            total.reentries += statistics.reentries
            total.keys += statistics.keys
            total.focusMoves += statistics.focusMoves
            total.keyCommands += statistics.keyCommands
            total.presses += statistics.presses
        }
        // Positive control: the streams did press keys, move the focus under observers and run key commands.
        #expect(total.operations > 5_000)
        #expect(total.reentries > 10)
        #expect(total.keys > 500)
        #expect(total.focusMoves > 50)
        #expect(total.keyCommands > 0)
        #expect(total.presses > 100)
    }

    @Test("Seeded random streams with scroll views, moves and hiding focus hooks keep every invariant (E1–E11)",
          arguments: 0..<4)
    func seededScrolls(batch: Int) {
        var random = SplitMix64(seed: 0x5C2011 + UInt64(batch))
        var total = EngineFuzzHarness.Statistics()
        for _ in 0..<150 {
            let length = Int(random.next() % 1200) + 1
            let bytes = EngineFuzzHarness.scrollsMarker + (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let (violations, statistics) = EngineFuzzHarness.runWithStatistics(bytes)
            #expect(violations.isEmpty, "\(bytes.map(String.init).joined(separator: ",")): \(violations.prefix(3))")
            if !violations.isEmpty { return }
            total.operations += statistics.operations
            total.presses += statistics.presses
            total.pressesCancelled += statistics.pressesCancelled
            total.scrollCalls += statistics.scrollCalls
            total.decelerationsEnded += statistics.decelerationsEnded
            total.focusMoves += statistics.focusMoves
        }
        // Positive control: presses began and ended (some cancelled), scroll views glided, the focus moved.
        #expect(total.operations > 5_000)
        #expect(total.presses > 100)
        #expect(total.pressesCancelled > 0)
        #expect(total.scrollCalls > 50)
        #expect(total.decelerationsEnded > 0)
        #expect(total.focusMoves > 50)
    }

    @Test("Seeded random operation streams with re-entrant callbacks keep every invariant", arguments: 0..<4)
    func seeded(batch: Int) {
        var random = SplitMix64(seed: 0xF00D + UInt64(batch))
        var total = EngineFuzzHarness.Statistics()
        for _ in 0..<150 {
            let length = Int(random.next() % 1200) + 1
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let (violations, statistics) = EngineFuzzHarness.runWithStatistics(bytes)
            #expect(violations.isEmpty, "\(bytes.map(String.init).joined(separator: ",")): \(violations.prefix(3))")
            if !violations.isEmpty { return }
            total.operations += statistics.operations
            total.reentries += statistics.reentries
            total.actions += statistics.actions
            total.shows += statistics.shows
        }
        // Positive control: the streams did reach what the invariants are about.
        #expect(total.operations > 5_000)
        #expect(total.reentries > 10)
        #expect(total.actions > 20)
        #expect(total.shows > 0)
    }
}
