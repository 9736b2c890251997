/// The heights of a table's rows and headers, kept so that a row's place
/// and the row at a place are found in logarithmic time: a Fenwick
/// (binary indexed) tree over the rows' heights in table order, and the
/// sections' first rows and header heights in plain arrays.
///
/// Rows are numbered in table order across sections ("flat" indices);
/// `sectionStarts[s]` is the flat index of section `s`'s first row.
struct TableRowGeometry {
    /// The Fenwick tree, 1-based: `tree[i]` sums the heights of the
    /// `i & -i` rows ending at flat row `i - 1`.
    private var tree: [Double] = [0]
    /// The heights themselves, for reading one row without two prefix sums.
    private(set) var heights: [Double] = []
    /// The flat index of each section's first row, and one past the last at the end.
    private(set) var sectionStarts: [Int] = [0]
    /// Each section's header height (28 when titled, else 0).
    private(set) var headerHeights: [Double] = []
    /// The sum of the header heights of the sections before each one (and all at the end).
    private var headerPrefix: [Double] = [0]

    /// How many sections.
    var sectionCount: Int { headerHeights.count }
    /// How many rows in all.
    var rowCount: Int { heights.count }

    /// Rebuilds from each section's row count and header height, asking
    /// `height` for each row by flat index and section-relative path.
    mutating func rebuild(rowCounts: [Int], headerHeights headers: [Double], height: (IndexPath) -> Double) {
        headerHeights = headers
        sectionStarts.removeAll(keepingCapacity: true)
        headerPrefix.removeAll(keepingCapacity: true)
        heights.removeAll(keepingCapacity: true)
        var start = 0
        var headerSum = 0.0
        for (section, count) in rowCounts.enumerated() {
            sectionStarts.append(start)
            headerPrefix.append(headerSum)
            headerSum += headers[section]
            for row in 0..<count {
                heights.append(Self.sanitized(height(IndexPath(row: row, section: section))))
            }
            start += count
        }
        sectionStarts.append(start)
        headerPrefix.append(headerSum)
        // The tree in linear time: each node passes its sum to its parent.
        tree.removeAll(keepingCapacity: true)
        tree.append(0)
        tree.append(contentsOf: heights)
        let n = heights.count
        if n > 0 {
            for i in 1...n {
                let parent = i + (i & -i)
                if parent <= n { tree[parent] += tree[i] }
            }
        }
    }

    /// A height a delegate gave, as the table uses it: non-negative and finite.
    static func sanitized(_ height: Double) -> Double {
        height.isFinite ? max(0, height) : 0
    }

    /// How many rows section `section` has (0 for a section out of range).
    func rowCount(inSection section: Int) -> Int {
        guard section >= 0, section < sectionCount else { return 0 }
        return sectionStarts[section + 1] - sectionStarts[section]
    }

    /// The flat index of `indexPath`, or nil when it is out of range.
    func flatIndex(of indexPath: IndexPath) -> Int? {
        guard indexPath.section >= 0, indexPath.section < sectionCount, indexPath.row >= 0,
            indexPath.row < rowCount(inSection: indexPath.section)
        else { return nil }
        return sectionStarts[indexPath.section] + indexPath.row
    }

    /// The section holding flat row `flat` (which must be in range).
    func section(ofFlat flat: Int) -> Int {
        // The last section whose start is at or before `flat`, skipping empty ones.
        var low = 0, high = sectionCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= flat { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The index path of flat row `flat` (which must be in range).
    func indexPath(ofFlat flat: Int) -> IndexPath {
        let section = section(ofFlat: flat)
        return IndexPath(row: flat - sectionStarts[section], section: section)
    }

    /// The sum of the heights of the rows before flat row `flat`.
    func rowPrefix(_ flat: Int) -> Double {
        var i = flat, sum = 0.0
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The top of flat row `flat`, in content coordinates.
    func top(ofFlat flat: Int) -> Double {
        rowPrefix(flat) + headerPrefix[section(ofFlat: flat) + 1]
    }

    /// The top of section `section`'s header.
    func headerTop(_ section: Int) -> Double {
        rowPrefix(sectionStarts[section]) + headerPrefix[section]
    }

    /// The height of everything.
    var totalHeight: Double {
        rowPrefix(rowCount) + (headerPrefix.last ?? 0)
    }

    /// The number of leading rows whose heights sum to at most `value`
    /// (the rows wholly above a place `value` down the rows alone).
    private func rowsFitting(_ value: Double) -> Int {
        var position = 0, remaining = value
        var step = 1
        while step * 2 <= rowCount { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= rowCount && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }

    /// The flat row whose rect holds `y` (its top at or above, its bottom
    /// below), or nil when `y` is in a header, above the rows or below them.
    func flatRow(at y: Double) -> Int? {
        guard y.isFinite, y >= 0, rowCount > 0 else { return nil }
        // The last section whose header starts at or above y.
        var low = 0, high = sectionCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if headerTop(mid) <= y { low = mid } else { high = mid - 1 }
        }
        let section = low
        let local = y - headerPrefix[section + 1]
        let flat = rowsFitting(local)
        guard flat >= sectionStarts[section], flat < sectionStarts[section + 1], local >= rowPrefix(flat) else {
            return nil
        }
        return flat
    }

    /// The first flat row whose rect reaches below `y` (the first row a
    /// visible area starting at `y` may show), or `rowCount`.
    func firstFlatRow(endingBelow y: Double) -> Int {
        guard rowCount > 0 else { return 0 }
        guard y.isFinite, y > 0 else { return 0 }
        var low = 0, high = sectionCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if headerTop(mid) <= y { low = mid } else { high = mid - 1 }
        }
        // Rows of this section wholly at or above y are skipped; an empty
        // or passed section leads to the next section's first row.
        let local = y - headerPrefix[low + 1]
        let flat = max(rowsFitting(local), sectionStarts[low])
        return min(flat, rowCount)
    }
}
