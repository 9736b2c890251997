import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux

/// A data source of titled rows with a trailing "Delete" action, movable while editing.
@MainActor
private final class Rows: TableViewDataSource, TableViewDelegate {
    var titles = (1...5).map { "Row \($0)" }
    var moves: [(Int, Int)] = []
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = titles[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath.row, destinationIndexPath.row))
        titles.insert(titles.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            self?.titles.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath])
            done(true)
        }])
    }
}

/// Two titled sections of three rows.
@MainActor
private final class Sections: TableViewDataSource {
    func numberOfSections(in tableView: TableView) -> Int { 2 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Fruit" : "Bread" }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = "\(indexPath.section == 0 ? "Fruit" : "Bread") \(indexPath.row + 1)"
        return cell
    }
}

@MainActor
@Suite("A table over AT-SPI is a list of list items with positions, selection and custom actions (L6)")
struct AtspiListTests {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
    private let rows = Rows()

    init() {
        table.register(reuseIdentifier: "row") { TableViewCell() }
        window.addSubview(table)
        table.delegate = rows
        table.dataSource = rows
        window.makeKey()
    }

    @Test("the table is a list, each row a selectable list item with posinset and setsize")
    func rolesAndPositions() throws {
        let client = ExportClient(window: window)
        let list = client.path(of: table)
        #expect(try client.role(list) == "list")
        let third = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        let row = client.path(of: third)
        #expect(try client.role(row) == "list item")
        #expect(try client.name(row) == "Row 3")
        #expect(try client.states(row).contains("selectable"))
        var byKey: [String: String] = [:]
        for entry in try client.values(row, AtspiInterface.accessible, "GetAttributes").first?.elements ?? [] {
            if case .dictEntry(let key, let value) = entry, let name = key.string { byKey[name] = value.string }
        }
        #expect(byKey["posinset"] == "3")
        #expect(byKey["setsize"] == "5")
    }

    @Test("SelectChild selects the row as a tap does, and the list reports it")
    func selection() throws {
        let client = ExportClient(window: window)
        let list = client.path(of: table)
        #expect(try client.values(list, AtspiInterface.selection, "SelectChild", [.int32(1)]).first == .boolean(true))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(try client.property(list, AtspiInterface.selection, "NSelectedChildren")?.int32 == 1)
        #expect(try client.values(list, AtspiInterface.selection, "DeselectChild", [.int32(1)]).first == .boolean(true))
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test("a row's actions are click, its swipe actions and, while editing, Move Up and Move Down; DoAction runs them")
    func customActions() throws {
        let client = ExportClient(window: window)
        let second = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let row = client.path(of: second)
        func names() throws -> [String] {
            try client.values(row, AtspiInterface.action, "GetActions").first?.elements?.compactMap { $0.fields?.first?.string } ?? []
        }
        #expect(try names() == ["click", "Delete"])
        table.setEditing(true, animated: false)
        #expect(try names() == ["click", "Delete", "Move Up", "Move Down"])
        #expect(try client.property(row, AtspiInterface.action, "NActions")?.int32 == 4)
        // Move Down: the data source is told once and the row moves.
        #expect(try client.values(row, AtspiInterface.action, "DoAction", [.int32(3)]).first == .boolean(true))
        #expect(rows.moves.count == 1 && rows.moves.first! == (1, 2))
        #expect(rows.titles[2] == "Row 2")
        // Delete on the first row: the row is gone from the table.
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(try client.values(client.path(of: first), AtspiInterface.action, "DoAction", [.int32(1)]).first == .boolean(true))
        #expect(table.numberOfRows(inSection: 0) == 4)
        #expect(rows.titles.first == "Row 3")
        // An index past the actions is refused.
        #expect(try client.values(row, AtspiInterface.action, "DoAction", [.int32(9)]).first == .boolean(false))
    }

    /// The list's children as a client that caches them sees them: the
    /// last full read, then each `ChildrenChanged` applied as libatspi
    /// applies it (remove at the index, add at the index).
    func mirroredChildren(_ client: ExportClient, of list: String, from start: [String]) -> [String] {
        var mirror = start
        for event in client.events where event.member == "ChildrenChanged" && event.path?.text == list {
            guard let index = event.body[1].int32.map(Int.init),
                  let child = client.path(event.body[3].variantContent) else { continue }
            switch event.body[0].string {
            case "remove" where mirror.indices.contains(index) && mirror[index] == child: mirror.remove(at: index)
            case "add" where index <= mirror.count: mirror.insert(child, at: index)
            default: Issue.record("\(event.body[0].string ?? "?") \(index) of \(child) does not fit \(mirror)")
            }
        }
        return mirror
    }

    @Test("a row moved by its Move Up action is announced: a client that caches the children sees the new order")
    func moveAnnouncesNewOrder() throws {
        let client = ExportClient(window: window)
        let list = client.path(of: table)
        table.setEditing(true, animated: false)
        let before = try client.children(list)
        client.clearEvents()
        let last = try #require(table.cellForRow(at: IndexPath(row: 4, section: 0)))
        #expect(try client.values(client.path(of: last), AtspiInterface.action, "DoAction", [.int32(2)]).first == .boolean(true))
        #expect(rows.titles == ["Row 1", "Row 2", "Row 3", "Row 5", "Row 4"])
        let after = try client.children(list)
        #expect(try after.map { try client.name($0) } == rows.titles)
        #expect(mirroredChildren(client, of: list, from: before) == after, "\(client.eventLines)")
    }

    @Test("a row deleted by its Delete action is announced alone: one removal, not every row going and coming while the table changes")
    func deleteAnnouncesOneRemoval() throws {
        let client = ExportClient(window: window)
        let list = client.path(of: table)
        let before = try client.children(list)
        client.clearEvents()
        let third = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(try client.values(client.path(of: third), AtspiInterface.action, "DoAction", [.int32(1)]).first == .boolean(true))
        #expect(client.eventLines.filter { $0.hasPrefix("ChildrenChanged") } == ["ChildrenChanged remove 2 at \(list)"])
        let after = try client.children(list)
        #expect(mirroredChildren(client, of: list, from: before) == after)
        #expect(try after.map { try client.name($0) } == ["Row 1", "Row 2", "Row 4", "Row 5"])
    }

    @Test("after scrolling, the list's children are the visible rows in order, whichever cells were reused, and the events say so")
    func scrolledChildrenInRowOrder() throws {
        rows.titles = (1...40).map { "Row \($0)" }
        table.reloadData()
        let client = ExportClient(window: window)
        let list = client.path(of: table)
        let before = try client.children(list)
        client.clearEvents()
        table.setContentOffset(Point(x: 0, y: 300), animated: false)
        table.setContentOffset(Point(x: 0, y: 150), animated: false)
        let after = try client.children(list)
        let expected = table.indexPathsForVisibleRows.map { rows.titles[$0.row] }
        #expect(expected.first == "Row 4")
        #expect(try after.map { try client.name($0) } == expected)
        #expect(mirroredChildren(client, of: list, from: before) == after, "\(client.eventLines)")
    }

    @Test("a table's refresh control is a push button named Refresh whose click begins refreshing (S12)")
    func refreshControlOverAtspi() throws {
        let control = RefreshControl()
        var changes = 0
        control.addAction(for: .valueChanged) { _ in changes += 1 }
        table.refreshControl = control
        let client = ExportClient(window: window)
        let path = client.path(of: control)
        #expect(try client.children(client.path(of: table)).contains(path))
        #expect(try client.role(path) == "push button")
        #expect(try client.name(path) == "Refresh")
        #expect(try client.values(path, AtspiInterface.action, "DoAction", [.int32(0)]).first == .boolean(true))
        #expect(control.isRefreshing && changes == 1)
    }

    @Test("section titles are headings, each before its rows; a row's position counts in its section")
    func sectionHeadings() throws {
        let sections = Sections()
        table.dataSource = sections
        let client = ExportClient(window: window)
        let children = try client.children(client.path(of: table))
        #expect(try children.map { try client.name($0) ?? "" } == ["Fruit", "Fruit 1", "Fruit 2", "Fruit 3", "Bread", "Bread 1", "Bread 2", "Bread 3"])
        #expect(try client.role(children[0]) == "heading" && client.role(children[4]) == "heading")
        var byKey: [String: String] = [:]
        for entry in try client.values(children[6], AtspiInterface.accessible, "GetAttributes").first?.elements ?? [] {
            if case .dictEntry(let key, let value) = entry, let name = key.string { byKey[name] = value.string }
        }
        #expect(byKey["posinset"] == "2" && byKey["setsize"] == "3")
    }

    @Test("a plain view's custom actions are exported through Action as well")
    func plainViewCustomActions() throws {
        let panel = View(frame: Rect(x: 0, y: 700, width: 100, height: 40))
        panel.isAccessibilityElement = true
        panel.accessibilityLabel = "Note"
        var archived = 0
        panel.accessibilityCustomActions = [AccessibilityCustomAction(name: "Archive") { _ in archived += 1; return true }]
        window.addSubview(panel)
        let client = ExportClient(window: window)
        let path = client.path(of: panel)
        #expect(try client.values(path, AtspiInterface.accessible, "GetInterfaces").first?.elements?.contains { $0.string == AtspiInterface.action } == true)
        #expect(try client.values(path, AtspiInterface.action, "GetName", [.int32(0)]).first?.string == "Archive")
        #expect(try client.values(path, AtspiInterface.action, "DoAction", [.int32(0)]).first == .boolean(true))
        #expect(archived == 1)
    }
}
