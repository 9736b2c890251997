@testable import InteractionKitEvemu
import InteractionKitCore
import InteractionKitTestSupport
import Foundation
import Testing

/// Loads fixtures relative to this source file (no SwiftPM resources).
enum Fixture {
    static let repository = Repository.root
    /// Hand-written recordings.
    static let directory = repository.appendingPathComponent("Tests/Fixtures/evemu")
    /// Real recordings, shared with the examples.
    static let realDirectory = repository.appendingPathComponent("Examples/recordings")

    static func url(_ name: String) -> URL {
        let real = realDirectory.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: real.path) ? real : directory.appendingPathComponent(name)
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    /// Parses `events`, with the `.desc` file `description` if given.
    static func recording(_ events: String, description: String? = nil) throws -> EvemuRecording {
        try EvemuRecording(
            events: text(events), eventsFile: events,
            description: try description.map(text), descriptionFile: description)
    }
}

/// Checks that a sample list is a valid touch stream: every id begins once,
/// moves only while down, ends exactly once; timestamps never decrease;
/// coordinates are finite and inside the window.
func expectWellFormed(
    _ inputs: [TouchInput], window: Size, sourceLocation: SourceLocation = #_sourceLocation
) {
    var down: [Int: Bool] = [:]
    var lastTime = -Double.infinity
    for input in inputs {
        #expect(input.timestamp >= lastTime, "time goes backwards at \(input)", sourceLocation: sourceLocation)
        lastTime = input.timestamp
        let x = input.location.x, y = input.location.y
        #expect(x.isFinite && y.isFinite, "non-finite location \(input)", sourceLocation: sourceLocation)
        #expect((0...window.width).contains(x) && (0...window.height).contains(y),
                "outside the window: \(input)", sourceLocation: sourceLocation)
        switch input.phase {
        case .began:
            #expect(down[input.id] == nil, "id \(input.id) began twice", sourceLocation: sourceLocation)
            down[input.id] = true
        case .moved:
            #expect(down[input.id] == true, "id \(input.id) moved while up", sourceLocation: sourceLocation)
        case .ended:
            #expect(down[input.id] == true, "id \(input.id) ended while up", sourceLocation: sourceLocation)
            down[input.id] = false
        case .stationary, .cancelled:
            Issue.record("unexpected phase in \(input)", sourceLocation: sourceLocation)
        }
    }
    for (id, isDown) in down {
        #expect(!isDown, "id \(id) never ended", sourceLocation: sourceLocation)
    }
}

/// Asserts that parsing throws exactly `expected`.
func expectError(
    _ expected: EvemuError, sourceLocation: SourceLocation = #_sourceLocation,
    _ parse: () throws(EvemuError) -> EvemuRecording
) {
    do {
        _ = try parse()
        Issue.record("expected \(expected), but parsing succeeded", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, sourceLocation: sourceLocation)
    }
}
