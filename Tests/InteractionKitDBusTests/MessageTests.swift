import Testing
@testable import InteractionKitDBus

/// The first message of every connection: `Hello` on the bus itself, serial 1.
let hello = DBusMessage(
    kind: .methodCall, serial: 1, path: path("/org/freedesktop/DBus"), interface: "org.freedesktop.DBus",
    member: "Hello", destination: "org.freedesktop.DBus")

/// A method call that uses every header field a caller sets and a body with padding inside.
/// Computed, not a stored global: LeakSanitizer cannot see through a lazy
/// global's storage and reports the body's indirect enum boxes as leaks.
var richCall: DBusMessage {
    DBusMessage(
        kind: .methodCall, flags: [.noAutoStart], serial: 0x0102_0304, path: path("/org/a11y/atspi/accessible/root"),
        interface: "org.a11y.atspi.Accessible", member: "GetChildAtIndex", destination: ":1.7", sender: ":1.9",
        unixFDCount: 0,
        body: [.int32(2), .structure([.string("x"), .objectPath(.root)]), .double(0.5),
               .dictionary(key: .string, value: .variant, [(.string("k"), .variant(.boolean(true)))])])
}

@Suite("Messages: header layout, golden bytes and header rules")
struct MessageTests {
    @Test("Hello in little endian matches the bytes computed by hand from the specification")
    func helloLittleEndian() throws {
        let expected: [UInt8] = [
            0x6C, 0x01, 0x00, 0x01,  // 'l', method call, no flags, version 1
            0x00, 0x00, 0x00, 0x00,  // body length 0
            0x01, 0x00, 0x00, 0x00,  // serial 1
            0x6D, 0x00, 0x00, 0x00,  // header fields: 109 bytes, from 16 to 125
            // 16: PATH, variant "o", "/org/freedesktop/DBus" (21 bytes)
            0x01, 0x01, 0x6F, 0x00, 0x15, 0x00, 0x00, 0x00,
            0x2F, 0x6F, 0x72, 0x67, 0x2F, 0x66, 0x72, 0x65, 0x65, 0x64, 0x65, 0x73, 0x6B, 0x74,
            0x6F, 0x70, 0x2F, 0x44, 0x42, 0x75, 0x73, 0x00,
            0x00, 0x00,  // 46: padding to 48
            // 48: INTERFACE, variant "s", "org.freedesktop.DBus" (20 bytes)
            0x02, 0x01, 0x73, 0x00, 0x14, 0x00, 0x00, 0x00,
            0x6F, 0x72, 0x67, 0x2E, 0x66, 0x72, 0x65, 0x65, 0x64, 0x65, 0x73, 0x6B, 0x74, 0x6F,
            0x70, 0x2E, 0x44, 0x42, 0x75, 0x73, 0x00,
            0x00, 0x00, 0x00,  // 77: padding to 80
            // 80: MEMBER, variant "s", "Hello"
            0x03, 0x01, 0x73, 0x00, 0x05, 0x00, 0x00, 0x00,
            0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x00,
            0x00, 0x00,  // 94: padding to 96
            // 96: DESTINATION, variant "s", "org.freedesktop.DBus"
            0x06, 0x01, 0x73, 0x00, 0x14, 0x00, 0x00, 0x00,
            0x6F, 0x72, 0x67, 0x2E, 0x66, 0x72, 0x65, 0x65, 0x64, 0x65, 0x73, 0x6B, 0x74, 0x6F,
            0x70, 0x2E, 0x44, 0x42, 0x75, 0x73, 0x00,
            0x00, 0x00, 0x00,  // 125: padding to 128, where the (empty) body starts
        ]
        #expect(expected.count == 128)
        #expect(try hello.encoded(byteOrder: .littleEndian) == expected)
        #expect(try DBusMessage.decode(expected) == hello)
    }

    @Test("Hello in big endian differs only in the mark and the byte order of numbers")
    func helloBigEndian() throws {
        let expected: [UInt8] = [
            0x42, 0x01, 0x00, 0x01,  // 'B'
            0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x01,
            0x00, 0x00, 0x00, 0x6D,
            0x01, 0x01, 0x6F, 0x00, 0x00, 0x00, 0x00, 0x15,
            0x2F, 0x6F, 0x72, 0x67, 0x2F, 0x66, 0x72, 0x65, 0x65, 0x64, 0x65, 0x73, 0x6B, 0x74,
            0x6F, 0x70, 0x2F, 0x44, 0x42, 0x75, 0x73, 0x00,
            0x00, 0x00,
            0x02, 0x01, 0x73, 0x00, 0x00, 0x00, 0x00, 0x14,
            0x6F, 0x72, 0x67, 0x2E, 0x66, 0x72, 0x65, 0x65, 0x64, 0x65, 0x73, 0x6B, 0x74, 0x6F,
            0x70, 0x2E, 0x44, 0x42, 0x75, 0x73, 0x00,
            0x00, 0x00, 0x00,
            0x03, 0x01, 0x73, 0x00, 0x00, 0x00, 0x00, 0x05,
            0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x00,
            0x00, 0x00,
            0x06, 0x01, 0x73, 0x00, 0x00, 0x00, 0x00, 0x14,
            0x6F, 0x72, 0x67, 0x2E, 0x66, 0x72, 0x65, 0x65, 0x64, 0x65, 0x73, 0x6B, 0x74, 0x6F,
            0x70, 0x2E, 0x44, 0x42, 0x75, 0x73, 0x00,
            0x00, 0x00, 0x00,
        ]
        #expect(try hello.encoded(byteOrder: .bigEndian) == expected)
        #expect(try DBusMessage.decode(expected) == hello)
    }

    @Test("A body starts on a multiple of 8 and the signature field describes it")
    func bodyAfterHeader() throws {
        let message = DBusMessage.signal(path: .root, interface: "a.b", member: "C", body: [.byte(7)])
        var numbered = message
        numbered.serial = 5
        let bytes = try numbered.encoded()
        #expect(bytes.count % 8 == 1)
        #expect(bytes.last == 7)
        #expect(Array(bytes[4..<8]) == [1, 0, 0, 0])
        #expect(try DBusMessage.decode(bytes).signatureText == "y")
    }

    @Test("Every kind of message round-trips in both byte orders", arguments: DBusByteOrder.allCases)
    func kindsRoundTrip(byteOrder: DBusByteOrder) throws {
        var reply = DBusMessage.methodReturn(replyingTo: richCall, body: [.string("ok")])
        reply.serial = 8
        var failure = DBusMessage.error(replyingTo: richCall, name: "org.example.Error.Failed", message: "it broke")
        failure.serial = 9
        var event = DBusMessage.signal(
            path: path("/org/a11y/atspi/accessible/3"), interface: "org.a11y.atspi.Event.Object",
            member: "StateChanged",
            body: [.string("selected"), .int32(1), .int32(0), .variant(.int32(0)),
                   .dictionary(key: .string, value: .variant, [])])
        event.serial = 10
        for message in [hello, richCall, reply, failure, event] {
            let bytes = try message.encoded(byteOrder: byteOrder)
            #expect(bytes[0] == byteOrder.rawValue)
            #expect(try DBusMessage.decode(bytes) == message)
        }
        #expect(reply.replySerial == richCall.serial)
        #expect(reply.destination == ":1.9")
        #expect(failure.errorMessage == "it broke")
    }

    @Test("Encoding refuses messages a bus would reject")
    func encodingValidatesTheHeader() {
        var message = hello
        message.serial = 0
        #expect(wireError { _ = try message.encoded() } == .invalidHeader("serial is 0"))
        message = hello
        message.member = nil
        #expect(wireError { _ = try message.encoded() } == .invalidHeader("a method call needs a member"))
        message = hello
        message.interface = "NoDots"
        #expect(wireError { _ = try message.encoded() } == .invalidName("NoDots", kind: "interface name"))
        message = hello
        message.member = "Get-Role"
        #expect(wireError { _ = try message.encoded() } == .invalidName("Get-Role", kind: "member name"))
        message = hello
        message.destination = "org"
        #expect(wireError { _ = try message.encoded() } == .invalidName("org", kind: "bus name"))
        var signal = DBusMessage.signal(path: .root, interface: "a.b", member: "C")
        signal.serial = 1
        signal.interface = nil
        #expect(wireError { _ = try signal.encoded() } == .invalidHeader("a signal needs an interface"))
        var failure = DBusMessage(kind: .error, serial: 1, replySerial: 3)
        #expect(wireError { _ = try failure.encoded() } == .invalidHeader("an error needs an error name"))
        failure.errorName = "a.b"
        failure.replySerial = nil
        #expect(wireError { _ = try failure.encoded() } == .invalidHeader("an error needs a reply serial"))
        let big = DBusMessage(kind: .methodCall, serial: 1, path: .root, member: "M",
                              body: [.array(of: .byte, Array(repeating: .byte(0), count: 2000))])
        #expect(wireError { _ = try big.encoded(maximumSize: 1024) } == .messageTooLarge(size: 2060, limit: 1024))
    }
}

@Suite("Decoding messages rejects malformed headers and bodies")
struct MessageRejectionTests {
    /// Hello with one header field replaced by raw structure bytes, for hand-made bad headers.
    func message(fields: [DBusValue], body: [UInt8] = [], signature: String? = nil, byteOrder: DBusByteOrder = .littleEndian) throws -> [UInt8] {
        var allFields = fields
        if let signature {
            allFields.append(.structure([.byte(8), .variant(.signature(try DBusSignature(signature)))]))
        }
        var writer = DBusWriter(byteOrder: byteOrder)
        writer.bytes = [byteOrder.rawValue, 1, 0, 1]
        writer.appendInteger(UInt32(body.count))
        writer.appendInteger(UInt32(1))
        try writer.write(.array(of: DBusMessage.headerFieldType, allFields))
        writer.pad(to: 8)
        writer.bytes += body
        return writer.bytes
    }

    func field(_ code: UInt8, _ value: DBusValue) -> DBusValue {
        .structure([.byte(code), .variant(value)])
    }

    var required: [DBusValue] {
        [field(1, .objectPath(.root)), field(3, .string("M"))]
    }

    @Test("The hand-made helper builds a valid message")
    func helperIsValid() throws {
        let decoded = try DBusMessage.decode(try message(fields: required, body: [5], signature: "y"))
        #expect(decoded.body == [.byte(5)])
    }

    @Test("Unknown header fields are skipped; duplicated, zero-coded or mistyped ones are rejected")
    func headerFieldRules() throws {
        let decoded = try DBusMessage.decode(try message(fields: required + [field(42, .string("later"))]))
        #expect(decoded.member == "M")
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: required + [field(3, .string("N"))])) }
            == .invalidHeader("header field 3 appears twice"))
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: required + [field(0, .byte(0))])) }
            == .invalidHeader("header field code 0"))
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: [field(1, .string("/")), field(3, .string("M"))])) }
            == .invalidHeader("header field path holds a value of type s"))
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: [field(1, .objectPath(.root))])) }
            == .invalidHeader("a method call needs a member"))
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: required + [field(6, .string("no"))])) }
            == .invalidName("no", kind: "bus name"))
    }

    @Test("A body must match its signature exactly")
    func bodyRules() throws {
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: required, body: [5])) }
            == .invalidBody("1 bytes left after the values of signature \"\""))
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: required, body: [5, 6], signature: "y")) }
            == .invalidBody("1 bytes left after the values of signature \"y\""))
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: required, body: [2, 0, 0, 0], signature: "b")) }
            == .invalidBoolean(offset: 56, value: 2))
        #expect(wireError { _ = try DBusMessage.decode(try message(fields: required, body: [5], signature: "u")) }
            == .truncated(offset: 56))
    }

    @Test("The fixed header must have a known byte order, version 1, a type and a serial")
    func fixedHeaderRules() throws {
        var bytes = try hello.encoded()
        bytes[0] = 0x58
        #expect(wireError { _ = try DBusMessage.decode(bytes) } == .invalidHeader("byte order mark 0x58 is neither 'l' nor 'B'"))
        bytes = try hello.encoded()
        bytes[3] = 2
        #expect(wireError { _ = try DBusMessage.decode(bytes) } == .invalidHeader("protocol version 2, not 1"))
        bytes = try hello.encoded()
        bytes[1] = 0
        #expect(wireError { _ = try DBusMessage.decode(bytes) } == .invalidHeader("message type 0"))
        bytes = try hello.encoded()
        bytes[1] = 9
        #expect(wireError { _ = try DBusMessage.decode(bytes) } == .unknownMessageType(9))
        bytes = try hello.encoded()
        bytes[8] = 0
        #expect(wireError { _ = try DBusMessage.decode(bytes) } == .invalidHeader("serial is 0"))
        bytes = try hello.encoded()
        bytes[126] = 1
        #expect(wireError { _ = try DBusMessage.decode(bytes) } == .nonZeroPadding(offset: 126))
        bytes = try hello.encoded() + [0]
        #expect(wireError { _ = try DBusMessage.decode(bytes) } == .invalidHeader("1 bytes after the end of the message"))
    }
}
