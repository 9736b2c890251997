import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Swipe")
@MainActor
struct SwipeGestureRecognizerTests {
    private func scene(_ configure: (SwipeGestureRecognizer) -> Void = { _ in })
        -> (Window, SwipeGestureRecognizer, GestureStateRecorder, ActionLog) {
        let window = Window.phone()
        let swipe = SwipeGestureRecognizer()
        configure(swipe)
        window.addGestureRecognizer(swipe)
        let log = GestureStateRecorder()
        log.watch(swipe, as: "swipe")
        let actions = ActionLog()
        actions.attach(to: swipe)
        return (window, swipe, log, actions)
    }

    @Test("Defaults: one finger, to the right; UIKit's 50 points in 0.5 s")
    func defaults() {
        let swipe = SwipeGestureRecognizer()
        #expect(swipe.direction == .right)
        #expect(swipe.numberOfTouchesRequired == 1)
        #expect(!swipe.isContinuous)
        #expect(GestureConstants.swipeMinimumDistance == 50)
        #expect(GestureConstants.swipeMaximumDuration == 0.5)
    }

    @Test("A quick stroke to the right recognizes at 50 points, while the finger is still down")
    func recognizes() {
        let (window, _, log, actions) = scene()
        window.down(100, 100, at: 0)
        window.move(130, 104, at: 0.05)
        #expect(log.lines.isEmpty)
        window.move(150, 108, at: 0.1)
        #expect(log.lines == ["0.100 swipe possible→ended"])
        #expect(actions.states == [.ended])
        window.up(170, 108, at: 0.15)
        #expect(log.lines == ["0.100 swipe possible→ended", "0.150 swipe ended→possible"])
    }

    @Test("The lift sample counts: a stroke completed by the lift recognizes on lift")
    func liftCounts() {
        let (window, _, log, _) = scene()
        window.down(100, 100, at: 0)
        window.move(130, 100, at: 0.05)
        window.up(160, 100, at: 0.1)
        #expect(log.lines == ["0.100 swipe possible→ended", "0.100 swipe ended→possible"])
    }

    @Test("A lift short of the distance fails it")
    func shortLift() {
        let (window, _, log, _) = scene()
        window.down(100, 100, at: 0)
        window.up(140, 100, at: 0.1)
        #expect(log.transitions(of: "swipe", includingResets: true) == ["possible→failed", "failed→possible"])
    }

    @Test("A slow crawl fails when 0.5 s have passed, even with the finger resting")
    func slowCrawl() {
        let (window, _, log, _) = scene()
        window.down(100, 100, at: 0)
        window.move(120, 100, at: 0.2)
        window.move(140, 100, at: 0.4)
        window.move(170, 100, at: 0.6)
        #expect(log.lines == ["0.500 swipe possible→failed"])
        log.clear()
        window.up(170, 100, at: 0.7)
        window.down(100, 100, at: 1)
        window.advanceTime(to: 2)
        #expect(log.lines == ["0.700 swipe failed→possible", "1.500 swipe possible→failed"])
    }

    @Test("The wrong direction fails it: backwards, or off to the side")
    func wrongDirection() {
        let (window, _, log, _) = scene()
        window.down(200, 100, at: 0)
        window.move(180, 100, at: 0.05)
        #expect(log.lines.isEmpty)
        window.move(169, 100, at: 0.1)
        #expect(log.lines == ["0.100 swipe possible→failed"])
        window.up(100, 100, at: 0.15)
        log.clear()
        window.down(200, 100, at: 1)
        window.move(200, 160, at: 1.05)
        #expect(log.lines == ["1.050 swipe possible→failed"])
    }

    @Test("A stroke that strays more than 30 points from its axis fails, though long enough")
    func strays() {
        let (window, _, log, _) = scene()
        window.down(100, 100, at: 0)
        window.move(130, 131, at: 0.05)
        #expect(log.lines == ["0.050 swipe possible→failed"])
        window.up(200, 131, at: 0.1)
        log.clear()
        // Within 30 points of the axis it recognizes.
        window.down(100, 100, at: 1)
        window.move(150, 129, at: 1.05)
        #expect(log.lines == ["1.050 swipe possible→ended"])
    }

    @Test("Several directions: any of them recognizes; the others do not fail it")
    func severalDirections() {
        let (window, _, log, _) = scene { $0.direction = [.left, .up] }
        window.down(200, 300, at: 0)
        window.move(200, 240, at: 0.1)
        #expect(log.lines == ["0.100 swipe possible→ended"])
        window.up(200, 240, at: 0.2)
        log.clear()
        window.down(200, 300, at: 1)
        window.move(150, 300, at: 1.1)
        #expect(log.lines == ["1.100 swipe possible→ended"])
        window.up(150, 300, at: 1.2)
        log.clear()
        window.down(200, 300, at: 2)
        window.move(200, 350, at: 2.1)
        #expect(log.lines == ["2.100 swipe possible→failed"])
    }

    @Test("Two fingers swipe together; one is too few and three too many (G9)")
    func twoFingers() {
        let (window, _, log, _) = scene { $0.numberOfTouchesRequired = 2 }
        window.down(100, 100, at: 0, id: 1)
        window.down(100, 200, at: 0.01, id: 2)
        window.move(160, 100, at: 0.05, id: 1)
        #expect(log.lines.isEmpty)
        window.move(160, 200, at: 0.06, id: 2)
        #expect(log.lines == ["0.060 swipe possible→ended"])
        window.up(160, 100, at: 0.1, id: 1)
        window.up(160, 200, at: 0.1, id: 2)
        log.clear()
        window.down(100, 100, at: 1)
        window.move(200, 100, at: 1.05)
        window.up(200, 100, at: 1.1)
        #expect(log.transitions(of: "swipe", includingResets: true) == ["possible→failed", "failed→possible"])
        log.clear()
        window.down(100, 100, at: 2, id: 1)
        window.down(100, 150, at: 2, id: 2)
        window.down(100, 200, at: 2, id: 3)
        #expect(log.lines == ["2.000 swipe possible→failed"])
    }

    @Test("Against a pan: the pan wins at 10 points; a pan that requires the swipe to fail waits for it")
    func versusPan() {
        let window = Window.phone()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right, .up, .down]
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(swipe)
        window.addGestureRecognizer(pan)
        let log = GestureStateRecorder()
        log.watch(swipe, as: "swipe")
        log.watch(pan, as: "pan")
        window.down(100, 100, at: 0)
        window.move(112, 100, at: 0.02)
        #expect(log.lines == ["0.020 pan possible→began", "0.020 swipe possible→failed"])
        window.up(200, 100, at: 0.1)
        log.clear()

        pan.require(toFail: swipe)
        // Fast: the swipe recognizes and the pan, waiting on it, fails.
        window.down(100, 100, at: 1)
        window.move(112, 100, at: 1.02)
        #expect(log.lines.isEmpty)
        window.move(160, 100, at: 1.05)
        #expect(log.lines == ["1.050 swipe possible→ended", "1.050 pan possible→failed"])
        window.up(160, 100, at: 1.1)
        log.clear()
        // Slow: the swipe fails at 0.5 s and the waiting pan begins then.
        window.down(100, 100, at: 2)
        window.move(115, 100, at: 2.2)
        window.advanceTime(to: 2.6)
        #expect(log.lines == ["2.500 swipe possible→failed", "2.500 pan possible→began"])
        window.move(130, 100, at: 2.7)
        #expect(pan.translation(in: nil) == Point(x: 30, y: 0))
    }
}
