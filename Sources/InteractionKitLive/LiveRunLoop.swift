import InteractionKitCore

/// A small event loop that runs a window on a real clock: the recipe for
/// driving the engine from a toolkit's own loop.
///
/// The loop maps a monotonic clock onto the window's virtual time (the
/// offset is fixed when the loop is made, so virtual time goes on from the
/// window's `currentTime`). Each turn it
///
/// 1. fires the timers that are due (`Window.advanceTime(to:)`),
/// 2. waits in `poll` for its file descriptors, at most until the window's
///    `nextTimerDeadline` (a held long press begins on time with no input),
/// 3. fires the timers that came due while it waited,
/// 4. calls the handler of each descriptor that is readable (or closed, or
///    in error: the handler's `read` tells which), and then `afterEachTurn`.
///
/// Handlers stamp the touches they send with `now`. Nothing here is
/// specific to touches: a toolkit watches its display connection, its
/// input devices and its own wake-up pipe the same way.
@MainActor
public final class LiveRunLoop {
    /// The window whose virtual time follows the clock.
    public let window: Window
    private let clock: any LiveClock
    private let poller: any LivePoller
    private let offset: Double
    private var handlers: [(descriptor: Int32, handler: @MainActor (Int32) -> Void)] = []
    private var stopped = false

    /// Called after every turn (a good moment to redraw), once timers have
    /// fired and input has been handled.
    public var afterEachTurn: (@MainActor () -> Void)?

    /// Creates a loop for `window`; the window's current virtual time is now.
    ///
    /// - Parameters:
    ///   - window: The window the loop feeds and advances.
    ///   - clock: The real clock (`CLOCK_MONOTONIC` by default).
    ///   - poller: The wait (`poll(2)` by default).
    public init(window: Window, clock: any LiveClock = MonotonicClock(), poller: any LivePoller = SystemPoller()) {
        self.window = window
        self.clock = clock
        self.poller = poller
        offset = window.currentTime - clock.seconds()
    }

    /// The virtual time that corresponds to the clock's reading now.
    public var now: Double { clock.seconds() + offset }

    /// Calls `handler` with `descriptor` whenever it is readable (or closed,
    /// or in error). Watching a descriptor again replaces its handler.
    public func watch(_ descriptor: Int32, _ handler: @escaping @MainActor (Int32) -> Void) {
        unwatch(descriptor)
        handlers.append((descriptor, handler))
    }

    /// Stops watching `descriptor` (it is not closed).
    public func unwatch(_ descriptor: Int32) {
        handlers.removeAll { $0.descriptor == descriptor }
    }

    /// The descriptors being watched, in the order they were added.
    public var watchedDescriptors: [Int32] { handlers.map(\.descriptor) }

    /// Makes `run()` return after the current turn.
    public func stop() {
        stopped = true
    }

    /// Whether `stop()` was called since the loop last started running.
    public var isStopped: Bool { stopped }

    /// Runs turns until `stop()` is called, or until there is nothing left
    /// to wait for (no descriptors and no timers).
    public func run() throws(LiveError) {
        stopped = false
        while !stopped {
            guard try runOnce() else { return }
        }
    }

    /// Runs one turn, waiting at most `limit` seconds besides the timers'
    /// deadline; returns false without waiting when there is nothing to wait
    /// for (no descriptors, no timers, no limit).
    @discardableResult
    public func runOnce(limit: Double? = nil) throws(LiveError) -> Bool {
        window.advanceTime(to: now)
        var timeout = limit
        let deadline = window.nextTimerDeadline
        var waitsForDeadline = false
        if let deadline {
            let wait = max(0, deadline - now)
            waitsForDeadline = timeout.map { wait <= $0 } ?? true
            timeout = min(timeout ?? wait, wait)
        }
        let descriptors = watchedDescriptors
        if descriptors.isEmpty && timeout == nil { return false }
        let ready = try poller.poll(descriptors, timeout: timeout)
        // A wait for the deadline that timed out has reached it, even if the
        // clock's rounding puts `now` a hair before it.
        let current = now
        if waitsForDeadline, ready.isEmpty, let deadline, deadline > current {
            window.advanceTime(to: deadline)
        } else {
            window.advanceTime(to: current)
        }
        for descriptor in ready {
            // A handler may have removed another descriptor (or itself) meanwhile.
            guard let entry = handlers.first(where: { $0.descriptor == descriptor }) else { continue }
            entry.handler(descriptor)
        }
        afterEachTurn?()
        return true
    }
}
