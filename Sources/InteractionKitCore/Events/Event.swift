/// The touch event being dispatched: its time and the fingers that are down.
///
/// A window reuses one `Event` for every sample it dispatches, so keep a copy
/// of the values you need rather than the event itself.
@MainActor
public final class Event {
    /// The time of the sample being dispatched, in seconds of virtual time.
    public var timestamp: Double { storedTimestamp }
    /// The storage of `timestamp`, written on every sample: private, so the
    /// compiler proves its exclusivity statically.
    var storedTimestamp: Double = 0
    /// Unowned: the window owns the event and clears this when it is freed.
    unowned var window: Window? {
        didSet { windowSerial = window?.serial ?? 0 }
    }
    /// The serial of `window` (0 for none): a recognizer compares it with
    /// its view's `windowSerial` without loading either window.
    private(set) var windowSerial: UInt64 = 0

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

    /// The touches of the event that belong to a view (UIKit's
    /// `touches(for:)`): the fingers down that were hit-tested to it.
    ///
    /// A touch belongs to the view it went down on (`Touch.view`) wherever
    /// it moves, and not to that view's superviews: ask for the view the
    /// touches began in. It belongs to it whether or not the view hears it
    /// (a second finger on a view that is not `isMultipleTouchEnabled`, a
    /// touch a recognizer cancelled in it). Empty when none does. Builds a
    /// set: call it when you need it, not on every move.
    public func touches(for view: View) -> Set<Touch> {
        guard let window else { return [] }
        var touches: Set<Touch> = []
        for record in window.touchTable.records where record.touch.viewSerial == view.objectSerial {
            touches.insert(record.touch)
        }
        return touches
    }

    /// The touches of the event that are delivered to a gesture recognizer
    /// (UIKit's `touches(for:)`): the fingers down that it tracks.
    ///
    /// A touch it was not given (its view was not under the finger, it was
    /// disabled, `allowedTouchTypes`, `shouldReceive`), or that it stopped
    /// tracking (`ignore(_:)`), is not among them. Empty for a recognizer
    /// of another window.
    public func touches(for recognizer: GestureRecognizer) -> Set<Touch> {
        guard let window else { return [] }
        var touches: Set<Touch> = []
        for record in window.touchTable.records
        where window.gestureArena.isSeated(recognizer, serial: record.touch.serial) && recognizer.isTracking(serial: record.touch.serial) {
            touches.insert(record.touch)
        }
        return touches
    }
}
