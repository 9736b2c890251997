import Testing
@testable import InteractionKitLargeContentViewer
@testable import InteractionKitCore
import InteractionKitLinux
import InteractionKitTestSupport

/// A delegate that records calls and answers from a closure.
@MainActor
final class RecordingLCVDelegate: LargeContentViewerInteractionDelegate {
    var lookup: (Point) -> (any LargeContentViewerItem)? = { _ in nil }
    private(set) var itemAtCalls = 0
    private(set) var ends: [(title: String?, point: Point)] = []

    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)? {
        itemAtCalls += 1
        return lookup(point)
    }

    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, didEndOn item: (any LargeContentViewerItem)?, at point: Point
    ) {
        ends.append((item?.largeContentTitle, point))
    }
}

/// A delegate that implements only itemAt, so the default end runs.
@MainActor
final class LookupOnlyDelegate: LargeContentViewerInteractionDelegate {
    let item: any LargeContentViewerItem
    init(item: any LargeContentViewerItem) { self.item = item }
    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)? { item }
}

@Suite("Large content viewer (L1–L7)")
@MainActor
struct LargeContentViewerTests {
    /// A 300 × 60 strip with three 100-point views labelled A, B, C, under an interaction.
    private func strip(size: ContentSizeCategory = .accessibilityMedium, delegate: (any LargeContentViewerInteractionDelegate)? = nil)
        -> (Window, View, [View], LargeContentViewerInteraction, HUDLog) {
        let window = Window.phone()
        window.preferredContentSizeCategory = size
        let strip = View(frame: Rect(x: 0, y: 100, width: 300, height: 60))
        var cells: [View] = []
        for (index, title) in ["A", "B", "C"].enumerated() {
            let cell = View(frame: Rect(x: Double(index) * 100, y: 0, width: 100, height: 60))
            cell.showsLargeContentViewer = true
            cell.largeContentTitle = title
            strip.addSubview(cell)
            cells.append(cell)
        }
        window.addSubview(strip)
        let interaction = LargeContentViewerInteraction(delegate: delegate)
        strip.addInteraction(interaction)
        return (window, strip, cells, interaction, HUDLog(window))
    }

    @Test("Views are items with UIKit's defaults: nothing shown until asked")
    func viewDefaults() {
        let view = View()
        #expect(!view.showsLargeContentViewer)
        #expect(view.largeContentTitle == nil && view.largeContentImage == nil)
        #expect(!view.scalesLargeContentImage)
        #expect(view.largeContentImageInsets == .zero)
        let button = Button(title: "Play", image: Image(name: "play"))
        #expect(button.largeContentTitle == "Play" && button.largeContentImage == Image(name: "play"))
        button.largeContentTitle = "Play episode"
        #expect(button.largeContentTitle == "Play episode")
        #expect(!button.showsLargeContentViewer)
    }

    @Test("L1: enabled only at accessibility sizes; otherwise it never begins")
    func l1Enabled() {
        let (window, _, _, interaction, hud) = strip(size: .extraExtraExtraLarge)
        #expect(!interaction.isEnabled)
        window.down(50, 120, at: 0)
        window.advanceTime(to: 1)
        window.up(50, 120, at: 1.1)
        #expect(hud.lines.isEmpty)
        #expect(interaction.gestureRecognizerForExclusionRelationship.state == .possible)
        window.preferredContentSizeCategory = .accessibilityMedium
        #expect(interaction.isEnabled)
        let detached = LargeContentViewerInteraction()
        #expect(!detached.isEnabled)
    }

    @Test("L1: isEnabled follows the window the view is in now, its size changes, and its going")
    func l1EnabledFollowsTheWindow() {
        var large: Window? = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        large?.preferredContentSizeCategory = .accessibilityLarge
        let standard = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let container = View(frame: Rect(x: 0, y: 0, width: 390, height: 100))
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        container.addSubview(view)
        let interaction = LargeContentViewerInteraction()
        view.addInteraction(interaction)
        #expect(!interaction.isEnabled)
        large?.addSubview(container)
        #expect(interaction.isEnabled)
        standard.addSubview(container)
        #expect(!interaction.isEnabled)
        standard.preferredContentSizeCategory = .accessibilityExtraLarge
        #expect(interaction.isEnabled)
        standard.preferredContentSizeCategory = .extraLarge
        #expect(!interaction.isEnabled)
        large?.addSubview(container)
        #expect(interaction.isEnabled)
        container.removeFromSuperview()
        #expect(!interaction.isEnabled)
        large?.addSubview(container)
        large = nil
        #expect(!interaction.isEnabled)
    }

    @Test("L1: at standard sizes touches behave as if the viewer were absent")
    func l1Absent() {
        let scene = TabBarScene(size: .large)
        let home = scene.center(of: "Profile")
        scene.window.down(home.x, home.y, at: 0)
        scene.window.up(home.x, home.y, at: 2)
        #expect(scene.selections.titles == ["Profile"])
        #expect(scene.hud.lines.isEmpty)
    }

    @Test("L2: it begins after 0.15 s over an item, and not over nothing")
    func l2Begins() {
        let (window, _, _, interaction, hud) = strip()
        let recognizer = interaction.gestureRecognizerForExclusionRelationship as? LongPressGestureRecognizer
        #expect(recognizer?.minimumPressDuration == 0.15)
        window.down(150, 130, at: 1)
        window.advanceTime(to: 1.1499)
        #expect(hud.lines.isEmpty)
        window.advanceTime(to: 2)
        #expect(hud.lines == ["1.15 show B"])
        window.up(150, 130, at: 2.1)
        let outside = View(frame: Rect(x: 0, y: 0, width: 300, height: 60))
        window.addSubview(outside)
        outside.addInteraction(LargeContentViewerInteraction())
        window.down(10, 10, at: 3)
        window.advanceTime(to: 4)
        #expect(hud.lines == ["1.15 show B", "2.1 hide"])
    }

    @Test("L2: a delegate's item counts only if it shows the large content viewer")
    func l2DelegateItem() {
        let delegate = RecordingLCVDelegate()
        let (window, _, cells, _, hud) = strip(delegate: delegate)
        delegate.lookup = { _ in cells[2] }
        cells[2].showsLargeContentViewer = false
        window.down(50, 120, at: 0)
        window.advanceTime(to: 1)
        #expect(hud.lines.isEmpty)
        #expect(delegate.itemAtCalls >= 1)
        window.up(50, 120, at: 1.1)
        #expect(delegate.ends.isEmpty)
        cells[2].showsLargeContentViewer = true
        window.down(50, 120, at: 2)
        window.advanceTime(to: 3)
        #expect(hud.events == ["show C"])
    }

    @Test("L2: the default lookup takes the deepest visible, interactive view that shows the viewer")
    func l2DefaultLookup() {
        let (window, strip, cells, interaction, _) = strip()
        _ = window
        let badge = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        badge.showsLargeContentViewer = true
        badge.largeContentTitle = "badge"
        cells[0].addSubview(badge)
        let plain = View(frame: Rect(x: 60, y: 10, width: 20, height: 20))
        cells[0].addSubview(plain)
        #expect(interaction.item(at: Point(x: 15, y: 15))?.largeContentTitle == "badge")
        #expect(interaction.item(at: Point(x: 65, y: 15))?.largeContentTitle == "A")
        badge.isHidden = true
        #expect(interaction.item(at: Point(x: 15, y: 15))?.largeContentTitle == "A")
        cells[1].isUserInteractionEnabled = false
        #expect(interaction.item(at: Point(x: 150, y: 15)) == nil)
        #expect(interaction.item(at: Point(x: 500, y: 15)) == nil)
        #expect(interaction.item(at: Point(x: .nan, y: 15)) == nil)
        #expect(strip.interactions.count == 1)
    }

    @Test("L3: sliding shows each item under the finger, nothing between, and keeps the gesture alive")
    func l3Tracking() {
        let (window, strip, cells, interaction, hud) = strip()
        _ = strip
        cells[1].frame = Rect(x: 120, y: 0, width: 60, height: 60)
        window.down(50, 130, at: 0)
        window.advanceTime(to: 0.2)
        window.move(110, 130, at: 0.3)
        window.move(150, 130, at: 0.4)
        window.move(150, 130, at: 0.45)
        window.move(150, 600, at: 0.5)
        #expect(interaction.gestureRecognizerForExclusionRelationship.state == .changed)
        window.move(250, 130, at: 0.6)
        window.up(250, 130, at: 0.7)
        #expect(hud.lines == ["0.15 show A", "0.3 hide", "0.4 show B", "0.5 hide", "0.6 show C", "0.7 hide"])
    }

    @Test("L4: lifting hides the HUD and calls didEndOn once, with the item at the lift point in the view's coordinates")
    func l4DidEndOn() {
        let delegate = RecordingLCVDelegate()
        let (window, strip, cells, _, hud) = strip(delegate: delegate)
        _ = strip
        delegate.lookup = { point in cells.first { $0.frame.contains(point) } }
        window.down(50, 130, at: 0)
        window.advanceTime(to: 0.3)
        window.move(260, 140, at: 0.4)
        window.up(262, 141, at: 0.5)
        #expect(delegate.ends.count == 1)
        #expect(delegate.ends.first?.title == "C")
        #expect(delegate.ends.first?.point == Point(x: 262, y: 41))
        #expect(hud.events == ["show A", "show C", "hide"])
        #expect(window.largeContentViewerPresentation == nil)
    }

    @Test("L4: didEndOn is called with nil when the finger lifts over no item")
    func l4NilItem() {
        let delegate = RecordingLCVDelegate()
        let (window, _, cells, _, _) = strip(delegate: delegate)
        delegate.lookup = { point in cells.first { $0.frame.contains(point) } }
        window.down(50, 130, at: 0)
        window.advanceTime(to: 0.3)
        window.up(50, 500, at: 0.5)
        #expect(delegate.ends.count == 1)
        #expect(delegate.ends.first?.title == nil)
    }

    @Test("L4: without didEndOn an enabled control performs its primary action; a disabled one does not")
    func l4DefaultEnd() {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityExtraLarge
        let bar = View(frame: Rect(x: 0, y: 0, width: 200, height: 44))
        let button = Button(title: "Share", frame: Rect(x: 0, y: 0, width: 100, height: 44))
        button.showsLargeContentViewer = true
        var presses = 0
        button.addAction { _ in presses += 1 }
        bar.addSubview(button)
        window.addSubview(bar)
        let delegate = LookupOnlyDelegate(item: button)
        let interaction = LargeContentViewerInteraction(delegate: delegate)
        bar.addInteraction(interaction)
        let hud = HUDLog(window)
        window.down(150, 20, at: 0)
        window.advanceTime(to: 0.3)
        window.up(150, 20, at: 0.4)
        #expect(presses == 1)
        #expect(hud.events == ["show Share", "hide"])
        button.isEnabled = false
        window.down(150, 20, at: 1)
        window.advanceTime(to: 1.3)
        window.up(150, 20, at: 1.4)
        #expect(presses == 1)
        _ = interaction
    }

    @Test("L5: a cancelled touch hides the HUD, calls no didEndOn and selects nothing")
    func l5Cancel() {
        let scene = TabBarScene()
        scene.pressAndSlide(from: "Home", to: "Profile", cancel: true)
        #expect(scene.hud.events.last == "hide")
        #expect(scene.hud.events.first == "show Home")
        #expect(scene.selections.titles.isEmpty)
        #expect(scene.tabBar.selectedItem == nil)
        #expect(scene.window.largeContentViewerPresentation == nil)
    }

    @Test("L6: a tap at accessibility sizes still selects, once, with no HUD")
    func l6Tap() {
        let scene = TabBarScene()
        let point = scene.center(of: "Search")
        scene.window.down(point.x, point.y, at: 0)
        scene.window.up(point.x, point.y, at: 0.1)
        #expect(scene.selections.titles == ["Search"])
        #expect(scene.hud.lines.isEmpty)
    }

    @Test("L6: one gesture never selects twice")
    func l6Once() {
        let scene = TabBarScene()
        let point = scene.center(of: "Search")
        scene.window.down(point.x, point.y, at: 0)
        scene.window.advanceTime(to: 0.5)
        scene.window.up(point.x, point.y, at: 0.6)
        #expect(scene.selections.titles == ["Search"])
        #expect(scene.hud.events == ["show Search", "hide"])
    }

    @Test("A change away from accessibility sizes mid-gesture hides the HUD and ends nothing")
    func contentSizeFlip() {
        let scene = TabBarScene()
        let point = scene.center(of: "Home")
        scene.window.down(point.x, point.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        scene.window.preferredContentSizeCategory = .large
        #expect(scene.window.largeContentViewerPresentation == nil)
        scene.window.move(point.x + 100, point.y, at: 0.4)
        scene.window.up(point.x + 100, point.y, at: 0.5)
        #expect(scene.selections.titles.isEmpty)
        #expect(scene.hud.events == ["show Home", "hide"])
        scene.window.preferredContentSizeCategory = .accessibilityMedium
        scene.pressAndSlide(from: "Home", to: "Search", start: 1)
        #expect(scene.selections.titles == ["Search"])
    }

    /// What is taken away while the finger rests on Home.
    enum TakenAway: Sendable, CaseIterable, CustomTestStringConvertible {
        case interaction, tabBar

        var testDescription: String {
            switch self {
            case .interaction: "the interaction (showsLargeContentViewer turned off)"
            case .tabBar: "the tab bar, from the window, the finger lifting 50 points on"
            }
        }
    }

    @Test("Removing the interaction, or the tab bar from the window, mid-gesture hides the HUD and ends nothing",
          arguments: TakenAway.allCases)
    func removedMidGesture(_ removed: TakenAway) {
        let scene = TabBarScene()
        scene.changeMidGesture(hudAfter: nil, liftOffset: removed == .tabBar ? 50 : 0) {
            switch removed {
            case .interaction: scene.tabBar.showsLargeContentViewer = false
            case .tabBar: scene.tabBar.removeFromSuperview()
            }
        }
        #expect(scene.selections.titles.isEmpty)
    }

    @Test("A delegate released mid-gesture: the default lookup and end take over")
    func delegateReleased() {
        var delegate: RecordingLCVDelegate? = RecordingLCVDelegate()
        let (window, _, cells, interaction, hud) = strip(delegate: delegate)
        delegate?.lookup = { _ in cells[0] }
        window.down(250, 130, at: 0)
        window.advanceTime(to: 0.3)
        #expect(hud.events == ["show A"])
        delegate = nil
        #expect(interaction.delegate == nil)
        window.move(251, 130, at: 0.4)
        window.up(251, 130, at: 0.5)
        #expect(hud.events == ["show A", "show C", "hide"])
    }

    @Test("The HUD is a 220-point square centred in the window; observers hear only changes")
    func hudLayout() {
        let scene = TabBarScene()
        let point = scene.center(of: "Home")
        scene.window.down(point.x, point.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        scene.window.move(point.x + 1, point.y, at: 0.35)
        let layout = scene.window.largeContentViewerHUDLayout
        #expect(layout?.frame == Rect(x: 85, y: 312, width: 220, height: 220))
        #expect(layout?.titleFrame == Rect(x: 101, y: 468, width: 188, height: 48))
        #expect(layout?.imageFrame == Rect(x: 101, y: 328, width: 132, height: 132).offsetBy(dx: 28, dy: 0))
        #expect(scene.window.largeContentViewerPresentation
            == LargeContentViewerPresentation(title: "Home", image: Image(name: "home"), scalesImage: true, imageInsets: .zero))
        #expect(scene.hud.lines == ["0.15 show Home"])
    }

    @Test("An unscaled image keeps its intrinsic size; a tiny window shrinks the HUD")
    func hudLayoutUnscaled() {
        let presentation = LargeContentViewerPresentation(title: nil, image: Image(name: "x", size: Size(width: 30, height: 20)))
        let layout = LargeContentViewerHUDLayout(presentation: presentation, in: Rect(x: 0, y: 0, width: 100, height: 400))
        #expect(layout.frame == Rect(x: 0, y: 90, width: 100, height: 220))
        #expect(layout.titleFrame == nil)
        #expect(layout.imageFrame == Rect(x: 35, y: 190, width: 30, height: 20))
        let empty = LargeContentViewerHUDLayout(presentation: presentation, in: Rect(x: 0, y: 0, width: .nan, height: -5))
        #expect(empty.frame.width == 0 || empty.frame.width.isNaN)
    }
}

@Suite("HUD observers: one added while a removed observer is freed")
@MainActor
struct HUDObserverReleaseTests {
    @Test("An observer added as a removed observer is freed is kept and hears the HUD")
    func observerAddedOnRelease() {
        let scene = TabBarScene()
        var heard: [String?] = []
        var token: ObserverToken?
        do {
            let hook = ReleaseHook { scene.window.addLargeContentViewerObserver { heard.append($0?.title) } }
            token = scene.window.addLargeContentViewerObserver { _ in withExtendedLifetime(hook) {} }
        }
        scene.window.removeLargeContentViewerObserver(token!)
        scene.pressAndSlide(from: "Home", to: "Search")
        #expect(heard.first == "Home")
        #expect(heard.last == .some(nil))
    }
}
