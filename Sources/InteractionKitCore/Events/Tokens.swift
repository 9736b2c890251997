/// Identifies an action added to a recognizer or a control, for removing it.
public struct ActionToken: Hashable, Sendable {
    let value: UInt64

    /// Creates a token; the engine gives each action its own.
    package init(value: UInt64) {
        self.value = value
    }
}

/// Identifies an observer registered with a window, for removing it.
public struct ObserverToken: Hashable, Sendable {
    package let value: UInt64

    /// Creates a token; each registration gets its own.
    package init(value: UInt64) {
        self.value = value
    }
}
