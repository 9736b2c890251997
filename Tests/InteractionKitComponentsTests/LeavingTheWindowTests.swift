import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A button that logs its tracking hooks, as "cancel nil" or "end touch".
@MainActor
private class HookLogButton: Button {
    var hooks: [String] = []
    override func endTracking(_ touch: Touch?, with event: Event?) {
        hooks.append(touch == nil ? "end nil" : "end touch")
        super.endTracking(touch, with: event)
    }
    override func cancelTracking(with event: Event?) {
        hooks.append(event == nil ? "cancel nil" : "cancel event")
        super.cancelTracking(with: event)
    }
}

/// A button that overrides `didMoveToWindow()` without calling `super`, as
/// UIKit code often does (UIKit's default does nothing).
@MainActor
private final class ForgetfulButton: HookLogButton {
    var moves = 0
    override func didMoveToWindow() { moves += 1 }
}

/// A 100 × 44 button at (100, 100) in a phone window, with every event it sends recorded.
@MainActor
private struct Scene<Kind: Button> {
    let window = Window.phone()
    let button: Kind
    private let recorder = ControlEventRecorder()
    var events: [String] { recorder.events(of: "Save") }

    init(_ make: (Rect) -> Kind) {
        button = make(Rect(x: 100, y: 100, width: 100, height: 44))
        window.addSubview(button)
        recorder.watch(button)
    }
}

/// Rule C7: a control or a tab bar that leaves its window mid-press, and
/// the hooks UIKit's `UIControl.h` documents for it.
@Suite("C7: a press ends when its control leaves the window")
@MainActor
struct LeavingTheWindowTests {
    @Test("A button removed mid-press cancels at once: cancelTracking(nil), touchCancel, no highlight, nothing later")
    func removedMidPress() {
        let scene = Scene { HookLogButton(title: "Save", frame: $0) }
        scene.window.down(150, 120, at: 0)
        scene.button.removeFromSuperview()
        #expect(scene.events == ["touchDown", "touchCancel"])
        #expect(scene.button.hooks == ["cancel nil", "end nil"])
        #expect(!scene.button.isTracking && !scene.button.isHighlighted && !scene.button.isTouchInside)
        scene.window.move(150, 400, at: 0.1)
        scene.window.up(150, 400, at: 0.2)
        #expect(scene.events == ["touchDown", "touchCancel"])
        #expect(scene.button.hooks == ["cancel nil", "end nil"])
    }

    @Test("A button put back in its window mid-press stays cancelled: the lift taps nothing")
    func removedAndPutBack() {
        let scene = Scene { Button(title: "Save", frame: $0) }
        scene.window.down(150, 120, at: 0)
        scene.button.removeFromSuperview()
        scene.window.addSubview(scene.button)
        scene.window.up(150, 120, at: 0.1)
        #expect(scene.events == ["touchDown", "touchCancel"])
    }

    @Test("A button moved to another window mid-press cancels; moved within its window, it keeps tracking")
    func movedBetweenWindows() {
        let scene = Scene { Button(title: "Save", frame: $0) }
        let holder = View(frame: scene.window.bounds)
        scene.window.insertSubview(holder, at: 0)
        scene.window.down(150, 120, at: 0)
        holder.addSubview(scene.button)
        #expect(scene.button.isTracking)
        scene.window.up(150, 120, at: 0.1)
        #expect(scene.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])

        let other = Window.phone()
        scene.window.down(150, 120, at: 1)
        other.addSubview(scene.button)
        #expect(!scene.button.isTracking && !scene.button.isHighlighted)
        scene.window.up(150, 120, at: 1.1)
        #expect(scene.events.suffix(2) == ["touchDown", "touchCancel"])
    }

    @Test("A subclass whose didMoveToWindow() skips super is still cancelled, at the touch's next event")
    func overrideWithoutSuper() {
        let scene = Scene { ForgetfulButton(title: "Save", frame: $0) }
        scene.window.down(150, 120, at: 0)
        scene.button.removeFromSuperview()
        #expect(scene.button.moves == 2)  // into the window, then out
        scene.window.up(150, 120, at: 0.1)
        #expect(scene.events == ["touchDown", "touchCancel"])
        #expect(scene.button.hooks == ["cancel nil", "end nil"])
        #expect(!scene.button.isTracking && !scene.button.isHighlighted)
    }

    @Test("A beginTracking that takes the control out of its window does not start tracking")
    func beginTrackingLeavesTheWindow() {
        final class Leaving: Button {
            override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
                removeFromSuperview()
                return true
            }
        }
        let scene = Scene { Leaving(title: "Save", frame: $0) }
        scene.window.down(150, 120, at: 0)
        #expect(!scene.button.isTracking && !scene.button.isHighlighted)
        scene.window.up(150, 120, at: 0.1)
        #expect(scene.events.isEmpty)
    }

    @Test("The default cancelTracking(with:) calls endTracking(nil, with:), with the cancel's event")
    func defaultCancelEnds() {
        final class EndLogButton: Button {
            var ends: [String] = []
            override func endTracking(_ touch: Touch?, with event: Event?) {
                ends.append("\(touch == nil ? "nil" : "touch") \(event == nil ? "nil" : "event")")
            }
        }
        let scene = Scene { EndLogButton(title: "Save", frame: $0) }
        scene.window.down(150, 120, at: 0)
        scene.window.cancel(150, 120, at: 0.1)
        #expect(scene.button.ends == ["nil event"])
        scene.window.tap(150, 120, at: 1)
        #expect(scene.button.ends == ["nil event", "touch event"])
        #expect(scene.events == ["touchDown", "touchCancel", "touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("A tab bar removed mid-press drops its highlight at once, and the lift selects nothing")
    func tabBarRemovedMidPress() {
        let scene = TabBarScene(size: .large)
        let point = scene.center(of: "Search")
        scene.window.down(point.x, point.y, at: 0)
        #expect(scene.tabBar.highlightedItem === scene.item("Search"))
        scene.tabBar.removeFromSuperview()
        #expect(scene.tabBar.highlightedItem == nil)
        scene.container.addSubview(scene.tabBar)
        scene.window.move(point.x + 1, point.y, at: 0.05)
        #expect(scene.tabBar.highlightedItem == nil)
        scene.window.up(point.x, point.y, at: 0.1)
        #expect(scene.selections.titles.isEmpty)
        #expect(scene.tabBar.selectedItem == nil)
        scene.window.tap(point.x, point.y, at: 1)
        #expect(scene.selections.titles == ["Search"])
    }

    @Test("Replacing the items ends a press on a tab that is gone: no highlight, and the lift selects nothing")
    func tabReplacedMidPress() {
        let scene = TabBarScene(size: .large)
        let point = scene.center(of: "Search")
        scene.window.down(point.x, point.y, at: 0)
        scene.tabBar.items = ["A", "B", "C", "D", "E"].map { TabBarItem(title: $0, image: nil) }
        #expect(scene.tabBar.highlightedItem == nil)
        scene.window.move(point.x + 1, point.y, at: 0.05)
        #expect(scene.tabBar.highlightedItem == nil)
        scene.window.up(point.x, point.y, at: 0.1)
        #expect(scene.selections.titles.isEmpty)
    }

    @Test("Replacing the items keeps a press on a tab that stays")
    func tabKeptMidPress() {
        let scene = TabBarScene(size: .large)
        let search = scene.item("Search")
        let point = scene.center(of: "Search")
        scene.window.down(point.x, point.y, at: 0)
        scene.tabBar.items = [TabBarItem(title: "New", image: nil)] + (scene.tabBar.items ?? [])
        #expect(scene.tabBar.highlightedItem === search)
        scene.window.up(scene.center(of: "Search").x, point.y, at: 0.1)
        #expect(scene.selections.titles == ["Search"])
    }
}
