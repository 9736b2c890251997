import Foundation
import Glibc
import Testing
import InteractionKitTestSupport

/// The real Orca screen reader (Debian's `orca`, 43) listening to the Demo,
/// headless: `Tests/Fixtures/orca/orca_session.py` starts Xvfb,
/// speech-dispatcher (espeak-ng into libao's null driver) and Orca in a
/// private session bus, then the Demo (or the Demo first, then Orca), and
/// reports every utterance (`SPEECH OUTPUT:` in Orca's debug log) and
/// whether each expected one came, in order.
///
/// The Demo replays `Tests/Fixtures/orca/keyboard.gesture` on the real
/// clock (`--play`): its `key` lines go through the Demo's own key path
/// (`ScriptPlayer.press`, `Window.send`), where the AT-SPI bridge's key
/// filter offers each key to Orca (`NotifyListenersSync`) before the
/// window acts on it. Orca echoing "tab" and "space" shows it heard them
/// that way: keys typed on the X display never reach Orca 43.
///
/// To check more, add steps to the script and what Orca says for them to
/// `keyboardUtterances`, in order (other utterances may come between).
///
/// Skips, saying why, when a package is missing; with ATSPI_E2E_REQUIRED=1
/// (CI, `.ci/run`, which installs them) that is a failure.
@Suite("Orca, the real screen reader, hears the Demo and works it by keyboard", .serialized)
struct AtspiOrcaEndToEndTests {
    static let python = "/usr/bin/python3"
    static let dbusRunSession = "/usr/bin/dbus-run-session"

    /// What Orca says while the Demo plays `keyboard.gesture`, in order, as patterns.
    static let keyboardUtterances = [
        // The Demo appears, its window key: Orca takes the frame as the active window...
        #"^InteractionKitLinux Demo frame\.$"#,
        // ...and speaks the focused item: Save, the first group in reading order.
        #"^Save push button\.$"#,
        // key tab: Orca hears the key (its key echo), then the focus lands on the selected tab.
        #"^tab\s*$"#,
        #"^Home page tab\.$"#,
        // key right, key right, key left: along the tab bar.
        #"^Search page tab\.$"#,
        #"^Now Playing page tab\.$"#,
        #"^Search page tab\.$"#,
        // key space: selects the focused tab; Orca says so.
        #"^space\s*$"#,
        #"^selected$"#,
        // key shift+tab: back to Save.
        #"^Save push button\.$"#,
        // A tap selects Profile, and the focus follows the finger (K5).
        #"^Profile page tab\.$"#,
    ]

    /// What Orca 43 says while the Demo plays `text.gesture` (contract T8), in order, as patterns:
    /// role names from Orca's `rolenames` ("entry", "password text"), "selected" from its
    /// `messages.TEXT_SELECTED`; a trailing full stop or space is allowed where Orca adds one.
    static let textUtterances = [
        #"^InteractionKitLinux Demo frame\.$"#,
        #"^Save push button\.$"#,
        // key tab: the key, then the field's name and role.
        #"^tab\s*$"#,
        #"^Search entry\.?$"#,
        // type "cat dog": each letter echoed as it is typed (key echo), the space by name.
        #"^c\s*$"#, #"^a\s*$"#, #"^t\s*$"#, #"^space\s*$"#, #"^d\s*$"#, #"^o\s*$"#, #"^g\s*$"#,
        // key left: the character now at the caret.
        #"^g\s*$"#,
        // key ctrl+left: the word.
        #"^dog\.?$"#,
        // key end, key backspace: the key, then the character it deleted.
        #"^backspace\s*$"#,
        #"^g\s*$"#,
        // key enter (the keypad's, Orca's Where Am I): the field and all it holds.
        #"^Search entry cat do\.?$"#,
        // key home, key shift+right: the character, then that it is selected.
        #"^c\s*$"#,
        #"^selected\s*$"#,
        // key tab: the secure field; type "739": a bullet echoed for each digit, never the digit.
        #"^PIN password text\.?$"#,
        #"^•\s*$"#, #"^•\s*$"#, #"^•\s*$"#,
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

    /// Runs one Orca session against `Demo --atspi keyboard.gesture` (with
    /// `demoArguments` added), expecting `utterances`; returns its output,
    /// or nil when the test cannot run here (having said why).
    func runSession(_ name: String, script: String = "keyboard.gesture", sessionOptions: [String] = [],
                    demoArguments: [String], utterances: [String],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        guard let demo = AtspiEndToEndTests.demoForEndToEnd(
            needing: "the Orca end-to-end test needs Orca and its speech", missing: Self.missing, sourceLocation: sourceLocation
        ) else { return nil }
        let session = try PrivateSession(name: name)
        defer { session.remove() }
        let output = session.file("session.log")
        var arguments = ["--", Self.python, Repository.file("Tests/Fixtures/orca/orca_session.py").path,
                         session.file("work").path, "--timeout", "15"] + sessionOptions
        for pattern in utterances { arguments += ["--expect", pattern] }
        arguments += ["--", demo, "--atspi", Repository.file("Tests/Fixtures/orca/" + script).path] + demoArguments
        let start = Date()
        let run = try session.spawn(Self.dbusRunSession, arguments, outputPath: output.path)
        let status = run.wait(seconds: 50)
        let elapsed = Date().timeIntervalSince(start)
        let survivors = session.reap(within: 5)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        print("Orca end-to-end run '\(name)' took \(Int(elapsed * 1000)) ms")
        #expect(status != nil, "the session did not finish within 50 seconds:\n\(text)", sourceLocation: sourceLocation)
        #expect(status == 0, "session output:\n\(text)", sourceLocation: sourceLocation)
        // Xvfb, speech-dispatcher, Orca, the Demo, the buses, the launcher, the registry: all gone.
        #expect(survivors.isEmpty, "still running after the session ended: \(survivors)", sourceLocation: sourceLocation)
        let heard = text.split(separator: "\n").filter { $0.contains(" ok heard ") }
        #expect(heard.count == utterances.count, "session output:\n\(text)", sourceLocation: sourceLocation)
        #expect(text.contains("the Demo exited with status 0"), "session output:\n\(text)", sourceLocation: sourceLocation)
        return text
    }

    @Test("Orca, started first, speaks the Demo's window and focus, each item Tab and the arrows reach, and a Space's selection")
    func orcaWorksTheDemoByKeyboard() throws {
        guard let text = try runSession("orca-keys", demoArguments: ["--play"], utterances: Self.keyboardUtterances) else {
            return
        }
        // The Space selected Search once, through the tab bar's own path
        // (its delegate was told); the tap then selected Profile.
        let selections = text.split(separator: "\n").filter { $0.hasPrefix("selected ") }
        #expect(selections == ["selected Search (the tab bar's delegate was told)",
                               "selected Profile (the tab bar's delegate was told)"], "session output:\n\(text)")
    }

    @Test("Orca reads a text field as it is edited: its name and role, each typed letter, the character, the word, the deleted character, the selection, Where Am I; never a secure field's characters")
    func orcaReadsTheTextField() throws {
        guard let text = try runSession("orca-text", script: "text.gesture", demoArguments: ["--play"],
                                        utterances: Self.textUtterances) else { return }
        // The PIN's digits were typed, but Orca only ever says a bullet for them.
        let spoken = text.split(separator: "\n").filter { $0.contains(" spoken: ") }
            .map { $0.components(separatedBy: " spoken: ").last ?? "" }
        let pin = spoken.drop { !$0.hasPrefix("PIN password text") }.dropFirst()
        #expect(!pin.isEmpty, "session output:\n\(text)")
        #expect(pin.allSatisfy { !$0.contains("7") && !$0.contains("3") && !$0.contains("9") },
                "Orca spoke a secure field's character: \(Array(pin))")
        #expect(pin.contains { $0.hasPrefix("•") }, "the typed digits are echoed as bullets: \(Array(pin))")
    }

    @Test("Orca's Where Am I counts the tabs that can be reached: a disabled tab is left out of \"2 of 4\"")
    func orcaCountsReachableTabs() throws {
        let utterances = [#"^InteractionKitLinux Demo frame\.$"#, #"^Home page tab\.$"#, #"^Now Playing page tab\.$"#,
                          #"^page tab list\.?$"#, #"^Now Playing page tab\.$"#, #"^2 of 4\.?$"#]
        _ = try runSession("orca-tabs", script: "tabs.gesture", demoArguments: ["--play"], utterances: utterances)
    }

    /// What Orca 43 says while the Demo plays `list.gesture` (contract L6), in order, as patterns.
    static let listUtterances = [
        #"^InteractionKitLinux Demo frame\.$"#,
        #"^Save push button\.$"#,
        // key tab: into the list, which Orca announces with its size, on its first row.
        #"^List with 5 items\.$"#,
        #"^Row 1\.$"#,
        // key down, key down: each row by its title (the arrows are not echoed).
        #"^Row 2\.$"#,
        #"^Row 3\.$"#,
        // key enter (the keypad's, Where Am I): the role, the row, its place.
        #"^list item\.$"#,
        #"^Row 3\.$"#,
        #"^3 of 5\.$"#,
        // list_actions.py deletes Row 3 through its Delete action: the focus goes to the row taking its place.
        #"^Row 4\.$"#,
    ]

    @Test("Orca says a list's size, each row the arrows reach and \"3 of 5\"; a row's custom actions run over AT-SPI change the list's children")
    func orcaReadsTheList() throws {
        let client = Repository.file("Tests/Fixtures/orca/list_actions.py").path
        guard let text = try runSession("orca-list", script: "list.gesture", sessionOptions: ["--client-after", "9", client],
                                        demoArguments: ["--play"], utterances: Self.listUtterances) else { return }
        for check in ["client: ok a list of ['Row 1', 'Row 2', 'Row 3', 'Row 4', 'Row 5']",
                      "client: ok Row 3's actions ['click', 'Archive', 'Delete', 'Move Up', 'Move Down']; doAction('Delete')",
                      "client: ok after Delete the list's children are ['Row 1', 'Row 2', 'Row 4', 'Row 5']",
                      "client: ok after Move Up the list's children are ['Row 1', 'Row 2', 'Row 5', 'Row 4']"] {
            #expect(text.contains(check), "missing '\(check)' in:\n\(text)")
        }
    }

    @Test("Orca, started after the Demo, speaks its window and the focused item")
    func orcaStartedAfterTheDemo() throws {
        let utterances = [#"^InteractionKitLinux Demo frame\.$"#, #"^Save push button\.$"#]
        guard let text = try runSession("orca-late", sessionOptions: ["--application-first"], demoArguments: [],
                                        utterances: utterances) else { return }
        #expect(!text.contains("\nselected "), "session output:\n\(text)")
    }
}
