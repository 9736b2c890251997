import Foundation
import Testing
@testable import DemoCLI
import InteractionKitEvemu
import InteractionKitLive
import InteractionKitLinux
import InteractionKitPictures
import InteractionKitReplay
import InteractionKitTestSupport

@Suite("Demo --device: evdev records onto the scene")
@MainActor
struct DeviceModeTests {
    nonisolated static let recordings: [(events: String, description: String)] = [
        ("ELAN CANDO Windows7.1-finger-drag-up-down.events", "ELAN CANDO Windows7.desc"),
        ("EP0430M09.1-finger-drag-up-down.events", "EP0430M09.1-finger-drag-up-down.events"),
        ("EP0430M09.2-fingers-touch-release.events", "EP0430M09.2-fingers-touch-release.events"),
        ("EP0430M09.4-finger-drag-down.events", "EP0430M09.4-finger-drag-down.events"),
        ("QUANTA OpticalTouchScreen.touch-on-left.events", "QUANTA OpticalTouchScreen.desc"),
    ]

    static func folder(_ name: String) -> String {
        Repository.examples.appendingPathComponent("recordings").appendingPathComponent(name).path
    }

    /// The built-in scene, fed the evemu text's samples: the text path.
    static func textPathReplay(_ recording: EvemuRecording) throws -> Replay {
        let seed = try GestureScriptParser(file: BuiltInScript.name).parse(Array(BuiltInScript.text.utf8))
        let player = ScriptPlayer(script: GestureScript(file: seed.file, scene: seed.scene, steps: []))
        player.begin()
        for input in recording.touchInputs(
            windowSize: seed.scene.windowSize, startTime: 0, firstTouchID: GestureScriptParser.recordingTouchIDBase) {
            player.play(input)
        }
        while let deadline = player.window.nextTimerDeadline { player.advance(to: deadline) }
        return player.replay
    }

    @Test("Each shipped recording as binary records gives the text path's transcript and JSON lines",
          arguments: recordings.map(\.events))
    func sameTranscript(events: String) throws {
        let description = try #require(Self.recordings.first { $0.events == events }?.description)
        let text = try String(contentsOfFile: Self.folder(events), encoding: .utf8)
        let descriptionText = try String(contentsOfFile: Self.folder(description), encoding: .utf8)
        let recording = try EvemuRecording(
            events: text, eventsFile: events,
            description: description == events ? nil : descriptionText, descriptionFile: description)
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString).bin")
        try Data(recording.events.flatMap { EvdevRecord($0).bytes }).write(to: binary)
        defer { try? FileManager.default.removeItem(at: binary) }

        let expected = try Self.textPathReplay(recording)
        #expect(expected.events.count > 2)
        let jsonl = runDemo(["--device", binary.path, "--desc", Self.folder(description), "--format", "jsonl"])
        #expect(jsonl.status == 0)
        #expect(jsonl.errors == "")
        #expect(jsonl.output == TranscriptFormatter.jsonLines(expected))

        let human = runDemo(["--device", binary.path, "--desc=\(Self.folder(description))"])
        var options = TranscriptFormatter.TextOptions(allRecordingMoves: true)
        options.picture = { TerminalPicture.render($0, columns: 60) }
        options.legend = TerminalPicture.legend(fields: !expected.script.scene.fields.isEmpty)
        #expect(human.status == 0)
        #expect(human.output == TranscriptFormatter.text(expected, options: options))
    }

    /// Writes a description of a one-to-one 390 × 844 touchscreen with ten
    /// slots to a temporary file; the caller removes it.
    static func writePhoneDescription() throws -> URL {
        let axes = "A: 2f 0 9 0 0 0\nA: 35 0 389 0 0 0\nA: 36 0 843 0 0 0\nA: 39 0 65535 0 0 0\n"
        let desc = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString).desc")
        try axes.write(to: desc, atomically: true, encoding: .utf8)
        return desc
    }

    /// The records of one finger going down on Home (39, 819) at 5 s.
    static let fingerOnHome: [UInt8] = ([(3, 0x39, 1), (3, 0x35, 39), (3, 0x36, 819), (0, 0, 0)] as [(UInt16, UInt16, Int32)])
        .flatMap { EvdevRecord(seconds: 5, microseconds: 0, type: $0.0, code: $0.1, value: $0.2).bytes }

    @Test("A finger still down at the end of the file lifts at its last record (as in the evemu text path), then the run ends with exit 0")
    func timersAtEnd() throws {
        let desc = try Self.writePhoneDescription()
        defer { try? FileManager.default.removeItem(at: desc) }
        let bytes = Self.fingerOnHome
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString).bin")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runDemo(["--device", file.path, "--desc", desc.path, "--format", "jsonl"])
        #expect(result.status == 0)
        // Lifted at its last record's time, the finger is a tap: the 0.15 s press never begins.
        #expect(!result.output.contains("hud.show"))
        // The focus follows the tap (rule K5) from the built-in Search field, which stops editing.
        #expect(result.output.hasSuffix("{\"t\":0,\"event\":\"select\",\"title\":\"Home\"}\n"
            + "{\"t\":0,\"event\":\"editing\",\"title\":\"Search\",\"phase\":\"ended\"}\n"
            + "{\"t\":0,\"event\":\"focus\",\"title\":\"Home\",\"kind\":\"tab\"}\n"))
    }

    @Test("A cut cable never taps: a finger held on a tab, then a broken record, is cancelled and selects nothing",
          arguments: ["truncated", "unknown type", "bad slot"])
    func faultCancels(fault: String) throws {
        let desc = try Self.writePhoneDescription()
        defer { try? FileManager.default.removeItem(at: desc) }
        // A finger on Home (39, 819), held still.
        var bytes = Self.fingerOnHome
        let later = { (type: UInt16, code: UInt16, value: Int32) in
            EvdevRecord(seconds: 5, microseconds: 50_000, type: type, code: code, value: value).bytes
        }
        switch fault {
        case "truncated": bytes += Array(later(3, 0x35, 40)[0..<11])
        case "unknown type": bytes += later(0x42, 0, 0)
        default: bytes += later(3, 0x2f, 77)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString).bin")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runDemo(["--device", file.path, "--desc", desc.path, "--format", "jsonl"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("\(file.path): byte 96: error: "))
        #expect(result.output.contains("\"finger\":\"r0\",\"phase\":\"cancelled\""))
        #expect(!result.output.contains("\"phase\":\"ended\""))
        #expect(!result.output.contains("\"event\":\"select\""))
    }

    @Test("A file that ends inside a record exits 1 with the byte offset, after printing what came before")
    func truncated() throws {
        let recording = try EvemuRecording(
            events: String(contentsOfFile: Self.folder("QUANTA OpticalTouchScreen.touch-on-left.events"), encoding: .utf8),
            eventsFile: "t", description: String(contentsOfFile: Self.folder("QUANTA OpticalTouchScreen.desc"), encoding: .utf8))
        let bytes = recording.events.flatMap { EvdevRecord($0).bytes }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString).bin")
        try Data(bytes[0..<(24 * 40 + 7)]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runDemo(["--device", file.path, "--desc", Self.folder("QUANTA OpticalTouchScreen.desc")])
        #expect(result.status == 1)
        #expect(result.errors == "\(file.path): byte 960: error: the input ends inside a record: 7 of 24 bytes\n")
        #expect(result.output.contains("finger r0 down"))
    }

    @Test("Usage: --desc needs --device, --live and --device exclude each other; a missing device exits 1")
    func usage() {
        #expect(runDemo(["--desc", "x.desc"]).status == 2)
        #expect(runDemo(["--live", "--device", "/dev/input/event0"]).status == 2)
        let missing = runDemo(["--device", "/nonexistent/event9"])
        #expect(missing.status == 1)
        #expect(missing.errors == "/nonexistent/event9: error: cannot open: No such file or directory\n")
        let noDesc = runDemo(["--device", "/dev/null", "--format", "jsonl"])
        #expect(noDesc.status == 1)
        #expect(noDesc.errors.contains("not an evdev input device"))
    }
}
