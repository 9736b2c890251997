/// A timer that calls its action once per display frame, on a window's
/// virtual clock: UIKit's `CADisplayLink`, GTK 4's frame clock tick callback,
/// Flutter's `Ticker`.
///
/// Frames fall on whole multiples of the frame duration
/// (`1 / preferredFramesPerSecond` seconds of virtual time: 0, 1/60, 2/60, …),
/// the way a display refreshes at fixed instants whatever the app is doing.
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
    /// The frame number (frames since time 0) of the pending or last frame.
    private var frameIndex: Int64 = 0
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
    /// below 1 means the display's own rate, 60 here (UIKit's 0); above 1000
    /// is held to 1000. Changing it while running moves the next frame onto
    /// the new rate's grid.
    public var preferredFramesPerSecond: Int = 60 {
        didSet {
            guard effectiveFramesPerSecond(oldValue) != effectiveFramesPerSecond(preferredFramesPerSecond) else { return }
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

    /// The time between frames, in seconds (`1 / preferredFramesPerSecond`).
    public var duration: Double { 1 / Double(framesPerSecond) }

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

    private var framesPerSecond: Int { effectiveFramesPerSecond(preferredFramesPerSecond) }

    private func effectiveFramesPerSecond(_ preferred: Int) -> Int {
        preferred < 1 ? 60 : min(preferred, 1000)
    }

    /// The time of frame `index` at the current rate: the division, not a
    /// multiplication by the duration, so that frame 7 at 60 fps is exactly
    /// `7.0 / 60`, as a test computes it.
    private func time(ofFrame index: Int64) -> Double {
        Double(index) / Double(framesPerSecond)
    }

    private func cancelPendingFrame() {
        guard let pendingFrame else { return }
        scheduler.cancel(pendingFrame)
        self.pendingFrame = nil
    }

    /// Schedules the first frame strictly after now, unless paused,
    /// invalidated, already scheduled, or the window is gone.
    private func scheduleNextFrame() {
        guard !isPaused, !isInvalidated, pendingFrame == nil else { return }
        guard anchor != nil else {
            // The window was freed: its clock will never move again.
            isInvalidated = true
            return
        }
        let now = scheduler.now
        guard now.isFinite else { return }
        let rate = Double(framesPerSecond)
        // Time is bounded (a double past 2^53 frames has no frames between
        // its values); the loops below settle rounding at the grid's edges.
        let estimate = (now * rate).rounded(.down)
        guard estimate < 9e15 else { return }
        var index = Int64(estimate) + 1
        while index > 1 && time(ofFrame: index - 1) > now { index -= 1 }
        while time(ofFrame: index) <= now { index += 1 }
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
        timestamp = time(ofFrame: frameIndex)
        action(self)
        guard !isPaused, !isInvalidated, pendingFrame == nil, anchor != nil else { return }
        frameIndex += 1
        let next = time(ofFrame: frameIndex)
        if next > scheduler.now {
            schedule(at: next)
        } else {
            // The action moved the clock past the next frame (G10 lets a
            // callback advance time): resume on the grid after now.
            scheduleNextFrame()
        }
    }
}

/// The object a window holds for its display links (an attachment, so the
/// engine's window needs no field for it): links hold it weakly and stop once
/// it is gone with its window.
@MainActor
final class DisplayLinkAnchor {}
