import Testing
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Tabs select like UIKit's tab bar buttons (T5); the viewer backs off (L8), follows several gestures (L10) and lifts over controls (L11)")
@MainActor
struct TabSelectionAndBackOffTests {
    @Test("T5: a 21-point drag inside a tab selects it")
    func dragInsideSelects() {
        let scene = TabBarScene(size: .large)
        let home = scene.center(of: "Home")
        scene.window.down(home.x - 10, home.y, at: 0)
        scene.window.move(home.x + 11, home.y, at: 0.1)
        scene.window.up(home.x + 11, home.y, at: 0.2)
        #expect(scene.selections.titles == ["Home"])
    }

    @Test("T5: a slip from Home into Search's slot still selects Home, the tab the finger went down on")
    func slipSelectsTheFirstTab() {
        let scene = TabBarScene(size: .large)
        let home = scene.center(of: "Home")
        let edge = scene.tabBar.convert(scene.tabBar.frame(for: scene.item("Home"))!, to: nil).maxX
        scene.window.down(edge - 2, home.y, at: 0)
        scene.window.up(edge + 2, home.y, at: 0.1)
        #expect(scene.selections.titles == ["Home"])
    }

    @Test("T5: lifting beyond the tab's grown slot selects nothing; the highlight follows the finger")
    func liftFarAway() {
        let scene = TabBarScene(size: .large)
        let home = scene.center(of: "Home")
        scene.window.down(home.x, home.y, at: 0)
        #expect(scene.tabBar.highlightedItem === scene.item("Home"))
        scene.window.move(home.x, home.y - 200, at: 0.1)
        #expect(scene.tabBar.highlightedItem == nil)
        scene.window.up(home.x, home.y - 200, at: 0.2)
        #expect(scene.selections.titles.isEmpty)
    }

    @Test("T5: at accessibility sizes the viewer's lift selects once, and the tab's own tracking was cancelled")
    func viewerTakesOver() {
        let scene = TabBarScene()
        scene.pressAndSlide(from: "Home", to: "Search", steps: 2)
        #expect(scene.selections.titles == ["Search"])
    }

    @Test("T5: with the viewer's cancelsTouchesInView off, its lift still wins and the tab's touch-up selects nothing")
    func viewerWithoutCancelling() {
        let scene = TabBarScene()
        scene.tabBar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship.cancelsTouchesInView = false
        scene.pressAndSlide(from: "Home", to: "Home", steps: 1)
        #expect(scene.selections.titles == ["Home"])
    }

    @Test("L8: a pan allowed alongside the viewer makes it back off: HUD hidden, nothing selected")
    func backOff() {
        let scene = TabBarScene()
        let pan = PanGestureRecognizer()
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = true
        pan.delegate = delegate
        scene.tabBar.addGestureRecognizer(pan)
        let home = scene.center(of: "Home")
        let search = scene.center(of: "Search")
        scene.window.down(home.x, home.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        #expect(scene.window.largeContentViewerPresentation?.title == "Home")
        scene.window.move(search.x, search.y, at: 0.4)  // the pan begins
        #expect(pan.state == .began)
        #expect(scene.window.largeContentViewerPresentation == nil)
        scene.window.up(search.x, search.y, at: 0.5)
        #expect(scene.selections.titles.isEmpty)
    }

    @Test("L8: a pan that began before the viewer's press keeps the viewer from beginning")
    func backOffBefore() {
        let scene = TabBarScene()
        let pan = PanGestureRecognizer()
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = true
        pan.delegate = delegate
        scene.tabBar.addGestureRecognizer(pan)
        let home = scene.center(of: "Home")
        scene.window.down(home.x, home.y, at: 0)
        scene.window.move(home.x + 15, home.y, at: 0.05)
        scene.window.advanceTime(to: 0.3)
        #expect(scene.window.largeContentViewerPresentation == nil)
        scene.window.up(home.x + 15, home.y, at: 0.4)
        #expect(scene.hud.lines.isEmpty)
    }

    /// A change made under a still finger on Home, and the tab the HUD then shows (nil: hidden), which the lift selects.
    enum StaleChange: Sendable, CaseIterable, CustomTestStringConvertible {
        case rightToLeft, homeDisabled, tabBarMovedOneSlotLeft, ancestorMovedAway

        var hudAfter: String? {
            switch self {
            case .rightToLeft: "Settings"
            case .homeDisabled, .ancestorMovedAway: nil
            case .tabBarMovedOneSlotLeft: "Search"
            }
        }

        var testDescription: String {
            switch self {
            case .rightToLeft: "a switch to right-to-left shows Settings"
            case .homeDisabled: "disabling the tab hides the HUD"
            case .tabBarMovedOneSlotLeft: "the tab bar moved one slot left (same size) shows Search, the tab now under it"
            case .ancestorMovedAway: "an ancestor moved so that the tab bar leaves the finger hides the HUD"
            }
        }
    }

    @Test("L9: a change under a still finger updates the HUD to what a lift would select, and the lift selects that (or nothing)",
          arguments: StaleChange.allCases)
    func staleUnderStillFinger(_ change: StaleChange) {
        let scene = TabBarScene()
        scene.changeMidGesture(hudAfter: change.hudAfter) {
            switch change {
            case .rightToLeft: scene.window.semanticLayoutDirection = .rightToLeft
            case .homeDisabled: scene.item("Home").isEnabled = false
            case .tabBarMovedOneSlotLeft: scene.tabBar.frame.origin.x -= 78
            case .ancestorMovedAway: scene.container.frame.origin.y -= 100
            }
        }
        #expect(scene.selections.titles == (change.hudAfter.map { [$0] } ?? []))
    }

    /// A window at an accessibility size with tabs A and B at the top and C and D at the bottom.
    private static func windowWithTwoTabBars() -> Window {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        let top = TabBar(frame: Rect(x: 0, y: 0, width: 390, height: 49))
        top.items = ["A", "B"].map { TabBarItem(title: $0, image: nil) }
        let bottom = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
        bottom.items = ["C", "D"].map { TabBarItem(title: $0, image: nil) }
        window.addSubview(top)
        window.addSubview(bottom)
        return window
    }

    @Test("L10: with two viewer gestures at once, the HUD shows the latest, then falls back to the other")
    func twoGestures() {
        let window = Self.windowWithTwoTabBars()
        window.down(50, 20, at: 0, id: 0)
        window.advanceTime(to: 0.2)
        #expect(window.largeContentViewerPresentation?.title == "A")
        window.down(50, 820, at: 0.3, id: 1)
        window.advanceTime(to: 0.5)
        #expect(window.largeContentViewerPresentation?.title == "C")
        window.up(50, 820, at: 0.6, id: 1)
        #expect(window.largeContentViewerPresentation?.title == "A")
        window.up(50, 20, at: 0.7, id: 0)
        #expect(window.largeContentViewerPresentation == nil)
    }

    @Test("L10: a gesture the HUD no longer shows takes it back on its next move, even within its tab")
    func twoGesturesMoveWithinSlot() {
        let window = Self.windowWithTwoTabBars()
        window.down(50, 20, at: 0, id: 0)
        window.advanceTime(to: 0.2)
        // Moves within A's slot, which A's recognizer skips while A shows.
        window.move(55, 20, at: 0.25, id: 0)
        #expect(window.largeContentViewerPresentation?.title == "A")
        window.down(50, 820, at: 0.3, id: 1)
        window.advanceTime(to: 0.5)
        #expect(window.largeContentViewerPresentation?.title == "C")
        window.move(60, 20, at: 0.55, id: 0)
        #expect(window.largeContentViewerPresentation?.title == "A")
        window.move(55, 820, at: 0.6, id: 1)
        #expect(window.largeContentViewerPresentation?.title == "C")
    }

    @Test("L11: a viewer lift over a button sends touchUpInside and its primary action")
    func liftOverButton() {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        let button = Button(title: "Save")
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 390, height: 44), buttons: [button])
        window.addSubview(toolbar)
        var events: [String] = []
        button.addAction(for: .touchUpInside) { _ in events.append("touchUpInside") }
        button.addAction { _ in events.append("primary") }
        window.down(100, 20, at: 0)
        window.advanceTime(to: 0.3)
        #expect(window.largeContentViewerPresentation?.title == "Save")
        window.up(100, 20, at: 0.4)
        #expect(events == ["touchUpInside", "primary"])
    }
}
