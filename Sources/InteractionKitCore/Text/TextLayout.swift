/// Where a toolkit's text rendering puts the characters of a line: the
/// geometry a text field asks for carets, touches and selections.
///
/// Offsets count Unicode scalars in `text`, the displayed text (for a
/// secure field, its bullets). Coordinates are the layout's own, with the
/// origin at the top left of the line's first character: the field adds its
/// insets and its horizontal scroll. Offsets out of range are clamped, and
/// one inside a grapheme cluster counts as the cluster's start.
@MainActor
public protocol TextLayout: AnyObject {
    /// The caret's rectangle before the character at `offset` (after the last one at the end).
    func caretRect(forOffset offset: Int, in text: String) -> Rect
    /// The offset of the grapheme-cluster boundary nearest to `point`.
    func offset(closestTo point: Point, in text: String) -> Int
    /// The rectangles that cover `range` of `text`, one per line it spans; none for an empty range.
    func rects(for range: Range<Int>, in text: String) -> [Rect]
}
