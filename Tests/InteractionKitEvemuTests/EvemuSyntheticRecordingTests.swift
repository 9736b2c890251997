@testable import InteractionKitEvemu
import InteractionKitCore
import InteractionKitTestSupport
import Testing

@Suite("Evemu: hand-written recordings decode as the kernel protocols say")
struct SyntheticRecordingTests {
    /// Rounds locations so expectations can be written as whole numbers.
    func rounded(_ inputs: [TouchInput]) -> [TouchInput] {
        inputs.map {
            var input = $0
            input.location = Point(x: ($0.location.x * 1000).rounded() / 1000, y: ($0.location.y * 1000).rounded() / 1000)
            input.timestamp = ($0.timestamp * 1_000_000).rounded() / 1_000_000
            return input
        }
    }

    @Test("Protocol A keeps IDs by nearest position") func protocolAKeepsIdsByNearestPosition() throws {
        let recording = try Fixture.recording("synthetic-protocol-a-crossing.events")
        #expect(recording.device.touchProtocol == .multitouchA)
        #expect(recording.device.name == "Synthetic Protocol A Panel")
        // Window equal to the axis range: locations are the raw values.
        let window = Size(width: 1000, height: 1000)
        let inputs = rounded(recording.touchInputs(windowSize: window, startTime: 0))
        expectWellFormed(inputs, window: window)

        // Finger 1 (id 0) always stays on y=500 and finger 2 (id 1) on y=540,
        // even in the frames where they are only 40 units apart.
        for input in inputs where input.id == 0 { #expect(input.location.y == 500, "\(input)") }
        for input in inputs where input.id == 1 { #expect(input.location.y == 540, "\(input)") }
        #expect(inputs.filter { $0.id == 0 }.map(\.location.x) == [100, 200, 300, 400, 500, 600, 700, 700])
        #expect(inputs.filter { $0.id == 1 }.map(\.location.x) == [900, 800, 700, 600, 500, 400, 300, 200, 200])

        // Finger 1 lifting ends only finger 1.
        let at70ms = inputs.filter { $0.timestamp == 0.07 }
        #expect(at70ms == [
            TouchInput(id: 0, phase: .ended, location: Point(x: 700, y: 500), timestamp: 0.07),
            TouchInput(id: 1, phase: .moved, location: Point(x: 200, y: 540), timestamp: 0.07),
        ])
        #expect(inputs.last == TouchInput(id: 1, phase: .ended, location: Point(x: 200, y: 540), timestamp: 0.08))

        let contacts = recording.contacts().map { EvemuContact(id: $0.id, start: ($0.start * 1e6).rounded() / 1e6, end: ($0.end * 1e6).rounded() / 1e6, samples: $0.samples) }
        #expect(contacts == [
            EvemuContact(id: 0, start: 0, end: 0.07, samples: 8),
            EvemuContact(id: 1, start: 0, end: 0.08, samples: 9),
        ])
    }

    @Test("Protocol A far jump is a new contact") func protocolAFarJumpIsANewContact() throws {
        // A jump of more than a quarter of the diagonal (1414 / 4 ≈ 354) is
        // a different finger: the old one ends, a new one begins.
        let text = """
            A: 35 0 1000 0 0
            A: 36 0 1000 0 0
            E: 0.000000 0003 0035 100
            E: 0.000000 0003 0036 100
            E: 0.000000 0000 0002 0
            E: 0.000000 0000 0000 0
            E: 0.010000 0003 0035 900
            E: 0.010000 0003 0036 900
            E: 0.010000 0000 0002 0
            E: 0.010000 0000 0000 0
            """
        let recording = try EvemuRecording(events: text, eventsFile: "jump.events")
        let inputs = recording.touchInputs(windowSize: Size(width: 1000, height: 1000), startTime: 0)
        #expect(inputs.map(\.id) == [0, 0, 1, 1])
        #expect(inputs.map(\.phase) == [.began, .ended, .began, .ended])
    }

    @Test("Single touch follows BTN_TOUCH") func singleTouchFollowsBtnTouch() throws {
        let recording = try Fixture.recording("synthetic-single-touch.events")
        #expect(recording.device.touchProtocol == .singleTouch)
        #expect(recording.device.axes[1] == EvemuAxis(code: 1, minimum: 0, maximum: 500, resolution: 10))
        let window = Size(width: 1000, height: 500)
        let inputs = rounded(recording.touchInputs(windowSize: window, startTime: 2, firstTouchID: 7))
        expectWellFormed(inputs, window: window)
        // x axis is 100...1100, so raw 600 is the middle of the window.
        #expect(inputs == [
            TouchInput(id: 7, phase: .began, location: Point(x: 500, y: 250), timestamp: 2),
            TouchInput(id: 7, phase: .moved, location: Point(x: 600, y: 250), timestamp: 2.016),
            TouchInput(id: 7, phase: .moved, location: Point(x: 600, y: 300), timestamp: 2.032),
            TouchInput(id: 7, phase: .ended, location: Point(x: 600, y: 300), timestamp: 2.064),
        ])
        #expect(recording.contacts().count == 1)
    }

    @Test("SYN_DROPPED skips the rest of the frame") func synDroppedSkipsTheRestOfTheFrame() throws {
        let recording = try Fixture.recording("synthetic-syn-dropped.events")
        let window = Size(width: 1000, height: 1000)
        let inputs = rounded(recording.touchInputs(windowSize: window, startTime: 0))
        expectWellFormed(inputs, window: window)
        // Nothing from the dropped frame (x=999, tracking id 8 in slot 1, t=0.02);
        // the slot-change in it was dropped too, so the frame at 0.03 moves slot 0.
        #expect(inputs == [
            TouchInput(id: 0, phase: .began, location: Point(x: 100, y: 100), timestamp: 0),
            TouchInput(id: 0, phase: .moved, location: Point(x: 110, y: 100), timestamp: 0.01),
            TouchInput(id: 0, phase: .moved, location: Point(x: 130, y: 100), timestamp: 0.03),
            TouchInput(id: 0, phase: .ended, location: Point(x: 130, y: 100), timestamp: 0.04),
        ])
        // The events are still all in the recording; only decoding skips them.
        #expect(recording.events.count == 18)
    }

    @Test("Contacts still down end at the last event") func contactsStillDownEndAtTheLastEvent() throws {
        let recording = try Fixture.recording("synthetic-still-down.events")
        let window = Size(width: 1000, height: 1000)
        let inputs = rounded(recording.touchInputs(windowSize: window, startTime: 0))
        expectWellFormed(inputs, window: window)
        #expect(inputs == [
            TouchInput(id: 0, phase: .began, location: Point(x: 100, y: 200), timestamp: 0),
            // Slot 1 had a tracking id but no position at 0.00: began waits.
            TouchInput(id: 1, phase: .began, location: Point(x: 500, y: 600), timestamp: 0.01),
            // Slot 0 gets a new tracking id: the old contact ends where it was,
            // the new one begins with the slot's persisting y.
            TouchInput(id: 0, phase: .ended, location: Point(x: 100, y: 200), timestamp: 0.02),
            TouchInput(id: 2, phase: .began, location: Point(x: 150, y: 200), timestamp: 0.02),
            TouchInput(id: 2, phase: .moved, location: Point(x: 150, y: 250), timestamp: 0.03),
            // Still down at the end: ended at the time of the last event (1.5 s - 1.0 s).
            TouchInput(id: 1, phase: .ended, location: Point(x: 500, y: 600), timestamp: 0.5),
            TouchInput(id: 2, phase: .ended, location: Point(x: 150, y: 250), timestamp: 0.5),
        ])
    }

    @Test("Tap within one frame begins and ends") func tapWithinOneFrameBeginsAndEnds() throws {
        let text = """
            A: 2f 0 4 0 0
            A: 35 0 100 0 0
            A: 36 0 100 0 0
            E: 0.000000 0003 0039 5
            E: 0.000000 0003 0035 10
            E: 0.000000 0003 0036 20
            E: 0.000000 0003 0039 -1
            E: 0.000000 0000 0000 0
            """
        let recording = try EvemuRecording(events: text, eventsFile: "tap.events")
        let inputs = recording.touchInputs(windowSize: Size(width: 100, height: 100), startTime: 0)
        #expect(inputs.map(\.phase) == [.began, .ended])
        #expect(inputs.allSatisfy { $0.id == 0 && $0.timestamp == 0 })
    }

    @Test("Events file description overrides desc") func eventsFileDescriptionOverridesDesc() throws {
        let desc = "N: From desc\nA: 35 0 100 0 0\nA: 36 0 100 0 0\n"
        let events = "N: From events\nA: 36 0 200 0 0\nE: 0.000000 0000 0000 0\n"
        let recording = try EvemuRecording(events: events, eventsFile: "e", description: desc, descriptionFile: "d")
        #expect(recording.device.name == "From events")
        #expect(recording.device.axes[0x36]?.maximum == 200)
        #expect(recording.device.axes[0x35]?.maximum == 100)
        #expect(recording.device.touchProtocol == .multitouchA)
    }

    @Test("Parsing details") func parsingDetails() throws {
        // Tabs, zero padding, negative values, comments, CRLF, blank lines,
        // ignored description lines and a name containing '#'.
        let text = "# EVEMU 1.3\r\nN: Panel #2 \r\nI: 0003 04f3 0732 0000\r\nP: 02 00\r\nB: 03 03 00\r\nL: 00 0\r\nS: 00 0\r\n\r\n"
            + "A: 00\t-10 10 0 0 0\r\n  A: 01 -10 10 0 0\r\n"
            + "E:\t0.000001\t0003\t0000\t-001\t# comment\r\nE: 0.000002 0003 0001 0007 #x\r\nE: 12.000345 0000 0000 0000\r\n"
        let recording = try EvemuRecording(events: text, eventsFile: "details.events")
        #expect(recording.device.name == "Panel #2")
        #expect(recording.device.touchProtocol == .singleTouch)
        #expect(recording.events == [
            EvemuEvent(seconds: 0, microseconds: 1, type: 3, code: 0, value: -1, line: 11),
            EvemuEvent(seconds: 0, microseconds: 2, type: 3, code: 1, value: 7, line: 12),
            EvemuEvent(seconds: 12, microseconds: 345, type: 0, code: 0, value: 0, line: 13),
        ])
        // No BTN_TOUCH: no contact.
        #expect(recording.touchInputs(windowSize: Size(width: 1, height: 1), startTime: 0).isEmpty)
    }
}

@Suite("Evemu: large recordings")
struct LargeRecordingTests {
    /// ~3.7 MB of protocol B events (just under the 4 MiB limit): parsing and
    /// decoding stay fast (linear) and the output stays well-formed.
    @Test("Large recording") func largeRecording() throws {
        var text = "A: 2f 0 9 0 0\nA: 35 0 4000 0 0\nA: 36 0 4000 0 0\n"
        var microseconds = 0
        for i in 0..<30_000 {
            microseconds += 8_000
            let fraction = String(microseconds % 1_000_000)
            let time = "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
            text += "E: \(time) 0003 002f \(i % 10)\nE: \(time) 0003 0039 \(i % 3 == 0 ? -1 : i)\n"
                + "E: \(time) 0003 0035 \(i % 4000)\nE: \(time) 0003 0036 \(i % 1000)\nE: \(time) 0000 0000 0000\n"
        }
        #expect(text.utf8.count < EvemuLimits.maximumBytes)
        let recording = try EvemuRecording(events: text, eventsFile: "large.events")
        #expect(recording.events.count == 150_000)
        let window = Size(width: 100, height: 100)
        let inputs = recording.touchInputs(windowSize: window, startTime: 0)
        expectWellFormed(inputs, window: window)
        #expect(recording.contacts().count == 20_000)
    }
}
