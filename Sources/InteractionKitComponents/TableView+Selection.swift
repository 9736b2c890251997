import InteractionKitCore

extension TableView {
    // MARK: Selection (L2)

    /// The first selected row, or nil when none is.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

    /// The selected rows in table order, or nil when none is (as UIKit's).
    public var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects the row at `indexPath` (nil: deselects every row) and
    /// scrolls it to `scrollPosition`, telling the delegate nothing, as
    /// UIKit's. Without `allowsMultipleSelection` the other rows are
    /// deselected. A path out of range is refused.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: TableViewScrollPosition) {
        guard let indexPath else {
            for path in selectedRows { deselectQuietly(path) }
            return
        }
        guard let flat = geometry.flatIndex(of: indexPath) else { return }
        if !allowsMultipleSelection {
            for path in selectedRows where path != indexPath { deselectQuietly(path) }
        }
        selectedRows.insert(indexPath)
        cell(forFlatRow: flat)?.isSelected = true
        if scrollPosition != .none { scroll(toFlatRow: flat, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row at `indexPath`, telling the delegate nothing; a
    /// row not selected or out of range is left alone.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        deselectQuietly(indexPath)
    }

    private func deselectQuietly(_ indexPath: IndexPath) {
        guard selectedRows.remove(indexPath) != nil else { return }
        cellForRow(at: indexPath)?.isSelected = false
    }

    /// Selects the row as a tap does: asks `willSelectRowAt` (nil refuses;
    /// another path selects that row instead), deselects the previous row
    /// (telling `didDeselectRowAt`) unless multiple selection is on, where
    /// a selected row is deselected instead, and tells `didSelectRowAt`.
    func selectRowAsUser(_ indexPath: IndexPath) {
        guard allowsSelection, geometry.flatIndex(of: indexPath) != nil else { return }
        let serial = contentSerial
        if allowsMultipleSelection && selectedRows.contains(indexPath) {
            deselectQuietly(indexPath)
            tableDelegate?.tableView(self, didDeselectRowAt: indexPath)
            return
        }
        let target: IndexPath? = if let tableDelegate { tableDelegate.tableView(self, willSelectRowAt: indexPath) } else { indexPath }
        guard let chosen = target, serial == contentSerial, geometry.flatIndex(of: chosen) != nil else { return }
        if !allowsMultipleSelection {
            for path in selectedRows.sorted() where path != chosen {
                deselectQuietly(path)
                tableDelegate?.tableView(self, didDeselectRowAt: path)
                // A delegate that reloaded or edited: the rest of the old selection is its business.
                guard serial == contentSerial else { break }
            }
            guard geometry.flatIndex(of: chosen) != nil else { return }
        }
        selectedRows.insert(chosen)
        cellForRow(at: chosen)?.isSelected = true
        tableDelegate?.tableView(self, didSelectRowAt: chosen)
    }

    // MARK: Touches on rows

    /// A finger reached a row (after the scroll view's content delay): it
    /// highlights when the delegate agrees.
    func cellTouchBegan(_ cell: TableViewCell) {
        guard allowsSelection, !touchBelongsToSwipe, let path = indexPath(for: cell) else { return }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return }
        // The delegate may have reloaded: the cell must still show the row.
        guard let flat = geometry.flatIndex(of: path), self.cell(forFlatRow: flat) === cell else { return }
        highlightedFlatRow = flat
        cell.isHighlighted = true
    }

    /// The finger lifted: a lift on the highlighted row selects it.
    func cellTouchEnded(_ cell: TableViewCell, touches: Set<Touch>) {
        let wasHighlighted = cell.isHighlighted && highlightedFlatRow == cell.flatRow
        cell.isHighlighted = false
        highlightedFlatRow = -1
        guard wasHighlighted, !touchBelongsToSwipe, let path = indexPath(for: cell) else { return }
        if let touch = touches.first, !cell.bounds.contains(touch.location(in: cell)) { return }
        selectRowAsUser(path)
    }

    /// The touch was taken (a scroll): the highlight goes, nothing is selected.
    func cellTouchCancelled(_ cell: TableViewCell) {
        cell.isHighlighted = false
        if highlightedFlatRow == cell.flatRow { highlightedFlatRow = -1 }
    }
}
