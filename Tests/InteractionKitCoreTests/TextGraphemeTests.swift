import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// The grapheme-cluster boundaries of every offset of `scalars`, as the standard library's `Character`s draw them.
func referenceClusterBoundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    var boundaries = [0]
    for character in text {
        boundaries.append(boundaries[boundaries.count - 1] + character.unicodeScalars.count)
    }
    return boundaries
}

/// A buffer of `text` with the caret at `offset`.
func buffer(_ text: String, caret offset: Int) -> TextEditingBuffer {
    var buffer = TextEditingBuffer(text)
    buffer.setCaret(offset)
    return buffer
}

/// Steps a caret from the start to the end by Right, noting each offset.
func caretStops(_ text: String) -> [Int] {
    var buffer = buffer(text, caret: 0)
    var stops = [0]
    while buffer.caretOffset < buffer.count {
        buffer.move(.character(.forward))
        stops.append(buffer.caretOffset)
    }
    return stops
}

@Suite("Grapheme clusters: what the caret steps over")
struct TextGraphemeTests {
    struct UserCase: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let stops: [Int]
        var testDescription: String { name }
    }

    static let userCases: [UserCase] = [
        UserCase(name: "e and a combining acute are one character", text: "cafe\u{301}!", stops: [0, 1, 2, 3, 5, 6]),
        UserCase(name: "a flag is one character of two regional indicators", text: "a🇫🇷b", stops: [0, 1, 3, 4]),
        UserCase(name: "two flags in a row pair up", text: "🇫🇷🇩🇪", stops: [0, 2, 4]),
        UserCase(name: "a family joined by zero-width joiners is one character", text: "👨‍👩‍👧 ok", stops: [0, 5, 6, 7, 8]),
        UserCase(name: "an emoji with a skin tone is one character", text: "👍🏽!", stops: [0, 2, 3]),
        UserCase(name: "a keycap is one character", text: "1️⃣2", stops: [0, 3, 4]),
        UserCase(name: "CJK ideographs are one character each", text: "漢字", stops: [0, 1, 2]),
        UserCase(name: "Hebrew with a vowel point steps in logical order", text: "שָׁלוֹם", stops: [0, 3, 4, 6, 7]),
        UserCase(name: "Arabic with a haraka steps in logical order", text: "مَرحبا", stops: [0, 2, 3, 4, 5, 6]),
        UserCase(name: "a Devanagari conjunct is one character", text: "क्षa", stops: [0, 3, 4]),
        UserCase(name: "Hangul jamo make one syllable", text: "\u{1100}\u{1161}\u{11A8}한", stops: [0, 3, 4]),
        UserCase(name: "CR LF is one character", text: "a\r\nb", stops: [0, 1, 3, 4]),
    ]

    @Test("Right steps over whole grapheme clusters", arguments: userCases)
    func caretStepsOverClusters(_ userCase: UserCase) {
        #expect(caretStops(userCase.text) == userCase.stops)
        #expect(userCase.stops == referenceClusterBoundaries(Array(userCase.text.unicodeScalars)))
    }

    @Test("Left steps back over the same clusters Right stepped over", arguments: userCases)
    func leftStepsBack(_ userCase: UserCase) {
        var buffer = TextEditingBuffer(userCase.text)
        var stops = [buffer.caretOffset]
        while buffer.caretOffset > 0 {
            buffer.move(.character(.backward))
            stops.append(buffer.caretOffset)
        }
        #expect(stops == userCase.stops.reversed())
    }

    @Test("A caret set inside a cluster moves to the cluster's start")
    func caretInsideClusterSnapsToStart() {
        var family = TextEditingBuffer("a👨‍👩‍👧")
        for inside in 2...5 {
            family.setCaret(inside)
            #expect(family.caretOffset == 1, "offset \(inside)")
        }
        var accent = TextEditingBuffer("e\u{301}")
        accent.setCaret(1)
        #expect(accent.caretOffset == 0)
        var flags = TextEditingBuffer("🇫🇷🇩🇪")
        flags.select(anchor: 1, caret: 3)
        #expect(flags.selection == TextSelection(anchor: 0, caret: 2))
    }

    @Test("Hostile offsets clamp: negative, past the end, Int.max, Int.min, inverted")
    func hostileOffsetsClamp() {
        var buffer = TextEditingBuffer("héllo")
        for (given, expected) in [(-1, 0), (Int.min, 0), (6, 5), (Int.max, 5), (5, 5)] {
            buffer.setCaret(given)
            #expect(buffer.caretOffset == expected, "caret \(given)")
        }
        buffer.select(anchor: Int.max, caret: Int.min)
        #expect(buffer.selection == TextSelection(anchor: 5, caret: 0))
        #expect(buffer.text(from: 4, to: 1) == "éll")
        #expect(buffer.text(in: -5..<Int.max) == "héllo")
        #expect(buffer.text(in: Int.min..<(-3)) == "")
        #expect(buffer.graphemeBoundary(before: Int.max) == 4)
        #expect(buffer.graphemeBoundary(after: Int.min) == 1)
        #expect(buffer.graphemeBoundary(after: Int.max) == 5)
        #expect(buffer.graphemeBoundary(before: Int.min) == 0)
        #expect(!buffer.isGraphemeBoundary(-1) && !buffer.isGraphemeBoundary(6) && !buffer.isGraphemeBoundary(Int.max))
        #expect(buffer.clampedRange(from: Int.max, to: -4) == 0..<5)
        #expect(buffer.scalar(at: -1) == nil && buffer.scalar(at: 5) == nil && buffer.scalar(at: 4) == "o")
        for granularity in TextGranularity.allCases {
            for offset in [Int.min, -1, 0, 3, 5, 6, Int.max] {
                if let range = buffer.range(enclosing: offset, granularity: granularity) {
                    #expect(range.lowerBound >= 0 && range.upperBound <= 5, "\(granularity) at \(offset)")
                }
            }
        }
    }

    @Test("An empty text has no clusters, and every offset in it is 0")
    func emptyText() {
        var buffer = TextEditingBuffer()
        #expect(buffer.isEmpty && buffer.count == 0 && buffer.text == "")
        buffer.setCaret(Int.max)
        #expect(buffer.caretOffset == 0)
        #expect(buffer.graphemeBoundary(after: 0) == 0 && buffer.graphemeBoundary(before: 0) == 0)
        #expect(buffer.range(enclosing: 0, granularity: .character) == nil)
        #expect(buffer.range(enclosing: 0, granularity: .word) == nil)
        #expect(buffer.range(enclosing: 0, granularity: .sentence) == nil)
        #expect(buffer.range(enclosing: 0, granularity: .document) == 0..<0)
        #expect(!buffer.move(.character(.forward)).didChange)
        #expect(!buffer.delete(.character(.backward)).didChange)
    }

    @Test("A sure break between two scalars is a boundary whatever precedes them, for every scalar beside a few kinds")
    func unconditionalBreaksAgreeWithTheStandardLibrary() {
        // Every scalar after a letter (Extend, SpacingMark, controls), an
        // indicator (GB12–13), a virama (GB9c) and a leading jamo (GB6);
        // and every scalar before a letter (Prepend, ZWJ, controls).
        let before: [Unicode.Scalar] = ["a", "\u{1F1EB}", "\u{094D}", "\u{1100}"]
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var pairs = before.map { ($0, scalar) }
            pairs.append((scalar, "a"))
            for (a, b) in pairs where GraphemeBreaks.isUnconditionalBreak(a, b) {
                // The recognizer `Character` and `String` use, on the pair alone.
                var recognizer = Unicode._CharacterRecognizer()
                _ = recognizer.hasBreak(before: a)
                if !recognizer.hasBreak(before: b) {
                    Issue.record("U+\(String(a.value, radix: 16)) U+\(String(b.value, radix: 16)) join, yet were called a sure break")
                }
                checked += 1
            }
        }
        #expect(checked > 4_000_000)
    }

    @Test("On random soups of tricky scalars, every boundary lookup agrees with the standard library's clusters")
    func randomSoupsAgreeWithTheStandardLibrary() {
        var generator = SplitMix64(seed: 29)
        for _ in 0..<400 {
            let scalars = TextSoup.scalars(count: Int.random(in: 0...24, using: &generator), using: &generator)
            let reference = referenceClusterBoundaries(scalars)
            for offset in 0...scalars.count {
                let isBoundary = reference.contains(offset)
                #expect(GraphemeBreaks.isBoundary(offset, in: scalars) == isBoundary, "\(TextSoup.hex(scalars)) at \(offset)")
                let next = reference.first { $0 > offset } ?? scalars.count
                #expect(GraphemeBreaks.boundary(after: offset, in: scalars) == next, "\(TextSoup.hex(scalars)) after \(offset)")
                let previous = reference.last { $0 < offset } ?? 0
                #expect(GraphemeBreaks.boundary(before: offset, in: scalars) == previous, "\(TextSoup.hex(scalars)) before \(offset)")
            }
        }
    }
}

/// Random text from scalars that make clusters and words hard: marks,
/// joiners, indicators, emoji, Indic letters and viramas, jamo, controls,
/// prepends, and plain letters, digits and punctuation between them.
enum TextSoup {
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "Z", "é", "0", "7", " ", ".", ",", "'", "\"", ":", ";", "_", "!", "?", "-", "\t", "\n", "\r",
        "\u{301}", "\u{308}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{00AD}", "\u{2060}", "\u{200B}", "\u{202F}",
        "\u{1F1EB}", "\u{1F1F7}", "\u{1F1E9}", "\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{1F600}", "\u{1F3FB}",
        "\u{2764}", "\u{20E3}", "\u{E0067}", "\u{E007F}", "\u{1F3F4}",
        "漢", "字", "あ", "ア", "ー", "א", "ב", "\u{05B8}", "ب", "\u{064E}", "ا", "\u{0600}",
        "한", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{0915}", "\u{094D}", "\u{0937}", "\u{093F}", "\u{0E01}", "\u{0E33}",
        "\u{3000}", "\u{00A0}", "\u{2019}", "\u{00B7}", "\u{00A9}", "\u{FFFD}", "\u{1F}", "\u{85}", "\u{2028}",
    ]

    static func scalars(count: Int, using generator: inout SplitMix64) -> [Unicode.Scalar] {
        (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
    }

    static func hex(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }
}
