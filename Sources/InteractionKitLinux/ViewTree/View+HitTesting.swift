extension View {
    /// Whether hit testing may enter this view: visible, interactive, and
    /// (for controls) enabled. Does not look at the point.
    var acceptsHits: Bool {
        !isHidden && isUserInteractionEnabled && isEnabledForHitTesting
    }

    /// The deepest view at `point` (in `start`'s coordinates) below `start`,
    /// which has already accepted the point; `start` itself when no subview does.
    ///
    /// Walks down iteratively: among a view's subviews, front to back, the
    /// first that accepts the point is where the answer lies, because the
    /// built-in `hitTest` never rejects a point its `point(inside:with:)`
    /// accepted. Views whose class may override `hitTest` are asked directly.
    /// - Complexity: O(depth × subviews per level on the path).
    func deepestView(from start: View, at point: Point, with event: Event?) -> View {
        var current = start
        var location = point
        descending: while true {
            let children = current.subviews
            var index = children.count - 1
            while index >= 0 {
                let child = children[index]
                index -= 1
                let childLocation = child.pointFromSuperview(location)
                if child.usesBuiltInHitTesting {
                    if child.acceptsHits && child.point(inside: childLocation, with: event) {
                        current = child
                        location = childLocation
                        continue descending
                    }
                } else if let hit = child.hitTest(childLocation, with: event) {
                    return hit
                }
            }
            return current
        }
    }

    /// Calls `body` with each view under a point from `self` down to the
    /// deepest, with the point in that view's coordinates, by the rules of
    /// hit testing but asking only `point(inside:with:)` (the large content
    /// viewer's default lookup, as UIKit describes it). Calls nothing when
    /// `self` does not accept the point.
    /// - Complexity: O(depth × subviews per level on the path), no allocation.
    func forEachViewOnPath(at point: Point, _ body: (View, Point) -> Void) {
        guard acceptsHits && self.point(inside: point, with: nil) else { return }
        var current = self
        var location = point
        descending: while true {
            body(current, location)
            let children = current.subviews
            var index = children.count - 1
            while index >= 0 {
                let child = children[index]
                index -= 1
                let childLocation = child.pointFromSuperview(location)
                if child.acceptsHits && child.point(inside: childLocation, with: nil) {
                    current = child
                    location = childLocation
                    continue descending
                }
            }
            return
        }
    }
}
