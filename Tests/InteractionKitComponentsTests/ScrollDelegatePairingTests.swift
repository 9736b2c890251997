import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// Every `…DidEnd…` a scroll view's delegate hears follows its `…WillBegin…`
/// (issue 37, R4-8), and every `…WillBegin…` is ended once.
@Suite("Scroll delegate calls come in pairs (R4-8)")
@MainActor
struct ScrollDelegatePairingTests {
    /// What breaks the pairing in `names`: an end with no begin open, a
    /// begin while one is open, and (with `closed`) a begin never ended.
    private func unpaired(_ names: [String], closed: Bool = true) -> [String] {
        var problems: [String] = []
        var open: Set<String> = []
        for (index, name) in names.enumerated() {
            for pair in ["Dragging", "Decelerating"] {
                if name == "willBegin\(pair)" {
                    if !open.insert(pair).inserted { problems.append("\(index): \(name) twice") }
                }
                if name == "didEnd\(pair)" {
                    if open.remove(pair) == nil { problems.append("\(index): \(name) with no willBegin\(pair)") }
                }
            }
        }
        if closed { problems += open.sorted().map { "willBegin\($0) never ended" } }
        return problems
    }

    @Test("A spring-back after a tap that caught a bounce is announced: willBeginDecelerating, then didEndDecelerating")
    func springBackAfterTap() {
        let scene = ScrollScene()
        // Pull past the top and let go: the content springs back.
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 300), lift: false)
        scene.window.up(200, 300, at: 0.4)
        scene.stepFrames(through: 0.45)
        #expect(scene.scrollView.isDecelerating)
        #expect(scene.scrollView.contentOffset.y < 0)
        // A tap catches the spring past the edge; at the lift it springs back again.
        scene.window.down(200, 300, at: 0.46)
        #expect(!scene.scrollView.isDecelerating)
        scene.window.up(200, 300, at: 0.5)
        #expect(scene.scrollView.isDecelerating)
        scene.stepFrames(through: 2)
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(scene.window.nextTimerDeadline == nil)
        let names = scene.delegate.names.filter { $0 != "didScroll" }
        #expect(unpaired(names).isEmpty, "\(names)")
        #expect(names.suffix(2) == ["willBeginDecelerating", "didEndDecelerating"])
    }

    @Test("A delegate that stops the glide from didEndDragging or willEndDragging leaves no end unannounced")
    func delegateStopsTheGlide() {
        for call in ["didEndDragging", "willEndDragging", "willBeginDragging"] {
            for animated in [false, true] {
                let scene = ScrollScene()
                var done = false
                scene.delegate.hook = { name, scrollView in
                    guard name == call, !done else { return }
                    done = true
                    scrollView.setContentOffset(Point(x: 0, y: 200), animated: animated)
                }
                scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
                scene.window.advanceTime(to: 10)
                let names = scene.delegate.names.filter { $0 != "didScroll" }
                #expect(unpaired(names).isEmpty, "\(call) \(animated): \(names)")
            }
        }
    }

    @Test("A delegate that removes the view or moves it out of its window mid-glide still ends every begin once")
    func delegateRemovesTheView() {
        for call in ["willEndDragging", "didEndDragging", "willBeginDecelerating", "didScroll"] {
            let scene = ScrollScene()
            var done = false
            scene.delegate.hook = { name, scrollView in
                guard name == call, !done, scrollView.isDragging || scrollView.isDecelerating else { return }
                done = true
                scrollView.removeFromSuperview()
            }
            scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
            scene.window.advanceTime(to: 10)
            let names = scene.delegate.names.filter { $0 != "didScroll" }
            #expect(unpaired(names).isEmpty, "\(call): \(names)")
        }
    }

    @Test("A glide that starts where the clock has no frames left (past 2^53 frames) rests at once, its calls still in pairs")
    func clockPastTheFrames() {
        let scene = ScrollScene()
        let start = 1e300
        scene.window.advanceTime(to: start)
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380), start: start)
        scene.window.advanceTime(to: start + 10)
        #expect(!scene.scrollView.isDecelerating)
        #expect(scene.window.nextTimerDeadline == nil)
        let names = scene.delegate.names.filter { $0 != "didScroll" }
        #expect(unpaired(names).isEmpty, "\(names)")
        // Pulled past the top and let go, it springs back to the edge at once.
        scene.scrollView.contentOffset = Point(x: 0, y: -50)
        scene.window.down(200, 300, at: start)
        scene.window.up(200, 300, at: start)
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(unpaired(scene.delegate.names.filter { $0 != "didScroll" }).isEmpty)
    }
}
