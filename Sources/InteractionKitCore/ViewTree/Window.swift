/// The root of a view tree: where touches enter and where virtual time is kept.
///
/// A toolkit feeds each touch sample to `send(_:)`, in window coordinates,
/// and calls `advanceTime(to:)` when time passes with no samples (a finger
/// held still), so that timers such as a long press's fire on time. Nothing
/// here reads a clock: the same inputs always give the same results.
@MainActor
public final class Window: View {
    /// The virtual clock and timers of this window.
    public let scheduler = VirtualScheduler()
    let arbiter: GestureArbiter
    let event: Event
    // Exclusivity unchecked: read or written on every touch-down or lift (Bench, tap).
    /// Emptied recognizer lists kept for reuse.
    @exclusivity(unchecked) private var recycledRecognizerLists: [[GestureRecognizer]] = []
    // Exclusivity unchecked: searched on every sample (Bench, main sequence).
    /// The fingers that are down, in the order they went down.
    @exclusivity(unchecked) var activeTouches: [ActiveTouch] = []
    // Exclusivity unchecked: read or written on every touch-down or lift (Bench, tap).
    /// The serial of the last touch that went down: records are told apart by
    /// it, since a callback may end a touch and start another with its id.
    @exclusivity(unchecked) var lastTouchSerial: UInt64 = 0
    // Exclusivity unchecked: read or written on every touch-down or lift (Bench, tap).
    /// Where and when the last finger lifted, and its tap count: the next
    /// touch's `tapCount` follows from it.
    @exclusivity(unchecked) var lastLift: (location: Point, time: Double, tapCount: Int)?
    // Exclusivity unchecked: read or written on every touch-down or lift (Bench, tap).
    /// Lifts held back from views while a recognizer may still recognize (`delaysTouchesEnded`).
    @exclusivity(unchecked) var heldEnds: [HeldEnd] = []
    // Exclusivity unchecked: read or written on every touch-down or lift (Bench, tap).
    /// The set handed to responder methods, emptied and refilled for each
    /// delivery so that steady use allocates nothing.
    @exclusivity(unchecked) var reusableTouchSet: Set<Touch> = []
    // Exclusivity unchecked: read or written on every touch-down or lift (Bench, tap).
    /// The serial of the touch in `reusableTouchSet` when it holds one.
    @exclusivity(unchecked) var reusableTouchSetSerial: UInt64 = 0
    // Exclusivity unchecked: read or written on every touch-down (Bench, tap).
    /// The storage a touch-down's hit test notes its path in, kept for reuse.
    @exclusivity(unchecked) private var spareHitPath = HitPath()
    /// Per-window state that layers above the engine keep here (see `attachment(_:orInsert:)`).
    private var attachments: [ObjectIdentifier: AnyObject] = [:]

    /// A number no other window of this process has had (see `View.windowSerial`).
    package let serial: UInt64 = Window.takeSerial()
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
        arbiter.window = self
        window = self
        windowSerial = serial
        // Replaced on every change of geometry in this window's tree (see
        // `View.currentGeometryStamp`): cached offsets carry the stamp they were computed at.
        treeState = TreeState()
        treeState.geometryStamp = View.takeGeometryStamp()
    }

    // The views of the tree, the event and the arbiter point back here
    // unowned; they may outlive the window, so they are told it is gone.
    isolated deinit {
        event.window = nil
        arbiter.window = nil
        // Recognizers hold the scheduler strongly, and its pending timers
        // hold them: the cycle ends here, as the window's timers can no
        // longer fire for it.
        scheduler.discardPendingTimers()
        var stack = subviews
        while let node = stack.popLast() {
            node.window = nil
            node.windowSerial = 0
            node.treeState = View.windowlessTreeState
            stack.append(contentsOf: node.subviews)
        }
    }

    /// Where the window's origin lies on the screen, in points; zero by default.
    ///
    /// The toolkit sets it where the compositor tells it (X11 does; Wayland
    /// hides it, and GTK 4 then reports window coordinates). Screen readers
    /// read extents in screen coordinates as window coordinates plus this origin.
    public var screenOrigin: Point = .zero

    // Exclusivity unchecked: read on every touch-down by the viewer (Bench, tap).
    /// The person's preferred text size; the large content viewer acts only
    /// at accessibility sizes.
    ///
    /// Changing it tells every recognizer that holds a touch, through
    /// `GestureRecognizer.preferredContentSizeCategoryDidChange()`: the
    /// large content viewer's gesture in progress is cancelled (its HUD
    /// hidden, nothing selected) when the size leaves the accessibility range.
    /// Recognizers without touches are not engaged and have nothing to stop.
    @exclusivity(unchecked) public var preferredContentSizeCategory: ContentSizeCategory = .large {
        didSet {
            treeState.usesAccessibilityTextSize = preferredContentSizeCategory.isAccessibilityCategory
            guard oldValue != preferredContentSizeCategory else { return }
            for recognizer in recognizersHoldingTouches() { recognizer.preferredContentSizeCategoryDidChange() }
        }
    }

    /// Tells the recognizers holding touches that a frame, bounds or
    /// superview changed in this window: what lies under a still finger may
    /// have changed (rule L9). Free when no finger is down.
    func geometryDidChangeUnderTouches() {
        guard !activeTouches.isEmpty else { return }
        if activeTouches.count == 1 {
            // One finger (a drag in a scroll view, every frame): its list
            // names each recognizer once, so a copy of it does, with no
            // array to build. A copy, as the calls may change the touches.
            let recognizers = activeTouches[0].recognizerList()
            for recognizer in recognizers { recognizer.windowGeometryDidChange() }
            return
        }
        for recognizer in recognizersHoldingTouches() { recognizer.windowGeometryDidChange() }
    }

    /// Each recognizer that holds a touch, once: a snapshot, as the calls
    /// made to them may change the touches.
    private func recognizersHoldingTouches() -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        for record in activeTouches {
            for recognizer in record.recognizers where !found.contains(where: { $0 === recognizer }) {
                found.append(recognizer)
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
    /// now. A NaN or infinite timestamp is ignored.
    public func advanceTime(to timestamp: Double) {
        guard timestamp.isFinite else { return }
        scheduler.advance(to: timestamp)
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
    /// Bad input is refused, never trapped on: a sample for a touch that is
    /// not down, a second `began` for a touch that is down, or a non-finite
    /// location on `began` or `moved` changes nothing and returns the reason.
    /// A timestamp earlier than `currentTime` (or NaN) counts as now; an
    /// ended or cancelled touch with a non-finite location ends where it was.
    @discardableResult
    public func send(_ input: TouchInput) -> TouchDelivery {
        // The record's index, found once by the validation and handed on.
        var index = -1
        if let error = validate(input, index: &index) { return .rejected(error) }
        let timestamp = input.timestamp.isFinite ? input.timestamp : currentTime
        // The timers that fire may re-enter (G4): a touch that went down or
        // lifted meanwhile makes this sample stale.
        if scheduler.advanceReportingTimers(to: timestamp), let error = validate(input, index: &index) {
            return .rejected(error)
        }
        event.timestamp = currentTime
        switch input.phase {
        case .began:
            beginTouch(input)
        case .moved, .stationary:
            moveTouch(input, at: index)
        case .ended, .cancelled:
            endTouch(input)
        }
        // Timers scheduled with no delay while dispatching fire now.
        _ = scheduler.advanceReportingTimers(to: currentTime)
        return .delivered
    }

    /// Cancels every touch that is down, as when the system takes the screen away.
    public func cancelAllTouches() {
        for record in activeTouches {
            send(TouchInput(id: record.touch.id, phase: .cancelled, location: record.touch.location, timestamp: currentTime))
        }
    }

    /// The number of fingers that are down.
    public var activeTouchCount: Int { activeTouches.count }

    /// The fingers that are down, with their latest samples, in the order they went down.
    public var touchesDown: [Touch] { activeTouches.map(\.touch) }

    /// The latest sample of the finger with this id, or nil when it is not down.
    public func touch(withID id: Int) -> Touch? {
        activeTouch(id: id)?.touch
    }

    /// Why a sample must be refused, or nil; `index` is set to the index of
    /// the touch's record (-1 when it is not down).
    private func validate(_ input: TouchInput, index: inout Int) -> TouchInputError? {
        index = activeTouchIndex(id: input.id) ?? -1
        let isDown = index >= 0
        switch input.phase {
        case .began:
            if isDown { return .touchAlreadyDown(id: input.id) }
            if !input.location.isFinite { return .nonFiniteLocation(id: input.id) }
            if activeTouches.count >= GestureConstants.maximumTouchesDown {
                return .tooManyTouches(id: input.id, limit: GestureConstants.maximumTouchesDown)
            }
        case .moved, .stationary:
            if !isDown { return .touchNotDown(id: input.id) }
            if !input.location.isFinite { return .nonFiniteLocation(id: input.id) }
        case .ended, .cancelled:
            if !isDown { return .touchNotDown(id: input.id) }
        }
        return nil
    }

    private func beginTouch(_ input: TouchInput) {
        // The path's storage is taken out while in use: a callback below
        // (an overriding `hitTest`, a delegate) may send another touch-down.
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
            view: hitView, tapCount: tapCount(at: input.location), type: input.type
        )
        var recognizers = recycledRecognizerLists.popLast() ?? []
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
        let delivery: ViewDelivery
        if let hitView, viewMayTakeNewTouch(hitView) {
            delivery = delaysBegan ? .heldBack : .beganDue
        } else {
            delivery = .none
        }
        lastTouchSerial &+= 1
        let serial = lastTouchSerial
        touch.serial = serial
        activeTouches.append(ActiveTouch(touch: touch, recognizers: recognizers, delivery: delivery, serial: serial))
        for recognizer in recognizers where isDelivering(serial, to: recognizer) {
            // A callback of an earlier recognizer may have taken this one out
            // of the touch (disabled, removed, abandoned): it must not record
            // a touch whose end it would never hear.
            recognizer.receiveBegan(touch, with: event)
        }
        // The view hears of the touch after its recognizers, as in UIKit; one
        // of them may have recognized and cancelled it meanwhile.
        guard let index = activeTouchIndex(serial: serial), activeTouches[index].delivery == .beganDue else { return }
        activeTouches[index].delivery = .active
        deliverToView(.began, activeTouches[index].touch)
    }

    /// Adds the recognizers of `view` that are enabled and agree to receive the touch.
    private func collectRecognizers(
        of view: View, for touch: Touch, into recognizers: inout [GestureRecognizer], delaysBegan: inout Bool
    ) {
        // Most views on the way up have no recognizers: no list is copied for them.
        if view.gestureRecognizers.isEmpty { return }
        for recognizer in view.gestureRecognizers where recognizer.isEnabled
            && recognizer.shouldReceive(touch)
            && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false {
            recognizers.append(recognizer)
            if recognizer.delaysTouchesBegan { delaysBegan = true }
        }
    }

    /// Records a move or stationary sample of the touch whose record is at `index`, and delivers it.
    private func moveTouch(_ input: TouchInput, at index: Int) {
        let serial = activeTouches[index].serial
        // Updated in place, in one access: the record is not copied out and back.
        let touch = activeTouches[index].touch.record(input.phase, at: input.location, time: currentTime)
        let recognizerCount = activeTouches[index].recognizers.count
        if recognizerCount == 1 {
            // The common case: the one recognizer, without copying the list.
            let recognizer = activeTouches[index].recognizers[0]
            recognizer.receiveMoved(touch, with: event)
        } else if recognizerCount > 1 {
            // A copy: a callback may change the touch's recognizers. Read in
            // place: a plain read copies the whole record (a scroll view's
            // pan and delay share every move of a drag).
            let recognizers = activeTouches[index].recognizerList()
            for recognizer in recognizers {
                recognizer.receiveMoved(touch, with: event)
            }
        }
        guard input.phase == .moved else { return }
        // Callbacks may have ended touches or started others: the record is
        // nearly always where it was, else it is found by its serial.
        let current: Int
        if index < activeTouches.count && activeTouches[index].serial == serial {
            current = index
        } else if let found = activeTouchIndex(serial: serial) {
            current = found
        } else {
            return
        }
        guard activeTouches[current].delivery == .active else { return }
        deliverToView(.moved, activeTouches[current].touch)
    }

    private func endTouch(_ input: TouchInput) {
        guard let index = activeTouchIndex(id: input.id) else { return }
        // Callbacks may end this touch and start another with the same id:
        // the record is found again by its serial, never by the id.
        let serial = activeTouches[index].serial
        // Updated in place, in one access: the record is not copied out and back.
        let touch = activeTouches[index].touch.recordEnd(input.phase, at: input.location, time: currentTime)
        let recognizers = activeTouches[index].recognizers
        for recognizer in recognizers {
            recognizer.receiveEnded(touch, with: event)
        }
        if let current = activeTouchIndex(serial: serial) {
            // Read through a mutating access: a plain read copies the whole record.
            let (touch, delivery, recognizers) = activeTouches[current].deliveryParts()
            finishViewDelivery(of: touch, delivery: delivery, recognizers: recognizers)
        }
        if input.phase == .ended {
            lastLift = (touch.location, currentTime, touch.tapCount)
        }
        // Recognizers reset only once the touch is no longer current.
        if let current = activeTouchIndex(serial: serial) {
            activeTouches.remove(at: current)
        }
        for recognizer in recognizers {
            recognizer.forgetTouch(touch)
        }
        settleViewDeliveries()
        recycle(recognizers)
    }

    /// Keeps an emptied recognizer list for the next touch, so that steady
    /// use allocates nothing.
    private func recycle(_ list: consuming [GestureRecognizer]) {
        var list = list
        // One by one: `removeAll(keepingCapacity:)` goes through a generic
        // range replacement, dearer for the one or two a touch usually has.
        while !list.isEmpty { list.removeLast() }
        if recycledRecognizerLists.count < 8 { recycledRecognizerLists.append(list) }
    }

    func activeTouchIndex(id: Int) -> Int? {
        // A plain loop: a closure here costs an actor-isolation check per call.
        var index = 0
        let count = activeTouches.count
        while index < count {
            if activeTouches[index].touch.id == id { return index }
            index += 1
        }
        return nil
    }

    func activeTouch(id: Int) -> ActiveTouch? {
        guard let index = activeTouchIndex(id: id) else { return nil }
        return activeTouches[index]
    }

    /// The index of the touch record with this serial, if it is still down.
    func activeTouchIndex(serial: UInt64) -> Int? {
        var index = 0
        let count = activeTouches.count
        while index < count {
            if activeTouches[index].serial == serial { return index }
            index += 1
        }
        return nil
    }

    /// Whether a touch that is down is still delivered to a recognizer.
    private func isDelivering(_ serial: UInt64, to recognizer: GestureRecognizer) -> Bool {
        guard let index = activeTouchIndex(serial: serial) else { return false }
        for candidate in activeTouches[index].recognizers where candidate === recognizer { return true }
        return false
    }

    /// The recognizers a touch that is down is delivered to.
    func recognizers(ofTouch id: Int) -> [GestureRecognizer]? {
        guard let index = activeTouchIndex(id: id) else { return nil }
        return activeTouches[index].recognizers
    }

    /// Stops delivering touches to a recognizer (disabled, removed, or gone from the window).
    func stopDelivering(to recognizer: GestureRecognizer) {
        for index in activeTouches.indices {
            activeTouches[index].recognizers.removeAll { $0 === recognizer }
        }
    }

    /// Called before `root` and its subtree leave this window: their
    /// recognizers give up the touches they are tracking.
    func subtreeWillLeave(_ root: View) {
        var leaving: [GestureRecognizer] = []
        for record in activeTouches {
            for recognizer in record.recognizers {
                guard let view = recognizer.view, view.isDescendant(of: root) else { continue }
                if !leaving.contains(where: { $0 === recognizer }) { leaving.append(recognizer) }
            }
        }
        for recognizer in leaving {
            recognizer.abandonTouches()
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
        if let existing = attachments[key] as? Attachment { return existing }
        let created = make()
        attachments[key] = created
        return created
    }

    /// The window's attachment of a type, or nil when none was created.
    public func existingAttachment<Attachment: AnyObject>(_ type: Attachment.Type) -> Attachment? {
        attachments[ObjectIdentifier(type)] as? Attachment
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

/// A finger that is down: its latest sample, the recognizers it is
/// delivered to, and how its view hears of it.
struct ActiveTouch {
    var touch: Touch
    var recognizers: [GestureRecognizer]
    var delivery: ViewDelivery
    let serial: UInt64

    /// What finishing the view's delivery needs. Mutating only so that a
    /// call on an array element reads it in place, without copying the record.
    mutating func deliveryParts() -> (Touch, ViewDelivery, [GestureRecognizer]) {
        (touch, delivery, recognizers)
    }

    /// The recognizers, read in place for the same reason.
    mutating func recognizerList() -> [GestureRecognizer] {
        recognizers
    }
}

/// How a touch's hit view hears of it (UIKit's responder touches).
enum ViewDelivery: Equatable {
    /// Never: no view was hit, or the view takes no more fingers.
    case none
    /// `touchesBegan` waits until the recognizers that delay it fail.
    case heldBack
    /// `touchesBegan` is due once the recognizers have heard the touch.
    case beganDue
    /// `touchesBegan` was delivered; moves and the end follow.
    case active
    /// Ended or cancelled for the view: nothing more.
    case finished
}

/// What `Window.send(_:)` did with a sample.
public enum TouchDelivery: Hashable, Sendable {
    /// The sample was dispatched.
    case delivered
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

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .touchNotDown(let id): "touch \(id) is not down"
        case .touchAlreadyDown(let id): "touch \(id) is already down"
        case .nonFiniteLocation(let id): "touch \(id) has a non-finite location"
        case .tooManyTouches(let id, let limit): "touch \(id) cannot go down: \(limit) touches are already down"
        }
    }
}
