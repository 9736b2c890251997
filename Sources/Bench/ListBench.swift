// The table view's cases (rule L7): a scroll frame in a table of 1 000 000
// rows of varied heights against one of 100, with no heap block per frame
// once cells are reused; row lookups by point and by index in 1 000 000
// rows against 1 000; and the cellForRowAt calls of one reloadData() of
// 1 000 000 rows. Frames and lookups are counted by callgrind and dhat as
// differences between untimed runs, so that building the table cancels out.
//
//   Bench --list-frames ROWS FRAMES     FRAMES scroll frames of 7 points in a table of ROWS rows, from its middle
//   Bench --list-lookups ROWS LOOKUPS   LOOKUPS lookups in ROWS rows, alternately indexPathForRow(at:) and rectForRow(at:)
//   Bench --list-reload ROWS            one reloadData() of ROWS rows after the first display; prints its cellForRowAt calls
//   Bench --list-report                 runs them (frames and lookups under valgrind) and checks the targets
import Glibc
import InteractionKitLinux

/// The data source and delegate of the benchmark's table: `rowCount` rows
/// in one section, of heights from 30 to 69 points that vary from row to
/// row without a pattern a cache of equal heights could exploit. It counts
/// what the table asks of it, so each case can check what it measured.
@MainActor
final class ListBenchModel: TableViewDataSource, TableViewDelegate {
    /// How many rows the table has.
    let rowCount: Int
    /// How many times the table asked for a cell (`cellForRowAt`).
    var cellRequests = 0
    /// How many cells the registered maker made: the rest were reused.
    var cellsMade = 0
    /// How many times the table said it scrolled.
    var scrolls = 0
    /// A few texts made once: a cell shares one instead of having a string
    /// built for it, so that a frame's cost is the table's, not the model's.
    let texts: [String] = (0..<16).map { "Row kind \($0)" }

    /// A model of `rowCount` rows.
    init(rowCount: Int) {
        self.rowCount = rowCount
    }

    /// The height of `row`: 30 + (row × 7919) mod 40 points, deterministic.
    static func height(ofRow row: Int) -> Double {
        Double(30 + (row &* 7_919) % 40)
    }

    /// One section of `rowCount` rows.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowCount }

    /// A reused (or, while the pool is empty, new) cell with one of the shared texts.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = texts[indexPath.row & 15]
        return cell
    }

    /// The row's varied height.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        Self.height(ofRow: indexPath.row)
    }

    /// Counts the moves, so the frames case checks that every frame scrolled.
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
}

/// A 390 × 600 window filled by a table of the model's rows, shown once
/// and scrolled to the middle of its content, where a row's place in the
/// Fenwick tree is as deep as it gets.
@MainActor
struct ListBenchScene {
    /// How far a frame scrolls, in points: the same at every row count, so
    /// that frames at 100 and 1 000 000 rows bring in and take out rows as often.
    static let step = 7.0
    /// The window, as tall as the table.
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 600))
    /// The table.
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
    /// Its data source and delegate (the table holds both weakly).
    let model: ListBenchModel
    /// +1 while frames scroll down, -1 while they scroll up.
    private var direction = 1.0

    /// A table of `rows` rows, displayed, at the middle of its content.
    init(rows: Int) {
        model = ListBenchModel(rowCount: rows)
        let model = model
        table.register(reuseIdentifier: "row") {
            model.cellsMade += 1
            return TableViewCell()
        }
        // The delegate first: setting the data source reloads, and the heights are the delegate's.
        table.delegate = model
        table.dataSource = model
        window.addSubview(table)
        table.setContentOffset(Point(x: 0, y: (maximumOffset / 2).rounded()), animated: false)
    }

    /// The greatest offset at which the table still shows rows to its bottom edge.
    var maximumOffset: Double {
        max(0, table.contentSize.height - table.bounds.size.height)
    }

    /// One frame: the content moves `step` points. At an edge the frames
    /// turn back instead of jumping to the other end, since a jump would
    /// replace every visible cell at once, a frame unlike the others, and
    /// would happen in a short table only.
    mutating func scrollFrame() {
        var y = table.contentOffset.y + Self.step * direction
        if y < 0 || y > maximumOffset {
            direction = -direction
            y = table.contentOffset.y + Self.step * direction
        }
        table.setContentOffset(Point(x: 0, y: y), animated: false)
    }
}

/// Rule L7's cases: their untimed runs, and the report that counts them
/// under valgrind and checks the targets.
@MainActor
enum ListBench {
    /// The row counts a frame is compared at.
    static let frameRows = (small: 100, large: 1_000_000)
    /// The row counts a lookup is compared at.
    static let lookupRows = (small: 1_000, large: 1_000_000)
    /// The frames of the shorter valgrind run; the longer runs twice as many.
    static let frames = 2_000
    /// The lookups of the shorter valgrind run; the longer runs twice as many.
    static let lookups = 10_000
    /// The most a frame at 1 000 000 rows may cost against one at 100 (L7).
    static let frameRatioLimit = 2.0
    /// The most a lookup at 1 000 000 rows may cost against one at 1 000:
    /// a logarithmic lookup's steps grow by log2(10⁶) / log2(10³) = 2×, and
    /// its fixed part only lowers the ratio; 3× leaves room for that while
    /// anything worse than logarithmic is far above it (√n gives 31×, n 1000×).
    static let lookupRatioLimit = 3.0

    /// Runs the case named by `arguments`, or returns nil when they name none of the list's.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.count >= 2 else { return nil }
        switch arguments[1] {
        case "--list-frames":
            guard arguments.count == 4, let rows = Int(arguments[2]), rows > 0, let frames = Int(arguments[3]), frames >= 0
            else { return 2 }
            var scene = ListBenchScene(rows: rows)
            let scrollsBefore = scene.model.scrolls
            for _ in 0..<frames { scene.scrollFrame() }
            // Every frame moved the content, and cells were made only for
            // the rows that show at once (at most 600 / 30 whole ones and
            // two partly shown): the others were reused.
            precondition(scene.model.scrolls - scrollsBefore == frames, "a frame did not scroll")
            precondition(scene.model.cellsMade <= 600 / 30 + 2, "\(scene.model.cellsMade) cells made: cells were not reused")
            precondition(frames < 100 || scene.model.cellRequests > scene.model.cellsMade, "no cell was reused")
            print("ran \(frames) scroll frames in a table of \(rows) rows (\(scene.model.cellsMade) cells made, "
                + "\(scene.model.cellRequests) cellForRowAt)")
            return 0
        case "--list-lookups":
            guard arguments.count == 4, let rows = Int(arguments[2]), rows > 0, let lookups = Int(arguments[3]), lookups >= 0
            else { return 2 }
            let found = lookUp(ListBenchScene(rows: rows).table, rows: rows, lookups: lookups)
            precondition(found == lookups, "\(lookups - found) lookups found no row or a wrong rect")
            print("ran \(lookups) row lookups in a table of \(rows) rows")
            return 0
        case "--list-reload":
            guard arguments.count == 3, let rows = Int(arguments[2]), rows > 0 else { return 2 }
            let (calls, visible) = reloadCalls(rows: rows)
            print("reloadData() of \(rows) rows: \(calls) cellForRowAt calls, \(visible) visible rows")
            return calls <= visible + 1 ? 0 : 1
        case "--list-report":
            return report()
        default:
            return nil
        }
    }

    /// `lookups` lookups, alternately the row at a point and the rect of a
    /// row, spread over the whole table by a step prime to the row count;
    /// returns how many found a row, or the row's own height.
    static func lookUp(_ table: TableView, rows: Int, lookups: Int) -> Int {
        let total = table.contentSize.height
        var found = 0
        var row = 0
        for lookup in 0..<lookups {
            row = (row &+ 7_368_787) % rows
            if lookup & 1 == 0 {
                let y = total * Double(row) / Double(rows)
                if table.indexPathForRow(at: Point(x: 195, y: y)) != nil { found += 1 }
            } else if table.rectForRow(at: IndexPath(row: row, section: 0)).size.height == ListBenchModel.height(ofRow: row) {
                found += 1
            }
        }
        return found
    }

    /// The cellForRowAt calls of one reloadData() of a table of `rows` rows
    /// already displayed (in the middle of its content), and how many rows
    /// show after it.
    static func reloadCalls(rows: Int) -> (calls: Int, visible: Int) {
        let scene = ListBenchScene(rows: rows)
        let before = scene.model.cellRequests
        scene.table.reloadData()
        return (scene.model.cellRequests - before, scene.table.indexPathsForVisibleRows.count)
    }

    /// The figures counted under valgrind, per frame and per lookup.
    struct Figures {
        /// Instructions per frame at 100 rows.
        var frameSmall = 0
        /// Instructions per frame at 1 000 000 rows.
        var frameLarge = 0
        /// Heap blocks per frame at 100 rows.
        var blocksSmall = 0.0
        /// Heap blocks per frame at 1 000 000 rows.
        var blocksLarge = 0.0
        /// Instructions per lookup at 1 000 rows.
        var lookupSmall = 0
        /// Instructions per lookup at 1 000 000 rows.
        var lookupLarge = 0
        /// The commands and their counts, to print.
        var commands: [String] = []
    }

    /// Runs the frames and lookups under callgrind and dhat; nil when valgrind cannot run.
    static func figures() -> Figures? {
        let executable = CommandLine.arguments[0]
        func count(_ tool: String, _ arguments: String) -> Int? { ScrollBench.valgrind(tool, executable, arguments) }
        let (small, large) = frameRows
        let (lookupSmall, lookupLarge) = lookupRows
        let frames = Self.frames, lookups = Self.lookups
        guard system("command -v valgrind >/dev/null 2>&1") == 0,
              let small1 = count("callgrind", "--list-frames \(small) \(frames)"),
              let small2 = count("callgrind", "--list-frames \(small) \(2 * frames)"),
              let large1 = count("callgrind", "--list-frames \(large) \(frames)"),
              let large2 = count("callgrind", "--list-frames \(large) \(2 * frames)"),
              let smallBlocks1 = count("dhat", "--list-frames \(small) \(frames)"),
              let smallBlocks2 = count("dhat", "--list-frames \(small) \(2 * frames)"),
              let largeBlocks1 = count("dhat", "--list-frames \(large) \(frames)"),
              let largeBlocks2 = count("dhat", "--list-frames \(large) \(2 * frames)"),
              let lookupSmall1 = count("callgrind", "--list-lookups \(lookupSmall) \(lookups)"),
              let lookupSmall2 = count("callgrind", "--list-lookups \(lookupSmall) \(2 * lookups)"),
              let lookupLarge1 = count("callgrind", "--list-lookups \(lookupLarge) \(lookups)"),
              let lookupLarge2 = count("callgrind", "--list-lookups \(lookupLarge) \(2 * lookups)")
        else { return nil }
        var figures = Figures()
        figures.frameSmall = (small2 - small1) / frames
        figures.frameLarge = (large2 - large1) / frames
        figures.blocksSmall = Double(smallBlocks2 - smallBlocks1) / Double(frames)
        figures.blocksLarge = Double(largeBlocks2 - largeBlocks1) / Double(frames)
        figures.lookupSmall = (lookupSmall2 - lookupSmall1) / lookups
        figures.lookupLarge = (lookupLarge2 - lookupLarge1) / lookups
        figures.commands = [
            "valgrind --tool=callgrind \(executable) --list-frames R N, N = \(frames), \(2 * frames): "
                + "R = \(small): (\(small2) - \(small1)) / \(frames), R = \(large): (\(large2) - \(large1)) / \(frames)",
            "valgrind --tool=dhat \(executable) --list-frames R N, N = \(frames), \(2 * frames): "
                + "R = \(small): (\(smallBlocks2) - \(smallBlocks1)) blocks / \(frames), "
                + "R = \(large): (\(largeBlocks2) - \(largeBlocks1)) blocks / \(frames)",
            "valgrind --tool=callgrind \(executable) --list-lookups R N, N = \(lookups), \(2 * lookups): "
                + "R = \(lookupSmall): (\(lookupSmall2) - \(lookupSmall1)) / \(lookups), "
                + "R = \(lookupLarge): (\(lookupLarge2) - \(lookupLarge1)) / \(lookups)",
        ]
        return figures
    }

    /// `Bench --list-report`: the cost of a frame, a lookup and a reload of
    /// the table; 1 when a target is missed. The reload needs no valgrind
    /// (it counts calls), so it is checked even without it.
    static func report() -> Int32 {
        let executable = CommandLine.arguments[0]
        let reloadRows = frameRows.large
        let (calls, visible) = reloadCalls(rows: reloadRows)
        let reloadMet = calls <= visible + 1
        print("\(executable) --list-reload \(reloadRows): reloadData() of \(reloadRows) rows after the first display: "
            + "\(calls) cellForRowAt calls, \(visible) visible rows")
        guard let figures = figures() else {
            print("list: valgrind is not installed; instructions and allocations not counted")
            if !reloadMet { print("list targets MISSED (reloadData() ≤ visible rows + 1 cellForRowAt)") }
            return reloadMet ? 0 : 1
        }
        for command in figures.commands { print(command) }
        let frameRatio = Double(figures.frameLarge) / Double(max(1, figures.frameSmall))
        let lookupRatio = Double(figures.lookupLarge) / Double(max(1, figures.lookupSmall))
        print("list scroll frame (\(ListBenchScene.step) points): \(figures.frameLarge) instructions at \(frameRows.large) rows, "
            + "\(figures.frameSmall) at \(frameRows.small); ratio \((frameRatio * 100).rounded() / 100)×")
        print("list heap blocks per frame: \(figures.blocksSmall) at \(frameRows.small) rows, "
            + "\(figures.blocksLarge) at \(frameRows.large)")
        print("list lookup (indexPathForRow(at:) and rectForRow(at:) alternately): \(figures.lookupLarge) instructions "
            + "at \(lookupRows.large) rows, \(figures.lookupSmall) at \(lookupRows.small); ratio \((lookupRatio * 100).rounded() / 100)×")
        // Each target with whether it holds, so that a miss says which.
        let targets = [
            ("a frame at \(frameRows.large) rows ≤ \(frameRatioLimit)× one at \(frameRows.small)", frameRatio <= frameRatioLimit),
            ("0 blocks per frame", figures.blocksSmall == 0 && figures.blocksLarge == 0),
            ("a lookup at \(lookupRows.large) rows ≤ \(lookupRatioLimit)× one at \(lookupRows.small)",
             lookupRatio <= lookupRatioLimit),
            ("reloadData() ≤ visible rows + 1 cellForRowAt", reloadMet),
        ]
        let missed = targets.filter { !$0.1 }.map(\.0)
        print(missed.isEmpty ? "list targets met (\(targets.map(\.0).joined(separator: ", ")))"
            : "list targets MISSED (\(missed.joined(separator: ", ")))")
        return missed.isEmpty ? 0 : 1
    }
}
