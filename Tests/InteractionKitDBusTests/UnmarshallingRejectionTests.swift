import Testing
@testable import InteractionKitDBus

@Suite("Unmarshalling rejects what the specification forbids, with a typed error")
struct UnmarshallingRejectionTests {
    @Test("Truncating a value at every byte throws, never traps")
    func truncationAtEveryOffset() throws {
        let value = RoundTripTests.samples.reduce(into: [DBusValue]()) { $0.append($1) }
        let combined = DBusValue.structure(value)
        for byteOrder in DBusByteOrder.allCases {
            let bytes = try marshal([combined], byteOrder)
            for length in 0..<bytes.count {
                var reader = DBusReader(bytes: Array(bytes[0..<length]), byteOrder: byteOrder)
                #expect(wireError { _ = try reader.read(combined.type) } != nil, "prefix of \(length) bytes")
            }
        }
    }

    @Test("Booleans other than 0 and 1 are rejected")
    func badBooleans() {
        #expect(wireError { _ = try unmarshal([0x02, 0, 0, 0], "b") } == .invalidBoolean(offset: 0, value: 2))
        #expect(wireError { _ = try unmarshal([0, 0, 0, 1], "b", .littleEndian) } == .invalidBoolean(offset: 0, value: 0x0100_0000))
        #expect(wireError { _ = try unmarshal([0, 0, 0, 1], "b", .bigEndian) } == nil)
    }

    @Test("Padding that is not zero is rejected")
    func nonZeroPadding() {
        #expect(wireError { _ = try unmarshal([0x01, 0xFF, 0x02, 0x00], "yn") } == .nonZeroPadding(offset: 1))
        #expect(wireError { _ = try unmarshal([0x01, 0, 0, 0, 0, 0, 0, 0x01] + [UInt8](repeating: 0, count: 8), "(yt)") }
            == .nonZeroPadding(offset: 7))
        // The padding of an empty array of int64 comes after its length.
        #expect(wireError { _ = try unmarshal([0, 0, 0, 0, 0, 0, 0x01, 0], "ax") } == .nonZeroPadding(offset: 6))
    }

    @Test("Strings need a NUL terminator, no embedded NUL and valid UTF-8")
    func badStrings() {
        #expect(wireError { _ = try unmarshal([0x01, 0, 0, 0, 0x61, 0x62], "s") } == .missingNulTerminator(offset: 0))
        #expect(wireError { _ = try unmarshal([0x02, 0, 0, 0, 0x61, 0x00, 0x00], "s") } == .embeddedNul(offset: 5))
        #expect(wireError { _ = try unmarshal([0x01, 0, 0, 0, 0xFF, 0x00], "s") } == .invalidUTF8(offset: 0))
        // A UTF-16 surrogate encoded in UTF-8 is not valid UTF-8.
        #expect(wireError { _ = try unmarshal([0x03, 0, 0, 0, 0xED, 0xA0, 0x80, 0x00], "s") } == .invalidUTF8(offset: 0))
        #expect(wireError { _ = try unmarshal([0xFF, 0xFF, 0xFF, 0xFF, 0x00], "s") } == .truncated(offset: 0))
    }

    @Test("Invalid object paths and signatures in the data are rejected")
    func badPathsAndSignatures() {
        #expect(wireError { _ = try unmarshal([0x02, 0, 0, 0, 0x2F, 0x2F, 0x00], "o") } == .invalidObjectPath("//"))
        guard case .invalidSignature? = wireError({ _ = try unmarshal([0x01, 0x7A, 0x00], "g") }) else {
            Issue.record("signature z accepted")
            return
        }
        #expect(wireError { _ = try unmarshal([0x01, 0x79, 0x01], "g") } == .missingNulTerminator(offset: 0))
        // A variant holds one complete type, not two and not none.
        #expect(wireError { _ = try unmarshal([0x02, 0x79, 0x79, 0x00, 0x01, 0x02], "v") } != nil)
        #expect(wireError { _ = try unmarshal([0x00, 0x00], "v") } != nil)
    }

    @Test("Array lengths beyond 64 MiB or the data, or off an element boundary, are rejected")
    func badArrayLengths() {
        #expect(wireError { _ = try unmarshal([0x01, 0x00, 0x00, 0x04], "ay") } == .arrayTooLong(offset: 0, length: 0x0400_0001))
        #expect(wireError { _ = try unmarshal([0x05, 0, 0, 0, 1, 2], "ay") } == .arrayTooLong(offset: 0, length: 5))
        // Six bytes cannot hold whole int32s: the second element crosses the end.
        #expect(wireError { _ = try unmarshal([0x06, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0], "ai") } != nil)
        #expect(wireError { _ = try unmarshal([0x06, 0, 0, 0, 1, 0, 0, 0, 2, 0], "aiy") } == .arrayLengthMismatch(offset: 0))
    }

    @Test("Values nested deeper than 64 containers through variants are rejected")
    func nestingThroughVariants() throws {
        var bytes: [UInt8] = []
        for _ in 0..<70 { bytes += [0x01, 0x76, 0x00] }  // signature "v", again and again
        bytes += [0x01, 0x79, 0x00, 0x05]
        guard case .nestingTooDeep? = wireError({ _ = try unmarshal(bytes, "v") }) else {
            Issue.record("70 nested variants accepted")
            return
        }
        var allowed: [UInt8] = []
        for _ in 0..<63 { allowed += [0x01, 0x76, 0x00] }
        allowed += [0x01, 0x79, 0x00, 0x05]
        #expect(wireError { _ = try unmarshal(allowed, "v") } == nil)
    }
}
