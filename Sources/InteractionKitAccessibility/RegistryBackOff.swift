/// When the bridge waits for the registry's answer to a key (R4-10): the
/// full `keyAnswerTimeout` while the registry answers; after
/// `timeoutsBeforeBackingOff` time-outs in a row, no wait at all (the key
/// is still sent, so a screen reader that is only slow still hears it),
/// except one key every `probeInterval` seconds, which waits the full time
/// again; any answer ends the back-off. A value that decides and calls no one.
struct RegistryBackOff: Equatable {
    /// Time-outs in a row before the bridge stops waiting.
    static let timeoutsBeforeBackingOff = 3

    /// Time-outs since the registry last answered.
    private(set) var consecutiveTimeouts = 0
    /// While backing off: when the next key waits the full time again.
    private(set) var nextProbe: Double?

    /// Whether keys are sent without waiting for the answer.
    var isBackingOff: Bool { consecutiveTimeouts >= Self.timeoutsBeforeBackingOff }

    /// Whether the key offered at `now` waits for the answer; a probe moves the next one on.
    mutating func waitsForAnswer(at now: Double, probeInterval: Double) -> Bool {
        guard isBackingOff else { return true }
        guard let probe = nextProbe, now >= probe else { return false }
        nextProbe = now + probeInterval
        return true
    }

    /// The registry answered (a reply or an error): keys wait again.
    mutating func answered() {
        consecutiveTimeouts = 0
        nextProbe = nil
    }

    /// A key's wait ran out at `now`.
    mutating func timedOut(at now: Double, probeInterval: Double) {
        consecutiveTimeouts += 1
        if consecutiveTimeouts == Self.timeoutsBeforeBackingOff { nextProbe = now + probeInterval }
    }
}
