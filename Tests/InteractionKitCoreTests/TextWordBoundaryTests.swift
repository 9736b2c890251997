import Foundation
import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// The words of `text`, as double taps would select them: every distinct word range, in order.
func words(_ text: String) -> [String] {
    let buffer = TextEditingBuffer(text)
    var found: [Range<Int>] = []
    for offset in 0...buffer.count {
        if let range = buffer.range(enclosing: offset, granularity: .word), found.last != range {
            found.append(range)
        }
    }
    return found.map { buffer.text(in: $0) }
}

/// Every word-segment boundary of `scalars`, walking the segments from the start.
func segmentBoundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
    var boundaries = [0]
    var offset = 0
    while offset < scalars.count, let segment = WordBreaks.segment(containing: offset, in: scalars) {
        offset = segment.range.upperBound
        boundaries.append(offset)
    }
    return boundaries
}

@Suite("Word boundaries (UAX #29)")
struct TextWordBoundaryTests {
    struct WordCase: CustomTestStringConvertible, Sendable {
        let text: String
        let words: [String]
        var testDescription: String { "\"\(text)\"" }
    }

    static let wordCases: [WordCase] = [
        WordCase(text: "don't stop", words: ["don't", "stop"]),
        WordCase(text: "don’t", words: ["don’t"]),
        WordCase(text: "a.b", words: ["a.b"]),
        WordCase(text: "3.14 is pi", words: ["3.14", "is", "pi"]),
        WordCase(text: "3,000.50 €", words: ["3,000.50"]),
        WordCase(text: "end. Next", words: ["end", "Next"]),
        WordCase(text: "hello, world!", words: ["hello", "world"]),
        WordCase(text: "a-b (c) [d] \"e\"", words: ["a", "b", "c", "d", "e"]),
        WordCase(text: "12:30", words: ["12", "30"]),
        WordCase(text: "a:b", words: ["a", "b"]),
        WordCase(text: "snake_case _x", words: ["snake_case", "_x"]),
        WordCase(text: "abc123 x9", words: ["abc123", "x9"]),
        WordCase(text: "café", words: ["café"]),
        WordCase(text: "cafe\u{301} ok", words: ["cafe\u{301}", "ok"]),
        WordCase(text: "co\u{AD}operate", words: ["co\u{AD}operate"]),
        WordCase(text: "漢字かな", words: ["漢", "字", "か", "な"]),
        WordCase(text: "カタカナ語", words: ["カタカナ", "語"]),
        WordCase(text: "한국어 문장", words: ["한국어", "문장"]),
        WordCase(text: "שלום עולם", words: ["שלום", "עולם"]),
        WordCase(text: "צה\"ל", words: ["צה\"ל"]),
        WordCase(text: "مرحبا بالعالم", words: ["مرحبا", "بالعالم"]),
        WordCase(text: "hi 👨‍👩‍👧 there", words: ["hi", "👨‍👩‍👧", "there"]),
        WordCase(text: "🇫🇷🇩🇪", words: ["🇫🇷", "🇩🇪"]),
        WordCase(text: "👍🏽👍", words: ["👍🏽", "👍"]),
        WordCase(text: "tab\there\nnext", words: ["tab", "here", "next"]),
        WordCase(text: "   ", words: []),
        WordCase(text: "...!?", words: []),
        WordCase(text: "", words: []),
    ]

    @Test("Words are found as UAX #29 and CLDR draw them", arguments: wordCases)
    func wordsOfText(_ wordCase: WordCase) {
        #expect(words(wordCase.text) == wordCase.words)
    }

    struct MotionCase: CustomTestStringConvertible, Sendable {
        let text: String
        let from: Int
        let previousWordStart: Int
        let nextWordEnd: Int
        var testDescription: String { "\"\(text)\" from \(from)" }
    }

    static let motionCases: [MotionCase] = [
        MotionCase(text: "one two three", from: 0, previousWordStart: 0, nextWordEnd: 3),
        MotionCase(text: "one two three", from: 3, previousWordStart: 0, nextWordEnd: 7),
        MotionCase(text: "one two three", from: 4, previousWordStart: 0, nextWordEnd: 7),
        MotionCase(text: "one two three", from: 5, previousWordStart: 4, nextWordEnd: 7),
        MotionCase(text: "one two three", from: 13, previousWordStart: 8, nextWordEnd: 13),
        MotionCase(text: "one,   two", from: 7, previousWordStart: 0, nextWordEnd: 10),
        MotionCase(text: "  lead", from: 1, previousWordStart: 0, nextWordEnd: 6),
        MotionCase(text: "trail  ", from: 6, previousWordStart: 0, nextWordEnd: 7),
        MotionCase(text: "don't go", from: 8, previousWordStart: 6, nextWordEnd: 8),
        MotionCase(text: "don't go", from: 2, previousWordStart: 0, nextWordEnd: 5),
        MotionCase(text: "漢字", from: 0, previousWordStart: 0, nextWordEnd: 1),
        MotionCase(text: "漢字", from: 2, previousWordStart: 1, nextWordEnd: 2),
        MotionCase(text: "a 👨‍👩‍👧 b", from: 7, previousWordStart: 2, nextWordEnd: 9),
        MotionCase(text: "a 👨‍👩‍👧 b", from: 2, previousWordStart: 0, nextWordEnd: 7),
    ]

    @Test("Ctrl+Left goes to the previous word start, Ctrl+Right to the next word end", arguments: motionCases)
    func wordMotions(_ motion: MotionCase) {
        let buffer = buffer(motion.text, caret: motion.from)
        #expect(buffer.previousWordStart(before: motion.from) == motion.previousWordStart)
        #expect(buffer.nextWordEnd(after: motion.from) == motion.nextWordEnd)
        #expect(buffer.offset(moving: .word(.backward), from: motion.from) == motion.previousWordStart)
        #expect(buffer.offset(moving: .word(.forward), from: motion.from) == motion.nextWordEnd)
    }

    @Test("The next word start and the previous word end skip spaces and punctuation")
    func otherWordEdges() {
        let buffer = TextEditingBuffer("one, two  three")
        #expect(buffer.nextWordStart(after: 0) == 5)
        #expect(buffer.nextWordStart(after: 5) == 10)
        #expect(buffer.nextWordStart(after: 12) == 15)
        #expect(buffer.previousWordEnd(before: 15) == 8)
        #expect(buffer.previousWordEnd(before: 8) == 3)
        #expect(buffer.previousWordEnd(before: 3) == 0)
        #expect(buffer.nextWordStart(after: Int.min) == 5)
        #expect(buffer.previousWordEnd(before: Int.max) == 8)
    }

    @Test("A word range is the word under the offset, or the word just before it; none in spaces")
    func wordRangeEnclosing() {
        let buffer = TextEditingBuffer("hi  there.")
        #expect(buffer.range(enclosing: 0, granularity: .word) == 0..<2)
        #expect(buffer.range(enclosing: 1, granularity: .word) == 0..<2)
        #expect(buffer.range(enclosing: 2, granularity: .word) == 0..<2)
        #expect(buffer.range(enclosing: 3, granularity: .word) == nil)
        #expect(buffer.range(enclosing: 4, granularity: .word) == 4..<9)
        #expect(buffer.range(enclosing: 9, granularity: .word) == 4..<9)
        #expect(buffer.range(enclosing: 10, granularity: .word) == nil)
        #expect(buffer.range(enclosing: Int.max, granularity: .word) == nil)
    }

    @Test("Sentences run to a terminator and the spaces after it; lines and documents are the whole text")
    func sentencesAndLines() {
        let buffer = TextEditingBuffer("Hi there. How are you? Fine!  Ok 3.14 pi. 終わり。次")
        let sentence = { (offset: Int) in buffer.range(enclosing: offset, granularity: .sentence).map { buffer.text(in: $0) } }
        #expect(sentence(0) == "Hi there. ")
        #expect(sentence(9) == "Hi there. ")
        #expect(sentence(10) == "How are you? ")
        #expect(sentence(24) == "Fine!  ")
        #expect(sentence(30) == "Ok 3.14 pi. ")
        #expect(sentence(43) == "終わり。")
        #expect(sentence(47) == "次")
        #expect(sentence(Int.max) == "次")
        let quoted = TextEditingBuffer("He said \"no.\" Then left.")
        #expect(quoted.range(enclosing: 0, granularity: .sentence).map { quoted.text(in: $0) } == "He said \"no.\" ")
        let lines = TextEditingBuffer("one\ntwo")
        #expect(lines.range(enclosing: 1, granularity: .sentence) == 0..<4)
        for granularity in [TextGranularity.line, .paragraph, .document] {
            #expect(buffer.range(enclosing: 5, granularity: granularity) == 0..<buffer.count)
        }
    }

    /// The lines of a fixture under `Tests/Fixtures/text`, without comments.
    static func fixtureLines(_ name: String) throws -> [Substring] {
        let url = Repository.fixtures.appendingPathComponent("text/\(name)")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    /// UAX #29's name of a class, with Other split by Extended_Pictographic as the fixture writes it.
    static func fixtureName(_ wordClass: WordBreakClass) -> String {
        switch wordClass {
        case .other, .standaloneLetter: "Other"
        case .pictographic: "Other+ExtPict"
        case .cr: "CR"
        case .lf: "LF"
        case .newline: "Newline"
        case .extend: "Extend"
        case .zwj: "ZWJ"
        case .format: "Format"
        case .regionalIndicator: "Regional_Indicator"
        case .katakana: "Katakana"
        case .hebrewLetter: "Hebrew_Letter"
        case .aLetter: "ALetter"
        case .numeric: "Numeric"
        case .extendNumLet: "ExtendNumLet"
        case .singleQuote: "Single_Quote"
        case .doubleQuote: "Double_Quote"
        case .midNumLet: "MidNumLet"
        case .midLetter: "MidLetter"
        case .midNum: "MidNum"
        case .wSegSpace: "WSegSpace"
        }
    }

    @Test("Every assigned scalar has the Word_Break class of Unicode's data (Tests/Fixtures/text/word-break-classes.txt)")
    func classesMatchUnicodeData() throws {
        let lines = try Self.fixtureLines("word-break-classes.txt")
        #expect(lines.count > 1_000)
        // Runs of scalars whose class differs from the data's in the same way.
        var mismatches: [(first: UInt32, last: UInt32, what: String)] = []
        for line in lines {
            let fields = line.split(separator: " ")
            try #require(fields.count == 3)
            let first = try #require(UInt32(fields[0], radix: 16))
            let last = try #require(UInt32(fields[1], radix: 16))
            for value in first...last {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let actual = Self.fixtureName(WordBreakClass(scalar))
                guard actual != fields[2] else { continue }
                let what = "\(actual) not \(fields[2])"
                if let previous = mismatches.last, previous.last == value - 1, previous.what == what {
                    mismatches[mismatches.count - 1].last = value
                } else {
                    mismatches.append((value, value, what))
                }
            }
        }
        let described = mismatches.map { "\(String($0.first, radix: 16))..\(String($0.last, radix: 16)) \($0.what)" }
        #expect(mismatches.isEmpty, "\(described.joined(separator: ", "))")
    }

    @Test("Word boundaries match a plain reading of UAX #29's rules on 800 random strings (Tests/Fixtures/text)")
    func boundariesMatchTheFixture() throws {
        let lines = try Self.fixtureLines("word-boundaries.txt")
        #expect(lines.count == 800)
        for line in lines {
            let parts = line.split(separator: ";")
            try #require(parts.count == 2)
            let scalars = parts[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let expected = parts[1].split(separator: " ").compactMap { Int($0) }
            #expect(segmentBoundaries(scalars) == expected, "\(parts[0])")
        }
    }

    @Test("A lookup that starts near its offset finds the segment a walk from the start finds, on random soups")
    func localLookupsMatchAWalkFromTheStart() {
        var generator = SplitMix64(seed: 2_929)
        for _ in 0..<300 {
            let scalars = TextSoup.scalars(count: Int.random(in: 1...30, using: &generator), using: &generator)
            let boundaries = segmentBoundaries(scalars)
            for offset in 0..<scalars.count {
                guard let segment = WordBreaks.segment(containing: offset, in: scalars) else {
                    Issue.record("no segment in a non-empty text")
                    continue
                }
                let start = boundaries.last { $0 <= offset } ?? 0
                let end = boundaries.first { $0 > offset } ?? scalars.count
                #expect(segment.range == start..<end, "\(TextSoup.hex(scalars)) at \(offset)")
            }
        }
    }
}
