import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A delegate that answers one fixed item wherever the finger is.
@MainActor
private final class FixedItemDelegate: LargeContentViewerInteractionDelegate {
    let item: any LargeContentViewerItem

    init(item: any LargeContentViewerItem) {
        self.item = item
    }

    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)? {
        item
    }
}

/// An item that is not a view: a cell of `CellStrip`.
@MainActor
private final class Cell: LargeContentViewerItem {
    let largeContentTitle: String?
    let showsLargeContentViewer = true
    let largeContentImage: Image? = nil
    let scalesLargeContentImage = false
    let largeContentImageInsets = EdgeInsets.zero

    init(_ title: String) {
        largeContentTitle = title
    }
}

/// A provider of two cells side by side, its left and right halves, that
/// counts how often it is asked; with `promisesRegions`, it answers each
/// cell's half as the region.
@MainActor
private final class CellStrip: View, LargeContentViewerItemProvider {
    let cells = [Cell("Left"), Cell("Right")]
    let promisesRegions: Bool
    private(set) var lookups = 0

    init(frame: Rect, promisesRegions: Bool) {
        self.promisesRegions = promisesRegions
        super.init(frame: frame)
    }

    func largeContentViewerItem(at point: Point) -> (any LargeContentViewerItem)? {
        lookups += 1
        return point.x < bounds.width / 2 ? cells[0] : cells[1]
    }

    func largeContentViewerItemRegion(at point: Point) -> Rect? {
        guard promisesRegions else { return nil }
        let half = bounds.width / 2
        return Rect(x: point.x < half ? 0 : half, y: 0, width: half, height: bounds.height)
    }
}

@Suite("The viewer's shortcut (moves within the item on show skipped by its recognizer) misses nothing that changes an answer")
@MainActor
struct StableRegionTests {
    /// Holds a finger on Home until the HUD shows, slides within Home's
    /// slot (where the next moves skip the lookup), runs `change`, slides
    /// again within the slot, and returns the HUD's title then.
    private func titleAfterMoveWithinSlot(_ scene: TabBarScene, _ change: () -> Void) -> String? {
        let home = scene.center(of: "Home")
        scene.window.down(home.x, home.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        scene.window.move(home.x + 5, home.y, at: 0.35)
        #expect(scene.window.largeContentViewerPresentation?.title == "Home")
        change()
        scene.window.move(home.x + 10, home.y, at: 0.4)
        return scene.window.largeContentViewerPresentation?.title
    }

    @Test("Hiding the tab bar, turning its interaction off or fading it out hides the HUD on the next move")
    func hitTestingChanges() {
        let changes: [(String, @MainActor (TabBar) -> Void)] = [
            ("isHidden", { $0.isHidden = true }),
            ("isUserInteractionEnabled", { $0.isUserInteractionEnabled = false }),
            ("alpha", { $0.alpha = 0 }),
        ]
        for (name, change) in changes {
            let scene = TabBarScene()
            let title = titleAfterMoveWithinSlot(scene) { change(scene.tabBar) }
            #expect(title == nil, "after \(name)")
        }
    }

    @Test("A delegate set mid-gesture answers on the next move, even within the same slot")
    func delegateSetMidGesture() {
        let scene = TabBarScene()
        let delegate = FixedItemDelegate(item: scene.item("Profile"))
        let title = titleAfterMoveWithinSlot(scene) {
            scene.tabBar.largeContentViewerInteraction.delegate = delegate
        }
        #expect(title == "Profile")
    }

    @Test("A tab that stops showing the viewer leaves the HUD at once; a retitled one shows its new title")
    func itemChanges() {
        let hidden = TabBarScene()
        let afterHiding = titleAfterMoveWithinSlot(hidden) {
            hidden.item("Home").showsLargeContentViewer = false
            #expect(hidden.window.largeContentViewerPresentation == nil, "hidden without waiting for a move")
        }
        #expect(afterHiding == nil)

        let retitled = TabBarScene()
        let afterRetitling = titleAfterMoveWithinSlot(retitled) { retitled.item("Home").title = "House" }
        #expect(afterRetitling == "House")
    }

    @Test("A sibling's frame change elsewhere in the window leaves the answer as the lookup gives it")
    func unrelatedGeometryChange() {
        let scene = TabBarScene()
        let other = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.window.addSubview(other)
        let title = titleAfterMoveWithinSlot(scene) { other.frame.origin.x = 100 }
        #expect(title == "Home")
    }

    @Test("At and beside every slot boundary the HUD shows what the lookup finds, whatever the slot width's rounding")
    func slotBoundaries() {
        // Widths whose slots are not whole numbers, and offsets that do not
        // cancel exactly: the bar sits about 0.1 points from the window's edge.
        for (width, originX) in [(390.0, 0.0), (100.0, 0.0), (331.0, 12_345.678), (7.0, -3.1)] {
            let scene = TabBarScene()
            scene.tabBar.frame = Rect(x: originX, y: 795, width: width, height: 49)
            // Scrolled (bounds origin), so the bar stays inside the container for hit testing.
            scene.container.bounds.origin.x = originX - 0.1
            let y = scene.center(of: "Home").y
            var points: [Double] = []
            let slotWidth = width / 5
            for slot in 1..<5 {
                let boundary = scene.tabBar.convert(Point(x: Double(slot) * slotWidth, y: 0), to: nil).x
                var below = boundary
                var above = boundary
                for _ in 0..<3 {
                    below = below.nextDown
                    above = above.nextUp
                    points.append(below)
                    points.append(above)
                }
                points.append(boundary)
                points.append(boundary - slotWidth / 3)
            }
            let start = scene.center(of: "Home")
            scene.window.down(start.x, y, at: 0)
            scene.window.advanceTime(to: 0.3)
            #expect(scene.window.largeContentViewerPresentation?.title == "Home", "width \(width), origin \(originX)")
            var time = 0.3
            for x in points {
                time += 0.01
                scene.window.move(x, y, at: time)
                let inBar = scene.tabBar.convert(Point(x: x, y: y), from: nil)
                let expected = scene.tabBar.item(at: inBar)?.title
                #expect(scene.window.largeContentViewerPresentation?.title == expected,
                        "x = \(x), width \(width), origin \(originX)")
            }
            scene.window.cancel(start.x, y, at: time + 0.01)
        }
    }

    @Test("A move within the slot, whose repeated changed is skipped, still moves the recognizer's location")
    func skippedChangeKeepsLocation() {
        let scene = TabBarScene()
        let recognizer = scene.tabBar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship
        _ = titleAfterMoveWithinSlot(scene) {}
        let home = scene.center(of: "Home")
        #expect(recognizer.state == .changed)
        #expect(recognizer.location(in: nil) == Point(x: home.x + 10, y: home.y))
    }

    @Test("An action or a state observer added mid-gesture hears every move within the slot")
    func listenersAddedMidGestureHearMoves() {
        let withAction = TabBarScene()
        var actionStates: [GestureRecognizer.State] = []
        _ = titleAfterMoveWithinSlot(withAction) {
            withAction.tabBar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship
                .addAction { actionStates.append($0.state) }
        }
        #expect(actionStates == [.changed])

        let withObserver = TabBarScene()
        var observed: [GestureRecognizer.State] = []
        _ = titleAfterMoveWithinSlot(withObserver) {
            withObserver.tabBar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship
                .addStateObserver { _, _, new in observed.append(new) }
        }
        #expect(observed == [.changed])
    }

    @Test("The default action activates each item by its own class, whatever class came before")
    func defaultActionAcrossItemClasses() {
        let scene = TabBarScene()
        let interaction = scene.tabBar.largeContentViewerInteraction
        var pressed = 0
        let button = Button(title: "Save")
        button.addAction { _ in pressed += 1 }
        scene.window.addSubview(button)
        interaction.performDefaultAction(for: scene.item("Profile"))
        interaction.performDefaultAction(for: View())
        interaction.performDefaultAction(for: button)
        interaction.performDefaultAction(for: scene.item("Search"))
        interaction.performDefaultAction(for: View())
        interaction.performDefaultAction(for: button)
        interaction.performDefaultAction(for: nil)
        #expect(scene.selections.titles == ["Profile", "Search"])
        #expect(pressed == 2)
    }

    @Test("A provider of its own answers through both of its methods; its regions spare lookups, as a tab bar's do")
    func customProviders() {
        for promisesRegions in [false, true] {
            let window = Window.phone()
            window.preferredContentSizeCategory = .accessibilityLarge
            let strip = CellStrip(frame: Rect(x: 10, y: 100, width: 200, height: 50), promisesRegions: promisesRegions)
            strip.addInteraction(LargeContentViewerInteraction())
            window.addSubview(strip)
            window.down(50, 120, at: 0)
            window.advanceTime(to: 0.3)
            #expect(window.largeContentViewerPresentation?.title == "Left")
            let before = strip.lookups
            for step in 1...5 { window.move(50 + Double(step), 120, at: 0.3 + Double(step) * 0.01) }
            let duringSlide = strip.lookups - before
            #expect(duringSlide == (promisesRegions ? 0 : 5), "regions: \(promisesRegions)")
            window.move(150, 120, at: 0.4)
            #expect(window.largeContentViewerPresentation?.title == "Right")
            window.move(40, 120, at: 0.45)
            #expect(window.largeContentViewerPresentation?.title == "Left")
            window.up(40, 120, at: 0.5)
            #expect(window.largeContentViewerPresentation == nil)
        }
    }
}
