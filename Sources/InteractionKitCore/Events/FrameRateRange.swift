/// The range of frame rates a display link accepts: Core Animation's
/// `CAFrameRateRange`, in frames a second.
///
/// A link runs at the largest divisor of its window's
/// `maximumFramesPerSecond` that is not above `preferred` (or `maximum`
/// when `preferred` is nil); a rate of 0 means the display's own.
public struct FrameRateRange: Hashable, Sendable {
    /// The lowest rate the link accepts.
    public var minimum: Double
    /// The highest rate the link accepts.
    public var maximum: Double
    /// The rate the link would like, nil for `maximum`.
    public var preferred: Double?

    /// A range from `minimum` to `maximum`, preferring `preferred` (nil: `maximum`).
    public init(minimum: Double, maximum: Double, preferred: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// The display's own rate: every refresh (Core Animation's `.default`, all zero).
    public static let `default` = FrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
