/// The object that tells a table what it shows, as UIKit's
/// `UITableViewDataSource`: how many sections and rows, and a cell for each
/// visible row (from `TableView.dequeueReusableCell(withIdentifier:for:)`).
///
/// The table asks for a row's cell only while the row is visible; it asks
/// for counts on `reloadData()` and after each change it is told of, and
/// checks them against the change (a mismatch is reported and reloads).
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many sections the table has; 1 by default.
    func numberOfSections(in tableView: TableView) -> Int
    /// How many rows `section` has.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell that shows the row at `indexPath`.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The title over `section`, or nil for none (and no header); nil by default.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// Whether the row at `indexPath` may be reordered while editing; false by default.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The row at `sourceIndexPath` was moved to `destinationIndexPath` by
    /// the user: the data source moves its item; nothing by default.
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
    /// One section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No title.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No row moves.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing.
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}
