/// The state of a text being edited, as a value: the text as Unicode
/// scalars with random access, the selection, and the marked text, with
/// every editing operation of rules T2, T3 and T5.
///
/// A text field keeps one and forwards to it; each mutating operation
/// returns what it changed (`TextEditingChange`), so that the field's
/// delegate calls, its control events, the AT-SPI text events and a
/// transcript are all driven from the result. The buffer asks nobody:
/// the field asks its delegate first and calls the operation if allowed.
///
/// ```swift
/// var buffer = TextEditingBuffer("cat")         // caret at the end
/// buffer.move(.word(.backward))                  // caret 0
/// let change = buffer.insert("a ")               // "a cat", caret 2
/// change.replacement?.insertedRange              // 0..<2
/// ```
///
/// Offsets count Unicode scalars. Every offset or range given is clamped
/// to the text (negative, past the end, `Int.max`) and, for a selection
/// end, moved out of a grapheme cluster to the cluster's start; an
/// inverted pair of ends (`text(from:to:)`, `select(anchor:caret:)`) is
/// taken in either order. Nothing here traps on bad input.
///
/// Motions are logical (`TextDirection`): on a right-to-left line the
/// caller swaps Left and Right before asking.
///
/// - Complexity: Caret motions, boundary lookups and typing read only
///   around their offset (a lookup scans back to a position that surely
///   starts a cluster or a word) and allocate nothing but the edit's own
///   storage; an edit moves the scalars after it, as an array insert does.
///   `text` builds a string of the whole text.
public struct TextEditingBuffer: Hashable, Sendable, CustomStringConvertible {
    /// The text, one element per scalar.
    var scalars: [Unicode.Scalar]
    /// The selection; both ends within the text, on cluster boundaries.
    public internal(set) var selection: TextSelection
    /// The marked text, if a composition is under way.
    public internal(set) var markedText: MarkedText?

    /// Creates a buffer holding `text`, with the caret at its end (as setting a field's text from code does).
    public init(_ text: String = "") {
        scalars = Array(text.unicodeScalars)
        selection = TextSelection(caret: scalars.count)
        assert(invariantsHold)
    }

    // MARK: Reading

    /// The whole text, marked text included; builds a string of it.
    public var text: String { String(scalars: scalars[...]) }
    /// The number of Unicode scalars in the text.
    public var count: Int { scalars.count }
    /// Whether the text is empty.
    public var isEmpty: Bool { scalars.isEmpty }
    /// The selected range; empty for a caret.
    public var selectedRange: Range<Int> { selection.range }
    /// The caret: the selection's moving end.
    public var caretOffset: Int { selection.caret }
    /// The marked text's range, if any.
    public var markedRange: Range<Int>? { markedText?.range }

    /// The scalar at `offset`, or nil outside the text.
    public func scalar(at offset: Int) -> Unicode.Scalar? {
        offset >= 0 && offset < scalars.count ? scalars[offset] : nil
    }

    /// The text in `range`, clamped to the text (never snapped: a range
    /// inside a cluster reads its scalars).
    public func text(in range: Range<Int>) -> String {
        String(scalars: scalars[clampedScalarRange(range)])
    }

    /// The text between two offsets given in either order, clamped (AT-SPI's `GetText`).
    public func text(from start: Int, to end: Int) -> String {
        text(in: clampedScalarRange(from: start, to: end))
    }

    /// The text, with the caret as `|`, a selection in `[` `]` and marked
    /// text in `{` `}`: `ca|t`, `[ca]t`, `{ka|}`.
    public var description: String {
        var result = ""
        let selected = selection.range
        let marked = markedText?.range
        for offset in 0...scalars.count {
            // Closers first (inner before outer), then the caret, then openers (outer before inner).
            if !selected.isEmpty && selected.upperBound == offset { result += "]" }
            if let marked, !marked.isEmpty, marked.upperBound == offset { result += "}" }
            if selected.isEmpty && selected.lowerBound == offset { result += "|" }
            if let marked, !marked.isEmpty, marked.lowerBound == offset { result += "{" }
            if !selected.isEmpty && selected.lowerBound == offset { result += "[" }
            if offset < scalars.count { result.unicodeScalars.append(scalars[offset]) }
        }
        return result
    }

    // MARK: Offsets

    /// `offset` clamped to the text, without snapping.
    func clampedScalarOffset(_ offset: Int) -> Int {
        min(max(offset, 0), scalars.count)
    }

    /// `range` clamped to the text, without snapping.
    func clampedScalarRange(_ range: Range<Int>) -> Range<Int> {
        clampedScalarOffset(range.lowerBound)..<clampedScalarOffset(range.upperBound)
    }

    /// The range between two offsets in either order, clamped, without snapping.
    func clampedScalarRange(from start: Int, to end: Int) -> Range<Int> {
        let lower = clampedScalarOffset(start)
        let upper = clampedScalarOffset(end)
        return min(lower, upper)..<max(lower, upper)
    }

    /// `offset` clamped to the text and moved out of a grapheme cluster to
    /// the cluster's start: where a caret given `offset` goes.
    public func clampedOffset(_ offset: Int) -> Int {
        GraphemeBreaks.clusterStart(containing: clampedScalarOffset(offset), in: scalars)
    }

    /// `range` with both ends clamped and moved to their clusters' starts.
    public func clampedRange(_ range: Range<Int>) -> Range<Int> {
        clampedRange(from: range.lowerBound, to: range.upperBound)
    }

    /// The range between two offsets in either order, each clamped and
    /// moved to its cluster's start.
    public func clampedRange(from start: Int, to end: Int) -> Range<Int> {
        let lower = clampedOffset(start)
        let upper = clampedOffset(end)
        return min(lower, upper)..<max(lower, upper)
    }

    /// `offset` clamped, and moved out of a cluster to the cluster's end.
    func clampedOffsetRoundingUp(_ offset: Int) -> Int {
        let clamped = clampedScalarOffset(offset)
        return GraphemeBreaks.isBoundary(clamped, in: scalars) ? clamped : GraphemeBreaks.boundary(after: clamped, in: scalars)
    }

    /// Whether `offset` is a grapheme-cluster boundary (the start and the end of the text are).
    public func isGraphemeBoundary(_ offset: Int) -> Bool {
        GraphemeBreaks.isBoundary(offset, in: scalars)
    }

    /// The last cluster boundary before `offset` (clamped); 0 at the start.
    public func graphemeBoundary(before offset: Int) -> Int {
        GraphemeBreaks.boundary(before: clampedScalarOffset(offset), in: scalars)
    }

    /// The first cluster boundary after `offset` (clamped); the end at the end.
    public func graphemeBoundary(after offset: Int) -> Int {
        GraphemeBreaks.boundary(after: clampedScalarOffset(offset), in: scalars)
    }

    /// The start of the last word that starts before `offset` (Ctrl+Left's target); 0 when none does.
    public func previousWordStart(before offset: Int) -> Int {
        clampedOffset(WordBreaks.previousWordStart(before: clampedScalarOffset(offset), in: scalars))
    }

    /// The end of the first word that ends after `offset` (Ctrl+Right's target); the text's end when none does.
    public func nextWordEnd(after offset: Int) -> Int {
        clampedOffsetRoundingUp(WordBreaks.nextWordEnd(after: clampedScalarOffset(offset), in: scalars))
    }

    /// The start of the first word that starts after `offset`; the text's end when none does.
    public func nextWordStart(after offset: Int) -> Int {
        clampedOffsetRoundingUp(WordBreaks.nextWordStart(after: clampedScalarOffset(offset), in: scalars))
    }

    /// The end of the last word that ends before `offset`; 0 when none does.
    public func previousWordEnd(before offset: Int) -> Int {
        clampedOffset(WordBreaks.previousWordEnd(before: clampedScalarOffset(offset), in: scalars))
    }

    /// Where `motion` takes a caret at `offset` (clamped and snapped first).
    public func offset(moving motion: TextMotion, from offset: Int) -> Int {
        let start = clampedOffset(offset)
        switch motion {
        case .character(.backward): return graphemeBoundary(before: start)
        case .character(.forward): return graphemeBoundary(after: start)
        case .word(.backward): return previousWordStart(before: start)
        case .word(.forward): return nextWordEnd(after: start)
        case .edge(.backward): return 0
        case .edge(.forward): return scalars.count
        }
    }

    /// The unit of `granularity` that holds the character at `offset`
    /// (clamped; at the end, the last character), or nil when there is
    /// none: a word range is nil in spaces and punctuation, except right
    /// after a word, where it is that word. An empty text has no
    /// character, word or sentence, and one empty line.
    public func range(enclosing offset: Int, granularity: TextGranularity) -> Range<Int>? {
        switch granularity {
        case .character:
            guard !scalars.isEmpty else { return nil }
            let start = clampedOffset(min(clampedScalarOffset(offset), scalars.count - 1))
            return start..<graphemeBoundary(after: start)
        case .word:
            guard let word = WordBreaks.wordRange(enclosing: clampedScalarOffset(offset), in: scalars) else { return nil }
            return clampedOffset(word.lowerBound)..<clampedOffsetRoundingUp(word.upperBound)
        case .sentence:
            guard let sentence = SentenceBreaks.sentenceRange(enclosing: clampedScalarOffset(offset), in: scalars) else {
                return nil
            }
            return clampedOffset(sentence.lowerBound)..<clampedOffsetRoundingUp(sentence.upperBound)
        case .line, .paragraph, .document:
            return 0..<scalars.count
        }
    }

    // MARK: Code-unit offsets

    /// The UTF-8 offset of a scalar offset, clamped to the text.
    public func utf8Offset(forScalarOffset offset: Int) -> Int {
        TextOffsets.codeUnitOffset(forScalarOffset: offset, in: scalars, unitWidth: TextOffsets.utf8Width)
    }

    /// The scalar offset of a UTF-8 offset, clamped; inside a scalar's bytes, that scalar's start.
    public func scalarOffset(forUTF8Offset offset: Int) -> Int {
        TextOffsets.scalarOffset(forCodeUnitOffset: offset, in: scalars, unitWidth: TextOffsets.utf8Width)
    }

    /// The UTF-16 offset of a scalar offset, clamped to the text.
    public func utf16Offset(forScalarOffset offset: Int) -> Int {
        TextOffsets.codeUnitOffset(forScalarOffset: offset, in: scalars, unitWidth: TextOffsets.utf16Width)
    }

    /// The scalar offset of a UTF-16 offset, clamped; between a surrogate pair's halves, that scalar's start.
    public func scalarOffset(forUTF16Offset offset: Int) -> Int {
        TextOffsets.scalarOffset(forCodeUnitOffset: offset, in: scalars, unitWidth: TextOffsets.utf16Width)
    }

    // MARK: Invariants

    /// Whether the selection lies within the text on cluster boundaries and the marked range within the text.
    var invariantsHold: Bool {
        for end in [selection.anchor, selection.caret] where !GraphemeBreaks.isBoundary(end, in: scalars) {
            return false
        }
        if let marked = markedText?.range, marked.lowerBound < 0 || marked.upperBound > scalars.count {
            return false
        }
        return true
    }
}

extension String {
    /// A string of `scalars`, encoded once into storage of the right size
    /// (a small string, stored inline, when it fits).
    init(scalars: ArraySlice<Unicode.Scalar>) {
        var byteCount = 0
        for scalar in scalars { byteCount += UTF8.width(scalar) }
        self.init(unsafeUninitializedCapacity: byteCount) { bytes in
            var index = 0
            for scalar in scalars {
                let value = scalar.value
                switch value {
                case 0..<0x80:
                    bytes[index] = UInt8(value)
                    index += 1
                case 0x80..<0x800:
                    bytes[index] = UInt8(0xC0 | (value >> 6))
                    bytes[index + 1] = UInt8(0x80 | (value & 0x3F))
                    index += 2
                case 0x800..<0x10000:
                    bytes[index] = UInt8(0xE0 | (value >> 12))
                    bytes[index + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    bytes[index + 2] = UInt8(0x80 | (value & 0x3F))
                    index += 3
                default:
                    bytes[index] = UInt8(0xF0 | (value >> 18))
                    bytes[index + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
                    bytes[index + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    bytes[index + 3] = UInt8(0x80 | (value & 0x3F))
                    index += 4
                }
            }
            return index
        }
    }
}
