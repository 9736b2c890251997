import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A focusable view that refuses every move of the focus.
@MainActor
private final class Stubborn: View {
    var focusable = true
    var refuses = false

    override var canBecomeFocused: Bool { focusable }
    override func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool { !refuses }
}

/// Rule K4 against a veto: an item that can no longer be focused cannot keep
/// the focus by refusing to lose it (the engine fuzzer found the focus stuck).
@Suite("Focus repair is not vetoed by the item that went away (K4)")
@MainActor
struct FocusRepairVetoTests {
    /// Two views; the first has the focus and refuses every move from then on.
    private func scene() -> (Window, Stubborn, Stubborn) {
        let window = Window.phone()
        let stubborn = Stubborn(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let other = Stubborn(frame: Rect(x: 0, y: 100, width: 100, height: 40))
        window.addSubview(stubborn)
        window.addSubview(other)
        window.makeKey()
        stubborn.refuses = true
        return (window, stubborn, other)
    }

    @Test("A focused view that refuses every move still loses the focus when it stops being focusable")
    func disabled() {
        let (window, stubborn, other) = scene()
        #expect(window.focusedItem === stubborn)
        #expect(!window.moveFocus(to: other), "an ordinary move may be refused")
        stubborn.focusable = false
        stubborn.focusabilityDidChange()
        #expect(window.focusedItem === other)
    }

    @Test("Hidden or removed, a refusing focused view loses the focus; with nothing else focusable it goes to nil")
    func hiddenAndRemoved() {
        let (window, stubborn, other) = scene()
        stubborn.isHidden = true
        #expect(window.focusedItem === other)
        other.refuses = true
        other.removeFromSuperview()
        #expect(window.focusedItem == nil)
        #expect(!stubborn.isFocused && !other.isFocused)
    }
}
