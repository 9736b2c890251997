/// The touch event being dispatched: its time and the fingers that are down.
///
/// A window reuses one `Event` for every sample it dispatches, so keep a copy
/// of the values you need rather than the event itself.
@MainActor
public final class Event {
    // Exclusivity unchecked: written on every sample (Bench, main sequence).
    /// The time of the sample being dispatched, in seconds of virtual time.
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    // Exclusivity unchecked: read on every touch-down by each recognizer of the touch (Bench, tap).
    /// Unowned: the window owns the event and clears this when it is freed.
    @exclusivity(unchecked) unowned var window: Window? {
        didSet { windowSerial = window?.serial ?? 0 }
    }
    // Exclusivity unchecked: read on every touch-down by each recognizer of the touch (Bench, tap).
    /// The serial of `window` (0 for none): a recognizer compares it with
    /// its view's `windowSerial` without loading either window.
    @exclusivity(unchecked) private(set) var windowSerial: UInt64 = 0

    init(window: Window?) {
        self.window = window
        // An initializer does not run `didSet`.
        windowSerial = window?.serial ?? 0
    }

    /// Every finger down on the window, in the order they went down.
    ///
    /// Builds an array: call it when you need it, not on every move.
    public var allTouches: [Touch] {
        window?.touchesDown ?? []
    }
}
