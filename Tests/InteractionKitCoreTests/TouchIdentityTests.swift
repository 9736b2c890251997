import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A view that logs its responder touches, as "began 0", with a hook per phase.
private final class IdentityLogView: View {
    var log: [String] = []
    var onBegan: (() -> Void)?
    var onEnded: (() -> Void)?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("began \(touch.id)") }
        onBegan?()
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("moved \(touch.id)") }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("ended \(touch.id)") }
        onEnded?()
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("cancelled \(touch.id)") }
    }
}

/// A recognizer that recognizes (a discrete `ended`) as soon as a touch goes down.
private final class RecognizeOnDown: GestureRecognizer {
    override var isContinuous: Bool { false }
    override func touchBegan(_ touch: Touch, with event: Event) { state = .ended }
}

/// A view whose `hitTest` runs a hook first.
private final class HookedHitTestView: View {
    var onHitTest: (() -> Void)?
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        onHitTest?()
        return super.hitTest(point, with: event)
    }
}

/// Rule G11: a touch is known by its touch-down, never by its id alone, and
/// the re-entrant responders a random harness found (issue 24).
@Suite("G11: a touch is known by its touch-down")
@MainActor
struct TouchIdentityTests {
    @Test("A finger put down with the id of one lifting, from that lift, never gives the first view the second touch's phases")
    func idReusedFromTheLift() {
        let window = Window.phone()
        let first = IdentityLogView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = IdentityLogView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        window.addSubview(first)
        window.addSubview(second)
        second.addGestureRecognizer(RecognizeOnDown())
        first.onEnded = {
            first.onEnded = nil
            window.down(250, 50, at: 0.1)
            window.up(250, 50, at: 0.2)
        }
        window.down(50, 50, at: 0)
        window.up(50, 50, at: 0.1)
        #expect(first.log == ["began 0", "ended 0"])
        // Its recognizer took the touch as it went down (cancelsTouchesInView).
        #expect(second.log == [])
        #expect(window.activeTouchCount == 0)
    }

    @Test("A held-back touchesBegan delivered at the lift is delivered once, even when touchesBegan releases what held it")
    func heldBackBeganOnce() {
        let window = Window.phone()
        let view = IdentityLogView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let holder = ManualRecognizer(continuous: false)
        holder.delaysTouchesBegan = true
        view.addGestureRecognizer(holder)
        view.onBegan = { holder.isEnabled = false }
        window.down(50, 50, at: 0)
        #expect(view.log == [])
        window.up(50, 50, at: 0.1)
        #expect(view.log == ["began 0", "ended 0"])
    }

    @Test("A touch-down with the id of the touch being hit-tested, sent from hitTest, is refused: one finger, no hang")
    func downFromHitTest() {
        let window = Window.phone()
        let view = HookedHitTestView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let holder = ManualRecognizer(continuous: false)
        holder.delaysTouchesBegan = true
        view.addGestureRecognizer(holder)
        var answers: [TouchDelivery] = []
        view.onHitTest = {
            view.onHitTest = nil
            answers.append(window.down(60, 60, at: 0))
        }
        #expect(window.down(50, 50, at: 0) == .delivered)
        #expect(answers == [.queued])
        #expect(window.activeTouchCount == 1)
        #expect(holder.numberOfTouches == 1)
        holder.state = .failed
        #expect(window.up(50, 50, at: 0.1) == .delivered)
        #expect(window.activeTouchCount == 0)
    }

    @Test("Two fingers of one id in two windows, down at the same instant, are two touches in a set")
    func touchesOfTwoWindowsDiffer() {
        var seen: [Touch] = []
        let windows = [Window.phone(), Window.phone()]
        for window in windows {
            let view = RecordingView(frame: window.bounds)
            view.onBegan = { seen.append(contentsOf: $0) }
            window.addSubview(view)
            window.down(10, 10, at: 0)
        }
        #expect(seen.count == 2)
        #expect(Set(seen).count == 2)
        #expect(seen[0] != seen[1])
        // The same finger's touch, as handed out at another sample, is the same touch.
        #expect(windows[0].touchesDown[0] == seen[0])
    }
}

/// A view that hands the touches it begins with to a closure.
private final class RecordingView: View {
    var onBegan: (Set<Touch>) -> Void = { _ in }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { onBegan(touches) }
}
