/// Recognizes fingers dragging across the screen (continuous).
///
/// - **Begins** once at least `minimumNumberOfTouches` fingers are down and
///   their centroid has moved `GestureConstants.panMinimumDistance` (10
///   points) since there were that many; fewer fingers never begin it.
/// - **Changes** on each later move.
/// - **Ends** when the last finger lifts, or when a finger lifts and fewer
///   than `minimumNumberOfTouches` remain.
/// - **Fails** when the fingers lift before it began, or when more than
///   `maximumNumberOfTouches` are down before it began; once it has begun,
///   fingers beyond the maximum are ignored. A cancelled touch cancels it.
///
/// `translation(in:)` measures from where the fingers went down, and stays
/// continuous when fingers are added or lifted.
///
/// The state machine, on the shared table (`GestureStateMachine`):
/// `possible → began → changed* → ended | cancelled`, or `possible → failed`.
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that may pan; 1 by default.
    public var minimumNumberOfTouches: Int {
        get { storedMinimumNumberOfTouches }
        set { storedMinimumNumberOfTouches = newValue }
    }
    private var storedMinimumNumberOfTouches: Int = 1
    /// The most fingers that may pan; unlimited by default.
    public var maximumNumberOfTouches: Int {
        get { storedMaximumNumberOfTouches }
        set { storedMaximumNumberOfTouches = newValue }
    }
    private var storedMaximumNumberOfTouches: Int = Int.max

    /// Where the translation is measured from, in window coordinates.
    private var origin: Point?
    /// The translation accumulated before the last change in finger count.
    private var carried = Point.zero
    /// The centroid at the last sample the pan handled.
    private var lastCentroid = Point.zero
    /// The translation's recent samples: translation, not position, so that
    /// a finger joining or leaving (which moves the centroid) is no jump.
    private var tracker = VelocityTracker()

    /// Pans are continuous.
    override open var isContinuous: Bool { true }

    /// How far the fingers have moved since they went down, in a view's coordinates (`nil` = window).
    ///
    /// There are no transforms, so the distance is the same in every view;
    /// the parameter is kept for UIKit compatibility.
    public func translation(in view: View?) -> Point {
        guard let origin else { return carried }
        return Point(x: carried.x + lastCentroid.x - origin.x, y: carried.y + lastCentroid.y - origin.y)
    }

    /// Resets the translation so that it reads `translation` now.
    public func setTranslation(_ translation: Point, in view: View?) {
        let current = self.translation(in: view)
        // Velocity is unchanged by a new zero: the samples move with it.
        tracker.shift(by: Point(x: translation.x - current.x, y: translation.y - current.y))
        carried = translation
        origin = lastCentroid
    }

    /// The speed of the fingers, in points per second: least squares over the last 100 ms of translation.
    public func velocity(in view: View?) -> Point { tracker.velocity }

    /// Notes where the fingers are; too many fingers fails a pan that has not begun.
    override open func touchBegan(_ touch: Touch, with event: Event) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { transition(to: .failed) } else { ignore(touch) }
            return
        }
        rebase(excluding: nil)
        // The first finger's down is where the drag starts; a finger that
        // joins says nothing about how fast the drag moves.
        if numberOfTouches == 1 { tracker.add(translation(in: nil), at: touch.timestamp) }
    }

    /// Begins after enough movement of enough fingers, then reports each move as `changed`.
    override open func touchMoved(_ touch: Touch, with event: Event) {
        if state == .possible && numberOfTouches < minimumNumberOfTouches {
            // Too few fingers to pan: their movement does not count towards beginning.
            carried = .zero
            origin = nil
            rebase(excluding: nil)
            tracker.reset()
            return
        }
        lastCentroid = centroidInWindow
        tracker.add(translation(in: nil), at: touch.timestamp)
        switch state {
        case .possible:
            if Point.zero.distance(to: translation(in: nil)) >= GestureConstants.panMinimumDistance {
                transition(to: .began)
            }
        case .began, .changed:
            transition(to: .changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// Lifting the last finger ends a pan in progress and fails one that never
    /// began; a pan in progress also ends when too few fingers remain.
    override open func touchEnded(_ touch: Touch, with event: Event) {
        let remaining = numberOfTouches - 1
        guard remaining == 0 || (state.isInProgress && remaining < minimumNumberOfTouches) else {
            rebase(excluding: touch.id)
            return
        }
        // The lift sample is the gesture's last position: translation at
        // `ended` includes it, as `location(in:)` does (rule G7).
        lastCentroid = centroidInWindow
        tracker.add(translation(in: nil), at: touch.timestamp)
        if state.isInProgress {
            transition(to: .ended)
        } else if state == .possible {
            transition(to: .failed)
        }
    }

    /// Clears the translation.
    override open func reset() {
        super.reset()
        origin = nil
        carried = .zero
        tracker.reset()
    }

    /// Keeps the translation continuous when the set of fingers changes:
    /// what was moved so far is carried, and measuring restarts from the
    /// centroid of the fingers that remain.
    private func rebase(excluding id: Int?) {
        if origin != nil { carried = translation(in: nil) }
        var x = 0.0
        var y = 0.0
        var count = 0
        for tracked in trackedTouches where tracked.id != id {
            x += tracked.location.x
            y += tracked.location.y
            count += 1
        }
        guard count > 0 else { return }
        let centroid = Point(x: x / Double(count), y: y / Double(count))
        origin = centroid
        lastCentroid = centroid
    }
}
