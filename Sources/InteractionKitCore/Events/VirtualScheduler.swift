/// Identifies a timer scheduled on a `VirtualScheduler`, for cancelling it.
public struct TimerToken: Hashable, Sendable {
    /// The timer's number, in scheduling order (never reused).
    let sequence: UInt64
    /// Where the scheduler keeps the timer's action (reused once it is gone).
    let slot: Int
}

/// An object that a `VirtualScheduler` timer calls when it fires, without a
/// closure to allocate per timer (`GestureRecognizer` is one).
@MainActor
public protocol TimerTarget: AnyObject {
    /// Called when a timer scheduled with `VirtualScheduler.schedule(after:firing:)` fires.
    func timerFired(_ token: TimerToken)
}

/// A clock that moves only when told to, and the timers waiting on it.
///
/// Each `Window` owns one. Time starts at 0 and advances through touch
/// timestamps and `Window.advanceTime(to:)`; it never goes backwards. Due
/// timers fire in deadline order, and timers with equal deadlines fire in the
/// order they were scheduled. While a timer fires, `now` is its deadline, so
/// a long press that began 0.15 s after a touch at 1.0 reports 1.15 however
/// late the next sample arrives.
@MainActor
public final class VirtualScheduler {
    private struct Entry {
        var deadline: Double
        var sequence: UInt64
        var slot: Int

        func firesBefore(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    // Exclusivity unchecked: read on every sample by advance(to:) (Bench, main sequence).
    /// The current virtual time, in seconds.
    @exclusivity(unchecked) public private(set) var now: Double = 0
    // Exclusivity unchecked: read on every sample by advance(to:) (Bench, main sequence).
    @exclusivity(unchecked) private var heap: [Entry] = []
    /// What a timer does when it fires.
    private enum Action {
        /// Run a closure.
        case closure(@MainActor () -> Void)
        /// Call a target's `timerFired(_:)`: no closure to allocate per timer.
        case target(any TimerTarget)
    }

    /// A timer's action, kept in `slots`; a slot is reused once its timer
    /// fired or was cancelled, and the sequence tells its timers apart.
    private struct Slot {
        var sequence: UInt64
        var action: Action?
    }

    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// The actions of pending timers, by slot: scheduling, cancelling and
    /// firing index an array, where a dictionary by sequence hashed each time.
    @exclusivity(unchecked) private var slots: [Slot] = []
    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// Slots whose timers are gone, for reuse: memory follows the timers pending at once.
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// The number of timers waiting to fire.
    @exclusivity(unchecked) public private(set) var pendingCount = 0
    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0

    /// Creates a scheduler whose clock reads 0.
    public init() {
        heap.reserveCapacity(16)
        slots.reserveCapacity(16)
        freeSlots.reserveCapacity(16)
    }

    /// Whether the timer with this sequence, kept in this slot, is still waiting.
    private func isLive(sequence: UInt64, slot: Int) -> Bool {
        slot >= 0 && slot < slots.count && slots[slot].sequence == sequence && slots[slot].action != nil
    }

    /// Takes a live timer's action out of its slot and frees the slot.
    private func takeAction(sequence: UInt64, slot: Int) -> Action? {
        guard isLive(sequence: sequence, slot: slot) else { return nil }
        let action = slots[slot].action
        _ = dropAction(sequence: sequence, slot: slot)
        return action
    }

    /// Frees a live timer's slot, dropping its action unread; returns
    /// whether the timer was live. Cancelling (on every tap) need not copy
    /// the action out only to release it.
    private func dropAction(sequence: UInt64, slot: Int) -> Bool {
        guard isLive(sequence: sequence, slot: slot) else { return false }
        slots[slot].action = nil
        freeSlots.append(slot)
        pendingCount -= 1
        return true
    }

    /// Schedules `action` to run `delay` seconds from now.
    ///
    /// A negative or NaN delay means "now": the action runs at the next
    /// `advance(to:)`. An infinite delay never fires.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
        insert(.closure(action), at: deadline(after: delay))
    }

    /// The deadline `delay` seconds from now (negative or NaN: now).
    ///
    /// A positive delay always lands after now, even where it is smaller
    /// than the spacing of doubles near now (at t = 1e300, 0.15 s rounds to
    /// nothing): a timer that was asked to wait never fires at the instant it
    /// was scheduled.
    private func deadline(after delay: Double) -> Double {
        guard delay > 0 else { return now }
        let deadline = now + delay
        return deadline > now ? deadline : now.nextUp
    }

    /// Schedules `action` to run at virtual time `deadline` (clamped to now).
    @discardableResult
    public func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
        insert(.closure(action), at: deadline)
    }

    /// Schedules a call to `target.timerFired(_:)` after `delay` seconds (negative or NaN: now).
    ///
    /// The scheduler holds the target until the timer fires or is cancelled.
    @discardableResult
    public func schedule(after delay: Double, firing target: any TimerTarget) -> TimerToken {
        insert(.target(target), at: deadline(after: delay))
    }

    private func insert(_ action: Action, at deadline: Double) -> TimerToken {
        let safeDeadline = deadline >= now ? deadline : now
        let sequence = nextSequence
        nextSequence &+= 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = Slot(sequence: sequence, action: action)
        } else {
            slot = slots.count
            slots.append(Slot(sequence: sequence, action: action))
        }
        pendingCount += 1
        heap.append(Entry(deadline: safeDeadline, sequence: sequence, slot: slot))
        siftUp(heap.count - 1)
        return TimerToken(sequence: sequence, slot: slot)
    }

    /// Cancels a timer; cancelling one that fired or was cancelled does nothing.
    public func cancel(_ token: TimerToken) {
        guard dropAction(sequence: token.sequence, slot: token.slot) else { return }
        // Cancelled entries stay in the heap until they reach its front; when
        // they outnumber the live ones, rebuild it so memory stays bounded by
        // the timers actually pending.
        if heap.count > 2 * pendingCount + 16 { compact() }
    }

    /// Drops cancelled entries and restores the heap order.
    private func compact() {
        var kept = 0
        for index in heap.indices where isLive(sequence: heap[index].sequence, slot: heap[index].slot) {
            heap[kept] = heap[index]
            kept += 1
        }
        heap.removeLast(heap.count - kept)
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    /// Drops every pending timer without firing it, and the targets and
    /// closures they hold: a window does this when it goes, since recognizers
    /// that scheduled on it hold its scheduler.
    package func discardPendingTimers() {
        heap.removeAll()
        slots.removeAll()
        freeSlots.removeAll()
        pendingCount = 0
    }

    /// The earliest deadline of a timer still waiting to fire, or nil when none is.
    ///
    /// Cancelled timers are skipped, and so are timers that never fire (an
    /// infinite delay). Reading it changes nothing: a run loop may ask as
    /// often as it likes, then sleep until that moment and `advance(to:)` it.
    public var nextDeadline: Double? {
        guard let first = heap.first else { return nil }
        if isLive(sequence: first.sequence, slot: first.slot) { return first.deadline.isFinite ? first.deadline : nil }
        // The front was cancelled: search the heap without reordering it. A
        // live entry bounds its whole subtree, so the walk stops at the first
        // live entry on each path and at anything no earlier than the best.
        var best = Double.infinity
        var stack = [0]
        while let index = stack.popLast() {
            let entry = heap[index]
            guard entry.deadline < best else { continue }
            if isLive(sequence: entry.sequence, slot: entry.slot) {
                best = entry.deadline
                continue
            }
            for child in [2 * index + 1, 2 * index + 2] where child < heap.count { stack.append(child) }
        }
        return best.isFinite ? best : nil
    }

    /// The number of entries in the heap, live and cancelled (for tests of its bound).
    package var storedEntryCount: Int { heap.count }

    /// Whether the timer is still waiting to fire.
    public func isPending(_ token: TimerToken) -> Bool {
        isLive(sequence: token.sequence, slot: token.slot)
    }

    /// The window whose clock this is, if any: it runs the timers, one
    /// dispatch at a time (rule G10). Unowned: the window owns its
    /// scheduler and clears this when it is freed.
    package unowned var owner: Window?

    /// Moves the clock to `time`, firing every timer due at or before it.
    ///
    /// A time earlier than `now`, or NaN, fires what is due now and leaves
    /// the clock where it is. On a window's scheduler this is the window's
    /// `advanceTime(to:)`: called from a callback, it moves the clock at
    /// once and the timers it makes due run once the current dispatch is done.
    public func advance(to time: Double) {
        if let owner {
            owner.advanceTime(to: time.isNaN ? now : time)
            return
        }
        while fireNextDueTimer(through: time) {}
        moveClock(to: time)
    }

    /// Moves the clock forward to `time` without firing anything; an
    /// earlier time, or NaN, leaves it where it is.
    package func moveClock(to time: Double) {
        if time > now { now = time }
    }

    /// Whether a timer is waiting with a deadline at or before `time` (or now).
    ///
    /// Inlined: on nearly every touch sample nothing is waiting, and this is
    /// then one comparison.
    @inline(__always)
    package func hasTimer(dueBy time: Double) -> Bool {
        guard let first = heap.first else { return false }
        return first.deadline <= time || first.deadline <= now
    }

    /// Fires the earliest timer due at or before `time` (or now), if there
    /// is one, with the clock at its deadline (never moved back); returns
    /// whether one fired. Cancelled entries met on the way are dropped.
    package func fireNextDueTimer(through time: Double) -> Bool {
        let target = time > now ? time : now
        while let first = heap.first, first.deadline <= target {
            popFirst()
            guard let action = takeAction(sequence: first.sequence, slot: first.slot) else { continue }
            if first.deadline > now { now = first.deadline }
            switch action {
            case .closure(let body): body()
            case .target(let firing): firing.timerFired(TimerToken(sequence: first.sequence, slot: first.slot))
            }
            return true
        }
        // Cancelled entries left at the front would only slow later calls.
        while let first = heap.first, !isLive(sequence: first.sequence, slot: first.slot) {
            popFirst()
        }
        return false
    }

    private func popFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].firesBefore(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            var first = left
            if right < heap.count && heap[right].firesBefore(heap[left]) { first = right }
            guard heap[first].firesBefore(heap[parent]) else { return }
            heap.swapAt(first, parent)
            parent = first
        }
    }
}
