// Responder touches: how a touch's hit view hears of it, beside its gesture
// recognizers (rule G8). The recognizers hear each sample first; the view
// hears it after them, unless a recognizer holds it back
// (`delaysTouchesBegan`, `delaysTouchesEnded`) or cancels it by recognizing
// (`cancelsTouchesInView`). The rules are `ResponderDelivery`'s, kept per
// touch in the `TouchTable`; this file asks the table what to call, and
// calls it. The "Touches and controls" article shows the order for one touch.

extension Window {
    /// Whether the view of a new touch may hear it: a view that is not
    /// `isMultipleTouchEnabled` hears only its first finger, and while an
    /// `isExclusiveTouch` view tracks a finger no other view hears one (and
    /// the reverse).
    func viewMayTakeNewTouch(_ view: View) -> Bool {
        for record in touchTable.records where record.delivery.isTrackedByView {
            guard let other = record.touch.view else { continue }
            if other === view {
                if !view.isMultipleTouchEnabled { return false }
            } else if other.isExclusiveTouch || view.isExclusiveTouch {
                return false
            }
        }
        return true
    }

    /// Calls the touch's view's responder method for `call` with a set holding the touch.
    func deliverToView(_ call: ResponderCall, _ touch: Touch) {
        guard let view = touch.view else { return }
        let touches = responderSet(holding: touch)
        switch call {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
    }

    /// At the end of a touch (its record still in the table): lets its view
    /// hear the lift (or the cancel) now, or holds the lift while a
    /// recognizer of the touch may still recognize.
    func finishViewDelivery(of serial: UInt64, seats: [GestureArena<GestureRecognizer>.Seat]) {
        let recognizedWithCancel = Self.anyRecognized(withCancel: seats)
        if let began = updateTouchTable({ $0.liftBegins(serial: serial, recognizedWithCancel: recognizedWithCancel) }) {
            // The table marked the touch active first: a `touchesBegan` that
            // releases what held it back does not get it a second time.
            deliverToView(.began, began)
        }
        var waitingOn: [GestureRecognizer] = []
        for seat in seats where seat.member.delaysTouchesEnded && seat.member.mayStillRecognize {
            waitingOn.append(seat.member)
        }
        // A recognizer that recognized during that `touchesBegan` cancelled
        // the touch, and the table knows it: nothing more is called then.
        guard let call = updateTouchTable({ $0.liftEnds(serial: serial, endWaitsOn: waitingOn) }),
              let index = touchTable.index(ofSerial: serial) else { return }
        var touch = touchTable.records[index].touch
        if call == .cancelled { touch.phase = .cancelled }
        deliverToView(call, touch)
    }

    /// Told by a recognizer after every committed change but `changed`:
    /// releases or cancels what views were held back from, and cancels the
    /// view's touches when the recognizer recognizes (`cancelsTouchesInView`).
    func recognizerDidChangeForViews(_ recognizer: GestureRecognizer, to newState: GestureRecognizer.State) {
        switch newState {
        case .began, .ended:
            guard recognizer.cancelsTouchesInView else { break }
            // No list of serials is built, and the table lends the list of
            // cancels: a recognizer that recognizes allocates nothing.
            let serials = recognizer.trackedTouches.lazy.map { $0.serial }
            let cancelled = updateTouchTable { $0.cancelByRecognizer(recognizer, serials: serials) }
            for touch in cancelled { deliverToView(.cancelled, touch) }
            updateTouchTable { $0.recycle(touches: cancelled) }
        case .failed, .cancelled, .possible, .changed:
            break
        }
        settleViewDeliveries()
    }

    /// Releases held-back begins and lifts whose recognizers can no longer recognize.
    func settleViewDeliveries() {
        guard touchTable.hasHeldDeliveries else { return }
        releaseHeldBegins()
        settleHeldEnds()
    }

    /// Delivers held-back `touchesBegan` once no recognizer that delays them may still recognize.
    private func releaseHeldBegins() {
        // Each release calls out, and a callback may change what holds the
        // others back: the list is read again after each.
        var released: [UInt64] = []
        while let serial = touchTable.heldBackSerials.first(where: { !released.contains($0) }) {
            released.append(serial)
            guard let seats = gestureArena.seats(ofSerial: serial) else { continue }
            if seats.contains(where: { $0.member.delaysTouchesBegan && $0.member.state == .possible }) { continue }
            let recognizedWithCancel = Self.anyRecognized(withCancel: seats)
            if let began = updateTouchTable({ $0.releaseHeldBegin(serial: serial, recognizedWithCancel: recognizedWithCancel) }) {
                deliverToView(.began, began)
                released = []
            }
        }
    }

    /// Delivers held lifts whose recognizers can no longer recognize.
    private func settleHeldEnds() {
        var decided: [GestureRecognizer] = []
        for held in touchTable.heldEnds {
            for recognizer in held.waitingOn where !recognizer.mayStillRecognize { decided.append(recognizer) }
        }
        guard !decided.isEmpty else { return }
        for touch in updateTouchTable({ $0.settleHeldEnds(decided: decided) }) {
            deliverToView(.ended, touch)
        }
    }

    /// Whether one of `recognizers` recognized with `cancelsTouchesInView`:
    /// then the view never hears a touch it had not heard yet.
    private static func anyRecognized(withCancel seats: [GestureArena<GestureRecognizer>.Seat]) -> Bool {
        for seat in seats where seat.member.cancelsTouchesInView && seat.member.state.hasRecognized {
            return true
        }
        return false
    }
}

extension GestureRecognizer.State {
    /// Whether the recognizer has recognized its gesture (began, changed or ended).
    var hasRecognized: Bool {
        self == .began || self == .changed || self == .ended
    }
}
