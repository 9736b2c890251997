import Testing
@testable import InteractionKitCore

/// The responder-delivery machine alone: no view, no window (rule G8).
@Suite("ResponderDelivery: how a view hears its touch, as a state machine")
struct ResponderDeliveryTests {
    @Test("A touch nobody delays is due, then active once its recognizers heard it; moves follow; the lift ends it")
    func plainTouch() {
        var delivery = ResponderDelivery.forNewTouch(viewHearsIt: true, beganDelayed: false)
        #expect(delivery == .beganDue)
        #expect(delivery.callForMove() == nil)
        #expect(delivery.recognizersHeardDown() == .began)
        #expect(delivery.recognizersHeardDown() == nil)
        #expect(delivery.callForMove() == .moved)
        #expect(delivery.liftBegins(recognizedWithCancel: false) == nil)
        #expect(delivery.liftEnds(cancelled: false, endWaits: false) == .call(.ended))
        #expect(delivery == .finished)
        #expect(delivery.liftEnds(cancelled: false, endWaits: false) == .nothing)
    }

    @Test("A touch no view takes never calls anything")
    func noView() {
        var delivery = ResponderDelivery.forNewTouch(viewHearsIt: false, beganDelayed: true)
        #expect(delivery == .none)
        #expect(delivery.recognizersHeardDown() == nil)
        #expect(delivery.cancelByRecognizer() == nil)
        #expect(delivery.releaseHeldBegin(recognizedWithCancel: false) == nil)
        #expect(delivery.liftBegins(recognizedWithCancel: false) == nil)
        #expect(delivery.liftEnds(cancelled: true, endWaits: false) == .nothing)
    }

    @Test("A held-back begin is released as began, or never heard when a recognizer took the touch")
    func heldBack() {
        var released = ResponderDelivery.forNewTouch(viewHearsIt: true, beganDelayed: true)
        #expect(released == .heldBack)
        #expect(released.recognizersHeardDown() == nil)
        #expect(released.releaseHeldBegin(recognizedWithCancel: false) == .began)
        #expect(released == .active)
        var taken = ResponderDelivery.heldBack
        #expect(taken.releaseHeldBegin(recognizedWithCancel: true) == nil)
        #expect(taken == .finished)
    }

    @Test("A recognizer with cancelsTouchesInView cancels an active touch once, and silences one not yet heard")
    func cancelByRecognizer() {
        var active = ResponderDelivery.active
        #expect(active.cancelByRecognizer() == .cancelled)
        #expect(active.cancelByRecognizer() == nil)
        #expect(active.callForMove() == nil)
        for state in [ResponderDelivery.heldBack, .beganDue] {
            var silenced = state
            #expect(silenced.cancelByRecognizer() == nil)
            #expect(silenced == .finished)
        }
    }

    @Test("A lift of a touch never heard begins it first and is active meanwhile, so a re-entrant release finds nothing")
    func liftOfHeldTouch() {
        var delivery = ResponderDelivery.heldBack
        #expect(delivery.liftBegins(recognizedWithCancel: false) == .began)
        // What a touchesBegan that releases its delayer would ask next:
        #expect(delivery.releaseHeldBegin(recognizedWithCancel: false) == nil)
        #expect(delivery.liftEnds(cancelled: false, endWaits: true) == .holdEnded)
        var cancelled = ResponderDelivery.beganDue
        #expect(cancelled.liftBegins(recognizedWithCancel: false) == .began)
        #expect(cancelled.liftEnds(cancelled: true, endWaits: true) == .call(.cancelled))
        var taken = ResponderDelivery.beganDue
        #expect(taken.liftBegins(recognizedWithCancel: true) == nil)
        #expect(taken.liftEnds(cancelled: false, endWaits: false) == .nothing)
    }

    @Test("A view counts as tracking a touch while it is held back, due or active")
    func tracking() {
        let all: [ResponderDelivery] = [.none, .heldBack, .beganDue, .active, .finished]
        #expect(all.filter(\.isTrackedByView) == [.heldBack, .beganDue, .active])
    }
}

