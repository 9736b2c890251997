import Testing
import InteractionKitLinux
import InteractionKitTestSupport

extension Window {
    /// Presses and releases a key now.
    fileprivate func press(_ code: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = []) {
        let key = Key(keyCode: code, modifierFlags: modifiers)
        send(KeyInput(key: key, phase: .began, timestamp: currentTime))
        send(KeyInput(key: key, phase: .ended, timestamp: currentTime))
    }
}

@Suite("Table view keys and focus over rows (L5)")
@MainActor
struct TableKeysTests {
    /// A table 440 high of 100 rows of 44 points under a button, the window key.
    static func scene(rows: Int = 100) -> (Window, TableView, RowModel, Button) {
        let model = RowModel(rows: rows)
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let button = Button(title: "Above", frame: Rect(x: 0, y: 0, width: 390, height: 44))
        window.addSubview(button)
        let table = TableView(frame: Rect(x: 0, y: 50, width: 390, height: 440))
        table.register(reuseIdentifier: "row") { TableViewCell() }
        window.addSubview(table)
        table.delegate = model
        table.dataSource = model
        window.makeKey()
        return (window, table, model, button)
    }

    /// The row whose cell has the focus.
    static func focusedRow(_ window: Window, _ table: TableView) -> Int? {
        guard let cell = window.focusedItem as? TableViewCell else { return nil }
        return table.indexPath(for: cell)?.row
    }

    @Test("L5: the table is one Tab stop; Up and Down move a row, off-screen rows scroll in and get a cell")
    func arrows() {
        let (window, table, model, button) = Self.scene()
        defer { withExtendedLifetime(model) {} }
        #expect(window.focusedItem === button)
        window.press(.keyboardTab)
        #expect(Self.focusedRow(window, table) == 0)
        window.press(.keyboardDownArrow)
        window.press(.keyboardDownArrow)
        #expect(Self.focusedRow(window, table) == 2)
        window.press(.keyboardUpArrow)
        #expect(Self.focusedRow(window, table) == 1)
        for _ in 0..<12 { window.press(.keyboardDownArrow) }
        #expect(Self.focusedRow(window, table) == 13)
        // Row 13 (572–616) shows at the bottom of the 440-point table.
        #expect(table.contentOffset.y == 616 - 440)
        // Tab leaves the table in one step (back to the button, the only other stop).
        window.press(.keyboardTab)
        #expect(window.focusedItem === button)
        // and comes back to the row it left.
        window.press(.keyboardTab)
        #expect(Self.focusedRow(window, table) == 13)
    }

    @Test("L5: a focused row scrolled out of view never hands its focus to the row its cell is reused for unannounced")
    func focusedCellIsNotReusedSilently() {
        let (window, table, _, _) = Self.scene()
        window.press(.keyboardTab)
        #expect(Self.focusedRow(window, table) == 0)
        var told: [Int?] = []
        window.addFocusObserver { context in
            told.append((context.nextFocusedItem as? TableViewCell).flatMap { table.indexPath(for: $0)?.row })
        }
        // Scrolled from code far down: row 0's cell goes, and the cells are reused for rows 40…
        table.setContentOffset(Point(x: 0, y: 44 * 40), animated: false)
        let focused = Self.focusedRow(window, table)
        // Wherever the focus is now, the observers were told of it: never a row they did not hear of.
        #expect(focused == nil || told.last == focused, "the focus is on row \(String(describing: focused)), observers heard \(told)")
        if let cell = window.focusedItem as? TableViewCell { #expect(cell.window != nil && !cell.isHidden) }
        #expect(focused != 0, "row 0 has no cell now")
    }

    @Test("L5: Home and End go to the first and last row; Page Up and Down move a page of rows")
    func homeEndAndPages() {
        let (window, table, model, _) = Self.scene()
        defer { withExtendedLifetime(model) {} }
        window.press(.keyboardTab)
        window.press(.keyboardEnd)
        #expect(Self.focusedRow(window, table) == 99)
        #expect(table.cellForRow(at: IndexPath(row: 99, section: 0)) != nil)
        #expect(table.contentOffset.y == 4400 - 440)
        window.press(.keyboardDownArrow)
        #expect(Self.focusedRow(window, table) == 99)
        window.press(.keyboardHome)
        #expect(Self.focusedRow(window, table) == 0)
        #expect(table.contentOffset.y == 0)
        window.press(.keyboardPageDown)
        #expect(Self.focusedRow(window, table) == 10)
        window.press(.keyboardPageDown)
        #expect(Self.focusedRow(window, table) == 20)
        #expect(table.cellForRow(at: IndexPath(row: 20, section: 0)) != nil)
        window.press(.keyboardPageUp)
        #expect(Self.focusedRow(window, table) == 10)
        window.press(.keyboardPageUp)
        window.press(.keyboardPageUp)
        #expect(Self.focusedRow(window, table) == 0)
    }

    @Test("L5: Space and Return select the focused row as a tap does, telling the delegate")
    func spaceSelects() {
        let (window, table, model, _) = Self.scene()
        window.press(.keyboardTab)
        window.press(.keyboardDownArrow)
        window.press(.keyboardSpacebar)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(model.log.last == "select 1")
        window.press(.keyboardDownArrow)
        window.press(.keyboardReturnOrEnter)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(model.log.suffix(2) == ["deselect 1", "select 2"])
        // willSelect's refusal holds for keys too.
        model.refuse = [IndexPath(row: 3, section: 0)]
        window.press(.keyboardDownArrow)
        window.press(.keyboardSpacebar)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test("L5: a million rows: End focuses the last one, its cell made, nothing else asked")
    func millionRows() {
        let (window, table, model, _) = Self.scene(rows: 0)
        model.sections = [Array(repeating: "x", count: 1_000_000)]
        table.reloadData()
        window.press(.keyboardTab)
        model.cellRequests = 0
        window.press(.keyboardEnd)
        #expect(Self.focusedRow(window, table) == 999_999)
        #expect(model.cellRequests <= table.visibleCells.count)
    }
}
