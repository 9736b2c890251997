@testable import InteractionKitEvemu
import InteractionKitCore
import InteractionKitTestSupport
import Testing

@Suite("Evemu: errors name the line and column")
struct ErrorTests {
    static let axes = "A: 35 0 1000 0 0\nA: 36 0 1000 0 0\n"

    func parse(_ events: String, description: String? = nil) throws(EvemuError) -> EvemuRecording {
        try EvemuRecording(events: events, eventsFile: "t.events", description: description, descriptionFile: description.map { _ in "t.desc" })
    }

    @Test("Description format") func descriptionFormat() {
        let error = EvemuError(file: "a.events", line: 3, column: 7, message: "bad hexadecimal event type 'zz'")
        #expect(error.description == "a.events:3:7: error: bad hexadecimal event type 'zz'")
    }

    /// A malformed fixture file and the error it must give.
    struct MalformedFixture: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { file }
    }

    static let malformedFixtures = [
        MalformedFixture(file: "malformed-unknown-prefix.events", line: 5, column: 1,
                         message: "unknown line prefix 'X:'; expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment"),
        MalformedFixture(file: "malformed-backwards-time.events", line: 7, column: 4,
                         message: "timestamp 1.999999 goes backwards (line 5 was at 2.000000)"),
        // Too few fields: points just past the last field ("E: 0.000001 0003 0035" is 21 columns).
        MalformedFixture(file: "malformed-field-count.events", line: 4, column: 22,
                         message: "wrong number of fields: expected 4, found 3 ('E:' needs SEC.USEC TYPE CODE VALUE)"),
    ]

    @Test("Malformed fixture files (an unknown line prefix, backwards timestamps, too few fields) fail at the faulty line and column",
          arguments: malformedFixtures)
    func malformedFixture(_ fixture: MalformedFixture) {
        let file = fixture.file
        expectError(EvemuError(file: file, line: fixture.line, column: fixture.column, message: fixture.message)) {
            () throws(EvemuError) in
            try EvemuRecording(events: (try? Fixture.text(file)) ?? "", eventsFile: file)
        }
    }

    /// Malformed text given inline (events, and a description file if any) and the error it must give.
    struct MalformedText: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let events: String
        var deviceDescription: String? = nil
        var file = "t.events"
        let line: Int
        let column: Int
        let message: String
    }

    static let malformedTexts: [MalformedText] = [
        // Indented, and not a letter-colon prefix at all.
        MalformedText(testDescription: "an unknown line prefix: 'hello', indented", events: axes + "  hello world # greeting\n",
                      line: 3, column: 3, message: "unknown line prefix 'hello'; expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment"),
        MalformedText(testDescription: "an unknown line prefix: 'e:' in lower case", events: "e: 0.000000 0000 0000 0\n" + axes,
                      line: 1, column: 1, message: "unknown line prefix 'e:'; expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment"),
        // Too few fields: the fixture `malformed-field-count.events`, among the malformed fixtures above.
        // Too many: points at the first extra field.
        MalformedText(testDescription: "a wrong field count: five on an E: line", events: axes + "E: 0.000001 0003 0035 5 7\n",
                      line: 3, column: 25, message: "wrong number of fields: expected 4, found 5 ('E:' needs SEC.USEC TYPE CODE VALUE)"),
        MalformedText(testDescription: "a wrong field count: three on an A: line", events: "A: 35 0 1\n",
                      line: 1, column: 10,
                      message: "wrong number of fields: expected 5 or 6, found 3 ('A:' needs CODE MIN MAX FUZZ FLAT [RESOLUTION])"),
        MalformedText(testDescription: "bad hex: the event type '00g3'", events: axes + "E: 0.000001 00g3 0035 5\n",
                      line: 3, column: 13, message: "bad hexadecimal event type '00g3'"),
        MalformedText(testDescription: "bad hex: the event code '10000', out of range", events: axes + "E: 0.000001 0003 10000 5\n",
                      line: 3, column: 18, message: "event code '10000' is out of range (at most ffff)"),
        MalformedText(testDescription: "bad hex: the axis code '0x35'", events: "A: 0x35 0 1000 0 0\n",
                      line: 1, column: 4, message: "bad hexadecimal axis code '0x35'"),
        MalformedText(testDescription: "a bad number: the event value '5x'", events: axes + "E: 0.000001 0003 0035 5x\n",
                      line: 3, column: 23, message: "bad event value '5x'"),
        MalformedText(testDescription: "a bad number: the event value '-'", events: axes + "E: 0.000001 0003 0035 -\n",
                      line: 3, column: 23, message: "bad event value '-'"),
        MalformedText(testDescription: "a bad number: the event value 2^31, beyond 32 bits", events: axes + "E: 0.000001 0003 0035 2147483648\n",
                      line: 3, column: 23, message: "event value '2147483648' is out of range (must fit in 32 bits)"),
        MalformedText(testDescription: "a bad number: a 26-digit negative event value",
                      events: axes + "E: 0.000001 0003 0035 -99999999999999999999999999\n",
                      line: 3, column: 23, message: "event value '-99999999999999999999999999' is out of range (must fit in 32 bits)"),
        MalformedText(testDescription: "a bad number: the axis maximum '12a3'", events: "A: 35 0 12a3 0 0\n",
                      line: 1, column: 9, message: "bad axis maximum '12a3'"),
    ] + [
        // Bad timestamps: fewer than 6 microsecond digits, no dot, a sign, 7 digits, 19 digits of seconds.
        "1.5", "15", "-1.000000", "1.0000000", "1234567890123456789.000000",
    ].map { timestamp in
        MalformedText(testDescription: "a bad timestamp: '\(timestamp)'", events: axes + "E: \(timestamp) 0003 0035 5\n",
                      line: 3, column: 4,
                      message: "bad timestamp '\(timestamp)'; expected SECONDS.MICROSECONDS with 6 digits after the dot, e.g. 12.000345")
    } + [
        MalformedText(testDescription: "a missing description: events with no axes", events: "N: Nameless\nE: 0.000001 0003 0035 5\n",
                      line: 1, column: 1,
                      message: "missing device description: no 'A:' axis lines (pass the .desc file as the description)"),
        MalformedText(testDescription: "a missing description: a description file with no axes", events: "E: 0.000001 0003 0035 5\n",
                      deviceDescription: "N: Only a name\n", file: "t.desc", line: 1, column: 1,
                      message: "missing device description: no 'A:' axis lines"),
        // Axes, but none that locate a touch.
        MalformedText(testDescription: "a description whose axes locate no touch", events: "N: Pressure only\nA: 30 0 255 0 0\nA: 35 0 100 0 0\n",
                      line: 2, column: 1,
                      message: "device has neither ABS_MT_POSITION_X/Y (35/36) nor ABS_X/ABS_Y (00/01) axes, so touches cannot be located"),
        MalformedText(testDescription: "an event line in the description file", events: "E: 0.000001 0000 0000 0\n",
                      deviceDescription: axes + "E: 0.000001 0000 0000 0\n", file: "t.desc", line: 3, column: 1,
                      message: "event line in a description file; events belong in the .events file"),
        MalformedText(testDescription: "an axis described twice", events: axes + "A: 35 0 10 0 0\n",
                      line: 3, column: 4, message: "axis 0x35 is already described on line 1"),
    ]

    @Test("Malformed text given inline (an unknown prefix, a wrong field count, bad hex or numbers, a missing or misplaced description, a duplicate axis) fails at the faulty file, line and column",
          arguments: malformedTexts)
    func malformedText(_ text: MalformedText) {
        expectError(EvemuError(file: text.file, line: text.line, column: text.column, message: text.message)) {
            () throws(EvemuError) in try parse(text.events, description: text.deviceDescription)
        }
    }

    @Test("Empty axis range") func emptyAxisRange() {
        let desc = "malformed-empty-range.desc"
        expectError(EvemuError(file: desc, line: 3, column: 9,
                               message: "empty range for axis 0x36: maximum 0 is not greater than minimum 0")) {
            () throws(EvemuError) in
            try EvemuRecording(events: "E: 0.000001 0000 0000 0\n", eventsFile: "t.events",
                               description: (try? Fixture.text(desc)) ?? "", descriptionFile: desc)
        }
        // An unused axis may have an empty range (real devices do this).
        #expect(throws: Never.self) { try parse(Self.axes + "A: 30 0 0 0 0\n") }
    }

    @Test("Too many bytes") func tooManyBytes() {
        // 100-byte lines: byte 4_194_304 (0-based) is the 5th byte of line 41_944.
        let line = "#" + String(repeating: "x", count: 98) + "\n"
        let text = String(repeating: line, count: 41_944)
        #expect(text.utf8.count == 4_194_400)
        expectError(EvemuError(file: "t.events", line: 41_944, column: 5,
                               message: "file is too large: 4194400 bytes, the limit is 4194304 bytes (4 MiB)")) {
            () throws(EvemuError) in try parse(text)
        }
        // Exactly at the limit is fine (then it fails for lack of axes, on line 1).
        let atLimit = String(repeating: "#" + String(repeating: "x", count: 62) + "\n", count: 65_536)
        #expect(atLimit.utf8.count == 4 * 1024 * 1024)
        expectError(EvemuError(file: "t.events", line: 1, column: 1,
                               message: "missing device description: no 'A:' axis lines (pass the .desc file as the description)")) {
            () throws(EvemuError) in try parse(atLimit)
        }
    }

    @Test("Too many lines") func tooManyLines() {
        let text = Self.axes + String(repeating: "\n", count: 999_998)
        #expect(throws: Never.self) { try parse(text) }  // exactly 1,000,000 lines
        expectError(EvemuError(file: "t.events", line: 1_000_001, column: 1,
                               message: "file is too long: the limit is 1000000 lines")) {
            () throws(EvemuError) in try parse(text + "\n")
        }
    }

    @Test("Garbage never traps") func garbageNeverTraps() {
        // A few hostile inputs: binary bytes, huge numbers, extreme slots.
        let inputs = [
            "\u{0}\u{1}\u{2}",
            Self.axes + "E: 999999999999999999.999999 0003 002f 2147483647\nE: 999999999999999999.999999 0003 0039 -2147483648\n",
            "A: 2f -2147483648 2147483647 0 0\nA: 35 -2147483648 2147483647 0 0\nA: 36 0 1 0 0\n"
                + "E: 0.000000 0003 002f -5\nE: 0.000000 0003 0039 1\nE: 0.000000 0003 0035 2147483647\nE: 0.000000 0003 0036 -2147483648\nE: 0.000000 0000 0000 0\n",
        ]
        var parsed: [Bool] = []
        for text in inputs {
            do {
                let recording = try parse(text)
                let window = Size(width: 10, height: 10)
                let samples = recording.touchInputs(windowSize: window, startTime: 0, firstTouchID: Int.max)
                expectWellFormed(samples, window: window)
                _ = recording.contacts()
                parsed.append(true)
            } catch {
                #expect(!error.description.isEmpty)
                parsed.append(false)
            }
        }
        // Positive control: binary bytes are an error, and the extreme but
        // well-formed recordings do reach the decoder's checks above.
        #expect(parsed == [false, true, true])
    }
}
