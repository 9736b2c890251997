import InteractionKitLinux
import InteractionKitReplay

/// A compact, three-row "big letters" font drawn with light box-drawing
/// characters, used by ``TerminalPicture`` for the HUD's title.
///
/// It covers `A`–`Z` (lower case is drawn as upper case), `0`–`9`, space and
/// `. , ! ? - ' : + / &`. Glyphs are 1–3 columns wide and letters are set
/// one column apart. In ASCII mode each box-drawing character is mapped to a
/// close ASCII stand-in.
enum SceneBlockFont {
    /// Rows per glyph.
    static let height = 3
    /// Blank columns between two glyphs.
    static let spacing = 1

    /// The glyph rows of every supported character (all rows of one glyph
    /// have the same number of characters).
    static let glyphs: [Character: [String]] = [
        "A": ["╭─╮", "├─┤", "╵ ╵"],
        "B": ["┌─╮", "├─┤", "└─╯"],
        "C": ["╭╴", "│ ", "╰╴"],
        "D": ["┌─╮", "│ │", "└─╯"],
        "E": ["┌╴", "├╴", "└╴"],
        "F": ["┌╴", "├╴", "╵ "],
        "G": ["╭─╴", "│╶┐", "╰─┘"],
        "H": ["╷ ╷", "├─┤", "╵ ╵"],
        "I": ["╷", "│", "╵"],
        "J": [" ╷", " │", "╰┘"],
        "K": ["╷ ╱", "├┤ ", "╵ ╲"],
        "L": ["╷ ", "│ ", "└╴"],
        "M": ["╭┬╮", "│││", "╵╵╵"],
        "N": ["╭╮╷", "│││", "╵╰╯"],
        "O": ["╭─╮", "│ │", "╰─╯"],
        "P": ["┌─╮", "├─╯", "╵  "],
        "Q": ["╭─╮", "│ │", "╰─╲"],
        "R": ["┌─╮", "├┬╯", "╵╰╴"],
        "S": ["╭╴", "╰╮", "╶╯"],
        "T": ["╶┬╴", " │ ", " ╵ "],
        "U": ["╷ ╷", "│ │", "╰─╯"],
        "V": ["╷ ╷", "╲ ╱", " ╵ "],
        "W": ["╷╷╷", "│││", "╰┴╯"],
        "X": ["╲ ╱", " ╳ ", "╱ ╲"],
        "Y": ["╷ ╷", "╰┬╯", " ╵ "],
        "Z": ["╶─┐", " ╱ ", "└─╴"],
        "0": ["╭─╮", "│╱│", "╰─╯"],
        "1": ["╶┐ ", " │ ", "╶┴╴"],
        "2": ["╶─╮", "╭─╯", "╰─╴"],
        "3": ["╶─╮", " ─┤", "╶─╯"],
        "4": ["╷ ╷", "╰─┤", "  ╵"],
        "5": ["┌─╴", "╰─╮", "╶─╯"],
        "6": ["╭─╴", "├─╮", "╰─╯"],
        "7": ["╶─┐", "  │", "  ╵"],
        "8": ["╭─╮", "├─┤", "╰─╯"],
        "9": ["╭─╮", "╰─┤", "╶─╯"],
        " ": [" ", " ", " "],
        ".": [" ", " ", "·"],
        ",": [" ", " ", "╯"],
        "!": ["╷", "╵", "·"],
        "?": ["╶─╮", " ╭╯", " · "],
        "-": ["  ", "──", "  "],
        "'": ["╷", " ", " "],
        ":": [" ", "·", "·"],
        "+": ["   ", "╶┼╴", "   "],
        "/": ["  ╱", " ╱ ", "╱  "],
        "&": ["╭╮ ", "╭┼╴", "╰┴╴"],
    ]

    /// ASCII stand-ins for the box-drawing characters used by the glyphs.
    static let asciiStandIns: [Character: Character] = [
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "├": "|", "┤": "|", "┬": "+", "┴": "+", "┼": "+",
        "╭": ".", "╮": ".", "╰": "'", "╯": "'",
        "╴": "-", "╶": "-", "╵": "|", "╷": "|",
        "╱": "/", "╲": "\\", "╳": "X", "·": ".",
    ]

    /// The glyph for `character` (lower-case ASCII letters use their upper-case
    /// glyph), or `nil` when the font has none.
    static func glyph(for character: Character) -> [String]? {
        var key = character
        if let ascii = character.asciiValue, ascii >= 97, ascii <= 122 {
            key = Character(Unicode.Scalar(ascii - 32))
        }
        return glyphs[key]
    }

    /// The width in columns of `word` set in this font, or `nil` when a
    /// character has no glyph.
    static func width(of word: [Character]) -> Int? {
        var total = 0
        for (index, character) in word.enumerated() {
            guard let rows = glyph(for: character), let first = rows.first else { return nil }
            total += first.count + (index > 0 ? spacing : 0)
        }
        return total
    }

    /// `text` set in this font: ``height`` rows of equal length, or `nil` when
    /// a character has no glyph.
    static func render(_ text: [Character], ascii: Bool) -> [[Character]]? {
        var rows = Array(repeating: [Character](), count: height)
        for (index, character) in text.enumerated() {
            guard let glyphRows = glyph(for: character), glyphRows.count == height else { return nil }
            for row in 0..<height {
                if index > 0 { rows[row] += Array(repeating: " ", count: spacing) }
                for cell in glyphRows[row] {
                    rows[row].append(ascii ? (asciiStandIns[cell] ?? cell) : cell)
                }
            }
        }
        return rows
    }
}
