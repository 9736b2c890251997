/// A text layout on a grid of equal cells, as a terminal draws text: the
/// default `TextLayout`, so that tests, the Demo and toolkits without a
/// text renderer of their own work out of the box.
///
/// Each grapheme cluster takes one cell of `characterWidth`, or two when it
/// is wide: a character whose East_Asian_Width is Wide or Fullwidth (CJK
/// ideographs, kana, Hangul syllables, full-width forms) or an emoji (one
/// with Emoji_Presentation, or a cluster with a variation selector 16, a
/// zero-width joiner after an emoji, or a pair of regional indicators: a
/// flag). Combining marks add nothing to their cluster. The line is laid
/// out in logical order, left to right, starting at x = 0 on a line
/// `lineHeight` tall at y = 0; a toolkit that lays out right-to-left
/// runs supplies its own `TextLayout`.
///
/// Reading a position walks the text up to it: the layout keeps no state.
@MainActor
public final class MonospaceTextLayout: TextLayout {
    /// The width of one cell, in points.
    public var characterWidth: Double
    /// The height of the line, in points.
    public var lineHeight: Double
    /// The width of the caret's rectangle, in points (UIKit draws a 2-point caret).
    public var caretWidth: Double

    /// Creates a layout with cells `characterWidth` wide on a line `lineHeight` tall.
    public init(characterWidth: Double = 10, lineHeight: Double = 20, caretWidth: Double = 2) {
        self.characterWidth = characterWidth
        self.lineHeight = lineHeight
        self.caretWidth = caretWidth
    }

    /// The caret's rectangle before the cluster at `offset` (clamped and
    /// moved to its cluster's start): `caretWidth` wide, starting at the
    /// boundary, the line's height.
    public func caretRect(forOffset offset: Int, in text: String) -> Rect {
        let x = Double(cells(before: offset, in: text)) * characterWidth
        return Rect(x: x, y: 0, width: caretWidth, height: lineHeight)
    }

    /// The cluster boundary nearest to `point` along the line: before a
    /// cluster whose left half holds the point, after one whose right half
    /// does; 0 left of the text and the end right of it.
    public func offset(closestTo point: Point, in text: String) -> Int {
        guard characterWidth > 0, point.x.isFinite else { return point.x == .infinity ? text.unicodeScalars.count : 0 }
        let column = point.x / characterWidth
        var offset = 0
        var cellsBefore = 0
        for character in text {
            let width = MonospaceTextLayout.cellCount(of: character)
            if column < Double(cellsBefore) + Double(width) / 2 { return offset }
            cellsBefore += width
            offset += character.unicodeScalars.count
        }
        return offset
    }

    /// One rectangle from the caret position of the range's start to that
    /// of its end (each clamped and moved to its cluster's start); none
    /// for a range that is empty once clamped.
    public func rects(for range: Range<Int>, in text: String) -> [Rect] {
        let start = cells(before: range.lowerBound, in: text)
        let end = cells(before: range.upperBound, in: text)
        guard end > start else { return [] }
        return [Rect(x: Double(start) * characterWidth, y: 0, width: Double(end - start) * characterWidth, height: lineHeight)]
    }

    /// The cells the clusters before `offset` take, counting a cluster that `offset` falls inside as not before it.
    private func cells(before offset: Int, in text: String) -> Int {
        var scalarsBefore = 0
        var cellsBefore = 0
        for character in text {
            let scalarCount = character.unicodeScalars.count
            if scalarsBefore + scalarCount > offset { break }
            scalarsBefore += scalarCount
            cellsBefore += MonospaceTextLayout.cellCount(of: character)
        }
        return cellsBefore
    }

    /// How many cells `character` takes: 2 for a wide character or an emoji, else 1.
    public nonisolated static func cellCount(of character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 1 }
        if first.value < 0x1100 && character.unicodeScalars.count == 1 { return 1 }
        if isWide(first) || first.properties.isEmojiPresentation { return 2 }
        var previousIsIndicator = GraphemeBreaks.isRegionalIndicator(first.value)
        let startsWithEmoji = first.properties.isEmoji
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0xFE0F: return 2
            case 0x200D where startsWithEmoji: return 2
            case 0x1F1E6...0x1F1FF where previousIsIndicator: return 2
            default: break
            }
            previousIsIndicator = GraphemeBreaks.isRegionalIndicator(scalar.value)
        }
        return 1
    }

    /// Whether `scalar`'s East_Asian_Width is Wide or Fullwidth.
    nonisolated static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        // Binary search over the ranges' first code points.
        var low = 0
        var high = eastAsianWideRanges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if eastAsianWideRanges[middle * 2 + 1] < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < eastAsianWideRanges.count / 2 && eastAsianWideRanges[low * 2] <= value
    }
}
