import Testing
import InteractionKitLinux
import InteractionKitReplay
import InteractionKitTestSupport

/// The examples of README.md ("A first gesture") and of the InteractionKitReplay
/// module page ("In your own tests"), run as written, so they cannot drift from the code.
@Suite("README and InteractionKitReplay examples")
@MainActor
struct ReadmeExampleTests {
    @Test("A first gesture: the long press begins at 0.5 s and ends on lift, at (30, 50) in the card")
    func firstGesture() {
        var printed: [String] = []
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = View(frame: Rect(x: 20, y: 100, width: 350, height: 200))
        window.addSubview(card)

        let press = LongPressGestureRecognizer { recognizer in
            printed.append("\(recognizer.state) \(recognizer.location(in: recognizer.view))")
        }
        card.addGestureRecognizer(press)

        window.send(TouchInput(phase: .began, location: Point(x: 50, y: 150), timestamp: 0))
        window.advanceTime(to: 0.5)
        #expect(printed == ["began (30.0, 50.0)"])
        window.send(TouchInput(phase: .ended, location: Point(x: 50, y: 150), timestamp: 0.7))
        #expect(printed == ["began (30.0, 50.0)", "ended (30.0, 50.0)"])
    }

    @Test("In your own tests: the script's JSON lines start with the header, show the HUD at 0.15 s, the selection and the focus at 0.5 s")
    func ownTests() throws {
        let script = try GestureScriptParser(file: "tap.gesture").parse("""
            content-size accessibility-large
            tabbar Home Search
            down @Search
            wait 0.5
            up
            """)
        let replay = ScriptPlayer(script: script).run()
        let lines = TranscriptFormatter.jsonLines(replay).split(separator: "\n")
        #expect(lines.first == "{\"event\":\"meta\",\"schema\":1,\"script\":\"tap.gesture\"}")
        #expect(lines.contains("{\"t\":0.15,\"event\":\"hud.show\",\"title\":\"Search\",\"image\":\"search\"}"))
        #expect(lines.dropLast().last == "{\"t\":0.5,\"event\":\"select\",\"title\":\"Search\"}")
        // The focus follows the tab a finger selected (rule K5).
        #expect(lines.last == "{\"t\":0.5,\"event\":\"focus\",\"title\":\"Search\",\"kind\":\"tab\"}")
    }
}
