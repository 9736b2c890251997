import Testing
@testable import InteractionKitDBus

@Suite("Round trips: what is marshalled unmarshals to the same values")
struct RoundTripTests {
    // Computed, not a stored global: LeakSanitizer cannot see through a lazy
    // global's storage and reports the indirect enum's boxes as leaks.
    static var samples: [DBusValue] {
        [
            .byte(0), .byte(255), .boolean(true), .boolean(false),
            .int16(.min), .int16(.max), .uint16(.max), .int32(.min), .int32(.max), .uint32(.max),
            .int64(.min), .int64(.max), .uint64(.max),
            .double(-0.0), .double(.nan), .double(.infinity), .double(3.25), .double(.leastNonzeroMagnitude),
            .string(""), .string("héllo 漢字 🙂"), .objectPath(.root), .objectPath(path("/org/a11y/atspi/accessible/root")),
            .signature(.empty), .signature(signature("a{sv}(so)")), .unixFD(0), .unixFD(.max),
            .array(of: .string, []), .array(of: .string, [.string("a"), .string("bc")]),
            .array(of: .array(.int64), [.array(of: .int64, []), .array(of: .int64, [.int64(1)])]),
            .structure([.byte(1), .uint64(2), .string("x")]),
            .structure([.structure([.byte(1)]), .double(2)]),
            .variant(.variant(.structure([.string("s"), .objectPath(.root)]))),
            .dictionary(key: .string, value: .variant, [
                (.string("a"), .variant(.uint32(1))), (.string("b"), .variant(.array(of: .byte, [.byte(1)]))),
            ]),
            .dictionary(key: .uint64, value: .array(.structure([.byte, .double])), [
                (.uint64(9), .array(of: .structure([.byte, .double]), [.structure([.byte(3), .double(4)])])),
            ]),
            .array(of: .variant, [.variant(.byte(1)), .variant(.int64(2)), .variant(.string("three"))]),

        ]
    }

    @Test("Every sample round-trips alone and after a misaligning byte, in both byte orders",
          arguments: DBusByteOrder.allCases)
    func samplesRoundTrip(byteOrder: DBusByteOrder) throws {
        for value in Self.samples {
            let bytes = try marshal([value], byteOrder)
            #expect(try unmarshal(bytes, value.type.description, byteOrder) == [value])
            let shifted = try marshal([.byte(7), value], byteOrder)
            #expect(try unmarshal(shifted, "y" + value.type.description, byteOrder) == [.byte(7), value])
        }
    }

    @Test("All samples together round-trip as one structure in both byte orders", arguments: DBusByteOrder.allCases)
    func nestedCombination(byteOrder: DBusByteOrder) throws {
        let combined = DBusValue.structure(Self.samples)
        let bytes = try marshal([combined, .variant(combined)], byteOrder)
        let sig = combined.type.description + "v"
        #expect(try unmarshal(bytes, sig, byteOrder) == [combined, .variant(combined)])
    }

    @Test("The two byte orders differ only in the order of each number's bytes")
    func byteOrdersAgreeOnLayout() throws {
        for value in Self.samples {
            let little = try marshal([value], .littleEndian)
            let big = try marshal([value], .bigEndian)
            #expect(little.count == big.count)
        }
    }

    @Test("Seeded random values of random types round-trip in both byte orders")
    func seededRandomRoundTrips() throws {
        var random = RandomValues(generator: SeededGenerator(seed: 0xDB05))
        for _ in 0..<2000 {
            let types = (0..<Int.random(in: 1...4, using: &random.generator)).map { _ in random.type(depth: 5) }
            let values = types.map { random.value(of: $0, depth: 5) }
            let sig = try DBusSignature(types)
            for byteOrder in DBusByteOrder.allCases {
                var writer = DBusWriter(byteOrder: byteOrder)
                try writer.write(values, signature: sig)
                var reader = DBusReader(bytes: writer.bytes, byteOrder: byteOrder)
                #expect(try reader.read(sig) == values)
                #expect(reader.isAtEnd)
            }
        }
    }

    @Test("Nesting of exactly 64 containers (32 arrays then 32 structures) round-trips")
    func deepestAllowedNesting() throws {
        var type = DBusType.byte
        var value = DBusValue.byte(1)
        for _ in 0..<32 {
            type = .structure([type])
            value = .structure([value])
        }
        for _ in 0..<32 {
            value = .array(of: type, [value])
            type = .array(type)
        }
        let bytes = try marshal([value])
        #expect(try unmarshal(bytes, type.description) == [value])
    }
}
