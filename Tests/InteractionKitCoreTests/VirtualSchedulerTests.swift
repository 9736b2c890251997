import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

@Suite("Virtual time")
@MainActor
struct VirtualSchedulerTests {
    @Test("Timers fire in deadline order, FIFO at equal deadlines, with the clock at their deadline")
    func order() {
        let scheduler = VirtualScheduler()
        var fired: [String] = []
        scheduler.schedule(after: 0.3) { fired.append("c@\(scheduler.now)") }
        scheduler.schedule(after: 0.1) { fired.append("a@\(scheduler.now)") }
        scheduler.schedule(after: 0.2) { fired.append("b1@\(scheduler.now)") }
        scheduler.schedule(after: 0.2) { fired.append("b2@\(scheduler.now)") }
        scheduler.advance(to: 0.25)
        #expect(fired == ["a@0.1", "b1@0.2", "b2@0.2"])
        #expect(scheduler.now == 0.25)
        scheduler.advance(to: 1)
        #expect(fired.last == "c@0.3")
    }

    @Test("A timer fires at exactly its deadline, not a moment before")
    func exactInstant() {
        let scheduler = VirtualScheduler()
        var fired = false
        scheduler.schedule(after: 0.5) { fired = true }
        scheduler.advance(to: 0.4999999)
        #expect(!fired)
        scheduler.advance(to: 0.5)
        #expect(fired)
    }

    @Test("Time never goes backwards; an earlier time is clamped")
    func monotonic() {
        let scheduler = VirtualScheduler()
        scheduler.advance(to: 2)
        scheduler.advance(to: 1)
        #expect(scheduler.now == 2)
        scheduler.advance(to: .nan)
        #expect(scheduler.now == 2)
    }

    @Test("Cancelled timers do not fire; timers scheduled while firing fire in order")
    func cancelAndChain() {
        let scheduler = VirtualScheduler()
        var fired: [Int] = []
        let token = scheduler.schedule(after: 0.1) { fired.append(1) }
        scheduler.schedule(after: 0.2) {
            fired.append(2)
            scheduler.schedule(after: 0.05) { fired.append(3) }
        }
        scheduler.cancel(token)
        #expect(!scheduler.isPending(token))
        scheduler.advance(to: 1)
        #expect(fired == [2, 3])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("A stale token never reaches the timer that took its place: cancelled or fired, its slot is reused")
    func staleTokens() {
        let scheduler = VirtualScheduler()
        var fired: [String] = []
        let cancelled = scheduler.schedule(after: 0.1) { fired.append("cancelled") }
        scheduler.cancel(cancelled)
        // The next timer reuses the freed slot (and the heap still holds the cancelled entry).
        let second = scheduler.schedule(after: 0.1) { fired.append("second") }
        #expect(!scheduler.isPending(cancelled))
        #expect(scheduler.isPending(second))
        scheduler.cancel(cancelled)
        #expect(scheduler.isPending(second), "cancelling the stale token again left the new timer alone")
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.nextDeadline == 0.1)
        scheduler.advance(to: 0.2)
        #expect(fired == ["second"])
        // Fired: its slot goes to the next timer, and its token is stale too.
        let third = scheduler.schedule(after: 0.1) { fired.append("third") }
        scheduler.cancel(second)
        #expect(!scheduler.isPending(second))
        #expect(scheduler.isPending(third))
        scheduler.advance(to: 1)
        #expect(fired == ["second", "third"])
        #expect(scheduler.pendingCount == 0)
        #expect(scheduler.nextDeadline == nil)
    }

    @Test("Negative, NaN and infinite delays neither trap nor fire early")
    func oddDelays() {
        let scheduler = VirtualScheduler()
        scheduler.advance(to: 1)
        var fired: [String] = []
        scheduler.schedule(after: -5) { fired.append("negative") }
        scheduler.schedule(after: .nan) { fired.append("nan") }
        scheduler.schedule(after: .infinity) { fired.append("never") }
        scheduler.advance(to: 1)
        #expect(fired == ["negative", "nan"])
        scheduler.advance(to: 1e300)
        #expect(fired == ["negative", "nan"])
    }

    @Test("The window fires due timers before a sample and on advanceTime, ignoring non-finite times")
    func windowClock() {
        let window = Window.phone()
        var firedAt: [Double] = []
        window.scheduler.schedule(after: 0.15) { firedAt.append(window.currentTime) }
        window.down(10, 10, at: 1.0)
        #expect(firedAt == [0.15])
        #expect(window.currentTime == 1.0)
        window.advanceTime(to: .infinity)
        window.advanceTime(to: .nan)
        #expect(window.currentTime == 1.0)
        window.advanceTime(to: 0.5)
        #expect(window.currentTime == 1.0)
    }
}
