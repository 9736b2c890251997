import InteractionKitCore

/// A view that shows part of a larger content and moves it under the
/// finger, as UIKit's `UIScrollView`: a drag scrolls, a flick decelerates at
/// UIKit's rates, an edge pulls like a rubber band and springs back, and a
/// touch on the content is held back until it is clear it is not a scroll.
///
/// The content is the scroll view's subviews, placed in content
/// coordinates; `contentSize` says how large it is, and `contentOffset`
/// (which is `bounds.origin`) which part shows. `clipsToBounds` is true:
/// what lies outside the bounds is not showing (screen readers hear so).
///
/// ```swift
/// let list = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 795))
/// list.contentSize = Size(width: 390, height: 60 * 40)
/// for row in 0..<40 {
///     list.addSubview(Button(title: "Row \(row)", frame: Rect(x: 0, y: Double(row) * 60, width: 390, height: 60)))
/// }
/// window.addSubview(list)
/// ```
///
/// Touches (rules S1, S5, S6 of the contract):
/// - A touch on the content is held for 0.15 s (`delaysContentTouches`). A
///   drag that starts within it scrolls, and the content never hears the
///   touch. A touch held longer goes to the content (if
///   `touchesShouldBegin(_:with:in:)` agrees); a drag after that cancels
///   the content's touch (`touchesCancelled`, a control's `touchCancel`)
///   when `canCancelContentTouches` and `touchesShouldCancel(in:)` allow —
///   by default a `Control` keeps its finger, and then nothing scrolls.
/// - A drag along an axis the scroll view cannot scroll leaves the touch to
///   an outer scroll view; with `isDirectionalLockEnabled`, a drag that
///   starts mostly along one axis moves along that axis only.
/// - A touch on a moving scroll stops it, and is not a tap on the content.
///
/// Motion (S2–S4), on a `DisplayLink`, so tests step it with
/// `Window.advanceTime(to:)`: after a drag the offset decelerates from the
/// lift's velocity (multiplied by `decelerationRate` every millisecond,
/// stopping under 0.1 points per second or at an edge); past an edge it
/// moves at UIKit's rubber-band rate and springs back within 0.5 s
/// (`bounces`); with `isPagingEnabled` it rests on a multiple of the bounds
/// size. Nothing is scheduled while the content rests.
///
/// The delegate hears it all (`ScrollViewDelegate`), and may re-enter from
/// any call: set the offset, start or stop a scroll, remove the view.
///
/// Keyboard scrolling and scrolling a focused item into view (rule S7) come
/// with the keyboard and focus work; `scrollRectToVisible(_:animated:)` is
/// what they will call.
open class ScrollView: View, AccessibilityScrollContainer {
    /// How long a touch on the content is held back before the content
    /// hears it, in seconds (UIKit's 150 ms).
    public static let contentTouchDelay = 0.15

    // MARK: Stored state

    private let pan = ScrollViewPanGestureRecognizer()
    private let delayRecognizer = ScrollViewDelayedTouchesRecognizer()

    /// The size of the content, in points; zero by default.
    ///
    /// A non-finite component is refused (the size keeps its value); a
    /// negative one counts as zero.
    public var contentSize: Size {
        get { storedContentSize }
        set {
            let oldValue = storedContentSize
            let width = newValue.width.isFinite ? max(0, newValue.width) : oldValue.width
            let height = newValue.height.isFinite ? max(0, newValue.height) : oldValue.height
            storedContentSize = Size(width: width, height: height)
            contentMobilityMayHaveChanged()
        }
    }
    private var storedContentSize: Size = .zero

    /// Extra room around the content, in points, as UIKit's: the offset
    /// may go from `-left` (or `-top`) to the content's size plus `right`
    /// (or `bottom`) minus the bounds. Zero by default; a non-finite inset
    /// is refused (it keeps its value).
    public var contentInset: EdgeInsets {
        get { storedContentInset }
        set {
            guard newValue.top.isFinite && newValue.left.isFinite && newValue.bottom.isFinite && newValue.right.isFinite else {
                return
            }
            storedContentInset = newValue
            dragInsetMayHaveChanged()
            contentMobilityMayHaveChanged()
        }
    }
    private var storedContentInset: EdgeInsets = .zero

    /// The pull-to-refresh control above the content (UIKit's
    /// `refreshControl`); nil by default. Setting one makes it a subview
    /// behind the content, the one it replaces leaving.
    public var refreshControl: RefreshControl? {
        get { storedRefreshControl }
        set {
            guard newValue !== storedRefreshControl else { return }
            if let old = storedRefreshControl, old.superview === self {
                old.removeFromSuperview()
                old.scrollView = nil
            }
            storedRefreshControl = newValue
            guard let control = newValue else { return }
            control.scrollView?.refreshControl = nil
            _ = insertSubview(control, at: 0)
            control.scrollView = self
            placeRefreshControl()
        }
    }
    private var storedRefreshControl: RefreshControl?

    /// The object told about scrolling; held weakly.
    public var delegate: (any ScrollViewDelegate)? {
        get { storedDelegate }
        set { storedDelegate = newValue }
    }
    private weak var storedDelegate: (any ScrollViewDelegate)?

    /// Whether a drag scrolls; true by default. Turning it off disables
    /// `panGestureRecognizer` (a drag in progress is cancelled), as in UIKit;
    /// code may still set the offset.
    public var isScrollEnabled = true {
        didSet {
            pan.isEnabled = isScrollEnabled
            contentMobilityMayHaveChanged()
        }
    }

    /// Whether the scroll rests on multiples of the bounds size (S4); false by default.
    public var isPagingEnabled = false
    /// Whether a drag past an edge pulls like a rubber band and springs back
    /// (S3); true by default. Off, the content stops at its edges.
    public var bounces: Bool {
        get { storedBounces }
        set { storedBounces = newValue }
    }
    private var storedBounces = true
    /// Whether a vertical drag pulls the content even when it is not taller
    /// than the bounds (with `bounces`); false by default.
    public var alwaysBounceVertical = false
    /// Whether a horizontal drag pulls the content even when it is not wider
    /// than the bounds (with `bounces`); false by default.
    public var alwaysBounceHorizontal = false
    /// Whether a drag that starts mostly along one axis moves along that
    /// axis only (S5); false by default. A diagonal start moves freely.
    public var isDirectionalLockEnabled = false
    /// Whether a touch on the content is held back for 0.15 s, until it is
    /// clear it is not a scroll (S1); true by default. Off, the content
    /// hears the touch at once (`touchesShouldBegin(_:with:in:)` permitting).
    public var delaysContentTouches = true
    /// Whether a drag may take a touch the content already tracks (S1):
    /// the content gets `touchesCancelled` and the drag scrolls; true by
    /// default. Off, once the content tracks a finger, nothing scrolls.
    public var canCancelContentTouches = true
    /// How quickly the content slows down after a flick; `.normal` by default.
    public var decelerationRate: DecelerationRate = .normal

    /// How the safe area adds to `contentInset` in `adjustedContentInset`
    /// (UIKit's); `.automatic` by default.
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet {
            dragInsetMayHaveChanged()
            contentMobilityMayHaveChanged()
        }
    }
    /// Whether a drag ends editing (UIKit's `keyboardDismissMode`); `.none` by default.
    public var keyboardDismissMode: KeyboardDismissMode = .none
    /// Whether `scrollToTop()` (what a tap on the status bar does on iOS)
    /// scrolls this view; true by default.
    public var scrollsToTop = true
    /// Whether the vertical scroll indicator shows while the content moves; true by default.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal scroll indicator shows while the content moves; true by default.
    public var showsHorizontalScrollIndicator = true
    /// Until when (window time) the indicators show after a flash or the end of a scroll.
    var indicatorsShownUntil = -Double.infinity
    /// Whether the animation in progress is `scrollToTop()`'s.
    var isScrollingToTop = false

    /// The recognizer that drags the content. Add failure requirements to
    /// it, as in UIKit; its delegate and its decisions are the scroll view's.
    public var panGestureRecognizer: PanGestureRecognizer { pan }

    /// Whether a finger is on the scroll view (it may not have started
    /// dragging yet); it stays true through `scrollViewDidEndDragging`.
    public var isTracking: Bool {
        if case .idle = touchPhase { return false }
        return true
    }
    /// Whether a drag moves the content; false again by `scrollViewDidEndDragging`.
    public var isDragging: Bool {
        if case .dragging = touchPhase { return true }
        return false
    }
    /// Whether the content moves on its own after a drag (a deceleration, a
    /// bounce back, a page settling).
    public var isDecelerating: Bool { motionKind == .decelerating }

    /// The touch sequence on the scroll view: no finger, fingers down, or a
    /// drag, each case holding what it needs (ScrollView+Dragging.swift).
    var touchPhase = ScrollTouchPhase.idle
    /// Counts drags and interruptions of them: a delegate call that
    /// re-enters (ends the drag, starts another) is noticed after it returns.
    var dragSerial: UInt64 = 0

    // Motion state: set when a motion starts, read on every frame.
    var motionKind = MotionKind.none
    var horizontalMotion = ScrollAxisMotion()
    var verticalMotion = ScrollAxisMotion()
    /// Counts motions started and stopped: a frame notices when a delegate
    /// call made from it stopped or replaced its motion.
    var motionSerial: UInt64 = 0
    /// Whether the delegate heard `scrollViewWillBeginDecelerating` for the
    /// motion in progress: only then does it hear `…DidEndDecelerating` (R4-8).
    var decelerationAnnounced = false
    /// The frame clock of the motion, made on first use for this view's
    /// window, paused while nothing moves.
    var displayLink: DisplayLink?
    /// The `windowSerial` of the window `displayLink` runs on.
    var displayLinkWindowSerial: UInt64 = 0

    // Zoom state (S10, ScrollView+Zooming.swift).
    var zoom = ScrollZoom()
    /// The pinch that zooms, attached while the zoom range is wider than one value.
    var zoomPinch: ScrollViewPinchGestureRecognizer?

    /// What moves the content on its own.
    enum MotionKind: Equatable {
        case none
        /// After a drag: deceleration, bounce back, a page settling.
        case decelerating
        /// An animated `setContentOffset` or `scrollRectToVisible`.
        case animating
        /// A zoom settling into its range after a pinch, or an animated
        /// `setZoomScale` or `zoom(to:animated:)`: the scale moves with the offset.
        case zooming
    }

    /// One of the two axes.
    enum Axis {
        case horizontal, vertical
    }

    // MARK: Life

    /// Creates a scroll view; it clips to its bounds and has its pan
    /// (`panGestureRecognizer`) and its delayed-touches recognizer attached.
    override public init(frame: Rect = .zero) {
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == ScrollView.self
        clipsToBounds = true
        pan.scrollView = self
        pan.name = "scroll-view-pan"
        delayRecognizer.scrollView = self
        delayRecognizer.name = "scroll-view-delayed-touches"
        addGestureRecognizer(pan)
        addGestureRecognizer(delayRecognizer)
    }

    // The recognizers point back here unowned; the link's action captures
    // this view unowned and must never run again.
    isolated deinit {
        displayLink?.invalidate()
        pan.scrollView = nil
        delayRecognizer.scrollView = nil
        zoomPinch?.scrollView = nil
    }

    /// Leaving the window (or moving to another) ends any motion where it
    /// would have come to rest, and lets go of the frame clock: nothing
    /// stays scheduled for a view that is gone.
    override open func didMoveToWindow() {
        super.didMoveToWindow()
        guard displayLink != nil || motionKind != .none else { return }
        if windowSerial == displayLinkWindowSerial && windowSerial != 0 { return }
        finishMotionAtRest()
        // The delegate, told the motion ended, may have put the view in a
        // window again and started another motion there: that link stays.
        guard displayLinkWindowSerial != windowSerial || windowSerial == 0 else { return }
        displayLink?.invalidate()
        displayLink = nil
        displayLinkWindowSerial = 0
    }

    // MARK: Offset

    /// Where the content's origin is in the scroll view: `bounds.origin`.
    ///
    /// Setting it moves the content at once (a motion in progress stops),
    /// wherever the value lies, as in UIKit; a non-finite value is refused.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the content to `offset`, at once or in a 0.3 s animation that
    /// ends with `scrollViewDidEndScrollingAnimation`. A motion in progress
    /// stops first (its delegate hears it end). A non-finite offset is refused.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.isFinite else { return }
        // An animation to the top that code replaces ends as any other animation does.
        isScrollingToTop = false
        stopMotion()
        if case .dragging(var drag) = touchPhase {
            // The drag goes on from here: the finger's translation so far maps to the new offset.
            let moved = dragTranslation(drag)
            drag.start = Point(x: offset.x + moved.x, y: offset.y + moved.y)
            touchPhase = .dragging(drag)
        }
        guard animated, !isDragging, offset != contentOffset else {
            // Nothing animates to where the content already is: no one is told.
            let moves = offset != contentOffset
            applyOffset(offset)
            if animated && moves { delegate?.scrollViewDidEndScrollingAnimation(self) }
            return
        }
        let start = currentTime
        let duration = ScrollViewPhysics.animationDuration
        let from = contentOffset
        horizontalMotion.phase = .easing(start: start, from: from.x, to: offset.x, duration: duration)
        verticalMotion.phase = .easing(start: start, from: from.y, to: offset.y, duration: duration)
        startMotion(.animating)
    }

    /// Scrolls as little as needed for `rect` (in the scroll view's own
    /// coordinates: the content's) to show inside the bounds less
    /// `contentInset`; a rect larger than that shows its top-left part. Does
    /// nothing when it already shows, or for a non-finite rect; never
    /// scrolls past the content's edges.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard rect.origin.isFinite, rect.size.width.isFinite, rect.size.height.isFinite else { return }
        let offset = contentOffset
        let size = bounds.size
        let inset = adjustedContentInset
        let x = Self.revealingOffset(
            current: offset.x, visible: size.width, leading: inset.left, trailing: inset.right,
            minimum: rect.minX, maximum: rect.maxX
        )
        let y = Self.revealingOffset(
            current: offset.y, visible: size.height, leading: inset.top, trailing: inset.bottom,
            minimum: rect.minY, maximum: rect.maxY
        )
        let target = clampedOffset(Point(x: x, y: y))
        guard target != offset else { return }
        setContentOffset(target, animated: animated)
    }

    /// The offset along one axis that shows `minimum…maximum` within the
    /// visible span, moving as little as possible.
    private static func revealingOffset(
        current: Double, visible: Double, leading: Double, trailing: Double, minimum: Double, maximum: Double
    ) -> Double {
        let span = visible - leading - trailing
        let shownFrom = current + leading
        if maximum - minimum > span || minimum < shownFrom { return minimum - leading }
        if maximum > shownFrom + span { return maximum - span - leading }
        return current
    }

    /// The content moves: bounds and the delegate, without stopping a motion.
    func applyOffset(_ offset: Point) {
        guard offset.isFinite else { return }
        var area = bounds
        guard area.origin != offset else { return }
        area.origin = offset
        bounds = area
        contentOffsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    /// Called when the content moved, before the delegate hears it: a
    /// subclass that places its content by the visible area (a table's
    /// rows) places it here.
    func contentOffsetDidChange() {}

    // MARK: Extent

    /// The offsets the content may rest at along the x axis.
    var horizontalRange: (minimum: Double, maximum: Double) {
        let inset = adjustedContentInset
        return Self.range(content: contentSize.width, visible: bounds.size.width, leading: inset.left, trailing: inset.right)
    }

    /// The offsets the content may rest at along the y axis.
    var verticalRange: (minimum: Double, maximum: Double) {
        let inset = adjustedContentInset
        return Self.range(content: contentSize.height, visible: bounds.size.height, leading: inset.top, trailing: inset.bottom)
    }

    static func range(content: Double, visible: Double, leading: Double, trailing: Double) -> (minimum: Double, maximum: Double) {
        let minimum = -leading
        let maximum = content + trailing - visible
        guard minimum.isFinite else { return (0, 0) }
        return (minimum, maximum.isFinite ? max(minimum, maximum) : minimum)
    }

    /// `offset` held within the content's edges.
    func clampedOffset(_ offset: Point) -> Point {
        let horizontal = horizontalRange, vertical = verticalRange
        return Point(
            x: min(max(offset.x, horizontal.minimum), horizontal.maximum),
            y: min(max(offset.y, vertical.minimum), vertical.maximum)
        )
    }

    /// Whether a drag may move the content horizontally: it is wider than
    /// the bounds, or `alwaysBounceHorizontal` with `bounces`.
    var canScrollHorizontally: Bool {
        let range = horizontalRange
        return range.maximum > range.minimum || (bounces && alwaysBounceHorizontal)
    }

    /// Whether a drag may move the content vertically: it is taller than
    /// the bounds, or `alwaysBounceVertical` with `bounces`.
    var canScrollVertically: Bool {
        let range = verticalRange
        return range.maximum > range.minimum || (bounces && alwaysBounceVertical)
    }

    /// The window's time, or 0 outside one.
    var currentTime: Double { window?.currentTime ?? 0 }

    // MARK: Content touches

    /// Whether to deliver touches to a view of the content, asked when a
    /// held touch is released to it (after 0.15 s, on a lift before that,
    /// or at once without `delaysContentTouches`); true by default. False
    /// keeps the touches from the content altogether.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
        true
    }

    /// Whether a drag may cancel the touches a view of the content already
    /// tracks, and scroll: true by default, false for a `Control` (it keeps
    /// its finger), as UIKit's. Asked only when `canCancelContentTouches`.
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control)
    }

    // MARK: Keys (S7)

    /// How far an arrow key scrolls, in points (GTK scrolls a step, UIKit's
    /// hardware keyboard about 40 points).
    public static let arrowKeyScrollDistance = 40.0

    /// A scroll view the content can move in, and that holds nothing the
    /// keyboard can focus, takes the keyboard's focus itself, and then
    /// scrolls with the arrows, Page Up/Down and Home/End (S7). With
    /// focusable content, the focus goes to the content instead, and each
    /// focus move scrolls the focused item into view (as GTK's scrolled
    /// window lets its children take the focus).
    ///
    /// The scroll view tells the focus system when its own half of the
    /// answer changes (scrolling turned on or off, the content or its insets
    /// resized, the bounds resized), so a focused scroll view that can no
    /// longer be focused hands the focus on and one that can is reached by
    /// Tab (rule K4); content added or hidden reaches it through the engine.
    override open var canBecomeFocused: Bool {
        guard contentCanMove else { return false }
        var stack = subviews
        while let view = stack.popLast() {
            if view.isHidden { continue }
            if view.canBecomeFocused || view.focusItems != nil { return false }
            stack.append(contentsOf: view.subviews)
        }
        return true
    }

    /// Whether scrolling is on and the content (with its insets) is larger
    /// than the bounds along an axis: the scroll view's own half of `canBecomeFocused`.
    private var contentCanMove: Bool {
        isScrollEnabled
            && (horizontalRange.maximum > horizontalRange.minimum || verticalRange.maximum > verticalRange.minimum)
    }

    /// `contentCanMove` as the focus system was last told it.
    private var toldContentCanMove = false

    /// Tells the focus system when `contentCanMove` changed (rule K4).
    private func contentMobilityMayHaveChanged() {
        let canMove = contentCanMove
        guard canMove != toldContentCanMove else { return }
        toldContentCanMove = canMove
        focusabilityDidChange()
    }

    /// A new size may let the content fit, or no longer fit: the focus system is told.
    override open func layoutSubviews() {
        super.layoutSubviews()
        placeRefreshControl()
        contentMobilityMayHaveChanged()
    }

    /// While the scroll view itself is focused (or the first responder),
    /// the arrows scroll it by `arrowKeyScrollDistance`, Page Up and Page
    /// Down by a page, Home and End to its top and bottom (its left and
    /// right edges when it scrolls only sideways), with Ctrl too; other keys
    /// go on up the chain.
    ///
    /// Keys that bubble up from a focused view inside it (S9, GTK's
    /// scrolled window): Page Up/Down, Ctrl-Home/End and Ctrl with the
    /// arrows scroll it when it can move that way, else they go on up to an
    /// enclosing scroll view; plain arrows, Home and End stay the focus's.
    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        let ownKeys = isFocused || isFirstResponder
        // One press at a time, as the window delivers them: no set is made.
        if presses.count == 1, let press = presses.first {
            if !scroll(for: press, ownKeys: ownKeys) { super.pressesBegan(presses, with: event) }
            return
        }
        var unhandled: Set<Press> = []
        for press in presses where !scroll(for: press, ownKeys: ownKeys) { unhandled.insert(press) }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    /// Scrolls for one key going down; returns whether the key was taken:
    /// any scrolling key while the scroll view has the keys (`ownKeys`),
    /// else only a bubbling one that moved the content.
    private func scroll(for press: Press, ownKeys: Bool) -> Bool {
        guard let key = press.key else { return false }
        let modifiers = key.modifierFlags.matchingKeyCommands
        guard modifiers.isEmpty || modifiers == .control else { return false }
        let control = modifiers == .control
        let inset = adjustedContentInset
        let pageHeight = max(0, bounds.size.height - inset.top - inset.bottom)
        let pageWidth = max(0, bounds.size.width - inset.left - inset.right)
        let step = Self.arrowKeyScrollDistance
        let vertical = verticalRange.maximum > verticalRange.minimum || !(horizontalRange.maximum > horizontalRange.minimum)
        var target = contentOffset
        switch key.keyCode {
        case .keyboardUpArrow, .keyboardDownArrow, .keyboardLeftArrow, .keyboardRightArrow, .keyboardHome, .keyboardEnd:
            // Plain, these move the focus when it is inside.
            guard ownKeys || control else { return false }
        case .keyboardPageUp, .keyboardPageDown:
            break
        default:
            return false
        }
        switch key.keyCode {
        case .keyboardUpArrow: target.y -= step
        case .keyboardDownArrow: target.y += step
        case .keyboardLeftArrow: target.x -= step
        case .keyboardRightArrow: target.x += step
        case .keyboardPageUp: if vertical { target.y -= pageHeight } else { target.x -= pageWidth }
        case .keyboardPageDown: if vertical { target.y += pageHeight } else { target.x += pageWidth }
        case .keyboardHome: if vertical { target.y = verticalRange.minimum } else { target.x = horizontalRange.minimum }
        default: if vertical { target.y = verticalRange.maximum } else { target.x = horizontalRange.maximum }
        }
        let clamped = clampedOffset(target)
        let moves = clamped != contentOffset && (ownKeys || isScrollEnabled)
        if moves { setContentOffset(clamped, animated: false) }
        return ownKeys || moves
    }

    // MARK: Accessibility

    /// Pages the content for a screen reader's scroll gesture (see
    /// `AccessibilityScrollDirection`): by the bounds less the insets,
    /// never past the edges, at once; false when it cannot move that way.
    override open func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool {
        let inset = adjustedContentInset
        let pageWidth = max(0, bounds.size.width - inset.left - inset.right)
        let pageHeight = max(0, bounds.size.height - inset.top - inset.bottom)
        var delta = Point.zero
        switch direction {
        case .up: delta.y = pageHeight
        case .down: delta.y = -pageHeight
        case .left: delta.x = pageWidth
        case .right: delta.x = -pageWidth
        case .next, .previous:
            let sign = direction == .next ? 1.0 : -1.0
            if canScrollVertically || !canScrollHorizontally {
                delta.y = sign * pageHeight
            } else {
                delta.x = sign * pageWidth
            }
        }
        return scrollContent(by: delta)
    }

    // MARK: Scroll container

    /// The bounds less the content insets, in window coordinates: where
    /// the content shows (also its `accessibilityVisibleFrame`).
    public var visibleContentFrame: Rect {
        let inset = adjustedContentInset
        let area = bounds
        let shown = Rect(
            x: area.minX + inset.left, y: area.minY + inset.top,
            width: max(0, area.width - inset.left - inset.right), height: max(0, area.height - inset.top - inset.bottom)
        )
        return convert(shown, to: nil)
    }

    /// Moves the content by `delta`, held within its edges, at once (a
    /// motion in progress stops); returns whether it moved. Bringing a
    /// focused item into view and a screen reader's `ScrollTo` both come
    /// here (`accessibilityScrollContent(by:)` forwards to it).
    public func scrollContent(by delta: Point) -> Bool {
        guard delta.isFinite else { return false }
        let offset = contentOffset
        let target = clampedOffset(Point(x: offset.x + delta.x, y: offset.y + delta.y))
        guard target != offset else { return false }
        setContentOffset(target, animated: false)
        return true
    }
}
