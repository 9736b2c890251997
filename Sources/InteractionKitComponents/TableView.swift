import Glibc
import InteractionKitCore

/// A scrolling list of rows in sections, as UIKit's `UITableView`: a data
/// source says how many rows there are and makes a cell for each visible
/// one, the delegate (the scroll view's `delegate`, used as a
/// `TableViewDelegate` when it is one) sizes rows and hears selections.
///
/// ```swift
/// let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
/// table.register(reuseIdentifier: "row") { TableViewCell() }
/// table.dataSource = model   // numberOfRowsInSection, cellForRowAt
/// table.delegate = model     // optional: heights, selection, swipe actions
/// ```
///
/// Rules L1–L2 of the contract:
/// - Only rows whose rects meet the visible bounds have cells; a cell that
///   scrolls out goes to the reuse pool and comes back for another row
///   through `dequeueReusableCell(withIdentifier:for:)` (which calls
///   `prepareForReuse()`); `willDisplay` and `didEndDisplaying` pair up.
/// - Row rects come from `heightForRowAt` (a titled section has a 28-point
///   header), kept in a Fenwick tree, so finding a row by index or by point
///   is logarithmic in the row count; `contentSize` follows them.
/// - A tap highlights a row once the scroll view lets the touch through
///   (the content delay) and selects it on the lift; a drag that scrolls
///   selects nothing. Code that selects tells nothing.
///
/// Bad input: an index path out of range is refused (or clamped where a
/// place is asked for); a data source whose counts do not agree with an
/// update it announced gets a message on `diagnosticSink` and a `reloadData()`.
open class TableView: ScrollView {
    /// The height of a titled section's header, in points.
    public static let sectionHeaderHeight = 28.0
    /// The most rows a table holds; a data source that claims more is held to it.
    public static let maximumRowCount = 1 << 24
    /// The most sections a table holds.
    public static let maximumSectionCount = 1 << 20

    /// Where the table's complaints about its data source go (one line
    /// each); standard error by default. Tests set it to collect them.
    public static var diagnosticSink: @MainActor (String) -> Void = { message in
        let line = "TableView: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    // MARK: Stored state

    /// The object that says what rows there are; held weakly. Setting it reloads.
    public var dataSource: (any TableViewDataSource)? {
        get { storedDataSource }
        set {
            storedDataSource = newValue
            reloadData()
        }
    }
    private weak var storedDataSource: (any TableViewDataSource)?

    /// The height of a row when the delegate does not say, in points; 44 by
    /// default. A negative or non-finite value is refused.
    public var rowHeight = 44.0 {
        didSet {
            guard rowHeight.isFinite, rowHeight >= 0 else {
                rowHeight = oldValue
                return
            }
            if oldValue != rowHeight { reloadData() }
        }
    }

    /// Whether a tap selects a row; true by default.
    public var allowsSelection = true
    /// Whether several rows may be selected at once (a tap on a selected
    /// row then deselects it); false by default.
    public var allowsMultipleSelection = false

    /// Whether the table is editing (rows that can move are reordered by a
    /// long press and a drag); false by default.
    public private(set) var isEditing = false

    /// The row geometry: heights, sections, headers.
    var geometry = TableRowGeometry()
    /// The makers of cells, by reuse identifier.
    private var cellMakers: [String: @MainActor () -> TableViewCell] = [:]
    /// Cells that scrolled out, by reuse identifier, waiting to be dequeued.
    var reusePool: [String: [TableViewCell]] = [:]
    /// The cells of the visible rows, in order: `visibleCellList[i]` shows
    /// flat row `visibleStart + i`.
    var visibleCellList: [TableViewCell] = []
    /// The flat row of `visibleCellList[0]`.
    var visibleStart = 0
    /// The header views showing, with their sections.
    var visibleHeaders: [(section: Int, view: Label)] = []
    /// The reading order from before the rows began to change, answered
    /// while they change (a cell hidden half way through would otherwise
    /// be announced against a half-built list); nil when no change runs
    /// or nobody listens.
    var accessibilityOrderWhileChanging: [any AccessibilityNode]?
    /// How deep changes of the rows (`beginChangingRows()`) have nested.
    var rowChangeDepth = 0
    /// Header views that scrolled out.
    private var headerPool: [Label] = []
    /// Each section's title.
    var sectionTitles: [String?] = []
    /// The selected rows.
    var selectedRows: Set<IndexPath> = []
    /// The flat row a finger highlights, or -1.
    var highlightedFlatRow = -1

    /// Whether the rows are being placed: a data source or delegate that
    /// reloads or edits from a callback made then gets a reload afterwards.
    var isPlacingRows = false
    /// A reload asked for while the rows were being placed.
    var reloadPending = false
    /// Counts reloads and edits, so a callback that made one is noticed.
    var contentSerial: UInt64 = 0

    /// The batch `performBatchUpdates(_:)` is collecting, if any.
    var pendingBatch: TableBatch?

    /// The row being swiped or left open, and how far (L3).
    var swipe = TableSwipeState()
    /// The horizontal drag that swipes rows open.
    let swipeRecognizer = TableSwipeGestureRecognizer()

    /// The row being moved by a long press and a drag, if any (L4).
    var reorder = TableReorderState()
    /// The long press that picks up a row while editing.
    let reorderRecognizer = TableReorderGestureRecognizer()
    /// The frames that scroll the table while a dragged row's finger is near an edge.
    var reorderLink: DisplayLink?

    /// The delegate as a table's delegate, when it is one.
    var tableDelegate: (any TableViewDelegate)? { delegate as? any TableViewDelegate }

    // MARK: Life

    /// Creates an empty table; it has no rows until it has a data source.
    override public init(frame: Rect = .zero) {
        super.init(frame: frame)
        alwaysBounceVertical = true
        swipeRecognizer.table = self
        swipeRecognizer.name = "table-row-swipe"
        addGestureRecognizer(swipeRecognizer)
        reorderRecognizer.table = self
        reorderRecognizer.name = "table-row-reorder"
        addGestureRecognizer(reorderRecognizer)
        // One focus group: Tab reaches the table once, the arrows move over its rows (L5).
        focusGroupIdentifier = "TableView \(UInt(bitPattern: ObjectIdentifier(self).hashValue))"
    }

    /// The elements set explicitly, or the table's subviews in reading
    /// order (`rowOrderedSubviews()`): a screen reader counts a row's place
    /// among its container's children, and reused cells sit among the
    /// subviews in no particular order.
    override open var accessibilityElements: [any AccessibilityNode]? {
        get { super.accessibilityElements ?? accessibilityOrderWhileChanging ?? rowOrderedSubviews() }
        set { super.accessibilityElements = newValue }
    }

    /// While one of its rows is focused, the arrows, Home, End and the page
    /// keys move the focus over the rows (L5: the table's page, not the
    /// scroll view's S9 scroll); other keys are the scroll view's.
    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        if presses.count == 1, let press = presses.first, moveRowFocus(for: press) { return }
        super.pressesBegan(presses, with: event)
    }

    // The recognizer points back here unowned: it must never read a freed table.
    isolated deinit {
        swipeRecognizer.table = nil
        reorderLink?.invalidate()
    }

    // MARK: Cells

    /// Registers how to make a new cell for `reuseIdentifier`; a second
    /// registration replaces the first.
    public func register(reuseIdentifier: String, _ make: @escaping @MainActor () -> TableViewCell) {
        cellMakers[reuseIdentifier] = make
    }

    /// A cell for the data source to fill for `indexPath`: one that scrolled
    /// out (after `prepareForReuse()`), or a new one from the maker
    /// registered for `identifier`. An identifier nobody registered gets a
    /// plain `TableViewCell` and a message.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = reusePool[identifier, default: []].popLast() {
            cell.prepareForReuse()
            return cell
        }
        let cell: TableViewCell
        if let make = cellMakers[identifier] {
            cell = make()
        } else {
            Self.diagnosticSink("no cell registered for reuse identifier \"\(identifier)\"; a plain cell is used")
            cell = TableViewCell()
        }
        cell.reuseIdentifier = identifier
        return cell
    }

    /// The cell showing the row at `indexPath`, or nil when the row is not visible (or out of range).
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        guard let flat = geometry.flatIndex(of: indexPath) else { return nil }
        return cell(forFlatRow: flat)
    }

    /// The cell showing flat row `flat`, if one does.
    func cell(forFlatRow flat: Int) -> TableViewCell? {
        let index = flat - visibleStart
        guard index >= 0, index < visibleCellList.count else { return nil }
        return visibleCellList[index]
    }

    /// The row `cell` shows, or nil when it shows none of this table's rows.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        guard cell.tableView === self, cell.flatRow >= 0, cell.flatRow < geometry.rowCount,
            self.cell(forFlatRow: cell.flatRow) === cell
        else { return nil }
        return geometry.indexPath(ofFlat: cell.flatRow)
    }

    /// The cells of the visible rows, top to bottom.
    public var visibleCells: [TableViewCell] { visibleCellList }

    /// The visible rows, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] {
        visibleCellList.indices.map { geometry.indexPath(ofFlat: visibleStart + $0) }
    }

    // MARK: Geometry

    /// How many sections the table has.
    public var numberOfSections: Int { geometry.sectionCount }

    /// How many rows `section` has (0 for a section out of range).
    public func numberOfRows(inSection section: Int) -> Int {
        geometry.rowCount(inSection: section)
    }

    /// The rect of the row at `indexPath`, in the table's (content)
    /// coordinates; `.zero` for a path out of range.
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        guard let flat = geometry.flatIndex(of: indexPath) else { return .zero }
        return rect(forFlatRow: flat)
    }

    /// The rect of flat row `flat`.
    func rect(forFlatRow flat: Int) -> Rect {
        Rect(x: 0, y: geometry.top(ofFlat: flat), width: bounds.size.width, height: geometry.heights[flat])
    }

    /// The row at `point` (in the table's coordinates), or nil when the
    /// point is on a header, beside the rows or past them.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        guard point.isFinite, point.x >= 0, point.x < bounds.size.width,
            let flat = geometry.flatRow(at: point.y)
        else { return nil }
        return geometry.indexPath(ofFlat: flat)
    }

    /// Scrolls so that the row at `indexPath` shows where `position` says
    /// (held within the content's edges). A path out of range is clamped to
    /// the nearest row; a table without rows does nothing.
    public func scrollToRow(at indexPath: IndexPath, at position: TableViewScrollPosition, animated: Bool) {
        guard geometry.rowCount > 0 else { return }
        let flat = clampedFlatRow(indexPath)
        scroll(toFlatRow: flat, at: position, animated: animated)
    }

    /// Scrolls flat row `flat` to `position`.
    func scroll(toFlatRow flat: Int, at position: TableViewScrollPosition, animated: Bool) {
        let rect = rect(forFlatRow: flat)
        let visible = bounds.size.height - contentInset.top - contentInset.bottom
        var offset = contentOffset
        switch position {
        case .none:
            scrollRectToVisible(rect, animated: animated)
            return
        case .top: offset.y = rect.minY - contentInset.top
        case .middle: offset.y = rect.midY - visible / 2 - contentInset.top
        case .bottom: offset.y = rect.maxY - visible - contentInset.top
        }
        let target = clampedOffset(offset)
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    /// The flat row nearest `indexPath`: its section and row held to the table's.
    func clampedFlatRow(_ indexPath: IndexPath) -> Int {
        if let flat = geometry.flatIndex(of: indexPath) { return flat }
        let sections = geometry.sectionCount
        let section = min(max(indexPath.section, 0), sections - 1)
        let count = geometry.rowCount(inSection: section)
        if count == 0 {
            // An empty section: the first row after it, else the last row.
            let start = geometry.sectionStarts[section]
            return min(start, geometry.rowCount - 1)
        }
        let row = min(max(indexPath.row, 0), count - 1)
        return geometry.sectionStarts[section] + row
    }

    // MARK: Reloading

    /// Forgets every row and asks the data source again: counts, titles,
    /// heights (the delegate's), and cells for the visible rows only. The
    /// selection keeps the rows that still exist.
    public func reloadData() {
        contentSerial &+= 1
        guard !isPlacingRows else {
            reloadPending = true
            return
        }
        pendingBatch = nil
        beginChangingRows()
        defer { endChangingRows() }
        cancelReorder()
        closeSwipe()
        endDisplayingAllCells()
        rebuildGeometry()
        selectedRows = selectedRows.filter { geometry.flatIndex(of: $0) != nil }
        if highlightedFlatRow >= geometry.rowCount { highlightedFlatRow = -1 }
        contentGeometryDidChange()
    }

    /// Asks the data source for counts and titles, the delegate for heights.
    func rebuildGeometry() {
        guard let source = dataSource else {
            sectionTitles = []
            geometry.rebuild(rowCounts: [], headerHeights: [], height: { _ in 0 })
            return
        }
        rebuildGeometry(source, counts: askedRowCounts(source))
    }

    /// Rebuilds the geometry for `counts`, asking titles and heights.
    func rebuildGeometry(_ source: any TableViewDataSource, counts: [Int]) {
        sectionTitles = counts.indices.map { source.tableView(self, titleForHeaderInSection: $0) }
        let headers = sectionTitles.map { $0 == nil ? 0 : Self.sectionHeaderHeight }
        let tableDelegate = self.tableDelegate
        let height = rowHeight
        geometry.rebuild(rowCounts: counts, headerHeights: headers) { path in
            tableDelegate?.tableView(self, heightForRowAt: path) ?? height
        }
    }

    /// The data source's counts, held to the table's limits.
    func askedRowCounts(_ source: any TableViewDataSource) -> [Int] {
        var sections = source.numberOfSections(in: self)
        if sections < 0 { sections = 0 }
        if sections > Self.maximumSectionCount {
            Self.diagnosticSink("numberOfSections \(sections) is more than \(Self.maximumSectionCount); held to that")
            sections = Self.maximumSectionCount
        }
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        var total = 0
        for section in 0..<sections {
            var count = max(0, source.tableView(self, numberOfRowsInSection: section))
            if count > Self.maximumRowCount - total {
                Self.diagnosticSink("more than \(Self.maximumRowCount) rows in all; section \(section) held to \(Self.maximumRowCount - total)")
                count = Self.maximumRowCount - total
            }
            total += count
            counts.append(count)
        }
        return counts
    }

    /// Sizes the content to the rows, places them, and keeps the offset within the content.
    func contentGeometryDidChange() {
        contentSize = Size(width: bounds.size.width, height: geometry.totalHeight)
        if !isDragging && !isDecelerating {
            let clamped = clampedOffset(contentOffset)
            if clamped != contentOffset {
                applyOffset(clamped)
                return
            }
        }
        placeRows()
    }

    // MARK: Placing rows

    /// A new size: the rows are as wide as the table, and more or fewer show.
    override open func layoutSubviews() {
        super.layoutSubviews()
        if contentSize.width != bounds.size.width {
            contentSize = Size(width: bounds.size.width, height: geometry.totalHeight)
        }
        placeRows()
    }

    /// The content moved: rows scroll in and out, and a row left open closes (L3).
    override func contentOffsetDidChange() {
        if swipe.flatRow >= 0 && !swipe.isTracking { closeSwipe() }
        placeRows()
    }

    /// Gives each row whose rect meets the visible bounds a cell, and takes
    /// them away from rows that no longer do, then places the headers.
    func placeRows() {
        guard !isPlacingRows else { return }
        beginChangingRows()
        defer { endChangingRows() }
        isPlacingRows = true
        placeVisibleCells()
        placeHeaders()
        isPlacingRows = false
        guard reloadPending else { return }
        reloadPending = false
        // A callback reloaded while rows were placed: reload now. One that
        // reloads every time it is asked is stopped after a few rounds.
        guard reloadDepth < 4 else {
            Self.diagnosticSink("the data source or delegate reloads the table each time a row is shown; reload stopped")
            return
        }
        reloadDepth += 1
        reloadData()
        reloadDepth -= 1
    }

    /// How deep reloads asked for from callbacks have nested.
    private var reloadDepth = 0

    /// The flat rows meeting the visible bounds: `first..<end`.
    func visibleFlatRange() -> (first: Int, end: Int) {
        var area = bounds
        if reorder.isActive {
            // Rows making room for a dragged row are drawn up to its height from their places.
            let height = geometry.heights[reorder.originFlat]
            area.origin.y -= height
            area.size.height += 2 * height
        }
        guard geometry.rowCount > 0, area.size.height > 0, dataSource != nil else { return (0, 0) }
        let first = geometry.firstFlatRow(endingBelow: area.minY)
        var end = first
        while end < geometry.rowCount && geometry.top(ofFlat: end) < area.maxY { end += 1 }
        return (first, end)
    }

    private func placeVisibleCells() {
        let (first, end) = visibleFlatRange()
        let oldStart = visibleStart
        let oldEnd = visibleStart + visibleCellList.count
        if first >= oldEnd || end <= oldStart || visibleCellList.isEmpty {
            endDisplayingAllCells()
            visibleStart = first
            var flat = first
            while flat < end {
                guard let cell = makeCell(forFlatRow: flat) else { break }
                visibleCellList.append(cell)
                flat += 1
            }
            return
        }
        // The old and new ranges overlap: trim both ends, then grow them.
        while visibleStart + visibleCellList.count > end, let cell = visibleCellList.popLast() {
            endDisplaying(cell, flatRow: visibleStart + visibleCellList.count)
        }
        while visibleStart < first, !visibleCellList.isEmpty {
            let cell = visibleCellList.removeFirst()
            endDisplaying(cell, flatRow: visibleStart)
            visibleStart += 1
        }
        if visibleCellList.isEmpty { visibleStart = first }
        while visibleStart > first {
            guard let cell = makeCell(forFlatRow: visibleStart - 1) else { break }
            visibleCellList.insert(cell, at: 0)
            visibleStart -= 1
        }
        while visibleStart + visibleCellList.count < end {
            guard let cell = makeCell(forFlatRow: visibleStart + visibleCellList.count) else { break }
            visibleCellList.append(cell)
        }
        // Rows kept may have moved (an edit above them): place them again.
        placeVisibleCellFrames()
    }

    /// Gives each visible cell the frame `rowFrame` says its row has now.
    func placeVisibleCellFrames() {
        for (index, cell) in visibleCellList.enumerated() {
            let frame = rowFrame(forFlatRow: visibleStart + index)
            if cell.frame != frame { cell.frame = frame }
        }
    }

    /// Where a row's cell goes: its rect, shifted while it is swiped open or dragged.
    func rowFrame(forFlatRow flat: Int) -> Rect {
        var frame = rect(forFlatRow: flat)
        if flat == swipe.flatRow { frame.origin.x += swipe.offset }
        if reorder.isActive { frame.origin.y = reorderedRowTop(ofFlat: flat) }
        return frame
    }

    /// Asks the data source for flat row `flat`'s cell, places and shows
    /// it, and tells the delegate it will display. Nil when there is no
    /// data source.
    func makeCell(forFlatRow flat: Int) -> TableViewCell? {
        guard let source = dataSource, flat < geometry.rowCount else { return nil }
        // The dragged row scrolled back in: it still has its cell, shown all along.
        if flat == reorder.originFlat, let cell = reorder.cell {
            cell.frame = rowFrame(forFlatRow: flat)
            return cell
        }
        let path = geometry.indexPath(ofFlat: flat)
        let cell = source.tableView(self, cellForRowAt: path)
        if cell.superview !== self {
            if cell.superview != nil { cell.removeFromSuperview() }
            _ = addSubview(cell)
        }
        cell.tableView = self
        cell.flatRow = flat
        cell.frame = rowFrame(forFlatRow: flat)
        cell.isSelected = selectedRows.contains(path)
        cell.isHighlighted = flat == highlightedFlatRow
        cell.isHidden = false
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        return cell
    }

    /// Hides `cell` and puts it in the pool of its reuse identifier (a cell
    /// without one leaves the table).
    func putInPool(_ cell: TableViewCell) {
        // A focused cell that scrolls away is not reused: reused, it would
        // carry the focus to another row with nobody told. It leaves the
        // table, and the focus repair (K4) moves the focus to a row that
        // shows and tells the focus observers.
        if let window, window.focusedItem === cell {
            cell.flatRow = -1
            cell.removeFromSuperview()
            return
        }
        cell.isHidden = true
        cell.isHighlighted = false
        cell.flatRow = -1
        if let identifier = cell.reuseIdentifier {
            reusePool[identifier, default: []].append(cell)
        } else {
            cell.removeFromSuperview()
        }
    }

    /// Takes `cell` off flat row `flatRow`: it hides and waits in the pool,
    /// and the delegate hears it ended displaying.
    func endDisplaying(_ cell: TableViewCell, flatRow: Int) {
        // The dragged row's cell stays under the finger when its row scrolls out.
        if cell === reorder.cell { return }
        putInPool(cell)
        guard flatRow < geometry.rowCount else { return }
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: geometry.indexPath(ofFlat: flatRow))
    }

    /// Every visible cell ends displaying (each told with the row it showed).
    func endDisplayingAllCells() {
        let start = visibleStart
        while let cell = visibleCellList.popLast() {
            endDisplaying(cell, flatRow: start + visibleCellList.count)
        }
        visibleStart = 0
    }

    /// Shows a header over each titled section whose header meets the visible bounds.
    func placeHeaders() {
        let area = bounds
        var kept = 0
        if geometry.sectionCount > 0 && area.size.height > 0 {
            var section = geometry.rowCount > 0
                ? geometry.section(ofFlat: min(geometry.firstFlatRow(endingBelow: area.minY), geometry.rowCount - 1)) : 0
            // A header just above the first visible row's section may still show.
            if section > 0 && geometry.headerTop(section) > area.minY { section -= 1 }
            while section < geometry.sectionCount && geometry.headerTop(section) < area.maxY {
                let height = geometry.headerHeights[section]
                let top = geometry.headerTop(section)
                if height > 0 && top + height > area.minY {
                    let frame = Rect(x: 0, y: top, width: area.size.width, height: height)
                    let title = sectionTitles[section]
                    if kept < visibleHeaders.count {
                        let header = visibleHeaders[kept].view
                        visibleHeaders[kept].section = section
                        if header.frame != frame { header.frame = frame }
                        if header.text != title { header.text = title }
                    } else {
                        let header = headerPool.popLast() ?? makeHeader()
                        header.frame = frame
                        header.text = title
                        header.isHidden = false
                        visibleHeaders.append((section, header))
                    }
                    kept += 1
                }
                section += 1
            }
        }
        while visibleHeaders.count > kept, let (_, header) = visibleHeaders.popLast() {
            header.isHidden = true
            headerPool.append(header)
        }
    }

    private func makeHeader() -> Label {
        let header = Label()
        header.accessibilityTraits = .header
        _ = addSubview(header)
        return header
    }

    /// The sections whose headers show, and their views (for pictures and tests).
    var headerViewsShowing: [(section: Int, view: Label)] { visibleHeaders }

    // MARK: Editing

    /// Starts or stops editing (while editing, rows that can move are
    /// reordered by a long press and a drag); ending editing puts a row
    /// being moved back, telling nothing.
    public func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        if !editing { cancelReorder() }
    }
}
