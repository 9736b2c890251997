/// The fingers that are down on a window, how each one's view hears of it,
/// and the lifts held back from views: the engine's touch table, a value.
/// The recognizers each finger is delivered to are the window's
/// `GestureArena`'s, whose entries follow the records one for one.
///
/// It decides and records; it calls no one. Its methods take what happened
/// and return what the window must do (a responder call, a touch to
/// deliver), so the window, a thin shell, makes every call out with the
/// table back in place and never in the middle of changing it. Tested
/// without views (`TouchTableTests`).
///
/// Records are found by their touch-down (the touch's `serial`), never by
/// id alone (rule G11); only `admit(_:)`, at the door, reads ids, since
/// that is how a toolkit names its fingers.
struct TouchTable {
    /// A finger that is down.
    struct Record {
        /// Its latest sample.
        var touch: Touch
        /// How its view hears of it.
        var delivery: ResponderDelivery
    }

    /// A lift held back from a view while recognizers may still recognize.
    struct HeldEnd {
        var touch: Touch
        /// The recognizers that may still recognize; the lift is delivered
        /// when none is left, and becomes a cancel if one of them recognizes.
        var waitingOn: [GestureRecognizer]
    }

    /// What a sample is, for the table.
    enum Admission: Equatable {
        /// A touch-down to hit-test and record.
        case begin
        /// A sample of the finger whose record is at this index.
        case sample(index: Int)
        /// Refused: the reason.
        case refuse(TouchInputError)
    }

    /// The fingers that are down, in the order they went down.
    var records: [Record] = []
    /// Lifts held back from views (`delaysTouchesEnded`), in the order they lifted.
    private(set) var heldEnds: [HeldEnd] = []
    /// Where and when the last finger lifted, and its tap count: the next
    /// touch's `tapCount` follows from it.
    private var lastLift: (location: Point, time: Double, tapCount: Int)?
    /// An emptied list of touches kept for the next `cancelByRecognizer`,
    /// so that a recognizer that recognizes allocates nothing.
    private var spareTouchList: [Touch] = []

    // MARK: Decisions

    /// What to do with a sample: begin a touch, deliver a sample of a
    /// recorded one, or refuse it, with the reason.
    @inline(__always)
    func admit(_ input: TouchInput) -> Admission {
        let index = self.index(ofID: input.id)
        switch input.phase {
        case .began:
            if index != nil { return .refuse(.touchAlreadyDown(id: input.id)) }
            if !input.location.isFinite { return .refuse(.nonFiniteLocation(id: input.id)) }
            if records.count >= GestureConstants.maximumTouchesDown {
                return .refuse(.tooManyTouches(id: input.id, limit: GestureConstants.maximumTouchesDown))
            }
            return .begin
        case .moved, .stationary:
            guard let index else { return .refuse(.touchNotDown(id: input.id)) }
            if !input.location.isFinite { return .refuse(.nonFiniteLocation(id: input.id)) }
            return .sample(index: index)
        case .ended, .cancelled:
            guard let index else { return .refuse(.touchNotDown(id: input.id)) }
            return .sample(index: index)
        }
    }

    /// The index of the record of the finger with this id.
    ///
    /// At most `GestureConstants.maximumTouchesDown` records: a plain loop
    /// (a closure would pay an actor-isolation check per call).
    @inline(__always)
    func index(ofID id: Int) -> Int? {
        var index = 0
        let count = records.count
        while index < count {
            if records[index].touch.id == id { return index }
            index += 1
        }
        return nil
    }

    /// The index of the record of the touch-down with this serial.
    func index(ofSerial serial: UInt64) -> Int? {
        var index = 0
        let count = records.count
        while index < count {
            if records[index].touch.serial == serial { return index }
            index += 1
        }
        return nil
    }

    /// The tap count of a touch going down at `location` at `time`.
    func tapCount(at location: Point, time: Double) -> Int {
        guard let last = lastLift,
              time - last.time <= GestureConstants.multiTapInterval,
              last.location.distance(to: location) <= GestureConstants.multiTapAllowableDistance else { return 1 }
        return last.tapCount + 1
    }

    // MARK: Recording

    /// Records a finger that went down.
    mutating func add(_ record: Record) {
        records.append(record)
    }

    /// Records a move or stationary sample of the finger at `index`; returns the updated touch.
    mutating func recordMove(at index: Int, _ phase: TouchPhase, at location: Point, time: Double) -> Touch {
        records[index].touch.record(phase, at: location, time: time)
    }

    /// Records a lift or cancel of the finger at `index`; returns the updated touch.
    mutating func recordEnd(at index: Int, _ phase: TouchPhase, at location: Point, time: Double) -> Touch {
        records[index].touch.recordEnd(phase, at: location, time: time)
    }

    /// Removes the record of a touch-down that ended; a lift (not a
    /// cancel) is remembered for the next touch's tap count.
    mutating func remove(serial: UInt64, time: Double) {
        guard let index = index(ofSerial: serial) else { return }
        let touch = records[index].touch
        if touch.phase == .ended { lastLift = (touch.location, time, touch.tapCount) }
        records.remove(at: index)
    }

    // MARK: Responder delivery (the machine is `ResponderDelivery`)

    /// The recognizers of a new touch have heard it: the touch to deliver
    /// to its view as `touchesBegan`, if it is due.
    mutating func recognizersHeardDown(serial: UInt64) -> Touch? {
        guard let index = index(ofSerial: serial), records[index].delivery.recognizersHeardDown() != nil else { return nil }
        return records[index].touch
    }

    /// The touch to deliver to its view as `touchesMoved` after a move, if its view hears it.
    @inline(__always)
    func touchForMove(serial: UInt64, near index: Int) -> Touch? {
        // Callbacks may have taken recognizers away, never touches (G10):
        // the record is where it was.
        let found = index < records.count && records[index].touch.serial == serial ? index : self.index(ofSerial: serial)
        guard let found, records[found].delivery.callForMove() != nil else { return nil }
        return records[found].touch
    }

    /// A recognizer recognized with `cancelsTouchesInView`: the touches of
    /// `serials` whose view had heard them begin, to deliver as
    /// `touchesCancelled`, and the held lifts that waited on it, which
    /// become cancels too.
    /// Hand the list back with `recycle(touches:)` once delivered.
    mutating func cancelByRecognizer(
        _ recognizer: GestureRecognizer, serials: some Sequence<UInt64>
    ) -> [Touch] {
        var cancelled: [Touch] = []
        swap(&cancelled, &spareTouchList)
        for serial in serials {
            guard let index = index(ofSerial: serial), records[index].delivery.cancelByRecognizer() != nil else { continue }
            var touch = records[index].touch
            touch.phase = .cancelled
            cancelled.append(touch)
        }
        var index = 0
        while index < heldEnds.count {
            if heldEnds[index].waitingOn.contains(where: { $0 === recognizer }) {
                var touch = heldEnds.remove(at: index).touch
                touch.phase = .cancelled
                cancelled.append(touch)
            } else {
                index += 1
            }
        }
        return cancelled
    }

    /// Keeps a list `cancelByRecognizer` returned, emptied, for the next one.
    mutating func recycle(touches list: consuming [Touch]) {
        var list = list
        while !list.isEmpty { list.removeLast() }
        spareTouchList = list
    }

    /// Whether any touch's `touchesBegan` is held back, or any lift is held.
    var hasHeldDeliveries: Bool {
        if !heldEnds.isEmpty { return true }
        for record in records where record.delivery == .heldBack { return true }
        return false
    }

    /// The serials of the touches whose `touchesBegan` is held back, in the order they went down.
    var heldBackSerials: [UInt64] {
        var serials: [UInt64] = []
        for record in records where record.delivery == .heldBack { serials.append(record.touch.serial) }
        return serials
    }

    /// Releases a held-back `touchesBegan` whose delaying recognizers gave
    /// up: the touch to deliver as `touchesBegan`, or nil when it stays
    /// held or is never heard (`recognizedWithCancel`).
    mutating func releaseHeldBegin(serial: UInt64, recognizedWithCancel: Bool) -> Touch? {
        guard let index = index(ofSerial: serial),
              records[index].delivery.releaseHeldBegin(recognizedWithCancel: recognizedWithCancel) != nil else { return nil }
        var began = records[index].touch
        began.phase = .began
        return began
    }

    /// The first step of a lift: the touch to deliver as `touchesBegan`
    /// first, when its view never heard it begin.
    mutating func liftBegins(serial: UInt64, recognizedWithCancel: Bool) -> Touch? {
        guard let index = index(ofSerial: serial),
              records[index].delivery.liftBegins(recognizedWithCancel: recognizedWithCancel) != nil else { return nil }
        var began = records[index].touch
        began.phase = .began
        return began
    }

    /// The second step of a lift: what the view hears now; a held lift is
    /// kept until `waitingOn` can no longer recognize.
    mutating func liftEnds(serial: UInt64, endWaitsOn waitingOn: [GestureRecognizer]) -> ResponderCall? {
        guard let index = index(ofSerial: serial) else { return nil }
        let touch = records[index].touch
        switch records[index].delivery.liftEnds(cancelled: touch.phase == .cancelled, endWaits: !waitingOn.isEmpty) {
        case .nothing:
            return nil
        case .call(let call):
            return call
        case .holdEnded:
            heldEnds.append(HeldEnd(touch: touch, waitingOn: waitingOn))
            return nil
        }
    }

    /// Drops from each held lift the recognizers that can no longer
    /// recognize (`decided`), and returns the lifts left waiting on none,
    /// to deliver as `touchesEnded`.
    mutating func settleHeldEnds(decided: [GestureRecognizer]) -> [Touch] {
        var released: [Touch] = []
        var index = 0
        while index < heldEnds.count {
            heldEnds[index].waitingOn.removeAll { recognizer in decided.contains { $0 === recognizer } }
            if heldEnds[index].waitingOn.isEmpty {
                released.append(heldEnds.remove(at: index).touch)
            } else {
                index += 1
            }
        }
        return released
    }
}
