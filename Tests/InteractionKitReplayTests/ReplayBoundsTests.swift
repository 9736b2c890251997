import Testing
@testable import InteractionKitReplay
import InteractionKitEvemu
import InteractionKitLinux

/// Counts calls from a `@Sendable` file reader (tests run it on one thread).
private final class CallCounter: @unchecked Sendable {
    var calls = 0
}

/// Inputs within every size limit of a script must still replay in bounded
/// memory: what the player and the parser keep is capped, and each cap is
/// asserted here on generated input (not by measuring memory).
@Suite("Replays stay bounded on hostile input")
@MainActor
struct ReplayBoundsTests {
    // 5,000 fingers put down: the window takes 32 (GestureConstants.
    // maximumTouchesDown) and refuses the rest, which the transcript says
    // once each and the pictures never draw. Then one lifts, and taps beside
    // the 31 held: before the cap each selection copied every finger.
    @Test("5,000 fingers put down: 32 go down, the rest are refused once each; each picture keeps at most 20 and counts the rest")
    func manyFingers() throws {
        let limit = GestureConstants.maximumTouchesDown
        var lines = ["tabbar A B"]
        for id in 0..<5_000 { lines.append("down 10 10 id \(id)") }
        lines.append("up id 0")
        for tap in 0..<2_000 {
            let id = 5_000 + tap
            lines.append("down @\(tap.isMultiple(of: 2) ? "A" : "B") id \(id)")
            lines.append("up id \(id)")
        }
        let script = try GestureScriptParser(file: "many-fingers.gesture").parse(lines.joined(separator: "\n"))
        let player = ScriptPlayer(script: script)
        let replay = player.run()
        let refused = replay.events.filter {
            if case .rejected(.tooManyTouches(_, limit)) = $0.kind { true } else { false }
        }
        #expect(refused.count == 5_000 - limit)
        #expect(replay.events.filter { if case .rejected = $0.kind { true } else { false } }.count == refused.count)
        let selections = replay.events.filter { if case .select = $0.kind { true } else { false } }
        #expect(selections.count == 2_000)
        #expect(replay.frames.count == 2_001)
        #expect(replay.frames.allSatisfy { $0.snapshot.touches.count <= ScriptPlayer.maximumTouchesPerSnapshot })
        let last = try #require(replay.frames.last?.snapshot)
        // The tapping finger is lifting, so it is not drawn: 31 held (ids 1...31), the last 20 kept.
        #expect(last.touches.count == 20)
        #expect(last.touchesLeftOut == limit - 1 - 20)
        #expect(last.touches.map(\.id) == Array((limit - 20)..<limit))
        #expect(player.window.activeTouchCount == limit - 1)
        let kept = replay.frames.reduce(0) { $0 + $1.snapshot.elementCount }
        #expect(kept <= ScriptPlayer.maximumSnapshotElements)
    }

    @Test("Pictures past the replay's budget are counted, not taken, and the transcript says so")
    func frameBudget() throws {
        let titles = (0..<700).map { "t\($0)" }
        var lines = ["tabbar " + titles.joined(separator: " ")]
        for tap in 0..<600 {
            lines.append("down @\(titles[tap % 2]) id 1")
            lines.append("up id 1")
        }
        let script = try GestureScriptParser(file: "wide.gesture").parse(lines.joined(separator: "\n"))
        let replay = ScriptPlayer(script: script).run()
        let kept = replay.frames.reduce(0) { $0 + $1.snapshot.elementCount }
        #expect(kept <= ScriptPlayer.maximumSnapshotElements)
        #expect(replay.framesLeftOut > 0)
        #expect(replay.frames.count + replay.framesLeftOut == 601)
        #expect(TranscriptFormatter.text(replay).contains("more pictures were not taken"))
    }

    /// A single-touch recording with `moves` moves between its press and its lift.
    private static func recording(moves: Int, padding: Int = 0) -> [UInt8] {
        var text = "A: 00 0 100 0 0\nA: 01 0 100 0 0\n"
        text += String(repeating: "# padding that costs bytes but makes no samples\n", count: padding)
        var time = 0
        func event(_ type: String, _ code: String, _ value: Int) {
            text += "E: 0.\(String(repeating: "0", count: 6 - String(time).count))\(time) \(type) \(code) \(value)\n"
        }
        event("0003", "0000", 10); event("0003", "0001", 10); event("0001", "014a", 1); event("0000", "0000", 0)
        for step in 0..<moves {
            time += 1
            event("0003", "0000", 10 + step % 50); event("0000", "0000", 0)
        }
        time += 1
        event("0001", "014a", 0); event("0000", "0000", 0)
        return Array(text.utf8)
    }

    @Test("One recording named on many lines is read once, and the samples of all lines have a total budget")
    func recordingSamplesBudget() throws {
        let bytes = Self.recording(moves: 9_999)
        let counter = CallCounter()
        let parser = GestureScriptParser(file: "many.gesture", reader: { _, _ in
            counter.calls += 1
            return .bytes(bytes)
        })
        let once = try parser.parse("evemu \"big.events\"")
        guard case .recording(let recording) = once.steps.first?.action else {
            Issue.record("no recording step")
            return
        }
        let samples = recording.samples.count
        #expect(samples > 9_000)
        counter.calls = 0
        let lines = Array(repeating: "evemu \"big.events\"", count: 25)
        let allowed = GestureScriptParser.maximumRecordingSamples / samples
        do {
            _ = try parser.parse(lines.joined(separator: "\n"))
            Issue.record("25 × 10,001 samples were accepted")
        } catch {
            #expect(counter.calls == 1)
            #expect(error.diagnostics.count == 25 - allowed)
            #expect(error.diagnostics.first?.line == allowed + 1)
            #expect(error.diagnostics.first?.message.contains("the limit for all its recordings together") == true)
        }
        // Within the budget, every line replays.
        let fitting = try parser.parse(Array(repeating: "evemu \"big.events\"", count: allowed).joined(separator: "\n"))
        #expect(fitting.steps.count == allowed)
    }

    @Test("The bytes of different recordings have a total budget, and no file is read past the per-file limit")
    func recordingBytesBudget() throws {
        let bytes = Self.recording(moves: 10, padding: 80_000)  // about 3.7 MiB, 13 samples
        #expect(bytes.count < EvemuLimits.maximumBytes)
        let limits = CallCounter()
        let parser = GestureScriptParser(file: "s.gesture", reader: { _, limit in
            limits.calls = max(limits.calls, limit)
            return .bytes(bytes)
        })
        let lines = (0..<6).map { "evemu \"copy\($0).events\"" }
        do {
            _ = try parser.parse(lines.joined(separator: "\n"))
            Issue.record("6 × 3.7 MiB of recordings were accepted")
        } catch {
            let allowed = GestureScriptParser.maximumRecordingBytes / bytes.count
            #expect(error.diagnostics.first?.line == allowed + 1)
            #expect(error.diagnostics.first?.message.contains("the limit for all of them together") == true)
        }
        #expect(limits.calls == EvemuLimits.maximumBytes)
        let tooBig = GestureScriptParser(file: "s.gesture", reader: { _, limit in .bytes(Array(repeating: 0x23, count: limit + 1)) })
        #expect(throws: ScriptErrors.self) { try tooBig.parse("evemu \"x.events\"") }
    }

    @Test("Control characters from a script are escaped in the text transcript")
    func escapedTranscript() throws {
        let title = "Home\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}"
        let script = try GestureScriptParser(file: "esc\u{1B}.gesture").parse("""
            content-size accessibility-large
            tabbar "\(title)" B
            down @"\(title)"
            wait 0.3
            up
            """)
        let text = TranscriptFormatter.text(ScriptPlayer(script: script).run())
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("Home\\u{1B}]0;owned\\u{7}\\u{1B}[2J\\u{9B} selected"))
        #expect(text.contains("Replaying esc\\u{1B}.gesture"))
        #expect(TranscriptFormatter.escapingControlCharacters("a\tb\nc") == "a\\u{9}b\nc")
    }
}
