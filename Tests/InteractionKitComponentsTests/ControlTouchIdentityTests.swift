import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// Rule G11 for controls and tab bars: a touch is known by its touch-down, not its id.
@Suite("G11: controls and tab bars track a touch-down, not an id")
@MainActor
struct ControlTouchIdentityTests {
    @Test("A new touch with the id of the tracked touch, whose lift is held back, is not taken for it")
    func idReusedWhileTheLiftIsHeld() {
        let scene = ButtonScene()
        // Holds the button's lift back while another finger is down on it (G8).
        let holder = ManualRecognizer(continuous: true)
        scene.window.addGestureRecognizer(holder)
        scene.window.down(150, 120, at: 0, id: 0)
        scene.window.down(10, 600, at: 0.05, id: 1)
        scene.window.up(150, 120, at: 0.1, id: 0)
        #expect(scene.button.isTracking)
        scene.window.down(150, 120, at: 0.2, id: 0)
        scene.window.move(150, 400, at: 0.3, id: 0)
        scene.window.up(150, 400, at: 0.4, id: 0)
        #expect(scene.events == ["touchDown"])
        scene.window.up(10, 600, at: 0.5, id: 1)
        #expect(scene.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("A tab bar does not take a new touch with the tracked touch's id for it")
    func tabBarIDReused() {
        let scene = TabBarScene(size: .large)
        let holder = ManualRecognizer(continuous: true)
        scene.window.addGestureRecognizer(holder)
        let search = scene.center(of: "Search"), home = scene.center(of: "Home")
        scene.window.down(search.x, search.y, at: 0, id: 0)
        scene.window.down(10, 100, at: 0.05, id: 1)
        scene.window.up(search.x, search.y, at: 0.1, id: 0)
        scene.window.down(home.x, home.y, at: 0.2, id: 0)
        scene.window.move(home.x, home.y - 300, at: 0.3, id: 0)
        #expect(scene.tabBar.highlightedItem === scene.item("Search"))
        scene.window.up(home.x, home.y - 300, at: 0.4, id: 0)
        #expect(scene.selections.titles.isEmpty)
        scene.window.up(10, 100, at: 0.5, id: 1)
        #expect(scene.selections.titles == ["Search"])
    }
}
