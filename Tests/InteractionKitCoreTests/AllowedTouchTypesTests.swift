import Testing
import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

/// A delegate that counts the touches it is asked about.
@MainActor
private final class CountingDelegate: GestureRecognizerDelegate {
    private(set) var asked: [TouchType] = []
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        asked.append(touch.type)
        return true
    }
}

@Suite("allowedTouchTypes: a recognizer receives only the kinds of touch it allows (§15)")
@MainActor
struct AllowedTouchTypesTests {
    private func tap(on window: Window, with type: TouchType, at time: Double, id: Int = 0) {
        window.send(TouchInput(id: id, phase: .began, location: Point(x: 10, y: 10), timestamp: time, type: type))
        window.send(TouchInput(id: id, phase: .ended, location: Point(x: 10, y: 10), timestamp: time + 0.05, type: type))
    }

    @Test("All kinds by default; the set reads back as it was written")
    func defaults() {
        let recognizer = TapGestureRecognizer()
        #expect(recognizer.allowedTouchTypes == [.direct, .indirectPointer, .pencil])
        recognizer.allowedTouchTypes = [.pencil]
        #expect(recognizer.allowedTouchTypes == [.pencil])
        recognizer.allowedTouchTypes = []
        #expect(recognizer.allowedTouchTypes.isEmpty)
        recognizer.allowedTouchTypes = [.direct, .indirectPointer]
        #expect(recognizer.allowedTouchTypes == [.direct, .indirectPointer])
    }

    @Test("A touch of another kind is not received: no tracking, no delegate question, no state change")
    func otherKindNotReceived() {
        let window = Window.phone()
        let pencilOnly = TapGestureRecognizer()
        pencilOnly.allowedTouchTypes = [.pencil]
        let delegate = CountingDelegate()
        pencilOnly.delegate = delegate
        let log = GestureStateRecorder()
        log.watch(pencilOnly, as: "pencil")
        window.addGestureRecognizer(pencilOnly)
        window.down(10, 10, at: 0)
        #expect(pencilOnly.numberOfTouches == 0)
        window.up(10, 10, at: 0.05)
        tap(on: window, with: .indirectPointer, at: 1)
        #expect(log.lines.isEmpty)
        #expect(delegate.asked.isEmpty)
        tap(on: window, with: .pencil, at: 2)
        #expect(log.transitions(of: "pencil", includingResets: true) == ["possible→ended", "ended→possible"])
        #expect(delegate.asked == [.pencil])
    }

    @Test("A recognizer that does not allow a touch does not compete for it: a tap beside a pencil-only pan fires at once")
    func noCompetition() {
        let window = Window.phone()
        let tap = TapGestureRecognizer()
        let drawing = PanGestureRecognizer()
        drawing.allowedTouchTypes = [.pencil]
        tap.require(toFail: drawing)
        window.addGestureRecognizer(tap)
        window.addGestureRecognizer(drawing)
        let actions = ActionLog()
        actions.attach(to: tap)
        var competitors = -1
        tap.addAction { tap in
            competitors = 0
            tap.forEachRecognizerSharingTouches { _ in competitors += 1 }
        }
        window.tap(10, 10, at: 0)
        #expect(actions.states == [.ended])
        #expect(competitors == 0)
        #expect(drawing.state == .possible)
    }

    @Test("A change applies to touches that go down after it, not to one already down")
    func changeMidTouch() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        pan.allowedTouchTypes = [.pencil]
        window.move(10, 60, at: 0.1)
        #expect(pan.state == .began)
        window.up(10, 60, at: 0.2)
        #expect(pan.state == .possible)
        window.down(10, 10, at: 1)
        #expect(pan.numberOfTouches == 0)
        window.up(10, 10, at: 1.1)
    }

    @Test("An empty set receives nothing; allowing a kind again receives it again")
    func emptySet() {
        let window = Window.phone()
        let recognizer = TapGestureRecognizer()
        recognizer.allowedTouchTypes = []
        window.addGestureRecognizer(recognizer)
        let actions = ActionLog()
        actions.attach(to: recognizer)
        for (index, type) in [TouchType.direct, .indirectPointer, .pencil].enumerated() {
            tap(on: window, with: type, at: Double(index))
        }
        #expect(actions.states.isEmpty)
        recognizer.allowedTouchTypes = [.indirectPointer]
        tap(on: window, with: .indirectPointer, at: 5)
        #expect(actions.states == [.ended])
    }
}
