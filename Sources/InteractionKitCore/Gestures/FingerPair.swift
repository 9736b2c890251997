/// The two fingers a pinch or a rotation follows, and what they measure:
/// the scale of their distance and the turn of the line through them.
///
/// Both are measured from when the second finger came down. When the pair
/// changes (a finger lifts, another comes down) the measures are rebased, as
/// the pan rebases its translation: what was measured so far is carried and
/// measuring restarts from the new pair, so neither jumps.
struct FingerPair {
    /// The ids of the two fingers, in the order they went down; nil while
    /// fewer than two are down.
    private(set) var ids: (first: Int, second: Int)?
    /// The distance between the fingers when the pair was last formed.
    private(set) var baseDistance = 0.0
    /// The scale carried from earlier pairs.
    private var carriedScale = 1.0
    /// The angle of the line through the fingers at the last update.
    private var lastAngle = 0.0
    /// Whether `lastAngle` means anything (two fingers on one point have no line).
    private var hasAngle = false

    /// The current distance over the distance when the second finger came down (carried across rebases).
    private(set) var scale = 1.0
    /// The turn since the second finger came down, in radians, clockwise
    /// positive with y down, unwrapped (carried across rebases).
    private(set) var rotation = 0.0
    /// The current distance between the fingers.
    private(set) var distance = 0.0
    /// The turn since the pair was last formed (for the rotation's threshold).
    private(set) var rotationSinceBase = 0.0

    /// Whether two fingers are paired.
    var isPaired: Bool { ids != nil }

    /// Pairs the first two of `touches` that are still down and not `excluding`;
    /// unpairs when there are fewer.
    mutating func rebase(_ touches: [Touch], excluding excluded: Int? = nil) {
        carriedScale = scale
        var found: [Touch] = []
        for touch in touches where touch.id != excluded && touch.phase != .ended && touch.phase != .cancelled {
            found.append(touch)
            if found.count == 2 { break }
        }
        guard found.count == 2 else {
            ids = nil
            return
        }
        ids = (found[0].id, found[1].id)
        baseDistance = found[0].location.distance(to: found[1].location)
        distance = baseDistance
        lastAngle = Self.angle(found[0].location, found[1].location)
        hasAngle = baseDistance >= GestureConstants.fingerPairMinimumDistance
        rotationSinceBase = 0
    }

    /// Measures the pair again from `touches`; returns false when it is not paired.
    mutating func update(_ touches: [Touch]) -> Bool {
        guard let ids,
              let first = touches.first(where: { $0.id == ids.first }),
              let second = touches.first(where: { $0.id == ids.second }) else { return false }
        distance = first.location.distance(to: second.location)
        // Fingers (nearly) on one point measure nothing: the scale and the
        // angle keep their last finite values.
        let minimum = GestureConstants.fingerPairMinimumDistance
        if baseDistance >= minimum {
            let measured = carriedScale * distance / baseDistance
            if distance >= minimum, measured.isFinite { scale = measured }
        } else if distance >= minimum {
            // Two fingers that came down (nearly) on one point have no scale yet: start here.
            rebase(touches)
        }
        guard distance >= minimum else { return true }
        let angle = Self.angle(first.location, second.location)
        if hasAngle {
            // Each step is the shortest turn, so the sum unwraps across ±π.
            let step = Angle.wrapped(angle - lastAngle)
            rotation += step
            rotationSinceBase += step
        }
        lastAngle = angle
        hasAngle = true
        return true
    }

    /// Makes `scale` read `value` now: later changes of the distance scale
    /// it from here (the distance now becomes the base).
    mutating func setScale(_ value: Double) {
        carriedScale = value
        scale = value
        baseDistance = distance
    }

    /// Makes `rotation` read `value` now: later turns add to it (and count
    /// toward beginning from here).
    mutating func setRotation(_ value: Double) {
        rotation = value
        rotationSinceBase = 0
    }

    /// Forgets everything: no pair, scale 1, rotation 0.
    mutating func reset() {
        self = FingerPair()
    }

    private static func angle(_ from: Point, _ to: Point) -> Double {
        Angle.atan2(to.y - from.y, to.x - from.x)
    }
}
