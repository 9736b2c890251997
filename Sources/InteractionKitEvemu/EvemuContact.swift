import InteractionKitCore

/// A summary of one contact (finger) in a recording.
public struct EvemuContact: Hashable, Sendable {
    /// 0, 1, 2, … in the order contacts begin (without any `firstTouchID` offset).
    public var id: Int
    /// Seconds from the first event of the recording to the contact's `.began`.
    public var start: Double
    /// Seconds from the first event of the recording to the contact's `.ended`.
    public var end: Double
    /// Number of samples (began + moved + ended) the contact produced.
    public var samples: Int

    /// Creates a contact summary.
    public init(id: Int, start: Double, end: Double, samples: Int) {
        self.id = id
        self.start = start
        self.end = end
        self.samples = samples
    }

    /// `end - start`.
    public var duration: Double { end - start }
}
