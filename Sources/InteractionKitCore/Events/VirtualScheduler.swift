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
    /// The clock and the pending timers: a value whose methods decide and
    /// record and call no one. The scheduler takes it out for each change
    /// and runs a timer's action only with it back in place, so no access to
    /// it overlaps another and its exclusivity is proved statically.
    private var queue = TimerQueue()

    /// Creates a scheduler whose clock reads 0.
    public init() {}

    /// The current virtual time, in seconds.
    public var now: Double { queue.now }

    /// The number of timers waiting to fire.
    public var pendingCount: Int { queue.pendingCount }

    /// Runs a change of the queue on the queue taken out of the scheduler.
    @inline(__always)
    private func change<Result>(_ body: (inout TimerQueue) -> Result) -> Result {
        // Swapped out and back: no copy, no reference counting, and each
        // access to `queue` is a plain move.
        var taken = TimerQueue(empty: ())
        swap(&taken, &queue)
        let result = body(&taken)
        swap(&taken, &queue)
        return result
    }

    /// Schedules `action` to run `delay` seconds from now.
    ///
    /// A negative or NaN delay means "now": the action runs at the next
    /// `advance(to:)`. An infinite delay never fires.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
        change { $0.insert(.closure(action), at: $0.deadline(after: delay)) }
    }

    /// Schedules `action` to run at virtual time `deadline` (clamped to now).
    @discardableResult
    public func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
        change { $0.insert(.closure(action), at: deadline) }
    }

    /// Schedules a call to `target.timerFired(_:)` after `delay` seconds (negative or NaN: now).
    ///
    /// The scheduler holds the target until the timer fires or is cancelled.
    @discardableResult
    public func schedule(after delay: Double, firing target: any TimerTarget) -> TimerToken {
        change { $0.insert(.target(target), at: $0.deadline(after: delay)) }
    }

    /// Cancels a timer; cancelling one that fired or was cancelled does nothing.
    public func cancel(_ token: TimerToken) {
        // The action is released after the queue is back: its deinit may call in.
        let dropped = change { $0.cancel(token) }
        _ = dropped
    }

    /// Drops every pending timer without firing it, and the targets and
    /// closures they hold: a window does this when it goes, since recognizers
    /// that scheduled on it hold its scheduler.
    package func discardPendingTimers() {
        let dropped = change { $0.discardAll() }
        _ = dropped
    }

    /// The earliest deadline of a timer still waiting to fire, or nil when none is.
    ///
    /// Cancelled timers are skipped, and so are timers that never fire (an
    /// infinite delay). Reading it changes nothing: a run loop may ask as
    /// often as it likes, then sleep until that moment and `advance(to:)` it.
    public var nextDeadline: Double? { queue.nextDeadline }

    /// The number of entries in the heap, live and cancelled (for tests of its bound).
    package var storedEntryCount: Int { queue.heap.count }

    /// The latest time the clock has been asked to reach while firing
    /// timers: while an advance runs, how far it goes. A display link reads
    /// it to skip frames it could never catch up on (`DisplayLink.maximumCatchUp`).
    // Internal, not package: a stored property other modules may reach
    // leaves the compiler unable to prove the clock's accesses exclusive.
    private(set) var horizon: Double = 0

    /// Whether the timer is still waiting to fire.
    public func isPending(_ token: TimerToken) -> Bool {
        queue.isLive(sequence: token.sequence, slot: token.slot)
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
        if time > queue.now { queue.now = time }
    }

    /// Whether a timer is waiting with a deadline at or before `time` (or now).
    ///
    /// Inlined: on nearly every touch sample nothing is waiting, and this is
    /// then one comparison.
    @inline(__always)
    package func hasTimer(dueBy time: Double) -> Bool {
        guard let first = queue.heap.first else { return false }
        return first.deadline <= time || first.deadline <= queue.now
    }

    /// Fires the earliest timer due at or before `time` (or now), if there
    /// is one, with the clock at its deadline (never moved back); returns
    /// whether one fired. Cancelled entries met on the way are dropped.
    package func fireNextDueTimer(through time: Double) -> Bool {
        guard hasTimer(dueBy: time) else { return false }
        if time > horizon { horizon = time }
        // The action runs with the queue back in place: it may schedule,
        // cancel and advance the clock.
        guard let (token, action) = change({ $0.takeNextDue(through: time) }) else { return false }
        switch action {
        case .closure(let body): body()
        case .target(let firing): firing.timerFired(token)
        }
        return true
    }
}

/// What a timer does when it fires.
private enum TimerAction {
    /// Run a closure.
    case closure(@MainActor () -> Void)
    /// Call a target's `timerFired(_:)`: no closure to allocate per timer.
    case target(any TimerTarget)
}

/// The clock and the pending timers of a `VirtualScheduler`, as a value: a
/// binary heap keyed by (deadline, sequence), and each timer's action in a
/// reusable slot that its token names, so scheduling, cancelling and firing
/// index an array instead of hashing.
private struct TimerQueue {
    struct Entry {
        var deadline: Double
        var sequence: UInt64
        var slot: Int

        func firesBefore(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    /// A timer's action, kept in `slots`; a slot is reused once its timer
    /// fired or was cancelled, and the sequence tells its timers apart.
    struct Slot {
        var sequence: UInt64
        var action: TimerAction?
    }

    /// The current virtual time, in seconds.
    var now: Double = 0
    private(set) var heap: [Entry] = []
    /// The actions of pending timers, by slot.
    private var slots: [Slot] = []
    /// Slots whose timers are gone, for reuse: memory follows the timers pending at once.
    private var freeSlots: [Int] = []
    /// The number of timers waiting to fire.
    private(set) var pendingCount = 0
    private var nextSequence: UInt64 = 0

    /// A queue with room for 16 timers.
    init() {
        heap.reserveCapacity(16)
        slots.reserveCapacity(16)
        freeSlots.reserveCapacity(16)
    }

    /// A queue with nothing in it and no storage, put in the scheduler while the real one is taken out.
    init(empty: Void) {}

    /// Whether the timer with this sequence, kept in this slot, is still waiting.
    func isLive(sequence: UInt64, slot: Int) -> Bool {
        slot >= 0 && slot < slots.count && slots[slot].sequence == sequence && slots[slot].action != nil
    }

    /// Frees a live timer's slot; returns its action (nil when it was not live).
    private mutating func takeAction(sequence: UInt64, slot: Int) -> TimerAction? {
        guard isLive(sequence: sequence, slot: slot) else { return nil }
        let action = slots[slot].action
        slots[slot].action = nil
        freeSlots.append(slot)
        pendingCount -= 1
        return action
    }

    /// The deadline `delay` seconds from now (negative or NaN: now).
    ///
    /// A positive delay always lands after now, even where it is smaller
    /// than the spacing of doubles near now (at t = 1e300, 0.15 s rounds to
    /// nothing): a timer that was asked to wait never fires at the instant it
    /// was scheduled.
    func deadline(after delay: Double) -> Double {
        guard delay > 0 else { return now }
        let deadline = now + delay
        return deadline > now ? deadline : now.nextUp
    }

    mutating func insert(_ action: TimerAction, at deadline: Double) -> TimerToken {
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

    /// Cancels a timer; returns its action, for the caller to release outside the queue.
    mutating func cancel(_ token: TimerToken) -> TimerAction? {
        guard let action = takeAction(sequence: token.sequence, slot: token.slot) else { return nil }
        // Cancelled entries stay in the heap until they reach its front; when
        // they outnumber the live ones, rebuild it so memory stays bounded by
        // the timers actually pending.
        if heap.count > 2 * pendingCount + 16 { compact() }
        return action
    }

    /// Drops every pending timer; returns their slots, for the caller to release outside the queue.
    mutating func discardAll() -> [Slot] {
        let dropped = slots
        heap.removeAll()
        slots.removeAll()
        freeSlots.removeAll()
        pendingCount = 0
        return dropped
    }

    /// Drops cancelled entries and restores the heap order.
    private mutating func compact() {
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

    /// The earliest deadline of a live timer that will fire, or nil.
    var nextDeadline: Double? {
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

    /// Takes the earliest live timer due at or before `time` (or now) out of
    /// the queue, with the clock moved to its deadline (never back); nil
    /// when none is due. Cancelled entries met on the way are dropped.
    mutating func takeNextDue(through time: Double) -> (TimerToken, TimerAction)? {
        let target = time > now ? time : now
        while let first = heap.first, first.deadline <= target {
            popFirst()
            guard let action = takeAction(sequence: first.sequence, slot: first.slot) else { continue }
            if first.deadline > now { now = first.deadline }
            return (TimerToken(sequence: first.sequence, slot: first.slot), action)
        }
        // Cancelled entries left at the front would only slow later calls.
        while let first = heap.first, !isLive(sequence: first.sequence, slot: first.slot) {
            popFirst()
        }
        return nil
    }

    private mutating func popFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].firesBefore(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
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
