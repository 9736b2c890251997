/// Why bytes could not be read as D-Bus data, or values could not be written
/// as D-Bus data.
///
/// Offsets count from the start of the buffer being read (for a message, from
/// its first byte), so a report points at the offending byte.
public enum DBusWireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data ends before the value that starts at `offset` does.
    case truncated(offset: Int)
    /// A signature breaks the grammar or the limits of the specification.
    case invalidSignature(String, reason: String)
    /// A boolean is marshalled as something other than 0 or 1.
    case invalidBoolean(offset: Int, value: UInt32)
    /// Alignment padding holds a byte other than zero.
    case nonZeroPadding(offset: Int)
    /// A string is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// A string, object path or signature has no NUL byte after its content.
    case missingNulTerminator(offset: Int)
    /// A string holds a NUL byte, which D-Bus forbids.
    case embeddedNul(offset: Int)
    /// An array announces more bytes than the specification (64 MiB) or the
    /// data allows.
    case arrayTooLong(offset: Int, length: Int)
    /// An array's last element does not end where its length says it does.
    case arrayLengthMismatch(offset: Int)
    /// Containers nest deeper than the specification allows (64 in all,
    /// variants included).
    case nestingTooDeep(offset: Int)
    /// An object path breaks the rules of the specification.
    case invalidObjectPath(String)
    /// A bus, interface, member or error name breaks the rules of the
    /// specification; `kind` says which of them.
    case invalidName(String, kind: String)
    /// A value does not have the type its signature says it has.
    case typeMismatch(expected: String, found: String)
    /// A message is larger than the receiver accepts.
    case messageTooLarge(size: Int, limit: Int)
    /// A message header is wrong; the reason says how.
    case invalidHeader(String)
    /// A message body does not match its signature.
    case invalidBody(String)
    /// A well-formed message of a type this version of the protocol does not
    /// define; the specification says to ignore it.
    case unknownMessageType(UInt8)

    /// A sentence saying what is wrong and where.
    public var description: String {
        switch self {
        case .truncated(let offset):
            return "data ends in the value at byte \(offset)"
        case .invalidSignature(let signature, let reason):
            return "invalid signature \"\(signature)\": \(reason)"
        case .invalidBoolean(let offset, let value):
            return "boolean at byte \(offset) is \(value), not 0 or 1"
        case .nonZeroPadding(let offset):
            return "padding byte at \(offset) is not zero"
        case .invalidUTF8(let offset):
            return "string at byte \(offset) is not valid UTF-8"
        case .missingNulTerminator(let offset):
            return "string at byte \(offset) is not followed by a NUL byte"
        case .embeddedNul(let offset):
            return "string at byte \(offset) contains a NUL byte"
        case .arrayTooLong(let offset, let length):
            return "array at byte \(offset) claims \(length) bytes, more than the limit or the data"
        case .arrayLengthMismatch(let offset):
            return "array at byte \(offset): the last element does not end where the array length says"
        case .nestingTooDeep(let offset):
            return "containers nest deeper than 64 (32 arrays, 32 structs) at byte \(offset)"
        case .invalidObjectPath(let path):
            return "invalid object path \"\(path)\""
        case .invalidName(let name, let kind):
            return "invalid \(kind) \"\(name)\""
        case .typeMismatch(let expected, let found):
            return "value of type \"\(found)\" where the signature says \"\(expected)\""
        case .messageTooLarge(let size, let limit):
            return "message of \(size) bytes is larger than the limit of \(limit) bytes"
        case .invalidHeader(let reason):
            return "invalid message header: \(reason)"
        case .invalidBody(let reason):
            return "invalid message body: \(reason)"
        case .unknownMessageType(let type):
            return "unknown message type \(type)"
        }
    }
}
