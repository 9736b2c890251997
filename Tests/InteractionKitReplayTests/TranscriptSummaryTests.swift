import Testing
import InteractionKitLinux
@testable import InteractionKitReplay

/// The transcript's header and summary say what a newcomer can use (issue 38):
/// no HUD count where no HUD could show, a list of many buttons wrapped.
@Suite("Transcript header and summary")
@MainActor
struct TranscriptSummaryTests {
    private func summary(_ script: String) throws -> String {
        let replay = ScriptPlayer(script: try parseScript(script)).run()
        let text = TranscriptFormatter.text(replay)
        return String(text.split(separator: "\n").last ?? "")
    }

    @Test("At a standard text size the summary leaves the HUD out; at an accessibility size, or after a change to one, it counts it")
    func hudOnlyWhereItCanShow() throws {
        #expect(try summary("tabbar A B\ndown @B\nup\n") == "Summary: selected B.")
        #expect(try summary("content-size accessibility-large\ntabbar A B\ndown @B\nup\n")
            == "Summary: selected B; the HUD changed 0 times.")
        #expect(try summary("tabbar A B\ndown @A\nup\ncontent-size accessibility-large\ndown @B\nwait 0.5\nup\n")
            == "Summary: selected A, then B; the HUD changed 1 time.")
    }

    @Test("Thirty buttons: the header's lines stay within 80 characters, every button listed once")
    func wrappedButtons() throws {
        var script = "scroll 0 0 390 795 content 390 3000\n"
        for row in 0..<30 { script += "button Row \(row) at 0 \(row * 60) 390 60 in scroll\n" }
        let replay = ScriptPlayer(script: try parseScript(script)).run()
        let header = TranscriptFormatter.header(replay.script)
        let lines = header.split(separator: "\n").filter { $0.hasPrefix("Buttons:") || $0.hasPrefix("  Row") }
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= TranscriptFormatter.listLineWidth })
        for row in 0..<30 { #expect(header.contains("Row \(row) at (0, \(row * 60)), 390 × 60 in scroll")) }
    }

    @Test("A long run of selections names the first and last few and counts the rest: the summary's memory is bounded")
    func manySelections() {
        var scene = GestureScript.Scene()
        scene.tabTitles = ["A", "B"]
        var summary = TranscriptSummary(scene: scene)
        for index in 0..<1_000 { summary.add(ReplayEvent(time: Double(index), kind: .select(title: index % 2 == 0 ? "A" : "B"))) }
        #expect(summary.text == "Summary: selected A, then B, then A, then B, then A, then 990 more, then B, then A, then B, "
            + "then A, then B (1000 selections).")
        #expect(summary.eventCount == 1_000)
    }
}
