#if canImport(Glibc)
import Glibc
#endif

/// A clock that only moves forward, read in seconds: what a run loop maps onto
/// a window's virtual time.
@MainActor
public protocol LiveClock: AnyObject {
    /// Seconds since an arbitrary fixed moment; never decreases.
    func seconds() -> Double
}

/// The system's `CLOCK_MONOTONIC`: real time that no clock adjustment moves.
@MainActor
public final class MonotonicClock: LiveClock {
    /// Creates the clock.
    public init() {}

    /// Seconds since boot (`clock_gettime(CLOCK_MONOTONIC)`).
    public func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}

/// Waits until file descriptors are readable or a timeout passes: the run
/// loop's one blocking call, behind a protocol so tests can drive it.
@MainActor
public protocol LivePoller: AnyObject {
    /// The descriptors of `descriptors` that are readable, closed or in error,
    /// after waiting at most `timeout` seconds (nil: wait for input forever).
    /// An interrupted wait (a signal) returns no descriptors.
    func poll(_ descriptors: [Int32], timeout: Double?) throws(LiveError) -> [Int32]
}

/// `poll(2)`: the real wait.
@MainActor
public final class SystemPoller: LivePoller {
    /// Creates the poller.
    public init() {}

    /// Polls `descriptors` for input (`POLLIN`; hang-ups and errors count as ready).
    public func poll(_ descriptors: [Int32], timeout: Double?) throws(LiveError) -> [Int32] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds: Int32
        if let timeout {
            let clamped = min(max(timeout, 0), 86_400) * 1000
            milliseconds = Int32(clamped.rounded(.up))
        } else {
            milliseconds = -1
        }
        let result = entries.withUnsafeMutableBufferPointer { buffer in
            Glibc.poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
        }
        if result < 0 {
            let code = errno
            if code == EINTR { return [] }
            throw LiveError(code: code, operation: "poll")
        }
        return entries.filter { $0.revents != 0 }.map(\.fd)
    }
}

/// A system call that failed, with its `errno`.
public struct LiveError: Error, Equatable, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32
    /// What was being done, e.g. `poll`.
    public var operation: String

    /// Creates an error for `operation` failing with `code`.
    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// `OPERATION: MESSAGE`, the message from `strerror`.
    public var description: String { "\(operation): \(systemErrorMessage(code))" }
}

/// The system's message for an `errno` value.
func systemErrorMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
