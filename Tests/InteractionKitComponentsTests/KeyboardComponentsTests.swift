import Testing
import InteractionKitLinux
import InteractionKitTestSupport

extension Window {
    /// Presses and releases a key now.
    fileprivate func press(_ code: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = [], isRepeat: Bool = false) {
        let key = Key(keyCode: code, modifierFlags: modifiers)
        send(KeyInput(key: key, phase: .began, timestamp: currentTime, isRepeat: isRepeat))
        send(KeyInput(key: key, phase: .ended, timestamp: currentTime))
    }
}

/// Keys and focus on the components (K2–K5, S7): tab bars, toolbars, buttons, scroll views.
@Suite("Keyboard and focus on components")
@MainActor
struct KeyboardComponentsTests {
    /// A button above the standard tab bar scene's bar, and the window made key.
    private func scene() -> (TabBarScene, Button, [String]) {
        let scene = TabBarScene(size: .large)
        scene.tabBar.selectedItem = scene.item("Search")
        let save = Button(title: "Save", frame: Rect(x: 20, y: 100, width: 100, height: 44))
        scene.container.addSubview(save)
        var events: [String] = []
        save.addAction(for: .primaryActionTriggered) { _ in events.append("Save primary") }
        scene.window.makeKey()
        return (scene, save, events)
    }

    private func focusedTitle(_ window: Window) -> String? {
        if let tab = window.focusedItem as? TabBarItem { return tab.title }
        if let button = window.focusedItem as? Button { return button.title }
        return nil
    }

    @Test("Becoming key focuses the first group: the button above the tab bar; Tab reaches the bar on its selected tab")
    func initialAndTab() {
        let (scene, save, _) = scene()
        #expect(scene.window.focusedItem === save)
        #expect(save.isFocused)
        scene.window.press(.keyboardTab)
        #expect(focusedTitle(scene.window) == "Search")
        #expect(scene.item("Search").isFocused)
        scene.window.press(.keyboardRightArrow)
        #expect(focusedTitle(scene.window) == "Now Playing")
        scene.window.press(.keyboardEnd)
        #expect(focusedTitle(scene.window) == "Settings")
        scene.window.press(.keyboardRightArrow)
        #expect(focusedTitle(scene.window) == "Settings")
        scene.window.press(.keyboardTab, .shift)
        #expect(scene.window.focusedItem === save)
        // Back in the bar, Tab lands on the tab last focused there.
        scene.window.press(.keyboardTab)
        #expect(focusedTitle(scene.window) == "Settings")
    }

    @Test("Space on a tab selects it and tells the delegate once; Return on a button runs its primary action; repeats never do")
    func activation() {
        let (scene, _, _) = scene()
        var primary = 0
        (scene.window.focusedItem as? Button)?.addAction { _ in primary += 1 }
        scene.window.press(.keyboardReturnOrEnter)
        scene.window.press(.keyboardReturnOrEnter, isRepeat: true)
        #expect(primary == 1)
        scene.window.press(.keyboardTab)
        scene.window.press(.keyboardLeftArrow)
        #expect(focusedTitle(scene.window) == "Home")
        scene.window.press(.keyboardSpacebar)
        scene.window.press(.keyboardSpacebar, isRepeat: true)
        #expect(scene.selections.titles == ["Home"])
        #expect(scene.tabBar.selectedItem === scene.item("Home"))
    }

    @Test("A disabled tab is skipped; disabling the focused tab or button hands the focus on; removing a tab does too")
    func disabledAndRepair() {
        let (scene, save, _) = scene()
        scene.item("Now Playing").isEnabled = false
        scene.window.press(.keyboardTab)
        scene.window.press(.keyboardRightArrow)
        #expect(focusedTitle(scene.window) == "Profile")
        scene.item("Profile").isEnabled = false
        #expect(focusedTitle(scene.window) == "Settings")
        scene.tabBar.items = scene.tabBar.items?.filter { $0.title != "Settings" }
        #expect(scene.window.focusedItem === save)
        save.isEnabled = false
        #expect(focusedTitle(scene.window) == "Home" || focusedTitle(scene.window) == "Search")
    }

    @Test("A tap on a tab or a button moves the focus there, when the window is key and focus follows touch")
    func focusFollowsTouch() {
        let (scene, save, _) = scene()
        let point = scene.center(of: "Profile")
        scene.window.tap(point.x, point.y, at: 1)
        #expect(focusedTitle(scene.window) == "Profile")
        scene.window.tap(70, 120, at: 2)
        #expect(scene.window.focusedItem === save)
        scene.window.focusFollowsTouch = false
        scene.window.tap(point.x, point.y, at: 3)
        #expect(scene.window.focusedItem === save)
        scene.window.focusFollowsTouch = true
        scene.window.resignKey()
        scene.window.tap(point.x, point.y, at: 4)
        #expect(scene.window.focusedItem === save)
    }

    @Test("The large content viewer's lift on a tab moves the focus there")
    func viewerLiftFocuses() {
        let scene = TabBarScene(size: .accessibilityLarge)
        scene.window.makeKey()
        #expect(focusedTitle(scene.window) == "Home")
        scene.pressAndSlide(from: "Home", to: "Profile", start: 1)
        #expect(scene.selections.titles == ["Profile"])
        #expect(focusedTitle(scene.window) == "Profile")
    }

    @Test("A focused scroll view scrolls with the arrows (40 points), Page Down (a page) and Home/End (S7)")
    func scrollViewKeys() {
        let window = Window.phone()
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        scrollView.contentSize = Size(width: 390, height: 2_000)
        window.addSubview(scrollView)
        window.makeKey()
        #expect(window.focusedItem === scrollView)
        window.press(.keyboardDownArrow)
        #expect(scrollView.contentOffset == Point(x: 0, y: 40))
        window.press(.keyboardPageDown)
        #expect(scrollView.contentOffset == Point(x: 0, y: 440))
        window.press(.keyboardEnd)
        #expect(scrollView.contentOffset == Point(x: 0, y: 1_600))
        window.press(.keyboardDownArrow)
        #expect(scrollView.contentOffset == Point(x: 0, y: 1_600))
        window.press(.keyboardHome)
        #expect(scrollView.contentOffset == .zero)
        #expect(window.focusedItem === scrollView)
    }

    @Test("A focus move scrolls the new focused item into view, as little as needed (S7)")
    func focusScrollsIntoView() {
        let (window, scrollView, rows) = ScrollViewBubblingKeysTests.scene()
        #expect(window.focusedItem === rows[0])
        for _ in 0..<4 { window.press(.keyboardTab) }
        #expect(window.focusedItem === rows[4])
        // Row 4 spans 400…460: the content moves up by 60.
        #expect(scrollView.contentOffset == Point(x: 0, y: 60))
        window.moveFocus(to: rows[1])
        #expect(scrollView.contentOffset == Point(x: 0, y: 60))
        window.moveFocus(to: rows[0])
        #expect(scrollView.contentOffset == .zero)
    }
}
