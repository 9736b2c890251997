/// A finger as gesture recognizers see it: its identity, phase and position.
///
/// A value, not an object: the window keeps the live record and hands
/// recognizers and views a copy with each sample, so delivering a move
/// allocates nothing. Two copies of the same finger's touch are equal
/// (equality and hashing use the finger's `id` and when it went down), so a
/// `Set<Touch>` holds each finger once, as UIKit's sets of `UITouch` do.
public struct Touch: Hashable {
    /// The finger's id, as given in `TouchInput.id`.
    public var id: Int
    /// The phase of the sample being delivered.
    public var phase: TouchPhase
    /// The finger's position in window coordinates.
    public var location: Point
    /// The finger's previous position in window coordinates.
    public var previousLocation: Point
    /// Where the finger went down, in window coordinates.
    public var startLocation: Point
    /// The time of the sample being delivered, in seconds of virtual time.
    public var timestamp: Double
    /// The time the finger went down.
    public var startTimestamp: Double
    /// The view the touch was hit-tested to when it began (nil when it hit none).
    ///
    /// It stays the touch's view wherever the finger moves, as in UIKit,
    /// and reads nil once that view has been freed, like a weak reference.
    @MainActor public var view: View? {
        get { viewSlot?.view }
        set { viewSlot = newValue?.slotForTouches() }
    }
    /// The view's `TouchViewSlot`. Not a weak reference to the view: copies
    /// of a touch are made on every sample, and a weak reference would give
    /// the view a side table (slow retains) and cost a weak copy each time.
    /// Not strong: recognizers keep copies of their touches, and a strong
    /// view here would close a cycle through the view's own recognizers.
    var viewSlot: TouchViewSlot?
    /// How many quick taps this touch ends: 1, or 2 for the second tap of a double tap, …
    ///
    /// A touch that goes down within `GestureConstants.multiTapInterval` of
    /// the last one's lift, and within `GestureConstants.multiTapAllowableDistance`
    /// of it, counts one more.
    public var tapCount: Int
    /// What produced the touch.
    public var type: TouchType
    /// Which touch-down this is, window-wide (a callback may end a touch and
    /// start another with the same id at the same instant); 0 outside a window.
    var serial: UInt64 = 0

    /// Creates a touch record.
    @MainActor public init(
        id: Int, phase: TouchPhase, location: Point, previousLocation: Point,
        startLocation: Point, timestamp: Double, startTimestamp: Double,
        view: View? = nil, tapCount: Int = 1, type: TouchType = .direct
    ) {
        self.viewSlot = view?.slotForTouches()
        self.tapCount = tapCount
        self.type = type
        self.id = id
        self.phase = phase
        self.location = location
        self.previousLocation = previousLocation
        self.startLocation = startLocation
        self.timestamp = timestamp
        self.startTimestamp = startTimestamp
    }

    /// The finger's position in a view's coordinates (`nil` = window coordinates).
    @MainActor
    public func location(in view: View?) -> Point {
        guard let view else { return location }
        return view.convert(location, from: nil)
    }

    /// The finger's previous position in a view's coordinates (`nil` = window coordinates).
    @MainActor
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocation }
        return view.convert(previousLocation, from: nil)
    }

    /// Whether two touches are the same finger's (same id, same touch-down).
    public static func == (lhs: Touch, rhs: Touch) -> Bool {
        lhs.id == rhs.id && lhs.startTimestamp == rhs.startTimestamp
    }

    /// Hashes the finger's identity (its id and touch-down time).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(startTimestamp)
    }
}

/// What a touch holds to name its view: a small object the view owns and
/// clears when it is freed, so that `Touch.view` reads nil from then on.
///
/// Copying a touch retains the slot, which has no side table (nothing holds
/// it weakly), instead of copying a weak reference to the view.
package final class TouchViewSlot {
    /// The view, until it is freed; its `deinit` sets this to nil first.
    ///
    /// Unowned (checked): reading it after the view was freed would trap, and
    /// the view's `deinit` clearing it is what rules that out.
    unowned var view: View?

    init(view: View) {
        self.view = view
    }
}
