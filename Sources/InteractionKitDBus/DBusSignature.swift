/// A validated D-Bus type signature: zero or more complete types, such as the
/// `siiva{sv}` of an AT-SPI event.
///
/// Validation follows the specification: at most 255 bytes, known type codes,
/// no empty structures, dict entries only directly inside arrays with a basic
/// key and exactly one value type, and at most 32 nested arrays, 32 nested
/// structures and 32 nested dict entries.
public struct DBusSignature: Hashable, Sendable, CustomStringConvertible {
    /// The longest signature the specification allows, in bytes.
    public static let maximumLength = 255
    /// How deeply arrays (and, separately, structures) may nest in one signature.
    public static let maximumContainerDepth = 32

    /// The complete types, in order.
    public let types: [DBusType]
    /// The signature as text.
    public let text: String

    /// The empty signature, of a message without a body.
    public static let empty = DBusSignature(trusted: [], text: "")

    /// Parses and validates signature text.
    ///
    /// - Throws: `DBusWireError.invalidSignature` saying what is wrong.
    public init(_ text: String) throws(DBusWireError) {
        try self.init(utf8: Array(text.utf8))
    }

    /// Builds the signature of a list of types, validating it as if parsed.
    public init(_ types: [DBusType]) throws(DBusWireError) {
        var text = ""
        for type in types { type.appendSignature(to: &text) }
        try self.init(text)
    }

    private init(trusted types: [DBusType], text: String) {
        self.types = types
        self.text = text
    }

    init(utf8 bytes: [UInt8]) throws(DBusWireError) {
        var parser = SignatureParser(bytes: bytes)
        let types = try parser.parseAll()
        self.init(trusted: types, text: String(decoding: bytes, as: UTF8.self))
    }

    /// The signature text.
    public var description: String { text }
}

/// Recursive descent over signature bytes; every container is checked against
/// the depth limits before it is entered, so the recursion is bounded.
private struct SignatureParser {
    let bytes: [UInt8]
    var index = 0
    var arrayDepth = 0
    var structDepth = 0
    var dictEntryDepth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func failure(_ reason: String) -> DBusWireError {
        // Show the text even when it is not valid UTF-8: it is a diagnostic.
        .invalidSignature(String(decoding: bytes, as: UTF8.self), reason: reason)
    }

    mutating func parseAll() throws(DBusWireError) -> [DBusType] {
        guard bytes.count <= DBusSignature.maximumLength else {
            throw failure("longer than \(DBusSignature.maximumLength) bytes")
        }
        var types: [DBusType] = []
        while index < bytes.count {
            types.append(try parseOne(insideArray: false))
        }
        return types
    }

    private mutating func parseOne(insideArray: Bool) throws(DBusWireError) -> DBusType {
        guard index < bytes.count else {
            throw failure("ends where a complete type is expected")
        }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            arrayDepth += 1
            guard arrayDepth <= DBusSignature.maximumContainerDepth else {
                throw failure("more than \(DBusSignature.maximumContainerDepth) nested arrays")
            }
            guard index < bytes.count else { throw failure("array without an element type") }
            let element = try parseOne(insideArray: true)
            arrayDepth -= 1
            return .array(element)
        case UInt8(ascii: "("):
            structDepth += 1
            guard structDepth <= DBusSignature.maximumContainerDepth else {
                throw failure("more than \(DBusSignature.maximumContainerDepth) nested structures")
            }
            var fields: [DBusType] = []
            while true {
                guard index < bytes.count else { throw failure("structure is not closed") }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    break
                }
                fields.append(try parseOne(insideArray: false))
            }
            guard !fields.isEmpty else { throw failure("empty structure") }
            structDepth -= 1
            return .structure(fields)
        case UInt8(ascii: "{"):
            guard insideArray else { throw failure("dict entry outside an array") }
            dictEntryDepth += 1
            guard dictEntryDepth <= DBusSignature.maximumContainerDepth else {
                throw failure("more than \(DBusSignature.maximumContainerDepth) nested dict entries")
            }
            let key = try parseOne(insideArray: false)
            guard key.isBasic else { throw failure("dict entry key \(key) is not a basic type") }
            guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
                throw failure("dict entry without a value type")
            }
            let value = try parseOne(insideArray: false)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                throw failure("dict entry is not closed after its key and value")
            }
            index += 1
            dictEntryDepth -= 1
            return .dictEntry(key: key, value: value)
        case UInt8(ascii: ")"):
            throw failure("\")\" without \"(\"")
        case UInt8(ascii: "}"):
            throw failure("\"}\" without \"{\"")
        default:
            throw failure("unknown type code \(describe(code))")
        }
    }

    private func describe(_ code: UInt8) -> String {
        if code >= 0x21 && code < 0x7F {
            return "\"\(Character(Unicode.Scalar(code)))\""
        }
        return "0x" + String(code, radix: 16)
    }
}
