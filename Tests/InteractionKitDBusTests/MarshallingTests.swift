import Testing
@testable import InteractionKitDBus

@Suite("Marshalling: golden bytes computed by hand from the specification")
struct MarshallingTests {
    @Test("Each basic type marshals to its little-endian bytes")
    func basicTypesLittleEndian() throws {
        #expect(try marshal([.byte(0x2A)]) == [0x2A])
        #expect(try marshal([.boolean(true)]) == [0x01, 0x00, 0x00, 0x00])
        #expect(try marshal([.boolean(false)]) == [0x00, 0x00, 0x00, 0x00])
        #expect(try marshal([.int16(-2)]) == [0xFE, 0xFF])
        #expect(try marshal([.uint16(0x1234)]) == [0x34, 0x12])
        #expect(try marshal([.int32(0x0102_0304)]) == [0x04, 0x03, 0x02, 0x01])
        #expect(try marshal([.int32(-1)]) == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try marshal([.uint32(0xDEAD_BEEF)]) == [0xEF, 0xBE, 0xAD, 0xDE])
        #expect(try marshal([.int64(-2)]) == [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(try marshal([.uint64(0x0102_0304_0506_0708)]) == [0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01])
        #expect(try marshal([.double(1.0)]) == [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F])
        #expect(try marshal([.string("hi")]) == [0x02, 0x00, 0x00, 0x00, 0x68, 0x69, 0x00])
        #expect(try marshal([.string("")]) == [0x00, 0x00, 0x00, 0x00, 0x00])
        #expect(try marshal([.objectPath(path("/a"))]) == [0x02, 0x00, 0x00, 0x00, 0x2F, 0x61, 0x00])
        #expect(try marshal([.signature(signature("ai"))]) == [0x02, 0x61, 0x69, 0x00])
        #expect(try marshal([.unixFD(3)]) == [0x03, 0x00, 0x00, 0x00])
    }

    @Test("Each basic type marshals to its big-endian bytes")
    func basicTypesBigEndian() throws {
        #expect(try marshal([.boolean(true)], .bigEndian) == [0x00, 0x00, 0x00, 0x01])
        #expect(try marshal([.int16(-2)], .bigEndian) == [0xFF, 0xFE])
        #expect(try marshal([.uint16(0x1234)], .bigEndian) == [0x12, 0x34])
        #expect(try marshal([.int32(0x0102_0304)], .bigEndian) == [0x01, 0x02, 0x03, 0x04])
        #expect(try marshal([.uint64(0x0102_0304_0506_0708)], .bigEndian) == [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08])
        #expect(try marshal([.double(1.0)], .bigEndian) == [0x3F, 0xF0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
        #expect(try marshal([.string("hi")], .bigEndian) == [0x00, 0x00, 0x00, 0x02, 0x68, 0x69, 0x00])
        #expect(try marshal([.signature(signature("ai"))], .bigEndian) == [0x02, 0x61, 0x69, 0x00])
    }

    @Test("Values align to their size relative to the first byte")
    func naturalAlignment() throws {
        #expect(try marshal([.byte(1), .int16(2)]) == [0x01, 0x00, 0x02, 0x00])
        #expect(try marshal([.byte(1), .uint32(2)]) == [0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00])
        #expect(try marshal([.byte(1), .double(0)]) == [0x01] + Array(repeating: 0, count: 15))
        #expect(try marshal([.byte(1), .signature(signature("y"))]) == [0x01, 0x01, 0x79, 0x00])
    }

    @Test("A structure (yt) pads its uint64 to 8")
    func structurePadding() throws {
        let bytes = try marshal([.structure([.byte(1), .uint64(2)])])
        #expect(bytes == [0x01, 0, 0, 0, 0, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("An empty array marshals with its element alignment")
    func emptyArrayPadsToElementAlignment() throws {
        #expect(try marshal([.array(of: .int64, [])]) == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(try marshal([.array(of: .int32, [])]) == [0, 0, 0, 0])
        #expect(try marshal([.array(of: .structure([.byte]), [])]) == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("An array of structures counts its length from the first element, not from the padding")
    func arrayOfStructuresExcludesInitialPadding() throws {
        let value = DBusValue.array(of: .structure([.byte, .byte]), [
            .structure([.byte(1), .byte(2)]), .structure([.byte(3), .byte(4)]),
        ])
        #expect(try marshal([value]) == [
            0x0A, 0x00, 0x00, 0x00,  // 10 bytes: 8 to 18
            0x00, 0x00, 0x00, 0x00,  // padding to the first structure
            0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x03, 0x04,
        ])
        #expect(try marshal([.byte(9), value]).count == 18)
    }

    @Test("A dictionary a{sv} aligns each entry to 8 and each variant's value to its own type")
    func dictionaryOfVariants() throws {
        let value = DBusValue.dictionary(key: .string, value: .variant, [(.string("a"), .variant(.uint32(1)))])
        #expect(try marshal([value]) == [
            0x10, 0x00, 0x00, 0x00,  // 16 bytes of entries
            0x00, 0x00, 0x00, 0x00,  // padding to the entry
            0x01, 0x00, 0x00, 0x00, 0x61, 0x00,  // "a"
            0x01, 0x75, 0x00,  // signature "u"
            0x00, 0x00, 0x00,  // padding to the uint32
            0x01, 0x00, 0x00, 0x00,
        ])
        #expect(try marshal([value], .bigEndian) == [
            0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x01, 0x61, 0x00, 0x01, 0x75, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x01,
        ])
    }

    @Test("A variant writes its signature then its value")
    func variant() throws {
        #expect(try marshal([.variant(.int32(7))]) == [0x01, 0x69, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00])
        #expect(try marshal([.variant(.array(of: .byte, [.byte(5)]))]) == [0x02, 0x61, 0x79, 0x00, 0x01, 0x00, 0x00, 0x00, 0x05])
    }

    @Test("Writing by signature refuses values of another type or count")
    func writingBySignatureChecksTypes() {
        var writer = DBusWriter()
        #expect(wireError { try writer.write([.string("x")], signature: signature("i")) }
            == .typeMismatch(expected: "i", found: "s"))
        #expect(wireError { try writer.write([], signature: signature("i")) } != nil)
        #expect(wireError { try writer.write(.array(of: .int32, [.string("x")])) }
            == .typeMismatch(expected: "i", found: "s"))
        #expect(wireError { try writer.write([.array(of: .int32, [.int32(1)])], signature: signature("ai")) } == nil)
    }

    @Test("Values that cannot be marshalled throw instead of writing bad bytes")
    func unmarshallableValues() {
        #expect(wireError { _ = try marshal([.string("a\u{0}b")]) } == .embeddedNul(offset: 0))
        #expect(wireError { _ = try marshal([.structure([])]) } != nil)
        #expect(wireError { _ = try marshal([.dictEntry(key: .byte(1), value: .byte(2))]) } != nil)
        let badKey = DBusValue.array(of: .dictEntry(key: .variant, value: .byte), [])
        #expect(wireError { _ = try marshal([badKey]) } != nil)
        var deep = DBusValue.byte(0)
        for _ in 0..<65 { deep = .variant(deep) }
        guard case .nestingTooDeep? = wireError({ _ = try marshal([deep]) }) else {
            Issue.record("65 nested variants were marshalled")
            return
        }
    }
}
