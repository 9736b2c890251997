/// Where the arbiter finds who else holds a touch, and who waits: the window's arena.
///
/// The arbiter sees recognizers and the touches they share, nothing else:
/// no view, no window. Tests give it an arena of their own
/// (`GestureArbiterTests`).
@MainActor
protocol GestureArenaTouches: AnyObject {
    /// The recognizers the touch-down with this serial is delivered to, each
    /// with whether it ignored the touch, or nil when it is not down.
    func arenaSeats(ofTouchSerial serial: UInt64) -> [GestureArena<GestureRecognizer>.Seat]?
    /// The recognizers waiting to leave `possible`, in the order they started waiting (a copy).
    var arenaWaiters: [GestureArena<GestureRecognizer>.Waiter] { get }
    /// Whether any recognizer waits to leave `possible` (what `arenaWaiters` would say, without a copy).
    var hasArenaWaiters: Bool { get }
    /// The state a recognizer waits to enter, or nil when it is not waiting.
    func pendingState(of recognizer: GestureRecognizer) -> GestureRecognizer.State?
    /// Records that a recognizer waits to enter `target`, or, for nil, that it no longer waits.
    func recognizer(_ recognizer: GestureRecognizer, waitsToEnter target: GestureRecognizer.State?)
    /// The failure requirements recorded for the recognizers' attempts
    /// (a copy; some may be of attempts that have ended: compare `attempt`).
    var arenaRequirements: [GestureArena<GestureRecognizer>.Requirement] { get }
    /// Whether `dependent`'s current attempt waits for `required` by a recorded requirement.
    func arenaRequires(_ dependent: GestureRecognizer, toFail required: GestureRecognizer) -> Bool
    /// The recognizers `dependent`'s current attempt waits for by recorded requirements, in order.
    func arenaRequiredMembers(of dependent: GestureRecognizer) -> [GestureRecognizer]
    /// Records that `dependent` waits for `required` to fail for the rest of its current attempt (G12).
    func recognizer(_ dependent: GestureRecognizer, requiresForThisAttempt required: GestureRecognizer)
    /// Tells the views of a recognizer's touches that it committed `newState`
    /// (not `changed`): they may be released or cancelled (rule G8).
    func recognizerDidChangeForViews(_ recognizer: GestureRecognizer, to newState: GestureRecognizer.State)
}
