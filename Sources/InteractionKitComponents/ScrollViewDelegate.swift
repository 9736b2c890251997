import InteractionKitCore

/// The object a scroll view tells about its scrolling, as UIKit's
/// `UIScrollViewDelegate`; every method is optional (each has a default
/// that does nothing).
///
/// The order for a drag that ends in a flick:
/// `scrollViewWillBeginDragging`, `scrollViewDidScroll` (each move),
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
/// `scrollViewDidEndDragging(_:willDecelerate: true)`,
/// `scrollViewWillBeginDecelerating`, `scrollViewDidScroll` (each frame),
/// `scrollViewDidEndDecelerating`. An animated `setContentOffset` or
/// `scrollRectToVisible` ends with `scrollViewDidEndScrollingAnimation`.
///
/// A pinch that zooms: `viewForZooming(in:)`, `scrollViewWillBeginZooming`,
/// `scrollViewDidZoom` and `scrollViewDidScroll` (each move),
/// `scrollViewDidZoom` (each frame of a bounce back into the range), then
/// `scrollViewDidEndZooming(_:with:atScale:)`.
///
/// Every method may re-enter the scroll view: set its offset, start or
/// stop a scroll, disable it, remove it from its window. The scroll view
/// checks after each call that what it was doing still holds; a motion
/// stopped that way still ends with exactly one `…DidEnd…` call.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (a drag, a frame of a deceleration or an
    /// animation, or code that set it).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted after a drag: `velocity` is the scroll's velocity
    /// in points per millisecond, in content-offset terms (positive y: the
    /// content moves up), as UIKit's; `targetContentOffset` is where the
    /// scroll will come to rest, and the delegate may change it (it is held
    /// to the content's edges).
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    )
    /// The drag ended; `decelerate` says whether the content goes on
    /// moving (a deceleration, a bounce back, a page settling).
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after a drag (or a touch caught it, or code
    /// stopped it).
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated `setContentOffset(_:animated:)` or
    /// `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// Whether `scrollToTop()` may scroll (a tap on the status bar on iOS); true by default.
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    /// `scrollToTop()`'s animation reached the top (it hears this instead
    /// of `scrollViewDidEndScrollingAnimation`).
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
    /// The view the scroll view scales when it zooms (a subview of it, its
    /// content), or nil for none: without one nothing zooms. Nil by default.
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// A pinch, or an animated `setZoomScale` or `zoom(to:animated:)`, is
    /// about to scale `view`.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)
    /// The zoom scale changed (a pinch's move, a frame of a zoom's animation, or code that set it).
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// A zoom came to rest at `scale`: after the pinch's lift, or after the
    /// bounce back into the range that follows it, or at the end of an
    /// animated `setZoomScale` or `zoom(to:animated:)`.
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double)
}

extension ScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Leaves the target as it is.
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    /// Lets the scroll view scroll to the top.
    public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    /// Does nothing.
    public func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
    /// No view: the scroll view does not zoom.
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    /// Does nothing.
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
    /// Does nothing.
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {}
}
