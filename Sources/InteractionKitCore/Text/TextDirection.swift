/// A direction in a text's logical order, the order its offsets count in.
///
/// Backward goes toward offset 0, forward toward the end. On a
/// left-to-right line backward is left; on a right-to-left line it is
/// right: a field maps Left and Right to these through its layout direction.
public enum TextDirection: Hashable, Sendable {
    /// Toward offset 0.
    case backward
    /// Toward the end of the text.
    case forward
}

/// How far a caret moves, or what a delete removes, in one step (rule T3).
///
/// Motions are logical: `.character(.backward)` is one grapheme cluster
/// toward offset 0, whatever the script's direction. A field on a
/// right-to-left line swaps Left and Right before asking for a motion.
public enum TextMotion: Hashable, Sendable {
    /// One grapheme cluster.
    case character(TextDirection)
    /// Backward: to the previous word start; forward: to the next word end (GTK's Ctrl+Left/Right).
    case word(TextDirection)
    /// To the start or the end of the line, which for a single line is the whole text's.
    case edge(TextDirection)
}
