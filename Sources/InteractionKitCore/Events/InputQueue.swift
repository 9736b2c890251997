/// The inputs sent to a window while it dispatches (rule G10): touches,
/// hovers and keys in one queue, in the order sent, dispatched after the
/// current input and before the outermost call returns.
///
/// Bounded, so a callback that sends on every input it hears cannot grow
/// memory or keep the outermost call from returning: past `limit` inputs
/// waiting at once, or `perDispatchLimit` queued during one outermost
/// dispatch, an input is refused and its sender told so.
struct InputQueue {
    /// One waiting input.
    enum Entry {
        case touch(TouchInput)
        case hover(HoverInput)
        case key(KeyInput)
    }

    /// The most inputs that may wait at once.
    static let limit = 4_096
    /// The most inputs callbacks may queue during one outermost `send` or `advanceTime(to:)`.
    static let perDispatchLimit = 100_000

    /// The inputs in the order sent; those before `head` were dispatched.
    private var entries: [Entry] = []
    private var head = 0
    /// How many were queued during the current outermost dispatch.
    private var queuedThisDispatch = 0

    /// Whether an input waits.
    var hasWaiting: Bool { head < entries.count }

    /// Queues `entry`; false (and nothing queued) past the bounds.
    mutating func enqueue(_ entry: Entry) -> Bool {
        guard entries.count - head < Self.limit, queuedThisDispatch < Self.perDispatchLimit else { return false }
        queuedThisDispatch += 1
        entries.append(entry)
        return true
    }

    /// The next waiting input, taken off the queue; nil when none waits.
    mutating func next() -> Entry? {
        guard head < entries.count else { return nil }
        head += 1
        return entries[head - 1]
    }

    /// Everything queued was dispatched: the storage is kept for the next time.
    mutating func drained() {
        entries.removeAll(keepingCapacity: true)
        head = 0
    }

    /// The outermost dispatch ended: its count of queued inputs starts again.
    mutating func dispatchDidFinish() {
        queuedThisDispatch = 0
    }
}

/// What `Window.send(_:)` did with a key or pointer sample, as
/// `TouchDelivery` says for a touch.
public enum InputDelivery: Hashable, Sendable {
    /// The sample was dispatched.
    case delivered
    /// The window was dispatching (the sample came from a callback): it is
    /// queued and will be dispatched after the current input.
    case queued
    /// Sent from a callback past the queue's bounds (those that refuse a
    /// touch with `TouchInputError.tooManyQueued`): dropped, changing nothing.
    case dropped

    /// Whether the sample was dispatched.
    public var isDelivered: Bool { self == .delivered }
}
