import Testing
@testable import InteractionKitReplay
import InteractionKitEvemu
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Scripts: every surface recognizer, and several fingers at one instant")
@MainActor
struct SurfaceRecognizerScriptTests {
    private func parse(_ text: String) throws(ScriptErrors) -> GestureScript {
        try GestureScriptParser(file: "test.gesture").parse(text)
    }

    private func firstError(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return error.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" } ?? "no error"
        }
    }

    /// The gesture events of a replay, as `"t name state"` lines (measures left out).
    private func gestures(_ text: String) throws -> [String] {
        let replay = ScriptPlayer(script: try parse(text)).run()
        return replay.events.compactMap { event in
            guard case .gesture(let name, let state) = event.kind else { return nil }
            return "\(format(event.time)) \(name) \(state)"
        }
    }

    @Test("surface takes the ten names of contract §9, in any order")
    func allNames() throws {
        let names = "tap double-tap two-finger-tap long-press pan two-finger-pan swipe pinch rotation edge-pan"
        let script = try parse("surface \(names)\n")
        #expect(script.scene.surfaceRecognizers.map(\.rawValue).joined(separator: " ") == names)
    }

    @Test("`and` moves several fingers at one instant, on one line")
    func severalFingers() throws {
        let script = try parse("down 1 2 id 1 and 3 4 id 2\nmove 5 6 id 1 and 7 8 id 2\nup id 2 and id 1\n")
        #expect(script.steps.map(\.line) == [1, 1, 2, 2, 3, 3])
        #expect(script.steps[2].action == .move(id: 1, to: .point(Point(x: 5, y: 6))))
        #expect(script.steps[3].action == .move(id: 2, to: .point(Point(x: 7, y: 8))))
        #expect(script.steps[4].action == .up(id: 2, at: nil))
        #expect(firstError("down 1 2 id 1 and 3 4 id 1") == "1:19: touch 1 is named twice on this line")
        #expect(firstError("down 1 2 id 1\nmove 3 4 id 1 and") == "2:18: expected where the finger moves to: X Y, or @Tab")
        #expect(firstError("down 1 2 id 1 and 3 4 id 2\nmove 3 4 id 1 and 5 6 id 3") == "2:19: touch 3 is not down; add a 'down' line first")
        #expect(firstError("down 1 2 and 3 4 id 2 extra") == "1:23: unexpected 'extra' at the end of the line")
    }

    @Test("The surface's recognizers recognize together: a two-finger drag that spreads pans, pinches and (as it tilts) rotates")
    func simultaneous() throws {
        let lines = try gestures("""
        surface pan pinch rotation
        down 150 400 id 1 and 250 400 id 2
        wait 0.05
        move 140 430 id 1 and 260 430 id 2
        wait 0.05
        up id 1 and id 2
        """)
        // Finger 1 moves first, alone: the line between the fingers tilts 17°, so the rotation begins too.
        #expect(lines == [
            "0.05 pan began", "0.05 pinch began", "0.05 rotation began",
            "0.05 pan changed", "0.05 pinch changed", "0.05 rotation changed",
            "0.1 pan ended", "0.1 pinch ended", "0.1 rotation ended",
        ])
    }

    @Test("tap waits for double-tap to fail: a double tap is not also two taps")
    func tapRequiresDoubleTap() throws {
        let double = try gestures("surface tap double-tap\ndown 100 100\nup\nwait 0.1\ndown 100 100\nup\nwait 1\n")
        #expect(double == ["0.1 double-tap ended", "0.1 tap failed"])
        let single = try gestures("surface tap double-tap\ndown 100 100\nup\nwait 1\n")
        #expect(single == ["0.35 double-tap failed", "0.35 tap ended"])
    }

    @Test("Pinch and rotation events carry their measure in both transcripts")
    func measures() throws {
        let replay = ScriptPlayer(script: try parse("""
        surface pinch
        down 100 400 id 1 and 200 400 id 2
        wait 0.1
        move 90 400 id 1 and 210 400 id 2
        wait 0.1
        up id 1 and id 2
        """)).run()
        let json = TranscriptFormatter.jsonLines(replay)
        #expect(json.contains(#"{"t":0.1,"event":"gesture","name":"pinch","state":"changed","scale":1.2}"#))
        #expect(json.contains(#"{"t":0.1,"event":"gesture","name":"pinch","state":"began","scale":1.1}"#))
        let text = TranscriptFormatter.text(replay)
        #expect(text.contains("pinch changed (scale 1.200×)"))
        #expect(text.contains("pinch ended (scale 1.200×)"))
    }
}
