import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A focusable view that runs a hook each time it gains the focus.
@MainActor
private final class Focusable: View {
    var gained = 0
    var onGain: (() -> Void)?

    override var canBecomeFocused: Bool { true }
    override func didUpdateFocus(in context: FocusUpdateContext) {
        guard context.nextFocusedItem === self else { return }
        gained += 1
        onGain?()
    }
}

/// Focus repair (rule K4) after a move inside one window, and its bound
/// (issue 37, R4-6 and R4-7).
@Suite("Focus repair: moves under a hidden ancestor, and the bound on repairs")
@MainActor
struct FocusRepairBoundTests {
    @Test("R4-6: a focused view moved under a hidden ancestor in the same window hands the focus on")
    func moveUnderHiddenAncestor() {
        let window = Window.phone()
        let focused = Focusable(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let other = Focusable(frame: Rect(x: 0, y: 100, width: 100, height: 40))
        let hidden = View(frame: Rect(x: 0, y: 200, width: 390, height: 200))
        hidden.isHidden = true
        for view in [focused, other, hidden] { window.addSubview(view) }
        window.makeKey()
        #expect(window.focusedItem === focused)
        hidden.addSubview(focused)
        #expect(!window.isFocusable(focused))
        #expect(window.focusedItem === other)
        // Keys go to the item that has the focus now.
        #expect(!focused.isFocused && other.isFocused)
    }

    @Test("R4-6: moved under a hidden ancestor from inside a callback, it is repaired once the dispatch is done")
    func moveFromCallback() {
        let window = Window.phone()
        let focused = Focusable(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let hidden = View(frame: Rect(x: 0, y: 200, width: 390, height: 200))
        hidden.isHidden = true
        window.addSubview(focused)
        window.addSubview(hidden)
        window.makeKey()
        let tap = TapGestureRecognizer()
        tap.addAction { _ in hidden.addSubview(focused) }
        window.addGestureRecognizer(tap)
        window.tap(300, 700, at: 1)
        #expect(window.focusedItem == nil)
    }

    @Test("R4-7: views that hide whichever item gains the focus cannot spin the UI thread: past the bound the focus leaves")
    func repairsAreBounded() {
        let window = Window.phone()
        let first = Focusable(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let second = Focusable(frame: Rect(x: 0, y: 100, width: 100, height: 40))
        second.isHidden = true
        window.addSubview(first)
        window.addSubview(second)
        // Each hides itself and shows the other as it gains the focus; a
        // safety valve stops them after 5 000 rounds so that a test without
        // the bound fails rather than hangs.
        var rounds = 0
        for (me, them) in [(first, second), (second, first)] {
            me.onGain = { [unowned me, unowned them] in
                rounds += 1
                guard rounds < 5_000 else { return }
                me.isHidden = true
                them.isHidden = false
            }
        }
        var heard = 0
        window.addFocusObserver { _ in heard += 1 }
        window.makeKey()
        #expect(rounds < 5_000, "repairs never stopped")
        #expect(rounds <= Window.focusRepairsPerDispatchLimit + 1)
        #expect(window.focusedItem == nil, "past the bound the focus leaves the window")
        #expect(!first.isFocused && !second.isFocused)
        // The next input starts afresh: Tab finds a focusable item again, and is bounded again.
        let before = rounds
        let tab = Key(keyCode: .keyboardTab)
        window.send(KeyInput(key: tab, phase: .began, timestamp: 1))
        window.send(KeyInput(key: tab, phase: .ended, timestamp: 1))
        #expect(rounds > before)
        #expect(rounds - before <= Window.focusRepairsPerDispatchLimit + 1)
        #expect(window.focusedItem == nil)
        #expect(heard > 0)
    }
}
