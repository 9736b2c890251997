import Testing
@testable import InteractionKitReplay
import InteractionKitLinux

/// `list` lines (contract §18 scripts and outputs): parsed with their
/// errors, replayed into a real table view, written as `row` events.
@Suite("Lists in scripts")
@MainActor
struct ListScriptTests {
    private static func replay(_ text: String) throws -> Replay {
        ScriptPlayer(script: try parseScript(text)).run()
    }

    @Test("A list line gives the frame, the rows, their height, the swipe actions and reordering")
    func parses() throws {
        let script = try parseScript("list 0 100 390 600 rows 30 height 60 swipe \"Archive\" \"Delete\" reorder")
        #expect(script.scene.list == .init(frame: Rect(x: 0, y: 100, width: 390, height: 600), rowCount: 30,
                                           rowHeight: 60, swipeActions: ["Archive", "Delete"], reorders: true))
        #expect(try parseScript("list 0 0 390 400 rows 0").scene.list?.rowCount == 0)
        #expect(try parseScript("list 0 0 390 400 rows 1000000").scene.list?.rowHeight == 44)
    }

    @Test("Bad list lines are errors at their column")
    func errors() {
        #expect(firstScriptError("list 0 0 390 400") == "1:17: expected 'rows' and how many after the frame, "
            + "as in: list 0 100 390 600 rows 30 swipe \"Delete\"")
        #expect(firstScriptError("list 0 0 390 400 rows -1") == "1:23: the number of rows is a whole number from 0 to 1000000")
        #expect(firstScriptError("list 0 0 390 400 rows 1000001").hasPrefix("1:23: the number of rows"))
        #expect(firstScriptError("list 0 0 390 400 rows 3 height 0").hasPrefix("1:32: a row's height must be positive"))
        #expect(firstScriptError("list 0 0 390 400 rows 3 swipe").hasPrefix("1:25: 'swipe' takes 1 to 5 quoted titles"))
        #expect(firstScriptError("list 0 0 390 400 rows 3 swipe \"A\" \"A\"").hasPrefix("1:35: swipe actions have distinct titles"))
        #expect(firstScriptError("list 0 0 390 400 rows 3 reorder reorder").hasPrefix("1:33: unexpected 'reorder'"))
        #expect(firstScriptError("list 0 500 390 400 rows 3").hasPrefix("1:6: the list does not fit in the 390 × 844 window"))
        #expect(firstScriptError("tabbar A\nlist 0 500 390 300 rows 3").hasPrefix("2:6: the list overlaps the tab bar"))
        #expect(firstScriptError("list 0 0 390 400 rows 3\nlist 0 0 390 400 rows 3") == "2:1: 'list' is given twice; keep one")
    }

    @Test("A tap selects its row: row events in words and JSON lines, 1-based; a second tap elsewhere deselects the first")
    func selection() throws {
        let replay = try Self.replay("""
            list 0 100 390 600 rows 30
            down 100 230
            wait 0.1
            up
            wait 0.5
            down 100 140
            wait 0.1
            up
            """)
        let rows = replay.events.filter {
            if case .row = $0.kind { return true }
            return false
        }
        #expect(rows.compactMap { TranscriptFormatter.textLine($0) }.map { String($0.dropFirst(11)) }
            == ["row 3 selected", "row 3 deselected", "row 1 selected"])
        #expect(TranscriptFormatter.jsonLine(rows[0]) == "{\"t\":0.1,\"event\":\"row\",\"row\":3,\"phase\":\"selected\"}")
        #expect(TranscriptFormatter.text(replay).contains("Summary: row 1 selected."))
        #expect(TranscriptFormatter.text(replay).contains("List at (0, 100), 390 × 600: 30 rows 44 points high"))
        let picture = try #require(replay.frames.last?.snapshot.list)
        #expect(picture.rowCount == 30)
        #expect(picture.rows.first?.title == "Row 1" && picture.rows.first?.isSelected == true)
    }

    @Test("The swipe-action and move events read as the contract spells them")
    func otherEvents() {
        let swipe = ReplayEvent(time: 2, kind: .swipeAction(row: 3, title: "Delete"))
        let move = ReplayEvent(time: 3, kind: .move(from: 3, to: 5))
        #expect(TranscriptFormatter.jsonLine(swipe) == "{\"t\":2,\"event\":\"swipe-action\",\"row\":3,\"title\":\"Delete\"}")
        #expect(TranscriptFormatter.jsonLine(move) == "{\"t\":3,\"event\":\"move\",\"from\":3,\"to\":5}")
        #expect(TranscriptFormatter.textLine(swipe) == "    2.000  swipe action Delete on row 3")
        #expect(TranscriptFormatter.textLine(move) == "    3.000  row 3 moves to 5")
    }

    @Test("A list of a million rows builds at once and makes cells only for the rows that show")
    func millionRows() throws {
        let player = ScriptPlayer(script: try parseScript("list 0 0 390 800 rows 1000000"))
        let table = try #require(player.tableView)
        #expect(table.numberOfRows(inSection: 0) == 1_000_000)
        #expect(table.visibleCells.count <= 20)
        #expect(player.snapshot(caption: "x").list?.rows.first?.title == "Row 1")
    }
}
