import Foundation
import Testing
@testable import DemoCLI
@testable import InteractionKitReplay
import InteractionKitEvemu
import InteractionKitLinux
import InteractionKitTestSupport

/// The JSON-lines schema as the Transcripts article's table writes it
/// (`Sources/InteractionKitReplay/InteractionKitReplay.docc/Transcripts.md`): event kind →
/// its fields in order, each with the JSON types it may take.
struct DocumentedSchema {
    /// A JSON type a field may have.
    enum FieldType: String, CaseIterable {
        case string, number, integer, boolean, null
        /// A JSON array (of two integers: a text's selection and marked range).
        case array
        /// The field may be left out (the article says when it is there).
        case absent
    }

    /// One field of an event kind.
    struct Field {
        var name: String
        var types: Set<FieldType>
    }

    /// The fields of each event kind, in their documented order.
    var events: [String: [Field]] = [:]

    /// The article that documents the schema, from the repository's root.
    static let article = "Sources/InteractionKitReplay/InteractionKitReplay.docc/Transcripts.md"

    /// Reads the table under the article's "JSON lines" heading.
    static func fromArticle() throws -> DocumentedSchema {
        let text = try String(contentsOf: Repository.file(article), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("## JSON lines") }, "\(article) has no 'JSON lines' heading")
        let header = try #require(
            lines[heading...].firstIndex { $0.hasPrefix("| event | field | type |") },
            "the JSON lines section has no '| event | field | type |' table")
        var schema = DocumentedSchema()
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let event = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            var fields = schema.events[event, default: []]
            if !name.isEmpty {
                var types: Set<FieldType> = []
                for word in cells[2].components(separatedBy: " or ") {
                    types.insert(try #require(FieldType(rawValue: word), "unknown type '\(word)' in the article's table"))
                }
                fields.append(Field(name: name, types: types))
            }
            schema.events[event] = fields
        }
        return schema
    }

    /// The type of a value JSONSerialization produced.
    static func types(of value: Any) -> Set<FieldType> {
        if value is NSNull { return [.null] }
        if value is String { return [.string] }
        if let array = value as? [Any] {
            // The schema's arrays are ranges: two whole numbers, the first not past the second.
            let bounds = array.compactMap { ($0 as? NSNumber)?.intValue }
            return bounds.count == 2 && array.count == 2 && bounds[0] <= bounds[1] && bounds[0] >= 0 ? [.array] : []
        }
        if let number = value as? NSNumber {
            let double = number.doubleValue
            return double == double.rounded() ? [.number, .integer] : [.number]
        }
        return []
    }

    /// What is wrong with one line of output, if anything.
    func problems(_ line: Substring, first: Bool) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return ["not a JSON object: \(line)"]
        }
        guard let kind = object["event"] as? String else { return ["no \"event\" string: \(line)"] }
        guard let fields = events[kind] else { return ["event '\(kind)' is not in the article's table: \(line)"] }
        var problems: [String] = []
        var expected = fields
        if kind == "meta" {
            if !first { problems.append("a meta line that is not the first: \(line)") }
        } else {
            if first { problems.append("the first line is not the meta header: \(line)") }
            expected.insert(Field(name: "t", types: [.number]), at: 0)
        }
        expected.insert(Field(name: "event", types: [.string]), at: kind == "meta" ? 0 : 1)
        let expectedNames = expected.map(\.name)
        for key in object.keys where !expectedNames.contains(key) {
            problems.append("'\(kind)' has a field '\(key)' the article does not list: \(line)")
        }
        var position = line.startIndex
        for field in expected {
            guard let value = object[field.name] else {
                if field.types.contains(.absent) { continue }
                problems.append("'\(kind)' lacks its field '\(field.name)': \(line)")
                continue
            }
            // JSONSerialization reads true and false as numbers: the text tells them apart.
            let isBoolean = line.contains("\"\(field.name)\":true") || line.contains("\"\(field.name)\":false")
            let types: Set<FieldType> = isBoolean ? [.boolean] : Self.types(of: value)
            if types.isDisjoint(with: field.types) {
                problems.append("'\(kind)'.\(field.name) is not \(field.types.map(\.rawValue).sorted()): \(line)")
            }
            if let range = line.range(of: "\"\(field.name)\":", range: position..<line.endIndex) {
                position = range.upperBound
            } else {
                problems.append("'\(kind)'.\(field.name) is out of the documented order: \(line)")
            }
        }
        return problems
    }
}

@Suite("JSON lines follow the schema the Transcripts article documents")
@MainActor
struct JSONSchemaTests {
    @Test("The article's table describes every event kind with typed fields")
    func table() throws {
        let schema = try DocumentedSchema.fromArticle()
        #expect(Set(schema.events.keys) == [
            "meta", "touch", "gesture", "hud.show", "hud.hide", "select", "control", "highlight", "content-size",
            "recording", "rejected", "scroll", "scroll.end", "key", "focus", "editing", "text", "row", "swipe-action",
            "move", "refresh", "refresh.end", "zoom", "zoom.end",
        ])
        #expect(schema.events["row"]?.map(\.name) == ["row", "phase"])
        #expect(schema.events["swipe-action"]?.map(\.name) == ["row", "title"])
        #expect(schema.events["move"]?.map(\.name) == ["from", "to"])
        #expect(schema.events["editing"]?.map(\.name) == ["title", "phase"])
        #expect(schema.events["text"]?.map(\.name) == ["title", "text", "selection", "marked"])
        #expect(schema.events["text"]?.last?.types == [.array, .absent])
        #expect(schema.events["key"]?.map(\.name) == ["key"])
        #expect(schema.events["focus"]?.map(\.name) == ["title", "kind"])
        #expect(schema.events["focus"]?.map(\.types) == [[.string, .null], [.string, .null]])
        #expect(schema.events["scroll"]?.map(\.name) == ["x", "y"])
        #expect(schema.events["scroll.end"]?.map(\.name) == ["x", "y"])
        #expect(schema.events["hud.show"]?.map(\.name) == ["title", "image"])
        #expect(schema.events["control"]?.map(\.name) == ["title", "control"])
        #expect(schema.events["highlight"]?.map(\.name) == ["title", "highlighted"])
        #expect(schema.events["highlight"]?.last?.types == [.boolean])
        #expect(schema.events["meta"]?.first?.name == "schema")
    }

    @Test("Every line of every example's --format jsonl output matches the table",
          arguments: try Repository.exampleNames())
    func examples(name: String) throws {
        let schema = try DocumentedSchema.fromArticle()
        let path = Repository.examples.appendingPathComponent(name).path
        let result = runDemo([path, "--format", "jsonl"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"event\":\"meta\",\"schema\":1,") == true)
        for (index, line) in lines.enumerated() {
            for problem in schema.problems(line, first: index == 0) { Issue.record("\(name): \(problem)") }
        }
    }

    @Test("One event of each kind the player can record matches the table")
    func everyKind() throws {
        let schema = try DocumentedSchema.fromArticle()
        let script = GestureScript(file: "every-kind", scene: .init(), steps: [])
        let events: [ReplayEvent.Kind] = [
            .touch(id: 3, phase: .began, location: Point(x: 1.5, y: 2), item: nil),
            .touch(id: 10_002, phase: .moved, location: Point(x: 1, y: 2), item: "Home"),
            .gesture(name: "pan", state: .changed),
            .hudShow(title: nil, image: nil),
            .hudShow(title: "Home", image: "home"),
            .hudHide,
            .select(title: nil),
            .control(title: "Save", event: .touchUpInside),
            .highlight(title: "Save", isHighlighted: true),
            .highlight(title: "Save", isHighlighted: false),
            .contentSize(.accessibilityLarge),
            .recording(file: "x.events", device: "pad", contacts: 2, duration: 0.5),
            .rejected(.touchNotDown(id: 1)),
            .scroll(offset: Point(x: 0, y: 130.25)),
            .scrollEnd(offset: Point(x: -1.5, y: 707.4)),
            .key(name: "shift+tab"),
            .focus(title: "Search", kind: .tab),
            .focus(title: nil, kind: .view),
            .focus(title: nil, kind: nil),
            .editing(title: "Search", began: true),
            .editing(title: "Search", began: false),
            .text(title: "Search", text: "ca\"t", selection: 2..<2, marked: nil),
            .text(title: "PIN", text: "•••", selection: 0..<3, marked: 1..<2),
            .row(row: 3, selected: true),
            .row(row: 3, selected: false),
            .swipeAction(row: 3, title: "Delete"),
            .move(from: 3, to: 5),
            .refresh,
            .refreshEnd,
            .zoom(scale: 1.482),
            .zoomEnd(scale: 3),
        ]
        let replay = Replay(script: script, events: events.map { ReplayEvent(time: 0.25, kind: $0) }, frames: [])
        let lines = TranscriptFormatter.jsonLines(replay).split(separator: "\n")
        #expect(lines.count == events.count + 1)
        for (index, line) in lines.enumerated() {
            for problem in schema.problems(line, first: index == 0) { Issue.record("\(problem)") }
        }
        var kinds = Set(lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
        })
        kinds.insert("meta")
        #expect(kinds == Set(schema.events.keys))
    }

    @Test("Key and focus lines read as the contract spells them; a focus that leaves has a null title and kind")
    func keyAndFocus() throws {
        let schema = try DocumentedSchema.fromArticle()
        let kinds: [ReplayEvent.Kind] = [
            .key(name: "shift+tab"), .focus(title: "Search", kind: .tab), .focus(title: "Save", kind: .button),
            .focus(title: nil, kind: .view), .focus(title: nil, kind: nil),
            // A title without a kind cannot be told apart from a focus that left: written as one.
            .focus(title: "Ghost", kind: nil),
        ]
        let lines = kinds.map { TranscriptFormatter.jsonLine(ReplayEvent(time: 0.5, kind: $0)) }
        #expect(lines == [
            "{\"t\":0.5,\"event\":\"key\",\"key\":\"shift+tab\"}",
            "{\"t\":0.5,\"event\":\"focus\",\"title\":\"Search\",\"kind\":\"tab\"}",
            "{\"t\":0.5,\"event\":\"focus\",\"title\":\"Save\",\"kind\":\"button\"}",
            "{\"t\":0.5,\"event\":\"focus\",\"title\":null,\"kind\":\"view\"}",
            "{\"t\":0.5,\"event\":\"focus\",\"title\":null,\"kind\":null}",
            "{\"t\":0.5,\"event\":\"focus\",\"title\":null,\"kind\":null}",
        ])
        for line in lines {
            for problem in schema.problems(Substring(line), first: false) { Issue.record("\(problem)") }
        }
        let text = kinds.compactMap { TranscriptFormatter.textLine(ReplayEvent(time: 0.5, kind: $0)) }
        #expect(text == [
            "    0.500  key shift+tab", "    0.500  focus moves to Search (tab)", "    0.500  focus moves to Save (button)",
            "    0.500  focus moves to a view without a title", "    0.500  focus leaves the window",
            "    0.500  focus leaves the window",
        ])
    }

    @Test("Numbers that are not finite never become null: a required number is clamped, a measure is left out")
    func nonFiniteNumbers() throws {
        let schema = try DocumentedSchema.fromArticle()
        let script = GestureScript(file: "odd-numbers", scene: .init(), steps: [])
        let events = [
            ReplayEvent(time: .infinity, kind: .touch(id: 1, phase: .began, location: Point(x: .nan, y: -.infinity), item: "Home")),
            ReplayEvent(time: 1, kind: .gesture(name: "pinch", state: .changed), measure: .scale(.infinity)),
            ReplayEvent(time: 1, kind: .gesture(name: "pinch", state: .changed), measure: .scale(2.5)),
            ReplayEvent(time: 1, kind: .gesture(name: "rotation", state: .ended), measure: .rotation(.nan)),
            ReplayEvent(time: .nan, kind: .recording(file: "x.events", device: "pad", contacts: 1, duration: .infinity)),
        ]
        let text = TranscriptFormatter.jsonLines(Replay(script: script, events: events, frames: []))
        #expect(!text.contains("null"))
        let lines = text.split(separator: "\n")
        for (index, line) in lines.enumerated() {
            for problem in schema.problems(line, first: index == 0) { Issue.record("\(problem)") }
        }
        #expect(lines[1] == "{\"t\":1.7976931348623157e+308,\"event\":\"touch\",\"finger\":\"1\",\"phase\":\"began\","
            + "\"x\":0,\"y\":-1.7976931348623157e+308,\"item\":\"Home\"}")
        #expect(lines[2] == "{\"t\":1,\"event\":\"gesture\",\"name\":\"pinch\",\"state\":\"changed\"}")
        #expect(lines[3] == "{\"t\":1,\"event\":\"gesture\",\"name\":\"pinch\",\"state\":\"changed\",\"scale\":2.5}")
        #expect(lines[4] == "{\"t\":1,\"event\":\"gesture\",\"name\":\"rotation\",\"state\":\"ended\"}")
    }

    @Test("A finger has the same name in the text transcript and in the JSON lines")
    func fingerNames() {
        #expect(TranscriptFormatter.fingerName(7) == "7")
        #expect(TranscriptFormatter.fingerName(GestureScriptParser.recordingTouchIDBase + 1) == "r1")
        let event = ReplayEvent(time: 0, kind: .touch(
            id: GestureScriptParser.recordingTouchIDBase, phase: .began, location: Point(x: 1, y: 2), item: nil))
        #expect(TranscriptFormatter.jsonLine(event).contains("\"finger\":\"r0\""))
        let replay = Replay(script: GestureScript(file: "f", scene: .init(), steps: []), events: [event], frames: [])
        #expect(TranscriptFormatter.text(replay).contains("finger r0 down"))
    }
}
