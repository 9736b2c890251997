import Testing
@testable import DemoCLI
import InteractionKitLinux
import InteractionKitPictures
import InteractionKitReplay

/// Bytes of an SGR mouse report.
func sgr(_ button: Int, _ column: Int, _ row: Int, release: Bool = false) -> [UInt8] {
    Array("\u{1B}[<\(button);\(column);\(row)\(release ? "m" : "M")".utf8)
}

@Suite("Live mode: terminal input")
struct LiveInputParserTests {
    @Test("SGR reports are presses, drags with the button held, and releases; other buttons and the wheel are ignored")
    func mouse() {
        var parser = LiveInputParser()
        let bytes = sgr(0, 5, 20) + sgr(32, 6, 20) + sgr(0, 7, 20, release: true) + sgr(2, 1, 1) + sgr(64, 1, 1) + sgr(35, 3, 3)
        #expect(parser.feed(bytes) == [.press(column: 5, row: 20), .drag(column: 6, row: 20), .release(column: 7, row: 20)])
    }

    @Test("A sequence split across reads, at every byte, is kept until it is whole")
    func split() {
        let bytes = sgr(0, 12, 19) + Array("q".utf8)
        for cut in 0...bytes.count {
            var parser = LiveInputParser()
            let inputs = parser.feed(Array(bytes[0..<cut])) + parser.feed(Array(bytes[cut...]))
            #expect(inputs == [.press(column: 12, row: 19), .key("q")], "cut at \(cut)")
        }
    }

    @Test("Keys, UTF-8 keys and unknown escape sequences: keys come through, the rest is dropped")
    func keys() {
        var parser = LiveInputParser()
        #expect(parser.feed(Array("ar\u{3}é".utf8)) == [.key("a"), .key("r"), .key("\u{3}"), .key("é")])
        // An arrow is a key; with a modifier (Ctrl-Right) it is dropped.
        #expect(parser.feed(Array("\u{1B}[A\u{1B}[1;5Cq".utf8)) == [.navigation(.up), .key("q")])
        #expect(parser.feed(Array("\u{1B}[<0;1x\u{1B}[<9;9;9Zq".utf8)) == [.key("q")])
    }

    @Test("Arrows, Home, End, the page keys and Shift-Tab, as CSI and SS3 sequences, split anywhere")
    func navigationKeys() {
        let sequences: [(String, TerminalKey)] = [
            ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}[H", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}OH", .home),
            ("\u{1B}[F", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}OF", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ]
        for (text, key) in sequences {
            let bytes = Array((text + "\t").utf8)
            for cut in 0...bytes.count {
                var parser = LiveInputParser()
                let inputs = parser.feed(Array(bytes[0..<cut])) + parser.feed(Array(bytes[cut...]))
                #expect(inputs == [.navigation(key), .key("\t")], "\(key) cut at \(cut)")
            }
        }
        var parser = LiveInputParser()
        // Shift-Up, Ctrl-End and a function key are dropped; Alt-O and a key are Alt-O, then the key.
        #expect(parser.feed(Array("\u{1B}[1;2A\u{1B}[1;5F\u{1B}[15~ \r".utf8)) == [.key(" "), .key("\r")])
        #expect(parser.feed(Array("\u{1B}Ozq".utf8)) == [.alt("O"), .key("z"), .key("q")])
        #expect(TerminalKey.backTab.name == "shift+tab")
        #expect(TerminalKey.backTab.key == (try? Key(name: "shift+tab")))
    }

    @Test("A stray C1 control (0x9B) or a broken UTF-8 byte is one U+FFFD: the key after it comes through")
    func strayBytes() {
        var parser = LiveInputParser()
        #expect(parser.feed([0x9B, UInt8(ascii: "q")]) == [.key("\u{FFFD}"), .key("q")])
        // Each byte that cannot start a character is one replacement.
        let fourReplacements: [LiveInput] = [.key("\u{FFFD}"), .key("\u{FFFD}"), .key("\u{FFFD}"), .key("\u{FFFD}")]
        #expect(parser.feed([0x85, 0xBF, 0xFF, 0xC0, UInt8(ascii: "a")]) == fourReplacements + [.key("a")])
        // A lead byte cut short by a key: one replacement for what came of it, and the key.
        #expect(parser.feed([0xC3, UInt8(ascii: "q")]) == [.key("\u{FFFD}"), .key("q")])
        #expect(parser.feed([0xE2, 0x82, UInt8(ascii: "r")]) == [.key("\u{FFFD}"), .key("r")])
        // A second byte out of its lead's range (a surrogate, an overlong form) ends the bad run there.
        #expect(parser.feed([0xED, 0xA0, 0x80, UInt8(ascii: "b")])
            == [.key("\u{FFFD}"), .key("\u{FFFD}"), .key("\u{FFFD}"), .key("b")])
        // Split across reads, a character waits for its continuation bytes.
        #expect(parser.feed([0xE2, 0x82]).isEmpty)
        #expect(parser.feed([0xAC, UInt8(ascii: "q")]) == [.key("€"), .key("q")])
        #expect(parser.feed([0xF0, 0x9F]).isEmpty)
        #expect(parser.feed([0x98]).isEmpty)
        #expect(parser.feed([0x80]) == [.key("😀")])
        // A lone 0x9B at the end of a read waits for nothing.
        #expect(parser.feed([0x9B]) == [.key("\u{FFFD}")])
        #expect(parser.feed(Array("q".utf8)) == [.key("q")])
        // A CSI broken by a control character: the sequence goes, the character stays.
        #expect(parser.feed([0x1B, UInt8(ascii: "["), UInt8(ascii: "1"), 0x03]) == [.key("\u{3}")])
    }

    @Test("X10 mouse reports are read whole: a q among their bytes never quits; the left button presses, drags and lifts")
    func x10Reports() {
        func x10(_ button: Int, _ column: Int, _ row: Int) -> [UInt8] {
            [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + button), UInt8(32 + column), UInt8(32 + row)]
        }
        var parser = LiveInputParser()
        // Column 81 is the byte 'q' (0x71), row 65 is 'a'.
        let bytes = x10(0, 81, 65) + x10(32, 82, 65) + x10(3, 82, 66) + x10(1, 81, 81) + x10(64, 81, 81)
        #expect(parser.feed(bytes) == [.press(column: 81, row: 65), .drag(column: 82, row: 65), .release(column: 82, row: 66)])
        for cut in 0...bytes.count {
            var split = LiveInputParser()
            let inputs = split.feed(Array(bytes[0..<cut])) + split.feed(Array(bytes[cut...]) + Array("r".utf8))
            #expect(inputs == [.press(column: 81, row: 65), .drag(column: 82, row: 65), .release(column: 82, row: 66), .key("r")],
                    "cut at \(cut)")
        }
    }
}

@Suite("Live mode: the session on a fake clock")
@MainActor
struct LiveSessionTests {
    static func session() throws -> LiveSession {
        var scene = try GestureScriptParser(file: "seed.gesture").parse(Array(BuiltInScript.text.utf8)).scene
        // Without its Search field, whose editing would take the letters these tests press as commands.
        scene.fields = []
        return LiveSession(script: GestureScript(file: "seed.gesture", scene: scene, steps: []))
    }

    /// The 1-based terminal cell showing the title of `title`.
    static func cell(of title: String, in screen: String) -> (column: Int, row: Int)? {
        let rows = screenRows(screen)
        // From the bottom of the picture: the tab bar's title line, below anything else that says the same (a field's placeholder).
        for (index, row) in rows.enumerated().reversed() where index > 15 && index < 23 {
            if let range = row.range(of: title) {
                return (row.distance(from: row.startIndex, to: range.lowerBound) + 2, index + 1)
            }
        }
        return nil
    }

    /// The text of each row of a composed screen.
    static func screenRows(_ screen: String) -> [String] {
        screen.components(separatedBy: "\u{1B}[").compactMap { part -> String? in
            guard let h = part.firstIndex(of: "H"), part[..<h].contains(";") else { return nil }
            return String(part[part.index(after: h)...])
        }
    }

    @Test("Press and hold on a tab: the HUD appears at 0.15 s, sliding shows each tab, lifting selects")
    func pressHoldSlide() throws {
        let session = try Self.session()
        let size = TerminalSize(rows: 30, columns: 80)
        let start = session.screen(size: size)
        let home = try #require(Self.cell(of: "Home", in: start))
        let settings = try #require(Self.cell(of: "Settings", in: start))
        session.handle(sgr(0, home.column, home.row), at: 0)
        session.tick(at: 0.1)
        #expect(!session.lines.contains { $0.contains("HUD shows") })
        session.tick(at: 0.15)
        #expect(session.lines.contains { $0.contains("HUD shows \"Home\"") })
        #expect(session.screen(size: size).contains("╭"))
        session.handle(sgr(32, settings.column, settings.row), at: 0.5)
        #expect(session.lines.last { $0.contains("HUD shows") }?.contains("Settings") == true)
        session.handle(sgr(0, settings.column, settings.row, release: true), at: 0.6)
        #expect(session.lines.contains { $0.contains("Settings selected") })
        let screen = session.screen(size: size)
        #expect(Self.screenRows(screen).contains { $0.contains("Settings selected") })
        #expect(!screen.contains("╭"))
    }

    @Test("A quick click is a tap; a press outside the picture does nothing")
    func tap() throws {
        let session = try Self.session()
        let size = TerminalSize(rows: 24, columns: 80)
        let search = try #require(Self.cell(of: "Search", in: session.screen(size: size)))
        session.handle(sgr(0, 70, 10), at: 0)
        #expect(session.player.window.touchesDown.isEmpty)
        session.handle(sgr(0, search.column, search.row) + sgr(0, search.column, search.row, release: true), at: 1)
        #expect(session.lines.contains { $0.contains("Search selected") })
        #expect(!session.lines.contains { $0.contains("HUD shows") })
    }

    @Test("a toggles accessibility sizes, r right-to-left, q quits; Ctrl-C quits too")
    func keys() throws {
        let session = try Self.session()
        session.handle(Array("a".utf8), at: 0.2)
        #expect(session.player.window.preferredContentSizeCategory == .large)
        #expect(session.lines.last?.contains("text size changes to large") == true)
        session.handle(Array("a".utf8), at: 0.3)
        #expect(session.player.window.preferredContentSizeCategory == .accessibilityLarge)
        session.handle(Array("r".utf8), at: 0.4)
        #expect(session.player.window.effectiveLayoutDirection == .rightToLeft)
        #expect(session.lines.last == "    0.400  layout changes to right to left")
        #expect(session.screen(size: TerminalSize(rows: 24, columns: 80)).contains("RTL"))
        #expect(!session.quit)
        session.handle([3], at: 0.5)
        #expect(session.quit)
    }

    @Test("Tab, Shift-Tab, the arrows, Home, End, Space and Return drive the focus; the screen shows its ring")
    func focusKeys() throws {
        let script = try GestureScriptParser(file: "keys.gesture").parse(Array("""
            tabbar Home Search Settings
            button Save at 20 100 120 44
            select Home
            """.utf8))
        let session = LiveSession(script: GestureScript(file: script.file, scene: script.scene, steps: []))
        let window = session.player.window
        var pressed = 0
        session.player.buttons[0].addAction(for: .primaryActionTriggered) { _ in pressed += 1 }
        func focused() -> String? {
            (window.focusedItem as? TabBarItem)?.title ?? (window.focusedItem as? Button)?.title
        }
        let size = TerminalSize(rows: 40, columns: 80)
        #expect(focused() == "Save")
        #expect(LiveSessionTests.screenRows(session.screen(size: size)).contains { $0.contains("┃      Save       ┃") })
        session.handle(Array("\r".utf8), at: 0.1)
        #expect(pressed == 1)
        session.handle(Array("\t".utf8), at: 0.2)
        #expect(focused() == "Home")
        session.handle(Array("\u{1B}[C\u{1B}[C".utf8), at: 0.3)
        #expect(focused() == "Settings")
        session.handle(Array("\u{1B}[H".utf8), at: 0.4)
        #expect(focused() == "Home")
        session.handle(Array("\u{1B}[F\u{1B}[D".utf8), at: 0.5)
        #expect(focused() == "Search")
        session.handle(Array(" ".utf8), at: 0.6)
        #expect(session.player.tabBar?.selectedItem?.title == "Search")
        session.handle(Array("\u{1B}[Z".utf8), at: 0.7)
        #expect(focused() == "Save")
        let lines = session.lines.filter { $0.hasPrefix("    ") }
        #expect(lines.contains("    0.000  focus moves to Save (button)"))
        #expect(lines.contains("    0.200  key tab"))
        #expect(lines.contains("    0.200  focus moves to Home (tab)"))
        #expect(lines.contains("    0.600  key space"))
        #expect(lines.contains("    0.600  Search selected (the tab bar's delegate is told)"))
        #expect(lines.contains("    0.700  key shift+tab"))
        #expect(lines.last == "    0.700  focus moves to Save (button)")
        // q, a and r keep their meaning.
        session.handle(Array("q".utf8), at: 0.8)
        #expect(session.quit)
    }

    @Test("The transcript scrolls under the picture; a small terminal gets a message, not a picture")
    func layout() throws {
        let session = try Self.session()
        for index in 0..<10 { session.handle(Array("r".utf8), at: Double(index)) }
        let rows = Self.screenRows(session.screen(size: TerminalSize(rows: 26, columns: 50)))
        #expect(rows.count == 26)
        #expect(rows[0].contains("q quit"))
        #expect(rows[23...].allSatisfy { $0.contains("layout changes") })
        #expect(rows[25].contains("9.000"))
        let small = session.screen(size: TerminalSize(rows: 20, columns: 30))
        #expect(small.contains("The terminal is 30×20"))
        #expect(!small.contains("q quit"))
        #expect(session.screen(size: TerminalSize(rows: 24, columns: 39)).contains("needs at least 40×24"))
    }
}
