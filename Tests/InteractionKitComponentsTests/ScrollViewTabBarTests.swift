import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A tab bar inside a scroll view's content, as in UIKit: the large content
/// viewer's long press wins a held finger, a drag that starts on a tab scrolls.
@MainActor
private struct TabsInScrollView {
    let window = Window.phone()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let tabBar = TabBar(frame: Rect(x: 0, y: 300, width: 390, height: 49))
    let hud: HUDLog
    let selections = SelectionLog()

    init(size: ContentSizeCategory) {
        window.preferredContentSizeCategory = size
        scrollView.contentSize = Size(width: 390, height: 2000)
        tabBar.items = TabBarScene.titles.map { TabBarItem(title: $0, image: Image(name: $0.lowercased())) }
        tabBar.delegate = selections
        scrollView.addSubview(tabBar)
        window.addSubview(scrollView)
        hud = HUDLog(window)
    }

    /// The centre of a tab in window coordinates.
    func center(of title: String) -> Point {
        guard let item = tabBar.items?.first(where: { $0.title == title }), let frame = tabBar.frame(for: item) else {
            return .zero
        }
        return tabBar.convert(frame, to: nil).center
    }
}

@Suite("Tab bar and large content viewer in a scroll view")
@MainActor
struct ScrollViewTabBarTests {
    @Test("A long press on a tab in a scroll view shows the HUD at 0.15 s; sliding and lifting select, nothing scrolls")
    func longPressShowsHUD() {
        let scene = TabsInScrollView(size: .accessibilityLarge)
        let home = scene.center(of: "Home"), settings = scene.center(of: "Settings")
        scene.window.down(home.x, home.y, at: 0)
        scene.window.advanceTime(to: 0.15)
        #expect(scene.hud.lines == ["0.15 show Home"])
        for step in 1...6 {
            let fraction = Double(step) / 6
            scene.window.move(home.x + (settings.x - home.x) * fraction, home.y + 10 * fraction, at: 0.2 + 0.05 * Double(step))
        }
        scene.window.up(settings.x, settings.y + 10, at: 0.6)
        #expect(scene.hud.events.last == "hide")
        #expect(scene.hud.events.contains("show Settings"))
        #expect(scene.selections.titles == ["Settings"])
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(!scene.scrollView.isDragging)
        #expect(scene.window.nextTimerDeadline == nil)
    }

    @Test("A drag that starts on a tab scrolls: no HUD, no highlight, no selection")
    func dragFromTabScrolls() {
        for size in [ContentSizeCategory.accessibilityLarge, .large] {
            let scene = TabsInScrollView(size: size)
            let search = scene.center(of: "Search")
            scene.window.down(search.x, search.y, at: 0)
            scene.window.move(search.x, search.y - 15, at: 0.03)
            #expect(scene.scrollView.isDragging)
            #expect(scene.tabBar.highlightedItem == nil)
            scene.window.move(search.x, search.y - 200, at: 0.1)
            scene.window.up(search.x, search.y - 200, at: 0.1)
            scene.window.advanceTime(to: 10)
            #expect(scene.hud.lines.isEmpty)
            #expect(scene.selections.titles.isEmpty)
            #expect(scene.scrollView.contentOffset.y > 185)
        }
    }

    @Test("At a standard size, a tab held past the delay is pressed; a drag then cancels it (a tab bar is no control) and scrolls")
    func heldTabThenDrag() {
        let scene = TabsInScrollView(size: .large)
        let home = scene.center(of: "Home")
        scene.window.down(home.x, home.y, at: 0)
        scene.window.advanceTime(to: 0.2)
        #expect(scene.tabBar.highlightedItem?.title == "Home")
        scene.window.move(home.x, home.y - 40, at: 0.3)
        #expect(scene.tabBar.highlightedItem == nil)
        #expect(scene.scrollView.isDragging)
        scene.window.move(home.x, home.y - 100, at: 0.35)
        scene.window.up(home.x, home.y - 100, at: 0.35)
        #expect(scene.selections.titles.isEmpty)
        #expect(scene.scrollView.contentOffset.y > 0)
    }

    @Test("A tap on a tab in a scroll view selects it at the lift")
    func tapSelects() {
        for size in [ContentSizeCategory.accessibilityLarge, .large] {
            let scene = TabsInScrollView(size: size)
            let profile = scene.center(of: "Profile")
            scene.window.tap(profile.x, profile.y, at: 0)
            #expect(scene.selections.titles == ["Profile"])
            #expect(scene.hud.lines.isEmpty)
        }
    }
}
