extension View {
    /// Whether hit testing may enter this view: visible, interactive, and
    /// (`isEnabledForHitTesting`, which controls answer with `isEnabled`).
    /// Does not look at the point.
    public var acceptsHits: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= 0.01 && isEnabledForHitTesting
    }

    /// What one level of a downward walk found among a view's subviews.
    enum ChildHit {
        /// The frontmost subview that accepts the point, and the point in its coordinates.
        case descend(View, Point)
        /// A subview's own `hitTest` answered (a class that may override it).
        case answered(View)
        /// No subview takes the point.
        case none
    }

    /// Tries this view's subviews front (last) to back (first) at a point in
    /// this view's coordinates.
    ///
    /// A subview accepts the point when it is visible, interactive, enabled
    /// and its `point(inside:with:)` says so. With `askingHitTest`, a subview
    /// whose class may override `hitTest` is asked through it instead, so
    /// overrides keep working; the library's own classes never override it,
    /// so for them the check is enough.
    func frontmostChild(at location: Point, with event: Event?, askingHitTest: Bool) -> ChildHit {
        let children = subviews
        var index = children.count - 1
        while index >= 0 {
            let child = children[index]
            index -= 1
            let childLocation = child.pointFromSuperview(location)
            if child.hasBuiltInBehaviour {
                // The library's own classes test their bounds (none overrides
                // `point(inside:with:)`): checked first and inline, since most
                // siblings a finger passes are not under it.
                if child.storedBounds.contains(childLocation) && child.acceptsHits {
                    return .descend(child, childLocation)
                }
            } else if askingHitTest {
                if let hit = child.hitTest(childLocation, with: event) { return .answered(hit) }
            } else if child.acceptsHits && child.point(inside: childLocation, with: event) {
                return .descend(child, childLocation)
            }
        }
        return .none
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
        while true {
            switch current.frontmostChild(at: location, with: event, askingHitTest: true) {
            case .descend(let child, let childLocation):
                current = child
                location = childLocation
            case .answered(let hit):
                return hit
            case .none:
                return current
            }
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
public struct ViewPathWalker {
    private var current: View?
    private var location: Point

    /// Starts at `start`; walks nothing when `start` does not accept the point.
    public init(from start: View, at point: Point) {
        location = point
        current = start.acceptsHits && start.point(inside: point, with: nil) ? start : nil
    }

    /// The next view down the path and the point in its coordinates, or nil at the end.
    public mutating func next() -> (view: View, point: Point)? {
        guard let view = current else { return nil }
        let result = (view, location)
        current = nil
        if case .descend(let child, let childLocation) = view.frontmostChild(at: location, with: nil, askingHitTest: false) {
            current = child
            location = childLocation
        }
        return result
    }
}
