import Testing
@testable import InteractionKitDBus

/// Marshals values one after the other from offset 0.
func marshal(_ values: [DBusValue], _ byteOrder: DBusByteOrder = .littleEndian) throws -> [UInt8] {
    var writer = DBusWriter(byteOrder: byteOrder)
    for value in values { try writer.write(value) }
    return writer.bytes
}

/// Unmarshals `bytes` by `signature` and requires every byte to be used.
func unmarshal(_ bytes: [UInt8], _ signature: String, _ byteOrder: DBusByteOrder = .littleEndian) throws -> [DBusValue] {
    var reader = DBusReader(bytes: bytes, byteOrder: byteOrder)
    let values = try reader.read(try DBusSignature(signature))
    #expect(reader.isAtEnd, "bytes left after reading \(signature)")
    return values
}

/// The error that `body` throws, or nil when it throws none.
func wireError(_ body: () throws -> Void) -> DBusWireError? {
    do {
        try body()
        return nil
    } catch let error as DBusWireError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)")
        return nil
    }
}

func path(_ text: String) -> DBusObjectPath {
    do { return try DBusObjectPath(text) } catch { fatalError("test path \(text): \(error)") }
}

func signature(_ text: String) -> DBusSignature {
    do { return try DBusSignature(text) } catch { fatalError("test signature \(text): \(error)") }
}

/// SplitMix64: a tiny deterministic generator, so random tests replay exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Random types and values of those types, nested at most `depth` containers deep.
struct RandomValues {
    var generator: SeededGenerator

    mutating func basicType() -> DBusType {
        let basic: [DBusType] = [.byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64,
                                 .double, .string, .objectPath, .signature, .unixFD]
        return basic.randomElement(using: &generator)!
    }

    mutating func type(depth: Int) -> DBusType {
        guard depth > 0, Int.random(in: 0..<3, using: &generator) == 0 else { return basicType() }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return .array(type(depth: depth - 1))
        case 1: return .structure((0..<Int.random(in: 1...3, using: &generator)).map { _ in type(depth: depth - 1) })
        case 2: return .variant
        default: return .dictionary(key: basicType(), value: type(depth: depth - 1))
        }
    }

    mutating func string() -> String {
        let pieces = ["a", "é", "漢", "🙂", " ", "z", "\u{7F}", "\u{10FFFF}"]
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    mutating func value(of type: DBusType, depth: Int) -> DBusValue {
        switch type {
        case .byte: return .byte(.random(in: .min ... .max, using: &generator))
        case .boolean: return .boolean(.random(using: &generator))
        case .int16: return .int16(.random(in: .min ... .max, using: &generator))
        case .uint16: return .uint16(.random(in: .min ... .max, using: &generator))
        case .int32: return .int32(.random(in: .min ... .max, using: &generator))
        case .uint32: return .uint32(.random(in: .min ... .max, using: &generator))
        case .int64: return .int64(.random(in: .min ... .max, using: &generator))
        case .uint64: return .uint64(.random(in: .min ... .max, using: &generator))
        case .double: return .double(Double(bitPattern: generator.next()))
        case .string: return .string(string())
        case .objectPath:
            let paths = ["/", "/org", "/org/a11y/atspi/accessible/root", "/_1/b2"]
            return .objectPath(path(paths.randomElement(using: &generator)!))
        case .signature:
            let signatures = ["", "s", "a{sv}", "(so)", "siiva{sv}", "aai"]
            return .signature(signature(signatures.randomElement(using: &generator)!))
        case .unixFD: return .unixFD(.random(in: 0...16, using: &generator))
        case .array(let element):
            let count = Int.random(in: 0...3, using: &generator)
            return .array(of: element, (0..<count).map { _ in value(of: element, depth: depth) })
        case .structure(let fields):
            return .structure(fields.map { value(of: $0, depth: depth) })
        case .dictEntry(let key, let entryValue):
            return .dictEntry(key: value(of: key, depth: depth), value: value(of: entryValue, depth: depth))
        case .variant:
            let inner = self.type(depth: max(0, depth - 1))
            return .variant(value(of: inner, depth: max(0, depth - 1)))
        }
    }
}
