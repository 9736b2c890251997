/// Where `TableView.scrollToRow(at:at:animated:)` puts a row, as UIKit's
/// `UITableView.ScrollPosition`.
public enum TableViewScrollPosition: Sendable, Equatable {
    /// As little scrolling as shows the row (none when it already shows).
    case none
    /// The row's top at the top of the visible area.
    case top
    /// The row in the middle of the visible area.
    case middle
    /// The row's bottom at the bottom of the visible area.
    case bottom
}
