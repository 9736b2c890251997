import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Long press (G3)")
@MainActor
struct LongPressGestureRecognizerTests {
    private func scene(_ configure: (LongPressGestureRecognizer) -> Void = { _ in })
        -> (Window, LongPressGestureRecognizer, GestureStateRecorder, ActionLog) {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        configure(press)
        window.addGestureRecognizer(press)
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        let actions = ActionLog()
        actions.attach(to: press)
        return (window, press, log, actions)
    }

    @Test("It begins at exactly minimumPressDuration of virtual time")
    func beginsOnTime() {
        let (window, press, log, _) = scene()
        #expect(press.minimumPressDuration == 0.5)
        #expect(press.allowableMovement == 10)
        #expect(press.numberOfTouchesRequired == 1)
        window.down(100, 100, at: 1.0)
        window.advanceTime(to: 1.4999)
        #expect(press.state == .possible)
        window.advanceTime(to: 3)
        #expect(log.lines == ["1.500 press possible→began"])
    }

    @Test("A sample after the deadline fires the timer first, at the deadline")
    func lateSample() {
        let (window, _, log, actions) = scene()
        window.down(100, 100, at: 0)
        window.move(105, 100, at: 2)
        #expect(log.lines == ["0.500 press possible→began", "2.000 press began→changed"])
        #expect(actions.states == [.began, .changed])
    }

    @Test("Moving beyond allowableMovement first fails it; within it does not")
    func movement() {
        let (window, press, log, _) = scene()
        window.down(100, 100, at: 0)
        window.move(110, 100, at: 0.1)
        #expect(press.state == .possible)
        window.move(110.01, 100, at: 0.2)
        #expect(log.lines == ["0.200 press possible→failed"])
        window.advanceTime(to: 1)
        #expect(press.state == .failed)
        window.up(110, 100, at: 1.1)
        #expect(press.state == .possible)
    }

    @Test("Once begun, moves are changed with no movement limit; lifting ends it")
    func afterBegin() {
        let (window, _, log, actions) = scene()
        window.down(100, 100, at: 0)
        window.advanceTime(to: 0.5)
        window.move(300, 600, at: 0.6)
        window.up(300, 600, at: 0.7)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→began", "began→changed", "changed→ended", "ended→possible"])
        #expect(actions.locations.last == Point(x: 300, y: 600))
    }

    @Test("Lifting before the duration fails it")
    func earlyLift() {
        let (window, _, log, actions) = scene()
        window.down(100, 100, at: 0)
        window.up(100, 100, at: 0.3)
        window.advanceTime(to: 2)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→failed", "failed→possible"])
        #expect(actions.states.isEmpty)
    }

    @Test("A cancelled touch cancels a begun press")
    func cancelled() {
        let (window, _, log, actions) = scene()
        window.down(100, 100, at: 0)
        window.advanceTime(to: 0.6)
        window.cancel(100, 100, at: 0.7)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→began", "began→cancelled", "cancelled→possible"])
        #expect(actions.states == [.began, .cancelled])
    }

    @Test("Two required fingers: the timer starts when the second lands; a third fails it")
    func touchesRequired() {
        let (window, press, log, _) = scene { $0.numberOfTouchesRequired = 2 }
        window.down(100, 100, at: 0, id: 1)
        window.advanceTime(to: 1)
        #expect(press.state == .possible)
        window.down(120, 100, at: 1, id: 2)
        window.advanceTime(to: 1.5)
        #expect(log.lines == ["1.500 press possible→began"])
        #expect(press.location(in: nil) == Point(x: 110, y: 100))
        window.up(100, 100, at: 2, id: 1)
        window.up(120, 100, at: 2, id: 2)
        log.clear()
        window.down(100, 100, at: 3, id: 1)
        window.down(120, 100, at: 3, id: 2)
        window.down(140, 100, at: 3.1, id: 3)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→failed"])
    }

    @Test("A finger added after it began is ignored")
    func extraFinger() {
        let (window, press, log, _) = scene()
        window.down(100, 100, at: 0, id: 1)
        window.advanceTime(to: 0.5)
        window.down(300, 300, at: 0.6, id: 2)
        #expect(press.numberOfTouches == 1)
        window.up(300, 300, at: 0.7, id: 2)
        #expect(press.state == .began)
        window.up(100, 100, at: 0.8, id: 1)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→began", "began→ended", "ended→possible"])
    }

    @Test("Odd durations and movements neither trap nor wait forever")
    func oddSettings() {
        let (window, press, log, _) = scene { $0.minimumPressDuration = -1 }
        window.down(100, 100, at: 0)
        #expect(log.lines == ["0.000 press possible→began"])
        window.up(100, 100, at: 0.1)
        press.minimumPressDuration = .nan
        press.allowableMovement = .nan
        log.clear()
        window.down(100, 100, at: 1)
        #expect(press.state == .began)
    }
}
