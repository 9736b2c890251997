/// Recognizes a quick straight stroke of one or more fingers in a direction (discrete).
///
/// - **Recognizes** (`ended`, there is no `began`) as soon as the centroid
///   of `numberOfTouchesRequired` fingers has travelled
///   `GestureConstants.swipeMinimumDistance` (50 points) along one of the
///   allowed directions, from where it was when the last of those fingers
///   came down, within `GestureConstants.swipeMaximumDuration` (0.5 s) of
///   the first finger going down; the lift sample counts.
/// - **Fails** for a slow crawl (the time runs out first, even with the
///   fingers resting), for the wrong direction or a stroke that strays too
///   far from its axis (more than `GestureConstants.swipeMaximumDeviation`,
///   30 points, across every allowed axis, or that far backwards along it),
///   when a finger lifts before it recognized, and when more fingers than
///   `numberOfTouchesRequired` are down on it (rule G9).
///
/// The state machine, on the shared table (`GestureStateMachine`):
/// `possible → ended` or `possible → failed`.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may go in, as a set (UIKit's `UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The raw bits of the set (UIKit's values).
        public let rawValue: UInt

        /// Creates a set from its raw bits.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Towards larger x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards smaller x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards smaller y (y points down).
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards larger y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count; `.right` by default. Several may be given.
    public var direction: Direction {
        get { storedDirection }
        set { storedDirection = newValue }
    }
    private var storedDirection: Direction = .right
    /// How many fingers must swipe together; 1 by default.
    public var numberOfTouchesRequired: Int {
        get { storedNumberOfTouchesRequired }
        set { storedNumberOfTouchesRequired = newValue }
    }
    private var storedNumberOfTouchesRequired: Int = 1

    /// The centroid when the required fingers were all down; nil before.
    private var start: Point?
    /// Fires `swipeMaximumDuration` after the first finger went down.
    private var deadline: TimerToken?

    /// Swipes are discrete.
    override public var isContinuous: Bool { false }

    /// Starts the clock with the first finger; notes the start once all are down; too many fail it.
    override public func touchBegan(_ touch: Touch, with event: Event) {
        if numberOfTouches == 1 { deadline = scheduleTimer(after: GestureConstants.swipeMaximumDuration) }
        let required = max(1, numberOfTouchesRequired)
        if numberOfTouches > required {
            transition(to: .failed)
        } else if numberOfTouches == required {
            start = centroidInWindow
        }
    }

    /// Judges the stroke so far.
    override public func touchMoved(_ touch: Touch, with event: Event) {
        judge()
    }

    /// Judges the stroke with the lift; a lift that does not complete it fails it.
    override public func touchEnded(_ touch: Touch, with event: Event) {
        judge()
        if state == .possible { transition(to: .failed) }
    }

    /// The time ran out before the stroke was long enough: a crawl, not a swipe.
    override public func timerFired(_ token: TimerToken) {
        guard token == deadline else { return }
        deadline = nil
        if state == .possible { transition(to: .failed) }
    }

    /// Forgets the start and stops the clock.
    override public func reset() {
        super.reset()
        cancelTimer(deadline)
        deadline = nil
        start = nil
    }

    /// Recognizes when the stroke is long enough along an allowed axis and
    /// fails when it has left every allowed axis.
    private func judge() {
        guard state == .possible, let start, numberOfTouches == max(1, numberOfTouchesRequired) else { return }
        let now = centroidInWindow
        let dx = now.x - start.x, dy = now.y - start.y
        let axes: [(Direction, along: Double, across: Double)] = [
            (.right, dx, abs(dy)), (.left, -dx, abs(dy)), (.up, -dy, abs(dx)), (.down, dy, abs(dx)),
        ]
        var stillPossible = false
        for (allowed, along, across) in axes where direction.contains(allowed) {
            let deviation = GestureConstants.swipeMaximumDeviation
            guard across <= deviation, along >= -deviation else { continue }
            if along >= GestureConstants.swipeMinimumDistance {
                transition(to: .ended)
                return
            }
            stillPossible = true
        }
        if !stillPossible { transition(to: .failed) }
    }
}
