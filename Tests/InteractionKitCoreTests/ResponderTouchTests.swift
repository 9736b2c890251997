import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A view that logs its responder touches as "began 0" / "moved 0" / … lines.
final class LoggingView: View {
    var log: [String] = [] {
        didSet { if let last = log.last, log.count > oldValue.count { onLog?(last) } }
    }
    var forwards = false
    /// Called with each new line as it is logged.
    var onLog: ((String) -> Void)?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log += touches.map { "began \($0.id)" }
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        log += touches.map { "moved \($0.id)" }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log += touches.map { "ended \($0.id)" }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log += touches.map { "cancelled \($0.id)" }
    }
}

@Suite("Responder touches beside recognizers (G8)")
@MainActor
struct ResponderTouchTests {
    private func scene() -> (Window, LoggingView) {
        let window = Window.phone()
        let view = LoggingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        return (window, view)
    }

    @Test("The hit view hears began, moved and ended, with the touch's view, tap count and type")
    func plainDelivery() {
        let (window, view) = scene()
        var seen: Touch?
        let probe = PanGestureRecognizer()
        probe.delegate = nil
        window.send(TouchInput(id: 3, phase: .began, location: Point(x: 10, y: 10), timestamp: 0, type: .pencil))
        seen = window.touch(withID: 3)
        window.move(20, 10, at: 0.1, id: 3)
        window.up(20, 10, at: 0.2, id: 3)
        #expect(view.log == ["began 3", "moved 3", "ended 3"])
        #expect(seen?.view === view && seen?.tapCount == 1 && seen?.type == .pencil)
        _ = probe
    }

    @Test("A view's default passes touches to its superview, the window last")
    func forwarding() {
        let (window, outer) = scene()
        let inner = LoggingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        inner.forwards = true
        outer.addSubview(inner)
        window.down(10, 10, at: 0)
        #expect(inner.log == ["began 0"])
        #expect(outer.log == ["began 0"])
    }

    @Test("A recognizer that recognizes cancels the view's touch (cancelsTouchesInView), after the view heard it begin")
    func cancelsTouchesInView() {
        let (window, view) = scene()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        window.move(10, 15, at: 0.05)
        window.move(10, 40, at: 0.1)
        window.move(10, 60, at: 0.15)
        window.up(10, 60, at: 0.2)
        #expect(view.log == ["began 0", "moved 0", "cancelled 0"])
    }

    @Test("With cancelsTouchesInView off, the view hears the whole touch alongside the recognizer")
    func cancelsTouchesInViewOff() {
        let (window, view) = scene()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        window.move(10, 40, at: 0.1)
        window.up(10, 40, at: 0.2)
        #expect(view.log == ["began 0", "moved 0", "ended 0"])
        #expect(pan.state == .possible)
    }

    @Test("delaysTouchesBegan holds the view's began until the recognizer fails; if it recognizes, the view never hears it")
    func delaysTouchesBegan() {
        let (window, view) = scene()
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        #expect(view.log.isEmpty)
        window.move(10, 40, at: 0.1)  // moved too far: the press fails, the view hears the touch, then this move
        #expect(view.log == ["began 0", "moved 0"])
        window.up(10, 40, at: 0.2)
        view.log.removeAll()
        window.down(10, 10, at: 1)
        window.advanceTime(to: 1.6)  // the press recognizes
        window.up(10, 10, at: 1.7)
        #expect(view.log.isEmpty)
    }

    @Test("delaysTouchesEnded holds the lift while a double tap may still recognize: ended if it fails, cancelled if it recognizes")
    func delaysTouchesEnded() {
        let (window, view) = scene()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        window.tap(10, 10, at: 0)
        #expect(view.log == ["began 0"])
        window.advanceTime(to: 1)  // the double tap times out and fails
        #expect(view.log == ["began 0", "ended 0"])
        view.log.removeAll()
        window.tap(10, 10, at: 2)
        window.tap(12, 10, at: 2.2)
        // Both taps' touches began for the view; the double tap's recognition
        // cancels the first (its lift was held) and the second.
        #expect(view.log == ["began 0", "began 0", "cancelled 0", "cancelled 0"])
    }

    @Test("A view that is not isMultipleTouchEnabled hears only its first finger; one that is hears both")
    func multipleTouch() {
        let (window, view) = scene()
        window.down(10, 10, at: 0, id: 0)
        window.down(20, 20, at: 0.1, id: 1)
        #expect(view.log == ["began 0"])
        window.up(10, 10, at: 0.2, id: 0)
        window.up(20, 20, at: 0.2, id: 1)
        view.log.removeAll()
        view.isMultipleTouchEnabled = true
        window.down(10, 10, at: 1, id: 0)
        window.down(20, 20, at: 1.1, id: 1)
        #expect(view.log == ["began 0", "began 1"])
    }

    @Test("While an isExclusiveTouch view tracks a finger, no other view hears one")
    func exclusiveTouch() {
        let (window, left) = scene()
        left.isExclusiveTouch = true
        let right = LoggingView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        window.addSubview(right)
        window.down(10, 10, at: 0, id: 0)
        window.down(250, 10, at: 0.1, id: 1)
        #expect(left.log == ["began 0"])
        #expect(right.log.isEmpty)
    }

    @Test("Hit testing skips a view whose alpha is below 0.01")
    func alpha() {
        let (window, view) = scene()
        view.alpha = 0.005
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window)
        view.alpha = 0.01
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === view)
    }

    @Test("A quick second touch near the first counts two taps")
    func tapCount() {
        let (window, _) = scene()
        window.tap(10, 10, at: 0)
        window.down(12, 10, at: 0.2)
        #expect(window.touch(withID: 0)?.tapCount == 2)
        window.up(12, 10, at: 0.25)
        window.down(12, 10, at: 1.5)
        #expect(window.touch(withID: 0)?.tapCount == 1)
    }

    @Test("location(ofTouch:in:) answers each tracked finger, and NaN out of range rather than trapping")
    func locationOfTouch() {
        let (window, view) = scene()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0, id: 0)
        window.down(30, 40, at: 0, id: 1)
        #expect(pan.location(ofTouch: 1, in: view) == Point(x: 30, y: 40))
        #expect(pan.location(ofTouch: 2, in: nil).x.isNaN)
        #expect(pan.location(ofTouch: -1, in: nil).x.isNaN)
    }
}

@Suite("The order of deliveries for one touch, as the article 'Touches, controls and recognizers' shows it")
@MainActor
struct DeliveryOrderTests {
    @Test("Down, hold, move and lift on a view with a tap, a long press and a pan: the transcript in the article")
    func transcript() {
        let window = Window.phone()
        let view = LoggingView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(view)
        var lines: [String] = []
        let tap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        for (recognizer, name) in [(tap, "tap"), (press, "long press"), (pan, "pan")] as [(GestureRecognizer, String)] {
            recognizer.addStateObserver { recognizer, from, to in lines.append("\(format(recognizer.currentTime)) \(name) \(from)→\(to)") }
            view.addGestureRecognizer(recognizer)
        }
        view.onLog = { [weak window] entry in
            lines.append("\(format(window?.currentTime ?? -1)) view \(entry.split(separator: " ")[0])")
        }
        window.down(100, 100, at: 0)
        window.advanceTime(to: 0.6)
        window.move(100, 150, at: 0.7)
        window.up(100, 150, at: 0.8)
        #expect(lines == [
            "0.0 view began",
            "0.5 long press possible→began",
            "0.5 tap possible→failed",
            "0.5 pan possible→failed",
            "0.5 view cancelled",
            "0.7 long press began→changed",
            "0.8 long press changed→ended",
            "0.8 tap failed→possible",
            "0.8 long press ended→possible",
            "0.8 pan failed→possible",
        ])
    }
}
