/// A `ScrollContainer` that assistive technologies may scroll: what a
/// screen reader's "scroll to" needs (AT-SPI's `ScrollTo` and
/// `ScrollToPoint`, GTK 4's `GtkScrollable`).
///
/// `ScrollView` adopts it; a toolkit's own scrolling container adopts it to
/// be exported as a `scroll pane` that brings its descendants into view.
/// Its two members default to the container's `visibleContentFrame` and
/// `scrollContent(by:)`, where the scrolling lives, so that the keyboard
/// and the screen readers scroll it the same way. The engine never calls it
/// on the touch path.
@MainActor
public protocol AccessibilityScrollContainer: ScrollContainer {
    /// The part of the window where the container shows its content, in
    /// window coordinates: what is inside it can be seen.
    var accessibilityVisibleFrame: Rect { get }

    /// Moves the content by `delta` points, at once and as far as the
    /// content allows (positive x brings what lies to the right into view,
    /// positive y what lies below); returns whether the content moved.
    func accessibilityScrollContent(by delta: Point) -> Bool
}

extension AccessibilityScrollContainer {
    /// The container's `visibleContentFrame`, unless it says otherwise.
    public var accessibilityVisibleFrame: Rect { visibleContentFrame }

    /// Scrolls through `scrollContent(by:)`, unless the container says otherwise.
    public func accessibilityScrollContent(by delta: Point) -> Bool { scrollContent(by: delta) }
}
