import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// `Window.nextTimerDeadline`: what a real event loop sleeps until.
@Suite("The next timer deadline")
@MainActor
struct NextTimerDeadlineTests {
    @Test("It is nil with no timers, the earliest deadline with some, and nil again once they fire")
    func basic() {
        let scheduler = VirtualScheduler()
        #expect(scheduler.nextDeadline == nil)
        scheduler.schedule(after: 0.3) {}
        scheduler.schedule(after: 0.1) {}
        #expect(scheduler.nextDeadline == 0.1)
        scheduler.advance(to: 0.1)
        #expect(scheduler.nextDeadline == 0.3)
        scheduler.advance(to: 5)
        #expect(scheduler.nextDeadline == nil)
    }

    @Test("Cancelled timers are skipped, wherever they sit in the heap, and reading reorders nothing")
    func cancelled() {
        let scheduler = VirtualScheduler()
        var fired: [Int] = []
        let first = scheduler.schedule(after: 0.1) { fired.append(1) }
        let second = scheduler.schedule(after: 0.2) { fired.append(2) }
        scheduler.schedule(after: 0.2) { fired.append(3) }
        scheduler.schedule(after: 0.4) { fired.append(4) }
        scheduler.cancel(first)
        #expect(scheduler.nextDeadline == 0.2)
        scheduler.cancel(second)
        #expect(scheduler.nextDeadline == 0.2)
        let stored = scheduler.storedEntryCount
        _ = scheduler.nextDeadline
        #expect(scheduler.storedEntryCount == stored)
        scheduler.advance(to: 1)
        #expect(fired == [3, 4])
        #expect(scheduler.nextDeadline == nil)
    }

    @Test("A timer that never fires (infinite delay) is not a deadline; a due one is now")
    func infiniteAndNow() {
        let scheduler = VirtualScheduler()
        scheduler.advance(to: 2)
        scheduler.schedule(after: .infinity) {}
        #expect(scheduler.nextDeadline == nil)
        scheduler.schedule(after: -1) {}
        #expect(scheduler.nextDeadline == 2)
    }

    @Test("It matches a plain list of timers through 2,000 random schedules, cancels and advances")
    func randomAgainstModel() {
        var random = SplitMix64(seed: 15)
        let scheduler = VirtualScheduler()
        var model: [(token: TimerToken, deadline: Double)] = []
        for _ in 0..<2_000 {
            switch random.next() % 4 {
            case 0, 1:
                let delay = Double(random.next() % 1000) / 100
                let token = scheduler.schedule(after: delay) {}
                model.append((token, scheduler.now + delay))
            case 2 where !model.isEmpty:
                let index = Int(random.next() % UInt64(model.count))
                scheduler.cancel(model[index].token)
                model.remove(at: index)
            default:
                let target = scheduler.now + Double(random.next() % 300) / 100
                scheduler.advance(to: target)
                model.removeAll { $0.deadline <= target }
            }
            #expect(scheduler.nextDeadline == model.map(\.deadline).min())
        }
    }

    @Test("The window's next deadline is a held long press's, then none once it began")
    func window() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        #expect(window.nextTimerDeadline == nil)
        window.down(10, 10, at: 1)
        #expect(window.nextTimerDeadline == 1.5)
        window.advanceTime(to: 1.5)
        #expect(press.state == .began)
        #expect(window.nextTimerDeadline == nil)
    }
}
