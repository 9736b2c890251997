import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Screen-edge pan")
@MainActor
struct ScreenEdgePanGestureRecognizerTests {
    private func scene(_ edges: RectEdge) -> (Window, ScreenEdgePanGestureRecognizer, GestureStateRecorder) {
        let window = Window.phone()
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let edgePan = ScreenEdgePanGestureRecognizer()
        edgePan.edges = edges
        view.addGestureRecognizer(edgePan)
        let log = GestureStateRecorder()
        log.watch(edgePan, as: "edge")
        return (window, edgePan, log)
    }

    @Test("A touch within 20 points of a chosen edge pans: begins at 10 points, ends on lift")
    func fromTheEdge() {
        let (window, edgePan, log) = scene(.left)
        #expect(GestureConstants.screenEdgeRegion == 20)
        window.down(20, 400, at: 0)
        window.move(25, 400, at: 0.05)
        #expect(edgePan.state == .possible)
        window.move(60, 400, at: 0.1)
        window.up(80, 400, at: 0.15)
        #expect(log.transitions(of: "edge", includingResets: true) == ["possible→began", "began→ended", "ended→possible"])
        #expect(edgePan.translation(in: nil) == .zero)
    }

    @Test("A touch further in, or near an edge that was not chosen, is never its touch")
    func elsewhere() {
        let (window, edgePan, log) = scene(.left)
        window.down(20.5, 400, at: 0)
        window.move(120, 400, at: 0.1)
        #expect(edgePan.numberOfTouches == 0)
        window.up(120, 400, at: 0.2)
        window.down(385, 400, at: 1)
        window.move(300, 400, at: 1.1)
        window.up(300, 400, at: 1.2)
        #expect(log.lines.isEmpty)
    }

    @Test("Every edge of .all counts, measured from the window's bounds")
    func allEdges() {
        let (window, _, log) = scene(.all)
        for (start, end) in [((200.0, 5.0), (200.0, 100.0)), ((385, 400), (300, 400)), ((200, 830), (200, 700)), ((1, 400), (100, 400))] {
            window.down(start.0, start.1, at: window.currentTime + 1)
            window.move(end.0, end.1, at: window.currentTime + 0.1)
            window.up(end.0, end.1, at: window.currentTime + 0.1)
        }
        #expect(log.transitions(of: "edge", includingResets: true).filter { $0 == "possible→began" }.count == 4)
    }

    @Test("Against a pan that requires it to fail: from the edge it wins, elsewhere the pan does not wait")
    func versusPan() {
        let (window, edgePan, log) = scene(.left)
        let pan = PanGestureRecognizer()
        edgePan.view?.addGestureRecognizer(pan)
        pan.require(toFail: edgePan)
        log.watch(pan, as: "pan")
        window.down(10, 400, at: 0)
        window.move(40, 400, at: 0.1)
        #expect(log.lines == ["0.100 edge possible→began", "0.100 pan possible→failed"])
        window.up(40, 400, at: 0.2)
        log.clear()
        window.down(200, 400, at: 1)
        window.move(230, 400, at: 1.1)
        #expect(log.lines == ["1.100 pan possible→began"])
    }
}

@Suite("Hover")
@MainActor
struct HoverGestureRecognizerTests {
    private func hover(_ window: Window, _ x: Double, _ y: Double, at time: Double) {
        window.send(HoverInput(location: Point(x: x, y: y), timestamp: time))
    }

    private func scene() -> (Window, View, HoverGestureRecognizer, GestureStateRecorder, ActionLog) {
        let window = Window.phone()
        let view = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(view)
        let recognizer = HoverGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        let log = GestureStateRecorder()
        log.watch(recognizer, as: "hover")
        let actions = ActionLog()
        actions.attach(to: recognizer)
        return (window, view, recognizer, log, actions)
    }

    @Test("It begins when the pointer enters its view, changes as it moves, ends when it leaves")
    func lifecycle() {
        let (window, view, recognizer, log, actions) = scene()
        hover(window, 50, 50, at: 0)
        #expect(log.lines.isEmpty)
        hover(window, 150, 150, at: 0.1)
        #expect(recognizer.location(in: view) == Point(x: 50, y: 50))
        hover(window, 160, 150, at: 0.2)
        hover(window, 250, 150, at: 0.3)
        #expect(log.lines == [
            "0.100 hover possible→began", "0.200 hover began→changed", "0.300 hover changed→ended", "0.300 hover ended→possible",
        ])
        #expect(actions.states == [.began, .changed, .ended])
        #expect(actions.locations.last == Point(x: 250, y: 150))
        #expect(window.currentTime == 0.3)
    }

    @Test("A non-finite location means the pointer left the window: it ends where the pointer was")
    func leavesWindow() {
        let (window, _, recognizer, log, actions) = scene()
        hover(window, 150, 150, at: 0)
        hover(window, .nan, .nan, at: 0.1)
        #expect(log.transitions(of: "hover", includingResets: true) == ["possible→began", "began→ended", "ended→possible"])
        #expect(actions.locations == [Point(x: 150, y: 150), Point(x: 150, y: 150)])
        #expect(recognizer.state == .possible)
        hover(window, .infinity, 0, at: 0.2)
        #expect(log.transitions(of: "hover", includingResets: true).count == 3)
    }

    @Test("Nested views: the pointer is over a view and its ancestors; hidden views and touches do not count")
    func nested() {
        let (window, view, _, log, _) = scene()
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view.addSubview(child)
        let inner = HoverGestureRecognizer()
        child.addGestureRecognizer(inner)
        log.watch(inner, as: "inner")
        hover(window, 110, 110, at: 0)
        #expect(log.lines == ["0.000 inner possible→began", "0.000 hover possible→began"])
        log.clear()
        hover(window, 170, 170, at: 0.1)
        #expect(log.lines == ["0.100 inner began→ended", "0.100 inner ended→possible", "0.100 hover began→changed"])
        log.clear()
        child.isHidden = true
        hover(window, 110, 110, at: 0.2)
        #expect(log.lines == ["0.200 hover changed→changed"])
        log.clear()
        window.tap(150, 150, at: 0.3)
        #expect(log.lines.isEmpty)
    }

    @Test("Disabled while hovering it is cancelled; a disabled one never begins; the delegate can refuse it")
    func disabled() {
        let (window, _, recognizer, log, _) = scene()
        hover(window, 150, 150, at: 0)
        recognizer.isEnabled = false
        hover(window, 160, 150, at: 0.1)
        #expect(log.transitions(of: "hover", includingResets: true) == ["possible→began", "began→cancelled", "cancelled→possible"])
        recognizer.isEnabled = true
        log.clear()
        let delegate = ConfigurableDelegate()
        delegate.shouldBegin = false
        recognizer.delegate = delegate
        hover(window, 170, 150, at: 0.2)
        #expect(log.transitions(of: "hover", includingResets: true) == ["possible→failed", "failed→possible"])
    }

    @Test("An action may send hovers itself: every began still ends exactly once")
    func reentrant() {
        let (window, _, recognizer, log, _) = scene()
        var nested = false
        recognizer.addAction { [weak window] recognizer in
            guard recognizer.state == .began, !nested, let window else { return }
            nested = true
            window.send(HoverInput(location: Point(x: .nan, y: .nan), timestamp: 0.05))
            window.send(HoverInput(location: Point(x: 120, y: 120), timestamp: 0.06))
        }
        hover(window, 150, 150, at: 0)
        hover(window, 300, 300, at: 0.1)
        let states = log.transitions(of: "hover", includingResets: true)
        #expect(states.filter { $0.hasSuffix("→began") }.count == states.filter { $0.hasSuffix("→ended") }.count)
        #expect(recognizer.state == .possible)
    }

    @Test("Hover samples move the virtual clock: timers due by then fire first")
    func time() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        hover(window, 300, 300, at: 0.6)
        #expect(press.state == .began)
        hover(window, 300, 300, at: 0.2)
        #expect(window.currentTime == 0.6)
    }

    @Test("A hover whose view leaves the window is cancelled at once, and the next pointer sample does not end it")
    func viewLeavesWhileHovering() {
        let (window, view, _, log, _) = scene()
        hover(window, 150, 150, at: 0)
        view.removeFromSuperview()
        #expect(log.transitions(of: "hover", includingResets: true) == ["possible→began", "began→cancelled", "cancelled→possible"])
        hover(window, 160, 150, at: 0.1)
        #expect(log.transitions(of: "hover", includingResets: true).count == 3)
    }
}
