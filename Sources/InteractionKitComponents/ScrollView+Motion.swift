import InteractionKitCore

// The content moving on its own: a deceleration, a bounce back, a page
// settling, an animated scroll. Each frame of the scroll view's display
// link samples both axes' motions (pure functions of time,
// ScrollViewPhysics.swift) and moves the content; the link is paused as
// soon as both rest, so nothing is scheduled while the content is still.

extension ScrollView {
    /// Starts the motion planned in `horizontalMotion` and
    /// `verticalMotion`. Outside a window there are no frames: the content
    /// goes straight to where it would rest, and the motion ends at once.
    func startMotion(_ kind: MotionKind) {
        guard kind != .none else { return }
        motionSerial &+= 1
        motionKind = kind
        decelerationAnnounced = false
        guard window != nil, runDisplayLink() else {
            finishMotionAtRest()
            return
        }
    }

    /// Unpauses the display link, making one for this view's window if
    /// needed; false when there is no window to run on, or no frame to come
    /// (a clock past 2^53 frames has none between its values): the motion
    /// then rests at once rather than wait for ever.
    private func runDisplayLink() -> Bool {
        guard let window else { return false }
        if let displayLink, displayLinkWindowSerial == windowSerial, !displayLink.isInvalidated {
            displayLink.isPaused = false
            return displayLink.isRunning
        }
        displayLink?.invalidate()
        let link = DisplayLink(window: window) { [unowned self] link in
            self.frameDidFire(link)
        }
        displayLink = link
        displayLinkWindowSerial = windowSerial
        return link.isRunning
    }

    /// One frame: both axes move to where their motions are at the frame's
    /// time; when both rest, the motion ends.
    private func frameDidFire(_ link: DisplayLink) {
        guard motionKind != .none else {
            link.isPaused = true
            return
        }
        let serial = motionSerial
        let time = link.timestamp
        // A zoom's scale moves first: the offset's path is planned in the scaled content.
        var zoomed = false
        if motionKind == .zooming, let sample = zoom.scaleMotion.sample(at: time), let view = zoom.view {
            zoomed = applyZoomScale(sample.position, to: view)
        }
        var offset = contentOffset
        if let sample = horizontalMotion.sample(at: time) { offset.x = sample.position }
        if let sample = verticalMotion.sample(at: time) { offset.y = sample.position }
        applyOffset(offset)
        // The delegate may have stopped or replaced the motion from `scrollViewDidScroll`.
        guard serial == motionSerial else { return }
        if zoomed {
            delegate?.scrollViewDidZoom(self)
            guard serial == motionSerial else { return }
        }
        if horizontalMotion.isResting && verticalMotion.isResting && zoom.scaleMotion.isResting { endMotion() }
    }

    /// Ends the motion in progress where the content is now (a touch caught
    /// it, code set the offset): the delegate hears it end, once.
    func stopMotion() {
        guard motionKind != .none else { return }
        horizontalMotion.phase = .resting
        verticalMotion.phase = .resting
        zoom.scaleMotion.phase = .resting
        endMotion()
    }

    /// Ends the motion in progress where it would have come to rest (the
    /// view left its window, or has none): the content goes there, then
    /// the delegate hears the motion end.
    func finishMotionAtRest() {
        guard motionKind != .none else { return }
        let serial = motionSerial
        if let scale = zoom.scaleMotion.restingPoint, let view = zoom.view { _ = applyZoomScale(scale, to: view) }
        zoom.scaleMotion.phase = .resting
        var rest = contentOffset
        if let x = horizontalMotion.restingPoint { rest.x = x }
        if let y = verticalMotion.restingPoint { rest.y = y }
        horizontalMotion.phase = .resting
        verticalMotion.phase = .resting
        applyOffset(rest)
        guard serial == motionSerial else { return }
        endMotion()
    }

    /// Announces a deceleration that has just started (`motionSerial` is
    /// `serial` still): the delegate hears `scrollViewWillBeginDecelerating`,
    /// and later its end.
    func announceDeceleration(serial: UInt64) {
        guard serial == motionSerial, motionKind == .decelerating, !decelerationAnnounced else { return }
        decelerationAnnounced = true
        delegate?.scrollViewWillBeginDecelerating(self)
    }

    /// The motion is over: the link pauses (nothing stays scheduled), then
    /// the delegate hears `…DidEndDecelerating` (when it heard the
    /// deceleration begin: a motion stopped before it was announced ends
    /// unheard, so every end has its begin) or `…DidEndScrollingAnimation`.
    private func endMotion() {
        let kind = motionKind
        guard kind != .none else { return }
        let announced = decelerationAnnounced
        if kind == .decelerating { indicatorsShownUntil = currentTime + Self.indicatorLingerDuration }
        motionKind = .none
        motionSerial &+= 1
        decelerationAnnounced = false
        horizontalMotion.phase = .resting
        verticalMotion.phase = .resting
        zoom.scaleMotion.phase = .resting
        displayLink?.isPaused = true
        switch kind {
        case .decelerating: if announced { delegate?.scrollViewDidEndDecelerating(self) }
        case .animating:
            indicatorsShownUntil = currentTime + Self.indicatorLingerDuration
            if isScrollingToTop, contentOffset.y == verticalRange.minimum {
                isScrollingToTop = false
                delegate?.scrollViewDidScrollToTop(self)
            } else {
                isScrollingToTop = false
                delegate?.scrollViewDidEndScrollingAnimation(self)
            }
        case .zooming:
            indicatorsShownUntil = currentTime + Self.indicatorLingerDuration
            zoom.isBouncing = false
            delegate?.scrollViewDidEndZooming(self, with: zoom.view, atScale: zoom.scale)
        case .none: break
        }
    }
}
