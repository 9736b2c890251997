/// Recognizes two fingers turning around each other (continuous).
///
/// - **Begins** once two fingers are down and the line through them has
///   turned by `GestureConstants.rotationMinimumAngle` (10°) since the
///   second came down.
/// - **Changes** on each move of either finger.
/// - **Ends** when the last finger lifts; a finger lifted and put down again
///   meanwhile is no jump (the measure is rebased, as a pan's translation is).
/// - **Fails** when every finger lifts before it began, or when a third
///   finger comes down before it began (a rotation is two fingers); once it
///   has begun, extra fingers are ignored (rule G9). A cancelled touch
///   cancels it.
///
/// `rotation` is in radians, measured from the angle of the line through the
/// fingers when the second came down, positive clockwise on screen (y points
/// down), and unwrapped: two full turns read 4π, not 0. It is not reset when
/// the gesture begins, as in UIKit.
///
/// The state machine, on the shared table (`GestureStateMachine`):
/// `possible → began` (turned enough) `→ changed* → ended | cancelled`,
/// or `possible → failed`.
open class RotationGestureRecognizer: GestureRecognizer {
    // The pair, the velocity and the touch rules, shared with the pinch.
    private var fingers = TwoFingerGesture(measuring: .rotation)

    /// Rotations are continuous.
    override open var isContinuous: Bool { true }

    /// The turn since the second finger came down, in radians, clockwise positive; 0 before that.
    ///
    /// Settable, as in UIKit: setting it resets `velocity` to zero, and
    /// later turns add to the value set (`rotation.rotation = 0` in each
    /// action makes it the turn since the last one). A rotation that has
    /// not begun needs the fingers to turn `GestureConstants.rotationMinimumAngle`
    /// from then. A non-finite value is ignored. The recognizer's reset
    /// sets it back to 0.
    public var rotation: Double {
        get { fingers.value }
        set { fingers.set(newValue, at: currentTime) }
    }

    /// How fast `rotation` changes, in radians per second (least squares over the last 100 ms).
    public var velocity: Double { fingers.velocity }

    /// Pairs the second finger; a third fails a rotation that has not begun and is ignored by one that has.
    override open func touchBegan(_ touch: Touch, with event: Event) {
        take(fingers.touchBegan(touch, tracked: trackedTouches, state: state), for: touch)
    }

    /// Measures the pair; begins once it turned enough, then reports `changed`.
    override open func touchMoved(_ touch: Touch, with event: Event) {
        take(fingers.touchMoved(touch, tracked: trackedTouches, state: state), for: touch)
    }

    /// The last finger lifting ends (or fails) the rotation; an earlier one unpairs it until another comes down.
    override open func touchEnded(_ touch: Touch, with event: Event) {
        take(fingers.touchEnded(touch, tracked: trackedTouches, state: state), for: touch)
    }

    /// Rotation back to 0.
    override open func reset() {
        super.reset()
        fingers.reset()
    }
}
