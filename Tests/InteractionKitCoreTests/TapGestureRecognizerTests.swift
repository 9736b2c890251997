import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Tap")
@MainActor
struct TapGestureRecognizerTests {
    private func scene(_ configure: (TapGestureRecognizer) -> Void = { _ in }) -> (Window, TapGestureRecognizer, GestureStateRecorder) {
        let window = Window.phone()
        let tap = TapGestureRecognizer()
        configure(tap)
        window.addGestureRecognizer(tap)
        let log = GestureStateRecorder()
        log.watch(tap, as: "tap")
        return (window, tap, log)
    }

    @Test("A tap ends on lift, however long the finger rested")
    func singleTap() {
        let (window, _, log) = scene()
        window.down(50, 50, at: 0)
        window.up(52, 50, at: 2.0)
        #expect(log.lines == ["2.000 tap possible→ended", "2.000 tap ended→possible"])
    }

    @Test("G7: a tap survives 45 points of movement and fails beyond them")
    func movementFails() {
        let (window, _, log) = scene()
        window.down(50, 50, at: 0)
        window.move(50, 95, at: 0.05)
        window.up(50, 95, at: 0.1)
        #expect(log.transitions(of: "tap", includingResets: true) == ["possible→ended", "ended→possible"])
        log.clear()
        window.down(50, 50, at: 1)
        window.move(50, 95.5, at: 1.05)
        window.up(50, 95.5, at: 1.1)
        #expect(log.transitions(of: "tap", includingResets: true) == ["possible→failed", "failed→possible"])
    }

    @Test("G6: on a double tap, a single tap and a double tap on one view both recognize")
    func singleDoesNotPreventDouble() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let singles = ActionLog()
        let doubles = ActionLog()
        singles.attach(to: single)
        doubles.attach(to: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        window.tap(50, 50, at: 0)
        window.tap(52, 50, at: 0.2)
        #expect(doubles.states == [.ended])
        #expect(singles.states == [.ended, .ended])
    }

    @Test("A double tap waits for the second tap, then ends")
    func doubleTap() {
        let (window, _, log) = scene { $0.numberOfTapsRequired = 2 }
        window.tap(50, 50, at: 0)
        #expect(log.lines.isEmpty)
        window.tap(52, 50, at: 0.2)
        #expect(log.lines == ["0.250 tap possible→ended", "0.250 tap ended→possible"])
    }

    @Test("A double tap fails when the second tap does not come in time")
    func doubleTapTimeout() {
        let (window, _, log) = scene { $0.numberOfTapsRequired = 2 }
        window.tap(50, 50, at: 0)
        window.advanceTime(to: 1)
        #expect(log.lines == ["0.400 tap possible→failed", "0.400 tap failed→possible"])
    }

    @Test("A second tap far from the first fails a double tap")
    func doubleTapFar() {
        let (window, _, log) = scene { $0.numberOfTapsRequired = 2 }
        window.tap(50, 50, at: 0)
        window.tap(300, 50, at: 0.1)
        #expect(log.transitions(of: "tap", includingResets: true).first == "possible→failed")
    }

    @Test("A two-finger tap needs both fingers; a third fails it")
    func twoFingers() {
        let (window, _, log) = scene { $0.numberOfTouchesRequired = 2 }
        window.down(50, 50, at: 0, id: 1)
        window.down(80, 50, at: 0.01, id: 2)
        window.up(50, 50, at: 0.05, id: 1)
        window.up(80, 50, at: 0.06, id: 2)
        #expect(log.transitions(of: "tap", includingResets: true) == ["possible→ended", "ended→possible"])
        log.clear()
        window.tap(50, 50, at: 1)
        #expect(log.transitions(of: "tap", includingResets: true) == ["possible→failed", "failed→possible"])
        log.clear()
        window.down(50, 50, at: 2, id: 1)
        window.down(60, 50, at: 2, id: 2)
        window.down(70, 50, at: 2, id: 3)
        #expect(log.transitions(of: "tap", includingResets: true) == ["possible→failed"])
    }
}
