import InteractionKitLinux
@testable import InteractionKitPictures
@testable import InteractionKitReplay

/// Runs arbitrary bytes through the script parser, the player, the
/// transcript formatters, the pictures and the evemu reader, and checks the
/// invariants a replay must keep whatever its input.
///
/// The libFuzzer entry (`Fuzz/FuzzScript.swift`, built by `scripts/fuzz.sh`
/// with this file and the library's sources as one module) calls it with
/// each input and traps on a violation; the tests call it on the seed corpus and on every
/// input the fuzzer ever crashed on. An input that starts with "EVEMU\n" is
/// an evemu recording, replayed onto a surface with tap, long-press and pan
/// recognizers; any other input is a gesture script, whose `evemu` lines
/// read the input itself.
enum ReplayFuzzHarness {
    /// The marker that turns an input into a recording.
    static let recordingMarker = Array("EVEMU\n".utf8)

    /// Replays `bytes`; returns the broken invariants (empty when all hold).
    @MainActor
    static func run(_ bytes: [UInt8]) -> [String] {
        let script: GestureScript
        do {
            if bytes.starts(with: recordingMarker) {
                let recording = Array(bytes.dropFirst(recordingMarker.count))
                let parser = GestureScriptParser(file: "fuzz.gesture", loader: { _ in recording })
                script = try parser.parse("surface tap long-press pan\nevemu \"input.events\"\n")
            } else {
                script = try GestureScriptParser(file: "fuzz.gesture", loader: { _ in bytes }).parse(bytes)
            }
        } catch {
            // Every error must be reported with a place, never as an empty list.
            return error.diagnostics.isEmpty ? ["a script was refused without a diagnostic"] : []
        }
        let player = ScriptPlayer(script: script)
        let replay = player.run()
        _ = TranscriptFormatter.jsonLines(replay)
        _ = TranscriptFormatter.text(replay, options: .init(picture: { TerminalPicture.render($0, columns: 40, ascii: true) }))
        for frame in replay.frames.prefix(8) {
            _ = SVGPicture.render(frame.snapshot)
            _ = TerminalPicture.render(frame.snapshot)
        }
        var violations: [String] = []
        if player.window.activeTouchCount == 0 && player.window.largeContentViewerPresentation != nil {
            violations.append("the HUD shows with no finger down")
        }
        var selections = 0
        var lifts = 0
        var lastFocus: (title: String?, kind: FocusKind?)?
        for event in replay.events {
            switch event.kind {
            case .select: selections += 1
            // A finger's lift, or a key that activates (rule K3), may select a tab.
            case .touch(_, .ended, _, _): lifts += 1
            case .key(let name) where activatingKeys.contains(name): lifts += 1
            case .focus(let title, let kind): lastFocus = (title, kind)
            default: break
            }
        }
        if selections > lifts { violations.append("\(selections) selections for \(lifts) lifted fingers or activating keys") }
        // The transcript's last focus line names what has the focus at the end: no move goes unrecorded.
        let focused = player.window.focusedItem.map { ScriptPlayer.describe($0) }
        if let focused, lastFocus?.title != focused.title || lastFocus?.kind != focused.kind {
            violations.append("the focus is on \(focused), the transcript last said \(String(describing: lastFocus))")
        } else if focused == nil, let lastFocus, lastFocus.kind != nil {
            violations.append("nothing has the focus, the transcript last said \(lastFocus)")
        }
        violations += controlViolations(replay.events)
        if player.window.activeTouchCount == 0, let pressed = player.buttons.first(where: \.isHighlighted) {
            violations.append("the button '\(pressed.title ?? "")' is highlighted with no finger down")
        }
        return violations
    }

    /// The key names that activate the focused item (rule K3).
    static let activatingKeys: Set<String> = ["space", "return", "enter"]

    /// What breaks UIKit's order of control events (C1–C4): each button
    /// sends drags and a touch up or cancel only while it tracks a touch
    /// down, and its primary action only right after a touch up inside or
    /// alone after a key that activates.
    @MainActor
    static func controlViolations(_ events: [ReplayEvent]) -> [String] {
        var tracking: Set<String> = []
        var previous: (title: String, event: ControlEvents)?
        var violations: [String] = []
        var activatedByKey = false
        for event in events {
            if case .key(let name) = event.kind { activatedByKey = activatingKeys.contains(name) }
            guard case .control(let title, let control) = event.kind else { continue }
            defer { previous = (title, control) }
            // Space or Return on a focused button sends its primary action alone, no touch event (K3).
            if control == .primaryActionTriggered, activatedByKey, !tracking.contains(title) {
                activatedByKey = false
                continue
            }
            switch control {
            case .touchDown:
                if !tracking.insert(title).inserted { violations.append("\(title): touchDown while tracking") }
            case .touchDownRepeat, .valueChanged:
                break
            case .touchUpInside, .touchUpOutside, .touchCancel:
                if tracking.remove(title) == nil { violations.append("\(title): \(control.names) while not tracking") }
            case .primaryActionTriggered:
                if !(previous?.title == title && previous?.event == .touchUpInside) {
                    violations.append("\(title): primary action without a touch up inside just before")
                }
            default:
                if !tracking.contains(title) { violations.append("\(title): \(control.names) while not tracking") }
            }
        }
        return violations
    }
}
