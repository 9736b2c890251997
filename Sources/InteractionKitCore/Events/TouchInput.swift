/// One touch sample as a toolkit delivers it to `Window.send(_:)`.
///
/// `location` is in window coordinates; `timestamp` is in seconds on the
/// window's virtual clock. Several fingers are told apart by `id`.
public struct TouchInput: Hashable, Sendable {
    /// Which finger this sample belongs to; ids are reusable once a touch ends.
    public var id: Int
    /// What happened to the finger.
    public var phase: TouchPhase
    /// Where the finger is, in window coordinates.
    public var location: Point
    /// When the sample was taken, in seconds of virtual time.
    public var timestamp: Double

    /// Creates a touch sample.
    public init(id: Int = 0, phase: TouchPhase, location: Point, timestamp: Double) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}
