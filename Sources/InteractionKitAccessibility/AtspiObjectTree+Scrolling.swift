import InteractionKitCore

// Scrolling for screen readers: what a `clipsToBounds` ancestor hides
// (SHOWING), and AT-SPI's `ScrollTo` / `ScrollToPoint`, which ask each
// scrolling container around an object (`AccessibilityScrollContainer`,
// innermost first) to bring it into view.

extension AtspiObjectTree {
    /// AT-SPI's `AtspiScrollType`: where `ScrollTo` puts the object in its containers.
    public enum ScrollType: UInt32, Sendable, CaseIterable {
        /// The object's top-left corner at the container's top-left.
        case topLeft = 0
        /// The object's bottom-right corner at the container's bottom-right.
        case bottomRight = 1
        /// The object's top edge at the container's top edge.
        case topEdge = 2
        /// The object's bottom edge at the container's bottom edge.
        case bottomEdge = 3
        /// The object's left edge at the container's left edge.
        case leftEdge = 4
        /// The object's right edge at the container's right edge.
        case rightEdge = 5
        /// Anywhere inside the container, moving as little as possible.
        case anywhere = 6
    }

    /// Whether the node lies wholly outside the bounds of a view around it
    /// that `clipsToBounds` (a row scrolled out of a scroll view): it is
    /// then not showing, though it may be visible.
    public func isClippedAway(_ node: any AccessibilityNode) -> Bool {
        var clip: Rect?
        var current = Self.enclosingView(of: node)
        while let view = current {
            if view.clipsToBounds {
                let bounds = view.convert(view.bounds, to: nil)
                clip = clip.map { Self.overlap(of: $0, and: bounds) } ?? bounds
            }
            current = view.superview
        }
        guard let clip else { return false }
        let frame = node.accessibilityFrame
        return !(frame.minX < clip.maxX && frame.maxX > clip.minX && frame.minY < clip.maxY && frame.maxY > clip.minY)
    }

    /// Scrolls the containers around `object`, innermost first, so that it
    /// shows where `type` says; nil for a type AT-SPI does not define,
    /// false when no container around it scrolls, true otherwise (also
    /// when the content's edges stopped it short).
    public func scroll(_ object: Object, to type: UInt32) -> Bool? {
        guard let type = ScrollType(rawValue: type) else { return nil }
        return scrollContainers(around: object) { frame, visible in
            switch type {
            case .topLeft: Point(x: frame.minX - visible.minX, y: frame.minY - visible.minY)
            case .bottomRight: Point(x: frame.maxX - visible.maxX, y: frame.maxY - visible.maxY)
            case .topEdge: Point(x: 0, y: frame.minY - visible.minY)
            case .bottomEdge: Point(x: 0, y: frame.maxY - visible.maxY)
            case .leftEdge: Point(x: frame.minX - visible.minX, y: 0)
            case .rightEdge: Point(x: frame.maxX - visible.maxX, y: 0)
            case .anywhere:
                Point(
                    x: Self.revealing(frame.minX, frame.maxX, within: visible.minX, visible.maxX),
                    y: Self.revealing(frame.minY, frame.maxY, within: visible.minY, visible.maxY)
                )
            }
        }
    }

    /// Scrolls the containers around `object`, innermost first, so that its
    /// top-left corner comes to `point` (window coordinates) as nearly as
    /// their content allows; false when no container around it scrolls.
    public func scroll(_ object: Object, topLeftTo point: Point) -> Bool {
        guard point.isFinite else { return false }
        return scrollContainers(around: object) { frame, _ in
            Point(x: frame.minX - point.x, y: frame.minY - point.y)
        }
    }

    /// Asks each scrolling container around `object`, innermost first, to
    /// move by what `delta` computes from the object's frame now and the
    /// container's visible frame (both in window coordinates).
    private func scrollContainers(around object: Object, _ delta: (Rect, Rect) -> Point) -> Bool {
        guard case .node(let node) = object else { return false }
        var found = false
        var current = Self.enclosingView(of: node)
        // A tree is finite and acyclic (views refuse cycles); the count only guards a hostile override.
        var steps = 0
        while let view = current, steps < 100_000 {
            steps += 1
            if let container = view as? any AccessibilityScrollContainer {
                found = true
                let change = delta(node.accessibilityFrame, container.accessibilityVisibleFrame)
                if change.isFinite && (change.x != 0 || change.y != 0) {
                    _ = container.accessibilityScrollContent(by: change)
                }
            }
            current = view.superview
        }
        return found
    }

    /// The view that holds the node: a view's superview, an element's container.
    private static func enclosingView(of node: any AccessibilityNode) -> View? {
        if let view = node as? View { return view.superview }
        if let element = node as? AccessibilityElement { return element.accessibilityContainer }
        return nil
    }

    /// The part two rectangles share (empty, at the first's origin, when they share nothing).
    private static func overlap(of first: Rect, and second: Rect) -> Rect {
        let minX = max(first.minX, second.minX), maxX = min(first.maxX, second.maxX)
        let minY = max(first.minY, second.minY), maxY = min(first.maxY, second.maxY)
        guard minX < maxX, minY < maxY else { return Rect(x: first.minX, y: first.minY, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// How far to move along one axis so that `minimum…maximum` shows
    /// within `low…high`, as little as possible (its start, when it is larger).
    private static func revealing(_ minimum: Double, _ maximum: Double, within low: Double, _ high: Double) -> Double {
        if minimum < low || maximum - minimum > high - low { return minimum - low }
        if maximum > high { return maximum - high }
        return 0
    }
}
