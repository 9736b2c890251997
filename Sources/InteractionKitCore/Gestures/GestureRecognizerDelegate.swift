/// An object that fine-tunes how a gesture recognizer competes for touches.
///
/// Every method is optional: the defaults let the recognizer receive every
/// touch and begin whenever it recognizes, recognize alone (exclusively),
/// and add no failure requirements.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer is about to leave `possible`; false makes it fail instead.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Whether two recognizers may recognize at the same time.
    ///
    /// True from either side's delegate allows it; false is the default and
    /// does not forbid what the other side's delegate allows.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether the recognizer must wait for `otherGestureRecognizer` to fail, decided per attempt.
    ///
    /// Asked about the recognizers that share a touch with this one, when
    /// the touch goes down or one of them asks to recognize. A yes holds
    /// like `require(toFail:)` until the recognizer resets, across separate
    /// touches too: a single tap told to wait for a double tap waits
    /// between the double tap's taps (rule G12). A no adds nothing, and
    /// takes away nothing another side said yes to.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether `otherGestureRecognizer` must wait for this recognizer to fail, decided per attempt.
    ///
    /// Asked and held as `gestureRecognizer(_:shouldRequireFailureOf:)` is, from the other side.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether the recognizer should see a new touch at all; asked when the touch goes down.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
    /// By default a recognizer may begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    /// By default recognizers are exclusive.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    /// By default no failure requirement is added.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    /// By default no failure requirement is added.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    /// By default every touch is received.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
}
