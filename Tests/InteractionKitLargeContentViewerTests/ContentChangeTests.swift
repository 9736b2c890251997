import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A view that retitles itself as the finger it tracks moves, from its own
/// responder method: that runs after the recognizers have heard the move.
@MainActor
private final class FollowingLabel: View {
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        largeContentTitle = "at \(Int(touch.location(in: self).x))"
    }
}

/// A view whose large content is computed from a count, reported with `largeContentDidChange()`.
@MainActor
private final class Counter: View {
    var count = 0 {
        didSet { largeContentDidChange() }
    }

    override var largeContentTitle: String? {
        get { "Count \(count)" }
        set {}
    }
}

@Suite("A change of an item's content while the HUD shows it re-presents the HUD at once (contract §15, L9)")
@MainActor
struct ContentChangeTests {
    /// A window at an accessibility size with one 200 × 100 view titled
    /// "Before" under an interaction, and a log of the HUD.
    private func scene<Item: View>(_ item: Item) -> (Window, Item, LargeContentViewerInteraction, HUDLog) {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        item.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        item.showsLargeContentViewer = true
        item.largeContentTitle = "Before"
        window.addSubview(item)
        let interaction = LargeContentViewerInteraction()
        item.addInteraction(interaction)
        return (window, item, interaction, HUDLog(window))
    }

    @Test("A new title, image, scaling or insets under a still finger shows at once, each heard once")
    func stillFinger() {
        let (window, view, _, hud) = scene(View())
        window.down(50, 50, at: 0)
        window.advanceTime(to: 0.2)
        #expect(hud.events == ["show Before"])
        view.largeContentTitle = "After"
        #expect(window.largeContentViewerPresentation?.title == "After")
        #expect(hud.events == ["show Before", "show After"])
        view.largeContentImage = Image(name: "new")
        #expect(window.largeContentViewerPresentation?.image == Image(name: "new"))
        view.scalesLargeContentImage = true
        #expect(window.largeContentViewerPresentation?.scalesImage == true)
        view.largeContentImageInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(window.largeContentViewerPresentation?.imageInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(hud.presentations.count == 5)
        // The same title again changes nothing anyone could see: no one is told.
        view.largeContentTitle = "After"
        #expect(hud.presentations.count == 5)
        window.up(50, 50, at: 0.3)
        #expect(hud.events.last == "hide")
    }

    @Test("A view that computes its content and calls largeContentDidChange() shows the new content at once")
    func computedContent() {
        let (window, counter, _, hud) = scene(Counter())
        window.down(50, 50, at: 0)
        window.advanceTime(to: 0.2)
        counter.count = 1
        counter.count = 2
        #expect(hud.events == ["show Count 0", "show Count 1", "show Count 2"])
    }

    @Test("A change made as the finger moves shows with that move, not one sample later")
    func noLag() {
        let (window, label, interaction, hud) = scene(FollowingLabel())
        // The view keeps hearing its touch under the viewer.
        interaction.gestureRecognizerForExclusionRelationship.cancelsTouchesInView = false
        window.down(50, 50, at: 0)
        window.advanceTime(to: 0.2)
        for (step, x) in [60.0, 70, 80].enumerated() {
            window.move(x, 50, at: 0.3 + Double(step) * 0.01)
            #expect(window.largeContentViewerPresentation?.title == "at \(Int(x))")
        }
        #expect(hud.events == ["show Before", "show at 60", "show at 70", "show at 80"])
        #expect(label.largeContentTitle == "at 80")
    }

    @Test("A presentation under another gesture's takes the new content, and shows it when that gesture ends")
    func coveredPresentation() {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        let views = ["A", "B"].enumerated().map { index, title in
            let view = View(frame: Rect(x: 0, y: Double(index) * 400, width: 200, height: 100))
            view.showsLargeContentViewer = true
            view.largeContentTitle = title
            view.addInteraction(LargeContentViewerInteraction())
            window.addSubview(view)
            return view
        }
        let hud = HUDLog(window)
        window.down(50, 50, at: 0, id: 0)
        window.advanceTime(to: 0.2)
        window.down(50, 450, at: 0.3, id: 1)
        window.advanceTime(to: 0.5)
        #expect(window.largeContentViewerPresentation?.title == "B")
        views[0].largeContentTitle = "A2"
        // Out of sight: no one is told of a presentation that does not show.
        #expect(hud.events == ["show A", "show B"])
        window.up(50, 450, at: 0.6, id: 1)
        #expect(window.largeContentViewerPresentation?.title == "A2")
        #expect(hud.events == ["show A", "show B", "show A2"])
        window.up(50, 50, at: 0.7, id: 0)
    }

    @Test("A change to a view the HUD does not show, or in another window, tells no one")
    func unrelatedChanges() {
        let (window, _, _, hud) = scene(View())
        let other = View(frame: Rect(x: 0, y: 300, width: 100, height: 100))
        other.showsLargeContentViewer = true
        window.addSubview(other)
        let elsewhere = Window.phone()
        let stranger = View()
        elsewhere.addSubview(stranger)
        window.down(50, 50, at: 0)
        window.advanceTime(to: 0.2)
        other.largeContentTitle = "Other"
        stranger.largeContentTitle = "Stranger"
        #expect(hud.events == ["show Before"])
        #expect(elsewhere.largeContentViewerPresentation == nil)
    }

    @Test("A delegate that retitles one view as it looks up (the forum's workaround) is heard once per item")
    func retitledDuringLookup() {
        final class Retitler: LargeContentViewerInteractionDelegate {
            let view: View
            init(view: View) { self.view = view }
            func largeContentViewerInteraction(
                _ interaction: LargeContentViewerInteraction, itemAt point: Point
            ) -> (any LargeContentViewerItem)? {
                view.largeContentTitle = point.x < 100 ? "Left" : "Right"
                view.largeContentImage = Image(name: point.x < 100 ? "left" : "right")
                return view
            }
        }
        let (window, view, interaction, hud) = scene(View())
        let delegate = Retitler(view: view)
        interaction.delegate = delegate
        window.down(50, 50, at: 0)
        window.advanceTime(to: 0.2)
        window.move(150, 50, at: 0.3)
        window.move(160, 50, at: 0.4)
        #expect(hud.presentations.map { $0?.title } == ["Left", "Right"])
        #expect(hud.presentations.map { $0?.image?.name } == ["left", "right"])
    }

    @Test("An observer of a window's large content changes hears each view that reports one, until removed")
    func windowObserver() {
        let window = Window.phone()
        let view = View()
        window.addSubview(view)
        var heard: [String?] = []
        let token = window.addLargeContentObserver { heard.append($0.largeContentTitle) }
        view.largeContentTitle = "One"
        view.largeContentDidChange()
        View().largeContentTitle = "Not in the window"
        window.removeLargeContentObserver(token)
        view.largeContentTitle = "Two"
        #expect(heard == ["One", "One"])
    }
}
