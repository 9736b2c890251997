/// A complete D-Bus type: what one type signature character (or a container's
/// run of characters) describes.
public indirect enum DBusType: Hashable, Sendable, CustomStringConvertible {
    /// `y`, an unsigned 8-bit integer.
    case byte
    /// `b`, a boolean marshalled as a 32-bit 0 or 1.
    case boolean
    /// `n`, a signed 16-bit integer.
    case int16
    /// `q`, an unsigned 16-bit integer.
    case uint16
    /// `i`, a signed 32-bit integer.
    case int32
    /// `u`, an unsigned 32-bit integer.
    case uint32
    /// `x`, a signed 64-bit integer.
    case int64
    /// `t`, an unsigned 64-bit integer.
    case uint64
    /// `d`, an IEEE 754 double.
    case double
    /// `s`, a UTF-8 string without NUL bytes.
    case string
    /// `o`, an object path.
    case objectPath
    /// `g`, a type signature.
    case signature
    /// `h`, a Unix file descriptor, marshalled as an index into the
    /// descriptors sent with the message.
    case unixFD
    /// `a…`, an array whose elements all have the given type.
    case array(DBusType)
    /// `(…)`, a structure of one or more fields.
    case structure([DBusType])
    /// `v`, a value that carries its own signature.
    case variant
    /// `{…}`, a key-value pair; valid only as the element of an array, with
    /// a basic key.
    case dictEntry(key: DBusType, value: DBusType)

    /// The type of a dictionary: an array of dict entries (`a{kv}`).
    public static func dictionary(key: DBusType, value: DBusType) -> DBusType {
        .array(.dictEntry(key: key, value: value))
    }

    /// Whether this is a basic type, the only kind allowed as a dict entry key.
    public var isBasic: Bool {
        switch self {
        case .byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64,
             .double, .string, .objectPath, .signature, .unixFD:
            return true
        case .array, .structure, .variant, .dictEntry:
            return false
        }
    }

    /// The boundary, relative to the start of the message, that a value of
    /// this type starts on.
    public var alignment: Int {
        switch self {
        case .byte, .signature, .variant: return 1
        case .int16, .uint16: return 2
        case .boolean, .int32, .uint32, .string, .objectPath, .unixFD, .array: return 4
        case .int64, .uint64, .double, .structure, .dictEntry: return 8
        }
    }

    /// The signature text of this single type, such as `a{sv}`.
    public var description: String {
        var text = ""
        appendSignature(to: &text)
        return text
    }

    func appendSignature(to text: inout String) {
        switch self {
        case .byte: text.append("y")
        case .boolean: text.append("b")
        case .int16: text.append("n")
        case .uint16: text.append("q")
        case .int32: text.append("i")
        case .uint32: text.append("u")
        case .int64: text.append("x")
        case .uint64: text.append("t")
        case .double: text.append("d")
        case .string: text.append("s")
        case .objectPath: text.append("o")
        case .signature: text.append("g")
        case .unixFD: text.append("h")
        case .variant: text.append("v")
        case .array(let element):
            text.append("a")
            element.appendSignature(to: &text)
        case .structure(let fields):
            text.append("(")
            for field in fields { field.appendSignature(to: &text) }
            text.append(")")
        case .dictEntry(let key, let value):
            text.append("{")
            key.appendSignature(to: &text)
            value.appendSignature(to: &text)
            text.append("}")
        }
    }
}
