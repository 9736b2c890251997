import Testing
import InteractionKitCore

/// A text input that forwards to a buffer and a monospace layout, as a
/// toolkit's own text view would: the protocol's conversions come from its extension.
@MainActor
final class BufferTextInput: TextInput {
    var buffer: TextEditingBuffer
    let layout = MonospaceTextLayout()

    init(_ text: String) {
        buffer = TextEditingBuffer(text)
    }

    var hasText: Bool { !buffer.isEmpty }
    func insertText(_ text: String) { buffer.insert(text) }
    func deleteBackward() { buffer.delete(.character(.backward)) }
    var text: String { buffer.text }
    var selectedRange: Range<Int> {
        get { buffer.selectedRange }
        set { buffer.select(newValue) }
    }
    var caretOffset: Int { buffer.caretOffset }
    var markedRange: Range<Int>? { buffer.markedRange }
    func setMarkedText(_ text: String, selectedRange: Range<Int>) { buffer.setMarkedText(text, selectedRange: selectedRange) }
    func unmarkText() { buffer.unmarkText() }
    func text(in range: Range<Int>) -> String { buffer.text(in: range) }
    func replace(_ range: Range<Int>, with text: String) { buffer.replace(range, with: text) }
    func caretRect(forOffset offset: Int) -> Rect { layout.caretRect(forOffset: offset, in: text) }
    func offset(closestTo point: Point) -> Int { layout.offset(closestTo: point, in: text) }
    func rects(for range: Range<Int>) -> [Rect] { layout.rects(for: range, in: text) }
    func range(enclosing offset: Int, granularity: TextGranularity) -> Range<Int>? {
        buffer.range(enclosing: offset, granularity: granularity)
    }
}

@Suite("UTF-8 and UTF-16 offsets at the edges that count otherwise")
@MainActor
struct TextOffsetConversionTests {
    // "aé漢😀": a is 1 byte and 1 unit, é 2 bytes, 漢 3 bytes, 😀 4 bytes and 2 UTF-16 units.
    static let text = "aé漢😀b"

    @Test("Scalar offsets convert to UTF-8 and UTF-16 offsets, clamped")
    func toCodeUnits() {
        let input = BufferTextInput(Self.text)
        #expect((0...5).map(input.utf8Offset(forScalarOffset:)) == [0, 1, 3, 6, 10, 11])
        #expect((0...5).map(input.utf16Offset(forScalarOffset:)) == [0, 1, 2, 3, 5, 6])
        #expect(input.utf8Offset(forScalarOffset: -4) == 0 && input.utf8Offset(forScalarOffset: Int.max) == 11)
        #expect(input.utf16Offset(forScalarOffset: Int.min) == 0 && input.utf16Offset(forScalarOffset: 99) == 6)
    }

    @Test("UTF-8 and UTF-16 offsets convert back; one inside a scalar counts as its start")
    func fromCodeUnits() {
        let input = BufferTextInput(Self.text)
        #expect((0...11).map(input.scalarOffset(forUTF8Offset:)) == [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 5])
        #expect((0...6).map(input.scalarOffset(forUTF16Offset:)) == [0, 1, 2, 3, 3, 4, 5])
        #expect(input.scalarOffset(forUTF8Offset: -1) == 0 && input.scalarOffset(forUTF8Offset: Int.max) == 5)
        #expect(input.scalarOffset(forUTF16Offset: Int.min) == 0 && input.scalarOffset(forUTF16Offset: Int.max) == 5)
    }

    @Test("The buffer converts the same way without building a string")
    func bufferConversions() {
        let buffer = TextEditingBuffer(Self.text)
        let input = BufferTextInput(Self.text)
        for offset in -2...13 {
            #expect(buffer.utf8Offset(forScalarOffset: offset) == input.utf8Offset(forScalarOffset: offset))
            #expect(buffer.utf16Offset(forScalarOffset: offset) == input.utf16Offset(forScalarOffset: offset))
            #expect(buffer.scalarOffset(forUTF8Offset: offset) == input.scalarOffset(forUTF8Offset: offset))
            #expect(buffer.scalarOffset(forUTF16Offset: offset) == input.scalarOffset(forUTF16Offset: offset))
        }
    }

    @Test("Conversions round-trip on every scalar offset of a text of every width")
    func roundTrip() {
        let input = BufferTextInput("x\u{301}🇫🇷漢\u{10FFFF}\0")
        for offset in 0...input.buffer.count {
            #expect(input.scalarOffset(forUTF8Offset: input.utf8Offset(forScalarOffset: offset)) == offset)
            #expect(input.scalarOffset(forUTF16Offset: input.utf16Offset(forScalarOffset: offset)) == offset)
        }
        #expect(input.utf8Offset(forScalarOffset: input.buffer.count) == input.text.utf8.count)
        #expect(input.utf16Offset(forScalarOffset: input.buffer.count) == input.text.utf16.count)
    }

    @Test("A text input forwarding to a buffer types, deletes and selects through the protocol")
    func forwarding() {
        let input = BufferTextInput("")
        #expect(!input.hasText)
        input.insertText("ab")
        input.selectedRange = 0..<1
        input.insertText("z")
        input.deleteBackward()
        #expect(input.text == "b" && input.caretOffset == 0 && input.hasText)
        input.selectedRange = -5..<Int.max
        #expect(input.selectedRange == 0..<1)
    }
}
