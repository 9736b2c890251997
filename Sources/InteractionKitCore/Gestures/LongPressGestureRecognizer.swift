/// Recognizes fingers held down, nearly still, for a minimum time (continuous).
///
/// - **Begins** once `numberOfTouchesRequired` fingers have been down for
///   `minimumPressDuration` of virtual time, none having moved further than
///   `allowableMovement` from where it went down. With
///   `numberOfTapsRequired` above 0, that many taps of those fingers come
///   first (each lifting before `minimumPressDuration`, the next starting
///   within `GestureConstants.multiTapInterval` and
///   `GestureConstants.multiTapAllowableDistance` of the first), and the
///   press is the next touch-down.
/// - **Changes** on each move; once begun, movement is unlimited.
/// - **Ends** when a finger lifts.
/// - **Fails** on moving too far, lifting or holding a tap too long before
///   it began, a late or distant next tap, and when more fingers than
///   `numberOfTouchesRequired` are down before it began (rule G9). Fingers
///   that go down after it began are ignored; a cancelled touch cancels it.
///
/// The state machine, on the shared table (`GestureStateMachine`):
/// `possible → began → changed* → ended | cancelled`, or `possible → failed`.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must be held, in seconds; 0.5 by default. Negative or NaN counts as 0.
    public var minimumPressDuration: Double {
        get { storedMinimumPressDuration }
        set { storedMinimumPressDuration = newValue }
    }
    private var storedMinimumPressDuration: Double = GestureConstants.longPressMinimumDuration
    /// How far, in points, a finger may move before the press fails; 10 by default.
    public var allowableMovement: Double {
        get { storedAllowableMovement }
        set { storedAllowableMovement = newValue }
    }
    private var storedAllowableMovement: Double = GestureConstants.longPressAllowableMovement
    /// How many fingers must be held; 1 by default.
    public var numberOfTouchesRequired: Int {
        get { storedNumberOfTouchesRequired }
        set { storedNumberOfTouchesRequired = newValue }
    }
    private var storedNumberOfTouchesRequired: Int = 1
    /// How many taps come before the press; 0 by default (1 is "tap, then press").
    public var numberOfTapsRequired: Int {
        get { storedNumberOfTapsRequired }
        set { storedNumberOfTapsRequired = newValue }
    }
    private var storedNumberOfTapsRequired: Int = 0

    private var pressTimer: TimerToken?
    private var nextTapTimer: TimerToken?
    private var tapsCompleted = 0
    private var fingersThisRound = 0
    private var firstLocation: Point?

    /// Long presses are continuous.
    override open var isContinuous: Bool { true }

    /// Whether the fingers now down are one of the leading taps rather than the press.
    private var isTapping: Bool { tapsCompleted < numberOfTapsRequired }

    /// Starts the timer once enough fingers are down; fails when too many are.
    override open func touchBegan(_ touch: Touch, with event: Event) {
        if state.isInProgress {
            ignore(touch)
            return
        }
        cancelTimer(nextTapTimer)
        nextTapTimer = nil
        isAwaitingFurtherTouches = false
        // A later tap (or the press after taps) must land near the first; the
        // fingers of one round may be anywhere.
        if tapsCompleted > 0, fingersThisRound == 0, let first = firstLocation,
           !(touch.location.distance(to: first) <= GestureConstants.multiTapAllowableDistance) {
            transition(to: .failed)
            return
        }
        if firstLocation == nil { firstLocation = touch.location }
        fingersThisRound += 1
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

    /// Lifting ends a press in progress; before it began, the last finger of a
    /// leading tap completes that tap, and any other lift fails it.
    override open func touchEnded(_ touch: Touch, with event: Event) {
        if state.isInProgress {
            transition(to: .ended)
            return
        }
        guard state == .possible else { return }
        guard isTapping else {
            transition(to: .failed)
            return
        }
        // The touch is still tracked until the sample is fully dispatched.
        guard numberOfTouches == 1 else { return }
        guard fingersThisRound == max(1, numberOfTouchesRequired) else {
            transition(to: .failed)
            return
        }
        cancelTimer(pressTimer)
        pressTimer = nil
        tapsCompleted += 1
        fingersThisRound = 0
        isAwaitingFurtherTouches = true
        nextTapTimer = scheduleTimer(after: GestureConstants.multiTapInterval)
    }

    /// Cancels the timers along with the gesture.
    override open func reset() {
        super.reset()
        cancelTimer(pressTimer)
        pressTimer = nil
        cancelTimer(nextTapTimer)
        nextTapTimer = nil
        tapsCompleted = 0
        fingersThisRound = 0
        firstLocation = nil
    }

    /// The press has lasted `minimumPressDuration`: it begins (a tap held that
    /// long is no tap, and fails); or the next tap did not come in time.
    override open func timerFired(_ token: TimerToken) {
        if token == nextTapTimer {
            nextTapTimer = nil
            if state == .possible { transition(to: .failed) }
            return
        }
        guard token == pressTimer else { return }
        pressTimer = nil
        guard state == .possible else { return }
        if isTapping {
            transition(to: .failed)
        } else if numberOfTouches == max(1, numberOfTouchesRequired) {
            transition(to: .began)
        }
    }
}
