import InteractionKitCore

/// Size limits that keep parsing bounded; larger inputs are rejected with an
/// ``EvemuError`` pointing at the first byte or line past the limit.
///
/// What a recording within them may hold is bounded too: a protocol B slot
/// must lie within the device's `ABS_MT_SLOT` range (else an error at its
/// line), and at most `GestureConstants.maximumTouchesDown` (32) contacts
/// are down at once (a contact beginning while 32 are gives its `.began`,
/// which the window refuses, and nothing else). So a 4 MiB recording
/// replays in at most a few seconds (Benchmarks.md, hostile recordings).
public enum EvemuLimits {
    /// At most 4 MiB of UTF-8 text per file.
    public static let maximumBytes = 4 * 1024 * 1024
    /// At most 1,000,000 lines per file.
    public static let maximumLines = 1_000_000
}

/// An `A:` line together with where it was written, so later checks (such as
/// an empty range) can point back at it.
struct EvemuAxisDefinition: Sendable {
    var axis: EvemuAxis
    var file: String
    var line: Int
    var codeColumn: Int
    var maximumColumn: Int
}

/// The description lines (`N:` and `A:`) found in one file.
struct EvemuDescriptionParts: Sendable {
    var name: String?
    var axes: [Int: EvemuAxisDefinition] = [:]
    /// Line of the first `A:` line, for errors about the axis set as a whole.
    var firstAxisLine: Int?
}

/// A line-oriented parser for one evemu text (an `.events` or `.desc` file).
///
/// Works on the UTF-8 bytes in a single linear pass. Fields are separated by
/// spaces or tabs; `#` starts a comment that runs to the end of the line
/// (except on `N:` lines, whose whole remainder is the device name, as evemu
/// itself reads it). A trailing `\r` is ignored, so CRLF files parse too.
struct EvemuParser {
    private let bytes: [UInt8]
    private let file: String
    /// Reused per line to avoid an allocation for every line.
    private var fields: [Field] = []

    struct Field {
        var start: Int
        var end: Int
    }

    init(text: String, file: String) throws(EvemuError) {
        self.file = file
        self.bytes = Array(text.utf8)
        if bytes.count > EvemuLimits.maximumBytes {
            // Point at the first byte beyond the limit.
            var line = 1
            var lineStart = 0
            for index in 0..<EvemuLimits.maximumBytes where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            throw EvemuError(
                file: file, line: line, column: EvemuLimits.maximumBytes - lineStart + 1,
                message: "file is too large: \(bytes.count) bytes, the limit is \(EvemuLimits.maximumBytes) bytes (4 MiB)")
        }
    }

    /// Parses every line. Description lines go to `description`; `E:` lines
    /// are appended to `events` when `allowEvents` is true and rejected
    /// otherwise (a `.desc` file must not contain events).
    mutating func parse(
        allowEvents: Bool,
        description: inout EvemuDescriptionParts,
        events: inout [EvemuEvent]
    ) throws(EvemuError) {
        var lineStart = 0
        var lineNumber = 0
        while lineStart < bytes.count {
            lineNumber += 1
            if lineNumber > EvemuLimits.maximumLines {
                throw EvemuError(
                    file: file, line: lineNumber, column: 1,
                    message: "file is too long: the limit is \(EvemuLimits.maximumLines) lines")
            }
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            try parseLine(
                number: lineNumber, start: lineStart, end: contentEnd,
                allowEvents: allowEvents, description: &description, events: &events)
            lineStart = lineEnd + 1
        }
    }

    // MARK: - Lines

    private mutating func parseLine(
        number: Int, start: Int, end: Int,
        allowEvents: Bool,
        description: inout EvemuDescriptionParts,
        events: inout [EvemuEvent]
    ) throws(EvemuError) {
        var index = start
        while index < end && Self.isSpace(bytes[index]) { index += 1 }
        if index == end || bytes[index] == UInt8(ascii: "#") { return }

        let kind = bytes[index]
        guard index + 1 < end, bytes[index + 1] == UInt8(ascii: ":"), Self.knownPrefixes.contains(kind) else {
            var tokenEnd = index
            while tokenEnd < end && !Self.isSpace(bytes[tokenEnd]) && bytes[tokenEnd] != UInt8(ascii: "#") { tokenEnd += 1 }
            throw error(
                line: number, lineStart: start, at: index,
                "unknown line prefix '\(text(index, tokenEnd))'; expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment")
        }
        let restStart = index + 2

        switch kind {
        case UInt8(ascii: "N"):
            var nameStart = restStart
            var nameEnd = end
            while nameStart < nameEnd && Self.isSpace(bytes[nameStart]) { nameStart += 1 }
            while nameEnd > nameStart && Self.isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
            description.name = text(nameStart, nameEnd, limit: Int.max)
        case UInt8(ascii: "A"):
            try parseAxis(number: number, lineStart: start, prefixEnd: restStart, end: end, description: &description)
        case UInt8(ascii: "E"):
            guard allowEvents else {
                throw error(
                    line: number, lineStart: start, at: index,
                    "event line in a description file; events belong in the .events file")
            }
            try parseEvent(number: number, lineStart: start, prefixEnd: restStart, end: end, events: &events)
        default:
            // I:, P:, B:, L:, S: carry nothing the touch decoder needs.
            break
        }
    }

    private mutating func parseAxis(
        number: Int, lineStart: Int, prefixEnd: Int, end: Int,
        description: inout EvemuDescriptionParts
    ) throws(EvemuError) {
        splitFields(from: prefixEnd, to: end)
        try checkFieldCount(
            expected: 5...6, line: number, lineStart: lineStart, prefixEnd: prefixEnd,
            usage: "'A:' needs CODE MIN MAX FUZZ FLAT [RESOLUTION]")
        let code = try hex(fields[0], line: number, lineStart: lineStart, what: "axis code")
        let minimum = try decimal(fields[1], line: number, lineStart: lineStart, what: "axis minimum")
        let maximum = try decimal(fields[2], line: number, lineStart: lineStart, what: "axis maximum")
        let fuzz = try decimal(fields[3], line: number, lineStart: lineStart, what: "axis fuzz")
        let flat = try decimal(fields[4], line: number, lineStart: lineStart, what: "axis flat")
        let resolution = fields.count == 6
            ? try decimal(fields[5], line: number, lineStart: lineStart, what: "axis resolution") : 0
        if let previous = description.axes[code] {
            throw error(
                line: number, lineStart: lineStart, at: fields[0].start,
                "axis \(Self.hexString(code)) is already described on line \(previous.line)")
        }
        description.axes[code] = EvemuAxisDefinition(
            axis: EvemuAxis(code: code, minimum: minimum, maximum: maximum, fuzz: fuzz, flat: flat, resolution: resolution),
            file: file, line: number,
            codeColumn: fields[0].start - lineStart + 1,
            maximumColumn: fields[2].start - lineStart + 1)
        if description.firstAxisLine == nil { description.firstAxisLine = number }
    }

    private mutating func parseEvent(
        number: Int, lineStart: Int, prefixEnd: Int, end: Int,
        events: inout [EvemuEvent]
    ) throws(EvemuError) {
        splitFields(from: prefixEnd, to: end)
        try checkFieldCount(
            expected: 4...4, line: number, lineStart: lineStart, prefixEnd: prefixEnd,
            usage: "'E:' needs SEC.USEC TYPE CODE VALUE")
        let (seconds, microseconds) = try timestamp(fields[0], line: number, lineStart: lineStart)
        let type = try hex(fields[1], line: number, lineStart: lineStart, what: "event type")
        let code = try hex(fields[2], line: number, lineStart: lineStart, what: "event code")
        let value = try decimal(fields[3], line: number, lineStart: lineStart, what: "event value")
        if let previous = events.last,
           (seconds, microseconds) < (previous.seconds, previous.microseconds) {
            throw error(
                line: number, lineStart: lineStart, at: fields[0].start,
                "timestamp \(text(fields[0].start, fields[0].end)) goes backwards (line \(previous.line) was at \(Self.timestampString(previous)))")
        }
        events.append(EvemuEvent(
            seconds: seconds, microseconds: microseconds, type: type, code: code, value: value, line: number))
    }

    // MARK: - Fields

    private mutating func splitFields(from start: Int, to end: Int) {
        fields.removeAll(keepingCapacity: true)
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") { break }
            if Self.isSpace(byte) { index += 1; continue }
            let fieldStart = index
            while index < end && !Self.isSpace(bytes[index]) && bytes[index] != UInt8(ascii: "#") { index += 1 }
            fields.append(Field(start: fieldStart, end: index))
        }
    }

    /// Too many fields: points at the first extra one. Too few: points just
    /// past the last field (where the missing one was expected).
    private func checkFieldCount(
        expected: ClosedRange<Int>, line: Int, lineStart: Int, prefixEnd: Int, usage: String
    ) throws(EvemuError) {
        if expected.contains(fields.count) { return }
        let column: Int
        if fields.count > expected.upperBound {
            column = fields[expected.upperBound].start
        } else {
            column = fields.last?.end ?? prefixEnd
        }
        let expectedText = expected.count == 1 ? "\(expected.lowerBound)" : "\(expected.lowerBound) or \(expected.upperBound)"
        throw error(
            line: line, lineStart: lineStart, at: column,
            "wrong number of fields: expected \(expectedText), found \(fields.count) (\(usage))")
    }

    /// Hexadecimal without prefix, 1 to 8 digits, value at most 0xFFFF
    /// (types and codes are 16-bit in the kernel).
    private func hex(_ field: Field, line: Int, lineStart: Int, what: String) throws(EvemuError) -> Int {
        var value = 0
        let length = field.end - field.start
        for index in field.start..<field.end {
            guard let digit = Self.hexDigit(bytes[index]), length <= 8 else {
                throw error(
                    line: line, lineStart: lineStart, at: field.start,
                    "bad hexadecimal \(what) '\(text(field.start, field.end))'")
            }
            value = value * 16 + digit
        }
        guard value <= 0xFFFF else {
            throw error(
                line: line, lineStart: lineStart, at: field.start,
                "\(what) '\(text(field.start, field.end))' is out of range (at most ffff)")
        }
        return value
    }

    /// Signed decimal (`-1`, `-001`, `0605`), within the 32-bit range of
    /// kernel event values.
    private func decimal(_ field: Field, line: Int, lineStart: Int, what: String) throws(EvemuError) -> Int {
        var index = field.start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < field.end else {
            throw error(line: line, lineStart: lineStart, at: field.start, "bad \(what) '\(text(field.start, field.end))'")
        }
        var magnitude = 0
        let limit = Int(Int32.max) + 1
        while index < field.end {
            guard let digit = Self.decimalDigit(bytes[index]) else {
                throw error(line: line, lineStart: lineStart, at: field.start, "bad \(what) '\(text(field.start, field.end))'")
            }
            magnitude = magnitude * 10 + digit
            if magnitude > limit {
                throw error(
                    line: line, lineStart: lineStart, at: field.start,
                    "\(what) '\(text(field.start, field.end))' is out of range (must fit in 32 bits)")
            }
            index += 1
        }
        let value = negative ? -magnitude : magnitude
        guard value <= Int(Int32.max) else {
            throw error(
                line: line, lineStart: lineStart, at: field.start,
                "\(what) '\(text(field.start, field.end))' is out of range (must fit in 32 bits)")
        }
        return value
    }

    /// `SECONDS.MICROSECONDS`: 1 to 18 digits, a dot, exactly 6 digits (the
    /// way evemu writes it). Parsed as two integers, never through `Double`.
    private func timestamp(_ field: Field, line: Int, lineStart: Int) throws(EvemuError) -> (Int, Int) {
        var seconds = 0
        var microseconds = 0
        var secondDigits = 0
        var microDigits = 0
        var sawDot = false
        var valid = true
        for index in field.start..<field.end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !sawDot {
                sawDot = true
            } else if let digit = Self.decimalDigit(byte) {
                if sawDot {
                    microDigits += 1
                    microseconds = microDigits <= 6 ? microseconds * 10 + digit : microseconds
                } else {
                    secondDigits += 1
                    seconds = secondDigits <= 18 ? seconds * 10 + digit : seconds
                }
            } else {
                valid = false
                break
            }
        }
        guard valid, sawDot, (1...18).contains(secondDigits), microDigits == 6 else {
            throw error(
                line: line, lineStart: lineStart, at: field.start,
                "bad timestamp '\(text(field.start, field.end))'; expected SECONDS.MICROSECONDS with 6 digits after the dot, e.g. 12.000345")
        }
        return (seconds, microseconds)
    }

    // MARK: - Helpers

    private static let knownPrefixes: Set<UInt8> = Set("NIPBALSE".utf8)

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    private static func decimalDigit(_ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// The 1-based column of field `index` (counted from 0, after the
    /// line's `X:` prefix) on line `line` of `text`; 1 when there is none.
    static func column(ofField index: Int, line: Int, in text: String) -> Int {
        var lineNumber = 1
        var lineStart = text.utf8.startIndex
        var position = text.utf8.startIndex
        while position < text.utf8.endIndex, lineNumber < line {
            if text.utf8[position] == 0x0A {
                lineNumber += 1
                lineStart = text.utf8.index(after: position)
            }
            position = text.utf8.index(after: position)
        }
        let lineBytes = Array(text.utf8[lineStart...].prefix { $0 != 0x0A })
        guard let colon = lineBytes.firstIndex(of: UInt8(ascii: ":")) else { return 1 }
        var field = -1
        var inField = false
        for offset in (colon + 1)..<lineBytes.count {
            let isSpace = Self.isSpace(lineBytes[offset])
            if !isSpace && !inField {
                field += 1
                if field == index { return offset + 1 }
            }
            inField = !isSpace
        }
        return 1
    }

    static func hexString(_ value: Int) -> String {
        "0x" + String(value, radix: 16)
    }

    static func timestampString(_ event: EvemuEvent) -> String {
        let micro = String(event.microseconds)
        return "\(event.seconds)." + String(repeating: "0", count: max(0, 6 - micro.count)) + micro
    }

    /// The bytes `start..<end` as text, shortened for messages.
    private func text(_ start: Int, _ end: Int, limit: Int = 40) -> String {
        let clippedEnd = end - start > limit ? start + limit : end
        let string = String(decoding: bytes[start..<clippedEnd], as: UTF8.self)
        return clippedEnd < end ? string + "…" : string
    }

    private func error(line: Int, lineStart: Int, at offset: Int, _ message: String) -> EvemuError {
        EvemuError(file: file, line: line, column: offset - lineStart + 1, message: message)
    }
}
