/// A row's place in a table, as UIKit's `IndexPath` for tables: its section
/// and its row within that section, both counted from zero.
///
/// Index paths order by section, then by row.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, counted from zero.
    public var section: Int
    /// The row within the section, counted from zero.
    public var row: Int

    /// Creates the index path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Orders by section, then by row.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    /// `[section, row]`, as Foundation prints an index path.
    public var description: String { "[\(section), \(row)]" }
}
