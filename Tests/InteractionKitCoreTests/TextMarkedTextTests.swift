import Testing
import InteractionKitCore

@Suite("Marked text: an input method's composition (rule T5)")
struct TextMarkedTextTests {
    @Test("Marked text replaces the selection, is marked, and carries a selection relative to it")
    func setMarkedText() {
        var buffer = annotated("a[bc]d")
        let change = buffer.setMarkedText("か", selectedRange: 1..<1)
        #expect(buffer.text == "aかd")
        #expect(buffer.markedRange == 1..<2)
        #expect(buffer.description == "a{か}|d")
        #expect(change.replacement == TextReplacement(range: 1..<3, removedText: "bc", insertedText: "か"))
        #expect(change.oldMarkedRange == nil && change.newMarkedRange == 1..<2 && change.markedRangeDidChange)
        #expect(buffer.markedText?.replacedText == "bc")
        #expect(buffer.markedText?.replacedRange == 1..<3)
        #expect(buffer.markedText?.selectionBefore == TextSelection(anchor: 1, caret: 3))
    }

    @Test("Each new marked text replaces the last, keeping what the composition first replaced")
    func updatingMarkedText() {
        var buffer = annotated("x|")
        buffer.setMarkedText("k", selectedRange: 1..<1)
        let change = buffer.setMarkedText("かn", selectedRange: 2..<2)
        #expect(buffer.description == "x{かn}|")
        #expect(change.replacement == TextReplacement(range: 1..<2, removedText: "k", insertedText: "かn"))
        buffer.setMarkedText("かな", selectedRange: 0..<2)
        #expect(buffer.description == "x{[かな]}")
        #expect(buffer.markedText?.replacedText == "")
        #expect(buffer.markedText?.replacedRange == 1..<1)
    }

    @Test("The relative selection is clamped into the marked text")
    func relativeSelectionClamps() {
        var buffer = TextEditingBuffer("ab")
        buffer.setMarkedText("xyz", selectedRange: Int.min..<Int.max)
        #expect(buffer.selection == TextSelection(anchor: 2, caret: 5))
        buffer.setMarkedText("xyz", selectedRange: 7..<9)
        #expect(buffer.selection == TextSelection(caret: 5))
        buffer.setMarkedText("xyz", selectedRange: -3..<(-1))
        #expect(buffer.selection == TextSelection(caret: 2))
    }

    @Test("Unmarking commits the marked text as text; the selection stays")
    func unmark() {
        var buffer = TextEditingBuffer("a")
        buffer.setMarkedText("かな", selectedRange: 2..<2)
        let change = buffer.unmarkText()
        #expect(buffer.description == "aかな|")
        #expect(buffer.markedRange == nil && buffer.markedText == nil)
        #expect(!change.textDidChange && !change.selectionDidChange && change.markedRangeDidChange)
        #expect(!buffer.unmarkText().didChange)
    }

    @Test("Cancelling restores the text and the selection from before the composition")
    func cancel() {
        var buffer = annotated("a[bc]d")
        buffer.setMarkedText("か", selectedRange: 1..<1)
        buffer.setMarkedText("かな", selectedRange: 2..<2)
        let change = buffer.cancelMarkedText()
        #expect(buffer.description == "a[bc]d")
        #expect(buffer.selection == TextSelection(anchor: 1, caret: 3))
        #expect(change.replacement == TextReplacement(range: 1..<3, removedText: "かな", insertedText: "bc"))
        #expect(!buffer.cancelMarkedText().didChange)
    }

    @Test("Typing replaces the marked text; other edits and motions commit it first")
    func editsWhileMarked() {
        var typed = TextEditingBuffer("a")
        typed.setMarkedText("kan", selectedRange: 3..<3)
        typed.insert("漢")
        #expect(typed.description == "a漢|" && typed.markedRange == nil)
        var moved = TextEditingBuffer("a")
        moved.setMarkedText("かな", selectedRange: 2..<2)
        let change = moved.move(.character(.backward))
        #expect(moved.description == "aか|な" && moved.markedRange == nil)
        #expect(change.oldMarkedRange == 1..<3 && change.newMarkedRange == nil)
        var deleted = TextEditingBuffer("a")
        deleted.setMarkedText("かな", selectedRange: 2..<2)
        deleted.delete(.character(.backward))
        #expect(deleted.description == "aか|" && deleted.markedRange == nil)
        var selected = TextEditingBuffer("a")
        selected.setMarkedText("かな", selectedRange: 2..<2)
        selected.select(0..<1)
        #expect(selected.markedRange == nil && selected.text == "aかな")
    }

    @Test("Empty marked text ends the composition, leaving what it replaced removed")
    func emptyMarkedText() {
        var buffer = annotated("a[bc]d")
        buffer.setMarkedText("か", selectedRange: 1..<1)
        let change = buffer.setMarkedText("", selectedRange: 0..<0)
        #expect(buffer.description == "a|d")
        #expect(buffer.markedRange == nil)
        #expect(change.replacement?.removedText == "か")
        var caret = annotated("ab|")
        #expect(!caret.setMarkedText("", selectedRange: 0..<0).didChange)
    }
}
