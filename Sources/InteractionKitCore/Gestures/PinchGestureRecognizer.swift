/// Recognizes two fingers moving apart or together (continuous).
///
/// - **Begins** once two fingers are down and the distance between them has
///   changed by `GestureConstants.pinchMinimumDistanceChange` (8 points)
///   since the second came down.
/// - **Changes** on each move of either finger.
/// - **Ends** when the last finger lifts; a finger lifted and put down again
///   meanwhile is no jump (the measure is rebased, as a pan's translation is).
/// - **Fails** when every finger lifts before it began, or when a third
///   finger comes down before it began (a pinch is two fingers); once it
///   has begun, extra fingers are ignored (rule G9). A cancelled touch
///   cancels it.
///
/// `scale` is the ratio of the fingers' distance now to their distance when
/// the second finger came down; it is not reset when the gesture begins, so
/// it is already a little off 1 at `began`, as in UIKit.
///
/// The state machine, on the shared table (`GestureStateMachine`):
/// `possible → began` (moved enough) `→ changed* → ended | cancelled`,
/// or `possible → failed`.
open class PinchGestureRecognizer: GestureRecognizer {
    // The pair, the velocity and the touch rules, shared with the rotation.
    private var fingers = TwoFingerGesture(measuring: .scale)

    /// Pinches are continuous.
    override open var isContinuous: Bool { true }

    /// The fingers' distance now over their distance when the second finger came down; 1 before that.
    ///
    /// Settable, as in UIKit: setting it resets `velocity` to zero, and
    /// later moves scale the value set by how much the distance changes
    /// from then (`pinch.scale = 1` in each action makes it the change
    /// since the last one). A pinch that has not begun needs the distance
    /// to change by `GestureConstants.pinchMinimumDistanceChange` from
    /// then. A non-finite value is ignored. The recognizer's reset sets it
    /// back to 1.
    public var scale: Double {
        get { fingers.value }
        set { fingers.set(newValue, at: currentTime) }
    }

    /// How fast `scale` changes, per second (least squares over the last 100 ms).
    public var velocity: Double { fingers.velocity }

    /// Pairs the second finger; a third fails a pinch that has not begun and is ignored by one that has.
    override open func touchBegan(_ touch: Touch, with event: Event) {
        take(fingers.touchBegan(touch, tracked: trackedTouches, state: state), for: touch)
    }

    /// Measures the pair; begins once the distance changed enough, then reports `changed`.
    override open func touchMoved(_ touch: Touch, with event: Event) {
        take(fingers.touchMoved(touch, tracked: trackedTouches, state: state), for: touch)
    }

    /// The last finger lifting ends (or fails) the pinch; an earlier one unpairs it until another comes down.
    override open func touchEnded(_ touch: Touch, with event: Event) {
        take(fingers.touchEnded(touch, tracked: trackedTouches, state: state), for: touch)
    }

    /// Scale back to 1.
    override open func reset() {
        super.reset()
        fingers.reset()
    }
}
