import Foundation
import Glibc
import Testing
import InteractionKitTestSupport
import DemoCLI

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

    /// The Demo binary, when this machine can run an end-to-end test that
    /// needs it and what `missing` checks; nil when it cannot, after saying
    /// why. CI installs the packages and sets ATSPI_E2E_REQUIRED: there a
    /// skip is a failure.
    static func demoForEndToEnd(
        needing what: String, missing: String? = AtspiEndToEndTests.missing,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String? {
        if let reason = missing {
            EndToEnd.skip(what, because: reason, sourceLocation: sourceLocation)
            return nil
        }
        guard let demo = LivePseudoTerminalTests.demoBinary else {
            EndToEnd.skip(what, because: "there is no Demo binary next to the test bundle (run 'swift build' first)",
                          sourceLocation: sourceLocation)
            return nil
        }
        return demo
    }

    @Test("pyatspi finds the app by toolkit, reads the frame, tabs, states and extents; hostile calls are refused; it clicks Search and hears the event")
    func pyatspiReadsTheScene() throws {
        guard let demo = Self.demoForEndToEnd(needing: "the AT-SPI end-to-end test needs a real client") else { return }
        let session = try PrivateSession(name: "atspi-e2e")
        defer { session.remove() }
        let demoLog = session.file("demo.log")
        let clientOutput = session.file("client.log")
        let start = Date()
        let client = try session.spawn(
            Self.dbusRunSession,
            ["--", Self.python, Repository.file("Tests/Fixtures/atspi/client.py").path, demo, demoLog.path],
            outputPath: clientOutput.path)
        // Generous: the first run starts the bus launcher and the registry.
        let status = client.wait(seconds: 120)
        if status == nil { Issue.record("the client did not finish within 120 seconds") }
        // The session's bus daemons, launcher and registry end with it.
        let survivors = session.reap(within: 5)
        #expect(survivors.isEmpty, "still running after the session ended: \(survivors)")
        let text = (try? String(contentsOf: clientOutput, encoding: .utf8)) ?? ""
        print("AT-SPI end-to-end run took \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        #expect(status == 0, "client output:\n\(text)")
        for check in ["application 'InteractionKitLinux Demo', toolkit InteractionKitLinux",
                      "page tab list with page tabs ['Home', 'Search', 'Now Playing', 'Profile', 'Settings']",
                      "extents of Search (78, 795, 78, 49)", "getAccessibleAtPoint(350, 820) is the page tab Settings",
                      "GetChildren with an 8 MiB byte array: InvalidArgs", "a 9 MiB call: LimitsExceeded",
                      "Set of Application.Id by another peer: AccessDenied",
                      "object:state-changed:selected arrived from",
                      "object:selection-changed arrived from the page tab list",
                      "Selection: Search selected; selectChild(2) selects Now Playing",
                      "entry Search: editable, single line, focusable, selectable text; placeholder-text Search",
                      "insertText: getText(0, -1) is 'hello wörld'; text-changed:insert 0, 11 arrived",
                      "getTextAtOffset with CHAR, WORD_START, WORD_END and LINE_START",
                      "getCharacterExtents(0) in window coordinates", "setCaretOffset(5): caretOffset 5",
                      "the Demo stopped cleanly"] {
            #expect(text.contains(check), "missing '\(check)' in:\n\(text)")
        }
        // The registry set Application.Id while Embed waited.
        #expect(text.contains("toolkit InteractionKitLinux, registry id ") && !text.contains("registry id not set"),
                "client output:\n\(text)")
        // The tab bar's delegate was told once per selection, as for a tap.
        let selections = text.components(separatedBy: "\n").filter { $0.hasPrefix("selected ") }
        #expect(selections == ["selected Search (the tab bar's delegate was told)",
                               "selected Now Playing (the tab bar's delegate was told)"], "client output:\n\(text)")
        // SIGTERM ends the session quietly: no request log without --verbose, no farewell.
        #expect(!text.contains("atspi: ") && !text.contains("Demo: stopped") && !text.contains("connection failed"),
                "client output:\n\(text)")
    }

    @Test("When the accessibility bus goes away, Demo --atspi ends quietly with 0; --verbose logs on standard error")
    func busGoesAway() throws {
        guard let demo = Self.demoForEndToEnd(needing: "the AT-SPI end-to-end test needs a real client") else { return }
        let session = try PrivateSession(name: "atspi-bus-gone")
        defer { session.remove() }
        let output = session.file("output.log"), errors = session.file("errors.log"), log = session.file("client.log")
        let client = try session.spawn(
            Self.dbusRunSession,
            ["--", Self.python, Repository.file("Tests/Fixtures/atspi/bus_goes_away.py").path, demo, output.path, errors.path],
            outputPath: log.path)
        let status = client.wait(seconds: 90)
        let survivors = session.reap(within: 5)
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "client output:\n\(text)")
        #expect(survivors.isEmpty, "still running after the session ended: \(survivors)")
        #expect(text.contains("ok the Demo ended with status 0 when the bus went away"), "client output:\n\(text)")
        let standardOutput = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let standardError = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(standardOutput.hasPrefix("Demo: serving ") && !standardOutput.contains("atspi: "), "\(standardOutput)")
        #expect(standardError.contains("atspi: Application.GetApplicationBusAddress()"), "\(standardError)")
        #expect(standardError.hasSuffix("Demo: the accessibility bus went away\n"), "\(standardError)")
        #expect(!standardError.contains("failed") && !standardError.contains("Demo: --atspi"), "\(standardError)")
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
    @Test("--atspi takes a script or none, --play, --verbose and --live, and no value; not --device")
    func parsing() throws {
        #expect(try DemoCommand.parse(arguments: ["--atspi"]).atspi)
        #expect(try DemoCommand.parse(arguments: ["--atspi", "Examples/seed.gesture"]).scriptPath == "Examples/seed.gesture")
        let playing = try DemoCommand.parse(arguments: ["--atspi", "Examples/seed.gesture", "--play", "--verbose"])
        #expect(playing.play && playing.verbose && playing.atspi)
        let live = try DemoCommand.parse(arguments: ["--atspi", "--live"])
        #expect(live.atspi && live.live.terminal)
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--atspi=yes"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--atspi", "--device", "/dev/null"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--atspi", "--live", "--play"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--atspi", "--play=now"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["Examples/seed.gesture", "--play"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--verbose"]) }
        for option in ["--atspi", "--play", "--verbose"] { #expect(DemoCommand.helpText.contains(option)) }
    }
}
