import Foundation
import Glibc
import Testing
import InteractionKitTestSupport
import DemoCLI

/// A child process started with `posix_spawn` (Foundation's `Process` leaks
/// a little per run, which LeakSanitizer reports), its output in a file.
struct SpawnedProcess {
    let pid: pid_t

    /// Starts `path` with `arguments`, the environment changed by `set` and `unset`,
    /// standard output and error appended to `outputPath`.
    init(_ path: String, _ arguments: [String], set: [String: String], unset: [String], outputPath: String) throws {
        var environment = ProcessInfo.processInfo.environment
        for name in unset { environment.removeValue(forKey: name) }
        for (name, value) in set { environment[name] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw SpawnError(code: status) }
        self.pid = pid
    }

    struct SpawnError: Error {
        var code: Int32
    }

    /// The exit status once the process ends within `seconds` (polling), or nil after killing it.
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
            if result < 0 { return nil }
            var request = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&request, nil)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
    }
}

/// `Demo --atspi` end to end with a real client: a private session bus
/// (`dbus-run-session`), the built Demo exporting the built-in scene, and the
/// distribution's pyatspi reading it (`Tests/Fixtures/atspi/client.py`).
/// Skips, saying why, when dbus-run-session or pyatspi is missing.
@Suite("Demo --atspi read by pyatspi on a private session bus")
struct AtspiEndToEndTests {
    static let python = "/usr/bin/python3"
    static let dbusRunSession = "/usr/bin/dbus-run-session"

    /// Why the test cannot run here, or nil when it can.
    static var missing: String? {
        guard FileManager.default.isExecutableFile(atPath: dbusRunSession) else {
            return "dbus-run-session is not installed (apt-get install dbus)"
        }
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) is not installed" }
        let probe = try? SpawnedProcess(python, ["-c", "import pyatspi"], set: [:], unset: [], outputPath: "/dev/null")
        guard let probe, probe.wait(seconds: 30) == 0 else {
            return "pyatspi is not installed (apt-get install at-spi2-core python3-pyatspi)"
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher") else {
            return "at-spi2-core is not installed (apt-get install at-spi2-core)"
        }
        return nil
    }

    @Test("pyatspi finds the app by toolkit, reads the frame, tabs, states and extents; hostile calls are refused; it clicks Search and hears the event")
    func pyatspiReadsTheScene() throws {
        if let reason = Self.missing {
            // CI installs the packages and sets ATSPI_E2E_REQUIRED: there a skip is a failure.
            if ProcessInfo.processInfo.environment["ATSPI_E2E_REQUIRED"] == "1" {
                Issue.record("ATSPI_E2E_REQUIRED is set but \(reason)")
            }
            print("skipped: the AT-SPI end-to-end test needs a real client: \(reason)")
            return
        }
        guard let demo = LivePseudoTerminalTests.demoBinary else {
            print("skipped: no Demo binary next to the test bundle (run 'swift build' first)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atspi-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let demoLog = folder.appendingPathComponent("demo.log")
        let clientOutput = folder.appendingPathComponent("client.log")
        let start = Date()
        let client = try SpawnedProcess(
            Self.dbusRunSession,
            ["--", Self.python, Repository.file("Tests/Fixtures/atspi/client.py").path, demo, demoLog.path],
            // A sanitizer build of the Demo must not fail at exit for the runtime's own allocations.
            set: ["XDG_RUNTIME_DIR": folder.path, "ASAN_OPTIONS": "detect_leaks=0"],
            unset: ["DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS"],
            outputPath: clientOutput.path)
        // Generous: the first run starts the bus launcher and the registry.
        let status = client.wait(seconds: 120)
        if status == nil { Issue.record("the client did not finish within 120 seconds") }
        let text = (try? String(contentsOf: clientOutput, encoding: .utf8)) ?? ""
        print("AT-SPI end-to-end run took \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        #expect(status == 0, "client output:\n\(text)")
        for check in ["application 'InteractionKitLinux Demo', toolkit InteractionKitLinux",
                      "page tab list with page tabs ['Home', 'Search', 'Now Playing', 'Profile', 'Settings']",
                      "extents of Search (78, 795, 78, 49)", "getAccessibleAtPoint(350, 820) is the page tab Settings",
                      "GetChildren with an 8 MiB byte array: InvalidArgs", "a 9 MiB call: LimitsExceeded",
                      "Set of Application.Id by another peer: AccessDenied",
                      "object:state-changed:selected arrived from", "the Demo stopped cleanly"] {
            #expect(text.contains(check), "missing '\(check)' in:\n\(text)")
        }
        // The registry set Application.Id while Embed waited.
        #expect(text.contains("toolkit InteractionKitLinux, registry id ") && !text.contains("registry id not set"),
                "client output:\n\(text)")
        // The tab bar's delegate was told once, as for a tap.
        let selections = text.components(separatedBy: "\n").filter { $0.hasPrefix("selected ") }
        #expect(selections == ["selected Search (the tab bar's delegate was told)"], "client output:\n\(text)")
    }

    @Test("Without a session bus, Demo --atspi exits 1 and says what to do")
    func noSessionBus() throws {
        guard let demo = LivePseudoTerminalTests.demoBinary else {
            print("skipped: no Demo binary next to the test bundle (run 'swift build' first)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atspi-nobus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("output.log")
        let process = try SpawnedProcess(demo, ["--atspi"], set: ["ASAN_OPTIONS": "detect_leaks=0"],
                                         unset: ["DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS"], outputPath: output.path)
        let status = process.wait(seconds: 60)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(status == 1, "\(text)")
        #expect(text.contains("Demo: --atspi: no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"), "\(text)")
        #expect(text.contains("dbus-run-session"))
    }
}

@Suite("Demo --atspi options")
@MainActor
struct AtspiOptionTests {
    @Test("--atspi takes a script or none, and no value; it cannot be combined with --live or --device")
    func parsing() throws {
        #expect(try DemoCommand.parse(arguments: ["--atspi"]).atspi)
        #expect(try DemoCommand.parse(arguments: ["--atspi", "Examples/seed.gesture"]).scriptPath == "Examples/seed.gesture")
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--atspi=yes"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--atspi", "--live"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--atspi", "--device", "/dev/null"]) }
        #expect(DemoCommand.helpText.contains("--atspi"))
    }
}
