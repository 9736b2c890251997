/// Identifies a callback registered with a recognizer, a control, a window
/// or a viewer's HUD, for removing it: the one token of every
/// `add…`/`remove…` pair.
///
/// Each registration in the process gets its own, so a token never removes
/// another list's callback.
public struct ObserverToken: Hashable, Sendable {
    package let value: UInt64

    /// Creates a token; each registration gets its own.
    package init(value: UInt64) {
        self.value = value
    }

    /// A token no registration had before.
    @MainActor @usableFromInline
    package static func next() -> ObserverToken {
        lastValue &+= 1
        return ObserverToken(value: lastValue)
    }

    @MainActor private static var lastValue: UInt64 = 0
}

/// Identifies an action added to a recognizer or a control, for removing
/// it: the same token as every other registration's.
public typealias ActionToken = ObserverToken
