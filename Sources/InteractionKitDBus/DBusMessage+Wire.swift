/// The header field codes of the specification.
enum DBusHeaderField: UInt8 {
    case path = 1, interface, member, errorName, replySerial, destination, sender, signature, unixFDs
}

extension DBusMessage {
    /// The length of the fixed part of every header: byte order, type, flags,
    /// version, body length, serial, and the length of the header fields.
    public static let fixedHeaderLength = 16

    /// Checks the message against the specification and marshals it.
    ///
    /// - Throws: `DBusWireError` for a zero serial, a missing required header
    ///   field, an invalid name, a body that cannot be marshalled, or a
    ///   message larger than `maximumSize`.
    public func encoded(
        byteOrder: DBusByteOrder = .littleEndian,
        maximumSize: Int = DBusLimits.defaultMaximumMessageSize
    ) throws(DBusWireError) -> [UInt8] {
        try validateHeader()
        let bodySignature = try DBusSignature(body.map(\.type))
        var bodyWriter = DBusWriter(byteOrder: byteOrder)
        try bodyWriter.write(body, signature: bodySignature)

        var fields: [DBusValue] = []
        func add(_ code: DBusHeaderField, _ value: DBusValue) {
            fields.append(.structure([.byte(code.rawValue), .variant(value)]))
        }
        if let path { add(.path, .objectPath(path)) }
        if let interface { add(.interface, .string(interface)) }
        if let member { add(.member, .string(member)) }
        if let errorName { add(.errorName, .string(errorName)) }
        if let replySerial { add(.replySerial, .uint32(replySerial)) }
        if let destination { add(.destination, .string(destination)) }
        if let sender { add(.sender, .string(sender)) }
        if !bodySignature.types.isEmpty { add(.signature, .signature(bodySignature)) }
        if let unixFDCount { add(.unixFDs, .uint32(unixFDCount)) }

        var writer = DBusWriter(byteOrder: byteOrder)
        writer.bytes.append(byteOrder.rawValue)
        writer.bytes.append(kind.rawValue)
        writer.bytes.append(flags.rawValue)
        writer.bytes.append(1)
        writer.appendInteger(UInt32(0))  // body length, set below
        writer.appendInteger(serial)
        try writer.write(.array(of: Self.headerFieldType, fields), as: .array(Self.headerFieldType), depth: 0)
        // The body starts on a multiple of 8, so it aligns the same relative
        // to the message as relative to itself.
        writer.pad(to: 8)
        let size = writer.bytes.count + bodyWriter.bytes.count
        guard size <= maximumSize else { throw .messageTooLarge(size: size, limit: maximumSize) }
        writer.setUInt32(UInt32(bodyWriter.bytes.count), at: 4)
        writer.bytes.append(contentsOf: bodyWriter.bytes)
        return writer.bytes
    }

    /// `(yv)`, the type of each header field. Computed rather than stored:
    /// a stored indirect enum keeps its box behind a tagged pointer, which
    /// LeakSanitizer cannot see and reports as a leak in the fuzzer.
    static var headerFieldType: DBusType { .structure([.byte, .variant]) }

    /// Decodes exactly one message from `bytes`.
    ///
    /// - Throws: `DBusWireError` when the bytes are not one complete, valid
    ///   message of at most `maximumSize` bytes; `.unknownMessageType` for a
    ///   well-formed message of a type the specification says to ignore.
    public static func decode(
        _ bytes: [UInt8], maximumSize: Int = DBusLimits.defaultMaximumMessageSize
    ) throws(DBusWireError) -> DBusMessage {
        switch try DBusMessageFramer.status(of: bytes[...], maximumMessageSize: maximumSize) {
        case .needMoreBytes, .oversized:
            throw .truncated(offset: bytes.count)
        case .complete(let length):
            guard length == bytes.count else {
                throw .invalidHeader("\(bytes.count - length) bytes after the end of the message")
            }
        }
        guard let lengths = try DBusMessageFramer.lengths(of: bytes[...]) else { throw .truncated(offset: bytes.count) }
        return try DBusFrame(message: bytes, bodyStart: lengths.bodyStart, limit: maximumSize).message()
    }

    /// The kind, flags and serial of the fixed header at the start of `bytes`
    /// (at least 16 bytes of a known kind).
    static func decodeFixedHeader(_ bytes: [UInt8]) throws(DBusWireError) -> DBusMessage {
        let byteOrder: DBusByteOrder = bytes[0] == DBusByteOrder.bigEndian.rawValue ? .bigEndian : .littleEndian
        guard let kind = Kind(rawValue: bytes[1]) else { throw .unknownMessageType(bytes[1]) }
        var reader = DBusReader(bytes: bytes, byteOrder: byteOrder, offset: 8, limit: DBusMessage.fixedHeaderLength)
        let serial = try reader.readInteger(UInt32.self)
        return DBusMessage(kind: kind, flags: Flags(rawValue: bytes[2]), serial: serial)
    }

    /// The header of the message at the start of `bytes` (which hold at least
    /// its `bodyStart` bytes), without its body, and the body's signature.
    ///
    /// - Throws: `DBusWireError` for a malformed header;
    ///   `.unknownMessageType` for a type the specification says to ignore.
    static func decodeHeader(_ bytes: [UInt8], bodyStart: Int) throws(DBusWireError) -> (DBusMessage, DBusSignature) {
        var message = try decodeFixedHeader(bytes)
        guard message.serial != 0 else { throw .invalidHeader("serial is 0") }
        let byteOrder: DBusByteOrder = bytes[0] == DBusByteOrder.bigEndian.rawValue ? .bigEndian : .littleEndian
        var fieldsReader = DBusReader(bytes: bytes, byteOrder: byteOrder, offset: 12, limit: bodyStart)
        let fields = try fieldsReader.read(.array(headerFieldType))
        try fieldsReader.skipPadding(to: 8)
        guard fieldsReader.offset == bodyStart else {
            throw .invalidHeader("header fields end at byte \(fieldsReader.offset), not \(bodyStart)")
        }
        let bodySignature = try message.apply(fields: fields.elements ?? [])
        try message.validateHeader()
        return (message, bodySignature)
    }

    /// The body of the whole message in `bytes`, read by `signature` from `bodyStart` to the end.
    static func decodeBody(_ bytes: [UInt8], bodyStart: Int, signature: DBusSignature) throws(DBusWireError) -> [DBusValue] {
        let byteOrder: DBusByteOrder = bytes[0] == DBusByteOrder.bigEndian.rawValue ? .bigEndian : .littleEndian
        var bodyReader = DBusReader(bytes: bytes, byteOrder: byteOrder, offset: bodyStart, limit: bytes.count)
        let body = try bodyReader.read(signature)
        guard bodyReader.isAtEnd else {
            throw .invalidBody("\(bytes.count - bodyReader.offset) bytes left after the values of signature \"\(signature)\"")
        }
        return body
    }

    /// Sets the known header fields from `fields` and returns the body
    /// signature; unknown fields are skipped, as the specification says.
    private mutating func apply(fields: [DBusValue]) throws(DBusWireError) -> DBusSignature {
        var seen: Set<UInt8> = []
        var bodySignature = DBusSignature.empty
        for field in fields {
            guard case .structure(let parts) = field, parts.count == 2,
                  case .byte(let code) = parts[0], case .variant(let value) = parts[1] else {
                throw .invalidHeader("a header field is not (yv)")
            }
            guard code != 0 else { throw .invalidHeader("header field code 0") }
            guard seen.insert(code).inserted else { throw .invalidHeader("header field \(code) appears twice") }
            guard let known = DBusHeaderField(rawValue: code) else { continue }
            switch (known, value) {
            case (.path, .objectPath(let path)): self.path = path
            case (.interface, .string(let text)): interface = text
            case (.member, .string(let text)): member = text
            case (.errorName, .string(let text)): errorName = text
            case (.replySerial, .uint32(let number)): replySerial = number
            case (.destination, .string(let text)): destination = text
            case (.sender, .string(let text)): sender = text
            case (.signature, .signature(let signature)): bodySignature = signature
            case (.unixFDs, .uint32(let number)): unixFDCount = number
            default:
                throw .invalidHeader("header field \(known) holds a value of type \(value.type)")
            }
        }
        return bodySignature
    }

    /// Checks what the specification requires of each kind of message, and
    /// that every name is valid.
    func validateHeader() throws(DBusWireError) {
        guard serial != 0 else { throw .invalidHeader("serial is 0") }
        switch kind {
        case .methodCall:
            guard path != nil else { throw .invalidHeader("a method call needs a path") }
            guard member != nil else { throw .invalidHeader("a method call needs a member") }
        case .signal:
            guard path != nil else { throw .invalidHeader("a signal needs a path") }
            guard interface != nil else { throw .invalidHeader("a signal needs an interface") }
            guard member != nil else { throw .invalidHeader("a signal needs a member") }
        case .error:
            guard errorName != nil else { throw .invalidHeader("an error needs an error name") }
            guard replySerial != nil else { throw .invalidHeader("an error needs a reply serial") }
        case .methodReturn:
            guard replySerial != nil else { throw .invalidHeader("a method return needs a reply serial") }
        }
        if replySerial == 0 { throw .invalidHeader("reply serial is 0") }
        if let interface, !DBusName.isValidInterface(interface) { throw .invalidName(interface, kind: "interface name") }
        if let member, !DBusName.isValidMember(member) { throw .invalidName(member, kind: "member name") }
        if let errorName, !DBusName.isValidErrorName(errorName) { throw .invalidName(errorName, kind: "error name") }
        if let destination, !DBusName.isValidBusName(destination) { throw .invalidName(destination, kind: "bus name") }
        if let sender, !DBusName.isValidBusName(sender) { throw .invalidName(sender, kind: "bus name") }
    }
}
