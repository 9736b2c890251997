import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("AT-SPI Text and EditableText: text fields and labels (T7)")
@MainActor
struct AtspiTextTests {
    let window = Window.phone()
    let line = EditableLine("Hello big world", frame: Rect(x: 20, y: 100, width: 300, height: 20))
    let label = Label(text: "Name: Ada", frame: Rect(x: 20, y: 200, width: 300, height: 20))
    let client: ExportClient

    init() {
        window.addSubview(line)
        window.addSubview(label)
        client = ExportClient(window: window)
    }

    var linePath: String { client.path(of: line) }
    var labelPath: String { client.path(of: label) }

    /// `(text, start, end)` of a boundary call.
    func segment(_ member: String, _ offset: Int32, _ type: UInt32, at path: String? = nil) throws -> String {
        let body = try client.values(path ?? linePath, AtspiInterface.text, member, [.int32(offset), .uint32(type)])
        return "\(body[0].string ?? "?")|\(body[1].int32 ?? -9)|\(body[2].int32 ?? -9)"
    }

    @Test("An editable text is an entry with Text and EditableText, editable, single line, selectable text; secure, a password text")
    func rolesAndStates() throws {
        #expect(try client.role(linePath) == "entry")
        let states = try client.states(linePath)
        for state in ["editable", "single-line", "selectable-text"] { #expect(states.contains(state)) }
        let interfaces = try client.values(linePath, AtspiInterface.accessible, "GetInterfaces").first?.elements ?? []
        #expect(interfaces.contains(.string(AtspiInterface.text)))
        #expect(interfaces.contains(.string(AtspiInterface.editableText)))
        line.isSecure = true
        #expect(try client.role(linePath) == "password text")
        line.placeholder = "Search the web"
        let attributes = try client.values(linePath, AtspiInterface.accessible, "GetAttributes").first?.dictionaryEntries
        #expect(attributes?.contains { $0.key == .string("placeholder-text") && $0.value == .string("Search the web") } == true)
    }

    @Test("A label is a label with a read-only Text: no EditableText, no caret to set, no editable state")
    func labels() throws {
        #expect(try client.role(labelPath) == "label")
        let interfaces = try client.values(labelPath, AtspiInterface.accessible, "GetInterfaces").first?.elements ?? []
        #expect(interfaces.contains(.string(AtspiInterface.text)))
        #expect(!interfaces.contains(.string(AtspiInterface.editableText)))
        #expect(!(try client.states(labelPath)).contains("editable"))
        #expect(try client.values(labelPath, AtspiInterface.text, "GetText", [.int32(0), .int32(-1)]) == [.string("Name: Ada")])
        #expect(try segment("GetTextAtOffset", 7, 1, at: labelPath) == "Ada|6|9")
        #expect(try client.values(labelPath, AtspiInterface.text, "SetCaretOffset", [.int32(2)]) == [.boolean(false)])
        #expect(try client.call(labelPath, AtspiInterface.editableText, "DeleteText", [.int32(0), .int32(2)]).kind == .error)
        #expect(try client.property(labelPath, AtspiInterface.text, "CharacterCount") == .int32(9))
    }

    @Test("The old boundary calls, as Orca 43 makes them: characters, word starts and ends, the line")
    func oldBoundaryCalls() throws {
        // "Hello big world": Hello 0..<5, big 6..<9, world 10..<15.
        #expect(try segment("GetTextAtOffset", 7, 0) == "i|7|8")
        #expect(try segment("GetTextBeforeOffset", 7, 0) == "b|6|7")
        #expect(try segment("GetTextAfterOffset", 7, 0) == "g|8|9")
        #expect(try segment("GetTextAtOffset", 7, 1) == "big |6|10")
        #expect(try segment("GetTextBeforeOffset", 7, 1) == "Hello |0|6")
        #expect(try segment("GetTextAfterOffset", 7, 1) == "world|10|15")
        #expect(try segment("GetTextAtOffset", 7, 2) == " big|5|9")
        #expect(try segment("GetTextBeforeOffset", 7, 2) == "Hello|0|5")
        #expect(try segment("GetTextAfterOffset", 7, 2) == " world|9|15")
        #expect(try segment("GetTextAtOffset", 7, 5) == "Hello big world|0|15")
        #expect(try segment("GetTextBeforeOffset", 7, 5) == "|0|0")
        #expect(try segment("GetTextAtOffset", 0, 1) == "Hello |0|6")
        #expect(try segment("GetTextAtOffset", 15, 0) == "|15|15")
    }

    @Test("GetStringAtOffset, as newer Orca reads: the character, the word at or after the offset, the line")
    func newBoundaryCall() throws {
        #expect(try segment("GetStringAtOffset", 7, 0) == "i|7|8")
        #expect(try segment("GetStringAtOffset", 7, 1) == "big|6|9")
        // Right after a word: that word (Orca reads the word the caret just passed).
        #expect(try segment("GetStringAtOffset", 9, 1) == "big|6|9")
        #expect(try segment("GetStringAtOffset", 3, 3) == "Hello big world|0|15")
        #expect(try segment("GetStringAtOffset", 3, 4) == "Hello big world|0|15")
    }

    @Test("Offsets out of range clamp, never fail; unknown boundary types are clear errors")
    func clamping() throws {
        #expect(try segment("GetTextAtOffset", -5, 0) == "H|0|1")
        #expect(try segment("GetTextAtOffset", Int32.max, 0) == "|15|15")
        #expect(try client.values(linePath, AtspiInterface.text, "GetText", [.int32(Int32.max), .int32(Int32.min)])
                == [.string("")])
        #expect(try client.values(linePath, AtspiInterface.text, "GetText", [.int32(6), .int32(-1)]) == [.string("big world")])
        #expect(try client.values(linePath, AtspiInterface.text, "GetText", [.int32(9), .int32(6)]) == [.string("big")])
        let unknown = try client.call(linePath, AtspiInterface.text, "GetTextAtOffset", [.int32(0), .uint32(99)])
        #expect(unknown.errorName == DBusErrorName.invalidArgs)
        let wrong = try client.call(linePath, AtspiInterface.text, "GetTextAtOffset", [.string("0")])
        #expect(wrong.errorName == DBusErrorName.invalidArgs)
        #expect(try client.values(linePath, AtspiInterface.text, "GetCharacterAtOffset", [.int32(1)]) == [.int32(101)])
        #expect(try client.values(linePath, AtspiInterface.text, "GetCharacterAtOffset", [.int32(-1)]) == [.int32(0)])
    }

    @Test("Extents come from the layout, in screen, window and parent coordinates; a point maps back to an offset")
    func extents() throws {
        func box(_ member: String, _ body: [DBusValue]) throws -> [Int32] {
            try client.values(linePath, AtspiInterface.text, member, body).compactMap(\.int32)
        }
        // Ten points a cell: the character at 2 starts 20 points into the line at x 20.
        #expect(try box("GetCharacterExtents", [.int32(2), .uint32(1)]) == [40, 100, 10, 20])
        #expect(try box("GetRangeExtents", [.int32(6), .int32(9), .uint32(1)]) == [80, 100, 30, 20])
        let screen = window.screenOrigin
        #expect(try box("GetCharacterExtents", [.int32(2), .uint32(0)])
                == [40 + Int32(screen.x), 100 + Int32(screen.y), 10, 20])
        #expect(try client.values(linePath, AtspiInterface.text, "GetOffsetAtPoint", [.int32(83), .int32(105), .uint32(1)])
                == [.int32(6)])
        let bad = try client.call(linePath, AtspiInterface.text, "GetCharacterExtents", [.int32(2), .uint32(7)])
        #expect(bad.errorName == DBusErrorName.invalidArgs)
    }

    @Test("The caret and the selection: set by a client, read back, announced as caret-moved and selection-changed")
    func selections() throws {
        client.clearEvents()
        #expect(try client.values(linePath, AtspiInterface.text, "SetCaretOffset", [.int32(3)]) == [.boolean(true)])
        #expect(line.buffer.caretOffset == 3)
        #expect(try client.property(linePath, AtspiInterface.text, "CaretOffset") == .int32(3))
        #expect(client.eventLines == ["TextCaretMoved  3 at \(linePath)"])
        client.clearEvents()
        #expect(try client.values(linePath, AtspiInterface.text, "SetSelection", [.int32(0), .int32(6), .int32(9)])
                == [.boolean(true)])
        #expect(try client.values(linePath, AtspiInterface.text, "GetNSelections") == [.int32(1)])
        #expect(try client.values(linePath, AtspiInterface.text, "GetSelection", [.int32(0)]) == [.int32(6), .int32(9)])
        #expect(client.eventLines == ["TextCaretMoved  9 at \(linePath)", "TextSelectionChanged  0 at \(linePath)"])
        #expect(try client.values(linePath, AtspiInterface.text, "AddSelection", [.int32(0), .int32(2)]) == [.boolean(false)])
        client.clearEvents()
        #expect(try client.values(linePath, AtspiInterface.text, "RemoveSelection", [.int32(0)]) == [.boolean(true)])
        #expect(try client.values(linePath, AtspiInterface.text, "GetNSelections") == [.int32(0)])
        // The caret stays where it was; only the selection went.
        #expect(client.eventLines == ["TextSelectionChanged  0 at \(linePath)"])
    }

    @Test("EditableText edits as a user would: delete then insert events with offsets, lengths and text, then the caret")
    func edits() throws {
        client.clearEvents()
        #expect(try client.values(linePath, AtspiInterface.editableText, "InsertText", [.int32(5), .string(",!"), .int32(1)])
                == [.boolean(true)])
        #expect(line.buffer.text == "Hello, big world")
        let insert = try #require(client.events.first)
        #expect(insert.member == "TextChanged" && insert.body[0] == .string("insert"))
        #expect(insert.body[1] == .int32(5) && insert.body[2] == .int32(1) && insert.body[3].variantContent == .string(","))
        #expect(client.eventLines.last == "TextCaretMoved  6 at \(linePath)")
        client.clearEvents()
        #expect(try client.values(linePath, AtspiInterface.editableText, "DeleteText", [.int32(5), .int32(6)])
                == [.boolean(true)])
        #expect(client.events.first?.body[0] == .string("delete") && client.events.first?.body[3].variantContent == .string(","))
        // A copy and a paste through the window's pasteboard.
        _ = try client.values(linePath, AtspiInterface.editableText, "CopyText", [.int32(0), .int32(5)])
        #expect(window.pasteboard.string == "Hello")
        #expect(try client.values(linePath, AtspiInterface.editableText, "PasteText", [.int32(Int32.max)]) == [.boolean(true)])
        #expect(line.buffer.text == "Hello big worldHello")
        #expect(try client.values(linePath, AtspiInterface.editableText, "SetTextContents", [.string("cat")]) == [.boolean(true)])
        #expect(line.buffer.text == "cat")
        line.refusesEdits = true
        #expect(try client.values(linePath, AtspiInterface.editableText, "CutText", [.int32(0), .int32(3)]) == [.boolean(false)])
        #expect(line.buffer.text == "cat")
    }

    @Test("A secure field reads and announces bullets, and copies and cuts nothing")
    func secureText() throws {
        line.isSecure = true
        _ = line.accessibilityReplaceText(in: 0..<15, with: "pw")
        #expect(try client.values(linePath, AtspiInterface.text, "GetText", [.int32(0), .int32(-1)]) == [.string("••")])
        window.pasteboard.string = "kept"
        _ = try client.values(linePath, AtspiInterface.editableText, "CopyText", [.int32(0), .int32(2)])
        #expect(window.pasteboard.string == "kept")
        #expect(try client.values(linePath, AtspiInterface.editableText, "CutText", [.int32(0), .int32(2)]) == [.boolean(false)])
        #expect(line.buffer.text == "pw")
    }

    @Test("A 1 MiB InsertText from a peer is inserted, and the export keeps serving")
    func largeInsert() throws {
        let large = String(repeating: "a", count: 1 << 20)
        #expect(try client.values(linePath, AtspiInterface.editableText, "InsertText", [.int32(0), .string(large), .int32(-1)])
                == [.boolean(true)])
        #expect(try client.property(linePath, AtspiInterface.text, "CharacterCount") == .int32(Int32(15 + (1 << 20))))
        #expect(try segment("GetTextAtOffset", Int32(1 << 20) + 7, 1) == "big |\((1 << 20) + 6)|\((1 << 20) + 10)")
    }

    @Test("A label whose text changes announces the delete and the insert, with no caret")
    func labelChanges() throws {
        client.clearEvents()
        label.text = "Name: Grace"
        let changes = client.events.filter { $0.member == "TextChanged" }
        #expect(changes.map { $0.body[0] } == [.string("delete"), .string("insert")])
        #expect(changes.last?.body[3].variantContent == .string("Name: Grace"))
        #expect(!client.events.contains { $0.member == "TextCaretMoved" })
    }
}

@Suite("AT-SPI: a TextField as Orca reads it (T7)")
@MainActor
struct AtspiTextFieldTests {
    let window = Window.phone()
    let field = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 30))
    let client: ExportClient

    init() {
        field.accessibilityLabel = "Search"
        field.placeholder = "Find"
        window.addSubview(field)
        window.makeKey()
        client = ExportClient(window: window)
    }

    var path: String { client.path(of: field) }

    func type(_ text: String) {
        for character in text {
            let key = Key(keyCode: .keyboardA, characters: String(character))
            window.send(KeyInput(key: key, phase: .began, timestamp: window.currentTime))
            window.send(KeyInput(key: key, phase: .ended, timestamp: window.currentTime))
        }
    }

    @Test("A focused field is a focused, editable entry named by its label, its placeholder an attribute")
    func entry() throws {
        #expect(try client.role(path) == "entry")
        #expect(try client.name(path) == "Search")
        let states = try client.states(path)
        for state in ["editable", "single-line", "selectable-text", "focusable", "focused"] { #expect(states.contains(state)) }
        let attributes = try client.values(path, AtspiInterface.accessible, "GetAttributes").first?.dictionaryEntries
        #expect(attributes?.contains { $0.key == .string("placeholder-text") && $0.value == .string("Find") } == true)
    }

    @Test("Typing sends text-changed:insert with the offset, length and text, then text-caret-moved; Backspace a delete")
    func typingEvents() throws {
        #expect(field.isEditing)
        client.clearEvents()
        type("ca")
        #expect(client.eventLines.filter { !$0.hasPrefix("PropertyChange") } == [
            "TextChanged insert 0 at \(path)", "TextCaretMoved  1 at \(path)",
            "TextChanged insert 1 at \(path)", "TextCaretMoved  2 at \(path)",
        ])
        #expect(client.events.first { $0.member == "TextChanged" }?.body[3].variantContent == .string("c"))
        client.clearEvents()
        field.deleteBackward()
        let delete = try #require(client.events.first { $0.member == "TextChanged" })
        #expect(delete.body[0] == .string("delete") && delete.body[1] == .int32(1) && delete.body[3].variantContent == .string("a"))
        #expect(try client.values(path, AtspiInterface.text, "GetText", [.int32(0), .int32(-1)]) == [.string("c")])
        // An EditableText call is a user edit: editingChanged, and the delegate would be asked.
        var changes = 0
        field.addAction(for: .editingChanged) { _ in changes += 1 }
        #expect(try client.values(path, AtspiInterface.editableText, "InsertText", [.int32(1), .string("at"), .int32(2)])
                == [.boolean(true)])
        #expect(field.text == "cat")
        #expect(changes == 1)
    }

    @Test("A secure field is a password text whose events and text are bullets, never its characters")
    func secure() throws {
        field.isSecureTextEntry = true
        #expect(try client.role(path) == "password text")
        client.clearEvents()
        type("pw")
        let texts = client.events.filter { $0.member == "TextChanged" }.compactMap { $0.body[3].variantContent?.string }
        #expect(texts == ["•", "•"])
        #expect(try client.values(path, AtspiInterface.text, "GetText", [.int32(0), .int32(-1)]) == [.string("••")])
        #expect(!client.events.contains { "\($0.body)".contains("p") && $0.member == "TextChanged" })
    }
}
