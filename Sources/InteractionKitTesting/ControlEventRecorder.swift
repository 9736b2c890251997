import InteractionKitLinux

/// Records the events that controls send, in order, as lines to compare
/// with a golden transcript.
///
/// ```swift
/// let events = ControlEventRecorder()
/// events.watch(saveButton)                 // named by its accessibility label, "Save"
/// try fingers.tap(at: saveButton.center)
/// #expect(events.lines == [
///     "0.000 Save touchDown",
///     "0.050 Save touchUpInside",
///     "0.050 Save primaryActionTriggered",
/// ])
/// ```
///
/// Each record is one `ControlEvents` member, in the order the controls
/// sent them (a control sends the members of one `sendActions(for:)` in
/// their declaration order), with the window's time. The recorder holds
/// the controls weakly and adds one handler to each; ``stopWatching()``
/// removes them.
@MainActor
public final class ControlEventRecorder {
    /// One event one control sent.
    public struct Record: Hashable, Sendable {
        /// The window's time when it was sent, in seconds; nil when the
        /// control was in no window.
        public var time: Double?
        /// The name the control was watched under.
        public var control: String
        /// The event: a single member of `ControlEvents`.
        public var event: ControlEvents

        /// The event's name, as its `ControlEvents` member is spelled
        /// (`"touchUpInside"`), or its bit in hexadecimal for an event of a
        /// subclass's own (`"0x1000000"`).
        public var eventName: String { controlEventName(event) }

        /// The record as a line: `"0.050 Save touchUpInside"` (time with
        /// three decimals, `-` when there was no window).
        public var line: String { "\(time.map(formatTime) ?? "-") \(control) \(eventName)" }
    }

    /// Every event recorded since the start or the last ``clear()``, in order.
    public private(set) var records: [Record] = []
    private var watched: [(control: WeakControl, token: ActionToken)] = []

    /// Creates a recorder that watches nothing yet.
    public init() {}

    /// Starts recording the `events` that `control` sends, under `name`.
    /// - Parameters:
    ///   - control: The control to watch (held weakly).
    ///   - name: Its name in the records; nil (the default) uses its
    ///     `accessibilityLabel` (a button's title), or `"control"`.
    ///   - events: Which events to record; every event by default.
    public func watch(_ control: Control, as name: String? = nil, events: ControlEvents = .allEvents) {
        let name = name ?? control.accessibilityLabel ?? "control"
        let token = control.addAction(for: events) { [weak self] control, event in
            self?.records.append(Record(time: control.window?.currentTime, control: name, event: event))
        }
        watched.append((WeakControl(control: control), token))
    }

    /// Removes the recorder's handlers from every control it watches; the records stay.
    public func stopWatching() {
        for entry in watched { entry.control.control?.removeAction(entry.token) }
        watched.removeAll()
    }

    /// The records as lines, `"0.050 Save touchUpInside"`.
    public var lines: [String] { records.map(\.line) }

    /// The records as lines without their times, `"Save touchUpInside"`.
    public var events: [String] { records.map { "\($0.control) \($0.eventName)" } }

    /// The names of the events one control sent, in order: `["touchDown", "touchUpInside"]`.
    public func events(of name: String) -> [String] {
        records.filter { $0.control == name }.map(\.eventName)
    }

    /// Forgets the records; the controls stay watched.
    public func clear() {
        records.removeAll()
    }
}

/// A control held weakly, so that recording does not keep it alive.
private struct WeakControl {
    weak var control: Control?
}
