import Testing
@testable import InteractionKitComponents
import InteractionKitCore

/// A touch made outside a window: known by its id and touch-down time.
@MainActor
private func touch(_ id: Int, downAt start: Double = 0) -> Touch {
    Touch(id: id, phase: .began, location: .zero, previousLocation: .zero,
          startLocation: .zero, timestamp: start, startTimestamp: start)
}

/// The press-tracking rules that `Control` and `TabBar` share, with no view.
@Suite("PressTracker: one press, decided without views")
@MainActor
struct PressTrackerTests {
    @Test("A touch-down is tracked, inside, in its window; a second one is not")
    func began() {
        var press = PressTracker()
        #expect(!press.isTracking && !press.isInside)
        let first = press.began(touch(0), windowSerial: 7)
        #expect(first)
        #expect(press.state == .tracking(touch(0), inside: true, windowSerial: 7))
        #expect(press.isTracking && press.isInside)
        let second = press.began(touch(1), windowSerial: 7)
        #expect(!second)
        #expect(press.tracks(touch(0)) && !press.tracks(touch(1)))
    }

    @Test("A touch-down outside any window is not tracked")
    func noWindow() {
        var press = PressTracker()
        let tracked = press.began(touch(0), windowSerial: 0)
        #expect(!tracked)
        #expect(press.state == .idle)
    }

    @Test("Moves report the drag and each crossing of the grown area, once")
    func crossings() {
        var press = PressTracker()
        _ = press.began(touch(0), windowSerial: 1)
        var moves: [PressTracker.Move] = []
        for inside in [true, false, false, true] {
            moves.append(press.moved(touch(0), inside: inside))
            #expect(press.isInside == inside)
        }
        #expect(moves == [
            .dragInside(entered: false), .dragOutside(exited: true),
            .dragOutside(exited: false), .dragInside(entered: true),
        ])
    }

    @Test("The lift ends the press, inside or outside; later phases are ignored")
    func lift() {
        var press = PressTracker()
        _ = press.began(touch(0), windowSerial: 1)
        let lift = press.ended(touch(0), inside: true)
        #expect(lift == .inside)
        #expect(press.state == .idle)
        let again = press.ended(touch(0), inside: true)
        let move = press.moved(touch(0), inside: true)
        #expect(again == .ignore && move == .ignore)
        _ = press.began(touch(0, downAt: 1), windowSerial: 1)
        let outside = press.ended(touch(0, downAt: 1), inside: false)
        #expect(outside == .outside)
    }

    @Test("G11: a touch with the tracked id but another touch-down is another touch")
    func identityByTouchDown() {
        var press = PressTracker()
        _ = press.began(touch(0, downAt: 0), windowSerial: 1)
        let other = touch(0, downAt: 0.5)
        #expect(press.trackedTouch(in: [other]) == nil)
        let move = press.moved(other, inside: false)
        let lift = press.ended(other, inside: true)
        let cancelled = press.cancelled(other)
        #expect(move == .ignore && lift == .ignore && !cancelled)
        #expect(press.isTracking && press.isInside)
        #expect(press.trackedTouch(in: [touch(1), touch(0, downAt: 0)]) == touch(0, downAt: 0))
    }

    @Test("A cancel of the tracked touch ends the press; of another, nothing")
    func cancel() {
        var press = PressTracker()
        _ = press.began(touch(0), windowSerial: 1)
        let other = press.cancelled(touch(1))
        let tracked = press.cancelled(touch(0))
        #expect(!other && tracked)
        #expect(press.state == .idle)
        let again = press.cancelled(touch(0))
        #expect(!again)
    }

    @Test("Stopping ends a press once")
    func stop() {
        var press = PressTracker()
        let idle = press.stop()
        _ = press.began(touch(0), windowSerial: 1)
        let first = press.stop()
        let second = press.stop()
        #expect(!idle && first && !second)
        let move = press.moved(touch(0), inside: true)
        #expect(move == .ignore)
    }

    @Test("C7: leaving the window the press began in ends it; staying does not")
    func windowChanged() {
        var press = PressTracker()
        let idle = press.windowChanged(to: 0)
        #expect(!idle)
        _ = press.began(touch(0), windowSerial: 3)
        let stayed = press.windowChanged(to: 3)
        #expect(!stayed && press.isTracking)
        let left = press.windowChanged(to: 0)
        #expect(left && press.state == .idle)
        _ = press.began(touch(1), windowSerial: 3)
        let moved = press.windowChanged(to: 4)
        let again = press.windowChanged(to: 4)
        #expect(moved && !again)
    }
}
