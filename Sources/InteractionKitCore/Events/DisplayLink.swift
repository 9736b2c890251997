/// A timer that calls its action once per display frame, on a window's
/// virtual clock: UIKit's `CADisplayLink`, GTK 4's frame clock tick callback,
/// Flutter's `Ticker`.
///
/// Frames fall on the display's refresh instants, whole multiples of the
/// frame duration (0, 1/60, 2/60, … of virtual time), the way a display
/// refreshes at fixed instants whatever the app is doing. The link's rate is
/// the largest divisor of the window's `maximumFramesPerSecond` that is not
/// above the rate it asks for (`preferredFramesPerSecond` or
/// `preferredFrameRateRange`), as on a ProMotion display: asking for 45 on a
/// 60 Hz display gives 30, every other refresh, never a frame between two.
/// A link that starts between two frames first fires at the next one. Time
/// moves only with the window (`Window.send(_:)`, `Window.advanceTime(to:)`),
/// so a test steps an animation one exact frame at a time, and
/// `advanceTime(to:)` across a longer span runs every frame in it, in order.
///
/// A paused or invalidated link schedules nothing: when nothing animates,
/// `Window.nextTimerDeadline` is nil and a live run loop sleeps until the
/// next input. A running link is held by its window's clock, as a run loop
/// holds a `CADisplayLink`, until it is paused, invalidated or the window
/// goes; the window freed, the link stops for good.
///
/// ```swift
/// let link = DisplayLink(window: window) { link in
///     progress = min(1, (link.targetTimestamp - start) / 0.3)
///     if progress == 1 { link.invalidate() }
/// }
/// window.advanceTime(to: 1.0 / 60)   // the first frame
/// ```
///
/// Once running, a frame allocates nothing: the clock calls the link
/// through `TimerTarget`, with no closure per frame.
@MainActor
public final class DisplayLink: TimerTarget {
    /// The clock of the window the link was made for (kept strongly: it
    /// outlives nothing that matters, and the window discards its pending
    /// timers when it goes).
    private let scheduler: VirtualScheduler
    /// The window's anchor, an attachment the window owns: it reads nil once
    /// the window is freed, so the link knows it can never fire again.
    private weak var anchor: DisplayLinkAnchor?
    private let action: @MainActor (DisplayLink) -> Void
    /// The timer of the next frame, while one is scheduled.
    private var pendingFrame: TimerToken?
    /// The frame number (frames since time 0, at `frameRate`) of the pending or last frame.
    private var frameIndex: Int64 = 0
    /// The rate `frameIndex` counts in: the link's rate when the frame was scheduled.
    private var frameRate = Window.defaultMaximumFramesPerSecond
    /// Whether `invalidate()` was called (or the window is gone).
    public private(set) var isInvalidated = false

    /// Creates a link on `window`'s clock that calls `action` once per frame,
    /// from the next frame on (a link starts running, as a `CADisplayLink`
    /// added to a run loop does; set `isPaused` to hold it).
    public init(window: Window, action: @escaping @MainActor (DisplayLink) -> Void) {
        scheduler = window.scheduler
        anchor = window.attachment(DisplayLinkAnchor.self) { DisplayLinkAnchor() }
        self.action = action
        scheduleNextFrame()
    }

    /// How many frames a second the link asks for: 60 by default. A value
    /// below 1 means the display's own rate (UIKit's 0); the link runs at the
    /// largest divisor of the window's `maximumFramesPerSecond` not above it,
    /// so 120 on a 60 Hz display runs 60 frames a second and 45 runs 30.
    /// Setting it takes over from a `preferredFrameRateRange` set before.
    /// Changing it while running moves the next frame onto the new rate's grid.
    public var preferredFramesPerSecond: Int = 60 {
        didSet { request = .framesPerSecond(preferredFramesPerSecond) }
    }

    /// The range of rates the link accepts, Core Animation's
    /// `preferredFrameRateRange` (iOS 15; `.default` until set): once set, it
    /// decides instead of `preferredFramesPerSecond`, as in UIKit. The link
    /// runs at the largest divisor of the window's `maximumFramesPerSecond`
    /// not above the range's `preferred` rate (its `maximum` when `preferred`
    /// is nil; 0 means the display's rate).
    public var preferredFrameRateRange: FrameRateRange = .default {
        didSet { request = .range(preferredFrameRateRange) }
    }

    /// What the link asks for: the last of the two properties set.
    private enum RateRequest {
        case framesPerSecond(Int)
        case range(FrameRateRange)
    }

    private var request = RateRequest.framesPerSecond(60) {
        didSet {
            guard effectiveFramesPerSecond(for: oldValue) != framesPerSecond else { return }
            if let pendingFrame {
                scheduler.cancel(pendingFrame)
                self.pendingFrame = nil
            }
            scheduleNextFrame()
        }
    }

    /// Whether the link is held: no frame is scheduled and the action is not
    /// called. Unpausing resumes at the next frame after now.
    public var isPaused = false {
        didSet {
            guard oldValue != isPaused else { return }
            if isPaused {
                cancelPendingFrame()
            } else {
                scheduleNextFrame()
            }
        }
    }

    /// The time of the frame being delivered (in the action) or last
    /// delivered, in virtual seconds; 0 before the first frame.
    public private(set) var timestamp: Double = 0

    /// The time of the frame after `timestamp`: when what the action draws
    /// will be on screen, so an animation computes its state for this moment.
    public var targetTimestamp: Double { timestamp + duration }

    /// The time between frames, in seconds: one over the rate the link runs
    /// at, a whole number of the display's refreshes.
    public var duration: Double { 1 / Double(framesPerSecond) }

    /// The rate the link runs at, in frames a second: the largest divisor of
    /// the window's `maximumFramesPerSecond` not above the preferred rate.
    public var actualFramesPerSecond: Int { framesPerSecond }

    /// Stops the link for good: no frame is scheduled again, the action and
    /// what it captures are never called, and the window's clock lets go of
    /// the link. Invalidating twice does nothing more.
    public func invalidate() {
        isInvalidated = true
        cancelPendingFrame()
    }

    /// Whether a frame is scheduled (the link runs and its window lives).
    public var isRunning: Bool { pendingFrame != nil }

    // MARK: Frames

    private var framesPerSecond: Int { effectiveFramesPerSecond(for: request) }

    /// The display's rate: the window's, or the default once the window is gone.
    private var displayFramesPerSecond: Int {
        anchor?.maximumFramesPerSecond ?? Window.defaultMaximumFramesPerSecond
    }

    private func effectiveFramesPerSecond(for request: RateRequest) -> Int {
        let display = displayFramesPerSecond
        let asked = switch request {
        case .framesPerSecond(let rate): Double(rate)
        case .range(let range): range.preferred ?? range.maximum
        }
        guard asked.isFinite, asked >= 1, asked < Double(display) else { return display }
        var rate = Int(asked)
        while rate > 1 && display % rate != 0 { rate -= 1 }
        return rate
    }

    /// The time of frame `index` at `frameRate`: the division, not a
    /// multiplication by the duration, so that frame 7 at 60 fps is exactly
    /// `7.0 / 60`, as a test computes it.
    private func time(ofFrame index: Int64) -> Double {
        Double(index) / Double(frameRate)
    }

    /// How many seconds of frames a link delivers, one by one, when the
    /// clock jumps ahead: past that, the frames before the last
    /// `maximumCatchUp` seconds of the jump are skipped, so advancing a
    /// window by a year with a link running delivers a minute of frames,
    /// not a year of them.
    static let maximumCatchUp = 60.0

    /// Moves the pending frame to the first frame on the grid after `instant`.
    private func skipFrames(before instant: Double) {
        guard let index = firstFrame(after: instant) else {
            scheduleNextFrame(continuing: true)
            return
        }
        frameIndex = max(frameIndex, index)
        schedule(at: time(ofFrame: frameIndex))
    }

    /// The index of the first frame on the grid strictly after `instant`,
    /// at the current `frameRate`; nil past the grid (a double past 2^53
    /// frames has no frames between its values).
    private func firstFrame(after instant: Double) -> Int64? {
        let estimate = (instant * Double(frameRate)).rounded(.down)
        guard estimate < 9e15 else { return nil }
        // The loops settle rounding at the grid's edges.
        var index = Int64(estimate) + 1
        while index > 1 && time(ofFrame: index - 1) > instant { index -= 1 }
        while time(ofFrame: index) <= instant { index += 1 }
        return index
    }

    /// Whether the pending frame is the last one past the frame grid, at the
    /// instant the clock jumped to rather than on the grid (`scheduleNextFrame()`).
    private var isFramePastGrid = false

    private func cancelPendingFrame() {
        guard let pendingFrame else { return }
        scheduler.cancel(pendingFrame)
        self.pendingFrame = nil
    }

    /// Schedules the first frame strictly after now, unless paused,
    /// invalidated, already scheduled, or the window is gone. `continuing`:
    /// called after a frame, for the link's next one (not on unpausing, at
    /// creation, or for a new rate).
    private func scheduleNextFrame(continuing: Bool = false) {
        guard !isPaused, !isInvalidated, pendingFrame == nil else { return }
        guard anchor != nil else {
            // The window was freed: its clock will never move again.
            isInvalidated = true
            return
        }
        let now = scheduler.now
        guard now.isFinite else { return }
        frameRate = framesPerSecond
        guard let index = firstFrame(after: now) else {
            // Past the grid, a link that was delivering frames when the
            // clock jumped there gets one last frame at that instant, so
            // that what it animates, which reads the frame's time, comes to
            // rest there (a glide ends). A link started or unpaused past the
            // grid gets none and is not running (`isRunning`): its owner
            // rests at once.
            guard continuing, timestamp < now else { return }
            isFramePastGrid = true
            schedule(at: now)
            return
        }
        isFramePastGrid = false
        frameIndex = index
        schedule(at: time(ofFrame: index))
    }

    /// Schedules a frame at exactly `deadline` through the clock's public
    /// `schedule(after:firing:)`: the delay is nudged by ulps until `now +
    /// delay` (the clock's own sum) lands on the deadline, so the frame fires
    /// at the instant a test advances to.
    private func schedule(at deadline: Double) {
        let now = scheduler.now
        var delay = deadline - now
        var steps = 0
        while now + delay > deadline && steps < 8 {
            delay = delay.nextDown
            steps += 1
        }
        while now + delay < deadline && steps < 16 {
            delay = delay.nextUp
            steps += 1
        }
        pendingFrame = scheduler.schedule(after: delay, firing: self)
    }

    /// A frame is due: the action runs with `timestamp` set to the frame's
    /// time, then the next frame is scheduled unless the action paused or
    /// invalidated the link (or already scheduled one by pausing and unpausing).
    public func timerFired(_ token: TimerToken) {
        guard token == pendingFrame else { return }
        pendingFrame = nil
        timestamp = isFramePastGrid ? scheduler.now : time(ofFrame: frameIndex)
        action(self)
        guard !isPaused, !isInvalidated, pendingFrame == nil, anchor != nil else { return }
        guard frameRate == framesPerSecond, !isFramePastGrid else {
            // The display's rate changed under the link, or the frame was
            // past the grid: the next frame is found afresh.
            scheduleNextFrame(continuing: true)
            return
        }
        frameIndex += 1
        let next = time(ofFrame: frameIndex)
        if scheduler.horizon - next > Self.maximumCatchUp {
            // The clock is headed far past the next frame (a jump of hours):
            // the frames of the last `maximumCatchUp` seconds before it are
            // delivered, the earlier ones skipped, as a display that stalled.
            skipFrames(before: scheduler.horizon - Self.maximumCatchUp)
        } else if next > scheduler.now {
            schedule(at: next)
        } else {
            // The action moved the clock past the next frame (G10 lets a
            // callback advance time): resume on the grid after now.
            scheduleNextFrame(continuing: true)
        }
    }
}

/// The object a window holds for its display links (an attachment, so the
/// engine's window needs no field for it): links hold it weakly and stop once
/// it is gone with its window.
@MainActor
final class DisplayLinkAnchor {
    /// The display's refresh rate (`Window.maximumFramesPerSecond`).
    var maximumFramesPerSecond = Window.defaultMaximumFramesPerSecond
}

extension Window {
    /// The refresh rate of a window's display unless the toolkit says otherwise: 60.
    public nonisolated static let defaultMaximumFramesPerSecond = 60

    /// The display's refresh rate, in frames a second (UIKit's
    /// `UIScreen.maximumFramesPerSecond`): 60 by default; the toolkit sets
    /// the real display's (120 on a ProMotion-like panel). Display links run
    /// at divisors of it, their frames on its refresh instants. Held to
    /// 1…1000; a change applies from each link's next frame.
    public var maximumFramesPerSecond: Int {
        get { existingAttachment(DisplayLinkAnchor.self)?.maximumFramesPerSecond ?? Self.defaultMaximumFramesPerSecond }
        set {
            attachment(DisplayLinkAnchor.self) { DisplayLinkAnchor() }.maximumFramesPerSecond = min(max(newValue, 1), 1000)
        }
    }
}
