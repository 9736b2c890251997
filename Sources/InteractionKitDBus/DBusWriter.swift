/// Marshals values into bytes by their signature, with natural alignment
/// counted from the first byte written (the start of the message).
///
/// Writing validates as it goes: strings without NUL bytes, types that form
/// valid signatures, arrays whose elements have the declared type, nesting
/// and array length within the specification's limits. A value that would be
/// rejected by a bus daemon throws instead of being written.
public struct DBusWriter: Sendable {
    /// The bytes written so far.
    public internal(set) var bytes: [UInt8] = []
    /// The byte order values are written in.
    public let byteOrder: DBusByteOrder

    /// Creates an empty writer.
    public init(byteOrder: DBusByteOrder = .littleEndian) {
        self.byteOrder = byteOrder
    }

    /// Writes one value of any valid complete type.
    public mutating func write(_ value: DBusValue) throws(DBusWireError) {
        let type = value.type
        _ = try DBusSignature([type])
        try write(value, as: type, depth: 0)
    }

    /// Writes values that must match `signature`, type for type.
    public mutating func write(_ values: [DBusValue], signature: DBusSignature) throws(DBusWireError) {
        guard values.count == signature.types.count else {
            throw .typeMismatch(expected: signature.text, found: "\(values.count) values")
        }
        for (value, type) in zip(values, signature.types) {
            try write(value, as: type, depth: 0)
        }
    }

    mutating func pad(to alignment: Int) {
        let remainder = bytes.count % alignment
        if remainder != 0 {
            bytes.append(contentsOf: repeatElement(0, count: alignment - remainder))
        }
    }

    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        pad(to: MemoryLayout<T>.size)
        let ordered = byteOrder == .littleEndian ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: ordered) { bytes.append(contentsOf: $0) }
    }

    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        let ordered = byteOrder == .littleEndian ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: ordered) { raw in
            for index in 0..<4 { bytes[offset + index] = raw[index] }
        }
    }

    mutating func appendString(_ text: String) throws(DBusWireError) {
        let utf8 = text.utf8
        if utf8.contains(0) { throw .embeddedNul(offset: bytes.count) }
        guard utf8.count <= Int(UInt32.max) else { throw .arrayTooLong(offset: bytes.count, length: utf8.count) }
        appendInteger(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    mutating func appendSignature(_ signature: DBusSignature) {
        // Validated signatures are at most 255 bytes, so the length fits a byte.
        bytes.append(UInt8(signature.text.utf8.count))
        bytes.append(contentsOf: signature.text.utf8)
        bytes.append(0)
    }

    mutating func write(_ value: DBusValue, as type: DBusType, depth: Int) throws(DBusWireError) {
        switch (type, value) {
        case (.byte, .byte(let number)): bytes.append(number)
        case (.boolean, .boolean(let flag)): appendInteger(UInt32(flag ? 1 : 0))
        case (.int16, .int16(let number)): appendInteger(number)
        case (.uint16, .uint16(let number)): appendInteger(number)
        case (.int32, .int32(let number)): appendInteger(number)
        case (.uint32, .uint32(let number)): appendInteger(number)
        case (.int64, .int64(let number)): appendInteger(number)
        case (.uint64, .uint64(let number)): appendInteger(number)
        case (.double, .double(let number)): appendInteger(number.bitPattern)
        case (.string, .string(let text)): try appendString(text)
        case (.objectPath, .objectPath(let path)): try appendString(path.text)
        case (.signature, .signature(let signature)): appendSignature(signature)
        case (.unixFD, .unixFD(let index)): appendInteger(index)
        case (.array(let elementType), .array(let declared, let elements)):
            guard declared == elementType else {
                throw .typeMismatch(expected: type.description, found: DBusType.array(declared).description)
            }
            try checkDepth(depth + 1)
            appendInteger(UInt32(0))
            let lengthOffset = bytes.count - 4
            pad(to: elementType.alignment)
            let start = bytes.count
            for element in elements {
                try write(element, as: elementType, depth: depth + 1)
            }
            let length = bytes.count - start
            guard length <= DBusLimits.maximumArrayLength else {
                throw .arrayTooLong(offset: lengthOffset, length: length)
            }
            setUInt32(UInt32(length), at: lengthOffset)
        case (.array(.byte), .byteArray(let data)):
            try checkDepth(depth + 1)
            appendInteger(UInt32(0))
            let lengthOffset = bytes.count - 4
            guard data.count <= DBusLimits.maximumArrayLength else {
                throw .arrayTooLong(offset: lengthOffset, length: data.count)
            }
            setUInt32(UInt32(data.count), at: lengthOffset)
            bytes.append(contentsOf: data)
        case (.structure(let fieldTypes), .structure(let fields)):
            guard fieldTypes.count == fields.count else {
                throw .typeMismatch(expected: type.description, found: value.type.description)
            }
            try checkDepth(depth + 1)
            pad(to: 8)
            for (field, fieldType) in zip(fields, fieldTypes) {
                try write(field, as: fieldType, depth: depth + 1)
            }
        case (.dictEntry(let keyType, let valueType), .dictEntry(let key, let entryValue)):
            try checkDepth(depth + 1)
            pad(to: 8)
            try write(key, as: keyType, depth: depth + 1)
            try write(entryValue, as: valueType, depth: depth + 1)
        case (.variant, .variant(let content)):
            try checkDepth(depth + 1)
            let contentType = content.type
            appendSignature(try DBusSignature([contentType]))
            try write(content, as: contentType, depth: depth + 1)
        default:
            throw .typeMismatch(expected: type.description, found: value.type.description)
        }
    }

    private func checkDepth(_ depth: Int) throws(DBusWireError) {
        if depth > DBusLimits.maximumTotalDepth { throw .nestingTooDeep(offset: bytes.count) }
    }
}
