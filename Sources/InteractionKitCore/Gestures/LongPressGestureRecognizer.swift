/// Recognizes fingers held down, nearly still, for a minimum time (continuous).
///
/// It begins once `numberOfTouchesRequired` fingers have been down for
/// `minimumPressDuration` of virtual time without any moving further than
/// `allowableMovement` from where it went down; moving further first, lifting
/// first, or adding a finger fails it. Once begun, movement is unlimited:
/// each move is `changed`, lifting a finger is `ended`, a cancelled touch is
/// `cancelled`. Fingers that go down after it began are ignored.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must be held, in seconds; 0.5 by default. Negative or NaN counts as 0.
    public var minimumPressDuration = GestureConstants.longPressMinimumDuration
    /// How far, in points, a finger may move before the press fails; 10 by default.
    public var allowableMovement = GestureConstants.longPressAllowableMovement
    /// How many fingers must be held; 1 by default.
    public var numberOfTouchesRequired = 1

    private var pressTimer: TimerToken?

    /// Long presses are continuous.
    override open var isContinuous: Bool { true }

    /// Starts the timer once enough fingers are down; fails when too many are.
    override open func touchBegan(_ touch: Touch, with event: Event) {
        if state.isInProgress {
            ignore(touch)
            return
        }
        let required = max(1, numberOfTouchesRequired)
        if numberOfTouches > required {
            transition(to: .failed)
        } else if numberOfTouches == required {
            let delay = minimumPressDuration > 0 ? minimumPressDuration : 0
            pressTimer = scheduleTimer(after: delay)
        }
    }

    /// Fails on movement beyond `allowableMovement` before beginning; reports `changed` after.
    override open func touchMoved(_ touch: Touch, with event: Event) {
        switch state {
        case .possible:
            // NaN allowableMovement compares false and fails at once.
            if !(touch.location.distance(to: touch.startLocation) <= allowableMovement) {
                transition(to: .failed)
            }
        case .began, .changed:
            transition(to: .changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// Lifting before the press begins fails it; lifting after ends it.
    override open func touchEnded(_ touch: Touch, with event: Event) {
        if state.isInProgress {
            transition(to: .ended)
        } else if state == .possible {
            transition(to: .failed)
        }
    }

    /// Cancels the press timer along with the gesture.
    override open func reset() {
        super.reset()
        cancelTimer(pressTimer)
        pressTimer = nil
    }

    /// The press has lasted `minimumPressDuration`: it begins, if still possible.
    override open func timerFired(_ token: TimerToken) {
        guard token == pressTimer else { return }
        pressTimer = nil
        guard state == .possible, numberOfTouches == max(1, numberOfTouchesRequired) else { return }
        transition(to: .began)
    }
}
