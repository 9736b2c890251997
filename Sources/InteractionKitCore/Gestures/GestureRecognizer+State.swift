extension GestureRecognizer {
    /// Where a gesture recognizer is in its lifecycle.
    ///
    /// Every recognizer starts in `possible`. A discrete recognizer (a tap)
    /// goes to `ended` once (its action runs) or to `failed`. A continuous one
    /// (a long press, a pan) goes to `began`, then `changed` any number of
    /// times, then `ended` or `cancelled`; before it begins it may go to
    /// `failed`. Actions run on `began`, `changed`, `ended` and `cancelled`,
    /// never on `failed`. Once all the touches it tracks are gone, a
    /// recognizer in `ended`, `cancelled` or `failed` resets to `possible`.
    ///
    /// The legal moves are the table in `GestureStateMachine`; anything else
    /// is refused and leaves the state unchanged.
    public enum State: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Watching touches; nothing recognized yet.
        case possible
        /// A continuous gesture was recognized and has started.
        case began
        /// A continuous gesture continues (its touches moved).
        case changed
        /// The gesture finished successfully; for a discrete gesture, it was recognized.
        case ended
        /// A continuous gesture that had begun was called off.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture's success: the same state as `ended`.
        public static let recognized = State.ended

        /// Whether the recognizer is done with this touch sequence (ended, cancelled or failed).
        public var isFinished: Bool {
            switch self {
            case .ended, .cancelled, .failed: true
            case .possible, .began, .changed: false
            }
        }

        /// Whether a continuous gesture is in progress (began or changed).
        public var isInProgress: Bool {
            switch self {
            case .began, .changed: true
            case .possible, .ended, .cancelled, .failed: false
            }
        }

        /// The state's name, as the transcripts print it.
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }
}

/// The gesture state machine as one table of legal transitions.
///
/// Resetting (from a finished state back to `possible`) is not a transition
/// a recognizer asks for: the engine performs it once the touches are gone.
public enum GestureStateMachine {
    /// Whether a recognizer may move from `from` to `to`.
    ///
    /// - Parameter continuous: true for recognizers that begin and change
    ///   (long press, pan), false for discrete ones (tap).
    public static func isLegal(
        from: GestureRecognizer.State, to: GestureRecognizer.State, continuous: Bool
    ) -> Bool {
        switch (from, to) {
        case (.possible, .failed): true
        case (.possible, .began): continuous
        case (.possible, .ended): !continuous
        case (.began, .changed), (.began, .ended), (.began, .cancelled): continuous
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): continuous
        case (.possible, .possible), (.possible, .changed), (.possible, .cancelled),
             (.began, .possible), (.began, .began), (.began, .failed),
             (.changed, .possible), (.changed, .began), (.changed, .failed),
             (.ended, _), (.cancelled, _), (.failed, _):
            false
        }
    }
}
