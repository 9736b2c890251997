import Testing
@testable import InteractionKitComponents
@testable import InteractionKitCore
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Tab bar (T1–T4)")
@MainActor
struct TabBarTests {
    @Test("T1: a standalone tab bar supports the viewer by itself: press, slide, lift selects")
    func t1Standalone() {
        let scene = TabBarScene()
        #expect(scene.tabBar.showsLargeContentViewer)
        scene.pressAndSlide(from: "Home", to: "Settings")
        #expect(scene.hud.events == [
            "show Home", "show Search", "show Now Playing", "show Profile", "show Settings", "hide",
        ])
        #expect(scene.selections.titles == ["Settings"])
        #expect(scene.tabBar.selectedItem === scene.item("Settings"))
    }

    @Test("T2: item frames are equal slots filling the bar")
    func t2Frames() {
        let scene = TabBarScene()
        let frames = scene.tabBar.items!.map { scene.tabBar.frame(for: $0)! }
        #expect(frames.map(\.minX) == [0, 78, 156, 234, 312])
        #expect(frames.allSatisfy { $0.width == 78 && $0.height == 49 && $0.minY == 0 })
        #expect(scene.tabBar.frame(for: TabBarItem(title: "stranger", image: nil)) == nil)
    }

    @Test("T2: under right-to-left layout the slots are mirrored")
    func t2RightToLeft() {
        let scene = TabBarScene(direction: .rightToLeft)
        #expect(scene.tabBar.frame(for: scene.item("Home"))?.minX == 312)
        #expect(scene.tabBar.item(at: Point(x: 1, y: 10))?.title == "Settings")
        #expect(scene.tabBar.item(at: Point(x: 389, y: 10))?.title == "Home")
        scene.pressAndSlide(from: "Home", to: "Search")
        #expect(scene.hud.events == ["show Home", "show Search", "hide"])
        #expect(scene.center(of: "Search").x == 273)
        #expect(scene.selections.titles == ["Search"])
    }

    @Test("T2: slots are half-open; outside, NaN and infinite points find nothing")
    func t2Lookup() {
        let tabBar = TabBarScene().tabBar
        #expect(tabBar.item(at: Point(x: 77.999, y: 0))?.title == "Home")
        #expect(tabBar.item(at: Point(x: 78, y: 0))?.title == "Search")
        #expect(tabBar.item(at: Point(x: 389.9999, y: 48.999))?.title == "Settings")
        #expect(tabBar.item(at: Point(x: 390, y: 10)) == nil)
        #expect(tabBar.item(at: Point(x: 10, y: 49)) == nil)
        #expect(tabBar.item(at: Point(x: -0.001, y: 10)) == nil)
        #expect(tabBar.item(at: Point(x: .nan, y: 10)) == nil)
        #expect(tabBar.item(at: Point(x: .infinity, y: 10)) == nil)
        #expect(tabBar.item(at: Point(x: 1e308, y: 1e308)) == nil)
    }

    @Test("T2: a zero-sized or empty tab bar finds nothing and never traps")
    func t2Degenerate() {
        let tabBar = TabBar(frame: .zero)
        #expect(tabBar.item(at: .zero) == nil)
        tabBar.items = [TabBarItem(title: "A", image: nil)]
        #expect(tabBar.item(at: .zero) == nil)
        #expect(tabBar.frame(for: tabBar.items![0]) == Rect(x: 0, y: 0, width: 0, height: 0))
        tabBar.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        tabBar.items = []
        #expect(tabBar.item(at: Point(x: 5, y: 5)) == nil)
        tabBar.items = nil
        #expect(tabBar.item(at: Point(x: 5, y: 5)) == nil)
    }

    @Test("T2: bounds offsets move the slots with the coordinate space")
    func t2BoundsOffset() {
        let tabBar = TabBar(frame: Rect(x: 0, y: 0, width: 100, height: 10))
        tabBar.items = [TabBarItem(title: "A", image: nil), TabBarItem(title: "B", image: nil)]
        tabBar.bounds.origin = Point(x: 50, y: 0)
        #expect(tabBar.item(at: Point(x: 60, y: 5))?.title == "A")
        #expect(tabBar.item(at: Point(x: 110, y: 5))?.title == "B")
        #expect(tabBar.item(at: Point(x: 10, y: 5)) == nil)
    }

    @Test("T3: a disabled item is never selected, by tap or by the viewer, and shows no HUD")
    func t3Disabled() {
        let scene = TabBarScene()
        scene.item("Search").isEnabled = false
        let point = scene.center(of: "Search")
        scene.window.tap(point.x, point.y, at: 0)
        #expect(scene.selections.titles.isEmpty)
        scene.window.down(point.x, point.y, at: 1)
        scene.window.advanceTime(to: 2)
        #expect(scene.hud.lines.isEmpty)
        scene.window.up(point.x, point.y, at: 2.1)
        scene.pressAndSlide(from: "Home", to: "Search", start: 3)
        #expect(scene.hud.events == ["show Home", "hide"])
        #expect(scene.selections.titles.isEmpty)
        #expect(scene.tabBar.selectFromUser(scene.item("Search")) == false)
    }

    @Test("T4: a user's selection calls the delegate once; setting selectedItem in code calls none")
    func t4Selection() {
        let scene = TabBarScene(size: .large)
        scene.tabBar.selectedItem = scene.item("Profile")
        #expect(scene.selections.titles.isEmpty)
        #expect(scene.tabBar.selectedItem === scene.item("Profile"))
        let point = scene.center(of: "Profile")
        scene.window.tap(point.x, point.y, at: 0)
        #expect(scene.selections.titles == ["Profile"])
        scene.tabBar.selectedItem = TabBarItem(title: "stranger", image: nil)
        #expect(scene.tabBar.selectedItem === scene.item("Profile"))
        scene.tabBar.selectedItem = nil
        #expect(scene.tabBar.selectedItem == nil)
    }

    @Test("T4: items replaced mid-gesture: the HUD follows, and only current items are selected")
    func t4ItemsReplaced() {
        let scene = TabBarScene()
        let old = scene.item("Home")
        let point = scene.center(of: "Home")
        scene.window.down(point.x, point.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        scene.tabBar.items = [TabBarItem(title: "New", image: nil), TabBarItem(title: "Other", image: nil)]
        #expect(old.tabBar == nil)
        #expect(scene.window.largeContentViewerPresentation?.title == "New")
        scene.window.up(point.x, point.y, at: 0.4)
        #expect(scene.selections.titles == ["New"])
        let stale = TabBarScene()
        let staleHome = stale.item("Home")
        stale.tabBar.selectedItem = staleHome
        stale.tabBar.items = []
        #expect(stale.tabBar.selectedItem == nil)
        #expect(stale.tabBar.selectFromUser(staleHome) == false)
    }

    @Test("T4: items removed mid-gesture leave nothing to select")
    func t4ItemsRemoved() {
        let scene = TabBarScene()
        scene.changeMidGesture(hudAfter: nil) { scene.tabBar.items = nil }
        #expect(scene.selections.titles.isEmpty)
    }

    @Test("Tab items present their title and image, or a large content image unscaled with its insets")
    func itemPresentation() {
        let item = TabBarItem(title: "Home", image: Image(name: "house"))
        #expect(LargeContentViewerPresentation(item: item)
            == LargeContentViewerPresentation(title: "Home", image: Image(name: "house"), scalesImage: true))
        item.largeContentSizeImage = Image(name: "house.large", size: Size(width: 80, height: 80))
        item.largeContentSizeImageInsets = EdgeInsets(top: 4, left: 0, bottom: 0, right: 0)
        #expect(LargeContentViewerPresentation(item: item) == LargeContentViewerPresentation(
            title: "Home", image: Image(name: "house.large", size: Size(width: 80, height: 80)),
            scalesImage: false, imageInsets: EdgeInsets(top: 4, left: 0, bottom: 0, right: 0)))
    }
}

@Suite("Toolbar: the viewer through the default lookup")
@MainActor
struct ToolbarTests {
    @Test("Press on a button, slide to another, lift: its primary action runs once")
    func toolbar() {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityExtraExtraLarge
        var pressed: [String] = []
        let buttons = ["Back", "Share", "Delete"].map { title in
            let button = Button(title: title, image: Image(name: title.lowercased()))
            button.addAction { _ in pressed.append(title) }
            return button
        }
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 300, height: 44), buttons: buttons)
        window.addSubview(toolbar)
        let hud = HUDLog(window)
        #expect(buttons.map(\.frame.minX) == [0, 100, 200])
        window.down(50, 20, at: 0)
        window.advanceTime(to: 0.3)
        window.move(150, 20, at: 0.4)
        window.move(250, 20, at: 0.5)
        window.up(250, 20, at: 0.6)
        #expect(hud.events == ["show Back", "show Share", "show Delete", "hide"])
        #expect(pressed == ["Delete"])
        window.tap(150, 20, at: 1)
        #expect(pressed == ["Delete", "Share"])
        buttons[1].isEnabled = false
        window.tap(150, 20, at: 2)
        window.down(50, 20, at: 3)
        window.advanceTime(to: 3.3)
        window.move(150, 20, at: 3.4)
        window.up(150, 20, at: 3.5)
        #expect(pressed == ["Delete", "Share"])
        #expect(hud.events.suffix(2) == ["show Back", "hide"])
    }

    @Test("Buttons are mirrored right to left, and relaid out when the direction changes")
    func mirrored() {
        let window = Window.phone()
        let buttons = ["A", "B"].map { Button(title: $0) }
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 200, height: 44), buttons: buttons)
        window.addSubview(toolbar)
        #expect(buttons.map(\.frame.minX) == [0, 100])
        window.semanticLayoutDirection = .rightToLeft
        #expect(buttons.map(\.frame.minX) == [100, 0])
    }
}
