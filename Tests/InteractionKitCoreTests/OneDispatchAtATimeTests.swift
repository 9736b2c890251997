import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

/// A view that logs its responder touches and runs a hook from each.
private final class DispatchLogView: View {
    var log: [String] = []
    var onBegan: (() -> Void)?
    var onEnded: (() -> Void)?
    var onMoved: (() -> Void)?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("began \(touch.id) at \(format(touch.timestamp))") }
        onBegan?()
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("moved \(touch.id)") }
        onMoved?()
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("ended \(touch.id) at \(format(touch.timestamp))") }
        onEnded?()
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { log.append("cancelled \(touch.id)") }
    }
}

/// Rule G10: one dispatch at a time. What a callback sends waits for the
/// current input and runs, in order, before the outermost call returns.
@Suite("G10: one dispatch at a time")
@MainActor
struct OneDispatchAtATimeTests {
    private func scene() -> (Window, DispatchLogView) {
        let window = Window.phone()
        let view = DispatchLogView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        return (window, view)
    }

    @Test("A touch sent from touchesBegan is queued and dispatched after that touchesBegan returns, before send returns")
    func sendFromResponder() {
        let (window, view) = scene()
        var answers: [TouchDelivery] = []
        view.onBegan = {
            view.onBegan = nil
            answers.append(window.up(10, 10, at: 0.1))
            view.log.append("touchesBegan returns")
        }
        #expect(window.down(10, 10, at: 0) == .delivered)
        #expect(answers == [.queued])
        #expect(view.log == ["began 0 at 0.0", "touchesBegan returns", "ended 0 at 0.1"])
        #expect(window.activeTouchCount == 0)
    }

    @Test("Inputs sent from one callback are dispatched in the order sent")
    func orderKept() {
        let (window, view) = scene()
        view.onBegan = {
            view.onBegan = nil
            window.down(20, 20, at: 0, id: 1)
            window.up(10, 10, at: 0.1, id: 0)
            window.up(20, 20, at: 0.2, id: 1)
        }
        view.isMultipleTouchEnabled = true
        window.down(10, 10, at: 0)
        #expect(view.log == ["began 0 at 0.0", "began 1 at 0.0", "ended 0 at 0.1", "ended 1 at 0.2"])
    }

    @Test("A lift sent while the same lift is delivered is refused once its turn comes: began, ended, never twice")
    func liftDuringLift() {
        let (window, view) = scene()
        var again: TouchDelivery?
        view.onEnded = {
            view.onEnded = nil
            again = window.up(10, 10, at: 0.1)
        }
        window.down(10, 10, at: 0)
        window.up(10, 10, at: 0.1)
        #expect(again == .queued)
        #expect(view.log == ["began 0 at 0.0", "ended 0 at 0.1"])
    }

    @Test("advanceTime from a callback moves the clock at once; the timers it makes due run after the dispatch")
    func advanceTimeFromCallback() {
        let (window, view) = scene()
        var fired: [String] = []
        window.scheduler.schedule(after: 0.5) { fired.append("timer at \(format(window.currentTime))") }
        view.onBegan = {
            view.onBegan = nil
            window.advanceTime(to: 1)
            fired.append("clock \(format(window.currentTime)) in touchesBegan")
        }
        window.down(10, 10, at: 0)
        #expect(fired == ["clock 1.0 in touchesBegan", "timer at 1.0"])
        // Never back: a sample stamped earlier counts as now.
        window.up(10, 10, at: 0.2)
        #expect(window.currentTime == 1)
        #expect(view.log.last == "ended 0 at 1.0")
    }

    @Test("A touch sent from a timer is dispatched right after that timer, before later timers")
    func sendFromTimer() {
        let (window, view) = scene()
        var order: [String] = []
        window.scheduler.schedule(after: 0.1) {
            order.append("timer 0.1")
            #expect(window.down(10, 10, at: 0.1) == .queued)
        }
        window.scheduler.schedule(after: 0.3) { order.append("timer 0.3 sees \(window.activeTouchCount) down") }
        view.onBegan = { order.append("began") }
        window.advanceTime(to: 1)
        #expect(order == ["timer 0.1", "began", "timer 0.3 sees 1 down"])
    }

    @Test("A recognizer's action that lifts its finger: the action finishes first, the lift follows before send returns")
    func actionLifts() {
        let (window, _) = scene()
        let press = LongPressGestureRecognizer()
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        var actionDone: [GestureRecognizer.State] = []
        press.addAction { recognizer in
            if recognizer.state == .began {
                window.up(10, 10, at: 0.6)
                #expect(recognizer.state == .began)
            }
            actionDone.append(recognizer.state)
        }
        window.firstSubview.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        window.advanceTime(to: 0.5)
        #expect(actionDone == [.began, .ended])
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→began", "began→ended", "ended→possible"])
        #expect(window.activeTouchCount == 0)
    }

    @Test("A hover sample sent from a touch callback is queued like a touch")
    func hoverQueued() {
        let (window, view) = scene()
        let hover = HoverGestureRecognizer()
        view.addGestureRecognizer(hover)
        var stateInBegan: GestureRecognizer.State?
        view.onBegan = {
            window.send(HoverInput(location: Point(x: 50, y: 50), timestamp: 0))
            stateInBegan = hover.state
        }
        window.down(10, 10, at: 0)
        #expect(stateInBegan == .possible)
        #expect(hover.state == .began)
    }

    @Test("A callback that sends two inputs for every input it hears is bounded: past the limit sends are refused, and send returns")
    func feedbackLoopIsBounded() {
        let (window, view) = scene()
        var refused = 0
        var heard = 0
        view.onMoved = {
            heard += 1
            for _ in 0..<2 where window.move(20, 20, at: 0) == TouchDelivery.rejected(.tooManyQueued(id: 0)) {
                refused += 1
            }
        }
        window.down(10, 10, at: 0)
        window.move(20, 20, at: 0)
        #expect(refused > 0)
        #expect(heard <= InputQueue.perDispatchLimit + 1)
        #expect(window.up(20, 20, at: 1) == .delivered)
    }

    @Test("Keys and hovers sent without end from a callback are dropped past the queue's bounds, and their senders told; the window carries on")
    func unboundedKeysAreCutOff() {
        let window = Window.phone()
        var heard = 0
        var deliveries: Set<InputDelivery> = []
        let key = Key(keyCode: .keyboardA, characters: "a", charactersIgnoringModifiers: "a")
        let filter = window.addKeyInputFilter { [unowned window] input in
            heard += 1
            deliveries.insert(window.send(KeyInput(key: key, phase: .began, timestamp: input.timestamp)))
            deliveries.insert(window.send(HoverInput(location: Point(x: 10, y: 10), timestamp: input.timestamp)))
            deliveries.insert(window.send(KeyInput(key: key, phase: .ended, timestamp: input.timestamp)))
            return true
        }
        #expect(window.send(KeyInput(key: key, phase: .began, timestamp: 1)) == .delivered)
        // From the callback: queued while the queue has room, then dropped, as a touch is refused.
        #expect(deliveries == [.queued, .dropped])
        #expect(heard > InputQueue.limit)
        #expect(heard <= InputQueue.perDispatchLimit + 1)
        window.removeKeyInputFilter(filter)
        heard = 0
        #expect(window.send(KeyInput(key: key, phase: .ended, timestamp: 2)) == .delivered)
        #expect(window.send(HoverInput(location: Point(x: 12, y: 10), timestamp: 2)).isDelivered)
        #expect(heard == 0)
        #expect(window.currentTime == 2)
    }
}

extension Window {
    /// The first subview (test scenes put one view in the window).
    fileprivate var firstSubview: View { subviews[0] }
}
