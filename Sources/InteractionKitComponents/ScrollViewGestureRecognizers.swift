import InteractionKitCore

/// The scroll view's pan: an ordinary `PanGestureRecognizer` whose
/// decisions (may it begin? what does a change do?) are the scroll view's.
///
/// It reports to its scroll view through overridden hooks, not actions, so
/// a drag's move calls no closure (see Design.md, "Iteration, exclusivity, and
/// what keeps the hot path cheap").
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    // Exclusivity unchecked: storing an unowned reference releases the old
    // one inside the access, so the compiler cannot prove it exclusive; it
    // is read on every move of a drag (Bench, --scroll-drag) and set only
    // when the scroll view is made and freed.
    /// The scroll view that owns this recognizer. Unowned: it clears this in
    /// its `deinit`, so the recognizer never reads a freed view.
    @exclusivity(unchecked) unowned var scrollView: ScrollView?

    /// The first finger down tells the scroll view (a touch catches a
    /// moving scroll, and starts tracking).
    override func touchBegan(_ touch: Touch, with event: Event) {
        super.touchBegan(touch, with: event)
        if numberOfTouches == 1 { scrollView?.firstTouchWentDown(touch) }
    }

    /// The scroll view decides: enabled, the content's touch may be
    /// cancelled, and the drag runs along an axis it scrolls (S1, S6).
    override func shouldBegin() -> Bool {
        scrollView?.panShouldBegin() ?? false
    }

    /// Began, changed, ended or cancelled: the scroll view drags.
    override func stateDidChange(from oldState: State) {
        scrollView?.panStateDidChange()
    }

    /// Its touches are all gone.
    override func reset() {
        super.reset()
        scrollView?.touchesDidFinish()
    }

    /// Not its own scroll view's pinch: a drag and a zoom go on together,
    /// as in UIKit (the pinch then moves the content, S10).
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let pinch = other as? ScrollViewPinchGestureRecognizer, pinch.scrollView === scrollView else {
            return super.canPrevent(other)
        }
        return false
    }
}

/// Holds a touch on the scroll view's content for 0.15 s
/// (`ScrollView.delaysContentTouches`), UIKit's
/// `UIScrollViewDelayedTouchesBeganGestureRecognizer` idea on the engine's
/// public rules (G8): with `delaysTouchesBegan` the content's
/// `touchesBegan` waits until this recognizer fails.
///
/// - A drag within the delay begins the pan, which fails this recognizer and
///   cancels the touch for the content (`cancelsTouchesInView`): the content
///   never hears it.
/// - When the delay runs out, or the finger lifts first, the scroll view's
///   `touchesShouldBegin(_:with:in:)` is asked: yes fails this recognizer
///   and the content hears the touch begin (and, on a lift, end at once);
///   no makes it recognize, and the content never hears the touch.
/// - A touch that catches a moving scroll recognizes at once: it stops the
///   scroll and is not a tap on the content.
///
/// It never stops a scroll view's pan or another scroll view's delay
/// (`canPrevent(_:)`), only the content's own recognizers when it swallows
/// a touch.
final class ScrollViewDelayedTouchesRecognizer: GestureRecognizer {
    /// The scroll view that owns this recognizer (unowned, cleared in its `deinit`).
    unowned var scrollView: ScrollView?
    private var delayTimer: TimerToken?

    override init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = true
    }

    /// Discrete: it recognizes once, when it swallows a touch.
    override var isContinuous: Bool { false }

    /// Only the first finger of a touch sequence: fingers that join it
    /// reach the content directly, as they would once it has decided.
    override func shouldReceive(_ touch: Touch) -> Bool {
        state == .possible && scrollView?.isTracking != true
    }

    /// Once it has decided (the content has the touch, or never will), the
    /// rest of the touch is none of its business: it stops receiving it,
    /// so a drag's moves reach the pan alone.
    override func stateDidChange(from oldState: State) {
        if state == .failed || state == .ended { abandonTouches() }
    }

    override func touchBegan(_ touch: Touch, with event: Event) {
        guard numberOfTouches == 1 else { return }
        guard let scrollView else {
            state = .failed
            return
        }
        if scrollView.takeCaughtTouch() {
            state = .ended
            return
        }
        if scrollView.delaysContentTouches {
            delayTimer = scheduleTimer(after: ScrollView.contentTouchDelay)
        } else {
            decide()
        }
    }

    override func timerFired(_ token: TimerToken) {
        guard token == delayTimer else { return }
        delayTimer = nil
        decide()
    }

    /// A lift within the delay: the content hears the touch now (began,
    /// then ended), if the scroll view agrees.
    override func touchEnded(_ touch: Touch, with event: Event) {
        decide()
    }

    /// Asks the scroll view whether the content may hear the touches.
    private func decide() {
        guard state == .possible else { return }
        cancelTimer(delayTimer)
        delayTimer = nil
        guard let scrollView, scrollView.contentShouldReceive(trackedTouches) else {
            state = .ended
            return
        }
        state = .failed
    }

    override func reset() {
        super.reset()
        cancelTimer(delayTimer)
        delayTimer = nil
    }

    /// Never a scroll view's pan or delay: swallowing a touch stops only
    /// the content's own gestures.
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        !(other is ScrollViewPanGestureRecognizer) && !(other is ScrollViewDelayedTouchesRecognizer)
    }
}

/// The scroll view's pinch (S10): an ordinary `PinchGestureRecognizer`
/// whose decisions are the scroll view's. It exists only while the zoom
/// range is wider than one value (`ScrollView.pinchGestureRecognizer`).
final class ScrollViewPinchGestureRecognizer: PinchGestureRecognizer {
    /// The scroll view that owns this recognizer (unowned, cleared in its `deinit` and when it lets the pinch go).
    unowned var scrollView: ScrollView?

    /// A pinch begins only when the delegate names a view to zoom.
    override func shouldBegin() -> Bool {
        scrollView?.pinchShouldBegin() ?? false
    }

    /// Began, changed, ended or cancelled: the scroll view zooms.
    override func stateDidChange(from oldState: State) {
        scrollView?.pinchStateDidChange(self)
    }

    /// Not its own scroll view's pan: a zoom and a drag go on together.
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let pan = other as? ScrollViewPanGestureRecognizer, pan.scrollView === scrollView else {
            return super.canPrevent(other)
        }
        return false
    }
}
