import Testing
@testable import InteractionKitCore
import InteractionKitLinux
import InteractionKitTestSupport

/// The back-pointers that are `unowned` rather than `weak` (Design.md,
/// "References that are not weak") must read nil, never a freed object, once
/// their target is gone. Reading a dangling unowned reference traps, so each
/// test here would crash (and AddressSanitizer in CI would report it) if an
/// owner forgot to clear one in its `deinit`.
@Suite("Back-pointers read nil once their owner is freed, never a freed object")
@MainActor
struct BackPointerTests {
    /// The seed scenario's window, container and tab bar.
    private func scene() -> (Window, View, TabBar) {
        let scene = TabBarScene()
        return (scene.window, scene.container, scene.tabBar)
    }

    @Test("A subview that outlives its superview and window has neither")
    func subviewOutlivesParent() {
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let (window, container, _) = scene()
            container.addSubview(child)
            #expect(child.superview === container)
            #expect(child.window === window)
        }
        #expect(child.superview == nil)
        #expect(child.window == nil)
        // The tree is usable again: it converts and hit-tests as a root.
        #expect(child.convert(Point(x: 1, y: 2), to: nil) == Point(x: 1, y: 2))
        #expect(child.hitTest(Point(x: 1, y: 1), with: nil) === child)
    }

    @Test("A touch kept after the window was dropped mid-gesture names no view")
    func touchOutlivesView() {
        var kept: [Touch] = []
        var recognizer: GestureRecognizer?
        do {
            let (window, _, tabBar) = scene()
            let spy = TouchSpyView(frame: Rect(x: 0, y: 0, width: 390, height: 700))
            spy.onTouches = { touches in kept.append(contentsOf: touches) }
            window.addSubview(spy)
            let pan = PanGestureRecognizer()
            spy.addGestureRecognizer(pan)
            recognizer = pan
            window.down(100, 300, at: 0)
            window.move(140, 300, at: 0.1)
            #expect(kept.first?.view === spy)
            #expect(tabBar.window === window)
            // Dropped with the finger still down and the pan in progress.
        }
        #expect(!kept.isEmpty)
        for touch in kept { #expect(touch.view == nil) }
        // The recognizer the test kept lost its view with the view.
        #expect(recognizer?.view == nil)
        #expect(recognizer?.location(in: nil).x.isFinite == true)
    }

    @Test("A view that leaves its window mid-gesture and is freed leaves no dangling pointer behind")
    func viewLeavesWindowMidGesture() {
        let (window, container, tabBar) = scene()
        let interaction = tabBar.largeContentViewerInteraction
        window.down(39, 819.5, at: 0)
        window.advanceTime(to: 0.3)
        #expect(window.largeContentViewerPresentation != nil)
        do {
            let leaving = tabBar
            leaving.removeFromSuperview()
        }
        #expect(window.largeContentViewerPresentation == nil)
        // The finger goes on moving and lifts over where the tab bar was.
        window.move(200, 819.5, at: 0.4)
        window.up(200, 819.5, at: 0.5)
        #expect(container.subviews.isEmpty)
        #expect(interaction.view == nil || interaction.view?.window == nil)
    }

    @Test("An interaction, a recognizer and a tab kept by the caller outlive their view")
    func keptPartsOutliveTheirView() {
        let interaction: LargeContentViewerInteraction
        let recognizer: GestureRecognizer
        let item: TabBarItem
        do {
            let (window, _, tabBar) = scene()
            interaction = tabBar.largeContentViewerInteraction
            recognizer = interaction.gestureRecognizerForExclusionRelationship
            item = tabBar.items![1]
            #expect(item.tabBar === tabBar)
            #expect(interaction.view === tabBar)
            window.down(39, 819.5, at: 0)
            window.advanceTime(to: 0.3)
        }
        #expect(interaction.view == nil)
        #expect(recognizer.view == nil)
        #expect(item.tabBar == nil)
        #expect(interaction.item(at: Point(x: 10, y: 10)) == nil)
        #expect(!interaction.isEnabled)
    }

    @Test("A tab moved to a second tab bar keeps it when the first is freed, and loses it when the second is")
    func tabMovedBetweenTabBars() {
        let item = TabBarItem(title: "Shared", image: nil)
        let second = TabBar(frame: Rect(x: 0, y: 0, width: 390, height: 49))
        do {
            let first = TabBar(frame: Rect(x: 0, y: 0, width: 390, height: 49))
            first.items = [item]
            second.items = [item]
            #expect(item.tabBar === second)
        }
        #expect(item.tabBar === second)
        second.items = []
        #expect(item.tabBar == nil)
    }

    @Test("A viewer recognizer kept after its interaction is freed hears touches without trapping")
    func recognizerOutlivesInteraction() {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        let host = View(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        host.showsLargeContentViewer = true
        window.addSubview(host)
        let recognizer: GestureRecognizer
        do {
            let interaction = LargeContentViewerInteraction()
            host.addInteraction(interaction)
            recognizer = interaction.gestureRecognizerForExclusionRelationship
            host.removeInteraction(interaction)
            // Put the recognizer back on its own: the interaction is about to go.
            host.addGestureRecognizer(recognizer)
        }
        window.down(100, 100, at: 0)
        window.advanceTime(to: 0.5)
        window.up(100, 100, at: 0.6)
        #expect(recognizer.state == .possible)
        #expect(window.largeContentViewerPresentation == nil)
    }

    @Test("A frame change in one window leaves the cached offsets of another window current")
    func geometryStampsPerWindow() {
        let (first, _, firstBar) = scene()
        let (second, _, secondBar) = scene()
        _ = firstBar.convert(Point(x: 0, y: 0), to: nil)
        _ = secondBar.convert(Point(x: 0, y: 0), to: nil)
        let stamp = secondBar.cachedOffsetGeneration
        #expect(stamp == second.treeState.geometryStamp)
        firstBar.frame.origin.y = 700
        #expect(secondBar.currentGeometryStamp == stamp, "the other window's cache was invalidated")
        #expect(firstBar.convert(Point(x: 0, y: 0), to: nil) == Point(x: 0, y: 700))
        #expect(secondBar.convert(Point(x: 0, y: 0), to: nil) == Point(x: 0, y: 795))
        _ = first
    }

    @Test("A view moved from one window to another converts with its new ancestors")
    func viewMovedBetweenWindows() {
        let (first, _, _) = scene()
        let second = Window.phone()
        let offset = View(frame: Rect(x: 30, y: 40, width: 300, height: 300))
        second.addSubview(offset)
        let moving = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        first.addSubview(moving)
        #expect(moving.convert(Point(x: 0, y: 0), to: nil) == Point(x: 5, y: 5))
        offset.addSubview(moving)
        #expect(moving.window === second)
        #expect(moving.convert(Point(x: 0, y: 0), to: nil) == Point(x: 35, y: 45))
        moving.removeFromSuperview()
        #expect(moving.convert(Point(x: 0, y: 0), to: nil) == Point(x: 0, y: 0))
    }
}

/// A view that reports the touches it is given.
@MainActor
private final class TouchSpyView: View {
    var onTouches: (Set<Touch>) -> Void = { _ in }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { onTouches(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { onTouches(touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { onTouches(touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { onTouches(touches) }
}
