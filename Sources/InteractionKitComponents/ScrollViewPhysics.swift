import InteractionKitCore

/// The numbers and curves of a scroll view's motion, as pure functions of
/// time: UIKit's deceleration and rubber band, a critically damped spring
/// for bouncing back, and an ease for animated scrolls.
///
/// Everything is computed from the moment a motion started, never
/// integrated frame by frame, so the offset at a frame does not depend on
/// which frames came before (a test that jumps a second ahead sees what a
/// display would), and the same inputs give the same bits on every
/// platform: `exp` and `log` are computed here, in Swift, since the library
/// links no C mathematics library.
public enum ScrollViewPhysics {
    /// UIKit's rubber-band constant: the `c` of `(1 − 1/(x·c/d + 1))·d`.
    public static let rubberBandCoefficient = 0.55
    /// Below this speed, in points per second, a deceleration has stopped (UIKit's).
    public static let stoppingSpeed = 0.1
    /// The spring's natural angular frequency, per second. Critically
    /// damped, it brings an overshoot of a whole screen back within half a
    /// point in under 0.5 s.
    public static let springFrequency = 24.0
    /// The longest a spring back takes, in seconds: it settles within this.
    public static let springSettleTime = 0.5
    /// A spring has settled once it is this close to its rest, in points…
    public static let springRestDistance = 0.5
    /// …and this slow, in points per second.
    public static let springRestSpeed = 10.0
    /// A paging scroll view turns the page when the lift is faster than
    /// this, in points per second, towards it.
    public static let pagingSpeed = 100.0
    /// How long an animated `setContentOffset` or `scrollRectToVisible` takes, in seconds.
    public static let animationDuration = 0.3

    /// How far past an edge a drag shows content that the finger pulled
    /// `overshoot` points past it, in a view `dimension` points long:
    /// UIKit's `(1 − 1/(x·0.55/d + 1))·d`, which starts at 0.55 points per
    /// point and never reaches `d`. Zero for a zero, negative or non-finite
    /// input; symmetric for a negative overshoot.
    public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot.isFinite, dimension.isFinite, dimension > 0 else { return 0 }
        let distance = abs(overshoot)
        let banded = (1 - 1 / (distance * rubberBandCoefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -banded : banded
    }

    /// `1000 · ln(rate)`: the exponent per second of a deceleration whose
    /// velocity is multiplied by `rate` every millisecond. The rate is held
    /// to 0.5…0.9999, so that every deceleration ends.
    public static func decayExponent(rate: Double) -> Double {
        let held = rate.isNaN ? DecelerationRate.normal.rawValue : min(max(rate, 0.5), 0.9999)
        return 1000 * logarithm(held)
    }

    /// Where a deceleration from `velocity` (points per second) comes to rest,
    /// relative to where it started: `velocity / (1000 · |ln rate|)`.
    public static func decelerationDistance(velocity: Double, rate: Double) -> Double {
        guard velocity.isFinite else { return 0 }
        return -velocity / decayExponent(rate: rate)
    }

    // MARK: Exponential and logarithm

    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10

    /// e^x to within a few ulps, in pure Swift; 0 below −745, infinity above 709.8.
    package static func exponential(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        // x = k·ln 2 + r with |r| ≤ ln 2 / 2; e^r by its series, then 2^k.
        let k = (x / (ln2Hi + ln2Lo)).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo
        var term = 1.0
        var sum = 1.0
        var n = 1.0
        // |r| < 0.35: r^20 / 20! is below 1e-27.
        while n < 21 {
            term *= r / n
            sum += term
            n += 1
        }
        return scaled(sum, byPowerOfTwo: Int(k))
    }

    /// `value · 2^exponent`, in steps that never overflow or underflow in between.
    private static func scaled(_ value: Double, byPowerOfTwo exponent: Int) -> Double {
        var result = value
        var remaining = exponent
        while remaining > 1000 {
            result *= Double(sign: .plus, exponent: 1000, significand: 1)
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= Double(sign: .plus, exponent: -1000, significand: 1)
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }

    /// ln x to within a few ulps, in pure Swift; NaN below 0, −infinity at 0.
    package static func logarithm(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return .infinity }
        // x = m · 2^e with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1).
        var exponent = Double(x.exponent)
        var mantissa = x.significand
        if mantissa > 2.0.squareRoot() {
            mantissa /= 2
            exponent += 1
        }
        let s = (mantissa - 1) / (mantissa + 1)
        let square = s * s
        var power = s
        var sum = 0.0
        var n = 1.0
        // |s| < 0.172: s^41 / 41 is below 1e-32.
        while n < 42 {
            sum += power / n
            power *= square
            n += 2
        }
        return exponent * ln2Hi + (exponent * ln2Lo + 2 * sum)
    }
}

/// One axis of a scroll view's motion after the finger lifts (or of an
/// animated scroll): where it is at any moment, as a value.
///
/// A motion is one of: an exponential deceleration towards a target (which
/// may run into an edge, where it either bounces on a spring or stops), a
/// critically damped spring towards a rest point, or an ease from one
/// offset to another. `sample(at:)` moves on from a deceleration to its
/// bounce by itself, when the moment of the crossing has passed.
struct ScrollAxisMotion: Equatable {
    enum Phase: Equatable {
        /// Not moving.
        case resting
        /// `T + (x₀ − T)·e^(k·t)`: UIKit's deceleration (velocity times the
        /// rate every millisecond), towards `target`. When `edge` is set, the
        /// path crosses it before reaching `target`: there the motion turns
        /// into a spring back to the edge (`bounces`) or stops on it.
        case decelerating(start: Double, from: Double, target: Double, exponent: Double, edge: Double?, bounces: Bool)
        /// A critically damped spring to `rest`, from `displacement` away,
        /// moving at `velocity` when it started.
        case springing(start: Double, rest: Double, displacement: Double, velocity: Double)
        /// An ease in and out from `from` to `to` over `duration` seconds.
        case easing(start: Double, from: Double, to: Double, duration: Double)
    }

    var phase: Phase = .resting

    var isResting: Bool { phase == .resting }

    /// Where the motion will come to rest.
    var restingPoint: Double? {
        switch phase {
        case .resting: nil
        case .decelerating(_, _, let target, _, let edge, _): edge ?? target
        case .springing(_, let rest, _, _): rest
        case .easing(_, _, let to, _): to
        }
    }

    /// The position and velocity at `time`; once the motion has come to
    /// rest, the phase becomes `.resting` and the position is exactly where
    /// it rests. Nil when resting already.
    mutating func sample(at time: Double) -> (position: Double, velocity: Double)? {
        switch phase {
        case .resting:
            return nil
        case .decelerating(let start, let from, let target, let exponent, let edge, let bounces):
            let elapsed = max(0, time - start)
            if let edge, let crossing = Self.crossingTime(from: from, target: target, edge: edge, exponent: exponent),
               elapsed >= crossing {
                let speedAtEdge = exponent * (from - target) * ScrollViewPhysics.exponential(exponent * crossing)
                guard bounces, abs(speedAtEdge) >= ScrollViewPhysics.stoppingSpeed else {
                    phase = .resting
                    return (edge, 0)
                }
                phase = .springing(start: start + crossing, rest: edge, displacement: 0, velocity: speedAtEdge)
                return sample(at: time)
            }
            let decay = ScrollViewPhysics.exponential(exponent * elapsed)
            let velocity = exponent * (from - target) * decay
            if abs(velocity) < ScrollViewPhysics.stoppingSpeed {
                phase = .resting
                return (edge ?? target, 0)
            }
            return (target + (from - target) * decay, velocity)
        case .springing(let start, let rest, let displacement, let velocity):
            let elapsed = max(0, time - start)
            let omega = ScrollViewPhysics.springFrequency
            let b = velocity + omega * displacement
            let decay = ScrollViewPhysics.exponential(-omega * elapsed)
            let offset = (displacement + b * elapsed) * decay
            let speed = (velocity - omega * b * elapsed) * decay
            if elapsed >= ScrollViewPhysics.springSettleTime
                || (abs(offset) <= ScrollViewPhysics.springRestDistance && abs(speed) <= ScrollViewPhysics.springRestSpeed) {
                phase = .resting
                return (rest, 0)
            }
            return (rest + offset, speed)
        case .easing(let start, let from, let to, let duration):
            let elapsed = max(0, time - start)
            guard duration > 0, elapsed < duration else {
                phase = .resting
                return (to, 0)
            }
            let t = elapsed / duration
            let eased = t < 0.5 ? 4 * t * t * t : 1 - (2 - 2 * t) * (2 - 2 * t) * (2 - 2 * t) / 2
            let slope = (t < 0.5 ? 12 * t * t : 3 * (2 - 2 * t) * (2 - 2 * t)) / duration
            return (from + (to - from) * eased, (to - from) * slope)
        }
    }

    /// When a deceleration from `from` towards `target` crosses `edge`
    /// (seconds after it started), or nil when it does not.
    static func crossingTime(from: Double, target: Double, edge: Double, exponent: Double) -> Double? {
        guard exponent < 0, from != target else { return nil }
        let ratio = (edge - target) / (from - target)
        guard ratio > 0, ratio <= 1 else { return nil }
        return ScrollViewPhysics.logarithm(ratio) / exponent
    }
}
