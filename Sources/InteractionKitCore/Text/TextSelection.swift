/// A selection in a text, as its two ends: the anchor, where it was
/// started, and the caret, its moving end (rule T3's Shift+arrow moves the
/// caret and keeps the anchor).
///
/// An empty selection (anchor and caret at one offset) is a caret. The
/// range and the direction follow from the two ends, so they cannot
/// disagree. Offsets count Unicode scalars; `TextEditingBuffer` keeps both
/// ends within its text and on grapheme-cluster boundaries.
public struct TextSelection: Hashable, Sendable, CustomStringConvertible {
    /// The fixed end: where the selection was started.
    public let anchor: Int
    /// The moving end, where the caret is drawn.
    public let caret: Int

    /// Creates a selection from its anchor to its caret, in either order.
    public init(anchor: Int, caret: Int) {
        self.anchor = anchor
        self.caret = caret
    }

    /// Creates an empty selection: a caret at `caret`.
    public init(caret: Int) {
        self.init(anchor: caret, caret: caret)
    }

    /// The selected range, from the lower end to the upper one.
    public var range: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    /// Whether the selection is a caret.
    public var isEmpty: Bool { anchor == caret }

    /// `caret 3`, or `3→5` from the anchor to the caret.
    public var description: String { isEmpty ? "caret \(caret)" : "\(anchor)→\(caret)" }
}

/// Marked text (an input method's preedit) in a `TextEditingBuffer`, with
/// what its composition replaced, so that committing it is one user edit
/// and cancelling it restores the text as it was.
public struct MarkedText: Hashable, Sendable {
    /// The marked text's range in the current text.
    public let range: Range<Int>
    /// The text the composition replaced when it began (the selection then; empty for a caret).
    public let replacedText: String
    /// How many scalars `replacedText` holds.
    public let replacedCount: Int
    /// The selection before the composition began, which a cancel restores.
    public let selectionBefore: TextSelection

    /// The range the composition replaced, in the text as it was: the
    /// range of a commit's single user edit (rule T5).
    public var replacedRange: Range<Int> { range.lowerBound..<(range.lowerBound + replacedCount) }
}

/// One replacement of text: what was removed, where, and what came in.
///
/// The AT-SPI export reports it as a delete of `removedText` at
/// `range.lowerBound` (when not empty), then an insert of `insertedText`
/// there (when not empty), as GTK does.
public struct TextReplacement: Hashable, Sendable {
    /// The replaced range, in the text before the change.
    public let range: Range<Int>
    /// The text that was in `range`.
    public let removedText: String
    /// The text put in its place.
    public let insertedText: String
    /// How many scalars `insertedText` holds.
    public let insertedCount: Int

    /// Creates a replacement of `range`'s `removedText` by `insertedText` (counted when `insertedCount` is nil).
    public init(range: Range<Int>, removedText: String, insertedText: String, insertedCount: Int? = nil) {
        self.range = range
        self.removedText = removedText
        self.insertedText = insertedText
        self.insertedCount = insertedCount ?? insertedText.unicodeScalars.count
    }

    /// Where the inserted text is, in the text after the change.
    public var insertedRange: Range<Int> { range.lowerBound..<(range.lowerBound + insertedCount) }
}

/// What one operation on a `TextEditingBuffer` changed: the text, the
/// selection and the marked text, before and after.
///
/// Enough to drive a text field's delegate calls and control events, the
/// AT-SPI export's text-changed and caret events, and a transcript,
/// without comparing texts.
public struct TextEditingChange: Hashable, Sendable {
    /// The replacement of text, or nil when the text did not change.
    public let replacement: TextReplacement?
    /// The selection before the operation.
    public let oldSelection: TextSelection
    /// The selection after it.
    public let newSelection: TextSelection
    /// The marked range before the operation.
    public let oldMarkedRange: Range<Int>?
    /// The marked range after it.
    public let newMarkedRange: Range<Int>?

    /// Creates a record of a change.
    public init(
        replacement: TextReplacement?, oldSelection: TextSelection, newSelection: TextSelection,
        oldMarkedRange: Range<Int>? = nil, newMarkedRange: Range<Int>? = nil
    ) {
        self.replacement = replacement
        self.oldSelection = oldSelection
        self.newSelection = newSelection
        self.oldMarkedRange = oldMarkedRange
        self.newMarkedRange = newMarkedRange
    }

    /// Whether the text changed.
    public var textDidChange: Bool { replacement != nil }
    /// Whether the selection changed (its offsets, or which end is the caret).
    public var selectionDidChange: Bool { oldSelection != newSelection }
    /// Whether the caret moved (AT-SPI's text-caret-moved).
    public var caretDidMove: Bool { oldSelection.caret != newSelection.caret }
    /// Whether the marked text began, ended, or changed its range.
    public var markedRangeDidChange: Bool { oldMarkedRange != newMarkedRange }
    /// Whether anything changed at all.
    public var didChange: Bool { textDidChange || selectionDidChange || markedRangeDidChange }
}
