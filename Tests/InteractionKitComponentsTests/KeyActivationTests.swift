import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A key activation is reported as what it is (issue 38): Return or Space
/// on a focused control, and an assistive technology's activation, send
/// `primaryActionTriggered` as UIKit does for a keyboard activation — no
/// touch event, since no touch happened.
@Suite("Key activation sends the primary action, no touch events")
@MainActor
struct KeyActivationTests {
    private func scene() -> (Window, Button, ControlEventRecorder) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let save = Button(title: "Save", frame: Rect(x: 20, y: 100, width: 120, height: 44))
        window.addSubview(save)
        window.makeKey()
        let events = ControlEventRecorder()
        events.watch(save)
        return (window, save, events)
    }

    @Test("Return and Space on a focused button: primaryActionTriggered alone, once a key, highlight untouched",
          arguments: [KeyboardHIDUsage.keyboardReturnOrEnter, .keyboardSpacebar, .keypadEnter])
    func keys(code: KeyboardHIDUsage) {
        let (window, save, events) = scene()
        #expect(window.focusedItem === save)
        window.send(KeyInput(key: Key(keyCode: code), phase: .began, timestamp: 0.5))
        #expect(!save.isHighlighted)
        window.send(KeyInput(key: Key(keyCode: code), phase: .ended, timestamp: 0.5))
        #expect(events.lines == ["0.500 Save primaryActionTriggered"])
    }

    @Test("accessibilityActivate() on a button and on a plain control: primaryActionTriggered, no touchUpInside")
    func activate() {
        let (window, save, events) = scene()
        defer { withExtendedLifetime(window) {} }
        #expect(save.accessibilityActivate())
        let control = Control(frame: Rect(x: 0, y: 0, width: 44, height: 44))
        events.watch(control, as: "control")
        #expect(control.accessibilityActivate())
        #expect(events.lines == ["0.000 Save primaryActionTriggered", "- control primaryActionTriggered"])
        save.isEnabled = false
        #expect(!save.accessibilityActivate())
        #expect(events.records.count == 2)
    }

    @Test("A tap still sends touchUpInside then the primary action; the large content viewer's lift still sends touchUpInside")
    func touchesUnchanged() throws {
        let (window, save, events) = scene()
        let fingers = TouchDriver(window)
        try fingers.tap(at: save.convert(save.bounds, to: nil).center)
        #expect(events.records.map(\.eventName) == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        events.clear()
        save.activateFromLargeContentViewer()
        #expect(events.records.map(\.eventName) == ["touchUpInside", "primaryActionTriggered"])
    }
}
