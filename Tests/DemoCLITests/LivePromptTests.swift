import Testing
@testable import DemoCLI
import InteractionKitLinux
import InteractionKitReplay

/// `--live` says what to try when it starts, and names its finger as every transcript does.
@Suite("Live mode: the opening prompt and finger 0")
@MainActor
struct LivePromptTests {
    /// The lines as one text, each line's indent gone.
    static func text(_ lines: [String]) -> String {
        lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    static func session(_ text: String) throws -> LiveSession {
        let script = try GestureScriptParser(file: "live.gesture").parse(Array(text.utf8))
        return LiveSession(script: GestureScript(file: script.file, scene: script.scene, steps: []))
    }

    @Test("The built-in scene's prompt: press and hold a tab, drag, release; then the keys; every line fits the picture")
    func seedPrompt() throws {
        let session = try LiveSessionBounds.sessionWithSearchField()
        let prompt = Self.text(session.lines)
        #expect(prompt.contains("press and hold a tab"))
        #expect(prompt.contains("release to select"))
        #expect(prompt.hasSuffix("q quits."))
        #expect(prompt.contains("Keys: type in the focused field; Tab moves on; outside a field a text size, "
            + "r right-to-left, q quits."))
        #expect(session.lines.allSatisfy { $0.count <= LiveSession.promptWidth + 2 })
        // The prompt is what the person sees first, under the picture.
        // With the first focus line under it, on a 30-row terminal.
        session.tick(at: 0.1)
        let rows = LiveSessionTests.screenRows(session.screen(size: TerminalSize(rows: 30, columns: 80)))
        #expect(rows.contains { $0.contains("Try it: press and hold a tab") })
        #expect(rows.last?.contains("editing begins in Search") == true)
    }

    @Test("The prompt follows the scene: a standard text size, buttons, a surface, nothing at all")
    func scenePrompts() throws {
        let standard = try Self.session("tabbar A B\n").lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(standard.contains("click a tab to select it. Press a for an accessibility text size"))
        let buttons = try Self.session("button Save at 20 100 120 44\n").lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(buttons.contains("Press a button, drag more than 70 points off it and back"))
        #expect(!buttons.contains(" tab"))
        #expect(buttons.contains("Keys: Tab and Shift-Tab move the focus (the heavy frame); Space or Return presses"))
        let surface = try Self.session("surface tap long-press pan pinch\n").lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(surface.contains("listens for tap, long-press, pan: click, hold still, drag anywhere."))
        #expect(surface.contains("A mouse is one finger"))
        let empty = try Self.session("window 390 844\n").lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(empty.contains("nothing to touch"))
        #expect(empty.contains("Keys: a text size, r right-to-left, q quits.") && !empty.contains("Tab"))

    }

    @Test("The mouse is finger 0, press after press, as in every other transcript")
    func fingerZero() throws {
        let session = try LiveSessionTests.session()
        let size = TerminalSize(rows: 30, columns: 80)
        let search = try #require(LiveSessionTests.cell(of: "Search", in: session.screen(size: size)))
        session.handle(sgr(0, search.column, search.row) + sgr(0, search.column, search.row, release: true), at: 1)
        session.handle(sgr(0, search.column, search.row), at: 2)
        // A release the terminal lost: the next press lifts finger 0 first.
        session.handle(sgr(0, search.column, search.row), at: 3)
        session.handle(sgr(0, search.column, search.row, release: true), at: 3.1)
        // Transcript lines are indented by four spaces and a time; the prompt's by two.
        let touches = session.lines.filter { $0.hasPrefix("    ") && $0.contains("  finger ") }
        #expect(touches.count == 6)
        #expect(touches.allSatisfy { $0.contains("finger 0 ") })
        #expect(session.player.window.touchesDown.isEmpty)
    }
}
