/// Angles for the two-finger recognizers, in pure Swift: the engine imports
/// no C library, so `atan2` is computed here (to within a few ulps).
enum Angle {
    /// The angle of the vector `(x, y)` from the positive x axis, in
    /// radians in (-π, π]; with y pointing down it grows clockwise on screen.
    /// Zero for the zero vector; NaN if a component is NaN.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 && y == 0 { return 0 }
        if x.isInfinite || y.isInfinite {
            // Only the direction counts: clamp each component to ±1, or 0.
            let cx = x.isInfinite ? (x > 0 ? 1.0 : -1.0) : (y.isInfinite ? 0 : x)
            let cy = y.isInfinite ? (y > 0 ? 1.0 : -1.0) : (x.isInfinite ? 0 : y)
            return atan2(cy, cx)
        }
        let ax = abs(x), ay = abs(y)
        // atan of the smaller ratio, then folded into the right octant.
        var angle = ay <= ax ? atan(ay / ax) : Double.pi / 2 - atan(ax / ay)
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }

    /// atan(t) for 0 ≤ t ≤ 1, by halving the angle twice and a Taylor series.
    private static func atan(_ t: Double) -> Double {
        // atan(t) = 2 atan(t / (1 + √(1 + t²))): twice brings t below tan(π/16) ≈ 0.2.
        var reduced = t
        for _ in 0..<2 { reduced /= 1 + (1 + reduced * reduced).squareRoot() }
        let square = reduced * reduced
        var term = reduced
        var sum = 0.0
        var n = 1.0
        // 0.2^(2k+1) / (2k+1) is below 1e-17 by k = 12.
        for index in 0..<14 {
            sum += (index % 2 == 0 ? term : -term) / n
            term *= square
            n += 2
        }
        return 4 * sum
    }

    /// The same angle moved into (-π, π].
    static func wrapped(_ angle: Double) -> Double {
        guard angle.isFinite else { return 0 }
        var result = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if result > Double.pi { result -= 2 * Double.pi }
        if result <= -Double.pi { result += 2 * Double.pi }
        return result
    }
}
