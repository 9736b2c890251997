/// The object a table tells about its rows, as UIKit's `UITableViewDelegate`;
/// it is the table's `delegate` (a `ScrollViewDelegate` that is also a
/// `TableViewDelegate`), so it hears the scrolling too. Every method is
/// optional.
///
/// Every method may re-enter the table (reload it, delete rows, select):
/// the table checks after each call that what it was doing still holds.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// The height of the row at `indexPath`, in points; the table's
    /// `rowHeight` by default. A negative or non-finite height counts as zero.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// Whether a touch on the row highlights it; true by default.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The row to select instead of the one at `indexPath`, or nil to
    /// select none; the same row by default.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected the row at `indexPath`.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user's selection deselected the row at `indexPath`.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The actions a drag to the right reveals on the row; nil (none) by default.
    func tableView(
        _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration?
    /// The actions a drag to the left reveals on the row; nil (none) by default.
    func tableView(
        _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration?
    /// `cell` is about to show the row at `indexPath`.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// `cell` no longer shows the row at `indexPath` (it scrolled out, or
    /// the row was deleted or reloaded).
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    /// The table's `rowHeight`.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        tableView.rowHeight
    }
    /// True.
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// The same row.
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// None.
    public func tableView(
        _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { nil }
    /// None.
    public func tableView(
        _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> SwipeActionsConfiguration? { nil }
    /// Does nothing.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Does nothing.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
}
