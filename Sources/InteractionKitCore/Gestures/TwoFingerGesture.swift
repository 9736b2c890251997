/// What a pinch and a rotation share, apart from what they measure: the
/// two fingers they pair (`FingerPair`), the velocity of their measure, and
/// the rules for their touches (a third finger fails one that has not
/// begun and is ignored by one that has; the last lift ends or fails it).
///
/// Composition, not a base class (UIKit has none): each recognizer keeps
/// one of these and forwards its touch hooks. A value that decides and
/// calls no one: each hook returns the `Step` the recognizer then takes
/// (`GestureRecognizer.take(_:for:)`), so no access to this value is held
/// while actions run, and an action may read or set the measure.
struct TwoFingerGesture {
    /// Which measure of the pair the gesture reports.
    enum Measure {
        /// The distance between the fingers over their distance when paired (a pinch).
        case scale
        /// The turn of the line through the fingers since they were paired (a rotation).
        case rotation
    }

    /// What the recognizer does after a touch hook.
    enum Step: Equatable {
        case none
        case fail
        case ignoreTouch
        case begin
        case change
        case end
    }

    let measure: Measure
    private var pair = FingerPair()
    /// Samples of the measure, for `velocity`.
    private var tracker = VelocityTracker()

    init(measuring measure: Measure) {
        self.measure = measure
    }

    /// The measure now: the scale (1 before two fingers are down) or the rotation (0).
    var value: Double {
        switch measure {
        case .scale: pair.scale
        case .rotation: pair.rotation
        }
    }

    /// How fast `value` changes, per second (least squares over the last 100 ms).
    var velocity: Double { tracker.velocity.x }

    /// Whether the fingers moved enough since they were paired (or the value was set) to begin.
    private var hasMovedEnoughToBegin: Bool {
        switch measure {
        case .scale: abs(pair.distance - pair.baseDistance) >= GestureConstants.pinchMinimumDistanceChange
        case .rotation: abs(pair.rotationSinceBase) >= GestureConstants.rotationMinimumAngle
        }
    }

    /// A finger went down: pairs it as the second, or (a third) fails a
    /// gesture that has not begun and is ignored by one that has.
    mutating func touchBegan(_ touch: Touch, tracked: [Touch], state: GestureRecognizer.State) -> Step {
        if pair.isPaired { return state == .possible ? .fail : .ignoreTouch }
        pair.rebase(tracked)
        if pair.isPaired { sample(at: touch.timestamp) }
        return .none
    }

    /// A finger moved: measures the pair; begins once it moved enough, then changes.
    mutating func touchMoved(_ touch: Touch, tracked: [Touch], state: GestureRecognizer.State) -> Step {
        guard pair.update(tracked) else { return .none }
        sample(at: touch.timestamp)
        switch state {
        case .possible: return hasMovedEnoughToBegin ? .begin : .none
        case .began, .changed: return .change
        case .ended, .cancelled, .failed: return .none
        }
    }

    /// A finger lifted: the last one ends (or fails) the gesture; an
    /// earlier one unpairs it until another comes down (the measure is rebased).
    mutating func touchEnded(_ touch: Touch, tracked: [Touch], state: GestureRecognizer.State) -> Step {
        if pair.update(tracked) { sample(at: touch.timestamp) }
        guard tracked.count == 1 else {
            pair.rebase(tracked, excluding: touch.id)
            return .none
        }
        if state.isInProgress { return .end }
        return state == .possible ? .fail : .none
    }

    /// Makes the measure read `newValue` now, as UIKit's setters do: the
    /// velocity restarts at zero, and later moves measure the change since
    /// (the scale multiplies `newValue` by the distance's change, the
    /// rotation adds the turn); beginning needs the fingers to move enough
    /// from here. A non-finite value is ignored.
    mutating func set(_ newValue: Double, at time: Double) {
        guard newValue.isFinite else { return }
        switch measure {
        case .scale: pair.setScale(newValue)
        case .rotation: pair.setRotation(newValue)
        }
        tracker.reset()
        sample(at: time)
    }

    /// Forgets the fingers and the samples: scale 1, rotation 0.
    mutating func reset() {
        pair.reset()
        tracker.reset()
    }

    private mutating func sample(at time: Double) {
        tracker.add(Point(x: value, y: 0), at: time)
    }
}

extension GestureRecognizer {
    /// Takes the step a `TwoFingerGesture` decided for `touch`.
    func take(_ step: TwoFingerGesture.Step, for touch: Touch) {
        switch step {
        case .none: break
        case .fail: transition(to: .failed)
        case .ignoreTouch: ignore(touch)
        case .begin: transition(to: .began)
        case .change: transition(to: .changed)
        case .end: transition(to: .ended)
        }
    }
}
