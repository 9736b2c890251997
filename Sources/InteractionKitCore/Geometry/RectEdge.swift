/// A set of a rectangle's edges (UIKit's `UIRectEdge`): which window edges a
/// `ScreenEdgePanGestureRecognizer` starts from.
public struct RectEdge: OptionSet, Hashable, Sendable {
    /// The raw bits of the set.
    public let rawValue: UInt

    /// Creates a set from its raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The top edge (smallest y).
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge (smallest x).
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge (largest y).
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge (largest x).
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}
