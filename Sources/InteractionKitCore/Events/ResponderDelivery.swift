/// A responder method the window calls on a touch's hit view.
enum ResponderCall: Equatable {
    case began, moved, ended, cancelled
}

/// How a touch's hit view hears of it beside its recognizers (rule G8): a
/// state machine with no view in it.
///
/// Each input says what happened to the touch or its recognizers and
/// returns the responder call the window must make, if any; the window
/// makes it. So the rules live here, written once, and are tested
/// without a window (`ResponderDeliveryTests`):
///
/// ```
/// none ───────────────────────────────────────────────▶ (nothing, ever)
/// heldBack ──delayers gone──▶ active ──lift──▶ finished (ended, cancelled or held)
///    │                          ▲  └──recognizer with cancelsTouchesInView──▶ finished (cancelled)
///    └──recognized, or lift──▶ finished
/// beganDue ──recognizers heard the down──▶ active
/// ```
///
/// A state is entered before its call is made: a callback of that call
/// that asks again finds the touch already moved on, so nothing is
/// delivered twice.
enum ResponderDelivery: Equatable {
    /// Never: no view was hit, or the view takes no more fingers.
    case none
    /// `touchesBegan` waits until the recognizers that delay it fail.
    case heldBack
    /// `touchesBegan` is due once the recognizers have heard the touch.
    case beganDue
    /// `touchesBegan` was delivered; moves and the end follow.
    case active
    /// Ended or cancelled for the view: nothing more.
    case finished

    /// The state of a touch that went down: `none` when no view may hear it,
    /// `heldBack` while a recognizer delays its `touchesBegan`.
    static func forNewTouch(viewHearsIt: Bool, beganDelayed: Bool) -> ResponderDelivery {
        guard viewHearsIt else { return .none }
        return beganDelayed ? .heldBack : .beganDue
    }

    /// Whether the view still hears (or will hear) this touch begin: the
    /// view counts as tracking it (`isMultipleTouchEnabled`, `isExclusiveTouch`).
    var isTrackedByView: Bool {
        self == .heldBack || self == .beganDue || self == .active
    }

    /// The recognizers have heard the touch go down: the view hears it now,
    /// unless one of them recognized and cancelled it meanwhile.
    mutating func recognizersHeardDown() -> ResponderCall? {
        guard self == .beganDue else { return nil }
        self = .active
        return .began
    }

    /// A move of the touch.
    func callForMove() -> ResponderCall? {
        self == .active ? .moved : nil
    }

    /// A recognizer of the touch recognized with `cancelsTouchesInView`: the
    /// view hears `touchesCancelled` if it heard the touch begin, and
    /// nothing more of it.
    mutating func cancelByRecognizer() -> ResponderCall? {
        switch self {
        case .active:
            self = .finished
            return .cancelled
        case .heldBack, .beganDue:
            self = .finished
            return nil
        case .none, .finished:
            return nil
        }
    }

    /// The recognizers that delayed `touchesBegan` can no longer recognize
    /// (`recognizedWithCancel`: one of the touch's recognizers recognized
    /// with `cancelsTouchesInView`, so the view never hears the touch).
    mutating func releaseHeldBegin(recognizedWithCancel: Bool) -> ResponderCall? {
        guard self == .heldBack else { return nil }
        guard !recognizedWithCancel else {
            self = .finished
            return nil
        }
        self = .active
        return .began
    }

    /// The first step of a lift or cancel: a view that never heard the touch
    /// begin (held back, or due) hears it now, all at once, unless a
    /// recognizer recognized it with `cancelsTouchesInView`. Returns
    /// `.began` when that call comes first.
    mutating func liftBegins(recognizedWithCancel: Bool) -> ResponderCall? {
        switch self {
        case .heldBack, .beganDue:
            guard !recognizedWithCancel else {
                self = .finished
                return nil
            }
            self = .active
            return .began
        case .none, .active, .finished:
            return nil
        }
    }

    /// What a lift's second step does.
    enum LiftEnd: Equatable {
        /// Nothing: the view does not hear this touch (any more).
        case nothing
        /// Call this method now.
        case call(ResponderCall)
        /// Hold `touchesEnded` while a recognizer may still recognize (`delaysTouchesEnded`).
        case holdEnded
    }

    /// The second step of a lift or cancel, after `liftBegins(recognizedWithCancel:)`
    /// and its call: the view hears the cancel, or the lift now or once the
    /// recognizers that delay it give up (`endWaits`).
    mutating func liftEnds(cancelled: Bool, endWaits: Bool) -> LiftEnd {
        guard self == .active else { return .nothing }
        self = .finished
        if cancelled { return .call(.cancelled) }
        return endWaits ? .holdEnded : .call(.ended)
    }
}
