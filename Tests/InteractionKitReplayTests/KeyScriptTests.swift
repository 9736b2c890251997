import Testing
@testable import InteractionKitReplay
import InteractionKitLinux

/// `key NAME [at T]` lines: parsed with their errors, replayed as key presses on a key window.
@Suite("Key lines in scripts")
@MainActor
struct KeyScriptTests {
    @Test("key NAME parses into a key step, now or at a time, with modifiers")
    func parses() throws {
        let script = try parseScript("""
            key tab
            key shift+tab
            wait 0.5
            key ctrl+s at 1.25
            key Return
            key 7 at 1.25
            """)
        #expect(script.steps.map(\.action) == [
            .key(try Key(name: "tab"), at: nil), .key(try Key(name: "shift+tab"), at: nil), .wait(0.5),
            .key(try Key(name: "ctrl+s"), at: 1.25), .key(try Key(name: "return"), at: nil),
            .key(try Key(name: "7"), at: 1.25),
        ])
        #expect(script.steps.first?.line == 1)
    }

    @Test("An unknown key or modifier is an error at its own column; so is a time already past")
    func errors() {
        #expect(firstScriptError("key tba").hasPrefix("1:5: unknown key 'tba'; the keys are tab, space, return,"))
        #expect(firstScriptError("wait 1\nkey shift+tba").hasPrefix("2:11: unknown key 'tba'"))
        #expect(firstScriptError("key shfit+tab") == "1:5: unknown modifier 'shfit'; the modifiers are ctrl, alt, shift, super")
        #expect(firstScriptError("key  ctrl+shift+shift+s") == "1:17: the modifier 'shift' is given twice")
        #expect(firstScriptError("key shift") == "1:5: 'shift' is a modifier; name a key after it, as in shift+tab")
        #expect(firstScriptError("key") == "1:4: expected a key name, as in: key tab, key shift+tab or key ctrl+s")
        #expect(firstScriptError("key \"tab\"") == "1:5: expected a key name without quotes or '@', as in: key tab, "
            + "key shift+tab or key ctrl+s")
        #expect(firstScriptError("key tab now") == "1:9: unexpected 'now' at the end of the line")
        #expect(firstScriptError("key tab at") == "1:11: expected the time to press the key, in seconds from the start")
        #expect(firstScriptError("key tab at nan") == "1:12: 'nan' is not a finite number")
        #expect(firstScriptError("wait 2\nkey tab at 1.5") == "2:12: the script is already at 2 s here, so the key "
            + "cannot be pressed at 1.5 s; time only moves forward")
        #expect(firstScriptError("key tab at 3\nkey tab at 2") == "2:12: the script is already at 3 s here, so the key "
            + "cannot be pressed at 2 s; time only moves forward")
        // A key line ends the scene part, as a touch does.
        #expect(firstScriptError("key tab\ntabbar A") == "2:1: 'tabbar' describes the scene, so it must come before "
            + "the first gesture line")
    }

    @Test("The window is key from the start, focused on the first group: a tab bar's selected tab; Tab and arrows move it")
    func replayMovesFocus() throws {
        let tabsOnly = ScriptPlayer(script: try parseScript("tabbar Home Search Settings\nselect Search\nkey right\n"))
        #expect(tabsOnly.window.isKeyWindow)
        #expect((tabsOnly.window.focusedItem as? TabBarItem)?.title == "Search")
        _ = tabsOnly.run()
        #expect((tabsOnly.window.focusedItem as? TabBarItem)?.title == "Settings")
        // A button above the tab bar comes first in reading order (K4 starts at the first group).
        let player = ScriptPlayer(script: try parseScript("""
            tabbar Home Search Settings
            button Save at 20 100 120 44
            select Search
            key tab
            key left at 0.5
            """))
        #expect((player.window.focusedItem as? Button)?.title == "Save")
        let replay = player.run()
        #expect((player.window.focusedItem as? TabBarItem)?.title == "Home")
        let keys = replay.events.compactMap { event -> String? in
            if case .key(let name) = event.kind { "\(event.time) \(name)" } else { nil }
        }
        #expect(keys == ["0.0 tab", "0.5 left"])
    }

    @Test("Return on a focused button runs its action as a screen reader's activation does; Space on a tab selects it")
    func activation() throws {
        let replay = ScriptPlayer(script: try parseScript("""
            tabbar Home Search
            button Save at 20 100 120 44
            select Home
            key return
            key tab
            key right
            key space
            """)).run()
        let what = replay.events.compactMap { event -> String? in
            switch event.kind {
            case .select(let title): "select \(title ?? "-")"
            case .control(let title, let control): "\(title) \(control.names.joined())"
            default: nil
            }
        }
        // A key activation is no touch: the primary action alone (issue 38).
        #expect(what == ["Save primaryActionTriggered", "select Search"])
    }

    @Test("Focus events: the start's focus at 0, each move once (by a key or a finger), each with a picture")
    func focusEvents() throws {
        let replay = ScriptPlayer(script: try parseScript("""
            tabbar Home Search
            button Save at 20 100 120 44
            select Home
            key tab
            key tab
            wait 0.5
            down @Search
            up
            """)).run()
        let focus = replay.events.compactMap { event -> String? in
            switch event.kind {
            case .focus(let title, let kind): "\(event.time) \(title ?? "-") \(kind?.rawValue ?? "-")"
            case .select(let title): "\(event.time) select \(title ?? "-")"
            default: nil
            }
        }
        // Save first (the first group), Tab to the tab bar's selected tab,
        // Tab around to Save, then the finger's tab takes it (rule K5).
        #expect(focus == ["0.0 Save button", "0.0 Home tab", "0.0 Save button", "0.5 select Search", "0.5 Search tab"])
        #expect(replay.frames.map(\.snapshot.caption) == [
            "start", "focus on Home", "focus on Save", "Search selected; focus on Search",
        ])
        #expect(replay.frames.map(\.snapshot.focus?.title) == ["Save", "Home", "Save", "Search"])
        #expect(replay.frames.map(\.snapshot.focus?.kind) == [.button, .tab, .button, .tab])
        let search = try #require(replay.frames.last?.snapshot)
        #expect(search.focus?.frame == search.tabs[1].frame)
    }

    @Test("A key step performed on its own presses now: its 'at T' is the script's time, for the caller to keep")
    func performedLive() throws {
        let script = try parseScript("tabbar Home Search\nkey right at 5\n")
        let player = ScriptPlayer(script: script)
        player.begin()
        player.advance(to: 1)
        player.perform(script.steps[0])
        #expect(player.window.currentTime == 1)
        #expect((player.window.focusedItem as? TabBarItem)?.title == "Search")
        #expect(player.replay.events.contains(ReplayEvent(time: 1, kind: .key(name: "right"))))
    }

    @Test("Key events read as 'key NAME' in the transcript and as key objects in JSON lines")
    func formatting() throws {
        let replay = ScriptPlayer(script: try parseScript("wait 0.25\nkey shift+tab")).run()
        #expect(TranscriptFormatter.text(replay).contains("  0.250  key shift+tab\n"))
        #expect(TranscriptFormatter.jsonLines(replay).contains("{\"t\":0.25,\"event\":\"key\",\"key\":\"shift+tab\"}\n"))
    }
}
