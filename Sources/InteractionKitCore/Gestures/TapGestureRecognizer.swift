/// Recognizes one or more taps of one or more fingers (discrete).
///
/// A tap is `numberOfTouchesRequired` fingers going down and lifting, none
/// moving further than `GestureConstants.tapAllowableMovement`. After each
/// tap but the last the recognizer waits up to
/// `GestureConstants.multiTapInterval` for the next one, near the first,
/// and fails if it does not come. The last tap's lift ends it. There is no
/// limit on how long a finger may rest before it lifts.
///
/// Discrete: `possible → ended` (the last tap's lift) or `possible → failed`
/// (moved too far, a late or distant next tap, a finger too few, or more
/// fingers than `numberOfTouchesRequired` down at once, rule G9).
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture; 1 by default.
    public var numberOfTapsRequired: Int {
        get { storedNumberOfTapsRequired }
        set { storedNumberOfTapsRequired = newValue }
    }
    private var storedNumberOfTapsRequired: Int = 1
    /// How many fingers each tap needs; 1 by default.
    public var numberOfTouchesRequired: Int {
        get { storedNumberOfTouchesRequired }
        set { storedNumberOfTouchesRequired = newValue }
    }
    private var storedNumberOfTouchesRequired: Int = 1

    private var tapsCompleted = 0
    private var fingersInThisTap = 0
    private var firstTapLocation: Point?
    private var nextTapTimer: TimerToken?

    /// Taps are discrete.
    override open var isContinuous: Bool { false }

    /// Counts the fingers of the tap in progress; too many fails it.
    override open func touchBegan(_ touch: Touch, with event: Event) {
        cancelTimer(nextTapTimer)
        nextTapTimer = nil
        isAwaitingFurtherTouches = false
        // A later tap must land near the first; the fingers of one tap may be anywhere.
        if tapsCompleted > 0, fingersInThisTap == 0, let first = firstTapLocation,
           !(touch.location.distance(to: first) <= GestureConstants.multiTapAllowableDistance) {
            transition(to: .failed)
            return
        }
        if firstTapLocation == nil { firstTapLocation = touch.location }
        fingersInThisTap += 1
        if numberOfTouches > max(1, numberOfTouchesRequired) {
            transition(to: .failed)
        }
    }

    /// Moving a finger too far fails the tap.
    override open func touchMoved(_ touch: Touch, with event: Event) {
        if !(touch.location.distance(to: touch.startLocation) <= GestureConstants.tapAllowableMovement) {
            transition(to: .failed)
        }
    }

    /// The last finger of a tap lifting completes it: the gesture ends, or waits for the next tap.
    override open func touchEnded(_ touch: Touch, with event: Event) {
        if !(touch.location.distance(to: touch.startLocation) <= GestureConstants.tapAllowableMovement) {
            transition(to: .failed)
            return
        }
        // This touch is still tracked until the sample is fully dispatched.
        guard numberOfTouches == 1 else { return }
        guard fingersInThisTap == max(1, numberOfTouchesRequired) else {
            transition(to: .failed)
            return
        }
        tapsCompleted += 1
        fingersInThisTap = 0
        if tapsCompleted >= max(1, numberOfTapsRequired) {
            transition(to: .ended)
        } else {
            isAwaitingFurtherTouches = true
            nextTapTimer = scheduleTimer(after: GestureConstants.multiTapInterval)
        }
    }

    /// Clears the tap count and the waiting timer.
    /// A tap never stops a tap that requires more taps (rule G6, UIKit's
    /// `canPreventGestureRecognizer:`): on a double tap, the single and the
    /// double tap both recognize unless the single requires the double to fail.
    override open func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired { return false }
        return super.canPrevent(other)
    }

    override open func reset() {
        super.reset()
        cancelTimer(nextTapTimer)
        nextTapTimer = nil
        tapsCompleted = 0
        fingersInThisTap = 0
        firstTapLocation = nil
    }

    /// The next tap did not come in time: the multi-tap fails.
    override open func timerFired(_ token: TimerToken) {
        guard token == nextTapTimer else { return }
        nextTapTimer = nil
        guard state == .possible else { return }
        transition(to: .failed)
    }
}
