extension View {
    /// Whether hit testing may enter this view: visible, interactive, and
    /// (`isEnabledForHitTesting`, which controls answer with `isEnabled`).
    /// Does not look at the point.
    public var acceptsHits: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= 0.01 && isEnabledForHitTesting
    }

    /// The frontmost subview that accepts a point in this view's
    /// coordinates, and the point in its coordinates; nil when none does.
    ///
    /// A subview accepts the point when it is visible, interactive, enabled
    /// and its `point(inside:with:)` says so. The library's own classes
    /// never override `point(inside:with:)`, so for them the bounds are
    /// tested inline, first, and most siblings a finger passes are turned
    /// away by their `HitRejectionBox` before the point is even converted.
    func frontmostChild(at location: Point) -> (view: View, point: Point)? {
        switch step(from: self, at: location, with: nil, askingHitTest: false) {
        case .enter(let child, let point): (child, point)
        case .answered, .stop: nil
        }
    }

    /// One level of the descent, the one both hit testing and the large
    /// content viewer's lookup take.
    enum DescentStep {
        /// Go on down into this subview, with the point in its coordinates.
        case enter(View, Point)
        /// A subview's own `hitTest` answered: this is the result.
        case answered(View)
        /// No subview takes the point: the current view is the deepest.
        case stop
    }

    /// Among `view`'s subviews, front to back, the first that takes the
    /// point (in `view`'s coordinates).
    ///
    /// A built-in class is tested inline (its rejection box, then its
    /// bounds and flag); any other class is asked through its `hitTest`
    /// when `askingHitTest` (so overrides keep working), else through
    /// `acceptsHits` and `point(inside:with:)` (UIKit's description of the
    /// large content viewer's lookup). Reads the subviews in place, without
    /// copying the list on every level (Bench's tap target guards it).
    @inline(__always)
    func step(from view: View, at location: Point, with event: Event?, askingHitTest: Bool) -> DescentStep {
        var index = view.subviews.count - 1
        while index >= 0 {
            let child = view.subviews[index]
            index -= 1
            if child.hasBuiltInBehaviour && child.hitRejectionBox.excludes(location) { continue }
            let childLocation = child.pointFromSuperview(location)
            if child.hasBuiltInBehaviour {
                if child.storedBounds.contains(childLocation) && child.builtInAcceptsHits {
                    return .enter(child, childLocation)
                }
            } else if askingHitTest {
                if let hit = child.hitTest(childLocation, with: event) { return .answered(hit) }
                // The override may have shortened the list: the index only
                // ever goes down, so the walk ends whatever it did.
                index = min(index, view.subviews.count - 1)
            } else if child.acceptsHits && child.point(inside: childLocation, with: nil) {
                return .enter(child, childLocation)
            }
        }
        return .stop
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
        var unrecorded = HitPath()
        return deepestView(from: start, at: point, with: event, recording: false, path: &unrecorded)
    }

    /// `deepestView(from:at:with:)`, which also notes in `path` (when
    /// `recording`) the views it enters that have gesture recognizers, so
    /// that a touch-down need not walk back up to find them.
    func deepestView(
        from start: View, at point: Point, with event: Event?, recording: Bool, path: inout HitPath
    ) -> View {
        var current = start
        var location = point
        while true {
            switch step(from: current, at: location, with: event, askingHitTest: true) {
            case .enter(let child, let childLocation):
                if recording && !child.gestureRecognizers.isEmpty { path.recognizerViews.append(child) }
                current = child
                location = childLocation
            case .answered(let hit):
                if recording { path.answeredBelow = current }
                return hit
            case .stop:
                return current
            }
        }
    }
}

/// The views a hit test entered that have gesture recognizers, outermost
/// first, and where the built-in search handed over to an overriding
/// `hitTest`: what a touch-down needs to collect its recognizers without
/// walking back up the tree.
struct HitPath {
    /// The views entered that had recognizers then, outermost first.
    var recognizerViews: [View] = []
    /// The view whose subview's own `hitTest` gave the answer; nil when
    /// the built-in search found the deepest view itself.
    var answeredBelow: View?

    /// Empties the path, keeping its storage.
    mutating func clear() {
        // One by one: `removeAll(keepingCapacity:)` goes through a generic
        // range replacement, several times the cost for a path of one or two.
        while !recognizerViews.isEmpty { recognizerViews.removeLast() }
        answeredBelow = nil
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
        if let (child, childLocation) = view.frontmostChild(at: location) {
            current = child
            location = childLocation
        }
        return result
    }
}

/// Where, in a superview's coordinates, a point cannot be inside a view's
/// bounds: outside the frame's origin with the bounds' size, grown by a
/// margin. Hit testing turns most siblings away with its four comparisons,
/// before converting the point into their coordinates.
///
/// Only a rejection is trusted: a point inside the box still gets the
/// exact test, so results are those of the exact test alone. The margin,
/// 1e-9 of the magnitudes involved, is far above the rounding (about 1e-16
/// of them) by which the exact test's conversion may differ from this
/// box's arithmetic; a NaN or infinite value rejects nothing.
struct HitRejectionBox {
    private var minX: Double
    private var maxX: Double
    private var minY: Double
    private var maxY: Double

    /// The box of a view with this frame and these bounds.
    init(frame: Rect, bounds: Rect) {
        let width = bounds.size.width
        let height = bounds.size.height
        let left = frame.origin.x + min(0, width)
        let right = frame.origin.x + max(0, width)
        let top = frame.origin.y + min(0, height)
        let bottom = frame.origin.y + max(0, height)
        let magnitude = max(max(max(1, abs(left)), max(abs(right), abs(top))),
                            max(abs(bottom), max(abs(bounds.origin.x), abs(bounds.origin.y))))
        let margin = magnitude * 1e-9
        minX = left - margin
        maxX = right + margin
        minY = top - margin
        maxY = bottom + margin
    }

    /// Whether the point is certainly not inside the view's bounds.
    @inline(__always)
    func excludes(_ point: Point) -> Bool {
        point.x < minX || point.x >= maxX || point.y < minY || point.y >= maxY
    }
}
