/// The phase of one touch sample, as a toolkit reports it.
public enum TouchPhase: Hashable, Sendable {
    /// A finger went down.
    case began
    /// A finger that is down moved.
    case moved
    /// A finger that is down reported in without moving.
    case stationary
    /// A finger lifted.
    case ended
    /// The system took the touch away (a palm, an incoming call, a lost device).
    case cancelled
}
