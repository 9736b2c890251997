/// The root of a view tree: where touches enter and where virtual time is kept.
///
/// A toolkit feeds each touch sample to `send(_:)`, in window coordinates,
/// and calls `advanceTime(to:)` when time passes with no samples (a finger
/// held still), so that timers such as a long press's fire on time. Nothing
/// here reads a clock: the same inputs always give the same results.
@MainActor
public final class Window: View, GestureArenaTouches {
    /// The virtual clock and timers of this window.
    public let scheduler = VirtualScheduler()
    let arbiter: GestureArbiter
    let event: Event
    /// The fingers that are down, their recognizers and how their views
    /// hear of them: a value that decides and records, and calls no one.
    /// The window takes it out for each change (`updateTouchTable(_:)`) and
    /// calls out only with it back in place, so no access to it ever
    /// overlaps another and the compiler proves its exclusivity statically.
    private var table = TouchTable()
    /// The recognizers each finger that is down is delivered to, and
    /// whether each ignored it: one entry per record of `table`, in the same
    /// order (opened and closed together), changed as the table is
    /// (`updateArena(_:)`).
    private var arena = GestureArena<GestureRecognizer>()
    /// The serial of the last touch that went down in any window: records
    /// and touches are told apart by it, never by their id alone (G11).
    private static var lastTouchSerial: UInt64 = 0
    /// The set handed to responder methods, emptied and refilled for each
    /// delivery so that steady use allocates nothing; nil while lent out.
    private var reusableTouchSet: Set<Touch> = []
    /// The serial of the touch in `reusableTouchSet` when it holds one.
    private var reusableTouchSetSerial: UInt64 = 0
    /// The storage a touch-down's hit test notes its path in, kept for reuse.
    private var spareHitPath = HitPath()
    /// Whether an input, a timer or an engine call that calls out is being
    /// dispatched: inputs sent meanwhile are queued (rule G10).
    private var isDispatching = false
    /// Whether the queued inputs are being dispatched.
    private var isDispatchingQueue = false
    /// Inputs sent while dispatching, in the order sent (G10).
    private var inputQueue = InputQueue()
    /// Whether the focused item may have stopped being focusable: checked
    /// once the current dispatch is done (K4). Kept here, not with the
    /// focus state, because every dispatch reads it.
    var needsFocusCheck = false
    /// Focus repairs (rule K4) made during the current outermost dispatch,
    /// bounded by `focusRepairsPerDispatchLimit`. Kept here, beside the
    /// queue's count, because every dispatch resets it, focus or not.
    var focusRepairsThisDispatch = 0
    /// Per-window state that layers above the engine keep here (see `attachment(_:orInsert:)`).
    private var attachments: [ObjectIdentifier: AnyObject] = [:]

    /// A number no other window of this process has had, never 0: what its views' `windowSerial` reads.
    public let serial: UInt64 = Window.takeSerial()
    private static var lastSerial: UInt64 = 0
    private static func takeSerial() -> UInt64 {
        lastSerial &+= 1
        return lastSerial
    }

    /// Creates a window; its bounds start at the origin.
    override public init(frame: Rect) {
        event = Event(window: nil)
        arbiter = GestureArbiter()
        super.init(frame: frame)
        event.window = self
        arbiter.touches = self
        scheduler.owner = self
        storedWindow = self
        storedWindowSerial = serial
        // Replaced on every change of geometry in this window's tree (see
        // `View.currentGeometryStamp`): cached offsets carry the stamp they were computed at.
        treeState = TreeState()
        treeState.geometryStamp = View.takeGeometryStamp()
    }

    // The views of the tree, the event and the arbiter point back here
    // unowned; they may outlive the window, so they are told it is gone.
    isolated deinit {
        event.window = nil
        arbiter.touches = nil
        scheduler.owner = nil
        // Recognizers hold the scheduler strongly, and its pending timers
        // hold them: the cycle ends here, as the window's timers can no
        // longer fire for it.
        scheduler.discardPendingTimers()
        var stack = subviews
        while let node = stack.popLast() {
            node.storedWindow = nil
            node.storedWindowSerial = 0
            node.treeState = View.windowlessTreeState
            stack.append(contentsOf: node.subviews)
        }
    }

    /// Where the window's origin lies on the screen, in points; zero by default.
    ///
    /// The toolkit sets it where the compositor tells it (X11 does; Wayland
    /// hides it, and GTK 4 then reports window coordinates). Screen readers
    /// read extents in screen coordinates as window coordinates plus this origin.
    public var screenOrigin: Point {
        get { storedScreenOrigin }
        set { storedScreenOrigin = newValue }
    }
    private var storedScreenOrigin: Point = .zero

    /// The person's preferred text size; the large content viewer acts only
    /// at accessibility sizes.
    ///
    /// Changing it tells every recognizer that holds a touch, through
    /// `GestureRecognizer.preferredContentSizeCategoryDidChange()`: the
    /// large content viewer's gesture in progress is cancelled (its HUD
    /// hidden, nothing selected) when the size leaves the accessibility range.
    /// Recognizers without touches are not engaged and have nothing to stop.
    public var preferredContentSizeCategory: ContentSizeCategory {
        get { storedContentSizeCategory }
        set {
            let oldValue = storedContentSizeCategory
            storedContentSizeCategory = newValue
            treeState.usesAccessibilityTextSize = newValue.isAccessibilityCategory
            guard oldValue != newValue else { return }
            dispatching {
                for recognizer in recognizersHoldingTouches() { recognizer.preferredContentSizeCategoryDidChange() }
            }
        }
    }
    private var storedContentSizeCategory: ContentSizeCategory = .large

    /// Tells the recognizers holding touches that a frame, bounds or
    /// superview changed in this window: what lies under a still finger may
    /// have changed (rule L9). Free when no finger is down.
    func geometryDidChangeUnderTouches() {
        guard !table.records.isEmpty else { return }
        if table.records.count == 1 {
            // One finger (a drag in a scroll view, every frame): its list
            // names each recognizer once, so a copy of it does, with no
            // array to build. A copy, as the calls may change the touches.
            let seats = arena.entries[0].seats
            for seat in seats { seat.member.windowGeometryDidChange() }
            return
        }
        for recognizer in recognizersHoldingTouches() { recognizer.windowGeometryDidChange() }
    }

    /// Each recognizer that holds a touch, once: a snapshot, as the calls
    /// made to them may change the touches.
    private func recognizersHoldingTouches() -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        for entry in arena.entries {
            for seat in entry.seats where !found.contains(where: { $0 === seat.member }) {
                found.append(seat.member)
            }
        }
        return found
    }

    /// The current virtual time, in seconds.
    public var currentTime: Double { scheduler.now }

    /// The earliest moment a pending timer is due, in virtual seconds; nil when none is.
    ///
    /// A real event loop sleeps until then (or until input arrives) and calls
    /// `advanceTime(to:)`: a long press then begins on time with no sample
    /// to carry it. Cancelled timers and timers that never fire are not counted.
    public var nextTimerDeadline: Double? { scheduler.nextDeadline }

    /// Fires every timer due at or before `timestamp`, as when a finger is held still.
    ///
    /// Time never goes backwards: an earlier timestamp fires only what is due
    /// now. A NaN or infinite timestamp is ignored. Called from a callback
    /// while the window is dispatching (rule G10), it moves `currentTime` at
    /// once; the timers it makes due run after the current dispatch, before
    /// the outermost `send` or `advanceTime(to:)` returns.
    public func advanceTime(to timestamp: Double) {
        guard timestamp.isFinite else { return }
        guard !isDispatching else {
            scheduler.moveClock(to: timestamp)
            return
        }
        isDispatching = true
        fireTimers(through: timestamp)
        finishDispatch()
    }

    // MARK: The end of the responder chain for keys (K1)

    /// A key that reached the window moves the focus or activates the focused item (K2, K3).
    override public func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        pressesReachedWindow(presses)
    }

    /// Releases that reach the window need nothing: the end of the chain.
    override public func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {}

    /// Changes that reach the window need nothing: the end of the chain.
    override public func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {}

    /// Cancels that reach the window need nothing: the end of the chain.
    override public func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {}

    // MARK: One dispatch at a time (G10)

    /// Runs `body` as a dispatch of its own, unless one is running: what a
    /// callback it calls sends waits until `body` is done. For the engine's
    /// entry points that call out (a subtree leaving the window cancels
    /// gestures, whose actions may send touches).
    func dispatching(_ body: () -> Void) {
        guard !isDispatching else { return body() }
        isDispatching = true
        body()
        finishDispatch()
    }

    /// Queues an input sent while the window is dispatching; false past the queue's bounds.
    private func enqueue(_ input: InputQueue.Entry) -> Bool {
        changeInputQueue { $0.enqueue(input) }
    }

    /// Changes the queue out of its property (swapped with an empty one):
    /// what a change releases is then released outside any access to it, so
    /// every access is a plain load, a store or a swap, which the compiler
    /// proves exclusive without a check on each dispatch.
    private func changeInputQueue<Result>(_ change: (inout InputQueue) -> Result) -> Result {
        var queue = InputQueue()
        swap(&queue, &inputQueue)
        let result = change(&queue)
        swap(&queue, &inputQueue)
        return result
    }
    /// The most focus repairs (rule K4) during one outermost `send`,
    /// `advanceTime(to:)` or engine call: past it the focus leaves the window.
    nonisolated static let focusRepairsPerDispatchLimit = 1_000

    /// Fires the timers due at or before `time`, each followed by the
    /// inputs it sent, then moves the clock to `time`.
    private func fireTimers(through time: Double) {
        while scheduler.fireNextDueTimer(through: time) {
            dispatchQueuedInputs()
        }
        scheduler.moveClock(to: time)
    }

    /// Dispatches the queued inputs in the order they were sent. Not
    /// re-entered: inputs queued by timers that a queued input makes due
    /// wait for this loop, after that input.
    private func dispatchQueuedInputs() {
        guard !isDispatchingQueue, inputQueue.hasWaiting else { return }
        isDispatchingQueue = true
        while let next = inputQueue.next() {
            switch next {
            case .touch(let input): _ = dispatch(input)
            case .hover(let input): dispatchHoverNow(input)
            case .key(let input): dispatchKeyNow(input)
            }
        }
        changeInputQueue { $0.drained() }
        isDispatchingQueue = false
    }

    /// Ends the outermost dispatch: the queued inputs, and the timers that
    /// callbacks made due, run now, until nothing is left.
    private func finishDispatch() {
        while true {
            if inputQueue.hasWaiting { dispatchQueuedInputs() }
            if scheduler.fireNextDueTimer(through: currentTime) { continue }
            // A focused item that went away meanwhile is replaced once (K4).
            guard needsFocusCheck, checkFocus() else { break }
        }
        isDispatching = false
        inputQueue.dispatchDidFinish()
        focusRepairsThisDispatch = 0
    }

    // MARK: Touch delivery

    /// Delivers one touch sample, in window coordinates.
    ///
    /// Timers due at or before the sample's timestamp fire first. A touch
    /// that begins is hit-tested and stays bound to the view it hit, with the
    /// recognizers of that view and its ancestors (innermost first) that are
    /// enabled and agree to receive it; each later sample of the touch goes
    /// to those recognizers, whatever view is under the finger by then.
    ///
    /// One dispatch at a time (rule G10): a sample sent from a callback while
    /// the window is dispatching (an action, a delegate, an observer, a
    /// responder method, a timer) is queued and dispatched after the current
    /// input, in the order sent, before the outermost call returns; that
    /// call answers `.queued`.
    ///
    /// Bad input is refused, never trapped on: a sample for a touch that is
    /// not down, a second `began` for a touch that is down, a touch-down
    /// beyond `GestureConstants.maximumTouchesDown`, or a non-finite location
    /// on `began` or `moved` changes nothing and returns the reason.
    /// A timestamp earlier than `currentTime` (or NaN) counts as now; an
    /// ended or cancelled touch with a non-finite location ends where it was.
    @discardableResult
    public func send(_ input: TouchInput) -> TouchDelivery {
        guard !isDispatching else { return enqueue(.touch(input)) ? .queued : .rejected(.tooManyQueued(id: input.id)) }
        isDispatching = true
        let result = dispatch(input)
        finishDispatch()
        return result
    }

    /// Delivers one key sample: key-input filters, key commands, then the
    /// responders (rule K1); what reaches the window moves the focus or
    /// activates the focused item (K2, K3).
    ///
    /// Timers due at or before the sample fire first; an earlier or NaN
    /// timestamp counts as now. As for touches (rule G10), a sample sent
    /// from a callback while the window dispatches is queued and dispatched
    /// after the current input (`.queued`); past the queue's bounds (those
    /// that refuse a touch with `TouchInputError.tooManyQueued`) it is
    /// dropped (`.dropped`), so a callback that sends on every key cannot
    /// hang the window. Any key and any phase order is taken; an `ended`
    /// with no `began` reaches the responders like any other.
    @discardableResult
    public func send(_ input: KeyInput) -> InputDelivery {
        guard !isDispatching else { return enqueue(.key(input)) ? .queued : .dropped }
        isDispatching = true
        dispatchKeyNow(input)
        finishDispatch()
        return .delivered
    }

    /// Dispatches a pointer sample now, or queues it while dispatching (G10).
    func dispatchHover(_ input: HoverInput) -> InputDelivery {
        guard !isDispatching else { return enqueue(.hover(input)) ? .queued : .dropped }
        isDispatching = true
        dispatchHoverNow(input)
        finishDispatch()
        return .delivered
    }

    /// Moves the clock to a sample's time, firing the timers due first,
    /// each followed by what it sent.
    func advanceClockForSample(to timestamp: Double) {
        if scheduler.hasTimer(dueBy: timestamp) {
            fireTimers(through: timestamp)
        } else {
            scheduler.moveClock(to: timestamp)
        }
    }

    /// Dispatches one touch sample: its timers first, then the sample.
    private func dispatch(_ input: TouchInput) -> TouchDelivery {
        var admission = table.admit(input)
        if case .refuse(let error) = admission { return .rejected(error) }
        let timestamp = input.timestamp.isFinite ? input.timestamp : currentTime
        if scheduler.hasTimer(dueBy: timestamp) {
            fireTimers(through: timestamp)
            // What the timers sent ran first, and may have made this sample stale.
            admission = table.admit(input)
            if case .refuse(let error) = admission { return .rejected(error) }
        } else {
            scheduler.moveClock(to: timestamp)
        }
        event.storedTimestamp = currentTime
        switch admission {
        case .begin:
            beginTouch(input)
        case .sample(let index):
            switch input.phase {
            case .moved, .stationary: moveTouch(input, at: index)
            case .ended, .cancelled: endTouch(input, at: index)
            case .began: break
            }
        case .refuse:
            break
        }
        return .delivered
    }

    /// Runs a change of the touch table on the table taken out of the
    /// window, then puts it back. `change` is the table's own code, which
    /// calls no one: nothing can look at the window's table meanwhile.
    @inline(__always)
    func updateTouchTable<Result>(_ change: (inout TouchTable) -> Result) -> Result {
        // Swapped out and back: no copy, no reference counting, and each
        // access to `table` is a plain move.
        var taken = TouchTable()
        swap(&taken, &table)
        let result = change(&taken)
        swap(&taken, &table)
        return result
    }

    /// The touch table as it is now (a copy: read it, do not keep it).
    var touchTable: TouchTable { table }

    /// Runs a change of the arena on the arena taken out of the window, then
    /// puts it back, as `updateTouchTable(_:)` does for the table.
    @inline(__always)
    func updateArena<Result>(_ change: (inout GestureArena<GestureRecognizer>) -> Result) -> Result {
        var taken = GestureArena<GestureRecognizer>()
        swap(&taken, &arena)
        let result = change(&taken)
        swap(&taken, &arena)
        return result
    }

    /// The arena as it is now (a copy: read it, do not keep it).
    var gestureArena: GestureArena<GestureRecognizer> { arena }

    /// Who takes part in each touch-down, one line each, for diagnostics.
    var arenaDescription: String {
        arena.description { $0.description }
    }

    /// The fingers that are down and who takes part in each, one line each, for diagnostics.
    var touchesDescription: String {
        guard !table.records.isEmpty else { return "no touch down" }
        var lines: [String] = []
        for record in table.records {
            let touch = record.touch
            let members = arena.seats(ofSerial: touch.serial) ?? []
            let names = members.map { seat in seat.member.description + (seat.hasIgnored ? " (ignored)" : "") }
            lines.append("touch \(touch.id) (touch-down \(touch.serial)) \(touch.phase) at \(touch.location.x), "
                + "\(touch.location.y), view \(record.delivery): " + (names.isEmpty ? "no recognizer" : names.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// A set holding just `touch`, for a responder method, built in the
    /// window's reusable set so that steady use allocates nothing.
    func responderSet(holding touch: Touch) -> Set<Touch> {
        var set = reusableTouchSet
        reusableTouchSet = []
        if set.count == 1 && reusableTouchSetSerial == touch.serial {
            // The same finger as last time (every move of one finger): one
            // replacement, one hash, instead of emptying and inserting.
            set.update(with: touch)
        } else {
            set.removeAll(keepingCapacity: true)
            set.insert(touch)
            reusableTouchSetSerial = touch.serial
        }
        reusableTouchSet = set
        return set
    }

    /// Cancels every touch that is down, as when the system takes the screen away.
    public func cancelAllTouches() {
        for record in table.records {
            send(TouchInput(id: record.touch.id, phase: .cancelled, location: record.touch.location, timestamp: currentTime))
        }
    }

    /// The number of fingers that are down.
    public var activeTouchCount: Int { table.records.count }

    /// The fingers that are down, with their latest samples, in the order they went down.
    public var touchesDown: [Touch] { table.records.map(\.touch) }

    /// The latest sample of the finger with this id, or nil when it is not down.
    public func touch(withID id: Int) -> Touch? {
        guard let index = table.index(ofID: id) else { return nil }
        return table.records[index].touch
    }

    private func beginTouch(_ input: TouchInput) {
        // The path's storage is taken out while in use: a callback below
        // (an overriding `hitTest`) may hit-test again.
        var path = HitPath()
        swap(&path, &spareHitPath)
        defer {
            path.clear()
            spareHitPath = path
        }
        // The built-in `hitTest` (a window's class is final), noting the
        // views it enters that have recognizers.
        if !gestureRecognizers.isEmpty { path.recognizerViews.append(self) }
        let hitView = acceptsHits && point(inside: input.location, with: event)
            ? deepestView(from: self, at: input.location, with: event, recording: true, path: &path)
            : nil
        var touch = Touch(
            id: input.id, phase: .began, location: input.location, previousLocation: input.location,
            startLocation: input.location, timestamp: currentTime, startTimestamp: currentTime,
            view: hitView, tapCount: table.tapCount(at: input.location, time: currentTime), type: input.type
        )
        Window.lastTouchSerial &+= 1
        let serial = Window.lastTouchSerial
        touch.serial = serial
        var recognizers = updateArena { $0.takeSeatList() }
        var delaysBegan = false
        // The hit view's recognizers first, then its ancestors'. Where the
        // built-in search found the hit view, the path holds them all. Where
        // an overriding `hitTest` answered, the views from the hit view up
        // to where the search handed over are found by walking up, and the
        // path holds the rest (unless the answer lies outside that view).
        let walkEnd = path.answeredBelow
        var node = walkEnd == nil ? nil : hitView
        while let view = node, view !== walkEnd {
            collectRecognizers(of: view, for: touch, into: &recognizers, delaysBegan: &delaysBegan)
            node = view.superview
        }
        if hitView != nil && (walkEnd == nil || node != nil) {
            var index = path.recognizerViews.count - 1
            while index >= 0 {
                collectRecognizers(of: path.recognizerViews[index], for: touch, into: &recognizers, delaysBegan: &delaysBegan)
                index -= 1
            }
        }
        let delivery = ResponderDelivery.forNewTouch(
            viewHearsIt: hitView.map { viewMayTakeNewTouch($0) } ?? false, beganDelayed: delaysBegan
        )
        updateTouchTable { $0.add(TouchTable.Record(touch: touch, delivery: delivery)) }
        updateArena { $0.open(serial: serial, seats: recognizers) }
        for seat in recognizers where arena.isSeated(seat.member, serial: serial) {
            // A callback of an earlier recognizer may have taken this one out
            // of the touch (disabled, removed, abandoned): it must not record
            // a touch whose end it would never hear.
            seat.member.receiveBegan(touch, with: event)
        }
        // Failure requirements a delegate or a subclass gives hold for the whole attempt (G12).
        if recognizers.count > 1 { arbiter.touchDidGoDown(serial: serial) }
        // The view hears of the touch after its recognizers, as in UIKit; one
        // of them may have recognized and cancelled it meanwhile.
        if let began = updateTouchTable({ $0.recognizersHeardDown(serial: serial) }) {
            deliverToView(.began, began)
        }
    }

    /// Adds the recognizers of `view` that are enabled and agree to receive the touch.
    private func collectRecognizers(
        of view: View, for touch: Touch, into recognizers: inout [GestureArena<GestureRecognizer>.Seat], delaysBegan: inout Bool
    ) {
        // Most views on the way up have no recognizers: no list is copied for them.
        if view.gestureRecognizers.isEmpty { return }
        for recognizer in view.gestureRecognizers where recognizer.isEnabled
            && recognizer.allows(touch.type)
            && recognizer.shouldReceive(touch)
            && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false {
            recognizers.append(GestureArena.Seat(member: recognizer))
            if recognizer.delaysTouchesBegan { delaysBegan = true }
        }
    }

    /// Records a move or stationary sample of the touch whose record is at `index`, and delivers it.
    private func moveTouch(_ input: TouchInput, at index: Int) {
        // Only the records are swapped out and back, the cheapest change
        // that never holds an access to the table across a call.
        var records: [TouchTable.Record] = []
        swap(&records, &table.records)
        let touch = records[index].touch.record(input.phase, at: input.location, time: currentTime)
        swap(&records, &table.records)
        assert(arena.entries[index].serial == touch.serial, "the arena's entries do not follow the table's records")
        let recognizerCount = arena.entries[index].seats.count
        if recognizerCount == 1 {
            // The common case: the one recognizer, without copying the list.
            let recognizer = arena.entries[index].seats[0].member
            recognizer.receiveMoved(touch, with: event, isWaiting: isWaiting(recognizer))
        } else if recognizerCount > 1 {
            // A copy: a callback may change the touch's recognizers.
            let seats = arena.entries[index].seats
            for seat in seats {
                seat.member.receiveMoved(touch, with: event, isWaiting: isWaiting(seat.member))
            }
        }
        guard input.phase == .moved, let moved = table.touchForMove(serial: touch.serial, near: index) else { return }
        deliverToView(.moved, moved)
    }

    private func endTouch(_ input: TouchInput, at index: Int) {
        let touch = updateTouchTable { $0.recordEnd(at: index, input.phase, at: input.location, time: currentTime) }
        let serial = touch.serial
        assert(arena.entries[index].serial == serial, "the arena's entries do not follow the table's records")
        let seats = arena.entries[index].seats
        for seat in seats {
            seat.member.receiveEnded(touch, with: event, isWaiting: isWaiting(seat.member))
        }
        // Callbacks may have taken recognizers away (never touches: G10).
        if let current = arena.seats(ofSerial: serial) {
            finishViewDelivery(of: serial, seats: current)
        }
        // Recognizers reset only once the touch is no longer current.
        updateTouchTable { $0.remove(serial: serial, time: currentTime) }
        updateArena { $0.close(serial: serial) }
        for seat in seats {
            seat.member.forgetTouch(touch)
        }
        settleViewDeliveries()
        updateArena { $0.recycle(seats) }
        // With the last finger up, the attempts that ended with it leave no requirement behind.
        if arena.entries.isEmpty && !arena.requirements.isEmpty {
            updateArena { $0.dropDeadRequirements(isLive: Self.isInAttempt) }
        }
    }

    /// Whether a touch that is down is still delivered to a recognizer.
    func isDelivering(_ serial: UInt64, to recognizer: GestureRecognizer) -> Bool {
        arena.isSeated(recognizer, serial: serial)
    }

    /// The recognizers a touch that is down is delivered to, each with
    /// whether it ignored the touch (for the arbiter).
    func arenaSeats(ofTouchSerial serial: UInt64) -> [GestureArena<GestureRecognizer>.Seat]? {
        arena.seats(ofSerial: serial)
    }

    /// The recognizers waiting to leave `possible`, in the order they started waiting (for the arbiter).
    var arenaWaiters: [GestureArena<GestureRecognizer>.Waiter] { arena.waiting }

    /// Whether any recognizer waits to leave `possible`.
    var hasArenaWaiters: Bool { !arena.waiting.isEmpty }

    /// Whether a recognizer waits for others to fail: asked for each sample
    /// the recognizer gets, here, where the arena is at hand.
    @inline(__always)
    private func isWaiting(_ recognizer: GestureRecognizer) -> Bool {
        !arena.waiting.isEmpty && arena.pendingState(of: recognizer) != nil
    }

    /// The state a recognizer waits to enter, or nil when it is not waiting.
    func pendingState(of recognizer: GestureRecognizer) -> GestureRecognizer.State? {
        // No one waits, nearly always: one test.
        if arena.waiting.isEmpty { return nil }
        return arena.pendingState(of: recognizer)
    }

    /// Records that a recognizer waits to enter `target`, or, for nil, that it no longer waits.
    func recognizer(_ recognizer: GestureRecognizer, waitsToEnter target: GestureRecognizer.State?) {
        if let target {
            updateArena { $0.wait(recognizer, toEnter: target) }
        } else if !arena.waiting.isEmpty {
            updateArena { $0.stopWaiting(recognizer) }
        }
    }

    /// The failure requirements recorded for the recognizers' attempts (for the arbiter).
    var arenaRequirements: [GestureArena<GestureRecognizer>.Requirement] { arena.requirements }

    /// Whether `dependent`'s current attempt waits for `required` by a recorded requirement.
    func arenaRequires(_ dependent: GestureRecognizer, toFail required: GestureRecognizer) -> Bool {
        !arena.requirements.isEmpty && arena.requires(dependent, attempt: dependent.attempt, toFail: required)
    }

    /// The recognizers `dependent`'s current attempt waits for by recorded requirements, in order.
    func arenaRequiredMembers(of dependent: GestureRecognizer) -> [GestureRecognizer] {
        arena.requiredMembers(of: dependent, attempt: dependent.attempt)
    }

    /// Records that `dependent` waits for `required` to fail for the rest of its current attempt (G12).
    func recognizer(_ dependent: GestureRecognizer, requiresForThisAttempt required: GestureRecognizer) {
        updateArena { $0.require(dependent, attempt: dependent.attempt, toFail: required, isLive: Self.isInAttempt) }
        dependent.attemptDidGainRequirement()
    }

    /// Whether a recognizer is still in the attempt given: a requirement of it is live.
    private static func isInAttempt(_ recognizer: GestureRecognizer, _ attempt: UInt32) -> Bool {
        recognizer.attempt == attempt
    }

    /// A recognizer stopped tracking a touch (`GestureRecognizer.ignore(_:)`):
    /// it no longer competes for it.
    func recognizer(_ recognizer: GestureRecognizer, didIgnoreTouchWithSerial serial: UInt64) {
        updateArena { $0.ignore(serial: serial, by: recognizer) }
    }

    /// Stops delivering touches to a recognizer (disabled, removed, or gone from the window).
    func stopDelivering(to recognizer: GestureRecognizer) {
        updateArena { $0.remove(recognizer) }
    }

    /// Called before `root` and its subtree leave this window: their
    /// recognizers give up the touches they are tracking.
    func subtreeWillLeave(_ root: View) {
        var leaving: [GestureRecognizer] = []
        // Hovers take no touches: the pointer's recognizers in the subtree
        // are cancelled too, rather than ended by the next pointer sample.
        for hover in existingAttachment(HoverState.self)?.hovering ?? [] {
            if let view = hover.view, view.isDescendant(of: root) { leaving.append(hover) }
        }
        for entry in arena.entries {
            for seat in entry.seats {
                let recognizer = seat.member
                guard let view = recognizer.view, view.isDescendant(of: root) else { continue }
                if !leaving.contains(where: { $0 === recognizer }) { leaving.append(recognizer) }
            }
        }
        dispatching {
            for recognizer in leaving {
                recognizer.abandonTouches()
            }
            // A responder that leaves hears its presses cancelled, as a
            // view hears its touches cancelled; a first responder that
            // leaves gives up; a focused item that leaves is replaced once
            // the dispatch is done (K4).
            cancelPresses(inside: root)
            if let state = existingAttachment(FocusState.self) {
                if let responder = state.firstResponder, responder.isDescendant(of: root) {
                    state.firstResponder = nil
                    responder.didResignFirstResponder()
                }
                if let host = state.machine.focusedItem?.focusHostView, host.isDescendant(of: root) {
                    needsFocusCheck = true
                    state.machine.generation &+= 1
                }
                // The modal view leaving gives the focus back (F3).
                if let modal = state.machine.enteredModal, modal.isDescendant(of: root) {
                    state.machine.modalMayHaveChanged = true
                    state.machine.generation &+= 1
                    needsFocusCheck = true
                }
            }
        }
    }

    // MARK: Attachments

    /// The window's attachment of a type, created by `make` on first use.
    ///
    /// A generic place for per-window state that belongs to a layer above
    /// the engine (the large content viewer keeps its HUD here), so that the
    /// engine needs no field of that layer's type. One attachment per type;
    /// the window owns it for its lifetime.
    public func attachment<Attachment: AnyObject>(
        _ type: Attachment.Type, orInsert make: () -> Attachment
    ) -> Attachment {
        let key = ObjectIdentifier(type)
        // Read from a copy: the lookup is a call, and no access to the
        // dictionary spans a call, so its exclusivity is proved statically.
        let table = attachments
        if let existing = table[key] as? Attachment { return existing }
        let created = make()
        // Taken out and put back: the dictionary is never accessed across a call.
        var changed = attachments
        attachments = [:]
        changed[key] = created
        attachments = changed
        return created
    }

    /// The window's attachment of a type, or nil when none was created.
    public func existingAttachment<Attachment: AnyObject>(_ type: Attachment.Type) -> Attachment? {
        let table = attachments
        return table[ObjectIdentifier(type)] as? Attachment
    }

    // MARK: Tree walking

    /// Calls `body` on every view of the window's tree, depth first, without recursion.
    func forEachView(_ body: (View) -> Void) {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            body(view)
            stack.append(contentsOf: view.subviews)
        }
    }
}

/// What `Window.send(_:)` did with a sample.
public enum TouchDelivery: Hashable, Sendable {
    /// The sample was dispatched.
    case delivered
    /// The window was dispatching (the sample came from a callback): it is
    /// queued and will be dispatched, or refused, after the current input.
    case queued
    /// The sample was refused and changed nothing.
    case rejected(TouchInputError)

    /// Whether the sample was dispatched.
    public var isDelivered: Bool { self == .delivered }
}

/// Why a touch sample was refused.
public enum TouchInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `moved`, `stationary`, `ended` or `cancelled` sample for a touch that is not down.
    case touchNotDown(id: Int)
    /// A `began` sample for a touch that is already down.
    case touchAlreadyDown(id: Int)
    /// A `began` or `moved` sample whose location is NaN or infinite.
    case nonFiniteLocation(id: Int)
    /// A `began` sample while `GestureConstants.maximumTouchesDown` fingers are already down.
    case tooManyTouches(id: Int, limit: Int)
    /// A sample sent from a callback while 4 096 inputs already wait for the
    /// current dispatch, or after callbacks queued 100 000 during it.
    case tooManyQueued(id: Int)

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .touchNotDown(let id): "touch \(id) is not down"
        case .touchAlreadyDown(let id): "touch \(id) is already down"
        case .nonFiniteLocation(let id): "touch \(id) has a non-finite location"
        case .tooManyTouches(let id, let limit): "touch \(id) cannot go down: \(limit) touches are already down"
        case .tooManyQueued(let id): "touch \(id) was sent from a callback past the queue's bounds"
        }
    }
}
