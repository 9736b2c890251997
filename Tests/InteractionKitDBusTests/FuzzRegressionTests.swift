import Testing
@testable import InteractionKitDBus

@Suite("Fuzzing: the harness holds on its seeds and on every input the fuzzer found")
struct FuzzRegressionTests {
    @Test("Every seed passes the harness")
    func seeds() {
        let seeds = DBusFuzzHarness.seeds()
        #expect(seeds.count > 10)
        for seed in seeds {
            #expect(DBusFuzzHarness.run(seed) == [])
        }
    }

    @Test("The seeds hold valid messages, so the fuzzer starts from deep inside the decoder")
    func seedsDecode() throws {
        let seed = try #require(DBusFuzzHarness.seeds().first)
        _ = try DBusMessage.decode(Array(seed.dropFirst()))
    }

    /// Inputs the fuzzer reported (scripts/fuzz-dbus.sh), each with what it broke.
    static let findings: [(String, [UInt8])] = [
        // A one-byte input: an empty stream. The harness compared the framer's
        // state after no chunks with its state after one empty chunk.
        ("empty stream", [0x5A]),
    ]

    @Test("No input the fuzzer found breaks an invariant")
    func findings() {
        for (name, input) in Self.findings {
            #expect(DBusFuzzHarness.run(input) == [], "\(name)")
        }
    }

    @Test("Every truncation and every single-byte change of every seed passes the harness")
    func mutatedSeeds() {
        for seed in DBusFuzzHarness.seeds() {
            for length in stride(from: 0, to: seed.count, by: 3) {
                #expect(DBusFuzzHarness.run(Array(seed[0..<length])) == [])
            }
            for index in stride(from: 1, to: seed.count, by: 2) {
                var mutated = seed
                mutated[index] ^= 0xFF
                #expect(DBusFuzzHarness.run(mutated) == [])
            }
        }
    }
}
