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
    private var pair = FingerPair()
    /// Scale samples, for `velocity`.
    private var tracker = VelocityTracker()

    /// Pinches are continuous.
    override open var isContinuous: Bool { true }

    /// The fingers' distance now over their distance when the second finger came down; 1 before that.
    public var scale: Double { pair.scale }

    /// How fast `scale` changes, per second (least squares over the last 100 ms).
    public var velocity: Double { tracker.velocity.x }

    /// Pairs the second finger; a third fails a pinch that has not begun and is ignored by one that has.
    override open func touchBegan(_ touch: Touch, with event: Event) {
        if pair.isPaired {
            if state == .possible { transition(to: .failed) } else { ignore(touch) }
            return
        }
        pair.rebase(trackedTouches)
        if pair.isPaired { tracker.add(Point(x: scale, y: 0), at: touch.timestamp) }
    }

    /// Measures the pair; begins once the distance changed enough, then reports `changed`.
    override open func touchMoved(_ touch: Touch, with event: Event) {
        guard pair.update(trackedTouches) else { return }
        tracker.add(Point(x: scale, y: 0), at: touch.timestamp)
        switch state {
        case .possible:
            if abs(pair.distance - pair.baseDistance) >= GestureConstants.pinchMinimumDistanceChange {
                transition(to: .began)
            }
        case .began, .changed:
            transition(to: .changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// The last finger lifting ends (or fails) the pinch; an earlier one unpairs it until another comes down.
    override open func touchEnded(_ touch: Touch, with event: Event) {
        if pair.update(trackedTouches) { tracker.add(Point(x: scale, y: 0), at: touch.timestamp) }
        guard numberOfTouches == 1 else {
            pair.rebase(trackedTouches, excluding: touch.id)
            return
        }
        if state.isInProgress {
            transition(to: .ended)
        } else if state == .possible {
            transition(to: .failed)
        }
    }

    /// Scale back to 1.
    override open func reset() {
        super.reset()
        pair.reset()
        tracker.reset()
    }
}
