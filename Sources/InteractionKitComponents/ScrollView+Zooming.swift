import InteractionKitCore

// Zooming (rule S10), as UIKit's scroll view zooms: the delegate names the
// view to scale (`viewForZooming(in:)`), a pinch scales it about the
// fingers' centre through its `transform`, and `contentSize` scales with
// it. The view's frame keeps its top-left corner, so a point of the view
// at scale s lies at origin + (point − bounds origin)·s: every offset here
// is planned with that one formula (`offsetShowing`).

/// A scroll view's zoom: its range, its scale, and the pinch or animation in progress.
struct ScrollZoom {
    var minimumScale = 1.0
    var maximumScale = 1.0
    var scale = 1.0
    var bounces = true
    var isZooming = false
    var isBouncing = false
    /// `scale` when the pinch began: the pinch's own scale multiplies it.
    var pinchStartScale = 1.0
    /// The point of the zoomed view under the fingers' centre when the
    /// pinch began, in that view's coordinates: it stays under them.
    var anchor = Point.zero
    /// The view the zoom in progress scales, or the last one it scaled.
    weak var view: View?
    /// The scale's path while a zoom animates (`MotionKind.zooming`).
    var scaleMotion = ScrollAxisMotion()
    /// Counts pinches begun and ended: a delegate call that re-enters is noticed after it returns.
    var serial: UInt64 = 0
}

extension ScrollView {
    // MARK: Range and scale

    /// The smallest scale a zoom rests at; 1 by default. A value that is
    /// not finite and positive is refused (it keeps its value).
    public var minimumZoomScale: Double {
        get { zoom.minimumScale }
        set { setZoomBound(\.minimumScale, to: newValue) }
    }

    /// The largest scale a zoom rests at; 1 by default. A value that is not
    /// finite and positive is refused (it keeps its value).
    public var maximumZoomScale: Double {
        get { zoom.maximumScale }
        set { setZoomBound(\.maximumScale, to: newValue) }
    }

    /// How much the view for zooming is scaled; 1 by default. Setting it is
    /// `setZoomScale(_:animated: false)`.
    public var zoomScale: Double {
        get { zoom.scale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Whether a pinch past the zoom range goes on scaling, against a
    /// growing resistance, and springs back into the range after the lift;
    /// true by default. Off, the scale stops at the range's ends.
    public var bouncesZoom: Bool {
        get { zoom.bounces }
        set { zoom.bounces = newValue }
    }

    /// Whether a pinch is zooming the content now.
    public var isZooming: Bool { zoom.isZooming }

    /// Whether the scale is springing back into the zoom range after a pinch's lift.
    public var isZoomBouncing: Bool { zoom.isBouncing }

    /// The pinch that zooms the content, or nil while `maximumZoomScale` is
    /// not above `minimumZoomScale` (as UIKit's). Add failure requirements
    /// to it as to any recognizer; its decisions are the scroll view's.
    public var pinchGestureRecognizer: PinchGestureRecognizer? { zoomPinch }

    /// Scales the view for zooming to `scale`, held within the zoom range,
    /// about the centre of the bounds, at once or in a 0.3 s animation. The
    /// content then rests within its edges. Does nothing without a view for
    /// zooming, for a scale that is not finite and positive, or when nothing
    /// would change.
    ///
    /// At once, the delegate hears `scrollViewDidZoom` (and
    /// `scrollViewDidScroll` if the content moved); animated, it hears the
    /// zoom begin, each frame, and end, as UIKit's.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = zoomableView() else { return }
        let target = clampedZoomScale(scale)
        let centre = Point(x: bounds.size.width / 2, y: bounds.size.height / 2)
        let anchor = view.convert(Point(x: contentOffset.x + centre.x, y: contentOffset.y + centre.y), from: self)
        settleZoom(view, scale: target, offset: offsetShowing(anchor, of: view, at: centre, scale: target), animated: animated)
    }

    /// Zooms so that `rect` (in the view for zooming's coordinates) fills
    /// the bounds as far as the zoom range allows, centred in them; at once
    /// or in a 0.3 s animation, as `setZoomScale(_:animated:)`. A rect that
    /// is not finite, or has no width and no height, does nothing.
    public func zoom(to rect: Rect, animated: Bool) {
        guard rect.origin.isFinite, rect.size.width.isFinite, rect.size.height.isFinite,
              let view = zoomableView() else { return }
        let width = abs(rect.size.width), height = abs(rect.size.height)
        guard width > 0 || height > 0 else { return }
        let fitting = min(
            width > 0 ? bounds.size.width / width : .infinity,
            height > 0 ? bounds.size.height / height : .infinity
        )
        guard fitting.isFinite, fitting > 0 else { return }
        let target = clampedZoomScale(fitting)
        let centre = Point(x: bounds.size.width / 2, y: bounds.size.height / 2)
        let anchor = Point(x: rect.midX, y: rect.midY)
        settleZoom(view, scale: target, offset: offsetShowing(anchor, of: view, at: centre, scale: target), animated: animated)
    }

    // MARK: The pinch

    /// Whether the pinch may begin: the delegate names a view to zoom.
    func pinchShouldBegin() -> Bool {
        zoomableView() != nil
    }

    /// The pinch changed state: the zoom begins, follows the fingers, or ends.
    func pinchStateDidChange(_ pinch: ScrollViewPinchGestureRecognizer) {
        guard pinch === zoomPinch else { return }
        switch pinch.state {
        case .began: beginZooming(pinch)
        case .changed: continueZooming(pinch)
        case .ended, .cancelled: endZooming()
        case .possible, .failed: break
        }
    }

    private func beginZooming(_ pinch: ScrollViewPinchGestureRecognizer) {
        guard let view = zoomableView() else { return }
        // A motion in progress (a bounce back, a deceleration) stops where it is.
        stopMotion()
        zoom.serial &+= 1
        let serial = zoom.serial
        zoom.view = view
        zoom.isZooming = true
        zoom.isBouncing = false
        // The pinch's scale counts from its fingers' first distance, so the
        // content grows as the fingers part and what lay under each stays under it.
        zoom.pinchStartScale = zoom.scale
        zoom.anchor = view.convert(pinch.location(in: self), from: self)
        delegate?.scrollViewWillBeginZooming(self, with: view)
        guard serial == zoom.serial, zoom.isZooming else { return }
        continueZooming(pinch)
    }

    /// The view scales by the pinch (banded past the range), and the
    /// content moves so that the anchor stays under the fingers' centre,
    /// wherever the fingers have moved: a two-finger pan scrolls too.
    private func continueZooming(_ pinch: ScrollViewPinchGestureRecognizer) {
        guard zoom.isZooming, let view = zoom.view, view.isDescendant(of: self) else { return }
        let serial = zoom.serial
        let scale = bandedZoomScale(zoom.pinchStartScale * pinch.scale)
        let fingers = pinch.location(in: self)
        let offset = contentOffset
        let inBounds = Point(x: fingers.x - offset.x, y: fingers.y - offset.y)
        guard inBounds.isFinite else { return }
        let scaled = applyZoomScale(scale, to: view)
        applyOffset(offsetShowing(zoom.anchor, of: view, at: inBounds, scale: zoom.scale))
        guard serial == zoom.serial, zoom.isZooming, scaled else { return }
        delegate?.scrollViewDidZoom(self)
    }

    /// The fingers lifted (or the pinch was cancelled): the scale springs
    /// back into the range and the content within its edges, keeping the
    /// anchor where the fingers last were as far as the edges allow; the
    /// delegate hears the zoom end once it rests.
    private func endZooming() {
        guard zoom.isZooming else { return }
        zoom.isZooming = false
        zoom.serial &+= 1
        guard let view = zoom.view, view.isDescendant(of: self) else {
            delegate?.scrollViewDidEndZooming(self, with: zoom.view, atScale: zoom.scale)
            return
        }
        let target = clampedZoomScale(zoom.scale)
        let anchorNow = convert(zoom.anchor, from: view)
        let inBounds = Point(x: anchorNow.x - contentOffset.x, y: anchorNow.y - contentOffset.y)
        zoom.isBouncing = target != zoom.scale
        settleZoom(view, scale: target, offset: offsetShowing(zoom.anchor, of: view, at: inBounds, scale: target),
                   animated: true, announced: true)
    }

    // MARK: Applying a scale

    /// Brings the zoom to `scale` and the content to `offset`: at once (the
    /// delegate hears `scrollViewDidZoom`, or nothing when nothing changes),
    /// or animated on the display link (`MotionKind.zooming`, ending with
    /// `scrollViewDidEndZooming`). `announced` says the delegate already
    /// heard this zoom begin (a pinch), so it hears it end even when
    /// nothing is left to move.
    private func settleZoom(_ view: View, scale: Double, offset: Point, animated: Bool, announced: Bool = false) {
        guard scale != zoom.scale || offset != contentOffset else {
            if announced { delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoom.scale) }
            return
        }
        stopMotion()
        zoom.view = view
        guard animated else {
            let serial = zoom.serial
            let scaled = applyZoomScale(scale, to: view)
            applyOffset(offset)
            guard serial == zoom.serial, scaled else { return }
            delegate?.scrollViewDidZoom(self)
            return
        }
        if !announced {
            zoom.serial &+= 1
            let serial = zoom.serial
            delegate?.scrollViewWillBeginZooming(self, with: view)
            guard serial == zoom.serial, motionKind == .none else { return }
        }
        let start = currentTime
        let duration = ScrollViewPhysics.animationDuration
        let from = contentOffset
        zoom.scaleMotion.phase = scale == zoom.scale
            ? .resting : .easing(start: start, from: zoom.scale, to: scale, duration: duration)
        horizontalMotion.phase = .easing(start: start, from: from.x, to: offset.x, duration: duration)
        verticalMotion.phase = .easing(start: start, from: from.y, to: offset.y, duration: duration)
        startMotion(.zooming)
    }

    /// Scales `view` to `scale`: its transform, its frame's top-left corner
    /// kept where it was, and `contentSize` scaled by the same factor.
    /// Returns whether the scale changed.
    @discardableResult
    func applyZoomScale(_ scale: Double, to view: View) -> Bool {
        let old = zoom.scale
        guard scale != old, scale.isFinite, scale > 0, old > 0 else { return false }
        let corner = view.frame.origin
        let size = view.bounds.size
        view.transform = AffineTransform(scaleX: scale, y: scale)
        view.center = Point(x: corner.x + size.width * scale / 2, y: corner.y + size.height * scale / 2)
        zoom.scale = scale
        let size0 = contentSize
        contentSize = Size(width: size0.width / old * scale, height: size0.height / old * scale)
        return true
    }

    /// The content offset that puts `anchor` (a point of `view`) at
    /// `inBounds` (a point of the bounds, measured from their top-left
    /// corner) when `view` is at `scale`, held within the content's edges
    /// at that scale unless a pinch is zooming (the fingers may pull past them).
    private func offsetShowing(_ anchor: Point, of view: View, at inBounds: Point, scale: Double) -> Point {
        let corner = view.frame.origin
        let origin = view.bounds.origin
        let offset = Point(
            x: corner.x + (anchor.x - origin.x) * scale - inBounds.x,
            y: corner.y + (anchor.y - origin.y) * scale - inBounds.y
        )
        guard !zoom.isZooming else { return offset }
        let ratio = scale / zoom.scale
        let inset = adjustedContentInset
        let horizontal = Self.range(content: contentSize.width * ratio, visible: bounds.size.width,
                                    leading: inset.left, trailing: inset.right)
        let vertical = Self.range(content: contentSize.height * ratio, visible: bounds.size.height,
                                  leading: inset.top, trailing: inset.bottom)
        return Point(
            x: min(max(offset.x, horizontal.minimum), horizontal.maximum),
            y: min(max(offset.y, vertical.minimum), vertical.maximum)
        )
    }

    /// `scale` held within the zoom range.
    private func clampedZoomScale(_ scale: Double) -> Double {
        let low = zoom.minimumScale, high = max(zoom.minimumScale, zoom.maximumScale)
        return min(max(scale, low), high)
    }

    /// Where a pinch's scale shows: within the range as it is; past it,
    /// with `bouncesZoom`, half as far on a logarithmic scale (the square
    /// root of the excess factor), so the resistance grows the further it
    /// goes; without, at the range's end.
    private func bandedZoomScale(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return zoom.scale }
        let low = zoom.minimumScale, high = max(zoom.minimumScale, zoom.maximumScale)
        if raw > high { return zoom.bounces ? high * (raw / high).squareRoot() : high }
        if raw < low { return zoom.bounces ? low / (low / raw).squareRoot() : low }
        return raw
    }

    /// The delegate's view for zooming, if it is inside this scroll view.
    private func zoomableView() -> View? {
        guard let view = delegate?.viewForZooming(in: self), view !== self, view.isDescendant(of: self) else { return nil }
        return view
    }

    /// Sets one end of the zoom range to a finite, positive `value`; refuses any other.
    private func setZoomBound(_ bound: WritableKeyPath<ScrollZoom, Double>, to value: Double) {
        guard value.isFinite, value > 0 else { return }
        zoom[keyPath: bound] = value
        zoomRangeDidChange()
    }

    /// The pinch exists while the range is wider than one value; letting
    /// it go mid-pinch ends the zoom as a lift would.
    private func zoomRangeDidChange() {
        let wanted = zoom.maximumScale > zoom.minimumScale
        if wanted, zoomPinch == nil {
            let pinch = ScrollViewPinchGestureRecognizer()
            pinch.scrollView = self
            pinch.name = "scroll-view-pinch"
            zoomPinch = pinch
            addGestureRecognizer(pinch)
        } else if !wanted, let pinch = zoomPinch {
            zoomPinch = nil
            pinch.scrollView = nil
            removeGestureRecognizer(pinch)
            endZooming()
        }
    }
}
