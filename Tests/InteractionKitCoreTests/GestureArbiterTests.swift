import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

/// An arena host of the test's own: which recognizers each touch-down reaches, and who waits.
@MainActor
private final class FakeTouches: GestureArenaTouches {
    var members: [UInt64: [GestureRecognizer]] = [:]
    var arena = GestureArena<GestureRecognizer>()
    var arenaWaiters: [GestureArena<GestureRecognizer>.Waiter] { arena.waiting }
    func pendingState(of recognizer: GestureRecognizer) -> GestureRecognizer.State? { arena.pendingState(of: recognizer) }
    func recognizer(_ recognizer: GestureRecognizer, waitsToEnter target: GestureRecognizer.State?) {
        if let target { arena.wait(recognizer, toEnter: target) } else { arena.stopWaiting(recognizer) }
    }
    func arenaSeats(ofTouchSerial serial: UInt64) -> [GestureArena<GestureRecognizer>.Seat]? {
        members[serial].map { $0.map { GestureArena.Seat(member: $0) } }
    }
    var arenaRequirements: [GestureArena<GestureRecognizer>.Requirement] { arena.requirements }
    func recognizer(_ dependent: GestureRecognizer, requiresForThisAttempt required: GestureRecognizer) {
        arena.require(dependent, attempt: dependent.attempt, toFail: required) { $0.attempt == $1 }
        dependent.attemptDidGainRequirement()
    }
    var hasArenaWaiters: Bool { !arena.waiting.isEmpty }
    func arenaRequires(_ dependent: GestureRecognizer, toFail required: GestureRecognizer) -> Bool {
        arena.requires(dependent, attempt: dependent.attempt, toFail: required)
    }
    func arenaRequiredMembers(of dependent: GestureRecognizer) -> [GestureRecognizer] {
        arena.requiredMembers(of: dependent, attempt: dependent.attempt)
    }
    /// No views here: the recognizers have none.
    func recognizerDidChangeForViews(_ recognizer: GestureRecognizer, to newState: GestureRecognizer.State) {}
}

/// The arbiter alone (rule G2, G5): recognizers with no view, a table of touches, no window.
@Suite("GestureArbiter: who wins a touch, decided from recognizers and touches alone")
@MainActor
struct GestureArbiterTests {
    private let arbiter = GestureArbiter()
    private let touches = FakeTouches()
    private let event = Event(window: nil)

    init() {
        arbiter.touches = touches
    }

    /// Puts a touch-down (`serial`, with `id`) under `recognizers`.
    private func down(serial: UInt64, id: Int = 0, _ recognizers: [GestureRecognizer]) {
        var touch = Touch(id: id, phase: .began, location: .zero, previousLocation: .zero, startLocation: .zero,
                          timestamp: 0, startTimestamp: 0)
        touch.serial = serial
        touches.members[serial] = recognizers
        for recognizer in recognizers {
            recognizer.standaloneArbiter = arbiter
            recognizer.receiveBegan(touch, with: event)
        }
    }

    @Test("When one begins, a competitor that may not recognize alongside fails; one that had begun is cancelled")
    func exclusion() {
        let first = ManualRecognizer(continuous: true)
        let second = ManualRecognizer(continuous: true)
        let third = ManualRecognizer(continuous: false)
        down(serial: 1, [first, second, third])
        first.state = .began
        #expect(first.state == .began)
        #expect(second.state == .failed)
        #expect(third.state == .failed)
        let late = ManualRecognizer(continuous: true)
        down(serial: 2, [late])
        touches.members[1]?.append(late)
        late.state = .began
        #expect(late.state == .began)
    }

    @Test("A recognizer may not begin while a competitor is in progress, unless a delegate lets them recognize together")
    func blockedWhileAnotherRecognizes() {
        let first = ManualRecognizer(continuous: true)
        let second = ManualRecognizer(continuous: true)
        let third = ManualRecognizer(continuous: true)
        let together = ConfigurableDelegate()
        together.simultaneous = true
        third.delegate = together
        down(serial: 1, [first, second, third])
        first.state = .began
        #expect(second.state == .failed)
        #expect(third.state == .possible)
        third.state = .began
        #expect(third.state == .began)
        #expect(first.state == .began)
    }

    @Test("require(toFail:) parks the move while the other is still deciding, and performs it when the other fails")
    func requirement() {
        let single = ManualRecognizer(continuous: false)
        let double = ManualRecognizer(continuous: false)
        single.require(toFail: double)
        down(serial: 1, [single, double])
        single.state = .ended
        #expect(single.state == .possible)
        #expect(single.pendingState == .ended)
        double.state = .failed
        #expect(single.state == .ended)
        #expect(single.pendingState == nil)
    }

    @Test("A recognizer waiting on another fails when the other recognizes")
    func requirementRecognized() {
        let single = ManualRecognizer(continuous: false)
        let double = ManualRecognizer(continuous: false)
        let log = GestureStateRecorder()
        log.watch(single, as: "single")
        single.require(toFail: double)
        down(serial: 1, [single, double])
        single.state = .ended
        double.state = .ended
        #expect(log.transitions(of: "single", includingResets: true) == ["possible→failed"])
    }

    @Test("Two recognizers that each require the other to fail wait while the finger is down, and neither is stuck once it lifts (G5)")
    func cycle() {
        let first = ManualRecognizer(continuous: false)
        let second = ManualRecognizer(continuous: false)
        first.require(toFail: second)
        second.require(toFail: first)
        down(serial: 1, [first, second])
        first.state = .ended
        second.state = .ended
        #expect(first.pendingState == .ended && second.pendingState == .ended)
        let lifted = first.trackedTouches[0]
        for recognizer in [first, second] { recognizer.forgetTouch(lifted) }
        #expect(first.state == .possible && second.state == .possible)
        #expect(first.pendingState == nil && second.pendingState == nil)
    }

    @Test("A requirement a delegate gives when the touch goes down holds once the touches are gone (G12)")
    func requirementOutlivesTouches() {
        final class Delegate: GestureRecognizerDelegate {
            weak var required: GestureRecognizer?
            func gestureRecognizer(
                _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
            ) -> Bool { otherGestureRecognizer === required }
        }
        let single = ManualRecognizer(continuous: false)
        let double = ManualRecognizer(continuous: false)
        let delegate = Delegate()
        delegate.required = double
        single.delegate = delegate
        let log = GestureStateRecorder()
        log.watch(single, as: "single")
        down(serial: 1, [single, double])
        arbiter.touchDidGoDown(serial: 1)
        #expect(single.requiresDynamically(double) && !double.requiresDynamically(single))
        // The first tap lifts; the double tap waits for its second.
        double.isAwaitingFurtherTouches = true
        let lifted = single.trackedTouches[0]
        for recognizer in [single, double] { recognizer.forgetTouch(lifted) }
        single.state = .ended
        #expect(single.state == .possible && single.pendingState == .ended)
        double.state = .failed
        #expect(log.transitions(of: "single", includingResets: true) == ["possible→ended", "ended→possible"])
        #expect(single.dynamicFailureRequirements.isEmpty)
    }

    @Test("Competitors are the recognizers of the same touch-downs: another touch with the same id is not shared")
    func competitorsByTouchDown() {
        let left = ManualRecognizer(continuous: true)
        let right = ManualRecognizer(continuous: true)
        down(serial: 1, id: 0, [left])
        down(serial: 2, id: 0, [right])
        var seen: [GestureRecognizer] = []
        left.forEachRecognizerSharingTouches { seen.append($0) }
        #expect(seen.isEmpty)
        left.state = .began
        right.state = .began
        #expect(left.state == .began && right.state == .began)
    }
}
