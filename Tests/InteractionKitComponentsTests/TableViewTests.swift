import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A data source and delegate over titled rows, recording what the table tells it.
@MainActor
final class RowModel: TableViewDataSource, TableViewDelegate {
    var sections: [[String]]
    var titles: [String?]
    var heights: ((IndexPath) -> Double)?
    var log: [String] = []
    var cellRequests = 0
    var refuse: Set<IndexPath> = []

    init(rows: Int, sections: Int = 1, titles: [String?] = []) {
        self.sections = (0..<sections).map { _ in (0..<rows).map { "Row \($0 + 1)" } }
        self.titles = titles
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = sections[indexPath.section][indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < titles.count ? titles[section] : nil
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        heights?(indexPath) ?? tableView.rowHeight
    }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        refuse.contains(indexPath) ? nil : indexPath
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { log.append("deselect \(indexPath.row)") }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        log.append("show \(indexPath.row)")
    }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        log.append("end \(indexPath.row)")
    }
}

/// A cell that counts its reuses.
final class CountingCell: TableViewCell {
    var reuses = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

@MainActor
private func makeTable(_ model: RowModel, height: Double = 440) -> (Window, TableView) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: height))
    table.register(reuseIdentifier: "row") { CountingCell() }
    _ = window.addSubview(table)
    table.delegate = model
    table.dataSource = model
    return (window, table)
}

@Suite("Table view cells and geometry (L1)")
@MainActor
struct TableViewCellTests {
    @Test("L1: only visible rows have cells; scrolling reuses a cell and the display calls pair up")
    func visibleCellsAndReuse() {
        let model = RowModel(rows: 100)
        let (_, table) = makeTable(model)
        #expect(table.indexPathsForVisibleRows.map(\.row) == Array(0..<10))
        #expect(table.contentSize.height == 4400)
        #expect(table.cellForRow(at: IndexPath(row: 10, section: 0)) == nil)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.text == "Row 4")
        model.log = []
        table.contentOffset = Point(x: 0, y: 50)
        #expect(table.indexPathsForVisibleRows.map(\.row) == Array(1..<12))
        #expect(model.log == ["end 0", "show 10", "show 11"])
        let reused = table.cellForRow(at: IndexPath(row: 10, section: 0)) as? CountingCell
        #expect(reused?.reuses == 1)
        #expect(reused?.text == "Row 11")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        // Every show has its end after a jump far away.
        table.contentOffset = Point(x: 0, y: 3000)
        let shows = model.log.filter { $0.hasPrefix("show") }.count
        let ends = model.log.filter { $0.hasPrefix("end") }.count
        // The log started over with 10 rows showing.
        #expect(shows - ends == table.visibleCells.count - 10)
        #expect(table.subviews.count <= 13)
    }

    @Test("L1: varied heights and titled headers place rows; lookups by point and index agree")
    func geometryWithHeaders() {
        let model = RowModel(rows: 5, sections: 3, titles: ["A", nil, "C"])
        model.heights = { Double(20 + 10 * $0.row) }
        let (_, table) = makeTable(model)
        // Section 0: header 28, rows 20,30,40,50,60 = 200; section 1: no header; section 2: header.
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 28)
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 78)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 228)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 2)).minY == 228 + 200 + 28)
        #expect(table.contentSize.height == 28 + 200 + 200 + 28 + 200)
        #expect(table.indexPathForRow(at: Point(x: 10, y: 10)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 10, y: 80)) == IndexPath(row: 2, section: 0))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 440)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 10, y: 460)) == IndexPath(row: 0, section: 2))
        for section in 0..<3 {
            for row in 0..<5 {
                let rect = table.rectForRow(at: IndexPath(row: row, section: section))
                #expect(table.indexPathForRow(at: Point(x: 1, y: rect.midY)) == IndexPath(row: row, section: section))
            }
        }
        #expect(table.rectForRow(at: IndexPath(row: 9, section: 0)) == .zero)
        #expect(table.rectForRow(at: IndexPath(row: -1, section: 7)) == .zero)
    }

    @Test("L1/L7: a million rows of varied heights ask cells for the visible rows only")
    func millionRows() {
        let model = RowModel(rows: 0)
        model.sections = [Array(repeating: "x", count: 1_000_000)]
        model.heights = { Double(30 + ($0.row % 7) * 5) }
        let (_, table) = makeTable(model)
        #expect(model.cellRequests == table.visibleCells.count)
        let path = IndexPath(row: 765_432, section: 0)
        table.scrollToRow(at: path, at: .top, animated: false)
        #expect(table.indexPathsForVisibleRows.first == path)
        let rect = table.rectForRow(at: path)
        #expect(table.indexPathForRow(at: Point(x: 5, y: rect.minY + 1)) == path)
        table.scrollToRow(at: IndexPath(row: 5_000_000, section: 3), at: .bottom, animated: false)
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 999_999, section: 0))
    }

    @Test("L1: insert, delete, move and reload keep the cells of other rows and the selection")
    func updates() {
        let model = RowModel(rows: 20)
        let (_, table) = makeTable(model)
        table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
        let cell6 = table.cellForRow(at: IndexPath(row: 6, section: 0))
        model.sections[0].insert("New", at: 2)
        table.insertRows(at: [IndexPath(row: 2, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.text == "New")
        #expect(table.cellForRow(at: IndexPath(row: 7, section: 0)) === cell6)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 6, section: 0))
        model.sections[0].remove(at: 0)
        table.deleteRows(at: [IndexPath(row: 0, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.text == "Row 2")
        #expect(table.indexPathForSelectedRow == IndexPath(row: 5, section: 0))
        let moved = model.sections[0].remove(at: 0)
        model.sections[0].insert(moved, at: 3)
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
        #expect(table.visibleCells.map { $0.text ?? "" }.prefix(4) == ["New", "Row 3", "Row 4", "Row 2"])
        table.performBatchUpdates {
            model.sections[0].remove(at: 1)
            model.sections[0].append("Last")
            table.deleteRows(at: [IndexPath(row: 1, section: 0)])
            table.insertRows(at: [IndexPath(row: 19, section: 0)])
        }
        #expect(table.numberOfRows(inSection: 0) == 20)
        #expect(table.visibleCells.map { $0.text ?? "" }.prefix(3) == ["New", "Row 4", "Row 2"])
        let shows = model.log.filter { $0.hasPrefix("show") }.count
        let ends = model.log.filter { $0.hasPrefix("end") }.count
        #expect(shows - ends == table.visibleCells.count)
    }

    @Test("Bad input: counts that disagree with an update get a message and a reload, never a trap")
    func mismatchedCounts() {
        let model = RowModel(rows: 10)
        let (_, table) = makeTable(model)
        var messages: [String] = []
        let saved = TableView.diagnosticSink
        TableView.diagnosticSink = { messages.append($0) }
        defer { TableView.diagnosticSink = saved }
        model.sections[0].append(contentsOf: ["a", "b"])
        table.insertRows(at: [IndexPath(row: 10, section: 0)])
        #expect(messages.count == 1)
        #expect(messages.first?.contains("12 rows in section 0") == true)
        #expect(table.numberOfRows(inSection: 0) == 12)
        table.deleteRows(at: [IndexPath(row: 99, section: 4)])
        #expect(messages.count == 2)
        #expect(table.cellForRow(at: IndexPath(row: -3, section: 0)) == nil)
        table.selectRow(at: IndexPath(row: 50, section: 0), animated: false, scrollPosition: .top)
        #expect(table.indexPathForSelectedRow == nil)
    }
}

@Suite("Table view selection by touch (L2)")
@MainActor
struct TableViewSelectionTests {
    @Test("L2: a tap highlights after the content delay and selects on the lift; single selection moves")
    func tapSelects() {
        let model = RowModel(rows: 30)
        let (window, table) = makeTable(model)
        _ = window.down(100, 110, at: 0)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isHighlighted == false)
        window.advanceTime(to: 0.15)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isHighlighted == true)
        _ = window.up(100, 110, at: 0.2)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        #expect(model.log.last == "select 2")
        window.tap(100, 200, at: 1)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)])
        #expect(model.log.suffix(2) == ["deselect 2", "select 4"])
    }

    @Test("L2: willSelect nil refuses; multiple selection toggles; code selects silently")
    func refuseAndMultiple() {
        let model = RowModel(rows: 30)
        let (window, table) = makeTable(model)
        model.refuse = [IndexPath(row: 1, section: 0)]
        window.tap(100, 60, at: 0)
        #expect(table.indexPathForSelectedRow == nil)
        table.allowsMultipleSelection = true
        window.tap(100, 110, at: 1)
        window.tap(100, 160, at: 2)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0)])
        window.tap(100, 110, at: 3)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
        model.log = []
        table.selectRow(at: IndexPath(row: 9, section: 0), animated: false, scrollPosition: .none)
        #expect(model.log.isEmpty)
    }

    @Test("L2: a drag that scrolls selects nothing")
    func dragSelectsNothing() {
        let model = RowModel(rows: 30)
        let (window, table) = makeTable(model)
        _ = window.down(100, 300, at: 0)
        for step in 1...10 { _ = window.move(100, 300 - Double(step) * 12, at: Double(step) * 0.01) }
        _ = window.up(100, 180, at: 0.11)
        window.advanceTime(to: 3)
        #expect(table.contentOffset.y > 0)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(!model.log.contains { $0.hasPrefix("select") })
    }
}

/// A model that edits its table from inside the table's callbacks.
@MainActor
final class ReentrantModel: TableViewDataSource, TableViewDelegate {
    var rows = (0..<30).map { "Row \($0 + 1)" }
    weak var table: TableView?
    var deleteOnSelect = false

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = rows[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        if deleteOnSelect {
            rows.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath])
        } else {
            rows.append("More")
            tableView.reloadData()
        }
    }
}

@Suite("Table view re-entrancy")
@MainActor
struct TableViewReentrancyTests {
    @Test("A delegate that reloads or deletes the selected row inside didSelectRowAt leaves a consistent table")
    func editsInsideDidSelect() {
        let model = ReentrantModel()
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 440))
        table.register(reuseIdentifier: "row") { TableViewCell() }
        _ = window.addSubview(table)
        table.delegate = model
        table.dataSource = model
        window.tap(100, 110, at: 0)
        #expect(table.numberOfRows(inSection: 0) == 31)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        model.deleteOnSelect = true
        window.tap(100, 160, at: 1)
        #expect(table.numberOfRows(inSection: 0) == 30)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0) || table.indexPathForSelectedRow == nil)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.text == "Row 5")
        // Scrolling through keeps a bounded set of cells.
        for step in 0..<40 { table.contentOffset = Point(x: 0, y: Double(step * 23 % 880)) }
        #expect(table.subviews.count <= 13)
        #expect(table.visibleCells.map { $0.text ?? "" } == table.indexPathsForVisibleRows.map { model.rows[$0.row] })
    }
}
