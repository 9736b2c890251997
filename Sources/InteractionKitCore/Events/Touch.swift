/// A finger as gesture recognizers see it: its identity, phase and position.
///
/// A value, not an object: the window keeps the live record and hands
/// recognizers a copy with each sample, so delivering a move allocates
/// nothing.
public struct Touch: Hashable, Sendable {
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

    /// Creates a touch record.
    public init(
        id: Int, phase: TouchPhase, location: Point, previousLocation: Point,
        startLocation: Point, timestamp: Double, startTimestamp: Double
    ) {
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
}
