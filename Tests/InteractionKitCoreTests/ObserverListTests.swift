import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// Removing a callback frees what its closure captured; a deinitializer
/// there may register a callback with the same owner. That registration
/// must stay: the list is never swapped back over it, and no access to the
/// list is in progress while the removed closure is freed.
@Suite("Callback lists: a registration made while a removed callback is freed stays")
@MainActor
struct ObserverListTests {
    @Test("An action added as a removed action is freed is kept")
    func recognizerAction() {
        let recognizer = GestureRecognizer()
        var token: ActionToken?
        do {
            let hook = ReleaseHook { recognizer.addAction { _ in } }
            token = recognizer.addAction { _ in withExtendedLifetime(hook) {} }
        }
        recognizer.removeAction(token!)
        #expect(recognizer.hasActionsOrStateObservers)
    }

    @Test("A state observer added as a removed one is freed is kept, and hears the next change")
    func stateObserver() {
        let recognizer = GestureRecognizer()
        var heard: [GestureRecognizer.State] = []
        var token: ObserverToken?
        do {
            let hook = ReleaseHook { recognizer.addStateObserver { _, _, new in heard.append(new) } }
            token = recognizer.addStateObserver { _, _, _ in withExtendedLifetime(hook) {} }
        }
        recognizer.removeStateObserver(token!)
        #expect(recognizer.hasActionsOrStateObservers)
        recognizer.state = .failed
        #expect(heard == [.failed, .possible])
    }

    @Test("A removed state observer is not called again, not even later in the same change")
    func removedStateObserverIsSkipped() {
        let recognizer = GestureRecognizer()
        var calls: [String] = []
        let second = Box<ObserverToken>()
        recognizer.addStateObserver { recognizer, _, _ in
            calls.append("first")
            if let token = second.value { recognizer.removeStateObserver(token) }
        }
        second.value = recognizer.addStateObserver { _, _, _ in calls.append("second") }
        recognizer.state = .failed
        #expect(calls == ["first", "first"])
        #expect(recognizer.hasActionsOrStateObservers)
    }

    @Test("A window's accessibility observer added as a removed one is freed is kept")
    func windowObserver() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        var heard = 0
        var token: AccessibilityObserverToken?
        do {
            let hook = ReleaseHook { window.addAccessibilityObserver { _ in heard += 1 } }
            token = window.addAccessibilityObserver { _ in withExtendedLifetime(hook) {} }
        }
        window.removeAccessibilityObserver(token!)
        view.accessibilityLabel = "Changed"
        #expect(heard == 1)
    }
}
