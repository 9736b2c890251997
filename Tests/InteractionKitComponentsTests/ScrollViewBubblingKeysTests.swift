import Testing
import InteractionKitLinux
import InteractionKitTestSupport

extension Window {
    /// Presses and releases a key now.
    fileprivate func tap(_ code: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = []) {
        let key = Key(keyCode: code, modifierFlags: modifiers)
        send(KeyInput(key: key, phase: .began, timestamp: currentTime))
        send(KeyInput(key: key, phase: .ended, timestamp: currentTime))
    }
}

/// S9: the page keys and Ctrl's scrolling keys bubble up from a focused row
/// to the nearest scroll view that can move that way (GTK's scrolled window).
@Suite("Scrolling keys that bubble up from a focused descendant (S9)")
@MainActor
struct ScrollViewBubblingKeysTests {
    /// A scroll view 400 high over 2 000 points of rows, the first focused
    /// (also the scene of the S7 test in KeyboardComponentsTests).
    static func scene() -> (Window, ScrollView, [Button]) {
        let window = Window.phone()
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        scrollView.contentSize = Size(width: 390, height: 2_000)
        window.addSubview(scrollView)
        var rows: [Button] = []
        for index in 0..<20 {
            let row = Button(title: "Row \(index)", frame: Rect(x: 0, y: Double(index) * 100, width: 390, height: 60))
            scrollView.addSubview(row)
            rows.append(row)
        }
        window.makeKey()
        return (window, scrollView, rows)
    }

    @Test("Page Down and Page Up scroll by a page while a row is focused; the row keeps the focus")
    func pageKeys() {
        let (window, scrollView, rows) = Self.scene()
        #expect(window.focusedItem === rows[0])
        window.tap(.keyboardPageDown)
        #expect(scrollView.contentOffset == Point(x: 0, y: 400))
        window.tap(.keyboardPageUp)
        #expect(scrollView.contentOffset == .zero)
        #expect(window.focusedItem === rows[0])
    }

    @Test("Ctrl-End, Ctrl-Home and Ctrl with the arrows scroll; plain arrows and Home/End stay the focus's")
    func controlKeys() {
        let (window, scrollView, rows) = Self.scene()
        window.tap(.keyboardEnd, .control)
        #expect(scrollView.contentOffset == Point(x: 0, y: 1_600))
        window.tap(.keyboardHome, .control)
        #expect(scrollView.contentOffset == .zero)
        window.tap(.keyboardDownArrow, .control)
        #expect(scrollView.contentOffset == Point(x: 0, y: 40))
        window.tap(.keyboardUpArrow, .control)
        #expect(scrollView.contentOffset == .zero)
        window.tap(.keyboardEnd)
        #expect(scrollView.contentOffset == .zero, "plain End is the focus's, not the scroll view's")
        #expect(window.focusedItem === rows[0])
    }

    @Test("A scroll view that cannot move that way passes the key to the one around it")
    func nested() {
        let window = Window.phone()
        let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        outer.contentSize = Size(width: 390, height: 1_200)
        window.addSubview(outer)
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 200))
        inner.contentSize = Size(width: 390, height: 300)
        outer.addSubview(inner)
        let row = Button(title: "Row", frame: Rect(x: 0, y: 0, width: 390, height: 60))
        inner.addSubview(row)
        window.makeKey()
        #expect(window.focusedItem === row)
        window.tap(.keyboardPageDown)
        #expect(inner.contentOffset == Point(x: 0, y: 100), "the inner one moves as far as it can")
        #expect(outer.contentOffset == .zero)
        window.tap(.keyboardPageDown)
        #expect(inner.contentOffset == Point(x: 0, y: 100))
        #expect(outer.contentOffset == Point(x: 0, y: 400), "at its end, the outer one takes the key")
    }
}
