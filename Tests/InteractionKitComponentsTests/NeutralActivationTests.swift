import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A focusable view that logs what activates it.
@MainActor
private class LoggingView: View {
    var log: [String] = []
    override var canBecomeFocused: Bool { true }
}

/// A focusable view that keeps its action in `activate()` alone.
@MainActor
private final class ActionView: LoggingView {
    override func activate() -> Bool {
        log.append("activate")
        return true
    }
}

/// A focusable view that a porter gave an action the UIKit way, by
/// overriding `accessibilityActivate()` alone.
@MainActor
private final class PortedView: LoggingView {
    var callsSuper = false
    override func accessibilityActivate() -> Bool {
        log.append("accessibilityActivate")
        return callsSuper ? super.accessibilityActivate() : true
    }
    override func activate() -> Bool {
        log.append("activate")
        return false
    }
}

/// An element whose action is in `activate()`.
@MainActor
private final class ActionElement: AccessibilityElement {
    var count = 0
    override func activate() -> Bool {
        count += 1
        return true
    }
}

/// A button that refuses the assistive technologies' activation.
@MainActor
private final class RefusingButton: Button {
    override func accessibilityActivate() -> Bool { false }
}

/// A container of its own, not a `ScrollView` and not exported to screen
/// readers: it only records what it is asked to scroll by.
@MainActor
private final class Pane: View, ScrollContainer {
    var deltas: [Point] = []
    var visibleContentFrame: Rect { convert(bounds, to: nil) }
    func scrollContent(by delta: Point) -> Bool {
        deltas.append(delta)
        return true
    }
}

/// A container exported to screen readers that gives only the neutral members.
@MainActor
private final class NeutralOnlyPane: View, AccessibilityScrollContainer {
    var deltas: [Point] = []
    var visibleContentFrame: Rect { Rect(x: 1, y: 2, width: 3, height: 4) }
    func scrollContent(by delta: Point) -> Bool {
        deltas.append(delta)
        return delta.y > 0
    }
}

extension Window {
    /// Presses and releases a key at `time`.
    fileprivate func press(_ code: KeyboardHIDUsage, at time: Double = 0) {
        let key = Key(keyCode: code)
        send(KeyInput(key: key, phase: .began, timestamp: time))
        send(KeyInput(key: key, phase: .ended, timestamp: time))
    }
}

/// Issue #36: the action lives in the neutral `activate()` and the scrolling
/// in `ScrollContainer.scrollContent(by:)`; the accessibility names forward
/// to them, and are still what the keyboard and the screen readers call.
@Suite("activate() and ScrollContainer: the neutral names the accessibility ones forward to")
@MainActor
struct NeutralActivationTests {
    nonisolated static let activationKeys = [KeyboardHIDUsage.keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter]

    /// A key window whose one focusable view is `view`, focused.
    private func focused(_ view: View) -> Window {
        let window = Window.phone()
        view.frame = Rect(x: 20, y: 100, width: 120, height: 44)
        window.addSubview(view)
        window.makeKey()
        #expect(window.focusedItem === view)
        return window
    }

    /// `view` focused alone in a key window, after `code` was pressed on it.
    private func focused<V: LoggingView>(_ view: V, pressing code: KeyboardHIDUsage) -> (window: Window, view: V) {
        let window = focused(view)
        window.press(code, at: 0.5)
        return (window, view)
    }

    @Test("A view that overrides only activate() is activated by the key", arguments: activationKeys)
    func keyReachesActivate(code: KeyboardHIDUsage) {
        #expect(focused(ActionView(), pressing: code).view.log == ["activate"])
    }

    @Test("A view that overrides only activate() is activated by accessibilityActivate(); a plain view refuses both")
    func accessibilityActivateReachesActivate() {
        let view = ActionView()
        #expect(view.accessibilityActivate())
        #expect(view.log == ["activate"])
        let plain = View()
        #expect(!plain.activate())
        #expect(!plain.accessibilityActivate())
    }

    @Test("A view that overrides accessibilityActivate() is what the key calls, not activate()", arguments: activationKeys)
    func keyCallsTheAccessibilityOverride(code: KeyboardHIDUsage) {
        let (window, view) = focused(PortedView(), pressing: code)
        #expect(view.log == ["accessibilityActivate"])
        // Its super is the default, which reaches activate().
        view.callsSuper = true
        window.press(code, at: 1)
        #expect(view.log == ["accessibilityActivate", "accessibilityActivate", "activate"])
    }

    @Test("An element that overrides only activate() is activated by accessibilityActivate(); a plain element refuses")
    func elementActivation() {
        let container = View()
        let element = ActionElement(accessibilityContainer: container)
        #expect(element.accessibilityActivate())
        #expect(element.count == 1)
        let plain = AccessibilityElement(accessibilityContainer: container)
        #expect(!plain.activate())
        #expect(!plain.accessibilityActivate())
    }

    @Test("A button's activate() sends primaryActionTriggered as accessibilityActivate() does; disabled, both refuse")
    func buttonActivate() {
        let save = Button(title: "Save", frame: Rect(x: 0, y: 0, width: 120, height: 44))
        let events = ControlEventRecorder()
        events.watch(save)
        #expect(save.activate())
        #expect(save.accessibilityActivate())
        #expect(events.lines == ["- Save primaryActionTriggered", "- Save primaryActionTriggered"])
        save.isEnabled = false
        #expect(!save.activate())
        #expect(!save.accessibilityActivate())
        #expect(events.records.count == 2)
    }

    @Test("A button whose accessibilityActivate() refuses is not activated by Space, though its activate() would be")
    func refusingButton() {
        let button = RefusingButton(title: "Never", frame: .zero)
        let window = focused(button)
        let events = ControlEventRecorder()
        events.watch(button)
        window.press(.keyboardSpacebar, at: 0.5)
        #expect(events.records.isEmpty)
        #expect(button.activate())
        #expect(events.records.map(\.eventName) == ["primaryActionTriggered"])
    }

    @Test("A tab's activate() selects it as a tap does, telling the delegate once; a disabled tab and a stranger refuse")
    func tabActivate() {
        let scene = TabBarScene()
        #expect(scene.item("Search").activate())
        #expect(scene.selections.titles == ["Search"])
        #expect(scene.tabBar.selectedItem === scene.item("Search"))
        scene.item("Profile").isEnabled = false
        #expect(!scene.item("Profile").activate())
        #expect(!scene.item("Profile").accessibilityActivate())
        #expect(scene.selections.titles == ["Search"])
        #expect(!TabBarItem(title: "Stranger", image: nil).activate())
    }

    @Test("A refresh control's activate() begins refreshing once")
    func refreshActivate() {
        let scene = ScrollScene()
        let control = RefreshControl()
        scene.scrollView.refreshControl = control
        #expect(control.activate())
        #expect(control.isRefreshing)
        #expect(!control.activate())
        #expect(!control.accessibilityActivate())
    }

    nonisolated static let scrollDeltas: [Point] = [
        Point(x: 0, y: 100), Point(x: 0, y: -50), Point(x: 0, y: 10_000), Point(x: 25, y: 300),
        Point(x: 0, y: 0), Point(x: 0, y: .nan), Point(x: .infinity, y: 10),
    ]

    @Test("scrollContent(by:) moves a scroll view exactly as accessibilityScrollContent(by:) does", arguments: scrollDeltas)
    func scrollNames(delta: Point) {
        let neutral = ScrollScene()
        let accessible = ScrollScene()
        neutral.scrollView.contentOffset = Point(x: 0, y: 120)
        accessible.scrollView.contentOffset = Point(x: 0, y: 120)
        let moved = neutral.scrollView.scrollContent(by: delta)
        #expect(moved == accessible.scrollView.accessibilityScrollContent(by: delta))
        #expect(moved == (neutral.scrollView.contentOffset != Point(x: 0, y: 120)))
        #expect(neutral.scrollView.contentOffset == accessible.scrollView.contentOffset)
        #expect(neutral.delegate.calls == accessible.delegate.calls)
        #expect(neutral.delegate.offsets == accessible.delegate.offsets)
        #expect(neutral.scrollView.visibleContentFrame == accessible.scrollView.accessibilityVisibleFrame)
    }

    @Test("A scroll container that is not exported to screen readers still scrolls a focused item into view")
    func focusScrollsAPlainContainer() {
        let window = Window.phone()
        let pane = Pane(frame: Rect(x: 0, y: 0, width: 390, height: 100))
        // One item inside the visible 100 points, one 200 points below them.
        let items = [10.0, 300].map { ActionView(frame: Rect(x: 0, y: $0, width: 100, height: 40)) }
        for item in items { pane.addSubview(item) }
        window.addSubview(pane)
        window.makeKey()
        #expect(window.focusedItem === items[0])
        #expect(pane.deltas.isEmpty)
        #expect(window.moveFocus(to: items[1]))
        #expect(pane.deltas == [Point(x: 0, y: 240)])
    }

    @Test("An accessibility scroll container that gives only the neutral members forwards its accessibility ones to them")
    func accessibilityDefaultsForward() {
        let pane = NeutralOnlyPane()
        #expect(pane.accessibilityVisibleFrame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(pane.accessibilityScrollContent(by: Point(x: 0, y: 5)))
        #expect(!pane.accessibilityScrollContent(by: Point(x: 0, y: -5)))
        #expect(pane.deltas == [Point(x: 0, y: 5), Point(x: 0, y: -5)])
    }
}
