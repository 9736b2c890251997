import InteractionKitCore

extension TableView {
    // MARK: Keys and focus over rows (L5)

    /// The flat row whose cell has the focus of the table's window, or -1.
    var focusedFlatRow: Int {
        guard let cell = window?.focusedItem as? TableViewCell, cell.tableView === self,
              self.cell(forFlatRow: cell.flatRow) === cell
        else { return -1 }
        return cell.flatRow
    }

    /// Moves the focus to flat row `flat`: the row is scrolled into view
    /// first (a row off screen gets its cell so), then its cell takes the
    /// focus. Returns whether the focus is there.
    @discardableResult
    func focusRow(flat: Int) -> Bool {
        guard let window, flat >= 0, flat < geometry.rowCount else { return false }
        let rect = rect(forFlatRow: flat)
        let inset = adjustedContentInset
        let shownTop = bounds.minY + inset.top
        let shownBottom = bounds.maxY - inset.bottom
        if cell(forFlatRow: flat) == nil || rect.minY < shownTop || rect.maxY > shownBottom {
            scroll(toFlatRow: flat, at: .none, animated: false)
        }
        guard let cell = cell(forFlatRow: flat) else { return false }
        return window.moveFocus(to: cell) && window.focusedItem === cell
    }

    /// Moves the focus over the rows for a key going down while one of
    /// them is focused: Up and Down a row, Home and End to the first and
    /// last row, Page Up and Page Down by a page of rows. Returns whether
    /// the key was the table's (then nothing else hears it, also at the
    /// first or last row, where the focus stays).
    func moveRowFocus(for press: Press) -> Bool {
        guard let key = press.key, key.modifierFlags.matchingKeyCommands.isEmpty else { return false }
        let focused = focusedFlatRow
        guard focused >= 0 else { return false }
        let last = geometry.rowCount - 1
        let inset = adjustedContentInset
        let page = max(rowHeight, bounds.size.height - inset.top - inset.bottom)
        let target: Int
        switch key.keyCode {
        case .keyboardUpArrow: target = max(0, focused - 1)
        case .keyboardDownArrow: target = min(last, focused + 1)
        case .keyboardHome: target = 0
        case .keyboardEnd: target = last
        case .keyboardPageDown:
            // The row a page below the focused one's middle (the last row past the end).
            let y = rect(forFlatRow: focused).midY + page
            target = y >= geometry.totalHeight ? last : min(last, max(focused + 1, geometry.firstFlatRow(endingBelow: y)))
        case .keyboardPageUp:
            let y = rect(forFlatRow: focused).midY - page
            target = y <= 0 ? 0 : max(0, min(focused - 1, geometry.firstFlatRow(endingBelow: y)))
        default:
            return false
        }
        if target != focused { focusRow(flat: target) }
        return true
    }

    /// Selects the row `cell` shows as a tap would (Space, Return, a screen
    /// reader's activation); false when it shows none or selection is off.
    func activateRow(of cell: TableViewCell) -> Bool {
        guard allowsSelection, let path = indexPath(for: cell) else { return false }
        selectRowAsUser(path)
        return true
    }
}
