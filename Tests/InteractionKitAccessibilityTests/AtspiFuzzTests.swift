import Testing
import InteractionKitAccessibility
import InteractionKitDBus

@Suite("Hostile bus input to the AT-SPI export")
@MainActor
struct AtspiFuzzTests {
    @Test("Every seed of the fuzzer holds the invariants")
    func seeds() {
        for seed in AtspiFuzzHarness.seeds() {
            #expect(AtspiFuzzHarness.run(seed) == [], "seed \(seed.prefix(16))")
        }
    }

    @Test("Seeded random instruction streams and their truncations hold the invariants")
    func randomStreams() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<60 {
            var bytes: [UInt8] = []
            for _ in 0..<200 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                bytes.append(UInt8(truncatingIfNeeded: state))
            }
            #expect(AtspiFuzzHarness.run(bytes) == [])
            #expect(AtspiFuzzHarness.run(Array(bytes.prefix(Int(state % 200)))) == [])
        }
    }

    @Test("A truncated, an oversized and a deeply nested message are refused or answered with an error")
    func malformed() throws {
        let seeds = AtspiFuzzHarness.seeds()
        let call = try #require(seeds.first)
        for length in stride(from: 0, to: call.count, by: 7) {
            #expect(AtspiFuzzHarness.run(Array(call.prefix(length))) == [])
        }
        var oversized = call
        oversized[4] = 0xFF
        oversized[5] = 0xFF
        oversized[6] = 0xFF
        oversized[7] = 0x7F
        #expect(AtspiFuzzHarness.run(oversized) == [])
        // Instructions: Get on the frame with a variant nested 39 deep, and unknown paths.
        #expect(AtspiFuzzHarness.run([0, 0, 0, 0, 1, 4, 26, 10 + 19 * 2, 7, 0, 4, 1, 6, 0, 4, 200]) == [])
    }
}
