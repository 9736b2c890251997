// The operations that change a buffer: selecting, moving the caret,
// typing, deleting, replacing, and marked text. Each returns what it
// changed. Every operation but `setMarkedText` and `insert` first commits
// marked text (it stays in the text, unmarked), as an input method's
// composition ends when the caret leaves it; `insert` replaces it, as
// UIKit's `insertText` does.

extension TextEditingBuffer {
    // MARK: Selection

    /// Selects `range` (clamped, each end moved to its cluster's start), with the caret at its upper end.
    @discardableResult
    public mutating func select(_ range: Range<Int>) -> TextEditingChange {
        select(anchor: range.lowerBound, caret: range.upperBound)
    }

    /// Selects from `anchor` to `caret` (either order; each clamped and moved to its cluster's start).
    @discardableResult
    public mutating func select(anchor: Int, caret: Int) -> TextEditingChange {
        let before = snapshot()
        markedText = nil
        selection = TextSelection(anchor: clampedOffset(anchor), caret: clampedOffset(caret))
        return change(since: before, replacement: nil)
    }

    /// Puts the caret at `offset` (clamped, moved to its cluster's start), selecting nothing.
    @discardableResult
    public mutating func setCaret(_ offset: Int) -> TextEditingChange {
        select(anchor: offset, caret: offset)
    }

    /// Selects the whole text, the caret at the end (Ctrl+A).
    @discardableResult
    public mutating func selectAll() -> TextEditingChange {
        select(anchor: 0, caret: scalars.count)
    }

    /// Moves the caret by `motion`; with `extendingSelection` the anchor
    /// stays (Shift), without it the selection becomes a caret.
    ///
    /// Without Shift, a character or word motion on a non-empty selection
    /// collapses it to its end in the motion's direction instead of moving
    /// (GTK's rule; UIKit's for Left and Right), and an edge motion goes to
    /// the edge.
    @discardableResult
    public mutating func move(_ motion: TextMotion, extendingSelection: Bool = false) -> TextEditingChange {
        let before = snapshot()
        markedText = nil
        if extendingSelection {
            selection = TextSelection(anchor: selection.anchor, caret: offset(moving: motion, from: selection.caret))
        } else if !selection.isEmpty {
            switch motion {
            case .character(let direction), .word(let direction):
                selection = TextSelection(caret: direction == .backward ? selection.range.lowerBound : selection.range.upperBound)
            case .edge(let direction):
                selection = TextSelection(caret: direction == .backward ? 0 : scalars.count)
            }
        } else {
            selection = TextSelection(caret: offset(moving: motion, from: selection.caret))
        }
        return change(since: before, replacement: nil)
    }

    /// Collapses the selection to a caret at its lower (`.backward`) or upper (`.forward`) end.
    @discardableResult
    public mutating func collapseSelection(toward direction: TextDirection) -> TextEditingChange {
        let range = selection.range
        return setCaret(direction == .backward ? range.lowerBound : range.upperBound)
    }

    // MARK: Edits

    /// Types `text`: it replaces the marked text if there is any, else the
    /// selection, and the caret goes after it (rule T2; a paste too).
    @discardableResult
    public mutating func insert(_ text: String) -> TextEditingChange {
        let before = snapshot()
        let target = markedText?.range ?? selection.range
        markedText = nil
        return replaceAndPlaceCaret(target, with: text, since: before)
    }

    /// Deletes the selection if there is one, else the text from the
    /// caret to where `motion` takes it: Backspace is `.character(.backward)`,
    /// Delete `.character(.forward)`, Ctrl+Backspace `.word(.backward)`.
    @discardableResult
    public mutating func delete(_ motion: TextMotion) -> TextEditingChange {
        let before = snapshot()
        markedText = nil
        var target = selection.range
        if target.isEmpty {
            let end = offset(moving: motion, from: selection.caret)
            target = min(end, selection.caret)..<max(end, selection.caret)
        }
        return replaceAndPlaceCaret(target, with: "", since: before)
    }

    /// Replaces `range` with `text` (a user edit: a paste, a screen
    /// reader's `InsertText` or `DeleteText`): the range is clamped and
    /// each end moved to its cluster's start; the caret goes after the
    /// inserted text.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with text: String) -> TextEditingChange {
        let before = snapshot()
        markedText = nil
        return replaceAndPlaceCaret(clampedRange(range), with: text, since: before)
    }

    /// Replaces the whole text, as setting a field's `text` from code
    /// does: marked text ends and the caret goes to the end.
    @discardableResult
    public mutating func setText(_ text: String) -> TextEditingChange {
        let before = snapshot()
        markedText = nil
        let replacement = replaceScalars(0..<scalars.count, with: text)
        selection = TextSelection(caret: scalars.count)
        return change(since: before, replacement: replacement)
    }

    // MARK: Marked text

    /// Sets the marked text (rule T5): `text` replaces the current marked
    /// text, or the selection when there is none, and is marked;
    /// `selectedRange`, relative to `text` and clamped to it, becomes the
    /// selection. An empty `text` ends the composition, leaving what it
    /// replaced removed.
    @discardableResult
    public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>) -> TextEditingChange {
        let before = snapshot()
        let target: Range<Int>
        let replacedText: String
        let replacedCount: Int
        let selectionBefore: TextSelection
        if let marked = markedText {
            target = marked.range
            replacedText = marked.replacedText
            replacedCount = marked.replacedCount
            selectionBefore = marked.selectionBefore
        } else {
            target = selection.range
            replacedText = self.text(in: target)
            replacedCount = target.count
            selectionBefore = selection
        }
        let replacement = replaceScalars(target, with: text)
        let markedCount = replacement?.insertedCount ?? 0
        let marked = target.lowerBound..<(target.lowerBound + markedCount)
        if markedCount == 0 {
            markedText = nil
            selection = TextSelection(caret: clampedOffset(marked.lowerBound))
        } else {
            markedText = MarkedText(
                range: marked, replacedText: replacedText, replacedCount: replacedCount, selectionBefore: selectionBefore
            )
            let lower = min(max(selectedRange.lowerBound, 0), markedCount)
            let upper = min(max(selectedRange.upperBound, lower), markedCount)
            selection = TextSelection(
                anchor: clampedOffset(marked.lowerBound + lower), caret: clampedOffset(marked.lowerBound + upper)
            )
        }
        return change(since: before, replacement: replacement)
    }

    /// Commits the marked text: it stays in the text, no longer marked,
    /// and the selection stays where it is.
    @discardableResult
    public mutating func unmarkText() -> TextEditingChange {
        let before = snapshot()
        markedText = nil
        return change(since: before, replacement: nil)
    }

    /// Ends the composition as if it had not happened: the marked text
    /// gives way to the text it replaced, and the selection from before it
    /// comes back (a text field whose delegate refuses the commit).
    @discardableResult
    public mutating func cancelMarkedText() -> TextEditingChange {
        let before = snapshot()
        guard let marked = markedText else { return change(since: before, replacement: nil) }
        markedText = nil
        let replacement = replaceScalars(marked.range, with: marked.replacedText)
        selection = TextSelection(
            anchor: clampedOffset(marked.selectionBefore.anchor), caret: clampedOffset(marked.selectionBefore.caret)
        )
        return change(since: before, replacement: replacement)
    }

    // MARK: Helpers

    private struct Snapshot {
        var selection: TextSelection
        var markedRange: Range<Int>?
    }

    private func snapshot() -> Snapshot {
        Snapshot(selection: selection, markedRange: markedText?.range)
    }

    private func change(since before: Snapshot, replacement: TextReplacement?) -> TextEditingChange {
        assert(invariantsHold, "a text buffer broke its invariants: \(self)")
        return TextEditingChange(
            replacement: replacement, oldSelection: before.selection, newSelection: selection,
            oldMarkedRange: before.markedRange, newMarkedRange: markedText?.range
        )
    }

    /// Replaces `range` (already clamped) with `text` and puts the caret
    /// after it, moved out of a cluster the edit may have made to its end.
    private mutating func replaceAndPlaceCaret(_ range: Range<Int>, with text: String, since before: Snapshot) -> TextEditingChange {
        guard let replacement = replaceScalars(range, with: text) else {
            // Nothing to remove or insert: the selection still becomes a caret at the range's start.
            selection = TextSelection(caret: clampedOffset(range.lowerBound))
            return change(since: before, replacement: nil)
        }
        let end = replacement.insertedRange.upperBound
        selection = TextSelection(caret: replacement.insertedCount > 0 ? clampedOffsetRoundingUp(end) : clampedOffset(end))
        return change(since: before, replacement: replacement)
    }

    /// Replaces the scalars in `range` (within the text) with those of
    /// `text`; nil when both are empty.
    private mutating func replaceScalars(_ range: Range<Int>, with text: String) -> TextReplacement? {
        if range.isEmpty && text.isEmpty { return nil }
        let removed = self.text(in: range)
        let countBefore = scalars.count
        scalars.replaceSubrange(range, with: text.unicodeScalars)
        let inserted = scalars.count - countBefore + range.count
        return TextReplacement(range: range, removedText: removed, insertedText: text, insertedCount: inserted)
    }
}
