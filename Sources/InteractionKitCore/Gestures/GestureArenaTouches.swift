/// Where the arbiter finds who else holds a touch: the window's arena.
///
/// The arbiter sees recognizers and the touches they share, nothing else:
/// no view, no window. Tests give it a table of their own
/// (`GestureArbiterTests`).
@MainActor
protocol GestureArenaTouches: AnyObject {
    /// The recognizers the touch-down with this serial is delivered to, each
    /// with whether it ignored the touch, or nil when it is not down.
    func arenaSeats(ofTouchSerial serial: UInt64) -> [GestureArena<GestureRecognizer>.Seat]?
}
