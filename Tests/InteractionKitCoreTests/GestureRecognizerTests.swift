import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Gesture recognizers in a window")
@MainActor
struct GestureRecognizerTests {
    private func scene() -> (Window, View) {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        return (window, view)
    }

    @Test("A finished recognizer stays finished until its touches are gone, then resets")
    func resetAfterTouches() {
        let (window, view) = scene()
        let recognizer = ManualRecognizer(continuous: true)
        view.addGestureRecognizer(recognizer)
        window.down(10, 10, at: 0)
        recognizer.state = .failed
        window.move(20, 20, at: 0.1)
        #expect(recognizer.state == .failed)
        #expect(recognizer.touchesMoved == 0)
        window.up(20, 20, at: 0.2)
        #expect(recognizer.state == .possible)
        #expect(recognizer.resets == 1)
    }

    @Test("Disabling a recognizer mid-gesture cancels it")
    func disableCancels() {
        let (window, view) = scene()
        let press = LongPressGestureRecognizer()
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        window.advanceTime(to: 0.6)
        #expect(press.state == .began)
        press.isEnabled = false
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→began", "began→cancelled", "cancelled→possible"])
        window.move(50, 50, at: 0.7)
        window.up(50, 50, at: 0.8)
        #expect(log.transitions(of: "press", includingResets: true).count == 3)
    }

    @Test("Disabling a recognizer that has not begun fails it; a disabled one gets no touches")
    func disableBeforeBegin() {
        let (window, view) = scene()
        let press = LongPressGestureRecognizer()
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        press.isEnabled = false
        window.advanceTime(to: 1)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→failed", "failed→possible"])
        window.up(10, 10, at: 1.1)
        window.down(10, 10, at: 2)
        window.advanceTime(to: 3)
        #expect(log.transitions(of: "press", includingResets: true).count == 2)
    }

    @Test("gestureRecognizerShouldBegin false fails the recognizer instead")
    func shouldBeginFalse() {
        let (window, view) = scene()
        let press = LongPressGestureRecognizer()
        let delegate = ConfigurableDelegate()
        delegate.shouldBegin = false
        press.delegate = delegate
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        window.advanceTime(to: 1)
        #expect(delegate.shouldBeginCalls == 1)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→failed"])
        window.up(10, 10, at: 1.1)
        #expect(press.state == .possible)
    }

    @Test("A delegate that refuses a touch keeps the recognizer out of it")
    func shouldReceive() {
        let (window, view) = scene()
        let tap = TapGestureRecognizer()
        let delegate = ConfigurableDelegate()
        delegate.receives = false
        tap.delegate = delegate
        let log = GestureStateRecorder()
        log.watch(tap, as: "tap")
        view.addGestureRecognizer(tap)
        window.tap(10, 10, at: 0)
        #expect(log.lines.isEmpty)
        // Positive control: the same tap recognizes once the delegate agrees,
        // so the empty log above is the delegate's doing.
        delegate.receives = true
        window.tap(10, 10, at: 1)
        #expect(log.transitions(of: "tap", includingResets: true) == ["possible→ended", "ended→possible"])
    }

    @Test("Recognizers of the hit view and its ancestors all get the touch, innermost first")
    func ancestors() {
        let (window, outer) = scene()
        let inner = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        outer.addSubview(inner)
        let sibling = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
        outer.addSubview(sibling)
        var order: [String] = []
        final class Named: GestureRecognizer {
            let label: String
            let record: (String) -> Void
            init(_ label: String, _ record: @escaping (String) -> Void) {
                self.label = label
                self.record = record
                super.init()
            }
            override func touchBegan(_ touch: Touch, with event: Event) { record(label) }
        }
        inner.addGestureRecognizer(Named("inner") { order.append($0) })
        outer.addGestureRecognizer(Named("outer") { order.append($0) })
        window.addGestureRecognizer(Named("window") { order.append($0) })
        sibling.addGestureRecognizer(Named("sibling") { order.append($0) })
        window.down(20, 20, at: 0)
        #expect(order == ["inner", "outer", "window"])
    }

    @Test("A touch stays bound to the view it went down on")
    func touchBinding() {
        let (window, view) = scene()
        let other = View(frame: Rect(x: 0, y: 300, width: 200, height: 200))
        window.addSubview(other)
        let mine = ManualRecognizer(continuous: true)
        let theirs = ManualRecognizer(continuous: true)
        view.addGestureRecognizer(mine)
        other.addGestureRecognizer(theirs)
        window.down(10, 10, at: 0)
        window.move(10, 350, at: 0.1)
        window.up(10, 350, at: 0.2)
        #expect(mine.touchesMoved == 1 && mine.touchesEnded == 1)
        #expect(theirs.touchesBegan == 0 && theirs.touchesMoved == 0)
    }

    @Test("Several touches at once are tracked by id")
    func multiTouch() {
        let (window, view) = scene()
        let recognizer = ManualRecognizer(continuous: true)
        view.addGestureRecognizer(recognizer)
        window.down(10, 10, at: 0, id: 1)
        window.down(30, 50, at: 0.01, id: 2)
        #expect(recognizer.numberOfTouches == 2)
        #expect(recognizer.location(in: nil) == Point(x: 20, y: 30))
        window.move(50, 50, at: 0.02, id: 2)
        #expect(recognizer.location(in: view) == Point(x: 30, y: 30))
        window.up(10, 10, at: 0.03, id: 1)
        #expect(recognizer.numberOfTouches == 1)
        #expect(window.activeTouchCount == 1)
        window.up(50, 50, at: 0.04, id: 2)
        #expect(recognizer.numberOfTouches == 0)
        #expect(recognizer.location(in: nil) == Point(x: 50, y: 50))
    }

    @Test("location(in:) converts into the view's coordinates, bounds offset included")
    func location() {
        let (window, view) = scene()
        view.bounds.origin = Point(x: 0, y: 100)
        let recognizer = ManualRecognizer(continuous: true)
        view.addGestureRecognizer(recognizer)
        window.down(15, 25, at: 0)
        #expect(recognizer.location(in: view) == Point(x: 15, y: 125))
        #expect(recognizer.location(in: nil) == Point(x: 15, y: 25))
    }
}
