import Testing
import InteractionKitComponents
import InteractionKitLinux
import InteractionKitTestSupport

/// A model whose rows may move, recording what the table tells it.
@MainActor
private final class ReorderModel: TableViewDataSource, TableViewDelegate {
    var rows = (0..<30).map { "Row \($0 + 1)" }
    var log: [String] = []
    var canMove = true
    var displaying = 0
    var reloadsOnMove = false

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = rows[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { canMove }
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log.append("move \(sourceIndexPath.row) to \(destinationIndexPath.row)")
        rows.insert(rows.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
        if reloadsOnMove { tableView.reloadData() }
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        displaying += 1
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        displaying -= 1
    }
}

/// A 440-point table of 44-point rows, editing: row `r` spans `44 r ..< 44 (r + 1)`.
@MainActor
private func makeReorderTable(_ model: ReorderModel, editing: Bool = true) -> (Window, TableView) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 440))
    table.register(reuseIdentifier: "row") { TableViewCell() }
    _ = window.addSubview(table)
    table.delegate = model
    table.dataSource = model
    table.setEditing(editing, animated: false)
    return (window, table)
}

/// Holds a finger on (x, y) from `start` past the reorder press, then
/// moves it straight to `toY` in `steps` moves 10 ms apart; returns the last time.
@MainActor
private func pickUp(_ window: Window, x: Double = 200, y: Double, at start: Double = 0, toY: Double, steps: Int = 10) -> Double {
    _ = window.down(x, y, at: start)
    window.advanceTime(to: start + 0.6)
    var time = start + 0.6
    for step in 1...steps {
        time += 0.01
        _ = window.move(x, y + (toY - y) * Double(step) / Double(steps), at: time)
    }
    return time
}

@MainActor
@Suite("Table view reordering (L4)")
struct TableReorderTests {
    @Test("A long press then a drag moves the row; the rows between make room; the lift tells moveRowAt once")
    func dragMovesRowOnce() {
        let model = ReorderModel()
        let (window, table) = makeReorderTable(model)
        // Row 2 (Row 3) is held at its middle and dragged three rows down.
        let time = pickUp(window, y: 110, toY: 250)
        #expect(model.log.isEmpty, "nothing is told before the lift")
        #expect(table.contentOffset.y == 0, "the drag moves the row, not the content")
        let dragged = table.cellForRow(at: IndexPath(row: 2, section: 0))
        #expect(dragged?.frame.minY == 228, "the row follows the finger (held 22 points below its top)")
        // Rows 3, 4 and 5 moved up a row to make room; row 6 stays.
        for row in 3...5 {
            #expect(table.cellForRow(at: IndexPath(row: row, section: 0))?.frame.minY == Double(row - 1) * 44)
        }
        #expect(table.cellForRow(at: IndexPath(row: 6, section: 0))?.frame.minY == 264)
        #expect(table.subviews.last === dragged, "the dragged row is drawn over the others")
        _ = window.up(200, 250, at: time + 0.01)
        #expect(model.log == ["move 2 to 5"])
        #expect(model.rows[5] == "Row 3" && model.rows[2] == "Row 4")
        for row in 0..<8 {
            let cell = table.cellForRow(at: IndexPath(row: row, section: 0))
            #expect(cell?.text == model.rows[row], "row \(row) shows its row after the move")
            #expect(cell?.frame.minY == Double(row) * 44)
        }
        #expect(table.indexPathForSelectedRow == nil, "a reorder selects nothing")
    }

    @Test("A drop where the row began, a cancel, and a reload from code tell nothing and put the rows back")
    func dropInPlaceCancelAndReloadTellNothing() {
        let model = ReorderModel()
        let (window, table) = makeReorderTable(model)
        var time = pickUp(window, y: 110, toY: 250)
        for step in 1...10 {
            _ = window.move(200, 250 - 140 * Double(step) / 10, at: time + Double(step) * 0.01)
        }
        time += 0.11
        _ = window.up(200, 110, at: time)
        time = pickUp(window, y: 110, at: time + 1, toY: 250)
        _ = window.cancel(200, 250, at: time + 0.01)
        time = pickUp(window, y: 110, at: time + 1, toY: 250)
        table.reloadData()
        _ = window.move(200, 300, at: time + 0.01)
        _ = window.up(200, 300, at: time + 0.02)
        #expect(model.log.isEmpty)
        for row in 0..<10 {
            #expect(table.cellForRow(at: IndexPath(row: row, section: 0))?.frame.minY == Double(row) * 44)
        }
    }

    @Test("Not editing, or a row that cannot move: the long press picks nothing up and the drag scrolls")
    func onlyMovableRowsWhileEditing() {
        for editing in [false, true] {
            let model = ReorderModel()
            model.canMove = !editing
            let (window, table) = makeReorderTable(model, editing: editing)
            let time = pickUp(window, y: 300, toY: 100)
            _ = window.up(200, 100, at: time + 0.01)
            #expect(model.log.isEmpty)
            #expect(table.contentOffset.y > 0, "the drag scrolled the list (editing: \(editing))")
        }
    }

    @Test("Near the bottom edge the table scrolls, faster nearer the edge, at most 600 points a second")
    func autoscrollNearEdges() {
        var travelled: [Double] = []
        for fingerY in [420.0, 435.0, 500.0] {
            let model = ReorderModel()
            let (window, table) = makeReorderTable(model)
            let time = pickUp(window, y: 110, toY: fingerY)
            let before = table.contentOffset.y
            window.advanceTime(to: time + 0.5)
            travelled.append(table.contentOffset.y - before)
        }
        #expect(travelled[0] > 0, "20 points from the edge the table scrolls")
        #expect(travelled[1] > travelled[0], "nearer the edge it scrolls faster")
        #expect(travelled[2] <= 300 + 1e-9 && travelled[2] > travelled[1], "past the edge: the full 600 points a second")
    }

    @Test("A row dragged far down by the autoscroll keeps its cell, lands under the finger, and displays stay paired")
    func autoscrollCarriesTheRow() {
        let model = ReorderModel()
        let (window, table) = makeReorderTable(model)
        let time = pickUp(window, y: 110, toY: 430)
        window.advanceTime(to: time + 3)
        let offset = table.contentOffset.y
        #expect(offset == table.contentSize.height - 440, "the table scrolled to its end and stopped")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil, "the top rows were reused")
        _ = window.up(200, 430, at: time + 3.01)
        #expect(model.log == ["move 2 to 29"], "the row lands where the finger is, at the end")
        #expect(model.rows.last == "Row 3")
        #expect(table.cellForRow(at: IndexPath(row: 29, section: 0))?.text == "Row 3")
        #expect(model.displaying == table.visibleCells.count, "every willDisplay has its didEndDisplaying")
        #expect(Set(table.visibleCells.map { ObjectIdentifier($0) }).count == table.visibleCells.count)
    }

    @Test("A data source that reloads from moveRowAt leaves a consistent table")
    func reloadInsideMove() {
        let model = ReorderModel()
        model.reloadsOnMove = true
        let (window, table) = makeReorderTable(model)
        let time = pickUp(window, y: 22, toY: 154)
        _ = window.up(200, 154, at: time + 0.01)
        #expect(model.log == ["move 0 to 3"])
        for row in 0..<10 {
            #expect(table.cellForRow(at: IndexPath(row: row, section: 0))?.text == model.rows[row])
        }
        #expect(model.displaying == table.visibleCells.count)
    }
}
