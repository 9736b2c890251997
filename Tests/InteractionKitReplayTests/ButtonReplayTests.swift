import Testing
@testable import InteractionKitReplay
import InteractionKitLinux

@Suite("Buttons in replays: control events, highlights and pictures")
@MainActor
struct ButtonReplayTests {
    /// A 120 × 44 button whose bounds run from y 400 to 444 (so inside means y 330…514).
    static let scene = "button Save at 135 400 120 44\n"

    private func replay(_ text: String) throws -> Replay {
        ScriptPlayer(script: try GestureScriptParser(file: "test.gesture").parse(Self.scene + text)).run()
    }

    /// The control and highlight events of a replay, as `"t what"` lines.
    private func controls(_ text: String) throws -> [String] {
        try replay(text).events.compactMap { event in
            switch event.kind {
            case .control(let title, let control): "\(format(event.time)) \(title) \(control.names.joined())"
            case .highlight(let title, let on): "\(format(event.time)) \(title) \(on ? "highlighted" : "unhighlighted")"
            default: nil
            }
        }
    }

    private func format(_ time: Double) -> String { NumberFormatting.json(time) }

    @Test("Dragged out beyond the margin and back, a lift inside is a touch up inside and the primary action")
    func dragOutAndBack() throws {
        #expect(try controls("""
            down @Save
            wait 0.1
            move 195 500
            wait 0.1
            move 195 560
            wait 0.1
            move 195 490
            wait 0.1
            up
            """) == [
            "0 Save highlighted", "0 Save touchDown",
            "0.1 Save touchDragInside",
            "0.2 Save unhighlighted", "0.2 Save touchDragExit", "0.2 Save touchDragOutside",
            "0.3 Save highlighted", "0.3 Save touchDragEnter", "0.3 Save touchDragInside",
            "0.4 Save unhighlighted", "0.4 Save touchUpInside", "0.4 Save primaryActionTriggered",
        ])
    }

    @Test("A lift outside is a touch up outside, with no primary action")
    func upOutside() throws {
        #expect(try controls("down @Save\nmove 195 600\nup\n") == [
            "0 Save highlighted", "0 Save touchDown",
            "0 Save unhighlighted", "0 Save touchDragExit", "0 Save touchDragOutside",
            "0 Save touchUpOutside",
        ])
    }

    @Test("A cancelled touch sends touch cancel and nothing else")
    func cancelled() throws {
        #expect(try controls("down @Save\ncancel\n") == [
            "0 Save highlighted", "0 Save touchDown", "0 Save unhighlighted", "0 Save touchCancel",
        ])
    }

    @Test("Drags inside are recorded once per run: after the touch down, and again only after an exit or enter")
    func dragsOnce() throws {
        let events = try controls(
            "down @Save\nmove 196 422\nmove 197 422\nmove 198 422\nmove 195 600\nmove 195 610\nmove 195 430\nmove 196 430\nup\n")
        #expect(events == [
            "0 Save highlighted", "0 Save touchDown", "0 Save touchDragInside",
            "0 Save unhighlighted", "0 Save touchDragExit", "0 Save touchDragOutside",
            "0 Save highlighted", "0 Save touchDragEnter", "0 Save touchDragInside",
            "0 Save unhighlighted", "0 Save touchUpInside", "0 Save primaryActionTriggered",
        ])
    }

    @Test("A lift is inside or outside where the finger lifts, even with no move back first")
    func liftWhereItLifts() throws {
        #expect(try controls("down @Save\nmove 195 600\nup @Save\n").suffix(2) == [
            "0 Save touchUpInside", "0 Save primaryActionTriggered",
        ])
    }

    @Test("A quick second tap sends touch down and touch down repeat")
    func secondTap() throws {
        let events = try controls("down @Save\nwait 0.05\nup\nwait 0.1\ndown @Save\nwait 0.05\nup\n")
        #expect(events.contains("0.15 Save touchDownRepeat"))
        #expect(events.filter { $0.hasSuffix("primaryActionTriggered") }.count == 2)
    }

    @Test("A disabled button sends nothing; the touch line still names what is under the finger")
    func disabled() throws {
        let replay = try replay("disable Save\ndown @Save\nup\n")
        #expect(!replay.events.contains { if case .control = $0.kind { true } else { false } })
        #expect(replay.events.first?.kind == .touch(id: 0, phase: .began, location: Point(x: 195, y: 422), item: "Save"))
        #expect(replay.frames.last?.snapshot.buttons.first?.isEnabled == false)
    }

    @Test("Each highlight change takes a picture that shows the button pressed or not")
    func pictures() throws {
        let frames = try replay("down @Save\nmove 195 600\nup\n").frames
        #expect(frames.map(\.snapshot.caption) == ["start", "Save highlighted", "Save no longer highlighted"])
        #expect(frames.map { $0.snapshot.buttons.first?.isHighlighted } == [false, true, false])
        #expect(frames[1].snapshot.buttons.first?.frame == Rect(x: 135, y: 400, width: 120, height: 44))
    }

    @Test("The text transcript says what each event means; JSON lines name the ControlEvents member")
    func wording() throws {
        let replay = try replay("down @Save\nmove 195 600\nmove 195 430\nup\n")
        let text = TranscriptFormatter.text(replay)
        #expect(text.contains("Button: Save at (135, 400), 120 × 44\n"))
        #expect(text.contains("    0.000  Save highlighted\n    0.000  Save: touch down\n"))
        #expect(text.contains("Save: drag exit — more than 70 points away: lifting here would not press it\n"))
        #expect(text.contains("Save: drag enter — back within 70 points of it: lifting here presses it\n"))
        #expect(text.contains("Save: touch up inside\n    0.000  Save: primary action triggered — the button's action runs\n"))
        #expect(text.hasSuffix("Summary: pressed Save ×1.\n"))
        let json = TranscriptFormatter.jsonLines(replay)
        #expect(json.contains("{\"t\":0,\"event\":\"highlight\",\"title\":\"Save\",\"highlighted\":true}\n"
            + "{\"t\":0,\"event\":\"control\",\"title\":\"Save\",\"control\":\"touchDown\"}\n"))
        #expect(json.contains("{\"t\":0,\"event\":\"control\",\"title\":\"Save\",\"control\":\"primaryActionTriggered\"}\n"))
        let untouched = TranscriptFormatter.text(try self.replay("wait 1\n"))
        #expect(untouched.hasSuffix("Summary: no button pressed.\n"))
    }

    @Test("Pictures show the tab a finger presses: the tab bar's highlightedItem, until it slips out of the grown slot")
    func tabHighlight() throws {
        let player = ScriptPlayer(script: try GestureScriptParser(file: "test.gesture").parse(
            "tabbar Home Search\ndown @Home\nmove 300 820\n"))
        player.begin()
        #expect(player.snapshot(caption: "before").tabs.map(\.isHighlighted) == [false, false])
        player.play(TouchInput(id: 0, phase: .began, location: Point(x: 97.5, y: 819.5), timestamp: 0))
        #expect(player.snapshot(caption: "pressed").tabs.map(\.isHighlighted) == [true, false])
        // Home's slot is 0…195, grown by the 70-point margin to 265: 250 is inside it, 290 is not.
        player.play(TouchInput(id: 0, phase: .moved, location: Point(x: 250, y: 819.5), timestamp: 0.1))
        #expect(player.snapshot(caption: "in the margin").tabs.map(\.isHighlighted) == [true, false])
        player.play(TouchInput(id: 0, phase: .moved, location: Point(x: 290, y: 819.5), timestamp: 0.2))
        #expect(player.snapshot(caption: "out").tabs.map(\.isHighlighted) == [false, false])
    }

    @Test("The player's closures hold it weakly: it goes away with its last reference")
    func noCycle() throws {
        weak var weakPlayer: ScriptPlayer?
        weak var weakButton: Button?
        do {
            let player = ScriptPlayer(script: try GestureScriptParser(file: "t").parse(Self.scene + "down @Save\nup\n"))
            _ = player.run()
            weakPlayer = player
            weakButton = player.buttons.first
        }
        #expect(weakPlayer == nil)
        #expect(weakButton == nil)
    }
}
