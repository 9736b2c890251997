/// A pan that starts at an edge of the window (continuous), as UIKit's
/// `UIScreenEdgePanGestureRecognizer`.
///
/// It takes only touches that go down within `GestureConstants.screenEdgeRegion`
/// (20 points) of one of its `edges` of the window; a touch that starts
/// anywhere else is never delivered to it (nor counted as one of its
/// fingers). From there it is a `PanGestureRecognizer`:
///
/// - **Begins** once its fingers have moved 10 points.
/// - **Changes** on each move.
/// - **Ends** when the last finger lifts (or, once begun, when fewer than
///   `minimumNumberOfTouches` remain).
/// - **Fails** when the fingers lift without having moved enough.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The window edges a touch may start from; none by default, so set it (UIKit's default too).
    public var edges: RectEdge {
        get { storedEdges }
        set { storedEdges = newValue }
    }
    private var storedEdges: RectEdge = []

    /// Takes a touch only if it starts near one of `edges` of the window.
    override open func shouldReceive(_ touch: Touch) -> Bool {
        guard let bounds = view?.window?.bounds else { return false }
        let region = GestureConstants.screenEdgeRegion
        let point = touch.startLocation
        return (edges.contains(.left) && point.x - bounds.minX <= region)
            || (edges.contains(.right) && bounds.maxX - point.x <= region)
            || (edges.contains(.top) && point.y - bounds.minY <= region)
            || (edges.contains(.bottom) && bounds.maxY - point.y <= region)
    }
}
