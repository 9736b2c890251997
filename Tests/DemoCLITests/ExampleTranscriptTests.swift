import Foundation
import Testing
@testable import DemoCLI
@testable import InteractionKitReplay
import InteractionKitPictures
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Golden transcripts of the examples")
@MainActor
struct ExampleTranscriptTests {
    private func replay(_ name: String) throws -> Replay {
        let path = Repository.examples.appendingPathComponent(name).path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let script = try GestureScriptParser(file: "Examples/\(name)", reader: DemoCommand.readFile).parse(bytes)
        return ScriptPlayer(script: script).run()
    }

    @Test("Each example's transcript and JSON lines match their golden files",
          arguments: try Repository.exampleNames())
    func golden(name: String) throws {
        let replay = try replay(name)
        let stem = String(name.dropLast(".gesture".count))
        try expectGolden(TranscriptFormatter.text(replay), "\(stem).txt")
        try expectGolden(TranscriptFormatter.jsonLines(replay), "\(stem).jsonl")
    }

    /// An example whose transcript with pictures (and the plain legend) is checked against its golden file alone.
    enum PicturedExample: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case seed, keyboard

        var testDescription: String {
            switch self {
            case .seed: "seed"
            case .keyboard: "keyboard: each focus move drawn with its ring"
            }
        }
    }

    @Test("The seed and keyboard examples with pictures match their golden files", arguments: PicturedExample.allCases)
    func pictures(_ example: PicturedExample) throws {
        let replay = try replay("\(example.rawValue).gesture")
        let options = TranscriptFormatter.TextOptions(
            picture: { TerminalPicture.render($0, columns: 60) }, legend: TerminalPicture.legend())
        try expectGolden(TranscriptFormatter.text(replay, options: options), "\(example.rawValue)-pictures.txt")
    }

    @Test("The text example with pictures matches its golden file: fields with their caret, selection, bullets and loupe")
    func textPictures() throws {
        let replay = try replay("text.gesture")
        let options = TranscriptFormatter.TextOptions(
            picture: { TerminalPicture.render($0, columns: 60) }, legend: TerminalPicture.legend(fields: true))
        try expectGolden(TranscriptFormatter.text(replay, options: options), "text-pictures.txt")
        #expect(replay.frames.contains { $0.snapshot.fields.first?.loupe != nil })
        #expect(replay.frames.last?.snapshot.fields.first?.loupe == nil)
    }

    @Test("The refresh example: a short pull refreshes nothing; a long one begins a refresh on the lift that ends 1.5 s later, resting 60 points down meanwhile")
    func refreshEvents() throws {
        let replay = try replay("refresh.gesture")
        let refreshes = replay.events.filter { event in
            switch event.kind {
            case .refresh, .refreshEnd: true
            default: false
            }
        }
        #expect(refreshes.map(\.kind) == [.refresh, .refreshEnd])
        let lift = try #require(replay.events.last { if case .touch(_, .ended, _, _) = $0.kind { true } else { false } })
        #expect(refreshes.first?.time == lift.time)
        #expect(abs((refreshes.last?.time ?? 0) - lift.time - 1.5) < 1e-9)
        let rests = replay.events.compactMap { event -> Point? in
            if case .scrollEnd(let offset) = event.kind { offset } else { nil }
        }
        #expect(rests == [Point(x: 0, y: 0), Point(x: 0, y: -60), Point(x: 0, y: 0)])
    }

    @Test("The zoom example: the first pinch rests at 2×, the tap on the enlarged button presses it, the second springs back to 3×; pictures draw the button scaled")
    func zoomEvents() throws {
        let replay = try replay("zoom.gesture")
        let ends = replay.events.compactMap { event -> Double? in
            if case .zoomEnd(let scale) = event.kind { scale } else { nil }
        }
        #expect(ends == [2, 3])
        let zooms = replay.events.compactMap { event -> Double? in
            if case .zoom(let scale) = event.kind { scale } else { nil }
        }
        // Past 3× while the fingers are down, then back; each frame's scale is the one both fingers give
        // (200 points apart, twice their first distance: 2× at 0.15 s).
        #expect(zooms.contains { $0 > 3.2 })
        #expect(Array(zooms.prefix(3)).map { ($0 * 10).rounded() / 10 } == [1.4, 1.8, 2])
        #expect(replay.events.contains { $0.kind == .control(title: "Photo", event: .primaryActionTriggered) })
        // At most one zoom event a frame.
        let times = replay.events.compactMap { event -> Double? in
            if case .zoom = event.kind { event.time } else { nil }
        }
        for (earlier, later) in zip(times, times.dropFirst()) { #expect(later - earlier >= 1.0 / 60 - 1e-9) }
        // The last picture: the 100-point button at 3×.
        let last = try #require(replay.frames.last?.snapshot)
        let button = try #require(last.buttons.first)
        #expect(abs(button.frame.width - 300) < 1e-9 && abs(button.frame.height - 300) < 1e-9)
        #expect(SVGPicture.render(last).contains("width=\"300\" height=\"300\""))
    }

    @Test("The reorder example with pictures matches its golden file: a row picked up, dragged, scrolled with and dropped")
    func reorderPictures() throws {
        let replay = try replay("reorder.gesture")
        let options = TranscriptFormatter.TextOptions(
            picture: { TerminalPicture.render($0, columns: 60) }, legend: TerminalPicture.legend(list: true))
        try expectGolden(TranscriptFormatter.text(replay, options: options), "reorder-pictures.txt")
        let moves = replay.events.compactMap { event -> String? in
            guard case .move(let from, let to) = event.kind else { return nil }
            return "\(from) to \(to)"
        }
        #expect(moves.first == "3 to 6", "Row 3 dragged three rows down")
        #expect(moves.count == 2 && moves.last?.hasPrefix("1 to ") == true)
        #expect(replay.frames.contains { $0.snapshot.list?.rows.contains(where: \.isDragged) == true })
    }

    @Test("The list example with pictures matches its golden file: rows, the selection, the focus, revealed actions")
    func listPictures() throws {
        let replay = try replay("list.gesture")
        let options = TranscriptFormatter.TextOptions(
            picture: { TerminalPicture.render($0, columns: 60) }, legend: TerminalPicture.legend(list: true))
        try expectGolden(TranscriptFormatter.text(replay, options: options), "list-pictures.txt")
        #expect(replay.frames.contains { $0.snapshot.list?.rows.contains { $0.revealedActions == ["Delete", "Archive"] } == true })
        #expect(replay.frames.last?.snapshot.list?.rowCount == 29, "Delete deleted a row")
        #expect(replay.frames.last?.snapshot.list?.rows.contains { $0.title == "Row 4" } == false)
    }

    @Test("The keyboard example walks buttons and tabs by keys alone: Tab between groups, arrows along the bar")
    func keyboardWalk() throws {
        let replay = try replay("keyboard.gesture")
        #expect(replay.script.steps.allSatisfy { step in
            switch step.action {
            case .key, .wait: true
            default: false
            }
        }, "no touch at all")
        let story = replay.events.compactMap { event -> String? in
            switch event.kind {
            case .key(let name): "key \(name)"
            case .focus(let title, _): "→ \(title ?? "-")"
            case .select(let title): "select \(title ?? "-")"
            case .control(let title, .primaryActionTriggered): "press \(title)"
            default: nil
            }
        }
        #expect(story == [
            "→ Save", "key return", "press Save", "key tab", "→ Share", "key tab", "→ Home",
            "key right", "→ Now Playing", "key right", "→ Profile", "key end", "→ Settings", "key left", "→ Profile",
            "key space", "select Profile", "key home", "→ Home", "key right", "→ Now Playing",
            "key tab", "→ Save", "key shift+tab", "→ Now Playing", "key shift+tab", "→ Share",
            "key return", "press Share",
        ])
        #expect(TranscriptFormatter.text(replay).contains(
            "Summary: selected Profile; pressed Save ×1, Share ×1; the focus ends on Share (button)."))
        #expect(replay.frames.last?.snapshot.focus?.title == "Share")
    }

    @Test("The built-in script is Examples/seed.gesture")
    func builtInMatchesExample() throws {
        let file = try String(contentsOf: Repository.examples.appendingPathComponent("seed.gesture"), encoding: .utf8)
        #expect(BuiltInScript.text == file)
    }

    @Test("What the examples show: seed selects Settings; cancelled, disabled and standard-size behave")
    func behaviour() throws {
        func selections(_ name: String) throws -> [String?] {
            try replay(name).events.compactMap { if case .select(let title) = $0.kind { title } else { nil } }
        }
        func huds(_ name: String) throws -> [String?] {
            try replay(name).events.compactMap { event -> String?? in
                switch event.kind {
                case .hudShow(let title, _): .some(title)
                case .hudHide: .some("-")
                default: nil
                }
            }
        }
        #expect(try selections("seed.gesture") == ["Settings"])
        #expect(try huds("seed.gesture") == ["Home", "Search", "Now Playing", "Profile", "Settings", "-"])
        #expect(try selections("right-to-left.gesture") == ["Profile"])
        #expect(try selections("cancelled.gesture").isEmpty)
        #expect(try huds("cancelled.gesture").last == "-")
        #expect(try selections("disabled-item.gesture") == ["Now Playing"])
        #expect(try selections("standard-size-tap.gesture") == ["Profile", "Settings"])
        #expect(try huds("standard-size-tap.gesture").isEmpty)
    }

    @Test("The button example drags out beyond the tracking margin and back: one touch up inside, one action")
    func buttonDragOutAndBack() throws {
        let controls = try replay("button-drag-out-and-back.gesture").events.compactMap { event -> String? in
            guard case .control(let title, let control) = event.kind else { return nil }
            return "\(title) \(control.names.joined())"
        }
        #expect(controls == [
            "Save touchDown", "Save touchDragInside", "Save touchDragExit", "Save touchDragOutside",
            "Save touchDragEnter", "Save touchDragInside", "Save touchUpInside", "Save primaryActionTriggered",
        ])
        let lines = TranscriptFormatter.jsonLines(try replay("button-drag-out-and-back.gesture")).split(separator: "\n")
        #expect(lines.contains("{\"t\":0.6,\"event\":\"control\",\"title\":\"Save\",\"control\":\"touchUpInside\"}"))
        #expect(lines.contains("{\"t\":0.2,\"event\":\"highlight\",\"title\":\"Save\",\"highlighted\":false}"))
    }

    @Test("After the meta header every JSON line has t and event, and the contract's events look as specified")
    func jsonShape() throws {
        let lines = TranscriptFormatter.jsonLines(try replay("seed.gesture")).split(separator: "\n")
        var kinds: Set<String> = []
        #expect(lines.first == "{\"event\":\"meta\",\"schema\":1,\"script\":\"Examples/seed.gesture\"}")
        for line in lines.dropFirst() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["t"] is NSNumber)
            let event = try #require(object["event"] as? String)
            kinds.insert(event)
        }
        #expect(kinds.isSuperset(of: ["touch", "gesture", "hud.show", "hud.hide", "select"]))
        #expect(lines.contains("{\"t\":0.15,\"event\":\"hud.show\",\"title\":\"Home\",\"image\":\"home\"}"))
        #expect(lines.contains("{\"t\":1,\"event\":\"hud.hide\"}"))
        #expect(lines.contains("{\"t\":1,\"event\":\"select\",\"title\":\"Settings\"}"))
        #expect(lines.contains("{\"t\":0.15,\"event\":\"gesture\",\"name\":\"large-content-viewer\",\"state\":\"began\"}"))
    }
}
