import Testing
@testable import InteractionKitPictures
import InteractionKitReplay
import InteractionKitLinux

@Suite("Text fields in the pictures: text, placeholder, caret, selection, marked text and the loupe")
struct FieldPictureTests {
    private static func rows(_ snapshot: SceneSnapshot, ascii: Bool = false) -> [String] {
        // The caption line (its first) is left out: it quotes the field.
        TerminalPicture.render(snapshot, columns: 60, ascii: ascii).split(separator: "\n").dropFirst().map(String.init)
    }

    @Test("The terminal draws each field as a box: a selection in brackets, the placeholder in guillemets, marked text in braces")
    func terminalMarks() {
        let rows = Self.rows(Fixtures.fields())
        #expect(rows.contains { $0.contains("│ [cats] and dogs") })
        #expect(rows.contains { $0.contains("│ ‹Your name›") })
        #expect(rows.contains { $0.contains("│ ••{•}|") })
        #expect(!rows.contains { $0.contains("╭") }, "no loupe without a finger held")
        let ascii = Self.rows(Fixtures.fields(), ascii: true)
        #expect(ascii.contains { $0.contains("| <Your name>") })
        let allASCII = ascii.joined().unicodeScalars.allSatisfy { $0.isASCII }
        #expect(allASCII)
    }

    @Test("An empty field being edited shows its caret before the placeholder; a field not edited shows no caret")
    func caretBeforePlaceholder() {
        var snapshot = Fixtures.fields()
        snapshot.fields[1].isEditing = true
        snapshot.fields[0].isEditing = false
        let rows = Self.rows(snapshot)
        #expect(rows.contains { $0.contains("│ |‹Your name›") })
        #expect(rows.contains { $0.contains("│ cats and dogs ") })
        #expect(!rows.contains { $0.contains("[cats]") || $0.contains("dogs|") })
    }

    @Test("A text longer than its box shows the part around the caret, cut with an ellipsis")
    func longTextScrolls() {
        var snapshot = Fixtures.fields()
        let long = String(repeating: "abcdefghij", count: 20) + "END"
        snapshot.fields[0].text = long
        snapshot.fields[0].selection = long.unicodeScalars.count..<long.unicodeScalars.count
        let rows = Self.rows(snapshot)
        let line = rows.first { $0.contains("END|") }
        #expect(line != nil, "the caret at the end stays in view")
        #expect(line?.contains("…") == true)
        #expect(rows.allSatisfy { $0.count == 60 + 4 || $0.count == 60 || $0.count <= 64 })
    }

    @Test("The loupe is a round box above the finger with the text around the caret spread out")
    func terminalLoupe() throws {
        let rows = Self.rows(Fixtures.fields(loupe: true))
        #expect(rows.contains { $0.contains("╭") && $0.contains("╮") })
        #expect(rows.contains { $0.contains("c a t s |   a n") })
        let top = rows.firstIndex { $0.contains("╭") } ?? 0
        let field = try #require(rows.firstIndex { $0.contains("and dogs") }, "the finger covers a letter, not the line")
        #expect(top < field, "the lens is drawn above the finger")
    }

    @Test("The SVG draws the field's text in a monospaced face, its selection, caret, marked underline and loupe")
    func svg() {
        let svg = SVGPicture.render(Fixtures.fields(loupe: true))
        #expect(svg.contains("<g id=\"fields\">"))
        #expect(svg.contains("font-family=\"monospace\""))
        #expect(svg.contains(">cats and dogs</text>"))
        #expect(svg.contains(">Your name</text>"), "the placeholder")
        #expect(svg.contains("fill=\"#b3d7ff\""), "the selection")
        #expect(svg.contains("<line "), "marked text is underlined")
        #expect(svg.contains("<g id=\"loupe\">"))
        let plain = SVGPicture.render(Fixtures.fields())
        #expect(!plain.contains("id=\"loupe\""))
        // The selection of "cats": 4 cells of 10 points from the text inset.
        #expect(svg.contains("x=\"24\" y=\"212\" width=\"40\""))
    }
}
