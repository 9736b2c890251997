import Testing
import InteractionKitCore

/// A buffer from an annotated text: `|` is the caret; in `[ab]` the
/// selection's anchor is at `[` and its caret at `]`.
func annotated(_ text: String) -> TextEditingBuffer {
    var plain = ""
    var caret: Int?
    var anchor: Int?
    var count = 0
    for scalar in text.unicodeScalars {
        switch scalar {
        case "|": caret = count
        case "[": anchor = count
        case "]": caret = count
        default:
            plain.unicodeScalars.append(scalar)
            count += 1
        }
    }
    var buffer = TextEditingBuffer(plain)
    buffer.select(anchor: anchor ?? caret ?? count, caret: caret ?? count)
    return buffer
}

@Suite("Editing a text buffer: typing, deleting, selecting, moving (rules T2, T3)")
struct TextEditingBufferTests {
    @Test("A new buffer holds its text with the caret at the end; description marks the caret")
    func newBuffer() {
        let buffer = TextEditingBuffer("cat")
        #expect(buffer.text == "cat")
        #expect(buffer.count == 3)
        #expect(buffer.selection == TextSelection(caret: 3))
        #expect(buffer.selectedRange == 3..<3 && buffer.caretOffset == 3 && buffer.markedRange == nil)
        #expect(buffer.description == "cat|")
        #expect(annotated("c[a]t").description == "c[a]t")
        #expect(annotated("ca|t").description == "ca|t")
    }

    @Test("Typing replaces the selection and puts the caret after the text; the change says what was replaced")
    func typing() {
        var buffer = annotated("c[a]t")
        let change = buffer.insert("oa")
        #expect(buffer.description == "coa|t")
        #expect(change.replacement == TextReplacement(range: 1..<2, removedText: "a", insertedText: "oa", insertedCount: 2))
        #expect(change.replacement?.insertedRange == 1..<3)
        #expect(change.oldSelection == TextSelection(anchor: 1, caret: 2))
        #expect(change.newSelection == TextSelection(caret: 3))
        #expect(change.textDidChange && change.selectionDidChange && change.caretDidMove && !change.markedRangeDidChange)
        let typed = buffer.insert("🇫🇷")
        #expect(buffer.description == "coa🇫🇷|t")
        #expect(typed.replacement?.insertedCount == 2)
        #expect(buffer.insert("").didChange == false)
    }

    @Test("Typing a combining mark after a letter makes one cluster, the caret after it")
    func typingACombiningMark() {
        var buffer = TextEditingBuffer("e")
        buffer.insert("\u{301}")
        #expect(buffer.caretOffset == 2)
        buffer.move(.character(.backward))
        #expect(buffer.caretOffset == 0)
        // Typed before a lone mark, a letter joins it: the caret goes after the whole cluster.
        var before = annotated("|\u{301}x")
        before.insert("e")
        #expect(before.caretOffset == 2)
        #expect(before.isGraphemeBoundary(before.caretOffset))
    }

    @Test("Left and Right move one cluster; with a selection they collapse it to its left or right end")
    func leftAndRight() {
        var buffer = annotated("ab|c")
        buffer.move(.character(.backward))
        #expect(buffer.description == "a|bc")
        buffer.move(.character(.forward))
        buffer.move(.character(.forward))
        #expect(buffer.description == "abc|")
        #expect(!buffer.move(.character(.forward)).didChange)
        var selected = annotated("a[bc]d")
        selected.move(.character(.backward))
        #expect(selected.description == "a|bcd")
        selected = annotated("a[bc]d")
        selected.move(.character(.forward))
        #expect(selected.description == "abc|d")
        // GTK collapses for word motions too.
        selected = annotated("one [two] three")
        selected.move(.word(.backward))
        #expect(selected.description == "one |two three")
        selected = annotated("one [two] three")
        selected.move(.word(.forward))
        #expect(selected.description == "one two| three")
        selected = annotated("x[y]z")
        selected.collapseSelection(toward: .backward)
        #expect(selected.description == "x|yz")
        selected = annotated("x[y]z")
        selected.collapseSelection(toward: .forward)
        #expect(selected.description == "xy|z")
    }

    @Test("Ctrl+Left and Ctrl+Right go to the previous word start and the next word end")
    func wordMotion() {
        var buffer = annotated("hello, big world|")
        buffer.move(.word(.backward))
        #expect(buffer.description == "hello, big |world")
        buffer.move(.word(.backward))
        #expect(buffer.description == "hello, |big world")
        buffer.move(.word(.backward))
        #expect(buffer.description == "|hello, big world")
        buffer.move(.word(.forward))
        #expect(buffer.description == "hello|, big world")
        buffer.move(.word(.forward))
        #expect(buffer.description == "hello, big| world")
    }

    @Test("Home and End (and Up and Down) go to the edges; with a selection, to the edge too")
    func edges() {
        var buffer = annotated("ab|cd")
        buffer.move(.edge(.backward))
        #expect(buffer.description == "|abcd")
        buffer.move(.edge(.forward))
        #expect(buffer.description == "abcd|")
        var selected = annotated("a[b]cd")
        selected.move(.edge(.forward))
        #expect(selected.description == "abcd|")
    }

    @Test("Shift extends from the anchor: the caret moves, the anchor stays, back across it too")
    func extending() {
        var buffer = annotated("one two|")
        buffer.move(.character(.backward), extendingSelection: true)
        #expect(buffer.selection == TextSelection(anchor: 7, caret: 6))
        #expect(buffer.description == "one tw[o]")
        buffer.move(.word(.backward), extendingSelection: true)
        #expect(buffer.selection == TextSelection(anchor: 7, caret: 4))
        buffer.move(.edge(.backward), extendingSelection: true)
        #expect(buffer.selection == TextSelection(anchor: 7, caret: 0))
        buffer.move(.edge(.forward), extendingSelection: true)
        #expect(buffer.selection == TextSelection(caret: 7))
        buffer.setCaret(3)
        buffer.move(.character(.forward), extendingSelection: true)
        buffer.move(.character(.backward), extendingSelection: true)
        buffer.move(.character(.backward), extendingSelection: true)
        #expect(buffer.selection == TextSelection(anchor: 3, caret: 2))
        #expect(buffer.selectedRange == 2..<3)
    }

    @Test("Backspace and Delete remove the selection, else one cluster before or after the caret")
    func backspaceAndDelete() {
        var buffer = annotated("a👨‍👩‍👧|b")
        let change = buffer.delete(.character(.backward))
        #expect(buffer.description == "a|b")
        #expect(change.replacement?.range == 1..<6)
        #expect(change.replacement?.removedText == "👨‍👩‍👧")
        #expect(change.replacement?.insertedText == "")
        buffer.delete(.character(.forward))
        #expect(buffer.description == "a|")
        #expect(!buffer.delete(.character(.forward)).didChange)
        var selected = annotated("a[bc]d")
        selected.delete(.character(.forward))
        #expect(selected.description == "a|d")
        selected = annotated("|abc")
        #expect(!selected.delete(.character(.backward)).textDidChange)
        #expect(selected.description == "|abc")
    }

    @Test("Ctrl+Backspace and Ctrl+Delete remove the word before and after the caret")
    func wordDeletion() {
        var buffer = annotated("one two three|")
        buffer.delete(.word(.backward))
        #expect(buffer.description == "one two |")
        buffer.delete(.word(.backward))
        #expect(buffer.description == "one |")
        buffer.setCaret(0)
        buffer.delete(.word(.forward))
        #expect(buffer.description == "| ")
        var middle = annotated("alpha be|ta gamma")
        middle.delete(.word(.backward))
        #expect(middle.description == "alpha |ta gamma")
        middle.delete(.word(.forward))
        #expect(middle.description == "alpha | gamma")
    }

    @Test("Select all selects the whole text with the caret at the end; an edit then replaces it")
    func selectAll() {
        var buffer = annotated("ab|c")
        let change = buffer.selectAll()
        #expect(buffer.selection == TextSelection(anchor: 0, caret: 3))
        #expect(change.selectionDidChange && !change.textDidChange)
        buffer.insert("z")
        #expect(buffer.description == "z|")
        var empty = TextEditingBuffer()
        #expect(!empty.selectAll().didChange)
    }

    @Test("Replace is a user edit of a clamped, snapped range; the caret goes after the inserted text")
    func replace() {
        var buffer = annotated("hello| world")
        buffer.replace(0..<5, with: "goodbye")
        #expect(buffer.description == "goodbye| world")
        buffer.replace(-10..<Int.max, with: "x")
        #expect(buffer.description == "x|")
        buffer.replace(Int.max..<Int.max, with: "y")
        #expect(buffer.description == "xy|")
        var accent = TextEditingBuffer("e\u{301}x")
        // 1 is inside "é": it counts as the cluster's start, so 1..<3 replaces "éx".
        let change = accent.replace(1..<3, with: "o")
        #expect(change.replacement?.range == 0..<3)
        #expect(accent.description == "o|")
    }

    @Test("Setting the text from code puts the caret at the end and reports one replacement of the whole text")
    func setText() {
        var buffer = annotated("a[b]c")
        let change = buffer.setText("new text")
        #expect(buffer.description == "new text|")
        #expect(change.replacement == TextReplacement(range: 0..<3, removedText: "abc", insertedText: "new text", insertedCount: 8))
        #expect(buffer.setText("").selectionDidChange)
        #expect(buffer.description == "|")
    }

    @Test("Offsets in a right-to-left text count in logical order: Hebrew and Arabic step like any text")
    func rightToLeftText() {
        var hebrew = TextEditingBuffer("שלום עולם")
        hebrew.move(.word(.backward))
        #expect(hebrew.caretOffset == 5)
        hebrew.move(.character(.backward))
        #expect(hebrew.caretOffset == 4)
        hebrew.delete(.word(.backward))
        #expect(hebrew.text == " עולם" && hebrew.caretOffset == 0)
        var arabic = TextEditingBuffer("مَرحبا")
        arabic.delete(.character(.backward))
        #expect(arabic.text == "مَرحب")
        arabic.setCaret(1)
        #expect(arabic.caretOffset == 0)
        arabic.move(.character(.forward))
        #expect(arabic.caretOffset == 2)
    }
}
