import InteractionKitLinux

// The gesture helpers: each one a whole gesture that the built-in
// recognizer of its name recognizes with its default settings.
extension TouchDriver {
    /// Taps at `point`: the fingers go down, rest ``tapDuration`` (0.05 s)
    /// without moving, and lift; then the quiet ``pauseBetweenGestures``.
    ///
    /// A ``InteractionKitLinux/TapGestureRecognizer`` whose `numberOfTouchesRequired` is
    /// `fingers` recognizes it, and a ``InteractionKitLinux/Control`` under the point sends
    /// `touchDown` then `touchUpInside` (a ``InteractionKitLinux/Button`` its primary action).
    /// Several fingers stand ``fingerSpacing`` apart on a horizontal line
    /// centred on `point`.
    /// - Parameters:
    ///   - point: Where, in window coordinates.
    ///   - fingers: How many fingers, 1 to 10; 1 by default.
    /// - Throws: ``TouchDriverError``; see the type's discussion.
    public func tap(at point: Point, fingers: Int = 1) throws(TouchDriverError) {
        try check(point, "the tap's point")
        let positions = try spread(fingers, around: point)
        let strokes = zip(freeFingers(fingers), positions).map { finger, position in
            Stroke(finger: finger) { _ in position }
        }
        try perform(strokes, duration: Self.tapDuration, steps: 0)
    }

    /// Taps twice at `point`, ``doubleTapGap`` (0.1 s) apart: a
    /// ``InteractionKitLinux/TapGestureRecognizer`` with `numberOfTapsRequired = 2` recognizes it.
    ///
    /// The second touch's `tapCount` is 2, so a ``InteractionKitLinux/Control`` also sends
    /// `touchDownRepeat`. The quiet ``pauseBetweenGestures`` follows the
    /// second tap only.
    /// - Throws: ``TouchDriverError``; see the type's discussion.
    public func doubleTap(at point: Point) throws(TouchDriverError) {
        try check(point, "the double tap's point")
        try checkPause()
        let pause = pauseBetweenGestures
        pauseBetweenGestures = 0
        defer { pauseBetweenGestures = pause }
        try tap(at: point)
        try wait(Self.doubleTapGap)
        pauseBetweenGestures = pause
        try tap(at: point)
    }

    /// Holds a finger still at `point` for `duration` seconds, then lifts it.
    ///
    /// A ``InteractionKitLinux/LongPressGestureRecognizer`` begins once its
    /// `minimumPressDuration` (0.5 s by default) has passed and ends on the
    /// lift; at an accessibility text size the large content viewer shows
    /// its HUD after 0.15 s. No sample is sent while the finger rests, as
    /// on a real screen: time passes with ``InteractionKitLinux/Window/advanceTime(to:)``.
    /// - Parameters:
    ///   - point: Where, in window coordinates.
    ///   - duration: How long the finger rests, in seconds; 1 by default,
    ///     twice the recognizer's default minimum.
    /// - Throws: ``TouchDriverError``; see the type's discussion.
    public func longPress(at point: Point, duration: Double = 1) throws(TouchDriverError) {
        try check(point, "the long press's point")
        try check(duration: duration, "the long press's duration")
        let finger = freeFingers(1)[0]
        try perform([Stroke(finger: finger) { _ in point }], pressDuration: duration, duration: 0, steps: 0)
    }

    /// Puts fingers down at `start`, moves them in a straight line to `end`
    /// over `duration` seconds, and lifts them there.
    ///
    /// A ``InteractionKitLinux/PanGestureRecognizer`` begins on the first sample beyond
    /// ``InteractionKitLinux/GestureConstants/panMinimumDistance`` (10 points) and ends on the
    /// lift with the drag's velocity, `(end - start) / duration`; a
    /// ``InteractionKitLinux/ScreenEdgePanGestureRecognizer`` does the same when `start` lies
    /// within ``InteractionKitLinux/GestureConstants/screenEdgeRegion`` (20 points) of one of
    /// its edges. A ``InteractionKitLinux/Control`` tracks the finger (`touchDragInside`,
    /// `touchDragExit`, …). A fast drag (50 points within 0.5 s) is also a
    /// swipe.
    /// - Parameters:
    ///   - start: Where the fingers go down, in window coordinates (their
    ///     centre, for several fingers).
    ///   - end: Where they lift.
    ///   - duration: How long the motion takes, in seconds; 0.5 by default.
    ///   - pressDuration: How long the fingers rest at `start` before they
    ///     move; 0 by default. Give 0.6 to slide after a long press, or
    ///     0.2 to slide the large content viewer's HUD from item to item.
    ///   - fingers: How many fingers, 1 to 10, ``fingerSpacing`` apart; 1 by default.
    /// - Throws: ``TouchDriverError``; see the type's discussion.
    public func drag(
        from start: Point, to end: Point, duration: Double = 0.5, pressDuration: Double = 0, fingers: Int = 1
    ) throws(TouchDriverError) {
        try check(start, "the drag's start")
        try check(end, "the drag's end")
        try check(duration: pressDuration, "the drag's pressDuration")
        guard duration > 0 else {
            throw .invalidArgument("the drag's duration must be a finite number of seconds above zero, not \(duration)")
        }
        let steps = try sampleCount(for: duration, "the drag's duration")
        let offsets = try spread(fingers, around: .zero)
        let strokes = zip(freeFingers(fingers), offsets).map { finger, offset in
            Stroke(finger: finger) { progress in
                Point(x: start.x + (end.x - start.x) * progress + offset.x,
                      y: start.y + (end.y - start.y) * progress + offset.y)
            }
        }
        try perform(strokes, pressDuration: pressDuration, duration: duration, steps: steps)
    }

    /// Throws a finger from `start` at a constant `velocity` (points per
    /// second) for `duration` seconds and lifts it while it is still moving.
    ///
    /// A ``InteractionKitLinux/PanGestureRecognizer`` ends with `velocity(in:)` equal to
    /// `velocity`: every sample, the touch-down and the lift included, lies
    /// on one straight line at one speed, so the recognizer's estimate has
    /// nothing else to fit. The finger travels `velocity × duration`; a pan
    /// needs at least 10 points of it, so a slow fling needs a longer duration.
    /// - Parameters:
    ///   - start: Where the finger goes down, in window coordinates.
    ///   - velocity: Its speed along each axis, in points per second.
    ///   - duration: How long it moves, in seconds; 0.1 by default, the span
    ///     the recognizers' velocity estimate looks at.
    /// - Throws: ``TouchDriverError``; see the type's discussion.
    public func fling(from start: Point, velocity: Point, duration: Double = 0.1) throws(TouchDriverError) {
        try check(start, "the fling's start")
        guard velocity.isFinite else {
            throw .invalidArgument("the fling's velocity must be finite, not \(velocity)")
        }
        guard duration.isFinite, duration > 0 else {
            throw .invalidArgument("the fling's duration must be a finite number of seconds above zero, not \(duration)")
        }
        let end = Point(x: start.x + velocity.x * duration, y: start.y + velocity.y * duration)
        try drag(from: start, to: end, duration: duration)
    }

    /// Pinches two fingers about `center`: they go down `startDistance`
    /// points apart on a horizontal line through it, move apart or together
    /// until they are `endDistance` apart, and lift.
    ///
    /// A ``InteractionKitLinux/PinchGestureRecognizer`` begins once the distance has changed by
    /// ``InteractionKitLinux/GestureConstants/pinchMinimumDistanceChange`` (8 points) and ends
    /// with `scale` equal to `endDistance / startDistance`.
    /// - Parameters:
    ///   - center: The point midway between the fingers, in window coordinates.
    ///   - startDistance: The fingers' distance when they go down, in points, above zero.
    ///   - endDistance: Their distance when they lift, in points, above zero.
    ///   - duration: How long the pinch takes, in seconds; 0.5 by default.
    /// - Throws: ``TouchDriverError``; see the type's discussion.
    public func pinch(center: Point, from startDistance: Double, to endDistance: Double, duration: Double = 0.5)
        throws(TouchDriverError)
    {
        try check(center, "the pinch's center")
        for (distance, name) in [(startDistance, "from"), (endDistance, "to")] {
            guard distance.isFinite, distance > 0 else {
                throw .invalidArgument("the pinch's \(name) distance must be a finite number of points above zero, not \(distance)")
            }
        }
        guard duration > 0 else {
            throw .invalidArgument("the pinch's duration must be a finite number of seconds above zero, not \(duration)")
        }
        let steps = try sampleCount(for: duration, "the pinch's duration")
        let fingers = freeFingers(2)
        let strokes = [-1.0, 1.0].enumerated().map { index, side in
            Stroke(finger: fingers[index]) { progress in
                let half = (startDistance + (endDistance - startDistance) * progress) / 2
                return Point(x: center.x + side * half, y: center.y)
            }
        }
        try perform(strokes, duration: duration, steps: steps)
    }

    /// Turns two fingers about `center`: they go down opposite each other
    /// on a circle of `radius` points, level with it (left and right), turn
    /// through `angle` radians along the circle, and lift.
    ///
    /// A positive angle turns clockwise on screen (y points down), as
    /// ``InteractionKitLinux/RotationGestureRecognizer/rotation`` counts. The recognizer begins
    /// once the fingers have turned ``InteractionKitLinux/GestureConstants/rotationMinimumAngle``
    /// (10°) and ends with `rotation` equal to `angle`. Each sample may turn
    /// at most a quarter turn, so that the direction is never in doubt; a
    /// larger `angle` needs a longer duration.
    /// - Parameters:
    ///   - center: The centre of the circle, in window coordinates.
    ///   - radius: The circle's radius, in points, above zero.
    ///   - angle: How far the fingers turn, in radians; clockwise when positive.
    ///   - duration: How long the turn takes, in seconds; 0.5 by default.
    /// - Throws: ``TouchDriverError``; see the type's discussion.
    public func rotate(center: Point, radius: Double, by angle: Double, duration: Double = 0.5)
        throws(TouchDriverError)
    {
        try check(center, "the rotation's center")
        guard radius.isFinite, radius > 0 else {
            throw .invalidArgument("the rotation's radius must be a finite number of points above zero, not \(radius)")
        }
        guard angle.isFinite else {
            throw .invalidArgument("the rotation's angle must be a finite number of radians, not \(angle)")
        }
        guard duration > 0 else {
            throw .invalidArgument("the rotation's duration must be a finite number of seconds above zero, not \(duration)")
        }
        let steps = try sampleCount(for: duration, "the rotation's duration")
        guard abs(angle) / Double(steps) <= Double.pi / 2 else {
            throw .invalidArgument(
                "turning \(angle) radians in \(steps) samples is more than a quarter turn a sample: give a longer duration"
            )
        }
        let fingers = freeFingers(2)
        let strokes = [0.0, Double.pi].enumerated().map { index, phase in
            Stroke(finger: fingers[index]) { progress in
                let turn = Trigonometry.sinCos(phase + angle * progress)
                return Point(x: center.x + radius * turn.cos, y: center.y + radius * turn.sin)
            }
        }
        try perform(strokes, duration: duration, steps: steps)
    }

    /// Swipes one finger from `start`: ``swipeDistance`` (100 points) in
    /// `direction` in ``swipeDuration`` (0.1 s), lifting while it moves.
    ///
    /// A ``InteractionKitLinux/SwipeGestureRecognizer`` whose `direction` contains `direction`
    /// recognizes it (it needs 50 points within 0.5 s, within 30 points of
    /// the axis); one of another direction fails.
    /// - Parameters:
    ///   - direction: Which way: exactly one of `.right`, `.left`, `.up`, `.down`.
    ///   - start: Where the finger goes down, in window coordinates.
    /// - Throws: ``TouchDriverError``; see the type's discussion (a
    ///   direction with no member or several is an invalid argument: a
    ///   diagonal is no swipe for any recognizer).
    public func swipe(_ direction: SwipeGestureRecognizer.Direction, at start: Point) throws(TouchDriverError) {
        try check(start, "the swipe's start")
        let unit: Point
        switch direction {
        case .right: unit = Point(x: 1, y: 0)
        case .left: unit = Point(x: -1, y: 0)
        case .down: unit = Point(x: 0, y: 1)
        case .up: unit = Point(x: 0, y: -1)
        default:
            throw .invalidArgument(
                "a swipe goes one way: .right, .left, .up or .down, not the set \(direction.rawValue)"
            )
        }
        let end = Point(x: start.x + unit.x * Self.swipeDistance, y: start.y + unit.y * Self.swipeDistance)
        try drag(from: start, to: end, duration: Self.swipeDuration)
    }

    /// The positions of `count` fingers side by side, centred on `point`.
    private func spread(_ count: Int, around point: Point) throws(TouchDriverError) -> [Point] {
        guard (1...10).contains(count) else {
            throw .invalidArgument("a gesture takes 1 to 10 fingers, not \(count)")
        }
        let first = -Self.fingerSpacing * Double(count - 1) / 2
        return (0..<count).map { Point(x: point.x + first + Self.fingerSpacing * Double($0), y: point.y) }
    }
}
