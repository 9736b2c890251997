import Testing
@testable import InteractionKitReplay
@testable import InteractionKitEvemu
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Gesture script parser")
struct GestureScriptParserTests {
    @Test("A full script parses into its scene and steps")
    func fullScript() throws {
        let script = try parseScript("""
            # comment line
            window 400 800
            content-size accessibility-large   # trailing comment
            layout rtl
            tabbar Home "Now Playing" Settings
            disable Settings
            select "Now Playing"
            surface tap pan

            down @Home
            wait 0.6
            move 10.5 20 id 0
            down 1 2 id 3
            up id 3
            move @"Now Playing"
            content-size large
            cancel
            down 5 5
            up @Settings
            """)
        #expect(script.scene.windowSize == Size(width: 400, height: 800))
        #expect(script.scene.contentSize == .accessibilityLarge)
        #expect(script.scene.layoutDirection == .rightToLeft)
        #expect(script.scene.tabTitles == ["Home", "Now Playing", "Settings"])
        #expect(script.scene.disabledTabs == ["Settings"])
        #expect(script.scene.selectedTab == "Now Playing")
        #expect(script.scene.surfaceRecognizers == [.tap, .pan])
        #expect(script.steps.map(\.action) == [
            .down(id: 0, at: .item("Home")), .wait(0.6), .move(id: 0, to: .point(Point(x: 10.5, y: 20))),
            .down(id: 3, at: .point(Point(x: 1, y: 2))), .up(id: 3, at: nil),
            .move(id: 0, to: .item("Now Playing")), .contentSize(.large), .cancel(id: 0, at: nil),
            .down(id: 0, at: .point(Point(x: 5, y: 5))), .up(id: 0, at: .item("Settings")),
        ])
        #expect(script.steps.first?.line == 10)
    }

    @Test("Defaults: a 390 × 844 window, large text, left to right, no tab bar")
    func defaults() throws {
        let script = try parseScript("down 1 1\nup\n")
        #expect(script.scene.windowSize == Size(width: 390, height: 844))
        #expect(script.scene.contentSize == .large)
        #expect(script.scene.layoutDirection == .leftToRight)
        #expect(script.scene.tabTitles == nil)
    }

    @Test("CRLF line endings, tabs and a missing final newline are fine")
    func whitespace() throws {
        let script = try parseScript("down\t1 1\r\nwait 1\r\nup")
        #expect(script.steps.count == 3)
    }

    @Test("Unknown commands are errors at the command's column")
    func unknownCommand() {
        #expect(firstScriptError("  press 1 2") == "1:3: unknown command 'press'; expected one of: window, content-size, layout, "
            + "tabbar, button, scroll, list, field, disable, select, surface, down, move, up, cancel, wait, evemu, key, type, pasteboard")
    }

    @Test("Unknown items are errors, with the list of tabs")
    func unknownItem() {
        #expect(firstScriptError("tabbar Home \"Now Playing\"\ndown @Homer") == "2:6: unknown tab 'Homer'; the tabs are: Home, \"Now Playing\"")
        #expect(firstScriptError("tabbar A\ndisable B") == "2:9: unknown tab 'B'; the tabs are: A")
        #expect(firstScriptError("tabbar A\nselect B") == "2:8: unknown tab 'B'; the tabs are: A")
        #expect(firstScriptError("down @Home") == "1:6: there is no tab bar; add a 'tabbar' line before naming tabs")
        #expect(firstScriptError("down @ 1") == "1:6: '@' must be followed by a tab's title, as in @Home or @\"Now Playing\"")
    }

    @Test("Missing numbers are errors at the end of the line; extra numbers and words at the first extra one",
          arguments: [
              // Missing: at the end of the line.
              ("down 40", "1:8: expected a y coordinate"),
              ("wait", "1:5: expected how many seconds to wait"),
              ("window 390", "1:11: expected the window's height"),
              ("down", "1:5: expected where the finger goes down: X Y, or @Tab"),
              // Extra: at the first extra one.
              ("wait 1 2", "1:8: unexpected '2' at the end of the line"),
              ("down 1 2 3", "1:10: unexpected '3' at the end of the line"),
              ("window 1 2 3", "1:12: unexpected '3' at the end of the line"),
              ("layout rtl ltr", "1:12: unexpected 'ltr' at the end of the line"),
          ])
    func wrongNumberOfOperands(script: String, error: String) {
        #expect(firstScriptError(script) == error)
    }

    @Test("Non-numbers, non-finite numbers, sizes that are not positive, ids out of range and negative waits are errors at the number",
          arguments: [
              ("down x 2", "1:6: expected an x coordinate, found 'x'"),
              ("down nan 2", "1:6: 'nan' is not a finite number"),
              ("down 1 inf", "1:8: 'inf' is not a finite number"),
              ("wait 1e999", "1:6: '1e999' is not a finite number"),
              ("window 0 10", "1:8: the window's size must be positive"),
              ("down 1 1 id -1", "1:13: a touch id is a whole number from 0 to 9999, found '-1'"),
              ("down 1 1 id 10000", "1:13: a touch id is a whole number from 0 to 9999, found '10000'"),
              ("wait -0.5", "1:6: a wait cannot be negative; time only moves forward"),
          ])
    func badNumber(script: String, error: String) {
        #expect(firstScriptError(script) == error)
    }

    @Test("Touches that are not down cannot move, lift or be cancelled; a down touch cannot go down again")
    func touchState() {
        #expect(firstScriptError("up") == "1:1: touch 0 is not down, so it cannot lift")
        #expect(firstScriptError("move 1 1") == "1:1: touch 0 is not down; add a 'down' line first")
        #expect(firstScriptError("down 1 1\ncancel id 2") == "2:1: touch 2 is not down, so it cannot be cancelled")
        #expect(firstScriptError("down 1 1\nup\nup") == "3:1: touch 0 is not down, so it cannot lift")
        #expect(firstScriptError("down 1 1\ndown 2 2") == "2:1: touch 0 is already down; lift it first or use another id")
    }

    @Test("A quote left open is an error at the quote")
    func openQuote() {
        #expect(firstScriptError("tabbar Home \"Now Playing") == "1:13: this quote is never closed; add a '\"' at the end of the text")
        #expect(firstScriptError("tabbar \"A\"B") == "1:11: expected a space after the closing quote")
    }

    @Test("Text that is not UTF-8 is an error at its line and column")
    func notUTF8() {
        var bytes = Array("wait 1\ntabbar Hé".utf8)
        bytes.append(0xFF)
        bytes += Array(" x\n".utf8)
        do {
            _ = try GestureScriptParser(file: "bad.gesture").parse(bytes)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "bad.gesture:2:10: error: the text is not valid UTF-8")
        }
    }

    @Test("Overlong files, lines and line counts are errors")
    func limits() {
        let big = [UInt8](repeating: 0x20, count: GestureScriptParser.maximumBytes + 1)
        #expect(throws: ScriptErrors.self) { try GestureScriptParser(file: "big").parse(big) }
        let longLine = "# " + String(repeating: "x", count: GestureScriptParser.maximumLineLength)
        #expect(firstScriptError(longLine) == "1:4097: the line is longer than 4096 characters")
        let manyLines = String(repeating: "\n", count: GestureScriptParser.maximumLines + 5)
        #expect(firstScriptError(manyLines) == "100001:1: the script has more than 100000 lines")
    }

    @Test("Scene lines after gesture lines, and scene lines given twice, are errors")
    func sceneOrder() {
        #expect(firstScriptError("down 1 1\nup\ntabbar A") == "3:1: 'tabbar' describes the scene, so it must come before the first gesture line")
        #expect(firstScriptError("window 1 1\nwindow 2 2") == "2:1: 'window' is given twice; keep one")
        #expect(firstScriptError("content-size large\ncontent-size small") == "2:14: 'content-size' is given twice in the scene; keep one")
        #expect(firstScriptError("content-size huge") == "1:14: unknown content size 'huge'; expected one of: extra-small, small, medium, "
            + "large, extra-large, extra-extra-large, extra-extra-extra-large, accessibility-medium, accessibility-large, "
            + "accessibility-extra-large, accessibility-extra-extra-large, accessibility-extra-extra-extra-large")
        #expect(firstScriptError("layout up") == "1:8: unknown layout 'up'; expected 'ltr' or 'rtl'")
        #expect(firstScriptError("tabbar A A") == "1:10: the tab 'A' is listed twice; titles must be distinct")
        #expect(firstScriptError("surface flick") == "1:9: unknown recognizer 'flick'; expected tap, double-tap, two-finger-tap, "
            + "long-press, pan, two-finger-pan, swipe, pinch, rotation or edge-pan")
    }

    @Test("Every error is reported, each with its line, and the file name in front")
    func allErrors() {
        do {
            _ = try parseScript("press\nwait -1\ndown 1 1\ndown 1 1\n")
            Issue.record("expected errors")
        } catch {
            #expect(error.description == """
                test.gesture:1:1: error: unknown command 'press'; expected one of: window, content-size, layout, tabbar, \
                button, scroll, list, field, \
                disable, select, surface, down, move, up, cancel, wait, evemu, key, type, pasteboard
                test.gesture:2:6: error: a wait cannot be negative; time only moves forward
                test.gesture:4:1: error: touch 0 is already down; lift it first or use another id
                """)
        }
    }

    @Test("A recording line needs a loader and a readable file; its errors point into the recording")
    func recordings() {
        #expect(firstScriptError("evemu \"x.events\"") == "1:7: recordings cannot be read here (no file loader was given)")
        let loader: GestureScriptParser.FileLoader = { path in
            switch path {
            case "dir/ok.events": Array("A: 00 0 100 0 0\nA: 01 0 100 0 0\nE: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0\n".utf8)
            case "dir/bad.events": Array("A: 00 0 100 0 0\nA: 01 0 100 0 0\nQ: nonsense\n".utf8)
            default: nil
            }
        }
        let parser = GestureScriptParser(file: "dir/s.gesture", loader: loader)
        #expect(throws: Never.self) { try parser.parse("evemu \"ok.events\"") }
        do {
            _ = try parser.parse("evemu missing.events")
        } catch {
            #expect(error.description == "dir/s.gesture:1:7: error: cannot read the recording 'dir/missing.events'")
        }
        do {
            _ = try parser.parse("wait 1\nevemu \"bad.events\"")
        } catch {
            #expect(error.diagnostics.count == 2)
            #expect(error.diagnostics.first?.file == "dir/bad.events")
            #expect(error.diagnostics.first?.line == 3)
            #expect(error.diagnostics.last?.description == "dir/s.gesture:2:7: error: the recording 'dir/bad.events' has errors (above)")
        }
    }
}
