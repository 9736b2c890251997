/// A node's text as assistive technologies read and edit it: what the
/// AT-SPI export's `Text` and `EditableText` interfaces answer from.
///
/// A text field conforms (editable, its committed text: marked text is not
/// read until it is committed, and a secure field reads as bullets), and so
/// does a label (read-only). Offsets count Unicode scalars of
/// `accessibilityTextBuffer`'s text, as AT-SPI counts characters.
@MainActor
public protocol AccessibilityTextContent: AnyObject {
    /// The text as read, with its caret and selection: committed text only,
    /// and one bullet per grapheme for secure text.
    var accessibilityTextBuffer: TextEditingBuffer { get }
    /// Whether people edit the text (an entry) rather than only read it (a label).
    var accessibilityTextIsEditable: Bool { get }
    /// Whether the characters are hidden (secure entry): exported as `password text`.
    var accessibilityTextIsSecure: Bool { get }
    /// The text shown while the text is empty, if any (`placeholder-text`).
    var accessibilityPlaceholderText: String? { get }
    /// The rectangles, in window coordinates, that `range` of the text
    /// covers (one per line); for an empty range, the caret's rectangle there.
    func accessibilityTextRects(for range: Range<Int>) -> [Rect]
    /// The offset nearest to `point`, in window coordinates.
    func accessibilityTextOffset(closestTo point: Point) -> Int
    /// Selects from `anchor` to `caret` (a caret when they are equal) for an
    /// assistive technology; false when the text takes no selection.
    func accessibilitySelectText(anchor: Int, caret: Int) -> Bool
    /// Replaces `range` with `text` as a user edit would (the delegate is
    /// asked, the change announced); false when refused (not editable,
    /// disabled, or the delegate said no).
    func accessibilityReplaceText(in range: Range<Int>, with text: String) -> Bool
}

extension AccessibilityNode {
    /// Tells the observers of the node's window that its text changed by
    /// `replacement` (a `.text` change carrying it; bullets for secure
    /// text); a text field calls it after each change of its committed text.
    public func accessibilityTextDidChange(_ replacement: TextReplacement) {
        accessibilityWindow?.postAccessibilityNotification(.text, for: self, textReplacement: replacement)
    }
}
