/// How quickly a scroll view slows down after a flick: the factor its
/// velocity is multiplied by every millisecond, as UIKit's
/// `UIScrollView.DecelerationRate`.
///
/// `.normal` (0.998) glides as UIKit's default scroll views do; `.fast`
/// (0.99) stops soon, as a paging or picker view does. A flick at `v` points
/// per second travels `v / (1000 · |ln rate|)` points: as far as that speed
/// goes in half a second at `.normal`, in a tenth of a second at `.fast`.
/// Rates outside 0.5…0.9999 are held to that range.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    /// The factor per millisecond, between 0 and 1.
    public var rawValue: Double

    /// Creates a rate from its factor per millisecond.
    public init(rawValue: Double) {
        self.rawValue = rawValue
    }

    /// UIKit's default: 0.998 per millisecond.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's quick stop: 0.99 per millisecond.
    public static let fast = DecelerationRate(rawValue: 0.99)
}

extension ScrollView {
    /// UIKit's spelling, `UIScrollView.DecelerationRate`: the same type as ``DecelerationRate``.
    public typealias DecelerationRate = InteractionKitComponents.DecelerationRate
}
