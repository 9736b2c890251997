import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A delegate that records what it is asked and told, and answers as set.
@MainActor
final class FieldDelegate: TextFieldDelegate {
    var calls: [String] = []
    var allowsBegin = true
    var allowsEnd = true
    var allowsChange = true
    var allowsReturn = true
    var onChange: ((TextField) -> Void)?

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { calls.append("shouldBegin"); return allowsBegin }
    func textFieldDidBeginEditing(_ textField: TextField) { calls.append("didBegin editing=\(textField.isEditing)") }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { calls.append("shouldEnd"); return allowsEnd }
    func textFieldDidEndEditing(_ textField: TextField) { calls.append("didEnd editing=\(textField.isEditing)") }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString: String) -> Bool {
        calls.append("change \(range.lowerBound)..<\(range.upperBound) \"\(replacementString)\"")
        onChange?(textField)
        return allowsChange
    }
    func textFieldDidChangeSelection(_ textField: TextField) { calls.append("selection \(textField.selectedRange)") }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { calls.append("shouldReturn"); return allowsReturn }
}

@Suite("Text field: editing, typing and the editing keys (T1–T3, T5, T6, F6)")
@MainActor
struct TextFieldTests {
    let window = Window.phone()
    // The button first in reading order: the window's initial focus lands on it, not on the field.
    let button = Button(title: "Go", frame: Rect(x: 20, y: 60, width: 60, height: 30))
    let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 30))
    let delegate = FieldDelegate()
    let events = ControlEventRecorder()
    let driver: TouchDriver

    init() {
        window.addSubview(field)
        window.addSubview(button)
        field.delegate = delegate
        events.watch(field, as: "field")
        window.makeKey()
        driver = TouchDriver(window)
    }

    /// The text with the caret as `|` and a selection in brackets.
    var shown: String {
        let scalars = Array(field.text.unicodeScalars)
        let range = field.selectedRange
        func part(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[r])) }
        if range.isEmpty { return part(0..<range.lowerBound) + "|" + part(range.lowerBound..<scalars.count) }
        return part(0..<range.lowerBound) + "[" + part(range) + "]" + part(range.upperBound..<scalars.count)
    }

    @Test("T1: first responder begins editing, in order: isEditing, the delegate, editingDidBegin; resigning ends it")
    func beginsAndEnds() {
        #expect(field.becomeFirstResponder())
        #expect(delegate.calls == ["shouldBegin", "didBegin editing=true"])
        #expect(events.events == ["field editingDidBegin"])
        // Editing brings the keyboard focus with it.
        #expect(window.focusedItem === field)
        delegate.calls.removeAll()
        #expect(field.resignFirstResponder())
        #expect(!field.isEditing)
        #expect(delegate.calls == ["shouldEnd", "didEnd editing=false"])
        #expect(events.events == ["field editingDidBegin", "field editingDidEnd"])
    }

    @Test("T1: a delegate can refuse to begin, and to end; leaving the window ends editing anyway")
    func delegateRefuses() {
        delegate.allowsBegin = false
        field.becomeFirstResponder()
        #expect(!field.isEditing)
        #expect(window.firstResponder == nil)
        delegate.allowsBegin = true
        field.becomeFirstResponder()
        delegate.allowsEnd = false
        #expect(!field.resignFirstResponder())
        #expect(field.isEditing)
        field.removeFromSuperview()
        #expect(!field.isEditing)
        #expect(events.events.last == "field editingDidEnd")
    }

    @Test("T1: Tab onto the field begins editing (GTK's rule), Tab away ends it; a window that resigns key keeps it editing")
    func focusBeginsEditing() throws {
        #expect(window.focusedItem === button)
        #expect(!field.isEditing)
        try driver.press("tab")
        #expect(window.focusedItem === field)
        #expect(field.isEditing)
        window.resignKey()
        #expect(field.isEditing)
        window.makeKey()
        try driver.press("shift+tab")
        #expect(window.focusedItem === button)
        #expect(!field.isEditing)
        #expect(window.firstResponder == nil)
    }

    @Test("T2: typed keys become text, Space too; each edit asks the delegate once and sends editingChanged once")
    func typing() throws {
        field.becomeFirstResponder()
        delegate.calls.removeAll()
        try driver.type("a b")
        #expect(field.text == "a b")
        #expect(shown == "a b|")
        #expect(delegate.calls.filter { $0.hasPrefix("change") } == ["change 0..<0 \"a\"", "change 1..<1 \" \"", "change 2..<2 \"b\""])
        #expect(events.events.filter { $0 == "field editingChanged" }.count == 3)
        // Space typed, nothing activated: the button was not pressed, the focus stayed.
        #expect(!events.events.contains("field primaryActionTriggered"))
        #expect(window.focusedItem === field)
    }

    @Test("T2: a delegate that says no leaves everything as it was; text set from code asks nothing and sends nothing")
    func refusalsAndCode() throws {
        field.becomeFirstResponder()
        delegate.allowsChange = false
        try driver.type("x")
        #expect(field.text.isEmpty)
        #expect(!events.events.contains("field editingChanged"))
        delegate.calls.removeAll()
        field.text = "hello"
        #expect(delegate.calls.isEmpty)
        #expect(!events.events.contains("field editingChanged"))
        #expect(shown == "hello|")
    }

    @Test("T3: arrows, word moves, Home and End, Shift extending, Backspace and Delete, by graphemes and words")
    func editingKeys() throws {
        field.text = "don't stop 👍🏽"
        field.becomeFirstResponder()
        try driver.press("left")
        #expect(shown == "don't stop |👍🏽")
        try driver.press("ctrl+left")
        #expect(shown == "don't |stop 👍🏽")
        try driver.press("ctrl+left")
        #expect(shown == "|don't stop 👍🏽")
        try driver.press("shift+ctrl+right")
        #expect(shown == "[don't] stop 👍🏽")
        try driver.press("right")
        #expect(shown == "don't| stop 👍🏽")
        try driver.press("end")
        try driver.press("backspace")
        #expect(shown == "don't stop |")
        try driver.press("ctrl+backspace")
        #expect(shown == "don't |")
        try driver.press("home")
        try driver.press("delete")
        #expect(shown == "|on't ")
        try driver.press("up")
        try driver.press("shift+end")
        #expect(shown == "[on't ]")
        // Arrows move the caret, never the focus, while editing.
        #expect(window.focusedItem === field)
    }

    @Test("T3: Ctrl+A, C, X and V through the window's pasteboard; a secure field copies and cuts nothing")
    func clipboard() throws {
        field.text = "secret"
        field.becomeFirstResponder()
        try driver.press("ctrl+a")
        try driver.press("ctrl+c")
        #expect(window.pasteboard.string == "secret")
        try driver.press("ctrl+x")
        #expect(field.text.isEmpty)
        try driver.press("ctrl+v")
        try driver.press("ctrl+v")
        #expect(field.text == "secretsecret")
        field.isSecureTextEntry = true
        window.pasteboard.string = "kept"
        try driver.press("ctrl+a")
        try driver.press("ctrl+x")
        #expect(window.pasteboard.string == "kept")
        #expect(field.text == "secretsecret")
        #expect(field.displayedText == "••••••••••••")
        #expect(field.accessibilityValue == "••••••••••••")
    }

    @Test("T3: Return asks textFieldShouldReturn, then editingDidEndOnExit and primaryActionTriggered; Tab is not text")
    func returnAndTab() throws {
        field.becomeFirstResponder()
        try driver.press("return")
        #expect(delegate.calls.last == "shouldReturn")
        #expect(Array(events.events.suffix(2)) == ["field editingDidEndOnExit", "field primaryActionTriggered"])
        delegate.allowsReturn = false
        try driver.press("return")
        #expect(events.events.last == "field primaryActionTriggered")
        #expect(events.events.filter { $0 == "field editingDidEndOnExit" }.count == 1)
        try driver.press("tab")
        #expect(field.text.isEmpty)
        #expect(window.focusedItem === button)
    }

    @Test("F6: a Left-arrow command does not steal the caret, unless it asks for priority; a letter command neither")
    func keyPriority() throws {
        var ran = 0
        let left = KeyCommand(input: KeyCommand.inputLeftArrow) { _ in ran += 1 }
        let letter = KeyCommand(input: "q") { _ in ran += 10 }
        final class Host: View {
            var commands: [KeyCommand] = []
            override var keyCommands: [KeyCommand]? { commands }
        }
        let host = Host(frame: Rect(x: 0, y: 0, width: 390, height: 300))
        window.addSubview(host)
        host.addSubview(field)
        host.commands = [left, letter]
        field.text = "ab"
        field.becomeFirstResponder()
        try driver.press("left")
        try driver.type("q")
        #expect(ran == 0)
        #expect(field.text == "aqb")
        left.wantsPriorityOverSystemBehavior = true
        try driver.press("left")
        #expect(ran == 1)
        #expect(shown == "aq|b")
    }

    @Test("T5: marked text is in the text and marked; its commit is one user edit; a refusal undoes it")
    func markedText() {
        field.becomeFirstResponder()
        field.setMarkedText("か", selectedRange: 1..<1)
        #expect(field.text == "か")
        #expect(field.markedRange == 0..<1)
        #expect(field.accessibilityTextBuffer.text.isEmpty)
        delegate.calls.removeAll()
        field.unmarkText()
        #expect(delegate.calls.first == "change 0..<0 \"か\"")
        #expect(field.markedRange == nil)
        #expect(field.text == "か")
        field.setMarkedText("き", selectedRange: 1..<1)
        delegate.allowsChange = false
        field.unmarkText()
        #expect(field.text == "か")
        // A focus loss commits marked text (here refused, so undone) before editing ends.
        delegate.allowsChange = true
        field.setMarkedText("く", selectedRange: 1..<1)
        field.resignFirstResponder()
        #expect(field.text == "かく")
        #expect(field.markedRange == nil)
    }

    @Test("A delegate that removes the field while it is asked leaves a consistent field, and nothing traps")
    func reentrantDelegate() throws {
        field.becomeFirstResponder()
        delegate.onChange = { $0.removeFromSuperview() }
        try driver.type("ab")
        #expect(field.window == nil)
        #expect(!field.isEditing)
        #expect(field.text.count <= 1)
    }

    @Test("An action that sets the text inside editingChanged, or resigns the field there, leaves a consistent field")
    func reentrantEditingChanged() throws {
        field.becomeFirstResponder()
        let token = field.addAction(for: .editingChanged) { [field] _ in field.text = "reset" }
        try driver.type("ab")
        #expect(field.text == "reset")
        #expect(field.selectedRange == 5..<5, "text set from code puts the caret at the end")
        #expect(field.isEditing)
        field.removeAction(token)
        field.addAction(for: .editingChanged) { [field] _ in _ = field.resignFirstResponder() }
        try driver.type("x")
        #expect(field.text == "resetx")
        #expect(!field.isEditing)
        try driver.type("y")
        #expect(field.text == "resetx", "a field no longer edited takes no text")
    }

    @Test("Offsets from code clamp and snap to grapheme starts, never trap")
    func clamping() {
        field.text = "e\u{301}x"
        field.selectedRange = 1..<Int.max
        #expect(field.selectedRange == 0..<3)
        // 1 is inside "e\u{301}": the range snaps to 0..<0, an insertion before the cluster.
        field.replace(-5..<1, with: "é")
        #expect(field.text == "é" + "e\u{301}x")
        #expect(field.text(in: -1..<99) == field.text)
    }

    @Test("T4: a tap begins editing; once editing, a tap puts the caret at the nearest word edge, a second selects the word")
    func taps() throws {
        field.text = "hello world"
        // Cells of 10 points from x 24 (the field's 20 plus its inset).
        try driver.tap(at: Point(x: 24 + 75, y: 115))
        #expect(field.isEditing)
        // Taps a second apart are single taps.
        window.advanceTime(to: window.currentTime + 1)
        try driver.tap(at: Point(x: 24 + 75, y: 115))
        #expect(shown == "hello |world")
        window.advanceTime(to: window.currentTime + 1)
        try driver.tap(at: Point(x: 24 + 22, y: 115))
        #expect(shown == "|hello world")
        // A quick second tap at the same place selects the word under it.
        window.advanceTime(to: window.currentTime + 1)
        try driver.doubleTap(at: Point(x: 24 + 75, y: 115))
        #expect(shown == "hello [world]")
    }
}
