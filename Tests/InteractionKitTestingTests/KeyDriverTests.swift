import Testing
import InteractionKitLinux
import InteractionKitTesting

/// A focusable view that logs the presses that reach it.
private final class KeyLogView: View {
    var lines: [String] = []

    override var canBecomeFocused: Bool { true }
    override var canBecomeFirstResponder: Bool { true }

    private func log(_ phase: String, _ presses: Set<Press>) {
        for press in presses {
            guard let key = press.key else { continue }
            let flags = key.modifierFlags.contains(.shift) ? " shift" : ""
            // Milliseconds: times summed from intervals are not exact decimals.
            lines.append("\(Int((press.timestamp * 1000).rounded()))ms \(phase) \(key.keyCode.rawValue) \(key.characters.debugDescription)"
                + " \(key.charactersIgnoringModifiers.debugDescription)\(flags)")
        }
    }

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) { log("began", presses) }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) { log("ended", presses) }
}

@MainActor
private func scene() -> (Window, KeyLogView, TouchDriver) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let view = KeyLogView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    view.becomeFirstResponder()
    return (window, view, TouchDriver(window))
}

@Suite("TouchDriver: keys on the window's clock")
@MainActor
struct KeyDriverTests {
    @Test("press sends the key down and up at the current time, or after a hold; modifiers are added")
    func press() throws {
        let (window, view, keys) = scene()
        try keys.wait(0.25)
        try keys.press(Key(keyCode: .keyboardA, characters: "a", charactersIgnoringModifiers: "a"))
        try keys.press("shift+tab", holding: 0.5)
        try keys.press(Key(keyCode: .keyboardZ), modifiers: .shift)
        #expect(view.lines == [
            "250ms began 4 \"a\" \"a\"", "250ms ended 4 \"a\" \"a\"",
            "250ms began 43 \"\\t\" \"\\t\" shift", "750ms ended 43 \"\\t\" \"\\t\" shift",
            "750ms began 29 \"\" \"\" shift", "750ms ended 29 \"\" \"\" shift",
        ])
        #expect(window.currentTime == 0.75)
    }

    @Test("type sends one key a character as a US keyboard types it, Shift where needed, 0.05 s apart")
    func type() throws {
        let (window, view, keys) = scene()
        try keys.type("aZ1!-_ \t\r\n?")
        let began = view.lines.filter { $0.contains(" began ") }
        #expect(began == [
            "0ms began 4 \"a\" \"a\"", "50ms began 29 \"Z\" \"z\" shift", "100ms began 30 \"1\" \"1\"",
            "150ms began 30 \"!\" \"1\" shift", "200ms began 45 \"-\" \"-\"", "250ms began 45 \"_\" \"-\" shift",
            "300ms began 44 \" \" \" \"", "350ms began 43 \"\\t\" \"\\t\"", "400ms began 40 \"\\r\" \"\\r\"",
            "450ms began 56 \"?\" \"/\" shift",
        ])
        #expect(view.lines.count == 20)
        #expect(abs(window.currentTime - 0.5) < 1e-9, "a pause after the last key too")
        // Every printable ASCII character has a key.
        let (_, all, allKeys) = scene()
        let printable = String((32...126).map { Character(UnicodeScalar(UInt8($0))) })
        try allKeys.type(printable, interval: 0)
        #expect(all.lines.count == 2 * printable.count)
        #expect(all.lines.allSatisfy { !$0.contains(" 0 ") })
    }

    @Test("Keys drive the focus and activation as any key does: Tab, arrows, Space")
    func focus() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let first = Button(title: "First", frame: Rect(x: 10, y: 10, width: 100, height: 44))
        let second = Button(title: "Second", frame: Rect(x: 10, y: 100, width: 100, height: 44))
        window.addSubview(first)
        window.addSubview(second)
        var pressed: [String] = []
        second.addAction(for: .primaryActionTriggered) { _ in pressed.append("Second") }
        window.makeKey()
        let keys = TouchDriver(window)
        #expect(window.focusedItem === first)
        try keys.press("tab")
        #expect(window.focusedItem === second)
        try keys.type(" ")
        #expect(pressed == ["Second"])
        try keys.press("tab", modifiers: .shift)
        #expect(window.focusedItem === first)
    }

    @Test("A bad name, a character no US key types or a bad interval throws before anything is sent")
    func errors() {
        let (window, view, keys) = scene()
        #expect(throws: TouchDriverError.invalidArgument(
            "press(\"shift+tba\"): unknown key 'tba'; the keys are " + Key.keyNames.joined(separator: ", ")
                + ", a letter or a digit (at character 7)")) {
            try keys.press("shift+tba")
        }
        #expect(throws: TouchDriverError.invalidArgument("type cannot type character 3 (U+E9): no key of a US keyboard "
            + "types it; press a Key with those characters instead")) {
            try keys.type("abé")
        }
        #expect(throws: TouchDriverError.self) { try keys.type("\u{7}") }
        #expect(throws: TouchDriverError.self) { try keys.type("ab", interval: -1) }
        #expect(throws: TouchDriverError.self) { try keys.press("tab", holding: .nan) }
        #expect(throws: TouchDriverError.self) {
            try keys.type(String(repeating: "a", count: TouchDriver.maximumTypedCharacters + 1))
        }
        #expect(view.lines.isEmpty)
        #expect(window.currentTime == 0)
    }

    @Test("Pressed from a callback, keys are queued and dispatched after the current input (G10)")
    func fromCallback() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let button = Button(title: "Go", frame: Rect(x: 10, y: 10, width: 100, height: 44))
        let other = Button(title: "Next", frame: Rect(x: 10, y: 100, width: 100, height: 44))
        window.addSubview(button)
        window.addSubview(other)
        window.focusFollowsTouch = false
        window.makeKey()
        let keys = TouchDriver(window)
        var focusWhenActionRan: View?
        button.addAction(for: .primaryActionTriggered) { _ in
            try? keys.press("tab")
            focusWhenActionRan = window.focusedItem as? View
        }
        try keys.tap(at: Point(x: 50, y: 30))
        #expect(focusWhenActionRan === button, "not yet moved inside the action")
        #expect(window.focusedItem === other)
    }
}
