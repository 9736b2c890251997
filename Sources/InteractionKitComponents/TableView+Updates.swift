import InteractionKitCore

/// The edits announced to a table, collected until they are applied: the
/// deletions, reloads and move sources name rows as they were, the
/// insertions and move destinations rows as they will be (UIKit's rules).
struct TableBatch {
    var deletions: [IndexPath] = []
    var insertions: [IndexPath] = []
    var reloads: [IndexPath] = []
    var moves: [(from: IndexPath, to: IndexPath)] = []

    var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && reloads.isEmpty && moves.isEmpty }
}

/// Where each old row goes under a batch, worked out per section from the
/// rows leaving and the places taken by rows arriving, so that a lookup
/// costs the number of edits, not the number of rows.
struct TableBatchMapping {
    /// Per section, the old rows leaving (deleted or moved away), sorted.
    private var leaving: [[Int]]
    /// Per section, the new rows taken by insertions and moves, sorted.
    private var arriving: [[Int]]
    private var deleted: Set<IndexPath>
    private var moved: [IndexPath: IndexPath]

    init(_ batch: TableBatch, sectionCount: Int) {
        leaving = Array(repeating: [], count: sectionCount)
        arriving = Array(repeating: [], count: sectionCount)
        deleted = Set(batch.deletions)
        moved = [:]
        for path in batch.deletions { leaving[path.section].append(path.row) }
        for path in batch.insertions { arriving[path.section].append(path.row) }
        for move in batch.moves {
            leaving[move.from.section].append(move.from.row)
            arriving[move.to.section].append(move.to.row)
            moved[move.from] = move.to
        }
        for section in 0..<sectionCount {
            leaving[section].sort()
            arriving[section].sort()
        }
    }

    /// The row an old row becomes, or nil when it was deleted.
    func newPath(_ old: IndexPath) -> IndexPath? {
        if deleted.contains(old) { return nil }
        if let destination = moved[old] { return destination }
        var row = old.row
        for gone in leaving[old.section] where gone < old.row { row -= 1 }
        for taken in arriving[old.section] where taken <= row { row += 1 }
        return IndexPath(row: row, section: old.section)
    }

    /// How many rows `section` will have, from `count` before.
    func expectedCount(_ section: Int, before count: Int) -> Int {
        count - leaving[section].count + arriving[section].count
    }
}

extension TableView {
    /// Adds rows at `indexPaths` (as they will be) after the data source
    /// added them; the rows after them move down. Inside
    /// `performBatchUpdates(_:)` the edit waits for the batch's end.
    public func insertRows(at indexPaths: [IndexPath]) {
        var batch = TableBatch()
        batch.insertions = indexPaths
        announce(batch)
    }

    /// Removes the rows at `indexPaths` (as they were) after the data
    /// source removed them; their cells end displaying.
    public func deleteRows(at indexPaths: [IndexPath]) {
        var batch = TableBatch()
        batch.deletions = indexPaths
        announce(batch)
    }

    /// Moves the row at `indexPath` to `newIndexPath` after the data source moved it.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        var batch = TableBatch()
        batch.moves = [(indexPath, newIndexPath)]
        announce(batch)
    }

    /// Asks the data source again for the cells (and heights) of the rows
    /// at `indexPaths`; a visible one gets a new cell.
    public func reloadRows(at indexPaths: [IndexPath]) {
        var batch = TableBatch()
        batch.reloads = indexPaths
        announce(batch)
    }

    /// Runs `updates` (insertions, deletions, moves, reloads) and applies
    /// them together at its end, checking the data source's counts once.
    /// Batches nest: the outermost one applies.
    public func performBatchUpdates(_ updates: () -> Void) {
        let outermost = pendingBatch == nil
        if outermost { pendingBatch = TableBatch() }
        updates()
        guard outermost, let batch = pendingBatch else { return }
        pendingBatch = nil
        if !batch.isEmpty { apply(batch) }
    }

    /// Collects `batch` into the batch being performed, or applies it.
    private func announce(_ batch: TableBatch) {
        if var pending = pendingBatch {
            pending.deletions += batch.deletions
            pending.insertions += batch.insertions
            pending.reloads += batch.reloads
            pending.moves += batch.moves
            pendingBatch = pending
            return
        }
        apply(batch)
    }

    /// Why `batch` cannot be applied to counts `old` → `new`, or nil.
    private func problem(with batch: TableBatch, old: [Int], new: [Int]) -> String? {
        guard old.count == new.count else {
            return "the data source has \(new.count) sections after the update, but \(old.count) before (section updates are not supported)"
        }
        func inOld(_ path: IndexPath) -> Bool {
            path.section >= 0 && path.section < old.count && path.row >= 0 && path.row < old[path.section]
        }
        func inNew(_ path: IndexPath) -> Bool {
            path.section >= 0 && path.section < new.count && path.row >= 0 && path.row < new[path.section]
        }
        var leaving = Set<IndexPath>()
        for path in batch.deletions + batch.moves.map(\.from) {
            guard inOld(path) else { return "row \(path) deleted or moved is not in the table" }
            guard leaving.insert(path).inserted else { return "row \(path) is deleted or moved twice" }
        }
        for path in batch.reloads {
            guard inOld(path) else { return "row \(path) reloaded is not in the table" }
            guard !leaving.contains(path) else { return "row \(path) is both reloaded and deleted or moved" }
        }
        var arriving = Set<IndexPath>()
        for path in batch.insertions + batch.moves.map(\.to) {
            guard inNew(path) else { return "row \(path) inserted or moved to is past the data source's rows" }
            guard arriving.insert(path).inserted else { return "row \(path) is inserted or moved to twice" }
        }
        let mapping = TableBatchMapping(batch, sectionCount: old.count)
        for section in old.indices {
            let expected = mapping.expectedCount(section, before: old[section])
            if expected != new[section] {
                return "the data source has \(new[section]) rows in section \(section) after the update, "
                    + "but the table expected \(expected) (\(old[section]) before, the update's insertions and deletions applied)"
            }
        }
        return nil
    }

    /// Applies `batch`: checks the counts, moves the selection and the
    /// cells of rows that stay, ends the cells of rows deleted or reloaded,
    /// and makes cells for rows that now show.
    func apply(_ batch: TableBatch) {
        contentSerial &+= 1
        guard !isPlacingRows else {
            reloadPending = true
            return
        }
        guard let source = dataSource else { return reloadData() }
        beginChangingRows()
        defer { endChangingRows() }
        // The batch's paths are the data source's: a row being dragged goes back first.
        cancelReorder()
        var oldCounts: [Int] = []
        for section in 0..<geometry.sectionCount { oldCounts.append(geometry.rowCount(inSection: section)) }
        let newCounts = askedRowCounts(source)
        if let message = problem(with: batch, old: oldCounts, new: newCounts) {
            Self.diagnosticSink("\(message); reloading the table")
            return reloadData()
        }
        let mapping = TableBatchMapping(batch, sectionCount: oldCounts.count)
        let reloaded = Set(batch.reloads)
        // Where the visible cells' rows go, and which cells end.
        var kept: [IndexPath: TableViewCell] = [:]
        var ended: [(TableViewCell, IndexPath)] = []
        for (index, cell) in visibleCellList.enumerated() {
            let old = geometry.indexPath(ofFlat: visibleStart + index)
            if !reloaded.contains(old), let new = mapping.newPath(old) {
                kept[new] = cell
            } else {
                ended.append((cell, old))
            }
        }
        selectedRows = Set(selectedRows.compactMap { mapping.newPath($0) })
        // A row left open stays open where its row went, and closes if it went away.
        let swipedPath = swipe.flatRow >= 0 && swipe.flatRow < geometry.rowCount
            ? mapping.newPath(geometry.indexPath(ofFlat: swipe.flatRow)) : nil
        if swipedPath == nil { closeSwipe() }
        if highlightedFlatRow >= 0 { highlightedFlatRow = -1 }
        visibleCellList.removeAll(keepingCapacity: true)
        visibleStart = 0
        rebuildGeometry(source, counts: newCounts)
        if let swipedPath { swipe.flatRow = geometry.flatIndex(of: swipedPath) ?? -1 }
        isPlacingRows = true
        for (cell, old) in ended { retire(cell, told: old) }
        contentSize = Size(width: bounds.size.width, height: geometry.totalHeight)
        let clamped = clampedOffset(contentOffset)
        let offsetMoved = !isDragging && clamped != contentOffset
        if offsetMoved {
            // Placing waits: the new offset decides which rows show.
            var area = bounds
            area.origin = clamped
            bounds = area
        }
        let (first, end) = visibleFlatRange()
        visibleStart = first
        for flat in first..<end {
            let path = geometry.indexPath(ofFlat: flat)
            if let cell = kept.removeValue(forKey: path) {
                cell.flatRow = flat
                cell.frame = rowFrame(forFlatRow: flat)
                cell.isSelected = selectedRows.contains(path)
                visibleCellList.append(cell)
            } else if let cell = makeCell(forFlatRow: flat) {
                visibleCellList.append(cell)
            }
        }
        // Cells whose rows moved out of sight end with the rows' new paths.
        for (path, cell) in kept.sorted(by: { $0.key < $1.key }) { retire(cell, told: path) }
        placeHeaders()
        isPlacingRows = false
        if reloadPending {
            reloadPending = false
            reloadData()
        }
        if offsetMoved { delegate?.scrollViewDidScroll(self) }
    }

    /// Hides `cell`, puts it in the pool and tells the delegate it ended displaying `path`.
    private func retire(_ cell: TableViewCell, told path: IndexPath) {
        putInPool(cell)
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
    }
}
