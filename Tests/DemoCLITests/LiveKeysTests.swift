import Testing
@testable import DemoCLI
import InteractionKitLinux
import InteractionKitReplay

/// What `Demo --live` makes of the keys a terminal sends beyond the focus
/// keys (issues 32, 33): the keypad in application mode, Insert, typed
/// text (UTF-8, split anywhere), Alt, a lone Escape, and bracketed paste.
@Suite("Live mode: the keypad, typed text and pastes")
@MainActor
struct LiveKeysTests {
    /// Feeds `text` split at every byte, and checks every split gives `expected`.
    private func expectSplitAnywhere(_ text: String, _ expected: [LiveInput], sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var parser = LiveInputParser()
            let inputs = parser.feed(Array(bytes[0..<cut])) + parser.feed(Array(bytes[cut...]))
            #expect(inputs == expected, "cut at \(cut)", sourceLocation: sourceLocation)
        }
    }

    @Test("The keypad in application mode (SS3), Insert, Delete and the keypad's 5 (CSI) are keys of their own")
    func keypadSequences() {
        let sequences: [(String, TerminalKey)] = [
            ("\u{1B}OM", .keypadEnter), ("\u{1B}Op", .keypad0), ("\u{1B}Oq", .keypad1), ("\u{1B}Ou", .keypad5),
            ("\u{1B}Oy", .keypad9), ("\u{1B}Oj", .keypadAsterisk), ("\u{1B}Ok", .keypadPlus), ("\u{1B}Ol", .keypadComma),
            ("\u{1B}Om", .keypadMinus), ("\u{1B}On", .keypadPeriod), ("\u{1B}Oo", .keypadSlash), ("\u{1B}OX", .keypadEqual),
            ("\u{1B}OE", .keypadBegin), ("\u{1B}[E", .keypadBegin), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
        ]
        for (text, key) in sequences {
            expectSplitAnywhere(text + "r", [.navigation(key), .key("r")])
        }
    }

    @Test("Keypad keys reach the window as keypad usages with the numeric-pad flag; keypad Enter is not Return")
    func keypadKeys() throws {
        #expect(TerminalKey.keypadEnter.key.keyCode == .keypadEnter)
        #expect(TerminalKey.keypadEnter.key.modifierFlags.contains(.numericPad))
        #expect(TerminalKey.keypad7.key == Key(keyCode: .keypad7, characters: "7", charactersIgnoringModifiers: "7",
                                               modifierFlags: .numericPad))
        #expect(TerminalKey.keypadBegin.key.keyCode == .keypad5 && TerminalKey.keypadBegin.key.characters.isEmpty)
        #expect(TerminalKey.keypadComma.key.keyCode == .keypadComma)
        #expect(TerminalKey.keypadEqual.key.keyCode == .keypadEqualSign)
        #expect(TerminalKey.insert.key.keyCode == .keyboardInsert)
        // Every keypad key the parser reads has an evdev code, so a screen reader's key forwarding can name it.
        for key in TerminalKey.allCases { #expect(key.key.keyCode.evdevCode != nil, "\(key)") }

        let session = try LiveSessionBounds.session()
        var seen: [KeyInput] = []
        session.player.window.addKeyInputFilter { input in
            seen.append(input)
            return false
        }
        session.handle(Array("\u{1B}OM\u{1B}Ow\u{1B}[2~".utf8), at: 0.5)
        #expect(seen.filter { $0.phase == .began }.map(\.key.keyCode) == [.keypadEnter, .keypad7, .keyboardInsert])
        let lines = session.lines.filter { $0.hasPrefix("    0.500") }
        #expect(lines.contains("    0.500  key enter"))
        #expect(lines.contains("    0.500  key keypad 7"))
        #expect(lines.contains("    0.500  key insert"))
    }

    @Test("While a field is being edited q, a and r type; once Tab leaves it they are commands again, and Ctrl-C always quits")
    func commandLettersTypeInAField() throws {
        let session = try LiveSessionBounds.sessionWithSearchField()
        session.handle(Array("qar".utf8), at: 1)
        #expect(!session.quit)
        #expect((session.player.window.firstResponder as? TextField)?.text == "qar")
        #expect(session.player.window.preferredContentSizeCategory == ContentSizeCategory.accessibilityLarge,
                "a typed, the size stays")
        session.handle(Array("\t".utf8), at: 2)
        #expect(session.player.window.firstResponder == nil)
        session.handle(Array("a".utf8), at: 3)
        #expect(session.player.window.preferredContentSizeCategory == ContentSizeCategory.large)
        session.handle(Array("q".utf8), at: 4)
        #expect(session.quit)

        let editing = try LiveSessionBounds.sessionWithSearchField()
        editing.handle([0x03], at: 1)
        #expect(editing.quit, "Ctrl-C quits while a field is being edited")
    }

    @Test("Typed text: each character a key press whose characters hold it, ASCII on its US key; é, € and emoji too")
    func typedText() throws {
        let session = try LiveSessionBounds.sessionWithSearchField()
        var typed: [Key] = []
        session.player.window.addKeyInputFilter { input in
            if input.phase == .began { typed.append(input.key) }
            return false
        }
        session.handle(Array("xZ!é€😀".utf8), at: 1)
        #expect(typed.map(\.characters) == ["x", "Z", "!", "é", "€", "😀"])
        #expect(typed[0].keyCode == .keyboardX && typed[0].modifierFlags.isEmpty)
        #expect(typed[1].keyCode == .keyboardZ && typed[1].modifierFlags == .shift && typed[1].charactersIgnoringModifiers == "z")
        #expect(typed[2].keyCode == .keyboard1 && typed[2].modifierFlags == .shift)
        #expect(typed[3].keyCode.rawValue == 0)
        #expect(session.lines.filter { $0.contains("  key ") }.suffix(6)
            == ["    1.000  key x", "    1.000  key shift+z", "    1.000  key shift+1",
                "    1.000  key é", "    1.000  key €", "    1.000  key 😀"])
        // The built-in window's Search field has the focus: the text goes in.
        #expect(session.lines.last == "    1.000  Search reads \"xZ!é€😀|\"")
        #expect((session.player.window.firstResponder as? TextField)?.text == "xZ!é€😀")
        // Bytes that are not UTF-8 type U+FFFD; a character split across reads types once.
        typed.removeAll()
        session.handle([0xC3], at: 2)
        #expect(typed.isEmpty)
        session.handle([0xA9, 0xFF], at: 2)
        #expect(typed.map(\.characters) == ["é", "\u{FFFD}"])
    }

    @Test("Alt and a character is that key with Alt; a lone Escape is the Escape key once it stays alone")
    func altAndEscape() throws {
        let session = try LiveSessionBounds.session()
        var typed: [Key] = []
        session.player.window.addKeyInputFilter { input in
            if input.phase == .began { typed.append(input.key) }
            return false
        }
        session.handle(Array("\u{1B}x\u{1B}!".utf8), at: 1)
        #expect(typed.map(\.name) == ["alt+x", "alt+shift+1"])
        // SOS and PM, which no terminal sends, stay Alt keys: typing them swallows nothing after them.
        var parser = LiveInputParser()
        #expect(parser.feed(Array("\u{1B}Xa\u{1B}^b".utf8)) == [.alt("X"), .key("a"), .alt("^"), .key("b")])
        typed.removeAll()
        session.handle([0x1B], at: 2)
        session.tick(at: 2.01)
        #expect(typed.isEmpty, "it may still be the start of a sequence")
        session.tick(at: 2 + 2 * LiveSession.escapeDelay)
        #expect(typed.map(\.keyCode) == [.keyboardEscape])
        // Split from its sequence by a read, an arrow stays an arrow when the rest comes in time.
        typed.removeAll()
        session.handle([0x1B], at: 3)
        session.handle(Array("[C".utf8), at: 3.01)
        #expect(typed.map(\.keyCode) == [.keyboardRightArrow])
    }

    @Test("A bracketed paste is one paste: its text whole, UTF-8 read, split anywhere; no key of it reaches the window")
    func paste() throws {
        expectSplitAnywhere("\u{1B}[200~a\u{1B}b q\u{1B}[201~x", [.paste("a\u{1B}b q", bytesLeftOut: 0), .key("x")])
        expectSplitAnywhere("\u{1B}[200~café\u{1B}[201~", [.paste("café", bytesLeftOut: 0)])
        var parser = LiveInputParser()
        #expect(parser.feed(Array("\u{1B}[200~".utf8) + [0x66, 0xFF, 0x67] + Array("\u{1B}[201~".utf8))
            == [.paste("f\u{FFFD}g", bytesLeftOut: 0)])

        let session = try LiveSessionBounds.sessionWithSearchField()
        var keys = 0
        session.player.window.addKeyInputFilter { _ in
            keys += 1
            return false
        }
        session.handle(Array("\u{1B}[200~Tab\there\nand q\u{1B}[201~".utf8), at: 1)
        #expect(keys == 0)
        #expect(session.pastes == 1)
        #expect(!session.quit)
        #expect(session.lines.contains("    1.000  paste of 14 characters: \"Tab\\u{9}here and q\" — inserted by the first responder"))
        #expect(session.lines.last == "    1.000  Search reads \"Tab\\there\\nand q|\"")
    }

    @Test("A paste goes to the first responder when it takes text (TextInputClient): one insertText of the whole text")
    func pasteToFirstResponder() throws {
        let session = try LiveSessionBounds.session()
        let field = TextSink(frame: Rect(x: 20, y: 100, width: 200, height: 44))
        session.player.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        session.handle(Array("\u{1B}[200~héllo\nq\u{1B}[201~".utf8), at: 2)
        #expect(field.inserted == ["héllo\nq"])
        #expect(session.lines.last == "    2.000  paste of 7 characters: \"héllo q\" — inserted by the first responder")
        #expect(!session.quit)
    }
}

/// A view that takes text and keeps what it was given.
@MainActor
private final class TextSink: View, TextInputClient {
    var inserted: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !inserted.isEmpty }
    func insertText(_ text: String) { inserted.append(text) }
    func deleteBackward() {}
}

/// The seed scene's live session, for the tests of this file.
@MainActor
enum LiveSessionBounds {
    static func session() throws -> LiveSession {
        try LiveSessionBoundsTests.session()
    }

    static func sessionWithSearchField() throws -> LiveSession {
        try LiveSessionBoundsTests.sessionWithSearchField()
    }
}
