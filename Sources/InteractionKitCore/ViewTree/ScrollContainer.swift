/// A view that shows part of a larger content and can move it on request:
/// what bringing a focused item into view (rule S7) and a screen reader's
/// "scroll to" both need.
///
/// `ScrollView` adopts it. A toolkit's own scrolling container adopts it so
/// that keyboard focus scrolls it to show the focused item; adopting
/// `AccessibilityScrollContainer`, which refines it, also exports it to
/// assistive technologies as a `scroll pane`. The engine never calls it on
/// the touch path.
@MainActor
public protocol ScrollContainer: AnyObject {
    /// The part of the window where the container shows its content, in
    /// window coordinates: what is inside it can be seen.
    var visibleContentFrame: Rect { get }

    /// Moves the content by `delta` points, at once and as far as the
    /// content allows (positive x brings what lies to the right into view,
    /// positive y what lies below); returns whether the content moved.
    func scrollContent(by delta: Point) -> Bool
}
