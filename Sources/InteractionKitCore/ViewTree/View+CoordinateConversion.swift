extension View {
    /// A point in this view's coordinates, given one in its superview's.
    @inline(__always)
    func pointFromSuperview(_ point: Point) -> Point {
        if storedHasTransform { return point.applying(transformToSuperview.inverted()) }
        let frame = self.frame
        let bounds = self.bounds
        return Point(x: point.x - frame.origin.x + bounds.origin.x, y: point.y - frame.origin.y + bounds.origin.y)
    }

    /// The offset that takes a point in this view's coordinates to the root of its tree.
    ///
    /// The root's own bounds are the tree's coordinate space (for a window,
    /// window coordinates), so the root contributes nothing. The result is
    /// cached until any frame, bounds or superview changes, so the large
    /// content viewer's per-move conversions cost O(1), not O(depth).
    /// - Complexity: O(depth), iterative, when the geometry changed; else O(1).
    func offsetToRoot() -> (dx: Double, dy: Double) {
        let generation = currentGeometryStamp
        if cachedOffsetGeneration == generation { return cachedOffsetToRoot }
        var dx = 0.0
        var dy = 0.0
        var transformed = false
        var node = self
        while let parent = node.superview {
            transformed = transformed || node.storedHasTransform
            dx += node.storedFrameOrigin.x - node.storedBoundsOrigin.x
            dy += node.storedFrameOrigin.y - node.storedBoundsOrigin.y
            node = parent
        }
        cachedOffsetToRoot = (dx, dy)
        cachedPathHasTransform = transformed
        cachedOffsetGeneration = generation
        return (dx, dy)
    }

    /// The map from this view's coordinates to the root of its tree, or nil
    /// when no view on the way has a transform (then `offsetToRoot()` is it).
    /// - Complexity: O(1) when untransformed and cached; else O(depth).
    func transformToRoot() -> AffineTransform? {
        _ = offsetToRoot()
        guard cachedPathHasTransform else { return nil }
        var result = AffineTransform.identity
        var node = self
        while node.superview != nil {
            result = result.concatenating(node.transformToSuperview)
            guard let parent = node.superview else { break }
            node = parent
        }
        return result
    }

    /// The map from `from`'s coordinates to `to`'s (nil = window), when a
    /// transform lies on either path; nil when both are plain offsets.
    private static func transform(from: View?, to: View?) -> AffineTransform? {
        let fromRoot = from?.transformToRoot()
        let toRoot = to?.transformToRoot()
        if fromRoot == nil && toRoot == nil { return nil }
        let up = fromRoot ?? from.map { let o = $0.offsetToRoot(); return AffineTransform(translationX: o.dx, y: o.dy) } ?? .identity
        let down = toRoot ?? to.map { let o = $0.offsetToRoot(); return AffineTransform(translationX: o.dx, y: o.dy) } ?? .identity
        return up.concatenating(down.inverted())
    }

    /// Converts a point from this view's coordinates to another view's.
    ///
    /// `nil` means window coordinates (the root of this view's tree when it
    /// is not in a window). Views in different trees are converted as if
    /// their roots shared an origin. Never traps: non-finite input gives
    /// non-finite output.
    /// - Complexity: O(depth of both views).
    public func convert(_ point: Point, to view: View?) -> Point {
        if let map = View.transform(from: self, to: view) { return point.applying(map) }
        let from = offsetToRoot()
        let to = view?.offsetToRoot() ?? (dx: 0, dy: 0)
        return Point(x: point.x + from.dx - to.dx, y: point.y + from.dy - to.dy)
    }

    /// Converts a point from another view's coordinates (`nil` = window) to this view's.
    /// - Complexity: O(depth of both views).
    public func convert(_ point: Point, from view: View?) -> Point {
        if let map = View.transform(from: view, to: self) { return point.applying(map) }
        let from = view?.offsetToRoot() ?? (dx: 0, dy: 0)
        let to = offsetToRoot()
        return Point(x: point.x + from.dx - to.dx, y: point.y + from.dy - to.dy)
    }

    /// Converts a rectangle from this view's coordinates to another view's
    /// (`nil` = window); under a transform, the converted corners' bounding box.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        if let map = View.transform(from: self, to: view) { return rect.applying(map) }
        return Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from another view's coordinates (`nil` = window)
    /// to this view's; under a transform, the converted corners' bounding box.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        if let map = View.transform(from: view, to: self) { return rect.applying(map) }
        return Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }
}
