import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A delegate whose item lookup runs a closure first, then answers with the tab under the point.
@MainActor
final class ReenteringItemDelegate: LargeContentViewerInteractionDelegate {
    let tabBar: TabBar
    var onItemAt: () -> Void = {}
    private(set) var ends: [String?] = []

    init(tabBar: TabBar) {
        self.tabBar = tabBar
    }

    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)? {
        onItemAt()
        return tabBar.item(at: interaction.view.map { $0.convert(point, to: tabBar) } ?? point)
    }

    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, didEndOn item: (any LargeContentViewerItem)?, at point: Point
    ) {
        ends.append(item?.largeContentTitle)
    }
}

@Suite("The viewer under callbacks that re-enter the engine (G4)")
@MainActor
struct ViewerReentrancyTests {
    @Test("An observer that lifts the finger on a show leaves every observer on the hidden HUD")
    func observerLifts() {
        let scene = TabBarScene()
        let home = scene.center(of: "Home")
        var lifted = false
        scene.window.addLargeContentViewerObserver { [weak window = scene.window] presentation in
            guard presentation != nil, !lifted, let window else { return }
            lifted = true
            window.up(home.x, home.y, at: window.currentTime)
        }
        var seenLater: [String?] = []
        scene.window.addLargeContentViewerObserver { presentation in seenLater.append(presentation?.title) }
        scene.window.down(home.x, home.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        #expect(scene.window.largeContentViewerPresentation == nil)
        #expect(seenLater.last == .some(nil))
        #expect(scene.hud.presentations.last == .some(nil))
    }

    @Test("A show started from a hide notification is hidden again when the finger lifts")
    func showInsideHide() {
        let scene = TabBarScene()
        let home = scene.center(of: "Home")
        let search = scene.center(of: "Search")
        var movedBack = false
        scene.window.addLargeContentViewerObserver { [weak window = scene.window] presentation in
            // The finger slid off the bar and the HUD hides: slide back onto Search at once.
            guard presentation == nil, !movedBack, let window, window.activeTouchCount == 1 else { return }
            movedBack = true
            window.move(search.x, search.y, at: window.currentTime)
        }
        scene.window.down(home.x, home.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        scene.window.move(home.x, home.y - 200, at: 0.4)
        #expect(movedBack)
        #expect(scene.window.largeContentViewerPresentation?.title == "Search")
        scene.window.up(search.x, search.y, at: 0.5)
        #expect(scene.window.largeContentViewerPresentation == nil)
        #expect(scene.selections.titles == ["Search"])
    }

    @Test("Disabling the viewer from itemAt at the lift: didEndOn still sees the ended state, once")
    func itemAtDisablesAtTheEnd() {
        let scene = TabBarScene()
        let interaction = scene.tabBar.largeContentViewerInteraction
        let delegate = ReenteringItemDelegate(tabBar: scene.tabBar)
        interaction.delegate = delegate
        let recognizer = interaction.gestureRecognizerForExclusionRelationship
        var statesAtEnd: [GestureRecognizer.State] = []
        recognizer.addAction { recognizer in statesAtEnd.append(recognizer.state) }
        let home = scene.center(of: "Home")
        scene.window.down(home.x, home.y, at: 0)
        scene.window.advanceTime(to: 0.3)
        #expect(scene.window.largeContentViewerPresentation?.title == "Home")
        delegate.onItemAt = { recognizer.isEnabled = false }
        scene.window.up(home.x, home.y, at: 0.5)
        #expect(delegate.ends == ["Home"])
        #expect(statesAtEnd == [.began, .ended])
        #expect(scene.window.largeContentViewerPresentation == nil)
        #expect(recognizer.state == .possible)
    }

    @Test("An itemAt that leaves the accessibility sizes as the press begins shows no HUD")
    func itemAtEndsTheGestureAsItBegins() {
        let scene = TabBarScene()
        let delegate = ReenteringItemDelegate(tabBar: scene.tabBar)
        scene.tabBar.largeContentViewerInteraction.delegate = delegate
        let home = scene.center(of: "Home")
        scene.window.down(home.x, home.y, at: 0)
        // The first lookup decides whether the press may begin; the second,
        // as it begins, finds what to show: that one switches the size.
        var lookups = 0
        delegate.onItemAt = {
            lookups += 1
            if lookups == 2 { scene.window.preferredContentSizeCategory = .large }
        }
        scene.window.advanceTime(to: 0.3)
        #expect(lookups == 2)
        #expect(scene.window.largeContentViewerPresentation == nil)
        #expect(scene.hud.lines.isEmpty)
        scene.window.up(home.x, home.y, at: 0.4)
        #expect(scene.window.largeContentViewerPresentation == nil)
    }

    @Test("A removed HUD observer hears nothing more; the others do")
    func removeObserver() {
        let scene = TabBarScene()
        var removedCalls = 0
        let token = scene.window.addLargeContentViewerObserver { _ in removedCalls += 1 }
        scene.pressAndSlide(from: "Home", to: "Search", steps: 2)
        let callsBefore = removedCalls
        #expect(callsBefore > 0)
        scene.window.removeLargeContentViewerObserver(token)
        let logged = scene.hud.lines.count
        scene.pressAndSlide(from: "Home", to: "Search", steps: 2, start: 5)
        #expect(removedCalls == callsBefore)
        #expect(scene.hud.lines.count > logged)
    }

    @Test("A HUD observer removed by an earlier observer of the same round is not called")
    func observerRemovedMidRound() {
        let scene = TabBarScene()
        var heard: [String] = []
        let later = Box<ObserverToken>()
        scene.window.addLargeContentViewerObserver { [weak window = scene.window] _ in
            heard.append("first")
            if let token = later.value { window?.removeLargeContentViewerObserver(token) }
        }
        later.value = scene.window.addLargeContentViewerObserver { _ in heard.append("later") }
        scene.pressAndSlide(from: "Home", to: "Home", steps: 1)
        #expect(heard.allSatisfy { $0 == "first" })
        #expect(!heard.isEmpty)
    }

    @Test("A toolbar placed inside one of its own buttons is freed with it")
    func toolbarInsideItsButton() {
        weak var weakToolbar: Toolbar?
        weak var weakButton: Button?
        do {
            let button = Button(title: "Save")
            let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 100, height: 44), buttons: [button])
            button.addSubview(toolbar)
            weakToolbar = toolbar
            weakButton = button
        }
        #expect(weakToolbar == nil)
        #expect(weakButton == nil)
    }

    @Test("At t = 1e300 the HUD still waits 0.15 s, not a rounding error, to show")
    func hugeTimeHUD() {
        let scene = TabBarScene()
        let home = scene.center(of: "Home")
        scene.window.down(home.x, home.y, at: 1e300)
        #expect(scene.window.largeContentViewerPresentation == nil)
        scene.window.advanceTime(to: 2e300)
        #expect(scene.window.largeContentViewerPresentation?.title == "Home")
    }

    @Test("The large content viewer article's tab-bar example, as written, does not keep its window alive")
    func readmeTabBarExampleFreesTheWindow() {
        weak var weakWindow: Window?
        do {
            // As in the DocC article "The large content viewer" (LargeContentViewer.md).
            let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
            window.preferredContentSizeCategory = .accessibilityLarge

            let tabBar = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
            tabBar.items = ["Home", "Search", "Now Playing", "Profile", "Settings"]
                .map { TabBarItem(title: $0, image: Image(name: $0.lowercased())) }
            window.addSubview(tabBar)

            var drawn: [LargeContentViewerHUDLayout?] = []
            window.addLargeContentViewerObserver { [weak window] presentation in
                // draw the HUD: presentation?.title, presentation?.image, window?.largeContentViewerHUDLayout
                drawn.append(window?.largeContentViewerHUDLayout)
            }
            window.send(TouchInput(phase: .began, location: Point(x: 39, y: 820), timestamp: 0))
            window.advanceTime(to: 0.2)
            #expect(drawn.count == 1 && drawn[0] != nil)
            weakWindow = window
        }
        #expect(weakWindow == nil)
    }
}
