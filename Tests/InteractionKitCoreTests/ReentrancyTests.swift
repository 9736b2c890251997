import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

/// A recognizer whose touch callbacks run a closure first: the way a test
/// makes a callback re-enter the engine mid-delivery.
final class HookRecognizer: GestureRecognizer {
    var onBegan: (() -> Void)?

    override func touchBegan(_ touch: Touch, with event: Event) {
        onBegan?()
    }
}

/// A delegate whose `gestureRecognizerShouldBegin` runs a closure, then says yes.
final class ReenteringDelegate: GestureRecognizerDelegate {
    var onShouldBegin: () -> Void = {}

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        onShouldBegin()
        return true
    }
}

@Suite("Callbacks that re-enter the engine (G4) and cyclic requirements (G5)")
@MainActor
struct ReentrancyTests {
    private func scene() -> (Window, View) {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        return (window, view)
    }

    /// A pan that has begun on `view`, with a finger still down at (10, 30).
    private func beganPan(on view: View, in window: Window) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        window.move(10, 30, at: 0.1)
        return pan
    }

    @Test("Removing a recognizer whose cancel action removes a sibling removes exactly the two of them")
    func removalWhileCancelling() {
        let (window, view) = scene()
        let before = ManualRecognizer(continuous: true)
        view.addGestureRecognizer(before)
        let pan = beganPan(on: view, in: window)
        let after = ManualRecognizer(continuous: true)
        view.addGestureRecognizer(after)
        #expect(pan.state == .began)
        pan.addAction { recognizer in
            if recognizer.state == .cancelled { view.removeGestureRecognizer(before) }
        }
        view.removeGestureRecognizer(pan)
        #expect(view.gestureRecognizers.count == 1)
        #expect(view.gestureRecognizers.first === after)
        #expect(pan.view == nil && before.view == nil && after.view === view)
    }

    @Test("Removing the last of three recognizers while its action removes the first does not trap")
    func removalOfTheLast() {
        let (window, view) = scene()
        let first = ManualRecognizer(continuous: true)
        let second = ManualRecognizer(continuous: true)
        view.addGestureRecognizer(first)
        view.addGestureRecognizer(second)
        let pan = beganPan(on: view, in: window)
        pan.addAction { recognizer in
            if recognizer.state == .cancelled { view.removeGestureRecognizer(first) }
        }
        view.removeGestureRecognizer(pan)
        #expect(view.gestureRecognizers.map { ObjectIdentifier($0) } == [ObjectIdentifier(second)])
    }

    @Test("A timer whose action advances the clock further leaves the clock there")
    func timeNeverGoesBack() {
        let (window, _) = scene()
        window.scheduler.schedule(after: 0.1) { window.advanceTime(to: 5) }
        window.advanceTime(to: 1)
        #expect(window.currentTime == 5)
        window.send(TouchInput(phase: .began, location: Point(x: 1, y: 1), timestamp: 2))
        #expect(window.currentTime == 5)
    }

    @Test("A delegate that disables its recognizer while asked to begin leaves it failed, never began")
    func delegateDisables() {
        let (window, view) = scene()
        let pan = PanGestureRecognizer()
        let delegate = ReenteringDelegate()
        delegate.onShouldBegin = { pan.isEnabled = false }
        pan.delegate = delegate
        let log = GestureStateRecorder()
        log.watch(pan, as: "pan")
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        window.move(10, 30, at: 0.1)
        #expect(!log.transitions(of: "pan", includingResets: true).contains("failed→began"))
        #expect(pan.state != .began)
        window.up(10, 30, at: 0.2)
        #expect(pan.state == .possible)
    }

    @Test("A delegate that lifts every finger while asked to begin leaves no gesture in progress")
    func delegateLifts() {
        let (window, view) = scene()
        let pan = PanGestureRecognizer()
        let delegate = ReenteringDelegate()
        delegate.onShouldBegin = { window.up(10, 30, at: 0.1) }
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        window.move(10, 30, at: 0.1)
        #expect(window.activeTouchCount == 0)
        #expect(pan.state == .possible)
        #expect(pan.numberOfTouches == 0)
    }

    @Test("Two taps that each require the other to fail recognize once and both hear the next tap")
    func mutualRequirement() {
        let (window, view) = scene()
        let first = TapGestureRecognizer()
        let second = TapGestureRecognizer()
        first.require(toFail: second)
        second.require(toFail: first)
        let firstActions = ActionLog()
        let secondActions = ActionLog()
        firstActions.attach(to: first)
        secondActions.attach(to: second)
        view.addGestureRecognizer(first)
        view.addGestureRecognizer(second)
        window.tap(10, 10, at: 0)
        #expect(first.state == .possible && second.state == .possible)
        #expect(firstActions.states.count + secondActions.states.count == 1)
        window.tap(10, 10, at: 1)
        #expect(first.state == .possible && second.state == .possible)
        #expect(firstActions.states.count + secondActions.states.count == 2)
        #expect(first.pendingState == nil && second.pendingState == nil)
    }

    @Test("A cycle of three failure requirements does not leave anyone waiting")
    func cyclicRequirement() {
        let (window, view) = scene()
        let taps = (0..<3).map { _ in TapGestureRecognizer() }
        for index in 0..<3 { taps[index].require(toFail: taps[(index + 1) % 3]) }
        for tap in taps { view.addGestureRecognizer(tap) }
        window.tap(10, 10, at: 0)
        #expect(taps.allSatisfy { $0.state == .possible && $0.pendingState == nil })
    }

    @Test("A recognizer disabled while a finger goes down does not count that finger")
    func noPhantomTouch() {
        let window = Window.phone()
        let outer = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(inner)
        let hook = HookRecognizer()
        let victim = ManualRecognizer(continuous: true)
        inner.addGestureRecognizer(hook)
        outer.addGestureRecognizer(victim)
        hook.onBegan = { victim.isEnabled = false }
        window.down(10, 10, at: 0)
        #expect(victim.numberOfTouches == 0)
        window.up(10, 10, at: 0.1)
        hook.onBegan = nil
        victim.isEnabled = true
        window.down(10, 10, at: 1)
        #expect(victim.numberOfTouches == 1)
        window.up(10, 10, at: 1.1)
        #expect(victim.numberOfTouches == 0)
    }

    @Test("A recognizer that gave up its touches while a finger goes down does not count that finger")
    func noPhantomAfterAbandon() {
        let window = Window.phone()
        let outer = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(inner)
        let hook = HookRecognizer()
        let victim = ManualRecognizer(continuous: true)
        inner.addGestureRecognizer(hook)
        outer.addGestureRecognizer(victim)
        hook.onBegan = { victim.abandonTouches() }
        window.down(10, 10, at: 0)
        #expect(victim.numberOfTouches == 0)
        window.up(10, 10, at: 0.1)
        #expect(victim.numberOfTouches == 0)
        #expect(victim.state == .possible)
    }

    @Test("A callback that lifts a finger and puts it down again with the same id, mid touch-down, leaves no phantom touch")
    func sameIDAgain() {
        let window = Window.phone()
        let outer = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(inner)
        let hook = HookRecognizer()
        let later = ManualRecognizer(continuous: true)
        inner.addGestureRecognizer(hook)
        outer.addGestureRecognizer(later)
        hook.onBegan = {
            hook.onBegan = nil
            window.up(10, 10, at: 0)
            window.down(10, 10, at: 0)
        }
        window.down(10, 10, at: 0)
        #expect(window.activeTouchCount == 1)
        #expect(later.numberOfTouches == 1)
        window.up(10, 10, at: 0.1)
        #expect(later.numberOfTouches == 0)
        #expect(hook.numberOfTouches == 0)
    }

    @Test("A timer that puts a finger down before a sample with that id is dispatched makes the sample stale, not a duplicate")
    func timerTakesTheID() {
        let (window, _) = scene()
        window.scheduler.schedule(after: 0.1) { window.down(5, 5, at: 0.1) }
        let result = window.down(10, 10, at: 0.2)
        #expect(result == .rejected(.touchAlreadyDown(id: 0)))
        #expect(window.activeTouchCount == 1)
    }

    @Test("An action that removes its recognizer stops the later actions from seeing a reset state")
    func actionsSeeTheirState() {
        let (window, view) = scene()
        let pan = PanGestureRecognizer()
        var seen: [GestureRecognizer.State] = []
        pan.addAction { recognizer in view.removeGestureRecognizer(recognizer) }
        pan.addAction { recognizer in seen.append(recognizer.state) }
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        window.move(10, 30, at: 0.1)
        #expect(seen == [.cancelled])
    }

    @Test("A removed action is not called again; the others are")
    func removeAction() {
        let (window, view) = scene()
        let tap = TapGestureRecognizer()
        var calls: [String] = []
        let token = tap.addAction { _ in calls.append("a") }
        tap.addAction { _ in calls.append("b") }
        view.addGestureRecognizer(tap)
        window.tap(10, 10, at: 0)
        tap.removeAction(token)
        window.tap(10, 10, at: 1)
        #expect(calls == ["a", "b", "b"])
    }

    @Test("An action removed by an earlier action of the same round is not called")
    func actionRemovedMidRound() {
        let (window, view) = scene()
        let tap = TapGestureRecognizer()
        var calls: [String] = []
        let second = Box<ActionToken>()
        tap.addAction { recognizer in
            calls.append("first")
            if let token = second.value { recognizer.removeAction(token) }
        }
        second.value = tap.addAction { _ in calls.append("second") }
        view.addGestureRecognizer(tap)
        window.tap(10, 10, at: 0)
        #expect(calls == ["first"])
    }

    @Test("A stationary sample does not move the finger: a long press begins where it went down")
    func stationaryDoesNotMove() {
        let (window, view) = scene()
        let press = LongPressGestureRecognizer()
        var began: Point?
        press.addAction { recognizer in if recognizer.state == .began { began = recognizer.location(in: nil) } }
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        window.send(TouchInput(phase: .stationary, location: Point(x: 190, y: 190), timestamp: 0.1))
        window.advanceTime(to: 0.6)
        #expect(began == Point(x: 10, y: 10))
    }

    @Test("A callback cannot put a view inside its own subtree while it is being moved")
    func noViewCycle() {
        let (window, _) = scene()
        let other = Window.phone()
        let a = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        other.addSubview(a)
        let b = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(b)
        let pan = beganPan(on: b, in: window)
        pan.addAction { [weak a, weak b] recognizer in
            if recognizer.state == .cancelled, let a, let b { b.addSubview(a) }
        }
        a.addSubview(b)
        #expect(!(a.isDescendant(of: b) && b.isDescendant(of: a)))
        _ = a.convert(Point(x: 1, y: 1), to: nil)
    }

    @Test("The timer heap stays bounded while one timer waits and others are scheduled and cancelled")
    func boundedTimerHeap() {
        let (window, _) = scene()
        window.scheduler.schedule(after: 100) {}
        for _ in 0..<10_000 {
            let token = window.scheduler.schedule(after: 1) {}
            window.scheduler.cancel(token)
            window.advanceTime(to: 0)
        }
        #expect(window.scheduler.pendingCount == 1)
        #expect(window.scheduler.storedEntryCount < 64)
    }

    @Test("At t = 1e300 a press delay still waits for time to pass")
    func hugeTime() {
        let (window, view) = scene()
        let press = LongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 1e300)
        #expect(press.state == .possible)
        window.advanceTime(to: 2e300)
        #expect(press.state == .began)
    }

    @Test("A pan's translation at ended includes the lift sample")
    func panTranslationIncludesLift() {
        let (window, view) = scene()
        let pan = PanGestureRecognizer()
        var atEnd: Point?
        pan.addAction { recognizer in
            if recognizer.state == .ended { atEnd = recognizer.translation(in: nil) }
        }
        view.addGestureRecognizer(pan)
        window.down(10, 10, at: 0)
        window.move(10, 30, at: 0.1)
        window.up(10, 50, at: 0.2)
        #expect(atEnd == Point(x: 0, y: 40))
    }
}
