/// A two-dimensional affine transform: the matrix `[a b 0; c d 0; tx ty 1]`
/// that `CGAffineTransform` is, mapping `(x, y)` to
/// `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// Components may be any `Double`; nothing traps, and a transform that
/// cannot be inverted inverts to itself, as `CGAffineTransformInvert` does.
public struct AffineTransform: Hashable, Sendable {
    /// The horizontal scale component (row 1, column 1).
    public var a: Double
    /// The vertical shear component (row 1, column 2).
    public var b: Double
    /// The horizontal shear component (row 2, column 1).
    public var c: Double
    /// The vertical scale component (row 2, column 2).
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// Creates a transform from its six components.
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that maps every point to itself.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a transform that scales by `sx` horizontally and `sy` vertically.
    @inlinable public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a transform that moves every point by `(tx, ty)`.
    @inlinable public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Whether this is the identity transform.
    @inlinable public var isIdentity: Bool {
        a == 1 && b == 0 && c == 0 && d == 1 && tx == 0 && ty == 0
    }

    /// This transform followed by `other` (the matrix product `self × other`),
    /// as `CGAffineTransformConcat(self, other)`.
    @inlinable public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// A scale by `(sx, sy)` applied before this transform, as
    /// `CGAffineTransformScale` builds it.
    @inlinable public func scaledBy(x sx: Double, y sy: Double) -> AffineTransform {
        AffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A translation by `(tx, ty)` applied before this transform, as
    /// `CGAffineTransformTranslate` builds it.
    @inlinable public func translatedBy(x dx: Double, y dy: Double) -> AffineTransform {
        AffineTransform(translationX: dx, y: dy).concatenating(self)
    }

    /// The transform that undoes this one; a transform whose determinant is
    /// zero or not finite returns itself unchanged, as Core Graphics does.
    @inlinable public func inverted() -> AffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return AffineTransform(
            a: d / determinant,
            b: -b / determinant,
            c: -c / determinant,
            d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant
        )
    }
}

extension AffineTransform: CustomStringConvertible {
    /// The transform as `[a, b, c, d, tx, ty]`.
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension Point {
    /// The point mapped through `transform`.
    @inlinable public func applying(_ transform: AffineTransform) -> Point {
        Point(
            x: transform.a * x + transform.c * y + transform.tx,
            y: transform.b * x + transform.d * y + transform.ty
        )
    }
}

extension Rect {
    /// The smallest axis-aligned rectangle containing this rectangle's four
    /// corners mapped through `transform` (`CGRectApplyAffineTransform`); the
    /// null rectangle stays null.
    @inlinable public func applying(_ transform: AffineTransform) -> Rect {
        if isNull { return self }
        if transform.isIdentity { return standardized }
        let p1 = Point(x: minX, y: minY).applying(transform)
        let p2 = Point(x: maxX, y: minY).applying(transform)
        let p3 = Point(x: minX, y: maxY).applying(transform)
        let p4 = Point(x: maxX, y: maxY).applying(transform)
        let left = Swift.min(Swift.min(p1.x, p2.x), Swift.min(p3.x, p4.x))
        let right = Swift.max(Swift.max(p1.x, p2.x), Swift.max(p3.x, p4.x))
        let top = Swift.min(Swift.min(p1.y, p2.y), Swift.min(p3.y, p4.y))
        let bottom = Swift.max(Swift.max(p1.y, p2.y), Swift.max(p3.y, p4.y))
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
