/// Unmarshals values from bytes by their signature, checking everything the
/// specification requires of the sender: zero padding, booleans of 0 or 1,
/// NUL-terminated valid UTF-8 strings without embedded NULs, valid object
/// paths and signatures, array lengths within 64 MiB and the data and ending
/// on an element boundary, and containers nested at most 64 deep.
///
/// Alignment is counted from the first byte of `bytes`, which must be the
/// start of the message (or of a stand-alone marshalled value).
public struct DBusReader: Sendable {
    /// The bytes being read.
    public let bytes: [UInt8]
    /// The byte order values are read in.
    public let byteOrder: DBusByteOrder
    /// Where the next value starts.
    public private(set) var offset: Int
    /// Where reading must stop: values may not extend past it.
    private(set) var limit: Int

    /// Creates a reader at the start of `bytes`.
    public init(bytes: [UInt8], byteOrder: DBusByteOrder) {
        self.init(bytes: bytes, byteOrder: byteOrder, offset: 0, limit: bytes.count)
    }

    init(bytes: [UInt8], byteOrder: DBusByteOrder, offset: Int, limit: Int) {
        self.bytes = bytes
        self.byteOrder = byteOrder
        self.offset = offset
        self.limit = limit
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= limit }

    /// Reads one value of `type`.
    public mutating func read(_ type: DBusType) throws(DBusWireError) -> DBusValue {
        try read(type, depth: 0)
    }

    /// Reads one value for each type of `signature`, in order.
    public mutating func read(_ signature: DBusSignature) throws(DBusWireError) -> [DBusValue] {
        var values: [DBusValue] = []
        values.reserveCapacity(signature.types.count)
        for type in signature.types {
            values.append(try read(type, depth: 0))
        }
        return values
    }

    mutating func skipPadding(to alignment: Int) throws(DBusWireError) {
        let remainder = offset % alignment
        guard remainder != 0 else { return }
        let aligned = offset + alignment - remainder
        guard aligned <= limit else { throw .truncated(offset: offset) }
        for index in offset..<aligned where bytes[index] != 0 {
            throw .nonZeroPadding(offset: index)
        }
        offset = aligned
    }

    mutating func readInteger<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) throws(DBusWireError) -> T {
        let size = MemoryLayout<T>.size
        try skipPadding(to: size)
        guard limit - offset >= size else { throw .truncated(offset: offset) }
        var value: T = 0
        if byteOrder == .littleEndian {
            for index in (0..<size).reversed() { value = value << 8 | T(bytes[offset + index]) }
        } else {
            for index in 0..<size { value = value << 8 | T(bytes[offset + index]) }
        }
        offset += size
        return value
    }

    mutating func readByte() throws(DBusWireError) -> UInt8 {
        guard offset < limit else { throw .truncated(offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readString() throws(DBusWireError) -> String {
        let length = Int(try readInteger(UInt32.self))
        let start = offset
        guard limit - start > length else { throw .truncated(offset: start - 4) }
        guard bytes[start + length] == 0 else { throw .missingNulTerminator(offset: start - 4) }
        let content = bytes[start..<(start + length)]
        if let nul = content.firstIndex(of: 0) { throw .embeddedNul(offset: nul) }
        guard let text = String(validating: content, as: UTF8.self) else {
            throw .invalidUTF8(offset: start - 4)
        }
        offset = start + length + 1
        return text
    }

    mutating func readSignature() throws(DBusWireError) -> DBusSignature {
        let lengthOffset = offset
        let length = Int(try readByte())
        guard limit - offset > length else { throw .truncated(offset: lengthOffset) }
        guard bytes[offset + length] == 0 else { throw .missingNulTerminator(offset: lengthOffset) }
        let signature = try DBusSignature(utf8: Array(bytes[offset..<(offset + length)]))
        offset += length + 1
        return signature
    }

    mutating func read(_ type: DBusType, depth: Int) throws(DBusWireError) -> DBusValue {
        switch type {
        case .byte: return .byte(try readByte())
        case .boolean:
            let start = offset
            let raw = try readInteger(UInt32.self)
            guard raw <= 1 else { throw .invalidBoolean(offset: max(start, offset - 4), value: raw) }
            return .boolean(raw == 1)
        case .int16: return .int16(Int16(bitPattern: try readInteger(UInt16.self)))
        case .uint16: return .uint16(try readInteger(UInt16.self))
        case .int32: return .int32(Int32(bitPattern: try readInteger(UInt32.self)))
        case .uint32: return .uint32(try readInteger(UInt32.self))
        case .int64: return .int64(Int64(bitPattern: try readInteger(UInt64.self)))
        case .uint64: return .uint64(try readInteger(UInt64.self))
        case .double: return .double(Double(bitPattern: try readInteger(UInt64.self)))
        case .unixFD: return .unixFD(try readInteger(UInt32.self))
        case .string: return .string(try readString())
        case .objectPath:
            let text = try readString()
            return .objectPath(try DBusObjectPath(text))
        case .signature: return .signature(try readSignature())
        case .array(let elementType):
            return try readArray(of: elementType, depth: depth + 1)
        case .structure(let fieldTypes):
            try checkDepth(depth + 1)
            try skipPadding(to: 8)
            var fields: [DBusValue] = []
            fields.reserveCapacity(fieldTypes.count)
            for fieldType in fieldTypes {
                fields.append(try read(fieldType, depth: depth + 1))
            }
            return .structure(fields)
        case .dictEntry(let keyType, let valueType):
            try checkDepth(depth + 1)
            try skipPadding(to: 8)
            let key = try read(keyType, depth: depth + 1)
            let value = try read(valueType, depth: depth + 1)
            return .dictEntry(key: key, value: value)
        case .variant:
            try checkDepth(depth + 1)
            let signatureOffset = offset
            let signature = try readSignature()
            guard signature.types.count == 1 else {
                throw .invalidSignature(signature.text, reason: "a variant holds exactly one complete type (at byte \(signatureOffset))")
            }
            return .variant(try read(signature.types[0], depth: depth + 1))
        }
    }

    private mutating func readArray(of elementType: DBusType, depth: Int) throws(DBusWireError) -> DBusValue {
        try checkDepth(depth)
        let length = Int(try readInteger(UInt32.self))
        let lengthOffset = offset - 4
        guard length <= DBusLimits.maximumArrayLength else {
            throw .arrayTooLong(offset: lengthOffset, length: length)
        }
        // The padding before the first element is there even when the array is empty.
        try skipPadding(to: elementType.alignment)
        guard limit - offset >= length else { throw .arrayTooLong(offset: lengthOffset, length: length) }
        let end = offset + length
        if case .byte = elementType {
            // One copy of the bytes, not one value per byte.
            let elements = Array(bytes[offset..<end])
            offset = end
            return .byteArray(elements)
        }
        // Elements may not reach past the array: a reader limited to it
        // reports an element that crosses the end as a length mismatch.
        let outerLimit = limit
        limit = end
        defer { limit = outerLimit }
        var elements: [DBusValue] = []
        do {
            while offset < end {
                elements.append(try read(elementType, depth: depth))
            }
        } catch .truncated {
            throw .arrayLengthMismatch(offset: lengthOffset)
        }
        return .array(of: elementType, elements)
    }

    private func checkDepth(_ depth: Int) throws(DBusWireError) {
        if depth > DBusLimits.maximumTotalDepth { throw .nestingTooDeep(offset: offset) }
    }
}
