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
        get { View.registeredForTouches(viewSerial) }
        set { viewSerial = newValue?.registerForTouches() ?? 0 }
    }
    /// The view's `objectSerial` (0 for none), looked up in the views that
    /// touches name (`View.registeredForTouches(_:)`). No reference: a touch
    /// is copied on every sample, and a number copies with no reference
    /// counting at all; a weak reference would also give the view a side
    /// table, and a strong one would close a cycle through the view's own
    /// recognizers, which keep copies of their touches.
    var viewSerial: UInt64 = 0
    /// How many quick taps this touch ends: 1, or 2 for the second tap of a double tap, …
    ///
    /// A touch that goes down within `GestureConstants.multiTapInterval` of
    /// the last one's lift, and within `GestureConstants.multiTapAllowableDistance`
    /// of it, counts one more.
    public var tapCount: Int
    /// What produced the touch.
    public var type: TouchType
    /// Which touch-down this is, unique in the process (a finger may lift and
    /// another go down with its id at the same instant, and two windows
    /// number their fingers alike); 0 for a touch made outside a window.
    var serial: UInt64 = 0

    /// Creates a touch record.
    @MainActor public init(
        id: Int, phase: TouchPhase, location: Point, previousLocation: Point,
        startLocation: Point, timestamp: Double, startTimestamp: Double,
        view: View? = nil, tapCount: Int = 1, type: TouchType = .direct
    ) {
        self.viewSerial = view?.registerForTouches() ?? 0
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

    /// Where the finger went down, in a view's coordinates (`nil` = window coordinates).
    ///
    /// Converted with the view's geometry as it is now, as `location(in:)` is.
    @MainActor
    public func startLocation(in view: View?) -> Point {
        guard let view else { return startLocation }
        return view.convert(startLocation, from: nil)
    }

    /// The finger's previous position in a view's coordinates (`nil` = window coordinates).
    @MainActor
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocation }
        return view.convert(previousLocation, from: nil)
    }

    /// Records a move or a stationary sample; returns the updated touch.
    ///
    /// A stationary finger has not moved, whatever location the sample
    /// carries: recognizers hear of position changes only through moves.
    mutating func record(_ phase: TouchPhase, at location: Point, time: Double) -> Touch {
        self.phase = phase
        previousLocation = self.location
        if phase == .moved { self.location = location }
        timestamp = time
        return self
    }

    /// Records a lift or a cancel; returns the updated touch. A non-finite
    /// location ends the touch where it was.
    // Apart from `record(_:at:time:)` on purpose: a move never needs this
    // finite check (Bench's move target guards it).
    mutating func recordEnd(_ phase: TouchPhase, at location: Point, time: Double) -> Touch {
        self.phase = phase
        previousLocation = self.location
        if location.isFinite { self.location = location }
        timestamp = time
        return self
    }

    /// Whether two touches are the same finger's: the same touch-down
    /// (rule G11), told by its serial, unique in the process; touches made
    /// outside a window compare by id and touch-down time.
    public static func == (lhs: Touch, rhs: Touch) -> Bool {
        lhs.id == rhs.id && lhs.serial == rhs.serial && (lhs.serial != 0 || lhs.startTimestamp == rhs.startTimestamp)
    }

    /// Hashes the finger's id, part of its identity (equal touches have equal ids).
    ///
    /// The touch-down is left out: two touch-downs of one id in one set are
    /// rare, and every delivery to a view hashes a touch.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The same hash as `hash(into:)` gives, computed in one step.
    ///
    /// Sets and dictionaries call this requirement of `Hashable`; its
    /// default feeds `hash(into:)` through a streaming hasher. Every
    /// delivery to a view puts a touch in a set, so the one-shot hash of
    /// the id (equal to the streamed one) is used directly.
    public func _rawHashValue(seed: Int) -> Int {
        id._rawHashValue(seed: seed)
    }
}
