import Testing
import InteractionKitCore

@Suite("Monospace text layout: one cell per cluster, two for wide characters and emoji")
@MainActor
struct MonospaceTextLayoutTests {
    struct CellCase: CustomTestStringConvertible, Sendable {
        let character: Character
        let cells: Int
        let name: String
        var testDescription: String { name }
    }

    nonisolated static let cellCases: [CellCase] = [
        CellCase(character: "a", cells: 1, name: "a Latin letter"),
        CellCase(character: "e\u{301}", cells: 1, name: "e and a combining acute"),
        CellCase(character: "א", cells: 1, name: "a Hebrew letter"),
        CellCase(character: "ب", cells: 1, name: "an Arabic letter"),
        CellCase(character: "漢", cells: 2, name: "a CJK ideograph"),
        CellCase(character: "か", cells: 2, name: "a kana"),
        CellCase(character: "한", cells: 2, name: "a Hangul syllable"),
        CellCase(character: "Ａ", cells: 2, name: "a full-width letter"),
        CellCase(character: "ｱ", cells: 1, name: "a half-width katakana"),
        CellCase(character: "😀", cells: 2, name: "an emoji"),
        CellCase(character: "🇫🇷", cells: 2, name: "a flag"),
        CellCase(character: "👨‍👩‍👧", cells: 2, name: "a family joined by ZWJ"),
        CellCase(character: "❤️", cells: 2, name: "a text symbol with VS16"),
        CellCase(character: "❤", cells: 1, name: "a text symbol without VS16"),
        CellCase(character: "1️⃣", cells: 2, name: "a keycap"),
        CellCase(character: "\u{20000}", cells: 2, name: "an ideograph of plane 2"),
        CellCase(character: "\u{1F1EB}", cells: 2, name: "a lone regional indicator, which is an emoji"),
    ]

    @Test("Cells per character", arguments: cellCases)
    func cells(_ cellCase: CellCase) {
        #expect(MonospaceTextLayout.cellCount(of: cellCase.character) == cellCase.cells)
    }

    @Test("The caret sits before the cluster at the offset, counting wide cells; inside a cluster, at its start")
    func caretRect() {
        let layout = MonospaceTextLayout(characterWidth: 10, lineHeight: 20)
        let text = "a漢e\u{301}😀b"  // cells: a 1, 漢 2, é 1, 😀 2, b 1
        let xs = [0, 1, 2, 3, 4, 5, 6].map { layout.caretRect(forOffset: $0, in: text).minX }
        #expect(xs == [0, 10, 30, 30, 40, 60, 70])
        #expect(layout.caretRect(forOffset: 0, in: text) == Rect(x: 0, y: 0, width: 2, height: 20))
        #expect(layout.caretRect(forOffset: -3, in: text).minX == 0)
        #expect(layout.caretRect(forOffset: Int.max, in: text).minX == 70)
        #expect(layout.caretRect(forOffset: 0, in: "").minX == 0)
    }

    @Test("A point goes to the nearest cluster boundary: the left half of a cell before it, the right half after")
    func offsetClosestToPoint() {
        let layout = MonospaceTextLayout(characterWidth: 10, lineHeight: 20)
        let text = "a漢😀b"
        let offsets = [-50, 0, 4, 6, 14, 19, 21, 34, 36, 44, 46, 56, 500].map {
            layout.offset(closestTo: Point(x: Double($0), y: 7), in: text)
        }
        // a: 0..10, 漢: 10..30, 😀: 30..50, b: 50..60
        #expect(offsets == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4])
        #expect(layout.offset(closestTo: Point(x: .nan, y: 0), in: text) == 0)
        #expect(layout.offset(closestTo: Point(x: .infinity, y: 0), in: text) == 4)
        #expect(layout.offset(closestTo: Point(x: -.infinity, y: 0), in: text) == 0)
        #expect(layout.offset(closestTo: Point(x: 25, y: 0), in: "") == 0)
        #expect(MonospaceTextLayout(characterWidth: 0).offset(closestTo: Point(x: 25, y: 0), in: text) == 0)
    }

    @Test("The rectangles of a range: one on the line from its start's caret to its end's; none when empty")
    func rectsForRange() {
        let layout = MonospaceTextLayout(characterWidth: 8, lineHeight: 16)
        let text = "ab漢字c"
        #expect(layout.rects(for: 1..<4, in: text) == [Rect(x: 8, y: 0, width: 40, height: 16)])
        #expect(layout.rects(for: 2..<2, in: text) == [])
        #expect(layout.rects(for: -9..<Int.max, in: text) == [Rect(x: 0, y: 0, width: 56, height: 16)])
        #expect(layout.rects(for: Int.max..<Int.max, in: text) == [])
        // Ends inside a flag count as its start: 2..<3 is empty, 3..<4 is the second flag.
        #expect(layout.rects(for: 2..<3, in: "🇫🇷🇩🇪") == [])
        #expect(layout.rects(for: 3..<4, in: "🇫🇷🇩🇪") == [Rect(x: 16, y: 0, width: 16, height: 16)])
        #expect(layout.rects(for: 0..<3, in: "🇫🇷🇩🇪") == [Rect(x: 0, y: 0, width: 16, height: 16)])
    }

    @Test("The layout's sizes are its own to set")
    func sizes() {
        let layout = MonospaceTextLayout()
        #expect(layout.characterWidth == 10 && layout.lineHeight == 20 && layout.caretWidth == 2)
        layout.characterWidth = 7
        layout.lineHeight = 14
        #expect(layout.caretRect(forOffset: 1, in: "ab") == Rect(x: 7, y: 0, width: 2, height: 14))
    }
}
