import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

/// G1, written out independently of the table in `GestureStateMachine`.
private let continuousLegal: Set<String> = [
    "possible→began", "possible→failed",
    "began→changed", "began→ended", "began→cancelled",
    "changed→changed", "changed→ended", "changed→cancelled",
]
private let discreteLegal: Set<String> = ["possible→ended", "possible→failed"]

@Suite("Gesture state machine (G1)")
@MainActor
struct GestureStateMachineTests {
    @Test("The table allows exactly G1's transitions", arguments: [true, false])
    func table(continuous: Bool) {
        let expected = continuous ? continuousLegal : discreteLegal
        for from in GestureRecognizer.State.allCases {
            for to in GestureRecognizer.State.allCases {
                let legal = GestureStateMachine.isLegal(from: from, to: to, continuous: continuous)
                #expect(legal == expected.contains("\(from)→\(to)"), "\(from)→\(to) continuous=\(continuous)")
            }
        }
    }

    /// Drives a detached recognizer into `from` through legal moves.
    private func recognizer(in from: GestureRecognizer.State, continuous: Bool) -> ManualRecognizer? {
        let recognizer = ManualRecognizer(continuous: continuous)
        // A tracked touch keeps a finished recognizer from resetting at once.
        recognizer.receiveBegan(
            Touch(id: 0, phase: .began, location: .zero, previousLocation: .zero, startLocation: .zero,
                  timestamp: 0, startTimestamp: 0),
            with: Event(window: nil))
        let path: [GestureRecognizer.State]
        switch (from, continuous) {
        case (.possible, _): path = []
        case (.began, true): path = [.began]
        case (.changed, true): path = [.began, .changed]
        case (.ended, true): path = [.began, .ended]
        case (.cancelled, true): path = [.began, .cancelled]
        case (.ended, false): path = [.ended]
        case (.failed, _): path = [.failed]
        default: return nil
        }
        for step in path { recognizer.state = step }
        return recognizer.state == from ? recognizer : nil
    }

    @Test("Every transition through a recognizer: legal ones happen, illegal ones are refused", arguments: [true, false])
    func everyTransition(continuous: Bool) {
        let expected = continuous ? continuousLegal : discreteLegal
        var reachable = 0
        for from in GestureRecognizer.State.allCases {
            for to in GestureRecognizer.State.allCases {
                guard let recognizer = recognizer(in: from, continuous: continuous) else { continue }
                reachable += 1
                let moved = recognizer.transition(to: to)
                let legal = expected.contains("\(from)→\(to)")
                #expect(moved == legal, "\(from)→\(to)")
                #expect(recognizer.state == (legal ? to : from), "\(from)→\(to)")
            }
        }
        #expect(reachable == (continuous ? 36 : 18))
    }

    @Test("Actions run on began, changed, ended and cancelled, never on failed")
    func actions() {
        let log = ActionLog()
        let first = ManualRecognizer(continuous: true)
        log.attach(to: first)
        first.state = .began
        first.state = .changed
        first.state = .changed
        first.state = .ended
        let second = ManualRecognizer(continuous: true)
        log.attach(to: second)
        second.state = .began
        second.state = .cancelled
        let third = ManualRecognizer(continuous: true)
        log.attach(to: third)
        third.state = .failed
        #expect(log.states == [.began, .changed, .changed, .ended, .began, .cancelled])
    }

    @Test("A finished recognizer with no touches resets to possible and calls reset()")
    func resetWithoutTouches() {
        let recognizer = ManualRecognizer(continuous: false)
        let log = GestureStateRecorder()
        log.watch(recognizer, as: "r")
        recognizer.state = .ended
        #expect(recognizer.state == .possible)
        #expect(recognizer.resets == 1)
        #expect(log.transitions(of: "r", includingResets: true) == ["possible→ended", "ended→possible"])
    }

    @Test("State.recognized is ended")
    func recognizedAlias() {
        #expect(GestureRecognizer.State.recognized == .ended)
    }
}
