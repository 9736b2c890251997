/// A container whose children include the rows of a list (a table view),
/// so that assistive technologies read it as a list and each row with its
/// place ("3 of 30"): over AT-SPI the container is a `list` with
/// `org.a11y.atspi.Selection`, each row a `list item` with `posinset` and `setsize`.
@MainActor
public protocol AccessibilityListContainer: AnyObject {
    /// The place of `child` among the rows of its section (1-based) and
    /// how many rows the section has; nil for a child that is no row (a
    /// section header).
    func accessibilityListPosition(of child: any AccessibilityNode) -> (position: Int, count: Int)?
    /// Whether several rows may be selected at once.
    var accessibilityListAllowsMultipleSelection: Bool { get }
    /// Selects or deselects the row `child` shows, as an assistive
    /// technology asks (with the delegate told, as a tap tells it);
    /// returns whether the row is then as asked.
    func accessibilitySetListRow(_ child: any AccessibilityNode, selected: Bool) -> Bool
}
