import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Arbitration (G2)")
@MainActor
struct ArbitrationTests {
    @Test("Long press and tap on one view: lifting early taps; holding presses and fails the tap")
    func longPressVersusTap() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let tap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        let log = GestureStateRecorder()
        log.watch(tap, as: "tap")
        log.watch(press, as: "press")

        window.down(50, 50, at: 0)
        window.up(50, 50, at: 0.2)
        #expect(log.lines == [
            "0.200 tap possible→ended", "0.200 press possible→failed",
            "0.200 tap ended→possible", "0.200 press failed→possible",
        ])
        log.clear()
        window.down(50, 50, at: 1)
        window.advanceTime(to: 1.5)
        window.up(50, 50, at: 1.6)
        #expect(log.lines == [
            "1.500 press possible→began", "1.500 tap possible→failed",
            "1.600 press began→ended", "1.600 tap failed→possible", "1.600 press ended→possible",
        ])
    }

    @Test("require(toFail:): a single tap waits for the double tap to fail")
    func singleWaitsForDouble() {
        let window = Window.phone()
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        window.addGestureRecognizer(single)
        window.addGestureRecognizer(double)
        let log = GestureStateRecorder()
        log.watch(single, as: "single")
        log.watch(double, as: "double")
        let actions = ActionLog()
        actions.attach(to: single)

        window.tap(50, 50, at: 0)
        #expect(single.state == .possible)
        #expect(actions.states.isEmpty)
        window.advanceTime(to: 1)
        #expect(log.lines == [
            "0.400 double possible→failed", "0.400 single possible→ended",
            "0.400 single ended→possible", "0.400 double failed→possible",
        ])
        #expect(actions.states == [.ended])
    }

    @Test("require(toFail:): a double tap that recognizes fails the single tap")
    func doubleWins() {
        let window = Window.phone()
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        window.addGestureRecognizer(single)
        window.addGestureRecognizer(double)
        let log = GestureStateRecorder()
        log.watch(single, as: "single")
        log.watch(double, as: "double")
        let actions = ActionLog()
        actions.attach(to: single)

        window.tap(50, 50, at: 0)
        window.tap(50, 50, at: 0.2)
        window.advanceTime(to: 2)
        #expect(log.transitions(of: "double", includingResets: true) == ["possible→ended", "ended→possible"])
        #expect(log.transitions(of: "single", includingResets: true) == ["possible→failed", "failed→possible"])
        #expect(actions.states.isEmpty)
    }

    @Test("An ancestor's recognizer competes with the hit view's: the first to recognize wins")
    func ancestorCompetes() {
        let window = Window.phone()
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let button = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        card.addSubview(button)
        window.addSubview(card)
        let buttonTap = TapGestureRecognizer()
        let cardPan = PanGestureRecognizer()
        button.addGestureRecognizer(buttonTap)
        card.addGestureRecognizer(cardPan)
        let log = GestureStateRecorder()
        log.watch(buttonTap, as: "tap")
        log.watch(cardPan, as: "pan")
        window.down(20, 20, at: 0)
        window.move(20, 25, at: 0.05)
        window.move(20, 60, at: 0.1)
        window.move(20, 80, at: 0.15)
        window.up(20, 80, at: 0.2)
        #expect(log.transitions(of: "tap", includingResets: true) == ["possible→failed", "failed→possible"])
        #expect(log.transitions(of: "pan", includingResets: true) == ["possible→began", "began→changed", "changed→ended", "ended→possible"])
    }

    @Test("A recognizer in progress blocks another from beginning, unless the delegate allows both")
    func simultaneity() {
        for allowed in [false, true] {
            let window = Window.phone()
            let press = LongPressGestureRecognizer()
            press.minimumPressDuration = 0.2
            let pan = PanGestureRecognizer()
            let delegate = ConfigurableDelegate()
            delegate.simultaneous = allowed
            pan.delegate = delegate
            window.addGestureRecognizer(press)
            window.addGestureRecognizer(pan)
            window.down(100, 100, at: 0)
            window.advanceTime(to: 0.3)
            #expect(press.state == .began)
            window.move(100, 150, at: 0.4)
            #expect(pan.state == (allowed ? .began : .failed))
            #expect(press.state == .changed)
        }
    }

    @Test("Beginning cancels a competitor already in progress when they may not run together")
    func cancelsInProgress() {
        let window = Window.phone()
        let first = ManualRecognizer(continuous: true)
        let second = ManualRecognizer(continuous: true)
        window.addGestureRecognizer(first)
        window.addGestureRecognizer(second)
        window.down(10, 10, at: 0)
        first.state = .began
        #expect(second.transition(to: .began) == false)
        #expect(second.state == .failed)
    }

    @Test("shouldRequireFailure by class: the dependent waits, then proceeds when the other fails")
    func classRequirement() {
        final class Patient: LongPressGestureRecognizer {
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other is PanGestureRecognizer }
        }
        let window = Window.phone()
        let press = Patient()
        press.minimumPressDuration = 0.1
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(press)
        window.addGestureRecognizer(pan)
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        log.watch(pan, as: "pan")
        window.down(100, 100, at: 0)
        window.advanceTime(to: 0.5)
        #expect(press.state == .possible)
        window.up(100, 100, at: 0.6)
        #expect(log.transitions(of: "pan", includingResets: true) == ["possible→failed", "failed→possible"])
        #expect(log.transitions(of: "press", includingResets: true).first == "possible→failed")
    }
}
