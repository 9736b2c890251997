import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// `DisplayLink`: frames on the window's virtual clock.
@Suite("Display link")
@MainActor
struct DisplayLinkTests {
    @Test("Frames fall on exact multiples of 1/60 s, the first after now, one per frame when advancing far")
    func framesOnTheGrid() {
        let window = Window.phone()
        window.advanceTime(to: 0.01)
        var stamps: [Double] = []
        var targets: [Double] = []
        let link = DisplayLink(window: window) { link in
            stamps.append(link.timestamp)
            targets.append(link.targetTimestamp)
        }
        #expect(window.nextTimerDeadline == 1.0 / 60)
        window.advanceTime(to: 1.0 / 60)
        #expect(stamps == [1.0 / 60])
        #expect(targets == [1.0 / 60 + 1.0 / 60])
        window.advanceTime(to: 0.1)
        #expect(stamps == (1...6).map { Double($0) / 60 })
        #expect(window.nextTimerDeadline == 7.0 / 60)
        link.invalidate()
    }

    @Test("Past the frame grid (the clock moved to 1e300 from a callback) a link gets one last frame at that instant, and no second one")
    func oneFramePastTheGrid() {
        let window = Window.phone()
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        window.advanceTime(to: 2.0 / 60)
        #expect(stamps == [1.0 / 60, 2.0 / 60])
        // From a callback, advancing only moves the clock: the frames in between are never due.
        _ = window.scheduler.schedule(after: 0.001) { window.advanceTime(to: 1e300) }
        window.advanceTime(to: 2.0 / 60 + 0.001)
        #expect(window.currentTime == 1e300)
        #expect(stamps.last == 1e300)
        #expect(stamps.filter { $0 == 1e300 }.count == 1)
        let count = stamps.count
        window.advanceTime(to: 1e300)
        #expect(stamps.count == count)
        #expect(window.nextTimerDeadline == nil)
        link.invalidate()
    }

    @Test("Advancing by years with a link running delivers the jump's last minute of frames, one by one, not years of them")
    func farJumpSkipsToTheLastMinute() {
        let window = Window.phone()
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        window.advanceTime(to: 1e9)
        // The first frame, then every frame of the last minute before the target.
        #expect(stamps.first == 1.0 / 60)
        #expect(stamps.last == 1e9)
        let lastMinute = stamps.dropFirst()
        #expect(lastMinute.count == 3600)
        #expect(lastMinute.allSatisfy { $0 > 1e9 - DisplayLink.maximumCatchUp })
        #expect(zip(lastMinute, lastMinute.dropFirst()).allSatisfy { abs($1 - $0 - 1.0 / 60) < 1e-6 })
        link.invalidate()
    }

    @Test("A link started exactly on a frame first fires at the next one")
    func startsAfterNow() {
        let window = Window.phone()
        window.advanceTime(to: 3.0 / 60)
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        #expect(link.timestamp == 0)
        #expect(window.nextTimerDeadline == 4.0 / 60)
        window.advanceTime(to: 4.0 / 60)
        #expect(stamps == [4.0 / 60])
        link.invalidate()
    }

    @Test("A paused link schedules nothing; unpausing resumes on the grid after now")
    func pausing() {
        let window = Window.phone()
        var count = 0
        let link = DisplayLink(window: window) { _ in count += 1 }
        link.isPaused = true
        #expect(window.nextTimerDeadline == nil)
        window.advanceTime(to: 1)
        #expect(count == 0)
        window.advanceTime(to: 1.005)
        link.isPaused = false
        #expect(window.nextTimerDeadline == 61.0 / 60)
        window.advanceTime(to: 62.0 / 60)
        #expect(count == 2)
        link.invalidate()
        #expect(window.nextTimerDeadline == nil)
    }

    @Test("An invalidated link never fires again, even unpaused, and the clock lets go of it")
    func invalidation() {
        let window = Window.phone()
        var count = 0
        weak var weakLink: DisplayLink?
        do {
            let link = DisplayLink(window: window) { link in
                count += 1
                if count == 3 { link.invalidate() }
            }
            weakLink = link
        }
        #expect(weakLink != nil)
        window.advanceTime(to: 1)
        #expect(count == 3)
        #expect(window.nextTimerDeadline == nil)
        #expect(weakLink == nil)
    }

    @Test("The action may pause and unpause the link: one frame stays scheduled, not two")
    func pauseAndResumeInside() {
        let window = Window.phone()
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { link in
            stamps.append(link.timestamp)
            link.isPaused = true
            link.isPaused = false
        }
        window.advanceTime(to: 3.0 / 60)
        #expect(stamps == (1...3).map { Double($0) / 60 })
        #expect(window.scheduler.pendingCount == 1)
        link.invalidate()
    }

    @Test("An action that advances time past frames resumes on the grid, never goes back")
    func actionAdvancesTime() {
        let window = Window.phone()
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { link in
            stamps.append(link.timestamp)
            if stamps.count == 1 { window.advanceTime(to: 0.2) }
        }
        window.advanceTime(to: 0.25)
        #expect(stamps.first == 1.0 / 60)
        #expect(stamps.allSatisfy { $0 <= 0.25 })
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
        #expect(stamps.last == 15.0 / 60)
        link.invalidate()
    }

    @Test("Another rate moves the frames onto its own grid; nonsense rates fall back to the display's")
    func rates() {
        let window = Window.phone()
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        link.preferredFramesPerSecond = 30
        #expect(link.duration == 1.0 / 30)
        window.advanceTime(to: 0.1)
        #expect(stamps == (1...3).map { Double($0) / 30 })
        link.preferredFramesPerSecond = 0
        #expect(link.duration == 1.0 / 60)
        link.preferredFramesPerSecond = -5
        #expect(link.duration == 1.0 / 60)
        link.preferredFramesPerSecond = .max
        #expect(link.duration == 1.0 / 60)
        link.invalidate()
    }

    @Test("D1: 120 frames a second asked of a 60 Hz display run 60 callbacks a second")
    func fasterThanTheDisplay() {
        let window = Window.phone()
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        link.preferredFramesPerSecond = 120
        window.advanceTime(to: 1)
        #expect(stamps.count == 60)
        #expect(stamps == (1...60).map { Double($0) / 60 })
        #expect(link.actualFramesPerSecond == 60)
        link.invalidate()
    }

    @Test("D1: 45 frames a second on a 60 Hz display fall on every other refresh, never between two")
    func betweenDivisors() {
        let window = Window.phone()
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        link.preferredFramesPerSecond = 45
        window.advanceTime(to: 0.5)
        #expect(link.actualFramesPerSecond == 30)
        #expect(stamps == (1...15).map { Double($0) / 30 })
        let refreshes = stamps.map { ($0 * 60).rounded() }
        #expect(zip(stamps, refreshes).allSatisfy { $0 * 60 == $1 })
        link.invalidate()
    }

    @Test("D1: a 120 Hz display: the default 60, the display's rate for 0, 40 for 45, 24 for 25")
    func fasterDisplay() {
        let window = Window.phone()
        window.maximumFramesPerSecond = 120
        #expect(window.maximumFramesPerSecond == 120)
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        #expect(link.actualFramesPerSecond == 60)
        link.preferredFramesPerSecond = 0
        #expect(link.actualFramesPerSecond == 120)
        window.advanceTime(to: 0.05)
        #expect(stamps == (1...6).map { Double($0) / 120 })
        link.preferredFramesPerSecond = 45
        #expect(link.actualFramesPerSecond == 40)
        link.preferredFramesPerSecond = 25
        #expect(link.actualFramesPerSecond == 24)
        link.invalidate()
    }

    @Test("D1: a frame-rate range decides once set; preferredFramesPerSecond set after it takes over again")
    func frameRateRange() {
        let window = Window.phone()
        window.maximumFramesPerSecond = 120
        let link = DisplayLink(window: window) { _ in }
        #expect(link.preferredFrameRateRange == .default)
        link.preferredFrameRateRange = FrameRateRange(minimum: 30, maximum: 120, preferred: 80)
        #expect(link.actualFramesPerSecond == 60)
        link.preferredFrameRateRange = FrameRateRange(minimum: 30, maximum: 100)
        #expect(link.actualFramesPerSecond == 60)
        link.preferredFrameRateRange = .default
        #expect(link.actualFramesPerSecond == 120)
        link.preferredFramesPerSecond = 30
        #expect(link.actualFramesPerSecond == 30)
        #expect(link.preferredFrameRateRange == .default)
        link.invalidate()
    }

    @Test("D1: a display rate out of range is held to 1…1000; a link follows a change from its next frame")
    func displayRateChanges() {
        let window = Window.phone()
        window.maximumFramesPerSecond = 0
        #expect(window.maximumFramesPerSecond == 1)
        window.maximumFramesPerSecond = .max
        #expect(window.maximumFramesPerSecond == 1000)
        window.maximumFramesPerSecond = 60
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        window.advanceTime(to: 2.0 / 60)
        window.maximumFramesPerSecond = 30
        window.advanceTime(to: 0.2)
        let atSixty: [Double] = [1.0 / 60, 2.0 / 60, 3.0 / 60]
        let atThirty: [Double] = (2...6).map { Double($0) / 30 }
        #expect(stamps == atSixty + atThirty)
        link.invalidate()
    }

    @Test("A link whose window is freed stops, and never schedules again")
    func windowFreed() {
        var window: Window? = Window.phone()
        var count = 0
        let link = DisplayLink(window: window!) { _ in count += 1 }
        window!.advanceTime(to: 1.0 / 60)
        #expect(count == 1)
        weak let weakWindow = window
        window = nil
        #expect(weakWindow == nil)
        link.isPaused = true
        link.isPaused = false
        #expect(link.isInvalidated)
        #expect(!link.isRunning)
    }

    @Test("Frames stay exact far from zero")
    func farFromZero() {
        let window = Window.phone()
        window.advanceTime(to: 86_400.004)
        var stamps: [Double] = []
        let link = DisplayLink(window: window) { stamps.append($0.timestamp) }
        window.advanceTime(to: 5_184_002.0 / 60)
        #expect(stamps == (5_184_001...5_184_002).map { Double($0) / 60 })
        link.invalidate()
    }
}
