import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A focusable view that logs what reaches it.
@MainActor
private final class Field: View {
    let name: String
    var focusable = true
    var log: [String] = []
    var veto = false
    var commands: [KeyCommand]?
    var handlesPresses = false
    var adjustable = false
    var number = 0

    init(_ name: String, _ frame: Rect) {
        self.name = name
        super.init(frame: frame)
    }

    override var canBecomeFocused: Bool { focusable }
    override var canBecomeFirstResponder: Bool { true }
    override var keyCommands: [KeyCommand]? { commands }
    override func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool { !veto }
    override func didUpdateFocus(in context: FocusUpdateContext) {
        log.append(context.nextFocusedItem === self ? "gained" : "lost")
    }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        log.append("pressesBegan \(presses.first?.key?.keyCode.rawValue ?? -1)")
        if !handlesPresses { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        log.append("pressesEnded")
        if !handlesPresses { super.pressesEnded(presses, with: event) }
    }
    override func accessibilityActivate() -> Bool {
        log.append("activated")
        return true
    }
    override var accessibilityTraits: AccessibilityTraits {
        get { adjustable ? .adjustable : [] }
        set {}
    }
    override func accessibilityIncrement() { number += 1 }
    override func accessibilityDecrement() { number -= 1 }
}

extension Window {
    /// Presses and releases a key at `time`.
    fileprivate func press(_ code: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = [], characters: String = "",
                           at time: Double = 0, isRepeat: Bool = false) {
        let key = Key(keyCode: code, characters: characters, charactersIgnoringModifiers: characters, modifierFlags: modifiers)
        send(KeyInput(key: key, phase: .began, timestamp: time, isRepeat: isRepeat))
        send(KeyInput(key: key, phase: .ended, timestamp: time))
    }

    fileprivate var focusedName: String? { (focusedItem as? Field)?.name }
}

/// Rules K1–K5: keys, presses, key commands and the focus system, on views.
@Suite("Keyboard and focus (K1–K5) on views")
@MainActor
struct KeyboardFocusTests {
    /// Two rows: a group "top" of three fields across, then two fields alone below.
    private func scene(direction: LayoutDirection? = nil) -> (Window, [String: Field]) {
        let window = Window.phone()
        window.semanticLayoutDirection = direction
        let row = View(frame: Rect(x: 0, y: 0, width: 390, height: 50))
        row.focusGroupIdentifier = "top"
        window.addSubview(row)
        var fields: [String: Field] = [:]
        for (index, name) in ["A", "B", "C"].enumerated() {
            let field = Field(name, Rect(x: Double(index) * 130, y: 0, width: 120, height: 50))
            row.addSubview(field)
            fields[name] = field
        }
        let lower = Field("D", Rect(x: 0, y: 200, width: 100, height: 40))
        let lowest = Field("E", Rect(x: 200, y: 300, width: 100, height: 40))
        // Added in the reverse of reading order: the order comes from the screen.
        window.addSubview(lowest)
        window.addSubview(lower)
        fields["D"] = lower
        fields["E"] = lowest
        return (window, fields)
    }

    @Test("A new window is not key; making it key focuses the first group's first item")
    func initialFocus() {
        let (window, fields) = scene()
        #expect(!window.isKeyWindow)
        #expect(window.focusedItem == nil)
        window.makeKey()
        #expect(window.isKeyWindow)
        #expect(window.focusedName == "A")
        #expect(fields["A"]!.isFocused)
        window.resignKey()
        #expect(window.focusedName == "A")
        #expect(!fields["A"]!.isFocused)
    }

    @Test("Tab goes to the next group in reading order, Shift-Tab back, both wrap; the arrows stay in the group")
    func tabBetweenGroups() {
        let (window, _) = scene()
        window.makeKey()
        var seen: [String?] = [window.focusedName]
        for _ in 0..<3 {
            window.press(.keyboardTab)
            seen.append(window.focusedName)
        }
        #expect(seen == ["A", "D", "E", "A"])
        window.press(.keyboardTab, .shift)
        #expect(window.focusedName == "E")
        window.press(.keyboardTab)
        window.press(.keyboardRightArrow)
        window.press(.keyboardRightArrow)
        #expect(window.focusedName == "C")
        window.press(.keyboardRightArrow)
        #expect(window.focusedName == "C")
        window.press(.keyboardHome)
        #expect(window.focusedName == "A")
        window.press(.keyboardEnd)
        #expect(window.focusedName == "C")
        // Tab lands back on the item last focused in the group.
        window.press(.keyboardTab)
        window.press(.keyboardTab)
        window.press(.keyboardTab)
        #expect(window.focusedName == "C")
    }

    @Test("Under right to left, reading order runs right to left, and a left arrow still goes left on screen")
    func rightToLeft() {
        let (window, _) = scene(direction: .rightToLeft)
        window.makeKey()
        #expect(window.focusedName == "C")
        window.press(.keyboardLeftArrow)
        #expect(window.focusedName == "B")
        window.press(.keyboardHome)
        #expect(window.focusedName == "C")
    }

    @Test("shouldUpdateFocus may refuse a move; didUpdateFocus and the observers hear each move once, after it")
    func vetoAndNotifications() {
        let (window, fields) = scene()
        var heard: [String] = []
        window.addFocusObserver { [unowned window] context in
            heard.append("\((context.previouslyFocusedItem as? Field)?.name ?? "-")→\((context.nextFocusedItem as? Field)?.name ?? "-") now \(window.focusedName ?? "-")")
        }
        window.makeKey()
        fields["B"]!.veto = true
        window.press(.keyboardRightArrow)
        #expect(window.focusedName == "A")
        fields["B"]!.veto = false
        window.press(.keyboardRightArrow)
        #expect(heard == ["-→A now A", "A→B now B"])
        #expect(fields["A"]!.log.filter { $0 == "gained" || $0 == "lost" } == ["gained", "lost"])
        #expect(fields["B"]!.log.filter { $0 == "gained" }.count == 1)
    }

    @Test("A focused item that is removed, hidden or can no longer be focused hands the focus on once")
    func repair() {
        let (window, fields) = scene()
        var moves = 0
        window.makeKey()
        window.addFocusObserver { _ in moves += 1 }
        fields["A"]!.removeFromSuperview()
        #expect(window.focusedName == "B")
        fields["B"]!.isHidden = true
        #expect(window.focusedName == "C")
        fields["C"]!.focusable = false
        fields["C"]!.focusabilityDidChange()
        #expect(window.focusedName == "D")
        #expect(moves == 3)
        // From inside a callback: once, after the dispatch.
        let tap = TapGestureRecognizer()
        tap.addAction { _ in fields["D"]!.removeFromSuperview() }
        window.addGestureRecognizer(tap)
        window.tap(380, 800, at: 1)
        #expect(window.focusedName == "E")
        #expect(moves == 4)
        fields["E"]!.removeFromSuperview()
        #expect(window.focusedItem == nil)
    }

    @Test("Space and Return activate the focused item; an auto-repeat does not; an adjustable steps with the arrows")
    func activation() {
        let (window, fields) = scene()
        window.makeKey()
        window.press(.keyboardSpacebar)
        window.press(.keyboardReturnOrEnter)
        window.press(.keypadEnter, .numericPad)
        window.press(.keyboardSpacebar, isRepeat: true)
        #expect(fields["A"]!.log.filter { $0 == "activated" }.count == 3)
        fields["A"]!.adjustable = true
        window.press(.keyboardRightArrow)
        window.press(.keyboardUpArrow)
        window.press(.keyboardLeftArrow)
        #expect(fields["A"]!.number == 1)
        #expect(window.focusedName == "A")
    }

    @Test("A focused adjustable steps in its own pressesBegan: a container that takes the arrows does not keep them from it, and an adjustable that takes them itself is not stepped")
    func adjustableStepsItself() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let box = Field("Box", Rect(x: 0, y: 0, width: 390, height: 400))
        box.focusable = false
        box.handlesPresses = true
        let slider = Field("A", Rect(x: 20, y: 20, width: 200, height: 44))
        slider.adjustable = true
        box.addSubview(slider)
        window.addSubview(box)
        window.makeKey()
        #expect(window.focusedName == "A")
        window.press(.keyboardDownArrow)
        window.press(.keyboardDownArrow)
        #expect(slider.number == -2)
        // The arrows stopped at the adjustable; the container heard neither.
        #expect(!box.log.contains { $0.hasPrefix("pressesBegan") })
        // Shift or Ctrl with an arrow is not a step: it goes on up the chain.
        window.press(.keyboardUpArrow, .control)
        #expect(slider.number == -2)
        #expect(box.log.contains("pressesBegan \(KeyboardHIDUsage.keyboardUpArrow.rawValue)"))
        slider.handlesPresses = true
        window.press(.keyboardUpArrow)
        #expect(slider.number == -2)
    }

    @Test("Keys go to the first responder, else the focused view, up the chain; what reaches the window navigates")
    func pressesRoute() {
        let (window, fields) = scene()
        window.makeKey()
        window.press(.keyboardA, characters: "a")
        #expect(fields["A"]!.log.suffix(2) == ["pressesBegan \(KeyboardHIDUsage.keyboardA.rawValue)", "pressesEnded"])
        #expect(fields["E"]!.becomeFirstResponder())
        #expect(window.firstResponder === fields["E"])
        fields["E"]!.handlesPresses = true
        window.press(.keyboardTab)
        // The first responder kept the Tab: the focus did not move.
        #expect(window.focusedName == "A")
        #expect(fields["E"]!.log.last == "pressesEnded")
        fields["E"]!.removeFromSuperview()
        #expect(window.firstResponder == nil)
    }

    @Test("A key command along the chain runs once and consumes its key, release included; filters come first")
    func commandsAndFilters() {
        let (window, fields) = scene()
        window.makeKey()
        var saved = 0
        let row = fields["A"]!.superview!
        let save = KeyCommand(input: "s", modifierFlags: .control, title: "Save") { _ in saved += 1 }
        fields["A"]!.commands = [save]
        window.press(.keyboardS, .control, characters: "s")
        window.press(.keyboardS, [.control, .alphaShift], characters: "S")
        window.press(.keyboardS, [.control, .shift], characters: "s")
        #expect(saved == 2)
        // Only the third (Shift does not match) reached the responders, down and up.
        #expect(fields["A"]!.log.filter { $0.hasPrefix("presses") }.count == 2)
        _ = row
        var offered: [PressPhase] = []
        let token = window.addKeyInputFilter { input in
            offered.append(input.phase)
            return input.key.keyCode == .keyboardTab
        }
        window.press(.keyboardTab)
        #expect(window.focusedName == "A")
        #expect(offered == [.began, .ended])
        window.removeKeyInputFilter(token)
        window.press(.keyboardTab)
        #expect(window.focusedName == "D")
        // F6: a plain arrow belongs to the focus system first; a command
        // for it runs only when it asks for priority over the system.
        let arrowCommand = KeyCommand(input: KeyCommand.inputDownArrow) { _ in saved += 10 }
        fields["D"]!.commands = [arrowCommand]
        window.press(.keyboardDownArrow)
        #expect(saved == 2)
        window.moveFocus(to: fields["D"]!)
        arrowCommand.wantsPriorityOverSystemBehavior = true
        window.press(.keyboardDownArrow)
        #expect(saved == 12)
        #expect(window.focusedName == "D")
    }

    @Test("A key sent from a callback is queued until the current input is done (G10)")
    func keyQueued() {
        let (window, fields) = scene()
        window.makeKey()
        var focusedInCallback: String?
        fields["A"]!.commands = [KeyCommand(input: "x") { [unowned window] _ in
            window.press(.keyboardTab)
            focusedInCallback = window.focusedName
        }]
        window.press(.keyboardX, characters: "x")
        #expect(focusedInCallback == "A")
        #expect(window.focusedName == "D")
    }

    @Test("Focus moved from inside a focus observer and a key command: no trap, no stuck focus, each heard in turn")
    func reentrantFocus() {
        let (window, fields) = scene()
        var heard: [String] = []
        window.addFocusObserver { [unowned window, unowned c = fields["C"]!] context in
            heard.append((context.nextFocusedItem as? Field)?.name ?? "-")
            if (context.nextFocusedItem as? Field)?.name == "B" { window.moveFocus(to: c) }
        }
        window.makeKey()
        window.press(.keyboardRightArrow)
        #expect(window.focusedName == "C")
        #expect(heard == ["A", "B", "C"])
        #expect(window.moveFocus(to: nil))
        #expect(window.focusedItem == nil)
        #expect(!window.moveFocus(to: View()))
    }

    @Test("Any phase order, NaN and backwards timestamps: nothing traps and time never goes back")
    func badInput() {
        let (window, _) = scene()
        window.makeKey()
        let tab = Key(keyCode: .keyboardTab)
        window.advanceTime(to: 5)
        for phase in [PressPhase.ended, .ended, .began, .began, .changed, .stationary, .cancelled, .ended] {
            window.send(KeyInput(key: tab, phase: phase, timestamp: .nan))
            window.send(KeyInput(key: Key(keyCode: KeyboardHIDUsage(rawValue: -7)), phase: phase, timestamp: 1))
            #expect(window.currentTime == 5)
        }
        window.send(KeyInput(key: tab, phase: .began, timestamp: 6))
        #expect(window.currentTime == 6)
        #expect(window.focusedItem != nil)
    }

    @Test("Linux evdev key codes map to HID usages and back")
    func evdev() {
        #expect(KeyboardHIDUsage(evdevCode: 15) == .keyboardTab)
        #expect(KeyboardHIDUsage(evdevCode: 57) == .keyboardSpacebar)
        #expect(KeyboardHIDUsage(evdevCode: 105) == .keyboardLeftArrow)
        #expect(KeyboardHIDUsage(evdevCode: 30) == .keyboardA)
        #expect(KeyboardHIDUsage(evdevCode: 96) == .keypadEnter)
        #expect(KeyboardHIDUsage(evdevCode: 100_000) == nil)
        #expect(KeyboardHIDUsage.keyboardF12.evdevCode == 88)
        #expect(KeyboardHIDUsage(rawValue: 0x300).evdevCode == nil)
        for code in 0..<256 {
            if let usage = KeyboardHIDUsage(evdevCode: code) { #expect(usage.evdevCode == code) }
        }
    }
}
