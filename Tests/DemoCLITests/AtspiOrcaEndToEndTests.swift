import Foundation
import Glibc
import Testing
import InteractionKitTestSupport

/// The real Orca screen reader (Debian's `orca`, 43) listening to the Demo,
/// headless: `Tests/Fixtures/orca/orca_session.py` starts Xvfb,
/// speech-dispatcher (espeak-ng into libao's null driver) and Orca in a
/// private session bus, then the Demo, and reports every utterance
/// (`SPEECH OUTPUT:` in Orca's debug log) and whether each expected one came,
/// in order.
///
/// Orca is started first, as a person who relies on it would have it: the
/// Demo's window must announce itself (`window:activate`). The Demo replays
/// `Tests/Fixtures/orca/tap-search.gesture` on the real clock (`--play`).
///
/// To check more, add steps to the script and the utterances Orca says for
/// them to `utterances`, in order (for the keyboard: `key tab` lines, and
/// what Orca says for the item each key reaches).
///
/// Skips, saying why, when a package is missing; with ATSPI_E2E_REQUIRED=1
/// (CI, `.ci/run`, which installs them) that is a failure.
@Suite("Orca, the real screen reader, hears the Demo")
struct AtspiOrcaEndToEndTests {
    static let python = "/usr/bin/python3"
    static let dbusRunSession = "/usr/bin/dbus-run-session"

    /// What Orca says, in order, as patterns (other utterances may come between).
    static let utterances = [
        // The Demo appears: Orca takes its frame as the active window.
        #"^InteractionKitLinux Demo frame\.$"#,
        // The script's tap selects Search: the page tab list's selection-changed.
        #"^Search page tab\.$"#,
    ]

    /// Why the test cannot run here, or nil when it can.
    static var missing: String? {
        let files = [
            (dbusRunSession, "dbus"), ("/usr/libexec/at-spi-bus-launcher", "at-spi2-core"), (python, "python3"),
            ("/usr/bin/orca", "orca"), ("/usr/bin/Xvfb", "xvfb"), ("/usr/bin/speech-dispatcher", "speech-dispatcher"),
            ("/usr/bin/espeak-ng", "espeak-ng"),
            ("/usr/lib/speech-dispatcher-modules/sd_espeak-ng", "speech-dispatcher-espeak-ng"),
        ]
        for (path, package) in files where !FileManager.default.isExecutableFile(atPath: path) {
            return "\(path) is missing (apt-get install \(package))"
        }
        let probe = try? SpawnedProcess(python, ["-c", "import pyatspi"], set: [:], unset: [], outputPath: "/dev/null")
        guard let probe, probe.wait(seconds: 30) == 0 else { return "pyatspi is missing (apt-get install python3-pyatspi)" }
        return nil
    }

    @Test("Orca, started first, speaks the Demo's frame when it appears, then the tab a tap selects")
    func orcaSpeaksTheDemo() throws {
        if let reason = Self.missing {
            if ProcessInfo.processInfo.environment["ATSPI_E2E_REQUIRED"] == "1" {
                Issue.record("ATSPI_E2E_REQUIRED is set but \(reason)")
            }
            print("skipped: the Orca end-to-end test needs Orca and its speech: \(reason)")
            return
        }
        guard let demo = LivePseudoTerminalTests.demoBinary else {
            if ProcessInfo.processInfo.environment["ATSPI_E2E_REQUIRED"] == "1" {
                Issue.record("ATSPI_E2E_REQUIRED is set but there is no Demo binary next to the test bundle")
            }
            print("skipped: no Demo binary next to the test bundle (run 'swift build' first)")
            return
        }
        let session = try PrivateSession(name: "orca-e2e")
        defer { session.remove() }
        let output = session.file("session.log")
        var arguments = ["--", Self.python, Repository.file("Tests/Fixtures/orca/orca_session.py").path,
                         session.file("work").path, "--timeout", "20"]
        for pattern in Self.utterances { arguments += ["--expect", pattern] }
        arguments += ["--", demo, "--atspi", Repository.file("Tests/Fixtures/orca/tap-search.gesture").path, "--play"]
        let start = Date()
        let run = try session.spawn(Self.dbusRunSession, arguments, outputPath: output.path)
        let status = run.wait(seconds: 55)
        let elapsed = Date().timeIntervalSince(start)
        let survivors = session.reap(within: 5)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        print("Orca end-to-end run took \(Int(elapsed * 1000)) ms")
        #expect(status != nil, "the session did not finish within 55 seconds:\n\(text)")
        #expect(status == 0, "session output:\n\(text)")
        // Xvfb, speech-dispatcher, Orca, the Demo, the buses, the launcher, the registry: all gone.
        #expect(survivors.isEmpty, "still running after the session ended: \(survivors)")
        let heard = text.split(separator: "\n").filter { $0.contains(" ok heard ") }
        #expect(heard.count == Self.utterances.count, "session output:\n\(text)")
        // The tap went through the tab bar's own path: its delegate was told once.
        let selections = text.split(separator: "\n").filter { $0.hasPrefix("selected ") }
        #expect(selections == ["selected Search (the tab bar's delegate was told)"], "session output:\n\(text)")
        #expect(text.contains("the Demo exited with status 0"), "session output:\n\(text)")
    }
}
