import Testing
@testable import InteractionKitReplay
import InteractionKitLinux

/// `field`, `type` and `pasteboard` lines (contract §16): parsed with their
/// errors, replayed into real text fields, and written as `editing` and `text` events.
@Suite("Text fields in scripts")
@MainActor
struct TextScriptTests {
    private static func replay(_ text: String) throws -> Replay {
        ScriptPlayer(script: try parseScript(text)).run()
    }

    private static func textLines(_ replay: Replay) -> [String] {
        replay.events.compactMap { TranscriptFormatter.textLine($0) }.map { String($0.dropFirst(11)) }
    }

    @Test("A field line names the field, places it and may give a placeholder and secure entry; type and pasteboard are steps")
    func parses() throws {
        let script = try parseScript("""
            field Search at 20 100 350 44 placeholder "Find \\"it\\""
            field "Pass word" at 20 200 350 44 secure
            type "ca\\\\t"
            pasteboard "dog"
            type "x" at 3
            """)
        #expect(script.scene.fields == [
            .init(name: "Search", frame: Rect(x: 20, y: 100, width: 350, height: 44), placeholder: "Find \"it\""),
            .init(name: "Pass word", frame: Rect(x: 20, y: 200, width: 350, height: 44), isSecure: true),
        ])
        #expect(script.steps.map(\.action) == [.type("ca\\t", at: nil), .pasteboard("dog"), .type("x", at: 3)])
    }

    @Test("Bad field, type and pasteboard lines are errors at their column")
    func errors() {
        #expect(firstScriptError("field at 1 2 3 4") == "1:7: expected the field's name, then 'at X Y WIDTH HEIGHT', "
            + "as in: field Search at 20 735 350 44 placeholder \"Search\"")
        #expect(firstScriptError("field A at 1 2 0 4").hasPrefix("1:16: a field's width must be positive"))
        #expect(firstScriptError("field A at 1 2 3 4 placeholder P").hasPrefix("1:20: expected the placeholder in quotes"))
        #expect(firstScriptError("field A at 1 2 3 4 secure secure").hasPrefix("1:27: unexpected 'secure'"))
        #expect(firstScriptError("button A at 1 2 3 4\nfield A at 1 50 3 4").hasPrefix("2:7: the button on line 1 is titled 'A'"))
        #expect(firstScriptError("field A at 1 2 3 4\nbutton A at 1 50 3 4").hasPrefix("2:8: the field on line 1 is named 'A'"))
        #expect(firstScriptError("field A at 1 2 3 4\nfield A at 1 50 3 4").hasPrefix("2:7: a field named 'A' is already on line 1"))
        #expect(firstScriptError("field A at 300 2 300 4").hasPrefix("1:12: the field 'A' does not fit in the 390 × 844 window"))
        #expect(firstScriptError("tabbar A B\nfield C at 0 800 100 30").hasPrefix("2:12: the field 'C' overlaps the tab bar"))
        #expect(firstScriptError("type cat") == "1:6: the text to type goes in quotes, as in: type \"cat\"")
        #expect(firstScriptError("type \"\"") == "1:6: the text to type is empty; put at least one character in the quotes")
        #expect(firstScriptError("type \"a\u{7}b\"").hasPrefix("1:6: the text holds a control character (U+7)"))
        #expect(firstScriptError("type \"cat") == "1:6: this quote is never closed; add a '\"' at the end of the text")
        #expect(firstScriptError("wait 2\ntype \"a\" at 1").hasPrefix("2:13: the script is already at 2 s here"))
        #expect(firstScriptError("pasteboard") == "1:11: expected the pasteboard's text in quotes, as in: pasteboard \"hello\"")
        #expect(firstScriptError("pasteboard \"a\" b") == "1:16: unexpected 'b' at the end of the line")
    }

    @Test("A field that shares a tab's name is fine, but @NAME then names neither; @NAME of a field is its centre")
    func names() throws {
        #expect(firstScriptError("tabbar Search Home\nfield Search at 0 0 100 40\ndown @Search")
            == "3:6: 'Search' names both a tab and a field; use a point (X Y) instead")
        let replay = try Self.replay("field Query at 20 100 200 40\ndown @Query\nup")
        #expect(replay.events.contains { $0.kind == .touch(id: 0, phase: .began, location: Point(x: 120, y: 120), item: "Query") })
        #expect(firstScriptError("field Query at 20 100 200 40\ndown @Nope")
            == "2:6: unknown tab or field 'Nope'; the fields are: Query")
    }

    @Test("Typing: each grapheme a key 50 ms apart into the focused field, then the editing keys; text events as the contract spells them")
    func typing() throws {
        let replay = try Self.replay("""
            button Go at 20 20 100 44
            field Search at 20 100 350 44
            key tab
            type "cat"
            key left
            key shift+left
            pasteboard "o"
            key ctrl+v
            """)
        #expect(Self.textLines(replay) == [
            "focus moves to Go (button)", "key tab", "editing begins in Search", "focus moves to Search (view)",
            "key c", "Search reads \"c|\"", "key a", "Search reads \"ca|\"", "key t", "Search reads \"cat|\"",
            "key left", "Search reads \"ca|t\"", "key shift+left", "Search reads \"c[a]t\"",
            "key ctrl+v", "Search reads \"co|t\"",
        ])
        let times = replay.events.compactMap { event -> Double? in
            if case .key(let name) = event.kind, name.count == 1 { return event.time }
            return nil
        }
        #expect(times == [0, 0.05, 0.1])
        let json = replay.events.compactMap { event -> String? in
            switch event.kind {
            case .editing, .text: TranscriptFormatter.jsonLine(event)
            default: nil
            }
        }
        #expect(json.first == "{\"t\":0,\"event\":\"editing\",\"title\":\"Search\",\"phase\":\"began\"}")
        #expect(json.contains("{\"t\":0.1,\"event\":\"text\",\"title\":\"Search\",\"text\":\"cat\",\"selection\":[3,3]}"))
        #expect(json.contains("{\"t\":0.15,\"event\":\"text\",\"title\":\"Search\",\"text\":\"cat\",\"selection\":[1,2]}"))
        #expect(TranscriptFormatter.text(replay).contains("Summary: no button pressed; Search reads \"cot\"; the focus ends on Search (view)."))
    }

    @Test("A secure field's events, pictures and summary hold bullets and never one of its characters")
    func secureNeverShows() throws {
        let replay = try Self.replay("""
            field PIN at 20 100 350 44 secure
            key tab
            type "s3cr"
            key ctrl+a
            key ctrl+c
            key ctrl+v
            """)
        let everything = TranscriptFormatter.text(replay) + TranscriptFormatter.jsonLines(replay)
            + replay.frames.flatMap(\.snapshot.fields).map(\.text).joined()
        let written = everything.replacingOccurrences(of: "key s", with: "").replacingOccurrences(of: "key 3", with: "")
            .replacingOccurrences(of: "key c", with: "").replacingOccurrences(of: "key r", with: "")
            .replacingOccurrences(of: "\"key\":\"s\"", with: "").replacingOccurrences(of: "\"key\":\"3\"", with: "")
            .replacingOccurrences(of: "\"key\":\"c\"", with: "").replacingOccurrences(of: "\"key\":\"r\"", with: "")
        #expect(!written.contains("s3cr"))
        #expect(Self.textLines(replay).contains("PIN reads \"••••|\""))
        #expect(Self.textLines(replay).contains("PIN reads \"[••••]\""))
        #expect(!Self.textLines(replay).contains { $0.contains("PIN reads \"••••••••") }, "Ctrl+C copied nothing to paste")
    }

    @Test("Editing begins and ends with the focus: a field the window starts on is recorded as editing at the start")
    func editingFollowsFocus() throws {
        let replay = try Self.replay("""
            field Search at 20 100 350 44 placeholder "Search"
            button Go at 20 200 100 44
            key tab
            down @Search
            up
            """)
        #expect(Self.textLines(replay).prefix(6) == [
            "focus moves to Search (view)", "editing begins in Search", "key tab", "editing ends in Search",
            "focus moves to Go (button)", "finger 0 down at (195, 122) over Search",
        ])
        #expect(Self.textLines(replay).suffix(2) == ["editing begins in Search", "focus moves to Search (view)"])
        let start = try #require(replay.frames.first?.snapshot.fields.first)
        #expect(start.isEditing && start.placeholder == "Search" && start.text.isEmpty)
    }

    @Test("A type line makes one picture when it has typed, not one a key")
    func onePicturePerTypeLine() throws {
        let replay = try Self.replay("field Search at 20 100 350 44\nkey tab\ntype \"hello\"")
        let captions = replay.frames.map(\.snapshot.caption)
        #expect(captions.filter { $0.hasPrefix("typed") } == ["typed \"hello\""])
        #expect(replay.frames.last?.snapshot.fields.first?.text == "hello")
    }

    @Test("A text past the line's limit is shown around its caret in the human transcript, whole in JSON lines")
    func longTextShortened() throws {
        let long = String(repeating: "ab", count: 200)
        let event = ReplayEvent(time: 1, kind: .text(title: "F", text: long, selection: 400..<400, marked: nil))
        let line = try #require(TranscriptFormatter.textLine(event))
        #expect(line.contains("F reads \"…"))
        #expect(line.hasSuffix("ab|\""))
        #expect(line.count < TranscriptFormatter.maximumTextShown + 40)
        #expect(TranscriptFormatter.jsonLine(event).contains(long))
    }

    @Test("Marked text shows in braces; a selection in brackets; a caret as a bar")
    func markup() {
        #expect(TranscriptFormatter.markedUp("cat", selection: 1..<1, marked: nil) == "c|at")
        #expect(TranscriptFormatter.markedUp("cat", selection: 0..<3, marked: nil) == "[cat]")
        #expect(TranscriptFormatter.markedUp("caka", selection: 4..<4, marked: 2..<4) == "ca{ka}|")
        #expect(TranscriptFormatter.markedUp("", selection: 0..<0, marked: nil) == "|")
        #expect(TranscriptFormatter.markedUp("e\u{301}x", selection: 2..<2, marked: nil) == "e\u{301}|x")
    }
}
