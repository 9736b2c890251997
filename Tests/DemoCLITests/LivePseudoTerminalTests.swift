import Foundation
import Glibc
import Testing

/// `Demo --live` end to end: the built binary in a pseudo-terminal, driven
/// by SGR mouse reports as a terminal sends them.
@Suite("Demo --live in a pseudo-terminal")
struct LivePseudoTerminalTests {
    /// The Demo binary next to this test bundle in the build folder, if it was built.
    static var demoBinary: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
        let path = folder.appendingPathComponent("Demo").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    @Test("Press on Home shows the HUD, a slide and lift selects Settings, q restores the terminal, then the summary")
    func pressSlideLift() throws {
        guard let demo = Self.demoBinary else {
            print("skipped: no Demo binary next to the test bundle (run 'swift build' first)")
            return
        }
        guard let terminal = try PseudoTerminal() else { return }
        // Open until the Demo has ended: closing the master hangs its terminal up.
        defer { withExtendedLifetime(terminal) {} }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: demo)
        process.arguments = ["--live"]
        var environment = ProcessInfo.processInfo.environment
        // A sanitizer report must not pass for a screen: no leak report at exit.
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        terminal.closeSlave()
        defer { if process.isRunning { process.terminate() } }
        func wait(for what: String, _ condition: (String) -> Bool) -> Bool {
            terminal.wait(for: what, seconds: 20, condition)
        }

        guard wait(for: "the picture", { $0.contains("Settings") && $0.contains("\u{1B}[?1006h") }) else { return }
        // Bracketed paste and application keypad mode are on.
        #expect(terminal.screen.contains("\u{1B}[?2004h\u{1B}="))
        // The seed scene at 80 columns draws a 60-column picture: Home's title
        // is on the picture's line 20 (terminal row 21), near column 7.
        terminal.send("\u{1B}[<0;7;21M")
        guard wait(for: "the HUD", { $0.contains("HUD shows \"Home\"") && $0.contains("╭") }) else { return }
        terminal.send("\u{1B}[<32;30;21M\u{1B}[<32;55;21M")
        guard wait(for: "the HUD over Settings", { $0.contains("HUD shows \"Settings\"") }) else { return }
        terminal.send("\u{1B}[<0;55;21m")
        guard wait(for: "the selection", { $0.contains("Settings selected") }) else { return }
        terminal.send("q")
        guard wait(for: "the terminal restored, then the summary", {
            guard let restored = $0.range(of: "\u{1B}[?1049l") else { return false }
            return $0[restored.upperBound...].contains("Summary: selected Settings; the HUD changed ")
        }) else { return }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.screen.contains("\u{1B}>\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?25h\u{1B}[?1049l"))
        #expect(terminal.screen.contains("Live session of seed.gesture (built in): "))
    }
}
