// Grapheme-cluster boundaries in an array of scalars, found locally.
//
// The clusters are the standard library's own (`Character`): the scanning
// runs the standard library's recognizer (`Unicode._CharacterRecognizer`,
// the one swift-collections' `BigString` builds on) forward from a
// position that surely starts a cluster. Such a position is found by
// looking back from the offset for a pair of scalars with a break between
// them whatever comes before (`isUnconditionalBreak`), which in ordinary
// text is the previous scalar or the one before it: a lookup reads only
// around its offset, and allocates nothing. Only a run of regional
// indicators, of combining marks or of joined emoji is read whole, as it
// must be to pair the indicators or to end the cluster.

/// Grapheme-cluster boundaries of an array of scalars.
enum GraphemeBreaks {
    /// Whether a cluster boundary lies between `a` and `b` whatever
    /// precedes `a`: a sure answer, or false when the rules would need to
    /// look further back (or the pair joins).
    ///
    /// The rules of UAX #29 that look past the pair are GB9c (an Indic
    /// consonant after a linker), GB11 (an emoji after a zero-width joiner)
    /// and GB12–13 (regional indicators in pairs); every other rule reads
    /// the two scalars only. So a break is sure when `a` is a control, or
    /// `b` is, or when `b` neither joins what precedes it (Extend, ZWJ,
    /// SpacingMark, a Hangul jamo or syllable after one that takes it, a
    /// regional indicator after another, an Indic letter after a mark) nor
    /// follows a Prepend or a ZWJ. Where the classes are uncertain the
    /// answer is false: it only makes the scan go one step further.
    static func isUnconditionalBreak(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        let x = a.value
        let y = b.value
        // Below U+0300 nothing extends, joins or prepends (GB3: CR LF).
        if x < 0x300 && y < 0x300 { return !(x == 0x0D && y == 0x0A) }
        if isControl(x) { return !(x == 0x0D && y == 0x0A) }  // GB4
        if isControl(y) { return true }  // GB5
        if x == 0x200D { return false }  // GB11, GB9c
        if isPrepend(x) { return false }  // GB9b
        if joinsPrevious(b) { return false }  // GB9, GB9a
        if isRegionalIndicator(y) { return !isRegionalIndicator(x) }  // GB12, GB13
        if let hangul = hangulJoins(x, y) { return !hangul }  // GB6–GB8
        if y >= 0x900 && isMark(a) && b.properties.generalCategory == .otherLetter { return false }  // GB9c
        return true
    }

    /// Cc, CR, LF, and the line and paragraph separators: GB4 and GB5's controls that are sure.
    private static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// The Prepend scalars (Prepended_Concatenation_Mark and a few Indic letters), as a superset.
    private static func isPrepend(_ value: UInt32) -> Bool {
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E,
             0x110BD, 0x110CD, 0x111C2...0x111C3, 0x113D1, 0x1193F, 0x11941, 0x11A3A,
             0x11A84...0x11A89, 0x11D46, 0x11F02:
            true
        default:
            false
        }
    }

    /// Whether `scalar` attaches to what precedes it: Extend (marks,
    /// emoji modifiers, variation selectors, tags, ZWNJ), ZWJ, SpacingMark.
    static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x200C || value == 0x200D || value == 0x0E33 || value == 0x0EB3 { return true }
        if (0xE0020...0xE007F).contains(value) { return true }
        if isMark(scalar) { return true }
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.isEmojiModifier || properties.isVariationSelector
    }

    /// A nonspacing, spacing or enclosing mark.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }

    /// Whether the Hangul rules join `y` to `x`; nil when `y` is no Hangul jamo or syllable.
    private static func hangulJoins(_ x: UInt32, _ y: UInt32) -> Bool? {
        if isJamo(y) {
            // Any jamo after a jamo or a syllable may join (L, V, T); a superset.
            return isJamo(x) || (0xAC00...0xD7A3).contains(x)
        }
        if (0xAC00...0xD7A3).contains(y) {
            // A syllable (LV or LVT) joins only a leading consonant (L).
            return (0x1100...0x115F).contains(x) || (0xA960...0xA97F).contains(x)
        }
        return nil
    }

    private static func isJamo(_ value: UInt32) -> Bool {
        (0x1100...0x11FF).contains(value) || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value)
    }

    /// The greatest position at or before `offset` that surely starts a
    /// cluster (or is the end of the text).
    static func sureStart(atOrBefore offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        var position = min(offset, scalars.count)
        if position == scalars.count { return position }
        while position > 0 {
            if isUnconditionalBreak(scalars[position - 1], scalars[position]) { return position }
            position -= 1
        }
        return 0
    }

    /// The start of the cluster that holds the scalar at `offset`: `offset`
    /// itself when it is a boundary. Clamps to `0...count`.
    static func clusterStart(containing offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        if offset <= 0 { return 0 }
        if offset >= scalars.count { return scalars.count }
        let start = sureStart(atOrBefore: offset, in: scalars)
        if start == offset { return offset }
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: scalars[start])
        var last = start
        var position = start + 1
        while position <= offset {
            if recognizer.hasBreak(before: scalars[position]) { last = position }
            position += 1
        }
        return last
    }

    /// Whether `offset` is a cluster boundary (0 and the end are).
    static func isBoundary(_ offset: Int, in scalars: [Unicode.Scalar]) -> Bool {
        offset >= 0 && offset <= scalars.count && clusterStart(containing: offset, in: scalars) == offset
    }

    /// The first boundary after `offset`: the end of the cluster holding
    /// the scalar at `offset`; the end of the text at or past it.
    static func boundary(after offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        if offset >= scalars.count { return scalars.count }
        let target = max(offset, 0)
        let start = sureStart(atOrBefore: target, in: scalars)
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: scalars[start])
        var position = start + 1
        while position < scalars.count {
            if recognizer.hasBreak(before: scalars[position]) && position > target { return position }
            position += 1
        }
        return scalars.count
    }

    /// The last boundary before `offset`: 0 at or before the start.
    static func boundary(before offset: Int, in scalars: [Unicode.Scalar]) -> Int {
        if offset <= 0 { return 0 }
        return clusterStart(containing: min(offset, scalars.count) - 1, in: scalars)
    }
}
