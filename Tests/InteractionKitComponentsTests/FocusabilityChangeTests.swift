import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A component whose `canBecomeFocused` follows state it owns tells the
/// focus system when that state changes (issue 37, R4-5): a focused scroll
/// view that can no longer be focused hands the focus on, and one that
/// becomes focusable is reached by Tab.
@Suite("A component's focusability changes reach the focus system (R4-5)")
@MainActor
struct FocusabilityChangeTests {
    /// A window with a button at the top and a 390 × 400 scroll view below
    /// it holding one plain (unfocusable) view; the content is 2 000 points tall.
    private func scene() -> (Window, Button, ScrollView) {
        let window = Window.phone()
        let button = Button(title: "Save", frame: Rect(x: 0, y: 0, width: 120, height: 44))
        let scrollView = ScrollView(frame: Rect(x: 0, y: 100, width: 390, height: 400))
        scrollView.contentSize = Size(width: 390, height: 2_000)
        scrollView.addSubview(View(frame: Rect(x: 0, y: 0, width: 390, height: 2_000)))
        window.addSubview(button)
        window.addSubview(scrollView)
        window.makeKey()
        return (window, button, scrollView)
    }

    private func tab(_ window: Window) {
        let key = Key(keyCode: .keyboardTab)
        window.send(KeyInput(key: key, phase: .began, timestamp: window.currentTime))
        window.send(KeyInput(key: key, phase: .ended, timestamp: window.currentTime))
    }

    @Test("A focused scroll view whose scrolling is turned off hands the focus on")
    func scrollingTurnedOff() {
        let (window, button, scrollView) = scene()
        window.moveFocus(to: scrollView)
        #expect(window.focusedItem === scrollView)
        scrollView.isScrollEnabled = false
        #expect(!window.isFocusable(scrollView))
        #expect(window.focusedItem === button)
    }

    @Test("A focused scroll view whose content shrinks to fit, or whose bounds grow to hold it, hands the focus on")
    func contentFits() {
        let (window, button, scrollView) = scene()
        window.moveFocus(to: scrollView)
        scrollView.contentSize = Size(width: 390, height: 300)
        #expect(window.focusedItem === button)

        let (other, otherButton, otherScroll) = scene()
        other.moveFocus(to: otherScroll)
        otherScroll.frame = Rect(x: 0, y: 100, width: 390, height: 2_500)
        #expect(other.focusedItem === otherButton)
    }

    @Test("A focused scroll view that gains focusable content hands the focus on")
    func focusableContentAdded() {
        let (window, _, scrollView) = scene()
        window.moveFocus(to: scrollView)
        let row = Button(title: "Row", frame: Rect(x: 0, y: 0, width: 390, height: 60))
        scrollView.addSubview(row)
        #expect(window.focusedItem.map { window.isFocusable($0) } ?? true)
        #expect(window.focusedItem !== scrollView)
    }

    @Test("A scroll view whose content grows past its bounds is reached by Tab; turned back on, too")
    func becomesFocusable() {
        let (window, button, scrollView) = scene()
        scrollView.contentSize = Size(width: 390, height: 300)
        tab(window)
        #expect(window.focusedItem === button, "the scroll view cannot be focused: Tab wraps to the button")
        scrollView.contentSize = Size(width: 390, height: 2_000)
        tab(window)
        #expect(window.focusedItem === scrollView)
        scrollView.isScrollEnabled = false
        #expect(window.focusedItem === button)
        scrollView.isScrollEnabled = true
        tab(window)
        #expect(window.focusedItem === scrollView)
        // Content that fits, with an inset that lets it move: focusable again.
        scrollView.contentSize = Size(width: 390, height: 300)
        #expect(window.focusedItem === button)
        scrollView.contentInset = EdgeInsets(top: 0, left: 0, bottom: 200, right: 0)
        tab(window)
        #expect(window.focusedItem === scrollView)
    }
}
