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
        if let reason = AtspiEndToEndTests.missing {
            if ProcessInfo.processInfo.environment["ATSPI_E2E_REQUIRED"] == "1" {
                Issue.record("ATSPI_E2E_REQUIRED is set but \(reason)")
            }
            print("skipped: Demo --atspi --live needs a session bus: \(reason)")
            return
        }
        guard let demo = LivePseudoTerminalTests.demoBinary else {
            print("skipped: no Demo binary next to the test bundle (run 'swift build' first)")
            return
        }
        // posix_openpt, unlockpt and ptsname, spelled as the kernel takes them.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else {
            print("skipped: no pseudo-terminals here (/dev/ptmx)")
            return
        }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        #expect(ioctl(master, UInt(0x4004_5431), &unlock) == 0)  // TIOCSPTLCK
        #expect(ioctl(master, UInt(0x8004_5430), &number) == 0)  // TIOCGPTN
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        var size = winsize(ws_row: 30, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        let session = try PrivateSession(name: "atspi-live")
        defer { session.remove() }
        let process = try session.spawn(AtspiEndToEndTests.dbusRunSession, ["--", demo, "--atspi", "--live", "--verbose"],
                                        set: ["TERM": "xterm-256color"], terminal: slave)
        close(slave)

        var screen = ""
        /// Reads the pseudo-terminal until `condition` holds of everything read, for up to 30 s.
        func wait(for what: String, _ condition: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while !condition(screen) && Date() < deadline {
                var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 200) > 0 else { continue }
                var bytes = [UInt8](repeating: 0, count: 4096)
                let count = read(master, &bytes, bytes.count)
                if count <= 0 { break }
                screen += String(decoding: bytes[0..<count], as: UTF8.self)
            }
            if !condition(screen) {
                Issue.record("timed out waiting for \(what); the screen so far:\n\(screen.suffix(3000))")
                return false
            }
            return true
        }
        func send(_ text: String) {
            _ = text.withCString { write(master, $0, strlen($0)) }
        }
        defer {
            if process.wait(seconds: 0.01) == nil { _ = session.reap(within: 0) }
        }
        guard wait(for: "the picture", { $0.contains("Settings") && $0.contains("\u{1B}[?1006h") }) else { return }
        // The seed scene at 80 columns draws a 60-column picture: Search's
        // title is on the picture's line 20 (terminal row 21), near column 19.
        // A quick press and release is a tap, which selects.
        send("\u{1B}[<0;19;21M\u{1B}[<0;19;21m")
        guard wait(for: "the selection", { $0.contains("Search selected") }) else { return }
        // The export announced it (--verbose puts its log in the transcript).
        guard wait(for: "the selection on the bus", { $0.contains("atspi: event SelectionChanged") }) else { return }
        // A key typed in the terminal takes the Demo's key path: offered to
        // the registry first (nobody consumes it here), then it moves the
        // focus from Search (the tap brought it there) to the next tab.
        send("\u{1B}[C")
        guard wait(for: "the key offered to the registry", {
            $0.contains("atspi: key Right down offered to the registry: passed on")
        }) else { return }
        guard wait(for: "the focus move", { $0.contains("focus moves to Now Playing (tab)") }) else { return }
        send("q")
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
