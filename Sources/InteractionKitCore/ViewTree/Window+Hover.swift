/// One sample of a pointer with no button pressed, as a toolkit delivers it
/// to `Window.send(_:)`.
///
/// `location` is in window coordinates; a non-finite location (NaN or
/// infinite) means the pointer left the window. `timestamp` is in seconds
/// on the window's virtual clock.
public struct HoverInput: Hashable, Sendable {
    /// Where the pointer is, in window coordinates; non-finite when it left the window.
    public var location: Point
    /// When the sample was taken, in seconds of virtual time.
    public var timestamp: Double

    /// Creates a hover sample.
    public init(location: Point, timestamp: Double) {
        self.location = location
        self.timestamp = timestamp
    }
}

/// The hover recognizers of a window that the pointer is over: the window's attachment.
@MainActor
final class HoverState {
    var hovering: [HoverGestureRecognizer] = []
}

extension Window {
    /// Delivers one pointer sample: hover recognizers begin, change and end.
    ///
    /// Timers due at or before the timestamp fire first (an earlier or NaN
    /// timestamp counts as now). The pointer is hit-tested like a touch; it
    /// is over the hit view and every ancestor, and the enabled
    /// `HoverGestureRecognizer`s of those views begin (pointer entered) or
    /// change (pointer moved). The ones it was over before and is not now
    /// end, first. A non-finite location ends them all, where the pointer
    /// was last. Callbacks may re-enter (send hovers, touches, change the
    /// tree): each recognizer is moved only when its own state allows it.
    ///
    /// As for touches (rule G10), a sample sent from a callback while the
    /// window is dispatching is queued and dispatched after the current
    /// input (`.queued`); past the queue's bounds (those that refuse a touch
    /// with `TouchInputError.tooManyQueued`) it is dropped (`.dropped`).
    @discardableResult
    public func send(_ input: HoverInput) -> InputDelivery {
        dispatchHover(input)
    }

    /// Dispatches one pointer sample: its timers first, then the hover recognizers.
    func dispatchHoverNow(_ input: HoverInput) {
        let timestamp = input.timestamp.isFinite ? input.timestamp : currentTime
        advanceClockForSample(to: timestamp)
        let state = attachment(HoverState.self) { HoverState() }
        let before = state.hovering
        var over: [HoverGestureRecognizer] = []
        if input.location.isFinite {
            var node = hitTest(input.location, with: nil)
            while let view = node {
                for case let hover as HoverGestureRecognizer in view.gestureRecognizers where hover.isEnabled {
                    over.append(hover)
                }
                node = view.superview
            }
        }
        let location: Point? = input.location.isFinite ? input.location : nil
        for hover in before where !over.contains(where: { $0 === hover }) {
            hover.pointerLeft(at: location)
        }
        for hover in over {
            if before.contains(where: { $0 === hover }) && hover.state.isInProgress {
                hover.pointerMoved(to: input.location)
            } else {
                hover.pointerEntered(at: input.location)
            }
        }
        // A nested send may have changed the list meanwhile: keep every
        // recognizer that is hovering now, from any of the lists.
        var now: [HoverGestureRecognizer] = []
        for hover in state.hovering + before + over where hover.state.isInProgress && !now.contains(where: { $0 === hover }) {
            now.append(hover)
        }
        state.hovering = now
    }
}
