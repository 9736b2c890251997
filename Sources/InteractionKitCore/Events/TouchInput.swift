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
    /// What produced the touch: a finger (the default), a pointer, a pencil.
    public var type: TouchType

    /// Creates a touch sample.
    public init(id: Int = 0, phase: TouchPhase, location: Point, timestamp: Double, type: TouchType = .direct) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.type = type
    }
}

/// What produced a touch, as UIKit's `UITouch.TouchType`.
public enum TouchType: Hashable, Sendable {
    /// A finger on the screen.
    case direct
    /// A pointer (mouse or trackpad) pressing on the screen's content.
    case indirectPointer
    /// A stylus.
    case pencil
}
