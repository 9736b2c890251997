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

    @Test("Press on Home shows the HUD, a slide and lift selects Settings, q restores the terminal")
    func pressSlideLift() throws {
        guard let demo = Self.demoBinary else {
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

        let process = Process()
        process.executableURL = URL(fileURLWithPath: demo)
        process.arguments = ["--live"]
        var environment = ProcessInfo.processInfo.environment
        // A sanitizer report must not pass for a screen: no leak report at exit.
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        close(slave)
        defer { if process.isRunning { process.terminate() } }

        var screen = ""
        /// Reads the pseudo-terminal until `condition` holds of everything read, for up to 20 s.
        func wait(for what: String, _ condition: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(20)
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

        guard wait(for: "the picture", { $0.contains("Settings") && $0.contains("\u{1B}[?1006h") }) else { return }
        // The seed scene at 80 columns draws a 60-column picture: Home's title
        // is on the picture's line 20 (terminal row 21), near column 7.
        send("\u{1B}[<0;7;21M")
        guard wait(for: "the HUD", { $0.contains("HUD shows \"Home\"") && $0.contains("╭") }) else { return }
        send("\u{1B}[<32;30;21M\u{1B}[<32;55;21M")
        guard wait(for: "the HUD over Settings", { $0.contains("HUD shows \"Settings\"") }) else { return }
        send("\u{1B}[<0;55;21m")
        guard wait(for: "the selection", { $0.contains("Settings selected") }) else { return }
        send("q")
        guard wait(for: "the terminal restored", { $0.contains("\u{1B}[?1049l") }) else { return }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(screen.contains("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?25h\u{1B}[?1049l"))
    }
}
