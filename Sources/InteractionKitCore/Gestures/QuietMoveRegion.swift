/// A rectangle, in window coordinates, within which a recognizer's moves
/// would change nothing anyone could observe, while it says so.
///
/// A layer above sets it on a recognizer of its own whose repeated
/// `changed` does nothing while the finger stays in the region (the large
/// content viewer's, within the item on show). Then a move inside it, with
/// the recognizer in `changed`, one touch, no actions and no state
/// observers, updates the touch and stops there: the subclass's
/// `touchMoved` is not called and no `changed` is committed. The layer
/// deactivates the region the moment its promise stops holding.
@MainActor
package final class QuietMoveRegion {
    // Exclusivity unchecked: read on every move while the region is active (Bench, main sequence).
    @exclusivity(unchecked) private var minX = 0.0
    // Exclusivity unchecked: read on every move while the region is active (Bench, main sequence).
    @exclusivity(unchecked) private var maxX = 0.0
    // Exclusivity unchecked: read on every move while the region is active (Bench, main sequence).
    @exclusivity(unchecked) private var minY = 0.0
    // Exclusivity unchecked: read on every move while the region is active (Bench, main sequence).
    @exclusivity(unchecked) private var maxY = 0.0
    // Exclusivity unchecked: read on every move (Bench, main sequence).
    /// Whether the promise holds now.
    @exclusivity(unchecked) package private(set) var isActive = false

    /// Creates an inactive region.
    package init() {}

    /// Makes the promise for a rectangle given as its edges (half-open, as `Rect.contains(_:)`).
    package func activate(minX: Double, maxX: Double, minY: Double, maxY: Double) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
        isActive = true
    }

    /// Withdraws the promise.
    package func deactivate() {
        isActive = false
    }

    /// Whether the region is active and holds the point.
    @inline(__always)
    package func holds(_ point: Point) -> Bool {
        isActive && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
