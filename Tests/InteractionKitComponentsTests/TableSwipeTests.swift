import Testing
import InteractionKitComponents
import InteractionKitLinux
import InteractionKitTestSupport

/// A model whose rows have trailing (and optionally leading) swipe actions,
/// recording the actions run; its handlers complete at once unless told to hold.
@MainActor
final class SwipeModel: TableViewDataSource, TableViewDelegate {
    var rows = (0..<30).map { "Row \($0 + 1)" }
    var log: [String] = []
    var trailing = ["Delete", "Flag"]
    var leading: [String] = []
    var holdsCompletion = false
    var fullSwipe = true
    var completions: [(Bool) -> Void] = []
    var deletesOnDelete = false

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = rows[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }

    private func configuration(_ titles: [String], _ indexPath: IndexPath, _ table: TableView) -> SwipeActionsConfiguration? {
        guard !titles.isEmpty else { return nil }
        let actions = titles.map { title in
            ContextualAction(style: title == "Delete" ? .destructive : .normal, title: title) { [weak self, weak table] action, _, done in
                guard let self, let table else { return }
                self.log.append("\(action.title ?? "") \(indexPath.row)")
                if self.deletesOnDelete && title == "Delete" {
                    self.rows.remove(at: indexPath.row)
                    table.deleteRows(at: [indexPath])
                }
                if self.holdsCompletion { self.completions.append(done) } else { done(true) }
            }
        }
        let configuration = SwipeActionsConfiguration(actions: actions)
        configuration.performsFirstActionWithFullSwipe = fullSwipe
        return configuration
    }
    func tableView(
        _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { configuration(trailing, indexPath, tableView) }
    func tableView(
        _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { configuration(leading, indexPath, tableView) }
}

@MainActor
private func makeSwipeTable(_ model: SwipeModel) -> (Window, TableView) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 440))
    table.register(reuseIdentifier: "row") { TableViewCell() }
    _ = window.addSubview(table)
    table.delegate = model
    table.dataSource = model
    return (window, table)
}

/// Drags one finger from (x, y) by `dx` across in `steps` moves, 10 ms apart,
/// and lifts unless `lift` is false; returns the time of the last sample.
@MainActor
@discardableResult
private func drag(_ window: Window, from x: Double, _ y: Double, by dx: Double, dy: Double = 0,
                  steps: Int = 10, at start: Double, lift: Bool = true) -> Double {
    _ = window.down(x, y, at: start)
    var time = start
    for step in 1...steps {
        time = start + Double(step) * 0.01
        _ = window.move(x + dx * Double(step) / Double(steps), y + dy * Double(step) / Double(steps), at: time)
    }
    if lift {
        time += 0.01
        _ = window.up(x + dx, y + dy, at: time)
    }
    return time
}

@Suite("Table view swipe actions (L3)")
@MainActor
struct TableSwipeTests {
    @Test("L3: a drag left follows the finger, banded past the actions; a lift past half their width leaves them open")
    func revealAndOpen() {
        let model = SwipeModel()
        let (window, table) = makeSwipeTable(model)
        let row = IndexPath(row: 2, section: 0)
        drag(window, from: 300, 110, by: -100, at: 0, lift: false)
        #expect(table.swipedRow == row)
        #expect(table.cellForRow(at: row)?.frame.minX == -100)
        #expect(table.contentOffset.y == 0)
        // Past the two actions' 148 points the row lags the finger.
        _ = window.move(100, 110, at: 0.2)
        let shown = -(table.cellForRow(at: row)?.frame.minX ?? 0)
        #expect(shown > 148 && shown < 200)
        _ = window.move(220, 110, at: 0.3)
        _ = window.up(220, 110, at: 0.31)
        // 80 points is past half of 148: open, at the actions' full width.
        #expect(table.swipeOffset == -148)
        #expect(table.cellForRow(at: row)?.frame.minX == -148)
        let actions = table.revealedSwipeActions
        #expect(actions.map { $0.action.title } == ["Delete", "Flag"])
        #expect(actions[0].frame == Rect(x: 316, y: 88, width: 74, height: 44))
        #expect(model.log.isEmpty)
    }

    @Test("L3: a lift short of half the actions' width closes the row")
    func shortSwipeCloses() {
        let model = SwipeModel()
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 300, 110, by: -60, at: 0)
        #expect(table.swipedRow == nil)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX == 0)
    }

    @Test("L3: a vertical drag scrolls and never swipes; a horizontal one never scrolls (directional lock)")
    func directionalLock() {
        let model = SwipeModel()
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 200, 300, by: -8, dy: -120, at: 0)
        #expect(table.contentOffset.y > 0)
        #expect(table.swipedRow == nil)
        window.advanceTime(to: 5)
        let offset = table.contentOffset
        drag(window, from: 300, 200, by: -120, dy: 30, at: 6)
        #expect(table.contentOffset == offset)
        #expect(table.swipedRow != nil)
        #expect(!table.isDragging)
    }

    @Test("L3: a tap on a revealed action runs its handler; completing closes the row")
    func tapRunsAction() {
        let model = SwipeModel()
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 300, 110, by: -150, at: 0)
        #expect(table.swipeOffset == -148)
        // Flag is the second action, left of Delete.
        window.tap(280, 110, at: 1)
        #expect(model.log == ["Flag 2"])
        #expect(table.swipedRow == nil)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test("L3: a full swipe past 60 % of the row's width runs the first action; not without performsFirstActionWithFullSwipe")
    func fullSwipe() {
        let model = SwipeModel()
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 380, 110, by: -260, at: 0)
        #expect(model.log == ["Delete 2"])
        #expect(table.swipedRow == nil)
        model.fullSwipe = false
        drag(window, from: 380, 160, by: -260, at: 1)
        #expect(model.log == ["Delete 2"])
        #expect(table.swipedRow == IndexPath(row: 3, section: 0))
    }

    @Test("L3: a drag right reveals the leading actions; a row without actions that way does not move")
    func leadingSide() {
        let model = SwipeModel()
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 50, 110, by: 100, at: 0)
        #expect(table.swipedRow == nil)
        #expect(table.visibleCells.allSatisfy { $0.frame.minX == 0 })
        // That drag neither swiped nor scrolled: its lift on the row selects it, as in UIKit.
        #expect(model.log == ["select 2"])
        model.log = []
        model.leading = ["Read"]
        drag(window, from: 50, 110, by: 60, at: 1)
        #expect(table.swipeOffset == 74)
        #expect(table.revealedSwipeActions.map { $0.frame.minX } == [0])
        window.tap(30, 110, at: 2)
        #expect(model.log == ["Read 2"])
    }

    @Test("L3: a touch elsewhere, a scroll, or another row's swipe closes the open row; one row open at a time")
    func closing() {
        let model = SwipeModel()
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 300, 110, by: -150, at: 0)
        #expect(table.swipedRow == IndexPath(row: 2, section: 0))
        // A tap on another row closes the open one and selects nothing.
        window.tap(100, 300, at: 1)
        #expect(table.swipedRow == nil)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX == 0)
        // Another row's swipe: that row opens, the first closes.
        drag(window, from: 300, 110, by: -150, at: 2)
        drag(window, from: 300, 210, by: -150, at: 3)
        #expect(table.swipedRow == IndexPath(row: 4, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX == 0)
        #expect(table.visibleCells.filter { $0.frame.minX != 0 }.count == 1)
        // A scroll closes it.
        table.contentOffset = Point(x: 0, y: 30)
        #expect(table.swipedRow == nil)
        #expect(table.visibleCells.allSatisfy { $0.frame.minX == 0 })
        // A tap on the open row's content closes it too, selecting nothing.
        drag(window, from: 300, 110, by: -150, at: 4)
        window.tap(100, 110, at: 5)
        #expect(table.swipedRow == nil)
        #expect(!model.log.contains { $0.hasPrefix("select") })
        // And after all that a plain tap selects.
        window.tap(100, 110, at: 6)
        #expect(model.log.last?.hasPrefix("select") == true)
    }

    @Test("Bad input: a handler that never completes leaves only that row open, nothing else stuck")
    func handlerNeverCompletes() {
        let model = SwipeModel()
        model.holdsCompletion = true
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 300, 110, by: -150, at: 0)
        window.tap(350, 110, at: 1)
        #expect(model.log == ["Delete 2"])
        #expect(table.swipedRow == IndexPath(row: 2, section: 0))
        // The table still scrolls, and another row still swipes (closing the first).
        drag(window, from: 300, 260, by: -150, at: 2)
        #expect(table.swipedRow == IndexPath(row: 5, section: 0))
        // The late completion of the first does not close the second.
        model.completions.first?(true)
        #expect(table.swipedRow == IndexPath(row: 5, section: 0))
        drag(window, from: 200, 300, by: 0, dy: -150, at: 3)
        #expect(table.contentOffset.y > 0)
        #expect(table.swipedRow == nil)
    }

    @Test("Re-entrancy: a destructive action that deletes its row leaves a consistent table")
    func destructiveDeletes() {
        let model = SwipeModel()
        model.deletesOnDelete = true
        let (window, table) = makeSwipeTable(model)
        drag(window, from: 300, 110, by: -150, at: 0)
        window.tap(350, 110, at: 1)
        #expect(model.log == ["Delete 2"])
        #expect(table.numberOfRows(inSection: 0) == 29)
        #expect(table.swipedRow == nil)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.text == "Row 4")
        #expect(table.visibleCells.allSatisfy { $0.frame.minX == 0 })
        // A full swipe deletes too.
        drag(window, from: 380, 160, by: -260, at: 2)
        #expect(table.numberOfRows(inSection: 0) == 28)
        #expect(table.visibleCells.map { $0.text ?? "" } == table.indexPathsForVisibleRows.map { model.rows[$0.row] })
    }
}
