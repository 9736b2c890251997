/// Recognizes a pointer hovering over its view, with no button pressed (continuous).
///
/// It takes no touches: pointer motion reaches it through
/// `Window.send(_ input: HoverInput)`, which hit-tests the pointer as a touch
/// would be (hidden, non-interactive and disabled views are skipped) and
/// treats the pointer as over the hit view and each of its ancestors.
///
/// - **Begins** when the pointer comes over its view.
/// - **Changes** as the pointer moves over it.
/// - **Ends** when the pointer leaves the view or the window (a non-finite
///   `HoverInput.location`).
/// - **Fails** only when the arbiter refuses it (its delegate says no, or
///   a recognizer it requires to fail has recognized). It is cancelled when
///   disabled or removed while hovering.
///
/// `location(in:)` is the pointer, and stays where it was last once it has left.
///
/// The state machine, on the shared table (`GestureStateMachine`):
/// `possible → began → changed* → ended | cancelled`, or `possible → failed`.
open class HoverGestureRecognizer: GestureRecognizer {
    /// Hovers are continuous.
    override open var isContinuous: Bool { true }

    /// A hover takes no touches.
    override open func shouldReceive(_ touch: Touch) -> Bool { false }

    /// The pointer came over the view.
    func pointerEntered(at location: Point) {
        guard state == .possible else { return }
        rememberLocation(location)
        transition(to: .began)
    }

    /// The pointer moved over the view.
    func pointerMoved(to location: Point) {
        guard state.isInProgress else { return }
        rememberLocation(location)
        transition(to: .changed)
    }

    /// The pointer left the view (`location` nil: it left the window where it was).
    func pointerLeft(at location: Point?) {
        guard state.isInProgress else { return }
        if let location { rememberLocation(location) }
        transition(to: .ended)
    }
}
