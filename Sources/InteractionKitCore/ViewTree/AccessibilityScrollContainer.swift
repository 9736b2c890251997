/// A view that shows part of a larger content and can move it on an
/// assistive technology's request: what a screen reader's "scroll to" needs
/// (AT-SPI's `ScrollTo` and `ScrollToPoint`, GTK 4's `GtkScrollable`).
///
/// `ScrollView` adopts it; a toolkit's own scrolling container adopts it to
/// be exported as a `scroll pane` that brings its descendants into view. The
/// engine never calls it on the touch path.
@MainActor
public protocol AccessibilityScrollContainer: AnyObject {
    /// The part of the window where the container shows its content, in
    /// window coordinates: what is inside it can be seen.
    var accessibilityVisibleFrame: Rect { get }

    /// Moves the content by `delta` points, at once and as far as the
    /// content allows (positive x brings what lies to the right into view,
    /// positive y what lies below); returns whether the content moved.
    func accessibilityScrollContent(by delta: Point) -> Bool
}
