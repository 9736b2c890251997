import Testing
import InteractionKitLinux
import InteractionKitPictures
import InteractionKitReplay

/// `TerminalPicture.windowPoint`: pointing into a picture, as the live Demo's mouse does.
@Suite("Pointing into a terminal picture")
@MainActor
struct TerminalPicturePointTests {
    static func scene() throws -> ScriptPlayer {
        let script = try GestureScriptParser(file: "scene.gesture").parse(Array("""
            content-size accessibility-large
            tabbar Home Search "Now Playing" Profile Settings
            """.utf8))
        return ScriptPlayer(script: script)
    }

    @Test("A finger at the point of any inner cell is drawn in that cell (the tab bar's top line excepted)", arguments: [40, 60, 80])
    func roundTrip(columns: Int) throws {
        let player = try Self.scene()
        var snapshot = player.snapshot(caption: "")
        // Line 18 is the line above the tabs: it maps to the bar's top edge, drawn on the image line.
        for line in 2..<(TerminalPicture.lineCount - 1) where line != 18 {
            for column in 1..<(columns - 1) {
                let point = try #require(TerminalPicture.windowPoint(column: column, line: line, of: snapshot, columns: columns))
                snapshot.touches = [TouchSnapshot(id: 0, location: point)]
                let picture = TerminalPicture.render(snapshot, columns: columns, ascii: true)
                let lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
                guard line < lines.count, lines[line][column] == "*" else {
                    Issue.record("cell (\(column), \(line)) maps to \(point), drawn elsewhere")
                    return
                }
            }
        }
    }

    @Test("The caption line and cells outside the picture show no point; a title cell lies on its tab")
    func edges() throws {
        let player = try Self.scene()
        let snapshot = player.snapshot(caption: "")
        #expect(TerminalPicture.windowPoint(column: 5, line: 0, of: snapshot, columns: 60) == nil)
        #expect(TerminalPicture.windowPoint(column: 60, line: 5, of: snapshot, columns: 60) == nil)
        #expect(TerminalPicture.windowPoint(column: 5, line: TerminalPicture.lineCount, of: snapshot, columns: 60) == nil)
        // The title row is the frame's 20th line: line 20 of the picture shows the tabs' titles.
        let picture = TerminalPicture.render(snapshot, columns: 60, ascii: true).split(separator: "\n").map(String.init)
        #expect(picture[20].contains("Home"))
        let point = try #require(TerminalPicture.windowPoint(column: 6, line: 20, of: snapshot, columns: 60))
        let bar = try #require(player.tabBar)
        #expect(bar.item(at: bar.convert(point, from: nil))?.title == "Home")
    }
}
