// Word boundaries (UAX #29) in an array of scalars, found locally.
//
// A lookup walks forward from a position that surely starts a word
// segment whatever precedes it (after a space, a line break, or a
// scalar of class Other that no rule joins to what follows), found by
// looking back from the offset: in ordinary text the last space. Between
// there and the offset it applies the rules WB3–WB999 to units of a
// scalar and the Extend, Format and ZWJ scalars that WB4 attaches to it.
// Nothing is allocated; only a run without such a position (one long
// word, a run of flags) is read whole.

/// A span of text between two word boundaries, and whether it is a word.
struct WordSegment: Equatable {
    var range: Range<Int>
    /// Whether it holds a letter, a digit, an ideograph or an emoji, rather than only spaces and punctuation.
    var isWord: Bool
}

/// Word boundaries of an array of scalars.
enum WordBreaks {
    /// A scalar and the Extend, Format and ZWJ scalars after it (WB4).
    private struct Unit {
        var start: Int
        var end: Int
        var wordClass: WordBreakClass
        /// The class of the scalar at `end`, when there is one: the next unit's.
        var nextClass: WordBreakClass?
        var endsWithJoiner: Bool
    }

    private static func unit(at start: Int, headClass: WordBreakClass, in scalars: [Unicode.Scalar]) -> Unit {
        var end = start + 1
        var nextClass: WordBreakClass?
        while end < scalars.count {
            let following = WordBreakClass(scalars[end])
            // WB3a–WB3b come before WB4: nothing attaches to a line break.
            if following.isIgnorable && !headClass.isLineBreak {
                end += 1
            } else {
                nextClass = following
                break
            }
        }
        return Unit(start: start, end: end, wordClass: headClass, nextClass: nextClass,
                    endsWithJoiner: scalars[end - 1].value == 0x200D)
    }

    /// Whether a word boundary lies between the scalars of classes `a` and
    /// `b` whatever precedes `a`: after a line break, a space or an Other
    /// scalar, before anything that WB4 does not attach.
    private static func isUnconditionalBreak(_ a: WordBreakClass, _ b: WordBreakClass) -> Bool {
        if b.isIgnorable { return false }
        switch a {
        case .cr: return b != .lf
        case .lf, .newline, .other, .standaloneLetter, .pictographic: return true
        case .wSegSpace: return b != .wSegSpace
        default: return false
        }
    }

    /// The greatest position at or before `offset` where a word segment surely starts.
    private static func sureStart(atOrBefore offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        var position = min(max(offset, 0), scalars.count - 1)
        guard position > 0 else { return 0 }
        var after = WordBreakClass(scalars[position])
        while position > 0 {
            let before = WordBreakClass(scalars[position - 1])
            if isUnconditionalBreak(before, after) { return position }
            after = before
            position -= 1
        }
        return 0
    }

    /// Whether the rules WB5–WB999 put a boundary between `previous` and
    /// `next` (WB3–WB3d are checked before): `beforePrevious` is the class
    /// of the unit before `previous`, `afterNext` the one after `next`, and
    /// `indicators` the regional indicators in a row that end with `previous`.
    private static func isBreak(
        beforePrevious: WordBreakClass?, previous p: WordBreakClass, next n: WordBreakClass,
        afterNext: WordBreakClass?, indicators: Int
    ) -> Bool {
        let midLetter = n == .midLetter || n.isMidNumLetQ
        let midNumber = n == .midNum || n.isMidNumLetQ
        if p.isLetter && n.isLetter { return false }  // WB5
        if p.isLetter && midLetter && afterNext?.isLetter == true { return false }  // WB6
        if beforePrevious?.isLetter == true && (p == .midLetter || p.isMidNumLetQ) && n.isLetter { return false }  // WB7
        if p == .hebrewLetter && n == .singleQuote { return false }  // WB7a
        if p == .hebrewLetter && n == .doubleQuote && afterNext == .hebrewLetter { return false }  // WB7b
        if beforePrevious == .hebrewLetter && p == .doubleQuote && n == .hebrewLetter { return false }  // WB7c
        if p == .numeric && n == .numeric { return false }  // WB8
        if p.isLetter && n == .numeric { return false }  // WB9
        if p == .numeric && n.isLetter { return false }  // WB10
        if beforePrevious == .numeric && (p == .midNum || p.isMidNumLetQ) && n == .numeric { return false }  // WB11
        if p == .numeric && midNumber && afterNext == .numeric { return false }  // WB12
        if p == .katakana && n == .katakana { return false }  // WB13
        if n == .extendNumLet && (p.isLetter || p == .numeric || p == .katakana || p == .extendNumLet) {
            return false  // WB13a
        }
        if p == .extendNumLet && (n.isLetter || n == .numeric || n == .katakana) { return false }  // WB13b
        if p == .regionalIndicator && n == .regionalIndicator { return indicators % 2 == 0 }  // WB15, WB16
        return true  // WB999
    }

    /// The word segment that holds the scalar at `offset` (clamped into the text); nil for an empty text.
    static func segment(containing offset: Int, in scalars: [Unicode.Scalar]) -> WordSegment? {
        guard !scalars.isEmpty else { return nil }
        let target = min(max(offset, 0), scalars.count - 1)
        let start = sureStart(atOrBefore: target, in: scalars)
        var segmentStart = start
        var previous = unit(at: start, headClass: WordBreakClass(scalars[start]), in: scalars)
        var isWord = previous.wordClass.makesWord
        var beforePrevious: WordBreakClass?
        var indicators = previous.wordClass == .regionalIndicator ? 1 : 0
        while previous.end < scalars.count, let nextClass = previous.nextClass {
            let next = unit(at: previous.end, headClass: nextClass, in: scalars)
            if boundaryBetween(previous, next, beforePrevious: beforePrevious, indicators: indicators, in: scalars) {
                if next.start > target { return WordSegment(range: segmentStart..<next.start, isWord: isWord) }
                segmentStart = next.start
                isWord = false
            }
            isWord = isWord || next.wordClass.makesWord
            indicators = next.wordClass == .regionalIndicator ? indicators + 1 : 0
            beforePrevious = previous.wordClass
            previous = next
        }
        return WordSegment(range: segmentStart..<scalars.count, isWord: isWord)
    }

    private static func boundaryBetween(
        _ previous: Unit, _ next: Unit, beforePrevious: WordBreakClass?, indicators: Int, in scalars: [Unicode.Scalar]
    ) -> Bool {
        let p = previous.wordClass
        let n = next.wordClass
        if p == .cr && n == .lf { return false }  // WB3
        if p.isLineBreak || n.isLineBreak { return true }  // WB3a, WB3b
        if previous.endsWithJoiner && n == .pictographic { return false }  // WB3c
        if p == .wSegSpace && n == .wSegSpace && previous.end - previous.start == 1 { return false }  // WB3d
        // Only WB6, WB7b and WB12 look past `next`.
        var afterNext: WordBreakClass?
        if next.end < scalars.count && (n == .midLetter || n == .midNum || n.isMidNumLetQ || n == .doubleQuote) {
            afterNext = next.nextClass
        }
        return isBreak(beforePrevious: beforePrevious, previous: p, next: n, afterNext: afterNext, indicators: indicators)
    }

    /// The start of the last word that starts before `offset`; 0 when none does.
    static func previousWordStart(before offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        var position = min(offset, scalars.count)
        while position > 0, let segment = segment(containing: position - 1, in: scalars) {
            if segment.isWord { return segment.range.lowerBound }
            position = segment.range.lowerBound
        }
        return 0
    }

    /// The end of the first word that ends after `offset`; the end of the text when none does.
    static func nextWordEnd(after offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        var position = max(offset, 0)
        while position < scalars.count, let segment = segment(containing: position, in: scalars) {
            if segment.isWord { return segment.range.upperBound }
            position = segment.range.upperBound
        }
        return scalars.count
    }

    /// The start of the first word that starts after `offset`; the end of the text when none does.
    static func nextWordStart(after offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        var position = max(offset, 0)
        while position < scalars.count, let segment = segment(containing: position, in: scalars) {
            if segment.isWord && segment.range.lowerBound > offset { return segment.range.lowerBound }
            position = segment.range.upperBound
        }
        return scalars.count
    }

    /// The end of the last word that ends before `offset`; 0 when none does.
    static func previousWordEnd(before offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        var position = min(offset, scalars.count)
        while position > 0, let segment = segment(containing: position - 1, in: scalars) {
            if segment.isWord && segment.range.upperBound < offset { return segment.range.upperBound }
            position = segment.range.lowerBound
        }
        return 0
    }

    /// The word that holds the scalar at `offset`, or else the word that
    /// ends at `offset`; nil in spaces and punctuation.
    static func wordRange(enclosing offset: Int, in scalars: [Unicode.Scalar]) -> Range<Int>? {
        let position = min(max(offset, 0), scalars.count)
        var atOffset: WordSegment?
        if position < scalars.count {
            atOffset = segment(containing: position, in: scalars)
            if let atOffset, atOffset.isWord { return atOffset.range }
            if let atOffset, atOffset.range.lowerBound < position { return nil }
        }
        guard position > 0, let before = segment(containing: position - 1, in: scalars), before.isWord else { return nil }
        return before.range
    }
}
