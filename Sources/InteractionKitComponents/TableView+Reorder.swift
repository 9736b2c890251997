import InteractionKitCore

/// A row being moved by a long press and a drag (L4), in the table's rows
/// as the data source still has them: the data source hears of the move
/// once, on the lift, so until then the dragged row keeps its flat index
/// and the rows between it and where it would land are only drawn shifted.
struct TableReorderState {
    /// The flat row picked up, or -1 when no row is being moved.
    var originFlat = -1
    /// The flat row it would land on if the finger lifted now.
    var targetFlat = -1
    /// The flat rows of the picked-up row's section: `sectionStart..<sectionEnd`.
    var sectionStart = 0
    var sectionEnd = 0
    /// How far below the row's top the finger took hold of it.
    var grabOffset = 0.0
    /// The finger's height above the visible bounds' top edge (the bounds'
    /// origin is the content offset, so autoscrolling moves the row under a
    /// finger held still).
    var fingerY = 0.0
    /// The picked-up row's cell: it is neither reused nor told it ended
    /// displaying while it is dragged, even when its row scrolls out.
    var cell: TableViewCell?

    /// Whether a row is being moved.
    var isActive: Bool { originFlat >= 0 }
}

/// The long press that picks up a row while the table is editing (L4).
/// Begun, it excludes the scroll view's pan and the swipe, as any
/// recognizer that begins does; its moves drag the row, its lift drops it.
final class TableReorderGestureRecognizer: LongPressGestureRecognizer {
    /// The table that owns this recognizer (cleared in the table's `deinit`).
    weak var table: TableView?

    override init() {
        super.init()
        minimumPressDuration = TableView.reorderPressDuration
    }

    override func shouldBegin() -> Bool {
        guard let table else { return false }
        return table.reorderShouldBegin(at: location(in: table))
    }

    override func stateDidChange(from oldState: State) {
        guard let table else { return }
        switch state {
        case .began: table.reorderBegan(at: location(in: table))
        case .changed: table.reorderMoved(to: location(in: table))
        case .ended: table.reorderEnded()
        case .cancelled: table.cancelReorder()
        case .possible, .failed: break
        }
    }
}

extension TableView {
    // MARK: Reordering (L4)

    /// How long a finger holds a row before it is picked up, in seconds (UIKit's 0.5).
    public static let reorderPressDuration = 0.5
    /// How near the visible top or bottom edge a dragged row's finger
    /// scrolls the table, in points.
    public static let reorderAutoscrollEdge = 44.0
    /// The fastest a table scrolls under a dragged row, in points a second
    /// (at the edge or past it; slower farther in).
    public static let reorderAutoscrollSpeed = 600.0

    /// The row being moved, where it would land now; nil when none is (for pictures and tests).
    package var reorderingRow: (from: IndexPath, to: IndexPath)? {
        guard reorder.isActive else { return nil }
        return (geometry.indexPath(ofFlat: reorder.originFlat), geometry.indexPath(ofFlat: reorder.targetFlat))
    }

    /// The dragged row's cell, while a row is moved (for pictures).
    package var reorderingCell: TableViewCell? { reorder.cell }

    /// Whether a long press at `point` picks up a row: the table is
    /// editing, no row is being moved, and the row there shows and may move.
    func reorderShouldBegin(at point: Point) -> Bool {
        guard isEditing, !reorder.isActive, let source = dataSource, let path = indexPathForRow(at: point),
              let flat = geometry.flatIndex(of: path), cell(forFlatRow: flat) != nil
        else { return false }
        return source.tableView(self, canMoveRowAt: path)
    }

    /// The row under `point` is picked up: it rises over the others and follows the finger.
    func reorderBegan(at point: Point) {
        guard isEditing, let path = indexPathForRow(at: point), let flat = geometry.flatIndex(of: path),
              let cell = cell(forFlatRow: flat)
        else { return }
        closeSwipe()
        if highlightedFlatRow >= 0 {
            self.cell(forFlatRow: highlightedFlatRow)?.isHighlighted = false
            highlightedFlatRow = -1
        }
        let section = geometry.section(ofFlat: flat)
        reorder = TableReorderState(
            originFlat: flat, targetFlat: flat, sectionStart: geometry.sectionStarts[section],
            sectionEnd: geometry.sectionStarts[section + 1], grabOffset: point.y - geometry.top(ofFlat: flat),
            fingerY: point.y - bounds.minY, cell: cell)
        // Drawn over the rows it passes.
        addSubview(cell)
        layOutReorderedRows()
        updateReorderAutoscroll()
    }

    /// The finger moved to `point`: the row follows, the rows it passes make room.
    func reorderMoved(to point: Point) {
        guard reorder.isActive, point.isFinite else { return }
        reorder.fingerY = point.y - bounds.minY
        updateReorderTarget()
        layOutReorderedRows()
        updateReorderAutoscroll()
    }

    /// The lift: the row lands where it is, and the data source is told
    /// `moveRowAt:to:` once (nothing when it lands where it began).
    func reorderEnded() {
        guard reorder.isActive else { return }
        let from = geometry.indexPath(ofFlat: reorder.originFlat)
        let to = geometry.indexPath(ofFlat: reorder.targetFlat)
        finishReorder()
        if from != to { moveRowAsUser(from, to: to) }
    }

    /// Puts the row being moved back where it was, telling nothing (a
    /// cancelled touch, the end of editing, a reload or an edit from code).
    func cancelReorder() {
        guard reorder.isActive else { return }
        finishReorder()
    }

    /// Forgets the move in progress; the dragged cell goes back among the
    /// visible cells, or ends displaying when its row no longer shows.
    private func finishReorder() {
        let origin = reorder.originFlat
        let cell = reorder.cell
        reorder = TableReorderState()
        reorderLink?.invalidate()
        reorderLink = nil
        if let cell, !visibleCellList.contains(where: { $0 === cell }) {
            endDisplaying(cell, flatRow: origin)
        }
        placeRows()
        layOutReorderedRows()
    }

    /// The top of the dragged row, in content coordinates: under the finger
    /// (held within the visible bounds), and within its section's rows.
    private var draggedRowTop: Double {
        let height = geometry.heights[reorder.originFlat]
        let finger = bounds.minY + min(max(reorder.fingerY, 0), bounds.size.height)
        let first = geometry.top(ofFlat: reorder.sectionStart)
        let last = geometry.top(ofFlat: reorder.sectionEnd - 1) + geometry.heights[reorder.sectionEnd - 1]
        return max(first, min(finger - reorder.grabOffset, last - height))
    }

    /// Where flat row `flat` is drawn while a row is moved: the dragged row
    /// under the finger, the rows between its place and its target shifted
    /// by its height to make room.
    func reorderedRowTop(ofFlat flat: Int) -> Double {
        let origin = reorder.originFlat, target = reorder.targetFlat
        if flat == origin { return draggedRowTop }
        let top = geometry.top(ofFlat: flat)
        let height = geometry.heights[origin]
        if origin < flat && flat <= target { return top - height }
        if target <= flat && flat < origin { return top + height }
        return top
    }

    /// Moves the target to the place whose top is nearest the dragged
    /// row's: a function of where the row is, so that dragging it back to
    /// where it began targets where it began.
    private func updateReorderTarget() {
        let origin = reorder.originFlat
        let height = geometry.heights[origin]
        let top = draggedRowTop
        /// The dragged row's top if it landed on `flat`: rows after its own
        /// place move up by its height to make room.
        func landingTop(_ flat: Int) -> Double {
            flat <= origin ? geometry.top(ofFlat: flat) : geometry.top(ofFlat: flat) + geometry.heights[flat] - height
        }
        // Rows of no height could be crossed by the million: the rest wait for the next move or frame.
        for _ in 0..<1_000 {
            let target = reorder.targetFlat
            let here = abs(top - landingTop(target))
            if target + 1 < reorder.sectionEnd && abs(top - landingTop(target + 1)) < here {
                reorder.targetFlat += 1
            } else if target - 1 >= reorder.sectionStart && abs(top - landingTop(target - 1)) < here {
                reorder.targetFlat -= 1
            } else {
                break
            }
        }
    }

    /// Places the visible cells and the dragged one where `rowFrame` says.
    private func layOutReorderedRows() {
        placeVisibleCellFrames()
        if let cell = reorder.cell {
            let frame = rowFrame(forFlatRow: reorder.originFlat)
            if cell.frame != frame { cell.frame = frame }
        }
    }

    /// How fast the table scrolls under the finger now, in points a second
    /// (negative: up), zero away from the edges.
    private var reorderAutoscrollVelocity: Double {
        let top = contentInset.top
        let bottom = bounds.size.height - contentInset.bottom
        let edge = Self.reorderAutoscrollEdge
        let fromTop = reorder.fingerY - top, fromBottom = bottom - reorder.fingerY
        guard fromTop.isFinite, fromBottom.isFinite, min(fromTop, fromBottom) < edge else { return 0 }
        let nearness = min(1, (edge - min(fromTop, fromBottom)) / edge)
        return (fromTop < fromBottom ? -1 : 1) * Self.reorderAutoscrollSpeed * nearness
    }

    /// Runs the autoscroll's frames while the finger is near an edge the
    /// content can still scroll past; holds them otherwise.
    private func updateReorderAutoscroll() {
        let velocity = reorderAutoscrollVelocity
        var probe = contentOffset
        probe.y += velocity > 0 ? 1 : -1
        guard reorder.isActive, velocity != 0, clampedOffset(probe) != contentOffset, let window else {
            reorderLink?.isPaused = true
            return
        }
        if let reorderLink, !reorderLink.isInvalidated {
            reorderLink.isPaused = false
            return
        }
        reorderLink = DisplayLink(window: window) { [weak self] link in self?.reorderAutoscrollFrame(link) }
    }

    /// One autoscroll frame: the content moves by the velocity for a
    /// frame's time, and the dragged row, held under the finger, moves with it.
    private func reorderAutoscrollFrame(_ link: DisplayLink) {
        guard reorder.isActive else {
            link.isPaused = true
            return
        }
        var offset = contentOffset
        offset.y += reorderAutoscrollVelocity * link.duration
        let clamped = clampedOffset(offset)
        guard clamped != contentOffset else {
            link.isPaused = true
            return
        }
        applyOffset(clamped)
        guard reorder.isActive else { return }
        updateReorderTarget()
        layOutReorderedRows()
        updateReorderAutoscroll()
    }
}
