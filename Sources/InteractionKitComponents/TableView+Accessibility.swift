import InteractionKitCore

// Rule L6: a table is a list to assistive technologies, and what a swipe or
// a drag does to a row is offered as the row's custom actions, so a
// screen-reader user reaches it without either.

extension TableView: AccessibilityListContainer {
    /// The names of the move actions a movable row offers while editing.
    public static let moveUpActionName = "Move Up"
    /// The name of the action that moves a row one down.
    public static let moveDownActionName = "Move Down"

    /// The subviews in reading order: those that are neither rows nor
    /// section headers first, as they are; then each section's header
    /// before its visible rows, the rows in order. Pooled cells are left out.
    func rowOrderedSubviews() -> [any AccessibilityNode] {
        var ordered: [any AccessibilityNode] = []
        for view in subviews where !(view is TableViewCell) && !visibleHeaders.contains(where: { $0.view === view }) {
            ordered.append(view)
        }
        let headers = visibleHeaders.sorted { $0.section < $1.section }
        var nextHeader = 0
        for (index, cell) in visibleCellList.enumerated() {
            let section = geometry.indexPath(ofFlat: visibleStart + index).section
            while nextHeader < headers.count, headers[nextHeader].section <= section {
                ordered.append(headers[nextHeader].view)
                nextHeader += 1
            }
            ordered.append(cell)
        }
        ordered.append(contentsOf: headers[nextHeader...].map(\.view))
        // A dragged row whose place scrolled away keeps its cell, shown.
        if let dragged = reorder.cell, !visibleCellList.contains(where: { $0 === dragged }) { ordered.append(dragged) }
        return ordered
    }

    /// Starts a change of the rows: assistive technologies asking meanwhile
    /// get the order from before, when anyone listens.
    func beginChangingRows() {
        rowChangeDepth += 1
        if rowChangeDepth == 1, window?.hasAccessibilityObservers == true {
            accessibilityOrderWhileChanging = rowOrderedSubviews()
        }
    }

    /// Ends a change of the rows: the outermost one tells the observers
    /// the children changed, once, against the order from before (rows
    /// that stayed in sight may have changed places with no subview
    /// coming or going).
    func endChangingRows() {
        rowChangeDepth -= 1
        guard rowChangeDepth == 0, accessibilityOrderWhileChanging != nil else { return }
        accessibilityOrderWhileChanging = nil
        accessibilityDidChange(.children)
    }

    /// The row a cell shows: its place in its section (1-based) and the
    /// section's row count; nil for a header or a cell showing no row.
    public func accessibilityListPosition(of child: any AccessibilityNode) -> (position: Int, count: Int)? {
        guard let cell = child as? TableViewCell, let path = indexPath(for: cell) else { return nil }
        return (path.row + 1, geometry.rowCount(inSection: path.section))
    }

    /// Whether several rows may be selected: `allowsMultipleSelection`.
    public var accessibilityListAllowsMultipleSelection: Bool { allowsMultipleSelection }

    /// Selects the row as a tap does (`willSelectRowAt`, `didSelectRowAt`),
    /// or deselects it telling `didDeselectRowAt`; false when selection is
    /// off, the child shows no row, or the delegate chose otherwise.
    public func accessibilitySetListRow(_ child: any AccessibilityNode, selected: Bool) -> Bool {
        guard allowsSelection, let cell = child as? TableViewCell, let path = indexPath(for: cell) else { return false }
        if selectedRows.contains(path) == selected { return true }
        if selected {
            selectRowAsUser(path)
        } else {
            deselectRow(at: path, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: path)
        }
        return selectedRows.contains(path) == selected
    }

    /// The custom actions of the row `cell` shows: its leading then
    /// trailing swipe actions by title, then, while editing a row the data
    /// source lets move, "Move Up" and "Move Down" where the row has a
    /// neighbour in its section. Each acts on the row the cell shows when
    /// it runs, and does nothing once the cell shows none.
    func rowCustomActions(for cell: TableViewCell) -> [AccessibilityCustomAction] {
        guard let path = indexPath(for: cell), let flat = geometry.flatIndex(of: path) else { return [] }
        var actions: [AccessibilityCustomAction] = []
        for leading in [true, false] {
            guard let configuration = swipeConfiguration(forFlatRow: flat, leading: leading) else { continue }
            for action in configuration.actions {
                actions.append(AccessibilityCustomAction(name: action.title ?? "") { [weak self, weak cell] _ in
                    guard let self, let cell, let path = self.indexPath(for: cell),
                          let flat = self.geometry.flatIndex(of: path) else { return false }
                    self.closeSwipe()
                    self.run(action, onFlatRow: flat)
                    return true
                })
            }
        }
        guard isEditing, let source = dataSource, source.tableView(self, canMoveRowAt: path) else { return actions }
        let count = geometry.rowCount(inSection: path.section)
        for (name, step) in [(Self.moveUpActionName, -1), (Self.moveDownActionName, 1)] {
            let target = path.row + step
            guard target >= 0, target < count else { continue }
            actions.append(AccessibilityCustomAction(name: name) { [weak self, weak cell] _ in
                guard let self, let cell, let from = self.indexPath(for: cell) else { return false }
                return self.moveRowAsUser(from, by: step)
            })
        }
        return actions
    }

    /// Moves the row at `from` one row up (`step` -1) or down (1) in its
    /// section as a reorder does: the data source is told `moveRowAt:to:`
    /// once, then the table moves the row. False at the section's edge, or
    /// when the row may not move.
    @discardableResult
    func moveRowAsUser(_ from: IndexPath, by step: Int) -> Bool {
        moveRowAsUser(from, to: IndexPath(row: from.row + step, section: from.section))
    }

    /// Moves the row at `from` to `to` as the user does (a reorder's lift,
    /// a "Move Up" action): the data source is told `moveRowAt:to:` once,
    /// then the table moves the row. False when either path is out of
    /// range, the table is not editing, or the row may not move.
    @discardableResult
    func moveRowAsUser(_ from: IndexPath, to: IndexPath) -> Bool {
        guard isEditing, let source = dataSource, geometry.flatIndex(of: from) != nil,
              geometry.flatIndex(of: to) != nil, source.tableView(self, canMoveRowAt: from) else { return false }
        let serial = contentSerial
        source.tableView(self, moveRowAt: from, to: to)
        // A data source that reloaded or edited from the callback has said what the rows are.
        guard serial == contentSerial else { return true }
        moveRow(at: from, to: to)
        return true
    }
}
