import InteractionKitCore

// S11: the safe area's share of the insets, scrolling to the top, ending
// editing on a drag, and the scroll indicators, as UIKit's `UIScrollView`.

extension ScrollView {
    /// How `adjustedContentInset` takes the safe area into account (UIKit's
    /// `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Hashable, Sendable {
        /// As `.scrollableAxes` (UIKit adds what a navigation bar needs; there is none here).
        case automatic
        /// The safe area is added along the axes the content can scroll.
        case scrollableAxes
        /// The safe area is never added.
        case never
        /// The safe area is always added, on every edge.
        case always
    }

    /// What a drag does to editing (UIKit's `UIScrollView.KeyboardDismissMode`).
    public enum KeyboardDismissMode: Hashable, Sendable {
        /// A drag leaves editing alone.
        case none
        /// A drag that scrolls ends editing: the first responder resigns.
        case onDrag
        /// UIKit lets the finger pull an on-screen keyboard down; with no
        /// on-screen keyboard here, a drag leaves editing alone.
        case interactive
    }

    /// `contentInset` plus the safe area (`safeAreaInsets`) as
    /// `contentInsetAdjustmentBehavior` says: every edge with `.always`,
    /// the scrollable axes' edges with `.automatic` and `.scrollableAxes`,
    /// none with `.never`; while a refresh control refreshes, its height
    /// on top (S12, as UIKit's). Every clamp of the offset uses it.
    public var adjustedContentInset: EdgeInsets {
        var inset = contentInset
        inset.top += refreshInset
        let behavior = contentInsetAdjustmentBehavior
        if behavior == .never { return inset }
        let safe = safeAreaInsets
        if safe == .zero { return inset }
        var vertical = true, horizontal = true
        if behavior != .always {
            let size = contentSize, visible = bounds.size
            vertical = size.height > visible.height || alwaysBounceVertical
            horizontal = size.width > visible.width || alwaysBounceHorizontal
        }
        return EdgeInsets(
            top: inset.top + (vertical ? safe.top : 0), left: inset.left + (horizontal ? safe.left : 0),
            bottom: inset.bottom + (vertical ? safe.bottom : 0), right: inset.right + (horizontal ? safe.right : 0)
        )
    }

    // MARK: Scrolling to the top

    /// Scrolls the content to its top in an animation, as a tap on iOS's
    /// status bar does (the toolkit calls it): when `scrollsToTop` and the
    /// delegate's `scrollViewShouldScrollToTop(_:)` agree, and the content
    /// is not at the top already. The delegate hears
    /// `scrollViewDidScrollToTop(_:)` when it arrives.
    public func scrollToTop() {
        guard scrollsToTop else { return }
        if let delegate, !delegate.scrollViewShouldScrollToTop(self) { return }
        let top = Point(x: contentOffset.x, y: verticalRange.minimum)
        guard top != contentOffset else { return }
        setContentOffset(top, animated: true)
        // Set after the call: it cancels any earlier animation's claim.
        if motionKind == .animating { isScrollingToTop = true }
    }

    // MARK: Scroll indicators

    /// How long the indicators stay after a flash or after the content comes to rest, in seconds.
    static let indicatorLingerDuration = 0.5
    /// The indicators' thickness and their distance from the edges, in points (UIKit's).
    static let indicatorThickness = 3.0
    static let indicatorMargin = 3.0
    /// The shortest an indicator gets, in points.
    static let indicatorMinimumLength = 36.0

    /// Shows the scroll indicators for a moment (UIKit's
    /// `flashScrollIndicators()`), as after a scroll.
    public func flashScrollIndicators() {
        indicatorsShownUntil = currentTime + Self.indicatorLingerDuration
    }

    /// Whether the indicators show now: while the content is dragged or
    /// moves, and for `indicatorLingerDuration` after it rests or a flash.
    private var indicatorsShowing: Bool {
        isDragging || motionKind != .none || currentTime < indicatorsShownUntil
    }

    /// Where the vertical scroll indicator is, in the scroll view's own
    /// coordinates (it moves with the content offset), or nil while it does
    /// not show: off, the content not taller than the visible part, or
    /// nothing moving or flashing. The Demo draws it.
    public var verticalScrollIndicatorFrame: Rect? {
        guard showsVerticalScrollIndicator, indicatorsShowing else { return nil }
        let inset = adjustedContentInset
        let area = bounds
        guard let (start, length) = indicatorPlacement(
            visible: area.size.height - inset.top - inset.bottom, content: contentSize.height,
            offset: area.origin.y, range: verticalRange
        ) else { return nil }
        return Rect(
            x: area.maxX - inset.right - Self.indicatorMargin - Self.indicatorThickness,
            y: area.minY + inset.top + start, width: Self.indicatorThickness, height: length
        )
    }

    /// Where the horizontal scroll indicator is, in the scroll view's own
    /// coordinates, or nil while it does not show (as the vertical one).
    public var horizontalScrollIndicatorFrame: Rect? {
        guard showsHorizontalScrollIndicator, indicatorsShowing else { return nil }
        let inset = adjustedContentInset
        let area = bounds
        guard let (start, length) = indicatorPlacement(
            visible: area.size.width - inset.left - inset.right, content: contentSize.width,
            offset: area.origin.x, range: horizontalRange
        ) else { return nil }
        return Rect(
            x: area.minX + inset.left + start,
            y: area.maxY - inset.bottom - Self.indicatorMargin - Self.indicatorThickness,
            width: length, height: Self.indicatorThickness
        )
    }

    /// Where an indicator lies along its axis: its start from the visible
    /// part's leading edge and its length, or nil when the content fits.
    /// The track is the visible part less a margin at each end; the
    /// indicator's length is the visible share of the content (at least
    /// `indicatorMinimumLength`), and it moves along the track as the offset
    /// moves through `range`.
    private func indicatorPlacement(
        visible: Double, content: Double, offset: Double, range: (minimum: Double, maximum: Double)
    ) -> (start: Double, length: Double)? {
        guard visible > 0, content > visible else { return nil }
        let track = max(0, visible - 2 * Self.indicatorMargin)
        let length = min(track, max(Self.indicatorMinimumLength, track * visible / content))
        let progress = range.maximum > range.minimum
            ? min(1, max(0, (offset - range.minimum) / (range.maximum - range.minimum))) : 0
        return (Self.indicatorMargin + progress * (track - length), length)
    }
}
