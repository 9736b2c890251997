import Testing
@testable import DemoCLI
import InteractionKitLinux
import InteractionKitReplay

/// `Demo --live` quits only on a plain `q`, and keeps bounded memory
/// however long the session (issue 37): what the screen shows and a
/// bounded history, never every event.
@Suite("Live mode: only a plain q quits; memory stays bounded")
@MainActor
struct LiveSessionBoundsTests {
    static func session() throws -> LiveSession {
        var scene = try GestureScriptParser(file: "seed.gesture").parse(Array(BuiltInScript.text.utf8)).scene
        // Without its Search field, whose editing would take the letters these tests press as commands.
        scene.fields = []
        return LiveSession(script: GestureScript(file: "seed.gesture", scene: scene, steps: []))
    }

    /// The built-in scene as `Demo --live` shows it: the Search field has the focus and is being edited.
    static func sessionWithSearchField() throws -> LiveSession {
        let script = try GestureScriptParser(file: "seed.gesture").parse(Array(BuiltInScript.text.utf8))
        return LiveSession(script: GestureScript(file: script.file, scene: script.scene, steps: []))
    }

    /// Input that holds a `q` and is no `q` key: a bracketed paste, Alt-Q,
    /// and control strings (a terminal's answers: OSC ended by BEL or ST,
    /// DCS, APC), each with keys around it that must not be eaten.
    nonisolated static let notQuitting: [(String, String)] = [
        ("a bracketed paste", "\u{1B}[200~quit? q\nq\u{1B}[201~"),
        ("Alt-q", "\u{1B}q"),
        ("Alt-Q", "\u{1B}Q"),
        ("an OSC string ended by BEL", "\u{1B}]0;quiet q\u{7}"),
        ("an OSC string ended by ST", "\u{1B}]11;rgb:qq/qq/qq\u{1B}\\"),
        ("a DCS string", "\u{1B}P1$r0;1;qq\u{1B}\\"),
        ("an APC string", "\u{1B}_q\u{1B}\\"),
    ]

    @Test("A paste, Alt-q or a control string holding q never quits, split anywhere; a plain q then does",
          arguments: notQuitting.map(\.0))
    func onlyPlainQ(what: String) throws {
        let text = try #require(Self.notQuitting.first { $0.0 == what }?.1)
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            let session = try Self.session()
            session.handle(Array(bytes[0..<cut]), at: 0.1)
            session.handle(Array(bytes[cut...]), at: 0.2)
            session.tick(at: 1)
            #expect(!session.quit, "\(what), cut at \(cut)")
            session.handle(Array("q".utf8), at: 1.1)
            #expect(session.quit, "\(what), cut at \(cut): the q after it")
        }
    }

    @Test("A control string longer than any read is dropped as it comes: a q in it never quits, the key after it counts")
    func longControlString() throws {
        let session = try Self.session()
        session.handle(Array("\u{1B}]".utf8), at: 0)
        for _ in 0..<1_000 { session.handle(Array(repeating: UInt8(ascii: "q"), count: 256), at: 0) }
        #expect(!session.quit)
        session.handle(Array("\u{7}q".utf8), at: 0.1)
        #expect(session.quit)
    }

    /// Keys and clicks enough to record tens of thousands of events, in
    /// reads of a terminal's size.
    static func busyInput(keys: Int) -> [[UInt8]] {
        let presses = ["\t", "\u{1B}[C", "\u{1B}[D", " ", "\r", "\u{1B}[Z", "\u{1B}[H", "\u{1B}[F", "x", "é"]
        var reads: [[UInt8]] = []
        var read: [UInt8] = []
        for index in 0..<keys {
            read += Array(presses[index % presses.count].utf8)
            if read.count >= 200 {
                reads.append(read)
                read = []
            }
        }
        reads.append(read)
        return reads
    }

    @Test("Thousands of keys keep the player's events and pictures and the transcript bounded, not growing with the session")
    func boundedHistory() throws {
        let session = try Self.session()
        var time = 0.0
        var peaks: [(events: Int, frames: Int, lines: Int)] = []
        for round in 0..<2 {
            for read in Self.busyInput(keys: round == 0 ? 500 : 3_000) {
                time += 0.01
                session.handle(read, at: time)
                session.tick(at: time)
                let replay = session.player.replay
                peaks.append((replay.events.count, replay.frames.count, session.lines.count))
            }
        }
        let most = (events: peaks.map(\.events).max() ?? 0, frames: peaks.map(\.frames).max() ?? 0,
                    lines: peaks.map(\.lines).max() ?? 0)
        // At most a read's worth between two collections: none are kept after it.
        #expect(most.events == 0)
        #expect(most.frames == 0)
        #expect(most.lines <= LiveSession.maximumLines)
        // The summary still counts what was forgotten.
        #expect(session.summaryLine.hasPrefix("Summary: selected "))
    }

    @Test("Megabytes of pastes and control strings keep the input parser's bytes bounded; the paste is recorded once")
    func boundedInputBytes() throws {
        let session = try Self.session()
        let chunk = [UInt8](repeating: UInt8(ascii: "q"), count: 64 * 1024)
        session.handle(Array("\u{1B}[200~".utf8), at: 0)
        for _ in 0..<(20 * 16) { session.handle(chunk, at: 0) }  // 20 MiB of paste
        #expect(session.retained.inputBytes <= LiveInputParser.maximumPasteBytes + LiveInputParser.maximumSequenceLength)
        session.handle(Array("\u{1B}[201~".utf8), at: 0.5)
        #expect(session.retained.inputBytes == 0)
        #expect(session.pastes == 1)
        let pasteLine = try #require(session.lines.last { $0.contains("paste of") })
        #expect(pasteLine.contains("paste of \(LiveInputParser.maximumPasteBytes) characters"))
        #expect(pasteLine.contains("\(20 * 1024 * 1024 - LiveInputParser.maximumPasteBytes) more bytes"))
        #expect(!session.quit)
        session.handle(Array("\u{1B}P".utf8), at: 0.6)
        for _ in 0..<(4 * 16) { session.handle(chunk, at: 0.6) }
        #expect(session.retained.inputBytes <= 1)
        session.handle(Array("\u{1B}\\".utf8), at: 0.7)
        #expect(session.retained.inputBytes == 0)
        #expect(!session.quit)
    }
}
