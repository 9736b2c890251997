import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A control whose `beginTracking` cancels the very touch it is asked about.
@MainActor
private final class CancellingControl: Control {
    var cancelsOnBegin = true
    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        if cancelsOnBegin {
            cancelsOnBegin = false
            window?.cancelAllTouches()
        }
        return true
    }
}

/// Components whose hooks re-enter the engine (issue 24's random harness).
@Suite("Components under re-entrant callbacks")
@MainActor
struct ReentrantComponentTests {
    @Test("A control whose beginTracking cancels the touch ends its tracking with touchCancel and takes the next tap")
    func beginTrackingCancels() {
        let window = Window.phone()
        let control = CancellingControl(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        var events: [String] = []
        for event: ControlEvents in [.touchDown, .touchUpInside, .touchCancel] {
            control.addAction(for: event) { _ in events += event.names }
        }
        window.down(50, 50, at: 0)
        #expect(!control.isTracking)
        #expect(!control.isHighlighted)
        #expect(events == ["touchDown", "touchCancel"])
        #expect(window.activeTouchCount == 0)
        window.tap(50, 50, at: 1)
        #expect(events == ["touchDown", "touchCancel", "touchDown", "touchUpInside"])
    }

    @Test("A control whose beginTracking disables it does not start tracking, and sends nothing")
    func beginTrackingDisables() {
        final class Disabling: Control {
            override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
                isEnabled = false
                return true
            }
        }
        let window = Window.phone()
        let control = Disabling(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        var events: [String] = []
        control.addAction(for: .allEvents) { _, event in events += event.names }
        window.down(50, 50, at: 0)
        #expect(!control.isTracking && !control.isHighlighted)
        window.up(50, 50, at: 0.1)
        #expect(events.isEmpty)
    }

    @Test("A tab that an accessibility observer removes while it is being selected is not reported to the delegate")
    func tabRemovedDuringSelection() {
        let scene = TabBarScene(size: .large)
        let search = scene.item("Search")
        _ = search.accessibilityElement
        scene.window.addAccessibilityObserver { [weak tabBar = scene.tabBar] _ in
            guard let tabBar, tabBar.items?.contains(where: { $0 === search }) == true else { return }
            tabBar.items = tabBar.items?.filter { $0 !== search }
        }
        let point = scene.center(of: "Search")
        scene.window.tap(point.x, point.y, at: 0)
        #expect(scene.selections.titles == [])
        #expect(scene.tabBar.selectedItem == nil)
    }

    @Test("A toolbar keeps the buttons it was given inline, in every build")
    func toolbarKeepsInlineButtons() {
        let toolbar = Toolbar(
            frame: Rect(x: 0, y: 0, width: 200, height: 44),
            buttons: [Button(title: "Back"), Button(title: "Share")]
        )
        #expect(toolbar.buttons.map(\.title) == ["Back", "Share"])
        #expect(toolbar.subviews.count == 2)
        toolbar.buttons = [Button(title: "Done")]
        #expect(toolbar.buttons.map(\.title) == ["Done"])
        #expect(toolbar.subviews.count == 1)
    }
}
