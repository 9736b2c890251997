import InteractionKitLinux

/// Records the state changes of gesture recognizers, in order, as lines to
/// compare with a golden transcript.
///
/// ```swift
/// let states = GestureStateRecorder()
/// states.watch(longPress, as: "long-press")
/// try fingers.longPress(at: Point(x: 100, y: 100), duration: 0.6)
/// #expect(states.lines == [
///     "0.500 long-press possible→began",
///     "0.600 long-press began→ended",
///     "0.600 long-press ended→possible",
/// ])
/// ```
///
/// Every committed change is recorded, the return to `possible` when the
/// engine resets a recognizer included (``transitions(of:includingResets:)``
/// leaves those out). The recorder observes through
/// ``InteractionKitLinux/GestureRecognizer/addStateObserver(_:)`` and holds itself weakly there, so dropping it
/// stops the recording.
@MainActor
public final class GestureStateRecorder {
    /// One state change of one recognizer.
    public struct Record: Hashable, Sendable {
        /// The window's time of the change, in seconds (0 when the
        /// recognizer's view is in no window).
        public var time: Double
        /// The name the recognizer was watched under.
        public var recognizer: String
        /// The state before.
        public var from: GestureRecognizer.State
        /// The state after.
        public var to: GestureRecognizer.State

        /// The change as `"possible→began"`.
        public var transition: String { "\(from)→\(to)" }

        /// The record as a line: `"0.500 long-press possible→began"` (time with three decimals).
        public var line: String { "\(formatTime(time)) \(recognizer) \(transition)" }
    }

    /// Every change recorded since the start or the last ``clear()``, in order.
    public private(set) var records: [Record] = []

    /// Creates a recorder that watches nothing yet.
    public init() {}

    /// Starts recording `recognizer`'s state changes under `name`.
    /// - Parameters:
    ///   - recognizer: The recognizer to watch.
    ///   - name: Its name in the records; nil (the default) uses its `name`,
    ///     or its type's name (`"TapGestureRecognizer"`).
    public func watch(_ recognizer: GestureRecognizer, as name: String? = nil) {
        let name = name ?? recognizer.name ?? String(describing: type(of: recognizer))
        recognizer.addStateObserver { [weak self] recognizer, from, to in
            self?.records.append(Record(time: recognizer.currentTime, recognizer: name, from: from, to: to))
        }
    }

    /// The records as lines, `"0.500 long-press possible→began"`.
    public var lines: [String] { records.map(\.line) }

    /// One recognizer's changes without times, `["possible→began", "began→ended"]`;
    /// the returns to `possible` are left out unless `includingResets`.
    public func transitions(of name: String, includingResets: Bool = false) -> [String] {
        records.filter { $0.recognizer == name && (includingResets || $0.to != .possible) }.map(\.transition)
    }

    /// The states one recognizer entered, in order, returns to `possible`
    /// left out: `[.began, .changed, .ended]`.
    public func states(of name: String) -> [GestureRecognizer.State] {
        records.filter { $0.recognizer == name && $0.to != .possible }.map(\.to)
    }

    /// Forgets the records; the recognizers stay watched.
    public func clear() {
        records.removeAll()
    }
}
