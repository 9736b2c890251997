import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Pan")
@MainActor
struct PanGestureRecognizerTests {
    @Test("It begins once the finger has moved 10 points, and measures translation from the down point")
    func beginsAfterTenPoints() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        let log = GestureStateRecorder()
        log.watch(pan, as: "pan")
        window.down(100, 100, at: 0)
        window.move(106, 107.9, at: 0.01)
        #expect(pan.state == .possible)
        window.move(106, 108, at: 0.02)
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == Point(x: 6, y: 8))
        window.move(150, 100, at: 0.03)
        #expect(pan.translation(in: window) == Point(x: 50, y: 0))
        window.up(150, 100, at: 0.04)
        #expect(log.transitions(of: "pan", includingResets: true) == ["possible→began", "began→changed", "changed→ended", "ended→possible"])
    }

    @Test("A touch that lifts without moving fails the pan")
    func noMovement() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        let log = GestureStateRecorder()
        log.watch(pan, as: "pan")
        window.tap(10, 10, at: 0)
        #expect(log.transitions(of: "pan", includingResets: true) == ["possible→failed", "failed→possible"])
    }

    @Test("setTranslation rebases, and a second finger keeps the translation continuous")
    func rebasing() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        window.down(100, 100, at: 0, id: 1)
        window.move(130, 100, at: 0.1, id: 1)
        pan.setTranslation(.zero, in: nil)
        window.move(140, 100, at: 0.2, id: 1)
        #expect(pan.translation(in: nil) == Point(x: 10, y: 0))
        window.down(240, 100, at: 0.3, id: 2)
        #expect(pan.translation(in: nil) == Point(x: 10, y: 0))
        window.move(250, 100, at: 0.4, id: 2)
        #expect(pan.translation(in: nil) == Point(x: 15, y: 0))
        // Velocity looks at the last 100 ms only (G7): a second sample within them.
        window.move(260, 100, at: 0.45, id: 2)
        #expect(abs(pan.velocity(in: nil).x - 100) < 1e-9)
    }
}
