/// A D-Bus value of any type, as marshalled in a message body.
///
/// Arrays carry their element type so an empty array still has a signature.
/// Dictionaries are arrays of `dictEntry` values (see
/// `DBusValue.dictionary(key:value:_:)`). A byte array (`ay`) is read as
/// `byteArray`, one `[UInt8]`, not one value per byte; it may be written
/// either way.
///
/// Equality is wire equality: doubles compare by bit pattern, so a value that
/// holds NaN equals itself and `0.0` differs from `-0.0`, as their bytes do;
/// `byteArray(b)` equals `array(of: .byte, …)` of the same bytes.
public indirect enum DBusValue: Sendable, Hashable {
    /// An unsigned 8-bit integer, `y`.
    case byte(UInt8)
    /// A boolean, `b`.
    case boolean(Bool)
    /// A signed 16-bit integer, `n`.
    case int16(Int16)
    /// An unsigned 16-bit integer, `q`.
    case uint16(UInt16)
    /// A signed 32-bit integer, `i`.
    case int32(Int32)
    /// An unsigned 32-bit integer, `u`.
    case uint32(UInt32)
    /// A signed 64-bit integer, `x`.
    case int64(Int64)
    /// An unsigned 64-bit integer, `t`.
    case uint64(UInt64)
    /// An IEEE 754 double, `d`.
    case double(Double)
    /// A UTF-8 string, `s`; one holding a NUL character cannot be marshalled.
    case string(String)
    /// An object path, `o`.
    case objectPath(DBusObjectPath)
    /// A type signature, `g`.
    case signature(DBusSignature)
    /// A Unix file descriptor, `h`, as an index into those sent with the message.
    case unixFD(UInt32)
    /// An array, `a…`: the element type, then the elements, each of that type.
    case array(of: DBusType, [DBusValue])
    /// A byte array, `ay`, as its bytes: what the reader makes of one, so
    /// that a large one costs its size and no more.
    case byteArray([UInt8])
    /// A structure, `(…)`, of at least one field.
    case structure([DBusValue])
    /// A variant, `v`: a value that carries its type.
    case variant(DBusValue)
    /// A dict entry, `{…}`: a key-value pair, the element of a dictionary.
    case dictEntry(key: DBusValue, value: DBusValue)

    /// A dictionary (`a{kv}`) of the given key and value types.
    public static func dictionary(
        key keyType: DBusType, value valueType: DBusType, _ entries: [(key: DBusValue, value: DBusValue)]
    ) -> DBusValue {
        .array(of: .dictEntry(key: keyType, value: valueType),
               entries.map { .dictEntry(key: $0.key, value: $0.value) })
    }

    /// The type of this value; for an array, built from its declared element type.
    public var type: DBusType {
        switch self {
        case .byte: return .byte
        case .boolean: return .boolean
        case .int16: return .int16
        case .uint16: return .uint16
        case .int32: return .int32
        case .uint32: return .uint32
        case .int64: return .int64
        case .uint64: return .uint64
        case .double: return .double
        case .string: return .string
        case .objectPath: return .objectPath
        case .signature: return .signature
        case .unixFD: return .unixFD
        case .array(let element, _): return .array(element)
        case .byteArray: return .array(.byte)
        case .structure(let fields): return .structure(fields.map(\.type))
        case .variant: return .variant
        case .dictEntry(let key, let value): return .dictEntry(key: key.type, value: value.type)
        }
    }

    /// The text of a `string` value, nil for other values.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number in an `int32`, nil for other values.
    public var int32: Int32? {
        if case .int32(let number) = self { return number }
        return nil
    }

    /// The number in a `uint32`, nil for other values.
    public var uint32: UInt32? {
        if case .uint32(let number) = self { return number }
        return nil
    }

    /// The path in an `objectPath` value, nil for other values.
    public var objectPath: DBusObjectPath? {
        if case .objectPath(let path) = self { return path }
        return nil
    }

    /// The value inside a `variant`, nil for other values.
    public var variantContent: DBusValue? {
        if case .variant(let content) = self { return content }
        return nil
    }

    /// The elements of an `array` (of a `byteArray`, one `byte` value per
    /// byte), nil for other values.
    public var elements: [DBusValue]? {
        switch self {
        case .array(_, let elements): return elements
        case .byteArray(let bytes): return bytes.map(DBusValue.byte)
        default: return nil
        }
    }

    /// The bytes of a byte array (`byteArray`, or an `array` of `byte`
    /// values), nil for other values.
    public var bytes: [UInt8]? {
        switch self {
        case .byteArray(let bytes):
            return bytes
        case .array(.byte, let elements):
            var bytes: [UInt8] = []
            bytes.reserveCapacity(elements.count)
            for element in elements {
                guard case .byte(let byte) = element else { return nil }
                bytes.append(byte)
            }
            return bytes
        default:
            return nil
        }
    }

    /// The fields of a `structure`, nil for other values.
    public var fields: [DBusValue]? {
        if case .structure(let fields) = self { return fields }
        return nil
    }

    /// The entries of a dictionary (an array of dict entries), in wire order;
    /// nil for other values.
    public var dictionaryEntries: [(key: DBusValue, value: DBusValue)]? {
        guard case .array(.dictEntry, let elements) = self else { return nil }
        var entries: [(key: DBusValue, value: DBusValue)] = []
        entries.reserveCapacity(elements.count)
        for element in elements {
            guard case .dictEntry(let key, let value) = element else { return nil }
            entries.append((key, value))
        }
        return entries
    }

    /// Whether two values have the same type and the same wire content.
    public static func == (lhs: DBusValue, rhs: DBusValue) -> Bool {
        switch (lhs, rhs) {
        case (.byte(let a), .byte(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.int16(let a), .int16(let b)): return a == b
        case (.uint16(let a), .uint16(let b)): return a == b
        case (.int32(let a), .int32(let b)): return a == b
        case (.uint32(let a), .uint32(let b)): return a == b
        case (.int64(let a), .int64(let b)): return a == b
        case (.uint64(let a), .uint64(let b)): return a == b
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.objectPath(let a), .objectPath(let b)): return a == b
        case (.signature(let a), .signature(let b)): return a == b
        case (.unixFD(let a), .unixFD(let b)): return a == b
        case (.array(let typeA, let a), .array(let typeB, let b)): return typeA == typeB && a == b
        case (.byteArray(let a), .byteArray(let b)): return a == b
        case (.byteArray(let bytes), .array(.byte, _)): return rhs.bytes == bytes
        case (.array(.byte, _), .byteArray(let bytes)): return lhs.bytes == bytes
        case (.structure(let a), .structure(let b)): return a == b
        case (.variant(let a), .variant(let b)): return a == b
        case (.dictEntry(let keyA, let valueA), .dictEntry(let keyB, let valueB)):
            return keyA == keyB && valueA == valueB
        default:
            // Different cases: different types.
            return false
        }
    }

    /// Hashes the type and wire content, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .byte(let value): hasher.combine(0); hasher.combine(value)
        case .boolean(let value): hasher.combine(1); hasher.combine(value)
        case .int16(let value): hasher.combine(2); hasher.combine(value)
        case .uint16(let value): hasher.combine(3); hasher.combine(value)
        case .int32(let value): hasher.combine(4); hasher.combine(value)
        case .uint32(let value): hasher.combine(5); hasher.combine(value)
        case .int64(let value): hasher.combine(6); hasher.combine(value)
        case .uint64(let value): hasher.combine(7); hasher.combine(value)
        case .double(let value): hasher.combine(8); hasher.combine(value.bitPattern)
        case .string(let value):
            // Swift's String equality is canonical equivalence; wire equality is bytes.
            hasher.combine(9)
            for byte in value.utf8 { hasher.combine(byte) }
        case .objectPath(let value): hasher.combine(10); hasher.combine(value)
        case .signature(let value): hasher.combine(11); hasher.combine(value)
        case .unixFD(let value): hasher.combine(12); hasher.combine(value)
        case .array(let type, let elements):
            // A byte array hashes as its bytes, whichever form holds them.
            if type == .byte, let bytes { hashBytes(bytes, into: &hasher) } else {
                hasher.combine(13); hasher.combine(type); hasher.combine(elements)
            }
        case .byteArray(let bytes): hashBytes(bytes, into: &hasher)
        case .structure(let fields): hasher.combine(14); hasher.combine(fields)
        case .variant(let content): hasher.combine(15); hasher.combine(content)
        case .dictEntry(let key, let value): hasher.combine(16); hasher.combine(key); hasher.combine(value)
        }
    }

    private func hashBytes(_ bytes: [UInt8], into hasher: inout Hasher) {
        hasher.combine(17)
        hasher.combine(bytes)
    }
}
