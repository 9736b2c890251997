import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Touch delivery and bad input")
@MainActor
struct TouchDeliveryTests {
    @Test("Samples for unknown touches and moves before began are refused, not trapped")
    func unknownTouches() {
        let window = Window.phone()
        #expect(window.move(10, 10, at: 0) == .rejected(.touchNotDown(id: 0)))
        #expect(window.up(10, 10, at: 0, id: 7) == .rejected(.touchNotDown(id: 7)))
        #expect(window.cancel(10, 10, at: 0, id: 7) == .rejected(.touchNotDown(id: 7)))
        #expect(window.down(10, 10, at: 0) == .delivered)
        #expect(window.down(20, 20, at: 0) == .rejected(.touchAlreadyDown(id: 0)))
        #expect(window.up(10, 10, at: 0.1) == .delivered)
        #expect(window.up(10, 10, at: 0.2) == .rejected(.touchNotDown(id: 0)))
    }

    @Test("A touch-down beyond the most fingers a window tracks is refused, and the others go on")
    func touchLimit() {
        let window = Window.phone()
        let limit = GestureConstants.maximumTouchesDown
        for id in 0..<limit {
            #expect(window.down(Double(id), 10, at: 0, id: id) == .delivered)
        }
        #expect(window.down(5, 5, at: 0, id: limit) == .rejected(.tooManyTouches(id: limit, limit: limit)))
        #expect(window.activeTouchCount == limit)
        #expect(window.move(5, 5, at: 0.1, id: limit) == .rejected(.touchNotDown(id: limit)))
        #expect(window.up(0, 10, at: 0.2, id: 0) == .delivered)
        #expect(window.down(5, 5, at: 0.3, id: limit) == .delivered)
    }

    @Test("NaN, infinite and huge coordinates never trap")
    func oddCoordinates() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        #expect(window.down(.nan, 10, at: 0) == .rejected(.nonFiniteLocation(id: 0)))
        #expect(window.down(.infinity, 10, at: 0) == .rejected(.nonFiniteLocation(id: 0)))
        #expect(window.activeTouchCount == 0)
        #expect(window.down(1e308, -1e308, at: 0) == .delivered)
        #expect(window.up(1e308, -1e308, at: 0.1) == .delivered)
        window.down(100, 100, at: 1)
        #expect(window.move(.nan, .nan, at: 1.1) == .rejected(.nonFiniteLocation(id: 0)))
        #expect(press.state == .possible)
        window.advanceTime(to: 1.6)
        #expect(press.state == .began)
        #expect(window.up(.nan, .infinity, at: 1.7) == .delivered)
        #expect(press.location(in: nil) == Point(x: 100, y: 100))
        #expect(window.activeTouchCount == 0)
    }

    @Test("A timestamp going backwards is clamped to now")
    func backwardsTime() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        window.down(10, 10, at: 5)
        window.move(12, 10, at: 1)
        #expect(window.currentTime == 5)
        window.move(12, 10, at: .nan)
        #expect(window.currentTime == 5)
        window.advanceTime(to: 5.5)
        #expect(press.state == .began)
    }

    @Test("A view removed mid-touch cancels its gesture and the touch ends cleanly")
    func viewRemovedMidTouch() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let press = LongPressGestureRecognizer()
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        window.advanceTime(to: 0.6)
        view.removeFromSuperview()
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→began", "began→cancelled", "cancelled→possible"])
        #expect(window.move(20, 20, at: 0.7) == .delivered)
        #expect(window.up(20, 20, at: 0.8) == .delivered)
        #expect(log.transitions(of: "press", includingResets: true).count == 3)
        #expect(window.activeTouchCount == 0)
    }

    @Test("A view removed before its long press fires fails it quietly")
    func viewRemovedBeforeTimer() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let press = LongPressGestureRecognizer()
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        view.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        view.removeFromSuperview()
        window.advanceTime(to: 1)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→failed", "failed→possible"])
    }

    @Test("cancelAllTouches cancels every finger")
    func cancelAll() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        window.addGestureRecognizer(press)
        window.down(10, 10, at: 0)
        window.advanceTime(to: 0.6)
        window.cancelAllTouches()
        #expect(window.activeTouchCount == 0)
        #expect(log.transitions(of: "press", includingResets: true) == ["possible→began", "began→cancelled", "cancelled→possible"])
    }

    @Test("A touch hashes the same through a set as through hashValue, and later samples of it are found")
    func touchHashing() {
        func touch(id: Int, at x: Double, down: Double) -> Touch {
            Touch(id: id, phase: .moved, location: Point(x: x, y: 1), previousLocation: Point(x: 0, y: 1),
                  startLocation: Point(x: 0, y: 1), timestamp: down + 1, startTimestamp: down)
        }
        let touches = (-3...40).map { touch(id: $0 * 7919, at: Double($0), down: Double($0) / 3) }
        for sample in touches {
            // Seed 0 is what hashValue uses: the one-step hash must be the streamed one.
            #expect(sample._rawHashValue(seed: 0) == sample.hashValue)
        }
        let set = Set(touches)
        #expect(set.count == touches.count)
        for (index, sample) in touches.enumerated() {
            // A later sample of the same finger is the same touch, wherever it is now.
            #expect(set.contains(touch(id: sample.id, at: 1e6 + Double(index), down: sample.startTimestamp)))
            #expect(!set.contains(touch(id: sample.id, at: 0, down: sample.startTimestamp + 1)))
        }
    }

    @Test("An event made with a window delivers to that window's recognizers only")
    func eventMadeWithAWindow() {
        let window = Window.phone()
        let other = Window.phone()
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        let touch = Touch(id: 0, phase: .began, location: Point(x: 10, y: 10), previousLocation: Point(x: 10, y: 10),
                          startLocation: Point(x: 10, y: 10), timestamp: 0, startTimestamp: 0)
        press.receiveBegan(touch, with: Event(window: other))
        #expect(press.numberOfTouches == 0)
        press.receiveBegan(touch, with: Event(window: window))
        #expect(press.numberOfTouches == 1)
    }
}

