import Testing
import InteractionKitCore
import InteractionKitTestSupport

/// A focusable view that can be the first responder and logs the presses
/// it hears, and hands none on (so what it logs is its own).
@MainActor
private final class KeyHolder: View {
    let name: String
    var log: [String] = []
    /// Runs inside `pressesBegan`, after the log.
    var onBegan: (() -> Void)?
    /// Runs inside `pressesCancelled`, after the log.
    var onCancelled: (() -> Void)?

    init(_ name: String, y: Double) {
        self.name = name
        super.init(frame: Rect(x: 0, y: y, width: 100, height: 40))
    }

    override var canBecomeFocused: Bool { true }
    override var canBecomeFirstResponder: Bool { true }
    var commands: [KeyCommand]?
    override var keyCommands: [KeyCommand]? { commands }

    private func note(_ phase: String, _ presses: Set<Press>) {
        for press in presses {
            log.append("\(phase) \(press.key?.keyCode.rawValue ?? -1)")
        }
    }

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        note("began", presses)
        onBegan?()
    }
    override func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) { note("changed", presses) }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) { note("ended", presses) }
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        note("cancelled", presses)
        onCancelled?()
    }
}

/// A press ends with the responder that began it, as in UIKit (issue 37,
/// R4-1 to R4-3): the release goes to the view that heard the key go down,
/// whoever is first responder or focused by then, and that view hears
/// `pressesCancelled` when the end can no longer reach it.
@Suite("A press ends with the responder that began it")
@MainActor
struct PressResponderTests {
    private let a = KeyboardHIDUsage.keyboardA.rawValue

    private func scene() -> (Window, KeyHolder, KeyHolder) {
        let window = Window.phone()
        let first = KeyHolder("first", y: 0)
        let second = KeyHolder("second", y: 100)
        window.addSubview(first)
        window.addSubview(second)
        window.makeKey()
        return (window, first, second)
    }

    private func send(_ window: Window, _ code: KeyboardHIDUsage, _ phase: PressPhase, isRepeat: Bool = false) {
        window.send(KeyInput(key: Key(keyCode: code), phase: phase, timestamp: window.currentTime, isRepeat: isRepeat))
    }

    @Test("R4-1: a responder that loses first responder in its pressesBegan still hears the release; the new one hears nothing")
    func releaseFollowsThePress() {
        let (window, first, second) = scene()
        #expect(first.becomeFirstResponder())
        first.onBegan = { [unowned second] in second.becomeFirstResponder() }
        send(window, .keyboardA, .began)
        #expect(window.firstResponder === second)
        send(window, .keyboardA, .ended)
        #expect(first.log == ["began \(a)", "ended \(a)"])
        #expect(second.log.isEmpty)
    }

    @Test("R4-1: a focus move between the key going down and up does not move the release")
    func releaseStaysAfterFocusMove() {
        let (window, first, second) = scene()
        #expect(window.focusedItem === first)
        send(window, .keyboardA, .began)
        window.moveFocus(to: second)
        send(window, .keyboardA, .ended)
        #expect(first.log == ["began \(a)", "ended \(a)"])
        #expect(second.log.isEmpty)
    }

    @Test("R4-2: a responder that leaves the window with a key down hears pressesCancelled; the release goes nowhere")
    func leavingCancels() {
        let (window, first, second) = scene()
        #expect(first.becomeFirstResponder())
        send(window, .keyboardA, .began)
        first.removeFromSuperview()
        #expect(first.log == ["began \(a)", "cancelled \(a)"])
        window.moveFocus(to: second)
        send(window, .keyboardA, .ended)
        #expect(first.log == ["began \(a)", "cancelled \(a)"])
        #expect(second.log.isEmpty)
    }

    @Test("A key sent while a subtree leaves the window runs once it has left: no view inside hears a press it cannot end")
    func keySentWhileLeaving() {
        let window = Window.phone()
        let container = View(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        let holder = KeyHolder("holder", y: 0)
        let focused = KeyHolder("focused", y: 100)
        container.addSubview(holder)
        container.addSubview(focused)
        window.addSubview(container)
        window.makeKey()
        #expect(holder.becomeFirstResponder())
        send(window, .keyboardA, .began)
        window.moveFocus(to: focused)
        #expect(holder.resignFirstResponder())
        // Told of the cancel as the container leaves, the holder sends another key.
        holder.onCancelled = { [unowned window] in
            window.send(KeyInput(key: Key(keyCode: .keyboardB), phase: .began, timestamp: window.currentTime))
        }
        container.removeFromSuperview()
        #expect(holder.log == ["began \(a)", "cancelled \(a)"])
        #expect(focused.log.isEmpty, "the key ran before the container had left: \(focused.log)")
    }

    @Test("R4-3: a key-input filter that consumes the release of a press it let through cancels the press")
    func filterTakingTheRelease() {
        let (window, first, _) = scene()
        window.addKeyInputFilter { input in input.phase == .ended }
        send(window, .keyboardA, .began)
        send(window, .keyboardA, .ended)
        #expect(first.log == ["began \(a)", "cancelled \(a)"])
    }

    @Test("A key command that takes a repeat of a key already heard down cancels the press")
    func commandTakingARepeat() {
        let (window, first, _) = scene()
        let key = Key(keyCode: .keyboardA, characters: "a", charactersIgnoringModifiers: "a")
        window.send(KeyInput(key: key, phase: .began, timestamp: 0))
        var ran = 0
        first.commands = [KeyCommand(input: "a") { _ in ran += 1 }]
        window.send(KeyInput(key: key, phase: .began, timestamp: 0.5, isRepeat: true))
        window.send(KeyInput(key: key, phase: .ended, timestamp: 0.6))
        #expect(ran == 1)
        #expect(first.log == ["began \(a)", "cancelled \(a)"])
    }

    @Test("A key a filter took going down, whose release never came, does not swallow the release of its next press")
    func staleConsumedKey() {
        let (window, first, _) = scene()
        let token = window.addKeyInputFilter { input in input.phase == .began }
        send(window, .keyboardA, .began)
        window.removeKeyInputFilter(token)
        send(window, .keyboardA, .began)
        send(window, .keyboardA, .ended)
        #expect(first.log == ["began \(a)", "ended \(a)"])
    }

    @Test("The window losing the keyboard cancels the presses down: their releases go to another window")
    func resignKeyCancels() {
        let (window, first, _) = scene()
        send(window, .keyboardA, .began)
        window.resignKey()
        #expect(first.log == ["began \(a)", "cancelled \(a)"])
        window.makeKey()
        send(window, .keyboardA, .ended)
        #expect(first.log == ["began \(a)", "cancelled \(a)"])
    }

    @Test("A second key-down of a key that is down cancels the first press; a repeat goes to the press's responder")
    func twiceDownAndRepeats() {
        let (window, first, second) = scene()
        send(window, .keyboardA, .began)
        window.moveFocus(to: second)
        send(window, .keyboardA, .began, isRepeat: true)
        #expect(first.log == ["began \(a)", "began \(a)"])
        #expect(second.log.isEmpty)
        send(window, .keyboardA, .began)
        #expect(first.log == ["began \(a)", "began \(a)", "cancelled \(a)"])
        #expect(second.log == ["began \(a)"])
        send(window, .keyboardA, .ended)
        #expect(second.log == ["began \(a)", "ended \(a)"])
    }

    @Test("A release of a key that is not down reaches no responder")
    func strayRelease() {
        let (window, first, _) = scene()
        send(window, .keyboardA, .ended)
        send(window, .keyboardA, .cancelled)
        send(window, .keyboardA, .changed)
        #expect(first.log.isEmpty)
    }

    @Test("Past 16 keys down, the oldest press is cancelled at its responder, so every press still ends")
    func oldestCancelled() {
        let (window, first, _) = scene()
        let codes = (0..<17).map { KeyboardHIDUsage(rawValue: KeyboardHIDUsage.keyboardA.rawValue + $0) }
        for code in codes { send(window, code, .began) }
        #expect(first.log.suffix(2) == ["cancelled \(a)", "began 20"])
        for code in codes { send(window, code, .ended) }
        let begun = first.log.filter { $0.hasPrefix("began") }.count
        let finished = first.log.filter { $0.hasPrefix("ended") || $0.hasPrefix("cancelled") }.count
        #expect(begun == 17 && finished == 17)
        #expect(first.log.filter { $0 == "ended \(a)" }.isEmpty)
    }
}
