import Testing
@testable import InteractionKitCore
import InteractionKitLinux
import InteractionKitTestSupport

/// Weak references to everything a scene created, to check it is all freed.
@MainActor
struct Tracked {
    private var objects: [(name: String, ref: () -> AnyObject?)] = []

    mutating func add(_ name: String, _ object: AnyObject) {
        objects.append((name, { [weak object] in object }))
    }

    /// The names of the objects still alive.
    var alive: [String] { objects.filter { $0.ref() != nil }.map(\.name) }
}

@Suite("Memory: dropping a window frees everything in it")
@MainActor
struct MemoryTests {
    /// Builds a full scene, runs `drive` on it, drops it, and returns what survived.
    private func survivors(_ drive: (Window, TabBar) -> Void) -> [String] {
        var tracked = Tracked()
        do {
            let window = Window.phone()
            window.preferredContentSizeCategory = .accessibilityLarge
            let container = View(frame: window.bounds)
            window.addSubview(container)
            let tabBar = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
            tabBar.items = ["A", "B", "C"].map { TabBarItem(title: $0, image: Image(name: $0)) }
            container.addSubview(tabBar)
            let controller = SeedViewController(view: container, tabBar: tabBar)
            let toolbar = Toolbar(frame: Rect(x: 0, y: 40, width: 390, height: 44), buttons: [Button(title: "X")])
            container.addSubview(toolbar)
            let surface = View(frame: Rect(x: 0, y: 100, width: 390, height: 600))
            container.insertSubview(surface, at: 0)
            let tap = TapGestureRecognizer()
            let double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            tap.require(toFail: double)
            let delegate = ConfigurableDelegate()
            tap.delegate = delegate
            // User code captures weakly, as in UIKit; the library must add no cycle of its own.
            tap.addAction { [weak surface] _ in _ = surface?.frame }
            let press = LongPressGestureRecognizer()
            for recognizer in [tap, double, press] { surface.addGestureRecognizer(recognizer) }
            let observer = SelectionLog()
            tabBar.delegate = observer
            window.addLargeContentViewerObserver { [weak window] _ in _ = window?.bounds }

            for (name, object) in [("window", window), ("container", container), ("tab bar", tabBar),
                                   ("toolbar", toolbar), ("surface", surface)] as [(String, AnyObject)] {
                tracked.add(name, object)
            }
            tracked.add("button", toolbar.buttons[0])
            tracked.add("tab item", tabBar.items![0])
            tracked.add("seed controller", controller)
            tracked.add("container interaction", container.interactions[0] as AnyObject)
            tracked.add("tab bar interaction", tabBar.largeContentViewerInteraction)
            tracked.add("tab bar viewer recognizer", tabBar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship)
            tracked.add("tap", tap)
            tracked.add("double tap", double)
            tracked.add("long press", press)
            tracked.add("recognizer delegate", delegate)
            tracked.add("selection log", observer)
            drive(window, tabBar)
            // The controller is the delegate of two objects that hold it weakly; keep it to the end.
            withExtendedLifetime(controller) {}
        }
        return tracked.alive
    }

    @Test("After a complete gesture, every view, recognizer, interaction and delegate is freed")
    func afterGesture() {
        let alive = survivors { window, _ in
            window.down(39, 819.5, at: 0)
            window.advanceTime(to: 0.3)
            window.move(200, 819.5, at: 0.4)
            window.up(200, 819.5, at: 0.5)
            window.tap(100, 300, at: 1)
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("Dropped mid-gesture — HUD showing, timers pending, fingers down — everything is still freed",
          arguments: [true, false])
    func midGesture(builtInViewer: Bool) {
        let alive = survivors { window, tabBar in
            // Without the built-in viewer, the container's interaction shows the container view itself.
            tabBar.showsLargeContentViewer = builtInViewer
            window.down(39, 819.5, at: 0)
            window.advanceTime(to: 0.3)
            window.move(200, 819.5, at: 0.4, id: 0)
            window.down(100, 300, at: 0.45, id: 1)
            window.tap(100, 300, at: 0.46, id: 2)
            #expect(window.largeContentViewerPresentation != nil)
            #expect(window.scheduler.pendingCount > 0)
            _ = tabBar
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("A HUD observer that holds the tab bar strongly keeps nothing alive once the window is gone")
    func observerHoldingTheTabBar() {
        var tracked = Tracked()
        do {
            let scene = TabBarScene()
            let tabBar = scene.tabBar
            // Strong, against the advice: the window breaks this cycle when it goes, and the
            // viewer must not keep the HUD (and so the observer) beyond it.
            scene.window.addLargeContentViewerObserver { _ in _ = tabBar.items }
            let home = scene.center(of: "Home")
            scene.window.down(home.x, home.y, at: 0)
            scene.window.advanceTime(to: 0.3)
            scene.window.up(home.x, home.y, at: 0.4)
            tracked.add("window", scene.window)
            tracked.add("tab bar", tabBar)
            tracked.add("tab bar interaction", tabBar.largeContentViewerInteraction)
        }
        #expect(tracked.alive.isEmpty, "still alive: \(tracked.alive)")
    }
}
