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
                if child.isLibraryClass {
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
}

/// Walks the views under a point from a start view down to the deepest, by
/// the rules of hit testing but asking only `point(inside:with:)` (the
/// large content viewer's default lookup, as UIKit describes it).
///
/// An iterator rather than a closure-taking function: on the per-move path a
/// closure costs an actor-isolation check per call.
/// - Complexity: O(depth × subviews per level on the path), no allocation.
@MainActor
struct ViewPathWalker {
    private var current: View?
    private var location: Point

    /// Starts at `start`; walks nothing when `start` does not accept the point.
    init(from start: View, at point: Point) {
        location = point
        current = start.acceptsHits && start.point(inside: point, with: nil) ? start : nil
    }

    /// The next view down the path and the point in its coordinates, or nil at the end.
    mutating func next() -> (view: View, point: Point)? {
        guard let view = current else { return nil }
        let result = (view, location)
        current = nil
        let children = view.subviews
        var index = children.count - 1
        while index >= 0 {
            let child = children[index]
            index -= 1
            let childLocation = child.pointFromSuperview(location)
            if child.acceptsHits && child.point(inside: childLocation, with: nil) {
                current = child
                location = childLocation
                break
            }
        }
        return result
    }
}
