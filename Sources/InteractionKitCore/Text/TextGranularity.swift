/// A unit of text for `TextInput.range(enclosing:granularity:)`: UIKit's
/// `UITextGranularity`.
///
/// A character is a grapheme cluster (what the caret steps over: "e" and a
/// combining acute, a flag, a family emoji joined by zero-width joiners).
/// Words follow Unicode's default word boundaries (UAX #29, with CLDR's
/// root tailoring that ICU uses: a colon does not join letters): "don't",
/// "a.b" and "3.14" are one word each, each CJK ideograph is a word of its
/// own, an emoji sequence is one word, and spaces and other punctuation are
/// not words. A sentence runs to a `.`, `!` or `?` followed by a space (the
/// spaces belong to it), or to a line break. A single-line text is one
/// line, one paragraph and one document.
public enum TextGranularity: Hashable, Sendable, CaseIterable {
    /// A grapheme cluster.
    case character
    /// A word (UAX #29).
    case word
    /// A sentence: up to a `.`, `!` or `?` followed by a space, with those spaces.
    case sentence
    /// A line: the whole of a single-line text.
    case line
    /// A paragraph: the whole of a single-line text.
    case paragraph
    /// The whole text.
    case document
}
