import Glibc

/// The clock and the wait that the bridge's real-time decisions run on:
/// how long a key waits for the screen reader, when a registry that stopped
/// answering is asked again, how long start-up waits for the registry.
/// Behind a protocol, as `InteractionKitLive`'s clock and poller are, so
/// tests drive the time and never wait for the wall clock.
@MainActor
public protocol AtspiBridgeClock: AnyObject {
    /// Seconds since an arbitrary fixed moment; never decreases.
    func seconds() -> Double
    /// Waits until `descriptor` is readable (or writable, with
    /// `forWriting`), closed or in error, or until `timeout` seconds passed.
    func wait(for descriptor: Int32, forWriting: Bool, timeout: Double)
}

/// The real clock (`CLOCK_MONOTONIC`) and the real wait (`poll(2)`): what a bridge uses unless told otherwise.
@MainActor
public final class AtspiMonotonicClock: AtspiBridgeClock {
    /// Creates the clock.
    public init() {}

    /// Seconds since boot (`clock_gettime(CLOCK_MONOTONIC)`).
    public func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    /// Polls `descriptor` for at most `timeout` seconds (a signal ends the wait early).
    public func wait(for descriptor: Int32, forWriting: Bool, timeout: Double) {
        guard timeout > 0 else { return }
        let events = Int16(POLLIN) | (forWriting ? Int16(POLLOUT) : 0)
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let milliseconds = Int32((min(timeout, 86_400) * 1000).rounded(.up))
        _ = poll(&entry, 1, milliseconds)
    }
}
