import InteractionKitCore

/// One press as a control or a tab bar tracks it, with no view in it: which
/// touch-down is tracked, whether it is inside the grown area, its
/// crossings, its lift inside or outside, its cancel.
///
/// Each input says what happened and returns what the view must do; the
/// view does it (sends its events, draws its highlight, calls its hooks).
/// So `Control` and `TabBar` follow one set of rules (C1–C4, C7, T5),
/// tested without views (`PressTrackerTests`), as swift-nio's state
/// machines are:
///
/// ```
/// idle ──began──▶ tracking(inside) ──moved──▶ tracking(inside or outside)
///  ▲                   │
///  └── ended (inside or outside), cancelled, stopped, or its window changed
/// ```
///
/// The tracked touch is known by its touch-down (`Touch ==`, rule G11),
/// never by its id alone: a touch that reuses a lifted finger's id is
/// another touch, and none of its phases count. The tracker remembers the
/// window the press began in (by serial), so a view that has left that
/// window ends the press (C7). A state is entered before its action is
/// returned: a callback run while the view performs the action that feeds
/// the tracker again finds the press already moved on, so nothing is done
/// twice.
struct PressTracker {
    /// Where the press is.
    enum State: Equatable {
        /// No touch is tracked.
        case idle
        /// A touch is tracked: its touch-down, whether it is inside the
        /// grown area, and the serial of the window it began in.
        case tracking(Touch, inside: Bool, windowSerial: UInt64)
    }

    /// What a move of the tracked touch means.
    enum Move: Equatable {
        /// Not the tracked touch (or none is tracked): nothing.
        case ignore
        /// Inside the grown area; `entered` when it was outside before.
        case dragInside(entered: Bool)
        /// Outside the grown area; `exited` when it was inside before.
        case dragOutside(exited: Bool)
    }

    /// What a lift of the tracked touch means.
    enum Lift: Equatable {
        /// Not the tracked touch (or none is tracked): nothing.
        case ignore
        /// Lifted inside the grown area.
        case inside
        /// Lifted outside the grown area.
        case outside
    }

    // The state is kept in fields, not in a `State` enum: reading the
    // tracked touch out of an enum's payload copies the whole `Touch` on
    // every touch-down and lift (Bench's tap target guards it).
    /// The tracked touch-down, nil when none is tracked.
    private var tracked: Touch?
    /// Whether the tracked touch is inside the grown area (false when none is tracked).
    private(set) var isInside = false
    /// The serial of the window the press began in (0 when none is tracked).
    private var windowSerial: UInt64 = 0

    /// Where the press is now.
    var state: State {
        guard let tracked else { return .idle }
        return .tracking(tracked, inside: isInside, windowSerial: windowSerial)
    }

    /// Whether a touch is tracked.
    var isTracking: Bool { tracked != nil }

    /// Whether `touch` is the tracked touch-down.
    @inline(__always)
    func tracks(_ touch: Touch) -> Bool {
        tracked == touch
    }

    /// The tracked touch among `touches` (as this sample has it), or nil.
    @inline(__always)
    func trackedTouch(in touches: Set<Touch>) -> Touch? {
        guard tracked != nil else { return nil }
        // A plain loop: the set a view is given holds one touch or a few.
        for touch in touches where tracked == touch { return touch }
        return nil
    }

    // MARK: Inputs

    /// A touch went down on the view, in the window with this serial (0 for
    /// none). Returns whether it is tracked now: only when no other touch
    /// is, and only in a window. It starts inside (it was hit-tested to the view).
    @inline(__always)
    mutating func began(_ touch: Touch, windowSerial: UInt64) -> Bool {
        guard tracked == nil, windowSerial != 0 else { return false }
        tracked = touch
        isInside = true
        self.windowSerial = windowSerial
        return true
    }

    /// A touch moved, now inside or outside the grown area: what it means.
    @inline(__always)
    mutating func moved(_ touch: Touch, inside: Bool) -> Move {
        guard tracked == touch else { return .ignore }
        let wasInside = isInside
        isInside = inside
        return inside ? .dragInside(entered: !wasInside) : .dragOutside(exited: wasInside)
    }

    /// A touch lifted, inside or outside the grown area: what it means. The
    /// press is over.
    @inline(__always)
    mutating func ended(_ touch: Touch, inside: Bool) -> Lift {
        guard tracked == touch else { return .ignore }
        end()
        return inside ? .inside : .outside
    }

    /// A touch was cancelled. Returns whether it was the tracked one (the
    /// view then cancels its tracking); the press is over.
    @inline(__always)
    mutating func cancelled(_ touch: Touch) -> Bool {
        guard tracked == touch else { return false }
        end()
        return true
    }

    /// The view stops tracking for its own reasons (disabled, its
    /// `continueTracking` refused, the tab gone). Returns whether a touch
    /// was tracked; its later phases are ignored.
    mutating func stop() -> Bool {
        guard tracked != nil else { return false }
        end()
        return true
    }

    /// The view is now in the window with this serial (0 for none). Returns
    /// whether that ends the press, because it is not the window the press
    /// began in (C7): the view then cancels its tracking.
    @inline(__always)
    mutating func windowChanged(to windowSerial: UInt64) -> Bool {
        guard tracked != nil, windowSerial != self.windowSerial else { return false }
        end()
        return true
    }

    private mutating func end() {
        tracked = nil
        isInside = false
        windowSerial = 0
    }
}
