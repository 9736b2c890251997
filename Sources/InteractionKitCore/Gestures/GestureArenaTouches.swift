/// Where the arbiter finds who else holds a touch: the window's touch table.
///
/// The arbiter sees recognizers and the touches they share, nothing else:
/// no view, no window. Tests give it a table of their own
/// (`GestureArbiterTests`).
@MainActor
protocol GestureArenaTouches: AnyObject {
    /// The recognizers that compete for the touch-down with this serial (it is
    /// delivered to them and they have not ignored it), or nil when it is not down.
    func arenaMembers(ofTouchSerial serial: UInt64) -> [GestureRecognizer]?
}
