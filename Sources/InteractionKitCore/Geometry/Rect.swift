/// An axis-aligned rectangle: an origin and a size, in points.
///
/// As with `CGRect`, a negative width or height extends the rectangle to the
/// left of or above its origin; the `min`/`max` accessors and `contains(_:)`
/// work on the standardized rectangle. Containment is half-open:
/// `minX <= x < maxX` and `minY <= y < maxY`, so adjacent rectangles never
/// both contain a point on their shared edge, and an empty rectangle contains
/// nothing.
public struct Rect: Hashable, Sendable {
    /// The corner the size is measured from.
    public var origin: Point
    /// The extent from the origin; components may be negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin's coordinates and its size.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x coordinate of the rectangle.
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    /// The x coordinate of the rectangle's centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The largest x coordinate of the rectangle.
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    /// The smallest y coordinate of the rectangle.
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    /// The y coordinate of the rectangle's centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The largest y coordinate of the rectangle.
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    /// The rectangle's width, never negative.
    @inlinable public var width: Double { size.width < 0 ? -size.width : size.width }
    /// The rectangle's height, never negative.
    @inlinable public var height: Double { size.height < 0 ? -size.height : size.height }
    /// The centre point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle has no area (or a NaN component).
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Whether the point lies inside, with half-open edges.
    ///
    /// False for any NaN coordinate, and for every point of an empty rectangle.
    /// - Complexity: O(1).
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `insets` on each side (grown where they are negative).
    @inlinable public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left,
            y: minY + insets.top,
            width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom
        )
    }
}

extension Rect: CustomStringConvertible {
    /// The rectangle as `(x, y, width × height)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width) × \(size.height))" }
}
