// Sentence boundaries, simply: a sentence runs to a terminator (`.`, `!`,
// `?`, and their full-width and CJK forms) followed by a space, with the
// closing quotes or brackets after the terminator and the spaces that
// follow; or to a line break. The CJK terminators need no space. A lookup
// reads from the previous boundary to the next one.

/// Sentence boundaries of an array of scalars.
enum SentenceBreaks {
    private static func isTerminator(_ value: UInt32) -> Bool {
        switch value {
        case 0x21, 0x2E, 0x3F, 0x2026, 0x203C, 0x2047...0x2049, 0xFF01, 0xFF0E, 0xFF1F: true
        default: false
        }
    }

    /// The CJK terminators, which end a sentence without a space after them.
    private static func isSpacelessTerminator(_ value: UInt32) -> Bool {
        value == 0x3002 || value == 0xFF01 || value == 0xFF1F || value == 0xFF61
    }

    private static func isCloser(_ value: UInt32) -> Bool {
        switch value {
        case 0x22, 0x27, 0x29, 0x5D, 0x7D, 0xBB, 0x2019, 0x201D, 0x203A, 0x300D, 0x300F, 0xFF09: true
        default: false
        }
    }

    private static func isSpace(_ value: UInt32) -> Bool {
        value == 0x20 || value == 0x09 || value == 0xA0 || value == 0x3000 || (0x2000...0x200A).contains(value)
    }

    private static func isLineBreak(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x0B || value == 0x0C || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// Whether a sentence starts at `position` (0 < position < count).
    private static func startsSentence(at position: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let value = scalars[position].value
        if isSpace(value) { return false }
        let previous = scalars[position - 1].value
        if isLineBreak(previous) { return !(previous == 0x0D && value == 0x0A) }
        if isLineBreak(value) { return false }
        var index = position - 1
        var sawSpace = false
        while index >= 0 && isSpace(scalars[index].value) {
            sawSpace = true
            index -= 1
        }
        while index >= 0 && isCloser(scalars[index].value) { index -= 1 }
        guard index >= 0 else { return false }
        let last = scalars[index].value
        if sawSpace { return isTerminator(last) || isSpacelessTerminator(last) }
        // Without a space, only a CJK terminator ends a sentence, before what does not continue its end.
        return isSpacelessTerminator(last) && !isTerminator(value) && !isSpacelessTerminator(value) && !isCloser(value)
    }

    /// The sentence that holds the scalar at `offset` (the last one at or
    /// past the end); nil for an empty text.
    static func sentenceRange(enclosing offset: Int, in scalars: [Unicode.Scalar]) -> Range<Int>? {
        guard !scalars.isEmpty else { return nil }
        let target = min(max(offset, 0), scalars.count - 1)
        var start = target
        while start > 0 && !startsSentence(at: start, in: scalars) { start -= 1 }
        var end = target + 1
        while end < scalars.count && !startsSentence(at: end, in: scalars) { end += 1 }
        return start..<end
    }
}
