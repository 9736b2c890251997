import Testing
import InteractionKitAccessibility
@testable import InteractionKitDBus

@Suite("AT-SPI messages: golden bytes computed by hand from the specification")
struct AtspiWireTests {
    private func marshal(_ values: [DBusValue], _ signature: String) throws -> [UInt8] {
        var writer = DBusWriter(byteOrder: .littleEndian)
        try writer.write(values, signature: try DBusSignature(signature))
        return writer.bytes
    }

    @Test("Embed's argument, a (so) reference, marshals to its little-endian bytes")
    func embedArgument() throws {
        let path = "/org/a11y/atspi/accessible/root"
        let bytes = try marshal([.structure([.string(":1.5"), .objectPath(try DBusObjectPath(path))])], "(so)")
        let expected: [UInt8] = [4, 0, 0, 0] + Array(":1.5".utf8) + [0] + [0, 0, 0]
            + [31, 0, 0, 0] + Array(path.utf8) + [0]
        #expect(bytes == expected)
    }

    @Test("A StateChanged event body, siiva{sv}, marshals with the padding of an empty dictionary")
    func stateChangedBody() throws {
        let bytes = try marshal([
            .string("selected"), .int32(1), .int32(0), .variant(.int32(0)),
            .dictionary(key: .string, value: .variant, []),
        ], "siiva{sv}")
        let expected: [UInt8] = [8, 0, 0, 0] + Array("selected".utf8) + [0] + [0, 0, 0]  // string, padded to 16
            + [1, 0, 0, 0] + [0, 0, 0, 0]  // detail1, detail2
            + [1, UInt8(ascii: "i"), 0] + [0] + [0, 0, 0, 0]  // variant: signature "i", padding, the int32
            + [0, 0, 0, 0] + [0, 0, 0, 0]  // empty array: length 0, padding to the dict entry's 8
        #expect(bytes == expected)
        #expect(bytes.count == 40)
    }

    @Test("GetState's two words marshal as an array of two uint32 in both byte orders")
    func stateWords() throws {
        let set = AtspiStateSet([.enabled, .sensitive, .selected])
        // Typed apart from the macro: inside #expect the literal took the type checker 10 s (issue 38).
        let enabledSensitiveSelected: [UInt32] = [(1 << 8) | (1 << 24) | (1 << 23), 0]
        #expect(set.words == enabledSensitiveSelected)
        var big = DBusWriter(byteOrder: .bigEndian)
        try big.write([.array(of: .uint32, set.words.map(DBusValue.uint32))], signature: try DBusSignature("au"))
        #expect(big.bytes == [0, 0, 0, 8, 0x01, 0x80, 0x01, 0x00, 0, 0, 0, 0])
    }
}
