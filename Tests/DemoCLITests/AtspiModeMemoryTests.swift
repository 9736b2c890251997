import Testing
@testable import DemoCLI
import InteractionKitLinux
import InteractionKitReplay

/// `Demo --atspi` serves for as long as the desktop runs: what its player
/// records must not pile up while peers move a field's caret by the ten
/// thousand (issue 33's hostile peers; 20,000 SetCaretOffset calls grew it
/// by 8 MiB before).
@Suite("Demo --atspi keeps bounded memory however many events peers cause")
@MainActor
struct AtspiModeMemoryTests {
    @Test("Each turn of the loop prints the selections and forgets what the player recorded")
    func recordedEventsAreForgotten() throws {
        let script = try GestureScriptParser(file: "seed.gesture").parse(Array(BuiltInScript.text.utf8))
        let player = ScriptPlayer(script: GestureScript(file: script.file, scene: script.scene, steps: []))
        player.begin()
        let field = try #require(player.fields.first)
        field.text = "hello world"
        for turn in 0..<2_000 {
            _ = field.accessibilitySelectText(anchor: turn % 7, caret: turn % 7)
            if turn % 100 == 99 { #expect(AtspiMode.takeLines(from: player).isEmpty) }
        }
        #expect(player.replay.events.isEmpty)
        #expect(player.replay.frames.isEmpty)
        player.tabBar?.selectedItem = nil
        let settings = try #require(player.tabBar?.items?.last)
        _ = settings.accessibilityActivate()
        #expect(AtspiMode.takeLines(from: player) == ["selected Settings (the tab bar's delegate was told)\n"])
        #expect(AtspiMode.takeLines(from: player).isEmpty, "a selection is printed once")
    }
}
