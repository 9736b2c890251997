import Foundation
import Glibc
import Testing
import InteractionKitTestSupport
@testable import DemoCLI
import InteractionKitReplay

@Suite("Demo --atspi with --live and --play")
struct AtspiLiveTests {
    @Test("--atspi --live: a click selects a tab, on the bus; a key, offered to the registry first, moves the focus")
    func liveSelectionReachesTheBus() throws {
        guard let demo = AtspiEndToEndTests.demoForEndToEnd(needing: "Demo --atspi --live needs a session bus") else { return }
        guard let terminal = try PseudoTerminal() else { return }
        // Open until the Demo has ended: closing the master hangs its terminal up.
        defer { withExtendedLifetime(terminal) {} }
        let session = try PrivateSession(name: "atspi-live")
        defer { session.remove() }
        let process = try session.spawn(AtspiEndToEndTests.dbusRunSession, ["--", demo, "--atspi", "--live", "--verbose"],
                                        set: ["TERM": "xterm-256color"], terminal: terminal.slave)
        terminal.closeSlave()
        func wait(for what: String, _ condition: (String) -> Bool) -> Bool {
            terminal.wait(for: what, seconds: 30, condition)
        }
        defer {
            if process.wait(seconds: 0.01) == nil { _ = session.reap(within: 0) }
        }
        guard wait(for: "the picture", { $0.contains("Settings") && $0.contains("\u{1B}[?1006h") }) else { return }
        // The seed scene at 80 columns draws a 60-column picture: Search's
        // title is on the picture's line 20 (terminal row 21), near column 19.
        // A quick press and release is a tap, which selects.
        terminal.send("\u{1B}[<0;19;21M\u{1B}[<0;19;21m")
        guard wait(for: "the selection", { $0.contains("Search selected") }) else { return }
        // The export announced it (--verbose puts its log in the transcript).
        guard wait(for: "the selection on the bus", { $0.contains("atspi: event SelectionChanged") }) else { return }
        // A key typed in the terminal takes the Demo's key path: offered to
        // the registry first (nobody consumes it here), then it moves the
        // focus from Search (the tap brought it there) to the next tab.
        terminal.send("\u{1B}[C")
        guard wait(for: "the key offered to the registry", {
            $0.contains("atspi: key Right down offered to the registry: passed on")
        }) else { return }
        guard wait(for: "the focus move", { $0.contains("focus moves to Now Playing (tab)") }) else { return }
        terminal.send("q")
        #expect(process.wait(seconds: 20) == 0)
        #expect(session.reap(within: 5).isEmpty, "the session's bus, launcher and registry end with it")
    }

    @Test("--play performs each step when its time comes on the clock, a wait only moving the next step's time")
    @MainActor
    func realClockPlayback() throws {
        let text = """
            tabbar Home Search
            select Home
            wait 2
            down @Search
            wait 0.05
            up
            wait 1
            """
        let script = try GestureScriptParser(file: "play.gesture", reader: DemoCommand.readFile).parse(Array(text.utf8))
        let player = ScriptPlayer(script: script)
        player.begin()
        var playback = RealClockPlayback(steps: script.steps, start: 10)
        #expect(playback.secondsUntilNextStep(now: 10) == 2)
        playback.play(player, now: 11.9)
        #expect(player.window.activeTouchCount == 0)
        playback.play(player, now: 12.01)
        #expect(player.window.activeTouchCount == 1, "the finger went down at 12")
        #expect(abs((playback.secondsUntilNextStep(now: 12.01) ?? 0) - 0.04) < 1e-9)
        #expect(player.tabBar?.selectedItem?.title == "Home")
        playback.play(player, now: 12.5)
        #expect(player.tabBar?.selectedItem?.title == "Search")
        // The trailing wait is nothing to perform: the replay is over.
        #expect(playback.isFinished)
        #expect(playback.secondsUntilNextStep(now: 13) == nil)
        #expect(player.window.currentTime == 12.5, "touches are stamped with the clock when they go in")
    }
}
