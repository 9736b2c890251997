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

// MARK: Set operations (CGRect's)

extension Rect {
    /// The null rectangle: the answer when there is no rectangle, such as
    /// the intersection of two that do not overlap (`CGRect.null`).
    ///
    /// Its origin is at positive infinity and its size is zero, as
    /// CoreGraphics has it, so it contains no point and is empty. It is not
    /// `zero`: the union of a rectangle with `null` is that rectangle,
    /// whereas the union with `zero` reaches out to the origin. Test for it
    /// with `isNull`, not by comparing with `==`.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// Whether this is the null rectangle (either origin coordinate at
    /// positive infinity, as `CGRectIsNull` checks).
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether the operations below treat the rectangle as no rectangle: the
    /// null rectangle, or one with a NaN component (which contains no point).
    @usableFromInline var isNullOrNaN: Bool {
        isNull || origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN
    }

    /// The rectangle shrunk by `dx` on the left and right and by `dy` at the
    /// top and bottom (grown where they are negative), about the same centre.
    ///
    /// As `CGRect.insetBy(dx:dy:)`: the rectangle is standardized first (a
    /// negative size flipped), and when the width or the height would go
    /// below zero the result is `Rect.null`. Insetting the null rectangle,
    /// or by a NaN, gives `Rect.null`.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        guard !isNullOrNaN else { return .null }
        let newWidth = width - 2 * dx, newHeight = height - 2 * dy
        guard newWidth >= 0, newHeight >= 0 else { return .null }
        return Rect(x: minX + dx, y: minY + dy, width: newWidth, height: newHeight)
    }

    /// The rectangle where this one and `other` overlap, standardized, or
    /// `Rect.null` when they do not overlap.
    ///
    /// Overlapping means sharing an area, as `contains(_:)` counts points:
    /// edges are half-open, so two rectangles that only touch along an edge
    /// or at a corner do not overlap, and an empty rectangle overlaps
    /// nothing (CGRect's documentation leaves both cases open; MapKit's
    /// `MKMapRect` answers the same). The null rectangle, or one with a NaN
    /// component, overlaps nothing.
    /// - Complexity: O(1).
    @inlinable public func intersection(_ other: Rect) -> Rect {
        guard !isNullOrNaN, !other.isNullOrNaN else { return .null }
        let left = Swift.max(minX, other.minX), right = Swift.min(maxX, other.maxX)
        let top = Swift.max(minY, other.minY), bottom = Swift.min(maxY, other.maxY)
        guard right > left, bottom > top else { return .null }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether this rectangle and `other` share an area: some point lies in
    /// both. Touching edges do not count (see `intersection(_:)`).
    /// - Complexity: O(1).
    @inlinable public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isNull
    }

    /// The smallest rectangle that contains both, standardized.
    ///
    /// As `CGRect.union(_:)`: the null rectangle contributes nothing (the
    /// union with it is the other rectangle, standardized), but an empty
    /// rectangle does, so the union with `zero` reaches the origin. A
    /// rectangle with a NaN component counts as null here.
    /// - Complexity: O(1).
    @inlinable public func union(_ other: Rect) -> Rect {
        if isNullOrNaN { return other.isNullOrNaN ? .null : other.standardized }
        if other.isNullOrNaN { return standardized }
        let left = Swift.min(minX, other.minX), right = Swift.max(maxX, other.maxX)
        let top = Swift.min(minY, other.minY), bottom = Swift.max(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same rectangle with a non-negative width and height (a negative
    /// size moves the origin instead), as `CGRect.standardized`.
    @inlinable public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }
}

extension Rect: CustomStringConvertible {
    /// The rectangle as `(x, y, width × height)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width) × \(size.height))" }
}
