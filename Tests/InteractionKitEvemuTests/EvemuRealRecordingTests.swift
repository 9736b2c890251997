@testable import InteractionKitEvemu
import InteractionKitCore
import InteractionKitTestSupport
import Testing

/// Expected contacts of the real recordings.
///
/// Derived independently of EvemuKit with a one-off awk script over the
/// `E:` lines (integer microsecond arithmetic): for protocol B, a contact
/// starts when `ABS_MT_TRACKING_ID` (0x39) is set to a value >= 0 in the
/// current slot (`ABS_MT_SLOT`, 0x2f, starting at 0) and ends when the same
/// slot's tracking id becomes -1; its start/end time is the time of the
/// `SYN_REPORT` closing that frame, minus the time of the first `E:` line.
/// All contacts in these recordings end before the recording does.
///
/// Sample counts per contact come from a second awk script: 1 (began) +
/// one per `SYN_REPORT` at which the slot's (x, y) differs from the last
/// reported value while the contact is down + 1 (ended); positions persist
/// per slot. E.g. for the 2-fingers file that is 1 + 6 + 1 and 1 + 7 + 1,
/// which was also checked by hand against the 58 events.
@Suite("Evemu: real recordings decode into well-formed touches")
struct RealRecordingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var events: String
        var description: String?
        var name: String
        var touchProtocol: EvemuTouchProtocol
        var window: Size
        /// (start, end) seconds relative to the first event, in begin order.
        var contacts: [(Double, Double)]
        /// Samples (began + moved + ended) per contact.
        var samples: [Int]
        var testDescription: String { events }
    }

    static let cases: [Case] = [
        Case(events: "ELAN CANDO Windows7.1-finger-drag-up-down.events", description: "ELAN CANDO Windows7.desc",
             name: "ELAN CANDO Windows7", touchProtocol: .multitouchB, window: Size(width: 3008, height: 1856),
             contacts: [(0, 2.853790)],
             samples: [260]),
        Case(events: "EP0430M09.1-finger-drag-up-down.events", description: nil,
             name: "EP0430M09", touchProtocol: .multitouchB, window: Size(width: 1280, height: 768),
             contacts: [(0, 1.433974)],
             samples: [183]),
        Case(events: "EP0430M09.2-finger-scroll-down.events", description: nil,
             name: "EP0430M09", touchProtocol: .multitouchB, window: Size(width: 1280, height: 768),
             contacts: [(0, 0.754658), (0.007513, 0.732502)],
             samples: [98, 86]),
        Case(events: "EP0430M09.2-fingers-touch-release.events", description: nil,
             name: "EP0430M09", touchProtocol: .multitouchB, window: Size(width: 1280, height: 768),
             contacts: [(0, 0.513463), (0, 0.527809)],
             samples: [8, 9]),
        Case(events: "EP0430M09.4-finger-drag-down.events", description: nil,
             name: "EP0430M09", touchProtocol: .multitouchB, window: Size(width: 1280, height: 768),
             contacts: [(0, 1.173667), (0, 1.158944), (0, 1.173667), (0, 1.173667)],
             samples: [95, 91, 102, 102]),
        Case(events: "QUANTA OpticalTouchScreen.events", description: "QUANTA OpticalTouchScreen.desc",
             name: "QUANTA OpticalTouchScreen", touchProtocol: .multitouchB, window: Size(width: 1920, height: 1080),
             contacts: [
                (0.000040, 0.823981), (1.071994, 2.544014), (2.888002, 3.168031),
                (3.720024, 5.208004), (5.608020, 6.495997), (7.088013, 7.839995),
                (8.296026, 9.224001), (10.160016, 12.024002), (12.472023, 13.888014),
             ],
             samples: [73, 143, 2, 86, 84, 37, 41, 160, 112]),
        Case(events: "QUANTA OpticalTouchScreen.touch-on-left.events", description: "QUANTA OpticalTouchScreen.desc",
             name: "QUANTA OpticalTouchScreen", touchProtocol: .multitouchB, window: Size(width: 1920, height: 1080),
             contacts: [(0.000021, 0.927996)],
             samples: [41]),
    ]

    @Test("Contacts match independent count", arguments: cases) func contactsMatchIndependentCount(_ testCase: Case) throws {
        let recording = try Fixture.recording(testCase.events, description: testCase.description)
        #expect(recording.device.name == testCase.name)
        #expect(recording.device.touchProtocol == testCase.touchProtocol)
        let contacts = recording.contacts()
        #expect(contacts.count == testCase.contacts.count)
        for (contact, expected) in zip(contacts, testCase.contacts) {
            #expect(abs(contact.start - expected.0) < 1e-6, "\(contact)")
            #expect(abs(contact.end - expected.1) < 1e-6, "\(contact)")
            #expect(abs(contact.duration - (expected.1 - expected.0)) < 1e-6, "\(contact)")
        }
        #expect(contacts.map(\.samples) == testCase.samples)
        #expect(contacts.map(\.id) == Array(0..<contacts.count))
    }

    @Test("Samples are well formed", arguments: cases) func samplesAreWellFormed(_ testCase: Case) throws {
        let recording = try Fixture.recording(testCase.events, description: testCase.description)
        let window = Size(width: 800, height: 600)
        let inputs = recording.touchInputs(windowSize: window, startTime: 100, firstTouchID: 40)
        expectWellFormed(inputs, window: window)
        let ids = Set(inputs.map(\.id))
        #expect(ids == Set(40..<(40 + testCase.contacts.count)))
        #expect(inputs.first?.timestamp ?? 0 >= 100)
        // Per-id sample counts agree with contacts().
        let contacts = recording.contacts()
        for contact in contacts {
            #expect(inputs.filter { $0.id == contact.id + 40 }.count == contact.samples)
        }
    }

    /// With the window equal to the axis range (max - min), locations are the raw values.
    @Test("First sample is the raw position") func firstSampleIsTheRawPosition() throws {
        let recording = try Fixture.recording("EP0430M09.2-fingers-touch-release.events")
        let inputs = recording.touchInputs(windowSize: Size(width: 1279, height: 767), startTime: 0)
        try #require(inputs.count >= 2)
        #expect(inputs[0].id == 0 && inputs[0].phase == .began && inputs[0].timestamp == 0)
        #expect(abs(inputs[0].location.x - 404) < 1e-9 && abs(inputs[0].location.y - 409) < 1e-9)
        #expect(inputs[1].id == 1 && inputs[1].phase == .began && inputs[1].timestamp == 0)
        #expect(abs(inputs[1].location.x - 933) < 1e-9 && abs(inputs[1].location.y - 414) < 1e-9)
        // Slot 0 lifts at 0.513464 (relative 0.513463) where it last was.
        let end0 = try #require(inputs.first { $0.id == 0 && $0.phase == .ended })
        #expect(abs(end0.location.x - 401) < 1e-9 && abs(end0.location.y - 410) < 1e-9)
        #expect(abs(end0.timestamp - 0.513463) < 1e-9)
    }

    @Test("Epoch timestamps keep microsecond precision") func epochTimestampsKeepMicrosecondPrecision() throws {
        let recording = try Fixture.recording(
            "QUANTA OpticalTouchScreen.events", description: "QUANTA OpticalTouchScreen.desc")
        #expect(recording.events.first == EvemuEvent(
            seconds: 1350644052, microseconds: 895553, type: 3, code: 0x39, value: 35, line: 1))
        let inputs = recording.touchInputs(windowSize: Size(width: 1920, height: 1080), startTime: 0)
        // First SYN_REPORT is at .895593, 40 µs after the first event.
        #expect(inputs.first?.timestamp == 0.000040)
    }
}
