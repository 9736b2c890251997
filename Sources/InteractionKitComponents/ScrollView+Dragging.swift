import InteractionKitCore

// How a drag travels through a scroll view (Design.md, "A drag in a scroll
// view"): the pan's hooks call in here; the drag's state is one value,
// `ScrollTouchPhase`, in the scroll view's `touchPhase`.

/// Where a touch sequence on a scroll view stands.
enum ScrollTouchPhase {
    /// No finger is on the scroll view.
    case idle
    /// Fingers are down and not dragging: before the pan begins, or after
    /// its drag ended while they stay down.
    case tracking(ScrollTouchFacts)
    /// A drag moves the content.
    case dragging(ScrollDrag)
}

/// What the scroll view knows of the touch before it drags.
struct ScrollTouchFacts {
    /// The touch was held back and then given to the content (it heard
    /// `touchesBegan`), so a drag must cancel it (S1).
    var contentHeardTouch = false
    /// The touch caught a moving scroll: it is no tap on the content.
    var caughtMotion = false
}

/// A drag in progress: set when it begins, read on every move.
struct ScrollDrag {
    /// Where the content was when the drag began, as the finger sees it
    /// (a start past an edge is un-banded, so the drag continues smoothly).
    var start = Point.zero
    /// `adjustedContentInset` as the drag bands against it: taken when it
    /// begins and whenever an inset changes meanwhile (a refresh control's).
    var inset = EdgeInsets.zero
    /// The pan's translation when the drag began: the content follows the
    /// finger from there, without jumping the pan's 10-point start.
    var baseline = Point.zero
    /// The axis a directional lock holds the drag to, if any.
    var lockedAxis: ScrollView.Axis?
    /// Whether each axis may be dragged, fixed when the drag begins.
    var horizontally = false
    var vertically = false
}

extension ScrollView {
    // MARK: Touches

    /// The first finger of a touch sequence went down: tracking starts, and
    /// a moving scroll stops where it is (the touch is then no tap on the content).
    func firstTouchWentDown(_ touch: Touch) {
        let caught = motionKind != .none
        touchPhase = .tracking(ScrollTouchFacts(contentHeardTouch: false, caughtMotion: caught))
        if caught { stopMotion() }
    }

    /// Whether the touch now going down caught a moving scroll; asked once,
    /// by the delayed-touches recognizer, which then swallows the touch.
    func takeCaughtTouch() -> Bool {
        guard case .tracking(var facts) = touchPhase, facts.caughtMotion else { return false }
        facts.caughtMotion = false
        touchPhase = .tracking(facts)
        return true
    }

    /// Whether held touches may reach the content now: asks
    /// `touchesShouldBegin(_:with:in:)` for a touch on a view of the content
    /// (a touch on the scroll view itself needs no asking).
    func contentShouldReceive(_ touches: [Touch]) -> Bool {
        guard let first = touches.first, let view = first.view, view !== self, view.isDescendant(of: self) else {
            return true
        }
        guard touchesShouldBegin(Set(touches), with: nil, in: view) else { return false }
        if case .tracking(var facts) = touchPhase {
            facts.contentHeardTouch = true
            touchPhase = .tracking(facts)
        }
        return true
    }

    /// Every finger lifted: tracking ends; content left past an edge (a
    /// touch caught a bounce, code moved it) springs back.
    func touchesDidFinish() {
        // A drag that a re-entrant delegate left unended stays the drag's to end.
        if case .dragging = touchPhase { return }
        touchPhase = .idle
        guard motionKind == .none, window != nil, bounces else { return }
        let offset = contentOffset
        let rest = clampedOffset(offset)
        guard rest != offset else { return }
        horizontalMotion.phase = springBack(from: offset.x, to: rest.x, velocity: 0)
        verticalMotion.phase = springBack(from: offset.y, to: rest.y, velocity: 0)
        startMotion(.decelerating)
        // No drag ended, but the content moves on its own: the delegate hears it begin, as after a drag.
        announceDeceleration(serial: motionSerial)
    }

    // MARK: The pan's decisions

    /// Whether the pan may begin: scrolling is on, the content's touch (if
    /// it heard one) may be cancelled (S1), and the drag runs along an axis
    /// this scroll view scrolls, else an outer one may take it (S6).
    func panShouldBegin() -> Bool {
        guard isScrollEnabled else { return false }
        if case .tracking(let facts) = touchPhase, facts.contentHeardTouch,
           let view = panGestureRecognizer.trackedTouches.first?.view, view !== self {
            guard canCancelContentTouches, touchesShouldCancel(in: view) else { return false }
        }
        let horizontal = canScrollHorizontally, vertical = canScrollVertically
        let moved = panGestureRecognizer.translation(in: nil)
        if abs(moved.x) > abs(moved.y) { return horizontal }
        if abs(moved.y) > abs(moved.x) { return vertical }
        return horizontal || vertical
    }

    /// The pan changed state: the drag begins, follows, or ends.
    func panStateDidChange() {
        switch panGestureRecognizer.state {
        case .began: beginDragging()
        case .changed: continueDragging()
        case .ended: endDragging(cancelled: false)
        case .cancelled: endDragging(cancelled: true)
        case .possible, .failed: break
        }
    }

    // MARK: Dragging

    /// The finger's translation since the drag began, with a locked axis
    /// (S5) or one that does not scroll held at zero.
    func dragTranslation(_ drag: ScrollDrag) -> Point {
        let moved = panGestureRecognizer.translation(in: nil)
        var delta = Point(x: moved.x - drag.baseline.x, y: moved.y - drag.baseline.y)
        if !delta.isFinite { delta = .zero }
        if drag.lockedAxis == .vertical || !drag.horizontally { delta.x = 0 }
        if drag.lockedAxis == .horizontal || !drag.vertically { delta.y = 0 }
        return delta
    }

    /// An inset changed: a drag in progress bands against the new one.
    func dragInsetMayHaveChanged() {
        guard case .dragging(var drag) = touchPhase else { return }
        drag.inset = adjustedContentInset
        touchPhase = .dragging(drag)
    }

    private func beginDragging() {
        stopMotion()
        dragSerial &+= 1
        let serial = dragSerial
        var drag = ScrollDrag()
        drag.horizontally = canScrollHorizontally
        drag.vertically = canScrollVertically
        drag.baseline = panGestureRecognizer.translation(in: nil)
        if !drag.baseline.isFinite { drag.baseline = .zero }
        if isDirectionalLockEnabled && drag.horizontally && drag.vertically {
            // "Mostly along one axis": twice as far along it as across (within about 27°).
            if abs(drag.baseline.x) > 2 * abs(drag.baseline.y) {
                drag.lockedAxis = .horizontal
            } else if abs(drag.baseline.y) > 2 * abs(drag.baseline.x) {
                drag.lockedAxis = .vertical
            }
        }
        // A drag that starts past an edge (it caught a bounce) continues
        // from where the finger would have been for the content to show there.
        let offset = contentOffset
        let horizontal = horizontalRange, vertical = verticalRange
        drag.inset = adjustedContentInset
        drag.start = Point(
            x: Self.unbanded(offset.x, range: horizontal, dimension: bounds.size.width),
            y: Self.unbanded(offset.y, range: vertical, dimension: bounds.size.height)
        )
        touchPhase = .dragging(drag)
        delegate?.scrollViewWillBeginDragging(self)
        guard serial == dragSerial, isDragging else { return }
        // A drag that scrolls ends editing (S11): the first responder resigns.
        if keyboardDismissMode == .onDrag, let responder = window?.firstResponder { responder.resignFirstResponder() }
    }

    /// The content follows the finger, banded past the edges (S3).
    private func continueDragging() {
        // While a pinch zooms, it moves the content (the fingers' centre keeps its point).
        guard case .dragging(let drag) = touchPhase, !zoom.isZooming else { return }
        let delta = dragTranslation(drag)
        // The bounds read once: every move of a drag comes through here.
        var area = bounds
        var offset = area.origin
        let inset = drag.inset
        if drag.horizontally {
            let range = Self.range(content: contentSize.width, visible: area.size.width,
                                   leading: inset.left, trailing: inset.right)
            offset.x = banded(drag.start.x - delta.x, range: range, dimension: area.size.width)
        }
        if drag.vertically {
            let range = Self.range(content: contentSize.height, visible: area.size.height,
                                   leading: inset.top, trailing: inset.bottom)
            offset.y = banded(drag.start.y - delta.y, range: range, dimension: area.size.height)
        }
        guard offset.isFinite, offset != area.origin else { return }
        area.origin = offset
        bounds = area
        contentOffsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    /// Where the content shows when the finger has pulled it to `raw`: the
    /// rubber band past an edge (UIKit's formula), or the edge itself without `bounces`.
    private func banded(_ raw: Double, range: (minimum: Double, maximum: Double), dimension: Double) -> Double {
        if raw < range.minimum {
            return bounces ? range.minimum - ScrollViewPhysics.rubberBand(range.minimum - raw, dimension: dimension) : range.minimum
        }
        if raw > range.maximum {
            return bounces ? range.maximum + ScrollViewPhysics.rubberBand(raw - range.maximum, dimension: dimension) : range.maximum
        }
        return raw
    }

    /// The inverse of the rubber band: where the finger would have pulled
    /// the content for it to show at `offset`.
    private static func unbanded(_ offset: Double, range: (minimum: Double, maximum: Double), dimension: Double) -> Double {
        guard dimension > 0, dimension.isFinite else { return offset }
        func pulled(_ shown: Double) -> Double {
            // f = (1 − 1/(x·c/d + 1))·d  ⇔  x = f / (c·(1 − f/d)); held below d.
            let held = min(shown, dimension * 0.999)
            return held / (ScrollViewPhysics.rubberBandCoefficient * (1 - held / dimension))
        }
        if offset < range.minimum { return range.minimum - pulled(range.minimum - offset) }
        if offset > range.maximum { return range.maximum + pulled(offset - range.maximum) }
        return offset
    }

    /// The finger lifted (or the drag was cancelled): the delegate hears
    /// where the content will rest and may move it; then the content
    /// decelerates, springs back or settles on a page (S2–S4).
    private func endDragging(cancelled: Bool) {
        guard isDragging else { return }
        dragSerial &+= 1
        let serial = dragSerial
        if !cancelled {
            // The lift sample is the drag's last position.
            continueDragging()
            guard serial == dragSerial, isDragging else { return }
        }
        let offset = contentOffset
        var velocity = Point.zero
        // A drag that a zoom took over leaves the content to the zoom's settling.
        let zoomed = zoom.isZooming || motionKind == .zooming
        if !cancelled && !zoomed {
            let fingers = panGestureRecognizer.velocity(in: nil)
            // The content moves against the finger's offset: a finger going up scrolls down.
            velocity = Point(x: -fingers.x, y: -fingers.y)
            if case .dragging(let drag) = touchPhase {
                if drag.lockedAxis == .vertical || !drag.horizontally { velocity.x = 0 }
                if drag.lockedAxis == .horizontal || !drag.vertically { velocity.y = 0 }
            }
            if !velocity.x.isFinite { velocity.x = 0 }
            if !velocity.y.isFinite { velocity.y = 0 }
        }
        if !cancelled, liftBeginsRefreshing {
            // The range grows by the control's height first: the content comes to rest showing it.
            refreshControl?.beginRefreshingByPerson()
            guard serial == dragSerial, isDragging else { return }
        }
        let horizontal = horizontalRange, vertical = verticalRange
        let proposed = Point(
            x: restingPoint(offset.x, velocity: velocity.x, range: horizontal, page: bounds.size.width),
            y: restingPoint(offset.y, velocity: velocity.y, range: vertical, page: bounds.size.height)
        )
        var target = proposed
        delegate?.scrollViewWillEndDragging(
            self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000), targetContentOffset: &target
        )
        guard serial == dragSerial, isDragging else { return }
        // The fingers may stay down: still tracking, no longer dragging.
        touchPhase = .tracking(ScrollTouchFacts())
        // The indicators stay a moment after a drag that ends at rest.
        indicatorsShownUntil = currentTime + Self.indicatorLingerDuration
        if zoomed {
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
            return
        }
        if !target.isFinite { target = proposed }
        target = clampedOffset(target)
        // The delegate may have moved the content: the motion starts from where it is.
        let start = contentOffset
        horizontalMotion.phase = plannedMotion(
            from: start.x, velocity: velocity.x, target: target.x, proposed: proposed.x, range: horizontal
        )
        verticalMotion.phase = plannedMotion(
            from: start.y, velocity: velocity.y, target: target.y, proposed: proposed.y, range: vertical
        )
        let willDecelerate = !horizontalMotion.isResting || !verticalMotion.isResting
        if willDecelerate { startMotion(.decelerating) }
        let motion = motionSerial
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        // A motion the delegate stopped meanwhile ended unannounced: nothing to begin.
        guard willDecelerate else { return }
        announceDeceleration(serial: motion)
    }

    /// Where the content will rest along one axis after a lift at `offset`
    /// with `velocity` (points per second): a page with paging (S4), else
    /// where the deceleration ends, held within the edges.
    private func restingPoint(
        _ offset: Double, velocity: Double, range: (minimum: Double, maximum: Double), page: Double
    ) -> Double {
        if isPagingEnabled && page > 0 {
            let position = offset / page
            var index = position.rounded()
            if velocity > ScrollViewPhysics.pagingSpeed {
                index = position.rounded(.down) + 1
            } else if velocity < -ScrollViewPhysics.pagingSpeed {
                index = position.rounded(.up) - 1
            }
            return min(max(index * page, range.minimum), range.maximum)
        }
        let travel = ScrollViewPhysics.decelerationDistance(velocity: velocity, rate: decelerationRate.rawValue)
        return min(max(offset + travel, range.minimum), range.maximum)
    }

    /// The motion of one axis after the lift: a spring back from past an
    /// edge, a page settling, a deceleration to the delegate's target, or
    /// UIKit's deceleration, which may run into an edge and bounce (S2–S4).
    private func plannedMotion(
        from offset: Double, velocity: Double, target: Double, proposed: Double,
        range: (minimum: Double, maximum: Double)
    ) -> ScrollAxisMotion.Phase {
        let start = currentTime
        if offset < range.minimum || offset > range.maximum || isPagingEnabled {
            return springBack(from: offset, to: target, velocity: velocity)
        }
        let exponent = ScrollViewPhysics.decayExponent(rate: decelerationRate.rawValue)
        if target != proposed {
            guard target != offset else { return .resting }
            return .decelerating(start: start, from: offset, target: target, exponent: exponent, edge: nil, bounces: false)
        }
        guard abs(velocity) >= ScrollViewPhysics.stoppingSpeed else {
            // Too slow to move: it rests where it is, unless that is not where the delegate saw it rest.
            return target == offset ? .resting
                : .decelerating(start: start, from: offset, target: target, exponent: exponent, edge: nil, bounces: false)
        }
        let natural = offset + ScrollViewPhysics.decelerationDistance(velocity: velocity, rate: decelerationRate.rawValue)
        var edge: Double?
        if natural < range.minimum { edge = range.minimum }
        if natural > range.maximum { edge = range.maximum }
        if let edge, edge == offset, !bounces { return .resting }
        return .decelerating(start: start, from: offset, target: natural, exponent: exponent, edge: edge, bounces: bounces)
    }

    /// A critically damped spring from `offset` to `rest`, starting at
    /// `velocity`; a start towards the rest faster than the spring itself
    /// would move is slowed to that, so a page never overshoots.
    func springBack(from offset: Double, to rest: Double, velocity: Double) -> ScrollAxisMotion.Phase {
        let displacement = offset - rest
        guard displacement != 0 || velocity != 0 else { return .resting }
        var speed = velocity.isFinite ? velocity : 0
        let natural = ScrollViewPhysics.springFrequency * displacement
        if speed * displacement < 0 && abs(speed) > abs(natural) { speed = -natural }
        return .springing(start: currentTime, rest: rest, displacement: displacement, velocity: speed)
    }
}
