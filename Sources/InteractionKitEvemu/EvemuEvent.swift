import InteractionKitCore

/// One `E:` line of a recording: a kernel `input_event`.
public struct EvemuEvent: Hashable, Sendable {
    /// Whole seconds of the timestamp, exactly as written.
    public var seconds: Int
    /// Microseconds of the timestamp (0...999_999).
    public var microseconds: Int
    /// Event type (`EV_SYN` = 0, `EV_KEY` = 1, `EV_ABS` = 3, ...).
    public var type: Int
    /// Event code within the type (e.g. `ABS_MT_POSITION_X` = 0x35).
    public var code: Int
    /// Signed event value (a 32-bit quantity in the kernel).
    public var value: Int
    /// 1-based line number in the events file.
    public var line: Int

    /// Creates an event.
    public init(seconds: Int, microseconds: Int, type: Int, code: Int, value: Int, line: Int) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
        self.line = line
    }

    /// Seconds from `origin` to this event, computed from the integer
    /// parts first so that epoch-sized timestamps keep microsecond precision.
    func seconds(since origin: EvemuEvent) -> Double {
        let (wholeSeconds, overflow) = seconds.subtractingReportingOverflow(origin.seconds)
        let secondsPart = overflow ? Double(seconds) - Double(origin.seconds) : Double(wholeSeconds)
        return secondsPart + (Double(microseconds) - Double(origin.microseconds)) / 1_000_000
    }
}
