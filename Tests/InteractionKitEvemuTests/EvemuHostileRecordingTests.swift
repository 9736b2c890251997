@testable import InteractionKitEvemu
import InteractionKitCore
import InteractionKitTestSupport
import Testing

/// A protocol B recording: the slot axis 0…`maximumSlot`, positions 0…1000,
/// and `events` (`E:` lines) after it.
func protocolB(maximumSlot: Int, _ events: String) -> String {
    "A: 2f 0 \(maximumSlot) 0 0\nA: 35 0 1000 0 0\nA: 36 0 1000 0 0\nA: 39 0 65535 0 0\n" + events
}

/// The `E:` lines of one frame that puts a new contact in `slot` at (x, y).
func contactDown(slot: Int, trackingID: Int, x: Int, y: Int, at time: String = "0.000000") -> String {
    "E: \(time) 0003 002f \(slot)\nE: \(time) 0003 0039 \(trackingID)\nE: \(time) 0003 0035 \(x)\nE: \(time) 0003 0036 \(y)\n"
}

@Suite("Evemu: hostile recordings are refused or bounded")
struct EvemuHostileRecordingTests {
    @Test("A slot outside the device's ABS_MT_SLOT range is refused at its line, pointing at the value")
    func slotOutOfRange() {
        let text = protocolB(maximumSlot: 9, contactDown(slot: 3, trackingID: 1, x: 10, y: 10)
            + "E: 0.000000 0000 0000 0\n" + contactDown(slot: 5000, trackingID: 2, x: 20, y: 20, at: "0.010000"))
        expectError(EvemuError(
            file: "t.events", line: 10, column: 23,
            message: "slot 5000 is outside the device's ABS_MT_SLOT range 0…9 (t.events:1); the kernel never reports such a slot")) {
            () throws(EvemuError) in
            try EvemuRecording(events: text, eventsFile: "t.events")
        }
        // A negative slot too; the slot axis may come from the description.
        expectError(EvemuError(
            file: "t.events", line: 1, column: 23,
            message: "slot -1 is outside the device's ABS_MT_SLOT range 0…9 (t.desc:1); the kernel never reports such a slot")) {
            () throws(EvemuError) in
            try EvemuRecording(events: "E: 0.000000 0003 002f -1\n", eventsFile: "t.events",
                               description: protocolB(maximumSlot: 9, ""), descriptionFile: "t.desc")
        }
    }

    @Test("At most 32 contacts are down at once: the 33rd and later give their began and nothing else")
    func contactsBeyondTheLimit() throws {
        var events = ""
        for slot in 0..<40 { events += contactDown(slot: slot, trackingID: slot + 1, x: slot * 10, y: 500) }
        events += "E: 0.000000 0000 0000 0\n"
        // Every finger moves, then the first lifts and a new one comes down in its place.
        for slot in 0..<40 { events += "E: 0.010000 0003 002f \(slot)\nE: 0.010000 0003 0036 600\n" }
        events += "E: 0.010000 0000 0000 0\n"
        events += "E: 0.020000 0003 002f 0\nE: 0.020000 0003 0039 -1\nE: 0.020000 0000 0000 0\n"
        events += contactDown(slot: 0, trackingID: 99, x: 5, y: 5, at: "0.030000") + "E: 0.030000 0000 0000 0\n"
        let recording = try EvemuRecording(events: protocolB(maximumSlot: 63, events), eventsFile: "t.events")
        let samples = recording.touchInputs(windowSize: Size(width: 1000, height: 1000), startTime: 0)
        let limit = GestureConstants.maximumTouchesDown
        #expect(samples.filter { $0.phase == .began }.count == 41)
        // The refused ones (ids 32...39) appear once, as a began, and never again.
        for id in limit..<40 {
            #expect(samples.filter { $0.id == id }.map(\.phase) == [.began])
        }
        #expect(samples.filter { $0.phase == .moved }.count == limit)
        // The lift frees a place: the new finger (id 40) is followed to the end.
        #expect(samples.filter { $0.id == 40 }.map(\.phase) == [.began, .ended])
        #expect(samples.filter { $0.phase == .ended }.count == limit + 1)
        // Down at no time more than the limit, as the window counts them.
        var down: Set<Int> = []
        var refused = 0
        for sample in samples {
            switch sample.phase {
            case .began:
                if down.count < limit { down.insert(sample.id) } else { refused += 1 }
            case .ended, .cancelled:
                #expect(down.remove(sample.id) != nil)
            default:
                #expect(down.contains(sample.id))
            }
        }
        #expect(refused == 40 - limit && down.isEmpty)
        #expect(recording.contacts().count == 41)
    }

    @Test("Input that fails mid-stream cancels the contacts still down; a clean end lifts them")
    func cancelOnFailure() throws {
        let recording = try EvemuRecording(
            events: protocolB(maximumSlot: 9, contactDown(slot: 0, trackingID: 1, x: 10, y: 20)
                + contactDown(slot: 1, trackingID: 2, x: 30, y: 40) + "E: 0.000000 0000 0000 0\n"
                + "E: 0.050000 0003 002f 0\nE: 0.050000 0003 0035 15\n"),
            eventsFile: "t.events")
        func run(_ end: (inout EvemuTouchStream) -> Void) throws -> [EvemuDecodedSample] {
            var stream = try #require(EvemuTouchStream(device: recording.device))
            for event in recording.events { stream.feed(event) }
            end(&stream)
            return stream.takeSamples()
        }
        let cancelled = try run { $0.cancel() }
        // The frame cut short (finger 0 moving to x 15) is dropped; both fingers are cancelled where they were.
        #expect(cancelled.map(\.phase) == [.began, .began, .cancelled, .cancelled])
        #expect(cancelled.suffix(2).map(\.x) == [10, 30])
        #expect(cancelled.last?.time == 0.05)
        let finished = try run { $0.finish() }
        #expect(finished.map(\.phase) == [.began, .began, .moved, .ended, .ended])
    }
}
