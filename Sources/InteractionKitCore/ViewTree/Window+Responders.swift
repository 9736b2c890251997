// Responder touches: how a touch's hit view hears of it, beside its gesture
// recognizers (rule G8). The recognizers hear each sample first; the view
// hears it after them, unless a recognizer holds it back
// (`delaysTouchesBegan`, `delaysTouchesEnded`) or cancels it by recognizing
// (`cancelsTouchesInView`). Design.md shows the order for one touch.

/// A lift held back from a view while recognizers may still recognize.
struct HeldEnd {
    var touch: Touch
    /// The recognizers that may still recognize; the lift is delivered when
    /// none is left, and becomes a cancel if one of them recognizes.
    var waitingOn: [GestureRecognizer]
}

/// Which responder method a delivery calls.
enum ResponderPhase {
    case began, moved, ended, cancelled
}

extension Window {
    /// The tap count of a touch going down at `location` now.
    func tapCount(at location: Point) -> Int {
        guard let last = lastLift,
              currentTime - last.time <= GestureConstants.multiTapInterval,
              last.location.distance(to: location) <= GestureConstants.multiTapAllowableDistance else { return 1 }
        return last.tapCount + 1
    }

    /// Whether `view` may hear a new touch: a view that is not
    /// `isMultipleTouchEnabled` hears only its first finger, and while an
    /// `isExclusiveTouch` view tracks a finger no other view hears one (and
    /// the reverse).
    func viewMayTakeNewTouch(_ view: View) -> Bool {
        for record in activeTouches where record.delivery == .active || record.delivery == .heldBack
            || record.delivery == .beganDue {
            guard let other = record.touch.view else { continue }
            if other === view {
                if !view.isMultipleTouchEnabled { return false }
            } else if other.isExclusiveTouch || view.isExclusiveTouch {
                return false
            }
        }
        return true
    }

    /// Calls the touch's view's responder method for `phase` with a set holding the touch.
    func deliverToView(_ phase: ResponderPhase, _ touch: Touch) {
        guard let view = touch.view else { return }
        if reusableTouchSet.count == 1 && reusableTouchSetSerial == touch.serial {
            // The same finger as last time (every move of one finger): one
            // replacement, one hash, instead of emptying and inserting.
            reusableTouchSet.update(with: touch)
        } else {
            reusableTouchSet.removeAll(keepingCapacity: true)
            reusableTouchSet.insert(touch)
            reusableTouchSetSerial = touch.serial
        }
        let touches = reusableTouchSet
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
    }

    /// At the end of a touch: lets its view hear the lift (or the cancel) now,
    /// or holds the lift while a recognizer of the touch may still recognize.
    func finishViewDelivery(of touch: Touch, delivery: ViewDelivery, recognizers: [GestureRecognizer]) {
        switch delivery {
        case .none, .finished:
            return
        case .heldBack, .beganDue:
            // Nothing recognized the touch while it was down: the view hears
            // it now, all at once.
            guard !recognizers.contains(where: { $0.cancelsTouchesInView && $0.state.hasRecognized }) else {
                setDelivery(.finished, forSerial: touch.serial)
                return
            }
            // Active before the call: a `touchesBegan` that releases what held
            // the touch back must not have it delivered a second time.
            setDelivery(.active, forSerial: touch.serial)
            var began = touch
            began.phase = .began
            deliverToView(.began, began)
            // A recognizer that recognized meanwhile cancelled it, and said so.
            guard viewDelivery(ofSerial: touch.serial) == .active else { return }
        case .active:
            break
        }
        setDelivery(.finished, forSerial: touch.serial)
        if touch.phase == .cancelled {
            deliverToView(.cancelled, touch)
            return
        }
        var waitingOn: [GestureRecognizer] = []
        for recognizer in recognizers where recognizer.delaysTouchesEnded && recognizer.mayStillRecognize {
            waitingOn.append(recognizer)
        }
        if waitingOn.isEmpty {
            deliverToView(.ended, touch)
        } else {
            heldEnds.append(HeldEnd(touch: touch, waitingOn: waitingOn))
        }
    }

    private func setDelivery(_ delivery: ViewDelivery, forSerial serial: UInt64) {
        guard let index = activeTouchIndex(serial: serial) else { return }
        activeTouches[index].delivery = delivery
    }

    /// How the view of the touch with this serial hears of it; `finished` once it is gone.
    private func viewDelivery(ofSerial serial: UInt64) -> ViewDelivery {
        guard let index = activeTouchIndex(serial: serial) else { return .finished }
        return activeTouches[index].delivery
    }

    /// Told by a recognizer after every committed change but `changed`:
    /// releases or cancels what views were held back from, and cancels the
    /// view's touches when the recognizer recognizes (`cancelsTouchesInView`).
    func recognizerDidChangeForViews(_ recognizer: GestureRecognizer, to newState: GestureRecognizer.State) {
        switch newState {
        case .began, .ended:
            guard recognizer.cancelsTouchesInView else { break }
            cancelViewTouches(of: recognizer)
        case .failed, .cancelled, .possible, .changed:
            break
        }
        settleViewDeliveries()
    }

    /// Whether a touch's `touchesBegan` is held back. A plain loop: a
    /// closure pays an actor-isolation check, on every state change but `changed`.
    private var hasHeldBackTouch: Bool {
        for record in activeTouches where record.delivery == .heldBack { return true }
        return false
    }

    /// Releases held-back begins and lifts whose recognizers can no longer recognize.
    func settleViewDeliveries() {
        guard !heldEnds.isEmpty || hasHeldBackTouch else { return }
        releaseHeldBegins()
        settleHeldEnds()
    }

    /// The view of each touch `recognizer` tracks hears `touchesCancelled`
    /// (if it heard the touch begin) and nothing more of it.
    private func cancelViewTouches(of recognizer: GestureRecognizer) {
        for tracked in recognizer.trackedTouches {
            guard let index = activeTouchIndex(serial: tracked.serial) else { continue }
            let delivery = activeTouches[index].delivery
            activeTouches[index].delivery = .finished
            if delivery == .active {
                var touch = activeTouches[index].touch
                touch.phase = .cancelled
                deliverToView(.cancelled, touch)
            }
        }
        // Lifts held for this recognizer become cancels.
        var index = 0
        while index < heldEnds.count {
            if heldEnds[index].waitingOn.contains(where: { $0 === recognizer }) {
                var touch = heldEnds.remove(at: index).touch
                touch.phase = .cancelled
                deliverToView(.cancelled, touch)
                index = 0
            } else {
                index += 1
            }
        }
    }

    /// Delivers held-back `touchesBegan` once no recognizer that delays them may still recognize.
    private func releaseHeldBegins() {
        var index = 0
        while index < activeTouches.count {
            let record = activeTouches[index]
            index += 1
            guard record.delivery == .heldBack else { continue }
            let stillDelaying = record.recognizers.contains { $0.delaysTouchesBegan && $0.state == .possible }
            if stillDelaying { continue }
            if record.recognizers.contains(where: { $0.cancelsTouchesInView && $0.state.hasRecognized }) {
                setDelivery(.finished, forSerial: record.serial)
                continue
            }
            setDelivery(.active, forSerial: record.serial)
            var began = record.touch
            began.phase = .began
            deliverToView(.began, began)
            index = 0
        }
    }

    /// Delivers held lifts whose recognizers can no longer recognize.
    private func settleHeldEnds() {
        var index = 0
        while index < heldEnds.count {
            heldEnds[index].waitingOn.removeAll { !$0.mayStillRecognize }
            if heldEnds[index].waitingOn.isEmpty {
                let touch = heldEnds.remove(at: index).touch
                deliverToView(.ended, touch)
                index = 0
            } else {
                index += 1
            }
        }
    }
}

extension GestureRecognizer.State {
    /// Whether the recognizer has recognized its gesture (began, changed or ended).
    var hasRecognized: Bool {
        self == .began || self == .changed || self == .ended
    }
}
