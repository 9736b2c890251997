/// An object whose text can be edited, selected and measured: the part of
/// UIKit's `UITextInput` a toolkit needs, in Unicode-scalar offsets.
///
/// Every offset and range counts Unicode scalars from the start of `text`
/// (AT-SPI's unit: Orca and GTK count characters as code points). A caret
/// or selection end never falls inside a grapheme cluster: setting one
/// there moves it to the cluster's start. Offsets out of range are clamped,
/// never a trap. The conversions to and from UTF-8 and UTF-16 offsets
/// serve the edges that count otherwise (Wayland's text-input counts UTF-8
/// bytes, UIKit ports count UTF-16).
///
/// `TextEditingBuffer` implements the editing rules; a conforming view
/// keeps one and forwards to it.
@MainActor
public protocol TextInput: TextInputClient {
    /// The text, marked text included.
    var text: String { get }
    /// The selection; an empty range is a caret.
    var selectedRange: Range<Int> { get set }
    /// The moving end of the selection, where the caret is drawn (AT-SPI's caret).
    var caretOffset: Int { get }
    /// The range of the marked text (an input method's preedit), if any.
    var markedRange: Range<Int>? { get }
    /// Replaces the marked text, or the selection when there is none, with
    /// `text`, marked; `selectedRange` is relative to `text`.
    func setMarkedText(_ text: String, selectedRange: Range<Int>)
    /// Commits the marked text as typed text.
    func unmarkText()
    /// The text in `range`, clamped.
    func text(in range: Range<Int>) -> String
    /// Replaces `range` (clamped) with `text`: a user edit.
    func replace(_ range: Range<Int>, with text: String)
    /// The caret's rectangle at `offset`, in the view's coordinates.
    func caretRect(forOffset offset: Int) -> Rect
    /// The grapheme-cluster boundary nearest to `point`, in the view's coordinates.
    func offset(closestTo point: Point) -> Int
    /// The rectangles, in the view's coordinates, that cover `range`.
    func rects(for range: Range<Int>) -> [Rect]
    /// The unit of `granularity` that holds `offset`, or nil when there is none (a space is in no word).
    func range(enclosing offset: Int, granularity: TextGranularity) -> Range<Int>?
}

extension TextInput {
    /// The UTF-8 offset (bytes from the start of `text`) of a scalar offset, clamped to the text.
    public func utf8Offset(forScalarOffset offset: Int) -> Int {
        TextOffsets.codeUnitOffset(forScalarOffset: offset, in: text, unitWidth: TextOffsets.utf8Width)
    }

    /// The scalar offset of a UTF-8 offset, clamped; an offset inside a
    /// scalar's bytes counts as that scalar's start.
    public func scalarOffset(forUTF8Offset offset: Int) -> Int {
        TextOffsets.scalarOffset(forCodeUnitOffset: offset, in: text, unitWidth: TextOffsets.utf8Width)
    }

    /// The UTF-16 offset (code units from the start of `text`) of a scalar offset, clamped to the text.
    public func utf16Offset(forScalarOffset offset: Int) -> Int {
        TextOffsets.codeUnitOffset(forScalarOffset: offset, in: text, unitWidth: TextOffsets.utf16Width)
    }

    /// The scalar offset of a UTF-16 offset, clamped; an offset between
    /// the two halves of a surrogate pair counts as that scalar's start.
    public func scalarOffset(forUTF16Offset offset: Int) -> Int {
        TextOffsets.scalarOffset(forCodeUnitOffset: offset, in: text, unitWidth: TextOffsets.utf16Width)
    }
}

/// Conversions between scalar offsets and code-unit offsets, for any
/// sequence of scalars.
enum TextOffsets {
    static func utf8Width(_ scalar: Unicode.Scalar) -> Int { UTF8.width(scalar) }
    static func utf16Width(_ scalar: Unicode.Scalar) -> Int { UTF16.width(scalar) }

    /// The code units before the first `offset` scalars of `scalars` (all of them when it runs out).
    static func codeUnitOffset<Scalars: Sequence<Unicode.Scalar>>(
        forScalarOffset offset: Int, in scalars: Scalars, unitWidth: (Unicode.Scalar) -> Int
    ) -> Int {
        guard offset > 0 else { return 0 }
        var units = 0
        var index = 0
        for scalar in scalars {
            if index == offset { break }
            units += unitWidth(scalar)
            index += 1
        }
        return units
    }

    /// The number of whole scalars of `scalars` within its first `offset` code units.
    static func scalarOffset<Scalars: Sequence<Unicode.Scalar>>(
        forCodeUnitOffset offset: Int, in scalars: Scalars, unitWidth: (Unicode.Scalar) -> Int
    ) -> Int {
        guard offset > 0 else { return 0 }
        var units = 0
        var index = 0
        for scalar in scalars {
            units += unitWidth(scalar)
            if units > offset { break }
            index += 1
        }
        return index
    }

    static func codeUnitOffset(forScalarOffset offset: Int, in text: String, unitWidth: (Unicode.Scalar) -> Int) -> Int {
        codeUnitOffset(forScalarOffset: offset, in: text.unicodeScalars, unitWidth: unitWidth)
    }

    static func scalarOffset(forCodeUnitOffset offset: Int, in text: String, unitWidth: (Unicode.Scalar) -> Int) -> Int {
        scalarOffset(forCodeUnitOffset: offset, in: text.unicodeScalars, unitWidth: unitWidth)
    }
}
