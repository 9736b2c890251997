import InteractionKitCore

/// A view that shows one row of a `TableView`, as UIKit's
/// `UITableViewCell`; the table makes cells through the maker registered
/// for a reuse identifier, and reuses a cell that scrolled out for a row
/// that scrolls in (`prepareForReuse()` first).
///
/// For assistive technologies a cell is one element named by its `text`
/// (unless an `accessibilityLabel` is set), `selected` while selected.
open class TableViewCell: View {
    /// The identifier the cell was registered and is reused under.
    public internal(set) var reuseIdentifier: String?

    /// The row's text (its accessibility label unless one is set); nil by default.
    public var text: String? {
        didSet {
            guard oldValue != text else { return }
            if super.accessibilityLabel == nil { accessibilityDidChange(.label) }
        }
    }

    /// Whether the row is selected; the table sets it.
    public var isSelected = false {
        didSet { if oldValue != isSelected { accessibilityDidChange(.traits) } }
    }

    /// Whether the row is highlighted (a finger is on it); the table sets it.
    public var isHighlighted = false

    /// The table that shows the cell, while it does.
    weak var tableView: TableView?
    /// The flat row the cell shows, while it is visible.
    var flatRow = -1

    /// Creates a cell with its reuse identifier.
    public init(reuseIdentifier: String? = nil, frame: Rect = .zero) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: frame)
    }

    /// Called before the cell is handed out again for another row: resets
    /// what showed the last row (text, selection, highlight). Subclasses
    /// call `super`.
    open func prepareForReuse() {
        text = nil
        isSelected = false
        isHighlighted = false
    }

    /// A cell is one element for assistive technologies unless set otherwise, as in UIKit.
    override open var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The cell's name for assistive technologies: the one set, or its text.
    override open var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? text }
        set { super.accessibilityLabel = newValue }
    }

    /// The traits set, plus `selected` while selected.
    override open var accessibilityTraits: AccessibilityTraits {
        get { isSelected ? super.accessibilityTraits.union(.selected) : super.accessibilityTraits }
        set { super.accessibilityTraits = newValue }
    }

    /// The row's custom actions (L6): its swipe actions, "Move Up" and
    /// "Move Down" while it can be reordered, then the ones set on the cell.
    override open var accessibilityCustomActions: [AccessibilityCustomAction]? {
        get {
            let own = super.accessibilityCustomActions
            guard let rowActions = tableView?.rowCustomActions(for: self), !rowActions.isEmpty else { return own }
            return rowActions + (own ?? [])
        }
        set { super.accessibilityCustomActions = newValue }
    }

    /// A row showing in a table takes the keyboard's focus (L5): the table
    /// is one focus group, whose arrows move over the rows.
    override open var canBecomeFocused: Bool { tableView != nil && flatRow >= 0 }

    /// Selects the row as a tap does (Space, Return, a screen reader's
    /// activation); false outside a table or when selection is off.
    override open func activate() -> Bool {
        tableView?.activateRow(of: self) ?? false
    }

    // A finger on the cell reaches it once the scroll view has let it through
    // (after the content delay): the table decides about highlight and selection.

    /// Tells the table a finger landed on the row.
    override open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        tableView?.cellTouchBegan(self)
    }

    /// Tells the table the finger lifted on the row.
    override open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        tableView?.cellTouchEnded(self, touches: touches)
    }

    /// Tells the table the touch was taken away (a scroll began).
    override open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        tableView?.cellTouchCancelled(self)
    }
}
