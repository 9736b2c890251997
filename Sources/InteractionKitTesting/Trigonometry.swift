/// Sine and cosine in plain Swift, for the rotation helper.
///
/// The testing library imports no C library, and computing them here also
/// makes the samples of `TouchDriver.rotate` the same on every platform (a
/// libm may differ in the last bit), so golden transcripts stay golden.
enum Trigonometry {
    /// The sine and cosine of `angle` radians, to within a few ulps for the
    /// angles a gesture turns through (|angle| below about 10⁶).
    static func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
        // Reduce to r in [-π/4, π/4] and a quadrant, then two Taylor series.
        let quarterTurns = (angle / (Double.pi / 2)).rounded()
        let r = angle - quarterTurns * (Double.pi / 2)
        let r2 = r * r
        var sine = 1.0, cosine = 1.0
        // Horner form, from the highest term down: sin to r¹⁷, cos to r¹⁶.
        for n in stride(from: 16, through: 2, by: -2) {
            sine = 1 - r2 / Double(n * (n + 1)) * sine
            cosine = 1 - r2 / Double((n - 1) * n) * cosine
        }
        sine *= r
        let quadrant = Int(quarterTurns.truncatingRemainder(dividingBy: 4)) & 3
        switch quadrant {
        case 0: return (sine, cosine)
        case 1: return (cosine, -sine)
        case 2: return (-sine, -cosine)
        default: return (-cosine, sine)
        }
    }
}
