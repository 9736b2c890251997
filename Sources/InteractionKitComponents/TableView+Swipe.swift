import InteractionKitCore

/// The row a swipe has moved (being swiped, or left open), and how far.
struct TableSwipeState {
    /// The flat row swiped, or -1 when every row is closed.
    var flatRow = -1
    /// How far the row is shifted, in points: negative shows the trailing
    /// actions (a drag to the left), positive the leading ones.
    var offset = 0.0
    /// The actions showing (the side `offset` points to).
    var configuration: SwipeActionsConfiguration?
    /// Whether `configuration` is the leading side's.
    var isLeading = false
    /// The offset when the finger began this drag (a row already open continues from there).
    var baseOffset = 0.0
    /// Whether a finger is swiping the row now.
    var isTracking = false
    /// Counts actions run; a completion that comes for an older one (or
    /// after the row closed) is ignored.
    var actionSerial: UInt64 = 0
    /// Whether an action's handler has not called its completion yet.
    var isRunningAction = false
    /// Whether the touch now down landed while a row was open: it closes
    /// the row (or runs an action) and selects nothing.
    var touchClosesRow = false
    /// The action the touch now down landed on, if it did.
    var touchedAction: ContextualAction?
    /// Whether the touch now down landed on the open row (or its actions):
    /// a horizontal drag from there moves that row.
    var touchOnOpenRow = false
    /// The flat row under the touch now down, or -1.
    var touchedFlatRow = -1
}

/// The table's horizontal drag on a row (L3): an ordinary pan that begins
/// only when the drag runs more across than along the table and the row
/// has actions that way, so it and the scroll view's pan exclude each
/// other through the arbiter, as any two recognizers do. It also sees the
/// taps on revealed actions and the touches that close an open row.
final class TableSwipeGestureRecognizer: PanGestureRecognizer {
    /// The table that owns this recognizer (unowned, cleared in its `deinit`).
    unowned var table: TableView?

    override init() {
        super.init()
        maximumNumberOfTouches = 1
    }

    override func touchBegan(_ touch: Touch, with event: Event) {
        super.touchBegan(touch, with: event)
        if numberOfTouches == 1 { table?.swipeTouchWentDown(at: touch.location(in: table)) }
    }

    /// A lift that never became a drag: a tap on a revealed action runs it.
    override func touchEnded(_ touch: Touch, with event: Event) {
        if state == .possible { table?.swipeTouchLifted(at: touch.location(in: table)) }
        super.touchEnded(touch, with: event)
    }

    override func shouldBegin() -> Bool {
        table?.swipeShouldBegin(translation(in: nil)) ?? false
    }

    override func stateDidChange(from oldState: State) {
        guard let table else { return }
        switch state {
        case .began: table.swipeBegan()
        case .changed: table.swipeMoved(translation(in: nil).x)
        case .ended: table.swipeEnded(translation(in: nil).x)
        case .cancelled: table.swipeCancelled()
        case .possible, .failed: break
        }
    }

    /// A swipe excludes the scroll view's pan, and the pan the swipe.
    override func canBePrevented(by other: GestureRecognizer) -> Bool { true }
}

extension TableView {
    // MARK: Swipe actions (L3)

    /// How wide each revealed action is, in points (UIKit's 74).
    public static let swipeActionWidth = 74.0
    /// The share of a row's width past which a swipe's lift runs the first
    /// action, when `performsFirstActionWithFullSwipe` (UIKit's 60 %).
    public static let fullSwipeFraction = 0.6

    /// The actions a swipe reveals on flat row `flat`, leading or trailing,
    /// when there are any (a delegate's configuration without actions counts as none).
    func swipeConfiguration(forFlatRow flat: Int, leading: Bool) -> SwipeActionsConfiguration? {
        guard flat >= 0, flat < geometry.rowCount, let tableDelegate else { return nil }
        let path = geometry.indexPath(ofFlat: flat)
        let configuration = leading
            ? tableDelegate.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
            : tableDelegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: path)
        guard let configuration, !configuration.actions.isEmpty else { return nil }
        return configuration
    }

    /// The row left open (or being swiped), if any.
    package var swipedRow: IndexPath? {
        swipe.flatRow >= 0 && swipe.flatRow < geometry.rowCount ? geometry.indexPath(ofFlat: swipe.flatRow) : nil
    }

    /// How far the swiped row is shifted (negative: its trailing actions show), in points.
    package var swipeOffset: Double { swipe.flatRow >= 0 ? swipe.offset : 0 }

    /// The actions showing beside the swiped row, each with its rect in the
    /// table's coordinates (the revealed width shared among them, the first
    /// nearest the edge): for pictures and for taps.
    package var revealedSwipeActions: [(action: ContextualAction, frame: Rect)] {
        guard swipe.flatRow >= 0, swipe.flatRow < geometry.rowCount, swipe.offset != 0,
              let actions = swipe.configuration?.actions, !actions.isEmpty
        else { return [] }
        let row = rect(forFlatRow: swipe.flatRow)
        let revealed = abs(swipe.offset)
        let each = revealed / Double(actions.count)
        return actions.enumerated().map { index, action in
            let x = swipe.isLeading ? row.minX + Double(index) * each : row.maxX - Double(index + 1) * each
            return (action, Rect(x: x, y: row.minY, width: each, height: row.height))
        }
    }

    /// Closes the open row at once; an action still running is forgotten
    /// (its completion, when it comes, does nothing).
    func closeSwipe() {
        let flat = swipe.flatRow
        swipe.flatRow = -1
        swipe.offset = 0
        swipe.configuration = nil
        swipe.isTracking = false
        swipe.isRunningAction = false
        guard flat >= 0, let cell = cell(forFlatRow: flat) else { return }
        let frame = rowFrame(forFlatRow: flat)
        if cell.frame != frame { cell.frame = frame }
    }

    /// Moves the swiped row to `offset`.
    private func setSwipeOffset(_ offset: Double) {
        swipe.offset = offset
        guard let cell = cell(forFlatRow: swipe.flatRow) else { return }
        let frame = rowFrame(forFlatRow: swipe.flatRow)
        if cell.frame != frame { cell.frame = frame }
    }

    /// A finger went down: on a revealed action it is a tap on that action
    /// (if it lifts); on the open row it may drag it; anywhere else it
    /// closes the open row at once. While a row was open the touch selects nothing.
    func swipeTouchWentDown(at point: Point) {
        swipe.touchedAction = nil
        swipe.touchOnOpenRow = false
        swipe.touchClosesRow = false
        swipe.touchedFlatRow = indexPathForRow(at: point).flatMap { geometry.flatIndex(of: $0) } ?? -1
        guard swipe.flatRow >= 0 else { return }
        swipe.touchClosesRow = true
        if let hit = revealedSwipeActions.first(where: { $0.frame.contains(point) }) {
            swipe.touchedAction = hit.action
            swipe.touchOnOpenRow = true
        } else if swipe.touchedFlatRow == swipe.flatRow {
            swipe.touchOnOpenRow = true
        } else {
            closeSwipe()
        }
    }

    /// A lift without a drag: a tap on an action runs it; a tap on the
    /// open row's content closes the row.
    func swipeTouchLifted(at point: Point) {
        guard swipe.touchClosesRow, swipe.flatRow >= 0 else { return }
        defer { swipe.touchedAction = nil }
        if let action = swipe.touchedAction,
           revealedSwipeActions.contains(where: { $0.action === action && $0.frame.contains(point) }) {
            guard !swipe.isRunningAction else { return }
            run(action, onFlatRow: swipe.flatRow)
            return
        }
        if swipe.touchOnOpenRow && swipe.touchedAction == nil { closeSwipe() }
    }

    /// Whether a drag by `translation` swipes: mostly across the table
    /// (the directional lock: otherwise the scroll view's pan takes it), on
    /// the open row, or on a row with actions on the side it uncovers.
    func swipeShouldBegin(_ translation: Point) -> Bool {
        guard translation.isFinite, abs(translation.x) > abs(translation.y) else { return false }
        if swipe.touchOnOpenRow && swipe.flatRow >= 0 { return !swipe.isRunningAction }
        let flat = swipe.touchedFlatRow
        guard flat >= 0 else { return false }
        return swipeConfiguration(forFlatRow: flat, leading: translation.x > 0) != nil
    }

    /// The swipe began: the row under the finger is the swiped one (another
    /// one open closed when the finger went down).
    func swipeBegan() {
        if !(swipe.touchOnOpenRow && swipe.flatRow >= 0) {
            closeSwipe()
            swipe.flatRow = swipe.touchedFlatRow
            swipe.offset = 0
        }
        guard swipe.flatRow >= 0 else { return }
        // The touch no longer highlights its row: it swipes it.
        if highlightedFlatRow == swipe.flatRow {
            cell(forFlatRow: highlightedFlatRow)?.isHighlighted = false
            highlightedFlatRow = -1
        }
        swipe.isTracking = true
        swipe.baseOffset = swipe.offset
        swipe.touchedAction = nil
        swipeMoved(swipeRecognizer.translation(in: nil).x)
    }

    /// Where the finger has pulled the row to (unbanded): its offset when
    /// the drag began plus the finger's travel across.
    private func pulledOffset(_ travel: Double) -> Double {
        swipe.baseOffset + (travel.isFinite ? travel : 0)
    }

    /// The row follows the finger: one to one up to its actions' width,
    /// rubber-banded past it; a side without actions stays closed.
    func swipeMoved(_ travel: Double) {
        guard swipe.isTracking, swipe.flatRow >= 0 else { return }
        let raw = pulledOffset(travel)
        let leading = raw > 0
        if raw == 0 {
            setSwipeOffset(0)
            return
        }
        if swipe.configuration == nil || swipe.isLeading != leading {
            swipe.configuration = swipeConfiguration(forFlatRow: swipe.flatRow, leading: leading)
            swipe.isLeading = leading
        }
        guard let configuration = swipe.configuration else {
            setSwipeOffset(0)
            return
        }
        let width = Double(configuration.actions.count) * Self.swipeActionWidth
        let pulled = abs(raw)
        let shown = pulled <= width
            ? pulled : width + ScrollViewPhysics.rubberBand(pulled - width, dimension: max(1, bounds.size.width))
        setSwipeOffset(leading ? shown : -shown)
    }

    /// The lift: past 60 % of the row's width (with
    /// `performsFirstActionWithFullSwipe`) the first action runs; past half
    /// the actions' width they stay open; else the row closes.
    func swipeEnded(_ travel: Double) {
        guard swipe.isTracking, swipe.flatRow >= 0 else { return }
        swipeMoved(travel)
        swipe.isTracking = false
        guard let configuration = swipe.configuration, swipe.offset != 0 else {
            closeSwipe()
            return
        }
        let width = Double(configuration.actions.count) * Self.swipeActionWidth
        let pulled = abs(pulledOffset(travel))
        let sign = swipe.isLeading ? 1.0 : -1.0
        if configuration.performsFirstActionWithFullSwipe, pulled > Self.fullSwipeFraction * bounds.size.width,
           let first = configuration.actions.first {
            setSwipeOffset(sign * width)
            run(first, onFlatRow: swipe.flatRow)
            return
        }
        if abs(swipe.offset) > width / 2 {
            setSwipeOffset(sign * width)
        } else {
            closeSwipe()
        }
    }

    /// The swipe was cancelled: the row closes.
    func swipeCancelled() {
        guard swipe.isTracking else { return }
        closeSwipe()
    }

    /// Runs `action`'s handler for flat row `flat`, with the row's cell as
    /// the view; the row stays open until the completion is called (either
    /// way it closes; a `.destructive` action that completes `true` has had
    /// its row deleted by the data source). A handler that never completes
    /// leaves the row open and nothing else waiting.
    func run(_ action: ContextualAction, onFlatRow flat: Int) {
        swipe.actionSerial &+= 1
        let serial = swipe.actionSerial
        swipe.isRunningAction = true
        let view: View = cell(forFlatRow: flat) ?? self
        action.handler(action, view) { [weak self] _ in
            guard let self, self.swipe.actionSerial == serial, self.swipe.isRunningAction else { return }
            self.swipe.isRunningAction = false
            self.closeSwipe()
        }
    }

    /// Whether the touch now down is the one that closed an open row (or
    /// tapped its actions): it neither highlights nor selects.
    var touchBelongsToSwipe: Bool { swipe.touchClosesRow || swipe.isTracking }
}
