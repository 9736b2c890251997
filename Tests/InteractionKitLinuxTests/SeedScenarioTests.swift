import Testing
@testable import InteractionKitCore
import InteractionKitLinux
import InteractionKitTestSupport

/// The forum post's workaround (../shared/seed/forum-thread.txt), ported from
/// UIKit by renaming types only: UI/CG prefixes dropped, CGFloat → Double.
/// A view controller becomes a plain class with a `view`.
@MainActor
final class SeedViewController: TabBarDelegate, LargeContentViewerInteractionDelegate {
    let view: View
    let tabBar: TabBar
    private(set) var selections: [String] = []
    private(set) var delegateCalls = 0

    init(view: View, tabBar: TabBar) {
        self.view = view
        self.tabBar = tabBar
        tabBar.delegate = self
        view.showsLargeContentViewer = true
        view.scalesLargeContentImage = true
        view.addInteraction(LargeContentViewerInteraction(delegate: self))
    }

    private func tabItemIndex(for point: Point) -> Int? {
        let convertedPoint = view.convert(point, to: tabBar)
        guard
            tabBar.point(inside: convertedPoint, with: nil),
            let numberOfItems = tabBar.items?.count,
            numberOfItems > 0
        else { return nil }

        let itemWidth = tabBar.bounds.width / Double(numberOfItems)
        return Int(convertedPoint.x / itemWidth)
    }

    func largeContentViewerInteraction(
        _: LargeContentViewerInteraction,
        itemAt point: Point
    ) -> (any LargeContentViewerItem)? {
        delegateCalls += 1
        guard
            let tabItemIndex = tabItemIndex(for: point),
            let item = tabBar.items?[tabItemIndex]
        else { return nil }

        view.largeContentTitle = item.title
        view.largeContentImage = item.image
        return view
    }

    func largeContentViewerInteraction(
        _: LargeContentViewerInteraction,
        didEndOn _: (any LargeContentViewerItem)?,
        at point: Point
    ) {
        delegateCalls += 1
        guard
            let tabItemIndex = tabItemIndex(for: point),
            let item = tabBar.items?[tabItemIndex]
        else { return }

        tabBar.selectedItem = item
        tabBar(tabBar, didSelect: item) // call of TabBarDelegate
    }

    func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem) {
        selections.append(item.title ?? "nil")
    }
}

@Suite("The seed scenario (forum thread)")
@MainActor
struct SeedScenarioTests {
    /// Long press on Home, slide across every tab, lift on Settings.
    private func run(builtInViewer: Bool, withSeedCode: Bool)
        -> (hud: [LargeContentViewerPresentation?], selections: [String], delegateCalls: Int, selected: String?) {
        let scene = TabBarScene()
        scene.tabBar.showsLargeContentViewer = builtInViewer
        var controller: SeedViewController?
        if withSeedCode {
            controller = SeedViewController(view: scene.container, tabBar: scene.tabBar)
        }
        scene.pressAndSlide(from: "Home", to: "Settings", steps: 20)
        let selections = controller?.selections ?? scene.selections.titles
        return (scene.hud.presentations, selections, controller?.delegateCalls ?? 0,
                scene.tabBar.selectedItem?.title)
    }

    @Test("The standalone tab bar's built-in viewer: HUD over every tab, Settings selected once")
    func builtIn() {
        let result = run(builtInViewer: true, withSeedCode: false)
        #expect(result.hud.map { $0?.title } == ["Home", "Search", "Now Playing", "Profile", "Settings", nil])
        #expect(result.selections == ["Settings"])
        #expect(result.selected == "Settings")
    }

    @Test("The forum's code alone (built-in viewer off) gives the same HUD and selection, through its delegate")
    func seedCodeAlone() {
        let builtIn = run(builtInViewer: true, withSeedCode: false)
        let seed = run(builtInViewer: false, withSeedCode: true)
        #expect(seed.hud == builtIn.hud)
        #expect(seed.selections == builtIn.selections)
        #expect(seed.selected == builtIn.selected)
        #expect(seed.delegateCalls > 0)
    }

    @Test("L7: with both, only the innermost interaction (the tab bar's) runs; the container's delegate is never asked")
    func nested() {
        let builtIn = run(builtInViewer: true, withSeedCode: false)
        let both = run(builtInViewer: true, withSeedCode: true)
        #expect(both.hud == builtIn.hud)
        #expect(both.selections == ["Settings"])
        #expect(both.delegateCalls == 0)
    }

    @Test("L7: a gesture that starts outside the tab bar belongs to the container's interaction")
    func outerStillWorks() {
        let scene = TabBarScene()
        let controller = SeedViewController(view: scene.container, tabBar: scene.tabBar)
        scene.container.largeContentTitle = "Container"
        // The seed's itemAt maps only tab bar points; start just above the bar.
        scene.window.down(39, 790, at: 0)
        scene.window.advanceTime(to: 0.5)
        #expect(scene.hud.lines.isEmpty)
        scene.window.up(39, 790, at: 0.6)
        #expect(controller.delegateCalls >= 1)
        #expect(controller.selections.isEmpty)
    }
}
