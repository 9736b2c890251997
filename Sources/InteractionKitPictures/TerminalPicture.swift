import InteractionKitLinux
import InteractionKitReplay

/// Draws a ``InteractionKitReplay/SceneSnapshot`` as a schematic "picture of the screen" made of
/// text, for a terminal or a log.
///
/// The picture is meant to be read by a person who has never seen the code:
///
/// ```text
///  t=0.15s  HUD shows Now Playing                  ← time and caption
/// ┌ accessibility-large ─────────────────────────┐ ← the window
/// │          ╭────────────────────────╮          │ ← the HUD …
/// │          │     ▣ now playing      │          │ ← … its image name …
/// │          │      ╭╮╷ ╭─╮ ╷╷╷       │          │ ← … and its title
/// │          │      │││ │ │ │││       │          │   in big letters
/// │          │      ╵╰╯ ╰─╯ ╰┴╯       │          │
/// │          ╰────────────────────────╯          │
/// ├─────────┬────────┬─────────┬────────┬────────┤ ← the tab bar
/// │  house  │(magni…)│now ●lay…│ person │  gear  │ ← image names; ● a finger
/// │  Home   │(Search)│Now Play…│Profile │Settings│ ← titles; (…) disabled
/// │  ▔▔▔▔   │        │         │        │        │ ← ▔▔▔ the selected tab
/// └─────────┴────────┴─────────┴────────┴────────┘
/// ```
///
/// Conventions:
/// - **Window**: a frame `columns` wide and 22 lines tall (plus the caption
///   line above it). The window is scaled non-uniformly on purpose: each tab
///   bar row gets a full text line while the empty middle of the screen is
///   squeezed. The content size category is written into the top edge, and
///   `RTL` at its right end for a right-to-left scene.
/// - **Tab bar**: always at the bottom, one cell per tab placed from the tabs'
///   frames and separated by `│`. A cell shows the image name on its first row
///   and the title, centred and cut with `…`, on its second. The selected tab
///   is underlined with `▔▔▔` (ASCII `^^^`); a disabled tab has its texts in
///   parentheses, e.g. `(Search)`; the highlighted tab (the one a finger
///   presses, `TabBar.highlightedItem`) has its blank cells shaded `░`
///   (ASCII `:`).
/// - **Buttons**: a box placed from the button's frame, at least three
///   lines tall, with the title centred on its middle line (in parentheses
///   when disabled); a highlighted (pressed) button has its blank cells
///   shaded `░` (ASCII `:`), like a pressed tab:
///
///   ```text
///   ┌──────────┐   ┌──────────┐
///   │   Save   │   │░░░Save░░░│
///   └──────────┘   └──────────┘
///   ```
/// - **Scroll view**: a dashed box placed from its frame (`┆` and `┄`, ASCII
///   `:` and `.`), with `┃` (ASCII `#`) on its right edge beside the part of
///   the content that shows. Its buttons are drawn one line each, their
///   titles on the line of their middle, only where they show inside the box
///   (the rows of a list are usually too close together for boxes).
/// - **Keyboard focus**: the focused item inside a heavy frame (`┏━┓┃┗┛`,
///   ASCII `#`, `=` and `#`): a tab's cell of the tab bar, a button's box;
///   a button in the scroll view, drawn on one line, has that line's
///   blanks drawn heavy (`━━ Row 3 ━━`, ASCII `=`). Nothing is framed when
///   the window is not key or nothing has the focus.
/// - **Fingers**: `●` (ASCII `*`, which no title letter looks like) where
///   each touch is; touches outside the window are not drawn. Fingers are
///   drawn over everything but the HUD. When the snapshot left fingers out,
///   the caption line says how many (`+4980 fingers not drawn`).
/// - **Trails** (the picture at the end of a replayed recording): `·`
///   (ASCII `.`) along each finger's path, in empty cells only, and the
///   finger's name (`r0`) where the path ends; the recognizers' last states
///   are listed at the top left (`pan: ended, recognized ×6`).
/// - **HUD**: a box with rounded corners (ASCII `+`), as wide as the HUD's
///   frame in proportion, drawn over the middle. It holds the image name after
///   a `▣` (ASCII `[#]`) and the title in big three-row letters, wrapped on
///   word boundaries; when a word does not fit in big letters, or a character
///   has no big-letter glyph, the title is written in plain text instead.
///
/// Every line has exactly `columns` characters (counted as `Character`s, one
/// column each); control and other invisible characters in texts become `?`.
/// In ASCII mode every character of the output is ASCII (non-ASCII characters
/// of titles become `?`). There are no colour codes, and the result ends with
/// a newline. The same snapshot always gives the same text.
public enum TerminalPicture {

    /// The narrowest and widest pictures drawn; `columns` is clamped to this range.
    public static let columnRange = 24...200

    /// Renders `snapshot` as text: a caption line and a window frame
    /// `columns` wide (clamped to ``columnRange``), lines joined by `"\n"`
    /// with a final newline. With `ascii` only ASCII characters are used.
    public static func render(_ snapshot: SceneSnapshot, columns: Int = 48, ascii: Bool = false) -> String {
        var drawing = TerminalPictureDrawing(snapshot: snapshot, columns: columns, ascii: ascii)
        drawing.draw()
        return drawing.text()
    }

    /// A key to the symbols used in the pictures, for printing once with a
    /// series of pictures: four lines (with a final newline), the second
    /// for the focus ring and the last two saying what the HUD is; with
    /// `scroll`, a fifth for the scroll view.
    public static func legend(ascii: Bool = false, scroll: Bool = false, fields: Bool = false, list: Bool = false) -> String {
        legendLines(ascii: ascii) + (!scroll ? "" : ascii
            ? "     .:. the scroll view, with its buttons where they show; # beside the part that shows\n"
            : "     ┄┆┄ the scroll view, with its buttons where they show; ┃ beside the part that shows\n")
            + (!fields ? "" : ascii
                ? "     <Search> a field's placeholder; ca|t its caret, [ca]t a selection, {ka} marked text;\n"
                    + "     +-----+ above a finger: the loupe, the text under it enlarged\n"
                : "     ‹Search› a field's placeholder; ca|t its caret, [ca]t a selection, {ka} marked text;\n"
                    + "     ╭─────╮ above a finger: the loupe, the text under it enlarged\n")
            + (!list ? "" : ascii
                ? "     a list: a row a line; v selected, = being moved, [Delete] its revealed swipe actions\n"
                : "     a list: a row a line; ✓ selected, ↕ being moved, [Delete] its revealed swipe actions\n")
    }

    private static func legendLines(ascii: Bool) -> String {
        (ascii
            ? "Key: * finger   ^^^ selected tab   (Title) disabled   ::: pressed   [#] image name   . trail"
            : "Key: ● finger   ▔▔▔ selected tab   (Title) disabled   ░░░ pressed   ▣ image name   · trail")
            + (ascii
                ? "\n     #=# keyboard focus: the item Tab and the arrows move to, and Space or Return activate"
                : "\n     ┏━┓ keyboard focus: the item Tab and the arrows move to, and Space or Return activate")
            + "\n     HUD: the large content viewer's heads-up display, the box that shows the item under"
            + "\n     the finger in large type while the finger is held down at an accessibility text size\n"
    }
}

// MARK: - Drawing

/// The glyphs of one style (Unicode or ASCII).
private struct TerminalPictureStrokes {
    let horizontal, vertical: Character
    let topLeft, topRight, bottomLeft, bottomRight: Character
    let teeDown, teeUp, teeRight, teeLeft: Character
    let dashedHorizontal, dashedVertical, scrollThumb: Character
    let roundTopLeft, roundTopRight, roundBottomLeft, roundBottomRight: Character
    let finger, selection, trail, pressed: Character
    let heavyHorizontal, heavyVertical, heavyTopLeft, heavyTopRight, heavyBottomLeft, heavyBottomRight: Character
    let imagePrefix: [Character]

    init(ascii: Bool) {
        if ascii {
            horizontal = "-"; vertical = "|"
            topLeft = "+"; topRight = "+"; bottomLeft = "+"; bottomRight = "+"
            teeDown = "+"; teeUp = "+"; teeRight = "+"; teeLeft = "+"
            dashedHorizontal = "."; dashedVertical = ":"; scrollThumb = "#"
            roundTopLeft = "+"; roundTopRight = "+"; roundBottomLeft = "+"; roundBottomRight = "+"
            finger = "*"; selection = "^"; trail = "."; pressed = ":"
            heavyHorizontal = "="; heavyVertical = "#"
            heavyTopLeft = "#"; heavyTopRight = "#"; heavyBottomLeft = "#"; heavyBottomRight = "#"
            imagePrefix = Array("[#] ")
        } else {
            horizontal = "─"; vertical = "│"
            topLeft = "┌"; topRight = "┐"; bottomLeft = "└"; bottomRight = "┘"
            teeDown = "┬"; teeUp = "┴"; teeRight = "├"; teeLeft = "┤"
            dashedHorizontal = "┄"; dashedVertical = "┆"; scrollThumb = "┃"
            roundTopLeft = "╭"; roundTopRight = "╮"; roundBottomLeft = "╰"; roundBottomRight = "╯"
            finger = "●"; selection = "▔"; trail = "·"; pressed = "░"
            heavyHorizontal = "━"; heavyVertical = "┃"
            heavyTopLeft = "┏"; heavyTopRight = "┓"; heavyBottomLeft = "┗"; heavyBottomRight = "┛"
            imagePrefix = Array("▣ ")
        }
    }
}

/// The state of one terminal rendering: geometry and a character grid.
private struct TerminalPictureDrawing {
    typealias S = SceneRenderSupport

    /// Lines of the window frame, borders included.
    static let frameLines = 22
    /// Lines the tab bar takes: separator, image names, titles, selection marks.
    static let tabBarLines = 4

    let snapshot: SceneSnapshot
    let ascii: Bool
    let strokes: TerminalPictureStrokes
    /// Picture width in columns.
    let width: Int
    /// Window size used for scaling (sanitised).
    let windowWidth: Double, windowHeight: Double
    /// Whether a tab bar is drawn.
    let hasTabBar: Bool
    /// The window y where the tab bar starts (0...windowHeight).
    let tabBarTop: Double
    /// Lines between the top border and the tab bar (or the bottom border).
    let bodyLines: Int
    /// The grid of the frame, `frameLines` rows of `width` characters.
    var grid: [[Character]]

    init(snapshot: SceneSnapshot, columns: Int, ascii: Bool) {
        self.snapshot = snapshot
        self.ascii = ascii
        strokes = TerminalPictureStrokes(ascii: ascii)
        width = min(max(columns, TerminalPicture.columnRange.lowerBound), TerminalPicture.columnRange.upperBound)
        (windowWidth, windowHeight) = S.drawableWindowSize(snapshot.windowSize)
        hasTabBar = snapshot.tabBarFrame != nil || !snapshot.tabs.isEmpty
        var top = windowHeight
        if let frame = snapshot.tabBarFrame, frame.minY.isFinite {
            top = frame.minY
        } else if let tabTop = snapshot.tabs.map(\.frame.minY).filter(\.isFinite).min() {
            top = tabTop
        }
        tabBarTop = min(max(top, 0), windowHeight)
        bodyLines = TerminalPictureDrawing.frameLines - 2 - (hasTabBar ? TerminalPictureDrawing.tabBarLines : 0)
        grid = Array(repeating: Array(repeating: " ", count: width), count: TerminalPictureDrawing.frameLines)
    }

    // MARK: Geometry

    /// Row of the tab bar's separator line.
    var separatorRow: Int { 1 + bodyLines }
    /// Row of the tabs' image names.
    var imageRow: Int { separatorRow + 1 }
    /// Row of the tabs' titles.
    var titleRow: Int { separatorRow + 2 }
    /// Row of the selection marks.
    var markRow: Int { separatorRow + 3 }
    /// Last row inside the frame.
    var lastInteriorRow: Int { TerminalPictureDrawing.frameLines - 2 }

    /// The (fractional) column of window x coordinate `x`: 0 maps to column 1
    /// (just right of the left border), the window's width to `width - 1`
    /// (the right border).
    func column(_ x: Double) -> Double {
        1 + x / windowWidth * Double(width - 2)
    }

    /// The integer column of `x`, clamped to `lower...upper`.
    func column(_ x: Double, clampedTo lower: Int, _ upper: Int) -> Int {
        S.roundedInt(column(x), lower, upper, nanValue: lower)
    }

    /// The (fractional) row position of window y coordinate `y`.
    func rowPosition(_ y: Double) -> Double {
        let y = min(max(S.finite(y, or: 0), 0), windowHeight)
        if hasTabBar && y >= tabBarTop {
            let span = windowHeight - tabBarTop
            let fraction = span > 0 ? (y - tabBarTop) / span : 0
            return Double(imageRow) + fraction * 3
        }
        // Here y < tabBarTop (or there is no tab bar), so the divisor is > 0.
        let bottom = hasTabBar ? tabBarTop : windowHeight
        return 1 + y / bottom * Double(bodyLines)
    }

    /// The row of window y coordinate `y`. Inside the tab bar the upper 60 %
    /// (where a tab's image sits) maps to the image-name row, the next 25 %
    /// to the title row and the rest to the selection row.
    func row(_ y: Double) -> Int {
        let y = min(max(S.finite(y, or: 0), 0), windowHeight)
        if hasTabBar && y >= tabBarTop {
            let span = windowHeight - tabBarTop
            let fraction = span > 0 ? (y - tabBarTop) / span : 0
            if fraction < 0.6 { return imageRow }
            if fraction < 0.85 { return titleRow }
            return markRow
        }
        return S.clampedInt(rowPosition(y), 1, bodyLines, nanValue: 1)
    }

    // MARK: Grid

    mutating func put(_ character: Character, _ column: Int, _ row: Int) {
        guard row >= 0, row < grid.count, column >= 0, column < width else { return }
        grid[row][column] = character
    }

    /// Writes `characters` from `column` on, clipped to `lower..<upper`.
    mutating func put(_ characters: [Character], _ column: Int, _ row: Int, within lower: Int, _ upper: Int) {
        for (offset, character) in characters.enumerated() {
            let c = column + offset
            if c >= lower && c < upper { put(character, c, row) }
        }
    }

    /// Writes `characters` centred in columns `lower..<upper` (cut with an
    /// ellipsis when too long); returns the columns used.
    @discardableResult
    mutating func putCentred(_ characters: [Character], _ row: Int, within lower: Int, _ upper: Int) -> Range<Int> {
        let available = upper - lower
        guard available > 0 else { return lower..<lower }
        let text = S.truncated(characters, to: available, ascii: ascii)
        let start = lower + (available - text.count) / 2
        put(text, start, row, within: lower, upper)
        return start..<(start + text.count)
    }

    // MARK: Parts

    mutating func draw() {
        drawFrame()
        if hasTabBar { drawTabBar() }
        if let scroll = snapshot.scroll { drawScroll(scroll) }
        if let list = snapshot.list { drawList(list) }
        drawButtons()
        drawFields()
        if let focus = snapshot.focus { drawFocus(focus) }
        drawTrails()
        drawTouches()
        drawLoupes()
        drawGestures()
        if let hud = snapshot.hud { drawHUD(hud) }
    }

    /// Whether the window point `p` can be drawn.
    func isDrawable(_ p: Point) -> Bool {
        p.x.isFinite && p.y.isFinite && p.x >= 0 && p.x <= windowWidth && p.y >= 0 && p.y <= windowHeight
    }

    /// Each trail as dots in empty cells, and its finger's name where it ends.
    mutating func drawTrails() {
        for trail in snapshot.trails.prefix(ScriptPlayer.maximumTrails) {
            let points = trail.points.prefix(TrailSnapshot.maximumPoints).filter(isDrawable)
            guard let last = points.last else { continue }
            var previous: (Int, Int)?
            for point in points {
                let cell = (column(point.x, clampedTo: 1, width - 2), row(point.y))
                // Fill the cells between consecutive points, so the path reads as a line.
                if let (c0, r0) = previous {
                    let steps = max(abs(cell.0 - c0), abs(cell.1 - r0))
                    if steps > 1 {
                        for step in 1..<steps {
                            let c = c0 + (cell.0 - c0) * step / steps
                            let r = r0 + (cell.1 - r0) * step / steps
                            putIfEmpty(strokes.trail, c, r)
                        }
                    }
                }
                putIfEmpty(strokes.trail, cell.0, cell.1)
                previous = cell
            }
            let end = (column(last.x, clampedTo: 1, width - 2), row(last.y))
            let name = Array(TranscriptFormatter.fingerName(trail.id))
            let start = min(end.0 + 1, width - 1 - name.count)
            if start > end.0 {
                for (offset, character) in name.enumerated() { putIfEmpty(character, start + offset, end.1) }
            }
        }
    }

    /// Writes `character` only where the grid is blank (or holds a trail dot).
    mutating func putIfEmpty(_ character: Character, _ column: Int, _ row: Int) {
        guard row > 0, row < grid.count - 1, column > 0, column < width - 1 else { return }
        let current = grid[row][column]
        if current == " " || current == strokes.trail { grid[row][column] = character }
    }

    /// The recognizers' last states, one a line at the top left.
    mutating func drawGestures() {
        let lines = snapshot.gestures.prefix(max(0, bodyLines - 1))
        for (index, gesture) in lines.enumerated() {
            var text = S.terminalCharacters(gesture.name, ascii: ascii) + Array(": ")
            text += Array(gesture.lastState.map { "\($0)" } ?? "nothing yet")
            if gesture.recognizedCount > 0 {
                text += Array(", recognized " + (ascii ? "x" : "×") + "\(gesture.recognizedCount)")
            }
            put(S.truncated(text, to: width - 4, ascii: ascii), 2, 1 + index, within: 1, width - 1)
        }
    }

    mutating func drawFrame() {
        let last = TerminalPictureDrawing.frameLines - 1
        for c in 1..<(width - 1) {
            put(strokes.horizontal, c, 0)
            put(strokes.horizontal, c, last)
        }
        for r in 1..<last {
            put(strokes.vertical, 0, r)
            put(strokes.vertical, width - 1, r)
        }
        put(strokes.topLeft, 0, 0)
        put(strokes.topRight, width - 1, 0)
        put(strokes.bottomLeft, 0, last)
        put(strokes.bottomRight, width - 1, last)

        // Labels in the top edge: the content size on the left, RTL on the right.
        var right = width - 2
        if snapshot.layoutDirection == .rightToLeft {
            let label: [Character] = Array(" RTL ")
            if width - 2 - label.count > 2 {
                put(label, width - 2 - label.count, 0, within: 1, width - 1)
                right = width - 2 - label.count - 1
            }
        }
        let size = S.trimmed(S.terminalCharacters(snapshot.contentSize, ascii: ascii))
        if !size.isEmpty, right - 2 > 3 {
            let label = [" "] + S.truncated(size, to: right - 2 - 2, ascii: ascii) + [" "]
            put(label, 1, 0, within: 1, right)
        }
    }

    mutating func drawTabBar() {
        let bottom = TerminalPictureDrawing.frameLines - 1
        // The separator line between the screen and the tab bar.
        for c in 1..<(width - 1) { put(strokes.horizontal, c, separatorRow) }
        put(strokes.teeRight, 0, separatorRow)
        put(strokes.teeLeft, width - 1, separatorRow)

        for tab in snapshot.tabs {
            let frame = tab.frame
            guard frame.minX.isFinite, frame.maxX.isFinite else { continue }
            let start = column(frame.minX, clampedTo: 1, width - 1)
            let end = column(frame.maxX, clampedTo: 1, width - 1)
            // Cell walls, unless they fall on the window's own border.
            for wall in [start, end] where wall > 1 && wall < width - 1 {
                put(strokes.teeDown, wall, separatorRow)
                for r in imageRow...markRow { put(strokes.vertical, wall, r) }
                put(strokes.teeUp, wall, bottom)
            }
            let lower = start > 1 ? start + 1 : start
            let upper = end
            guard upper > lower else { continue }

            let image = tab.imageName.map { S.trimmed(S.terminalCharacters($0, ascii: ascii)) } ?? []
            let title = tab.title.map { S.trimmed(S.terminalCharacters($0, ascii: ascii)) } ?? []
            let available = upper - lower
            var marked: Range<Int>? = nil
            if !image.isEmpty {
                let used = putCentred(dimmed(image, tab.isEnabled, available), imageRow, within: lower, upper)
                marked = used
            }
            if !title.isEmpty {
                let used = putCentred(dimmed(title, tab.isEnabled, available), titleRow, within: lower, upper)
                marked = used
            }
            if tab.isSelected {
                let range = (marked?.isEmpty ?? true) ? lower..<upper : (marked ?? lower..<upper)
                for c in range { put(strokes.selection, c, markRow) }
            }
            if tab.isHighlighted { shade(columns: lower..<upper, rows: imageRow...markRow) }
        }
    }

    /// Blanks a box's cells and draws its border with the given corners
    /// (top left, top right, bottom left, bottom right).
    mutating func drawBox(columns: ClosedRange<Int>, rows: ClosedRange<Int>,
                          corners: (Character, Character, Character, Character)) {
        for r in rows {
            for c in columns { put(" ", c, r) }
            put(strokes.vertical, columns.lowerBound, r)
            put(strokes.vertical, columns.upperBound, r)
        }
        for c in columns {
            put(strokes.horizontal, c, rows.lowerBound)
            put(strokes.horizontal, c, rows.upperBound)
        }
        put(corners.0, columns.lowerBound, rows.lowerBound)
        put(corners.1, columns.upperBound, rows.lowerBound)
        put(corners.2, columns.lowerBound, rows.upperBound)
        put(corners.3, columns.upperBound, rows.upperBound)
    }

    /// Fills the blank cells of a region with the pressed shade.
    mutating func shade(columns: Range<Int>, rows: ClosedRange<Int>) {
        for r in rows where r > 0 && r < grid.count - 1 {
            for c in columns where c > 0 && c < width - 1 && grid[r][c] == " " { grid[r][c] = strokes.pressed }
        }
    }

    /// The buttons as boxes in the body of the window, in order (a later one over an earlier one).
    mutating func drawButtons() {
        for button in snapshot.buttons.prefix(GestureScriptParser.maximumButtons) where S.isFinite(button.frame) {
            if let clip = button.clip {
                drawScrolledButton(button, clip: clip)
                continue
            }
            guard let (columns, rows) = buttonBox(for: button.frame) else { continue }
            let (left, right, top, bottom) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
            drawBox(columns: columns, rows: rows,
                    corners: (strokes.topLeft, strokes.topRight, strokes.bottomLeft, strokes.bottomRight))
            let title = S.trimmed(S.terminalCharacters(button.title, ascii: ascii))
            let middle = (top + bottom) / 2
            if !title.isEmpty {
                putCentred(dimmed(title, button.isEnabled, right - left - 1), middle, within: left + 1, right)
            }
            if button.isHighlighted { shade(columns: (left + 1)..<right, rows: (top + 1)...(bottom - 1)) }
        }
    }

    /// The list: a box, each row that shows on the line of its middle —
    /// `✓` (ASCII `v`) before a selected one, a highlighted one shaded, a
    /// dragged one marked `↕` (ASCII `=`), revealed swipe actions in
    /// brackets at the right end.
    mutating func drawList(_ list: ListSnapshot) {
        guard let (columns, rows) = box(for: list.frame) else { return }
        drawBox(columns: columns, rows: rows,
                corners: (strokes.topLeft, strokes.topRight, strokes.bottomLeft, strokes.bottomRight))
        let lower = columns.lowerBound + 1, upper = columns.upperBound
        guard upper - lower >= 3 else { return }
        // A line is taller than a row: the rows that show go one a line, in order, from the top.
        let showing = list.rows.filter { row in
            let middle = (row.frame.minY + row.frame.maxY) / 2
            return S.isFinite(row.frame) && middle >= list.frame.minY && middle < list.frame.maxY
        }
        let lines = rows.upperBound - rows.lowerBound - 1
        for (index, row) in showing.enumerated() {
            let line = rows.lowerBound + 1 + index
            if index == lines - 1 && showing.count > lines {
                put(S.terminalCharacters("… \(showing.count - index) more", ascii: ascii), lower + 1, line, within: lower, upper)
                break
            }
            var text: [Character] = row.isDragged ? [ascii ? "=" : "↕", " "] : row.isSelected ? [ascii ? "v" : "✓", " "] : []
            text += S.trimmed(S.terminalCharacters(row.title, ascii: ascii))
            var actions: [Character] = []
            if !row.revealedActions.isEmpty {
                actions = Array("[" + row.revealedActions.joined(separator: "] [") + "]")
                actions = S.terminalCharacters(String(actions), ascii: ascii)
            }
            let room = upper - lower - 1
            let shown = S.truncated(text, to: max(0, room - (actions.isEmpty ? 0 : actions.count + 1)), ascii: ascii)
            put(shown, lower + 1, line, within: lower, upper)
            if !actions.isEmpty, actions.count < room {
                put(actions, upper - actions.count, line, within: lower, upper)
            }
            if row.isHighlighted { shade(columns: lower..<upper, rows: line...line) }
            // A focused row, on one line, has its blanks drawn heavy, as a focused row of a scroll view has.
            if row.isFocused {
                for c in (lower + 1)..<upper where grid[line][c] == " " && c > lower + 1 + shown.count {
                    put(strokes.heavyHorizontal, c, line)
                }
            }
        }
    }

    /// The text fields as boxes: on the middle line the text, with the
    /// caret `|`, a selection in `[` `]` and marked text in `{` `}` while
    /// editing (the part around the caret when it is too long), or the
    /// placeholder in `‹` `›` (ASCII `<` `>`) while empty.
    mutating func drawFields() {
        for field in snapshot.fields.prefix(GestureScriptParser.maximumFields) where S.isFinite(field.frame) {
            guard let (columns, rows) = buttonBox(for: field.frame) else { continue }
            let (left, right, top, bottom) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
            drawBox(columns: columns, rows: rows,
                    corners: (strokes.topLeft, strokes.topRight, strokes.bottomLeft, strokes.bottomRight))
            let inner = right - left - 2
            guard inner > 0 else { continue }
            let middle = (top + bottom) / 2
            if let line = fieldLine(field, width: inner) { put(line, left + 2, middle, within: left + 1, right) }
        }
    }

    /// The characters of a field's middle line, at most `width`.
    func fieldLine(_ field: FieldSnapshot, width: Int) -> [Character]? {
        // Empty, the placeholder shows, editing or not (as UIKit's does), after the caret when editing.
        if field.text.isEmpty, let placeholder = field.placeholder, !placeholder.isEmpty {
            let text = S.terminalCharacters(placeholder, ascii: ascii)
            let quotes: (Character, Character) = ascii ? ("<", ">") : ("‹", "›")
            let caret: [Character] = field.isEditing ? ["|"] : []
            return caret + [quotes.0] + S.truncated(text, to: max(0, width - 2 - caret.count), ascii: ascii) + [quotes.1]
        }
        let shown = field.isEditing
            ? TranscriptFormatter.markedUp(field.text, selection: field.selection, marked: field.marked)
            : field.text
        let characters = S.terminalCharacters(shown, ascii: ascii)
        guard characters.count > width else { return characters }
        // Too long: the part that holds the caret (or the selection's end), as the field scrolls to it.
        let caret = characters.firstIndex(where: { $0 == "|" || $0 == "]" }) ?? characters.count - 1
        let start = max(0, min(characters.count - width, caret - width + 2))
        var part = Array(characters[start..<min(characters.count, start + width)])
        if start > 0 { part[0] = ascii ? "<" : "…" }
        if start + width < characters.count { part[part.count - 1] = ascii ? ">" : "…" }
        return part
    }

    /// Each loupe: a round lens of three lines above the finger, holding
    /// the text around the caret spread out, as the lens enlarges it.
    mutating func drawLoupes() {
        for field in snapshot.fields.prefix(GestureScriptParser.maximumFields) {
            guard let loupe = field.loupe, isDrawable(loupe.point) else { continue }
            var content = S.terminalCharacters(loupe.text, ascii: ascii)
            content.insert("|", at: min(max(0, loupe.caretIndex), content.count))
            var spread: [Character] = []
            for (index, character) in content.enumerated() {
                if index > 0 { spread.append(" ") }
                spread.append(character)
            }
            let boxWidth = min(width - 2, spread.count + 4)
            let centre = column(loupe.point.x, clampedTo: 1, width - 2)
            let left = min(max(1, centre - boxWidth / 2), width - 1 - boxWidth)
            let right = left + boxWidth - 1
            let fingerRow = row(loupe.point.y)
            let top = max(1, fingerRow - 4)
            let bottom = top + 2
            guard bottom <= lastInteriorRow, right > left + 1 else { continue }
            drawBox(columns: left...right, rows: top...bottom,
                    corners: (strokes.roundTopLeft, strokes.roundTopRight, strokes.roundBottomLeft, strokes.roundBottomRight))
            putCentred(S.truncated(spread, to: right - left - 1, ascii: ascii), top + 1, within: left + 1, right)
        }
    }

    /// The box a button (or a focused view) is drawn in: its frame's
    /// columns and lines, at least three of each; nil when it does not fit the body.
    func buttonBox(for frame: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard S.isFinite(frame) else { return nil }
        let last = bodyLines
        var left = column(frame.minX, clampedTo: 1, width - 2)
        var right = column(frame.maxX, clampedTo: 1, width - 2)
        if right - left < 2 {
            // Too narrow to hold a title: three columns around its middle.
            let middle = column((frame.minX + frame.maxX) / 2, clampedTo: 2, width - 3)
            (left, right) = (middle - 1, middle + 1)
        }
        let topPosition = rowPosition(frame.minY), bottomPosition = rowPosition(frame.maxY)
        var top = S.clampedInt(topPosition, 1, last, nanValue: 1)
        var bottom = S.clampedInt(bottomPosition, 1, last, nanValue: 1)
        if bottom - top < 2 {
            // Too short for a border and a line: three lines around its middle.
            let middle = S.roundedInt((topPosition + bottomPosition) / 2, 2, max(2, last - 1), nanValue: 2)
            (top, bottom) = (middle - 1, middle + 1)
        }
        guard top >= 1, bottom <= last, bottom - top >= 2 else { return nil }
        return (left...right, top...bottom)
    }

    /// The focus ring: a heavy frame around the focused item. A tab's is
    /// its cell of the tab bar (its walls, the separator above and the
    /// window's bottom edge below); a button's or a view's is its box; a
    /// button in the scroll view, drawn on one line, has that line's blanks
    /// drawn heavy, a space kept on each side of its title.
    mutating func drawFocus(_ focus: FocusSnapshot) {
        let frame = focus.frame
        guard S.isFinite(frame) else { return }
        if hasTabBar && frame.minY >= tabBarTop && focus.clip == nil {
            let left = column(frame.minX, clampedTo: 1, width - 1)
            let right = column(frame.maxX, clampedTo: 1, width - 1)
            // The first and last tabs' rings lie on the window's own edges.
            let columns = (left <= 1 ? 0 : left)...(right >= width - 1 ? width - 1 : right)
            guard columns.count >= 3 else { return }
            drawRing(columns: columns, rows: separatorRow...(TerminalPictureDrawing.frameLines - 1))
            return
        }
        if let clip = focus.clip {
            guard let (columns, rows) = box(for: clip) else { return }
            let middle = (frame.minY + frame.maxY) / 2
            guard middle >= clip.minY, middle < clip.maxY else { return }
            let row = S.clampedInt(rowPosition(middle), rows.lowerBound + 1, rows.upperBound - 1,
                                   nanValue: rows.lowerBound + 1)
            let lower = max(columns.lowerBound + 1, column(frame.minX, clampedTo: 1, width - 2) + 1)
            let upper = min(columns.upperBound, column(frame.maxX, clampedTo: 1, width - 2))
            guard upper > lower else { return }
            // One line has no room for a frame: its blanks are drawn heavy, as a pressed one's are shaded.
            for c in lower..<upper where grid[row][c] == " " {
                let beside = (c > lower && grid[row][c - 1] != " " && grid[row][c - 1] != strokes.heavyHorizontal)
                    || (c + 1 < upper && grid[row][c + 1] != " " && grid[row][c + 1] != strokes.heavyHorizontal)
                if !beside { put(strokes.heavyHorizontal, c, row) }
            }
            return
        }
        guard let (columns, rows) = buttonBox(for: frame) else { return }
        drawRing(columns: columns, rows: rows)
    }

    /// A heavy frame on the given columns and lines, leaving what is inside.
    mutating func drawRing(columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        for c in columns {
            put(strokes.heavyHorizontal, c, rows.lowerBound)
            put(strokes.heavyHorizontal, c, rows.upperBound)
        }
        for r in rows {
            put(strokes.heavyVertical, columns.lowerBound, r)
            put(strokes.heavyVertical, columns.upperBound, r)
        }
        put(strokes.heavyTopLeft, columns.lowerBound, rows.lowerBound)
        put(strokes.heavyTopRight, columns.upperBound, rows.lowerBound)
        put(strokes.heavyBottomLeft, columns.lowerBound, rows.upperBound)
        put(strokes.heavyBottomRight, columns.upperBound, rows.upperBound)
    }

    /// The columns and lines of a box around a frame in window coordinates,
    /// at least three lines tall; nil when it does not fit the body.
    func box(for frame: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard S.isFinite(frame) else { return nil }
        let last = bodyLines
        let left = column(frame.minX, clampedTo: 1, width - 2)
        let right = column(frame.maxX, clampedTo: 1, width - 2)
        var top = S.clampedInt(rowPosition(frame.minY), 1, last, nanValue: 1)
        var bottom = S.clampedInt(rowPosition(frame.maxY), 1, last, nanValue: 1)
        if bottom - top < 2 {
            let middle = S.roundedInt((rowPosition(frame.minY) + rowPosition(frame.maxY)) / 2, 2, max(2, last - 1), nanValue: 2)
            (top, bottom) = (middle - 1, middle + 1)
        }
        guard right - left >= 2, top >= 1, bottom <= last, bottom - top >= 2 else { return nil }
        return (left...right, top...bottom)
    }

    /// The scroll view: a dashed box, and a thumb on its right edge beside
    /// the part of the content that shows.
    mutating func drawScroll(_ scroll: ScrollSnapshot) {
        guard let (columns, rows) = box(for: scroll.frame) else { return }
        for r in rows {
            put(strokes.dashedVertical, columns.lowerBound, r)
            put(strokes.dashedVertical, columns.upperBound, r)
        }
        for c in columns {
            put(strokes.dashedHorizontal, c, rows.lowerBound)
            put(strokes.dashedHorizontal, c, rows.upperBound)
        }
        put(strokes.topLeft, columns.lowerBound, rows.lowerBound)
        put(strokes.topRight, columns.upperBound, rows.lowerBound)
        put(strokes.bottomLeft, columns.lowerBound, rows.upperBound)
        put(strokes.bottomRight, columns.upperBound, rows.upperBound)
        let height = scroll.contentSize.height, shown = scroll.frame.height
        guard height.isFinite, height > 0, shown.isFinite, scroll.contentOffset.y.isFinite else { return }
        let inner = Double(rows.count - 2)
        let start = min(max(scroll.contentOffset.y / height, 0), 1)
        let end = min(max((scroll.contentOffset.y + shown) / height, 0), 1)
        let first = rows.lowerBound + 1 + S.clampedInt(start * inner, 0, rows.count - 3, nanValue: 0)
        let last = rows.lowerBound + S.clampedInt((end * inner).rounded(.up), 1, rows.count - 2, nanValue: 1)
        if first <= last {
            for r in first...last { put(strokes.scrollThumb, columns.upperBound, r) }
        }
    }

    /// A button in the scroll view: its title on the line of its middle,
    /// inside the scroll view's box, when that middle shows.
    mutating func drawScrolledButton(_ button: ButtonSnapshot, clip: Rect) {
        guard let (columns, rows) = box(for: clip) else { return }
        let frame = button.frame
        let middle = (frame.minY + frame.maxY) / 2
        guard middle >= clip.minY, middle < clip.maxY else { return }
        let row = S.clampedInt(rowPosition(middle), rows.lowerBound + 1, rows.upperBound - 1, nanValue: rows.lowerBound + 1)
        let lower = max(columns.lowerBound + 1, column(frame.minX, clampedTo: 1, width - 2) + 1)
        let upper = min(columns.upperBound, column(frame.maxX, clampedTo: 1, width - 2))
        guard upper > lower else { return }
        let title = S.trimmed(S.terminalCharacters(button.title, ascii: ascii))
        for c in lower..<upper { put(" ", c, row) }
        if !title.isEmpty { putCentred(dimmed(title, button.isEnabled, upper - lower), row, within: lower, upper) }
        if button.isHighlighted { shade(columns: lower..<upper, rows: row...row) }
    }

    /// `text` fitted to `width` columns, in parentheses when the tab is disabled.
    func dimmed(_ text: [Character], _ isEnabled: Bool, _ width: Int) -> [Character] {
        if isEnabled || width < 3 { return S.truncated(text, to: width, ascii: ascii) }
        return ["("] + S.truncated(text, to: width - 2, ascii: ascii) + [")"]
    }

    mutating func drawTouches() {
        for touch in snapshot.touches {
            let p = touch.location
            guard p.x.isFinite, p.y.isFinite,
                  p.x >= 0, p.x <= windowWidth, p.y >= 0, p.y <= windowHeight else { continue }
            let c = column(p.x, clampedTo: 1, width - 2)
            put(strokes.finger, c, row(p.y))
        }
    }

    // MARK: HUD

    mutating func drawHUD(_ hud: HUDSnapshot) {
        // Horizontal extent: the HUD frame's, in proportion, within the window.
        let interiorWidth = width - 2
        var boxWidth: Int
        var centre: Double
        if S.isFinite(hud.frame) {
            let left = column(hud.frame.minX)
            let right = column(hud.frame.maxX)
            boxWidth = S.roundedInt(right - left, 0, interiorWidth, nanValue: 0)
            centre = (left + right) / 2
        } else {
            boxWidth = S.roundedInt(Double(interiorWidth) * 220 / 390, 0, interiorWidth, nanValue: 0)
            centre = Double(width) / 2
        }
        boxWidth = min(max(boxWidth, min(10, interiorWidth)), interiorWidth)
        var boxLeft = S.roundedInt(centre - Double(boxWidth) / 2, 1, width - 1 - boxWidth, nanValue: 1)
        boxLeft = min(max(boxLeft, 1), width - 1 - boxWidth)
        let inner = boxWidth - 2
        guard inner > 0 else { return }

        // Content, trying the roomiest layout first.
        let maxInnerRows = lastInteriorRow - 2
        let content = hudContent(hud, innerWidth: inner, maxRows: maxInnerRows)
        let boxHeight = content.count + 2

        // Vertical extent: centred on the HUD frame's middle, inside the window.
        let middle = S.isFinite(hud.frame)
            ? rowPosition((hud.frame.minY + hud.frame.maxY) / 2)
            : Double(1 + bodyLines / 2)
        let lowestTop = lastInteriorRow + 1 - boxHeight
        let boxTop = S.roundedInt(middle + 0.5 - Double(boxHeight) / 2, 1, max(1, lowestTop), nanValue: 1)

        let boxRight = boxLeft + boxWidth - 1
        let boxBottom = boxTop + boxHeight - 1
        drawBox(columns: boxLeft...boxRight, rows: boxTop...boxBottom,
                corners: (strokes.roundTopLeft, strokes.roundTopRight, strokes.roundBottomLeft, strokes.roundBottomRight))

        for (offset, line) in content.enumerated() {
            let r = boxTop + 1 + offset
            let start = boxLeft + 1 + max(0, inner - line.count) / 2
            put(line, start, r, within: boxLeft + 1, boxRight)
        }
    }

    /// The HUD's inner lines (not yet centred), at most `maxRows` of them,
    /// each at most `innerWidth` characters.
    func hudContent(_ hud: HUDSnapshot, innerWidth: Int, maxRows: Int) -> [[Character]] {
        let imageName = hud.imageName.map { S.trimmed(S.terminalCharacters($0, ascii: ascii)) } ?? []
        let title = hud.title.map { S.trimmed(S.terminalCharacters($0, ascii: ascii)) } ?? []
        let imageLines: [[Character]] = imageName.isEmpty
            ? []
            : [S.truncated(strokes.imagePrefix + imageName, to: innerWidth, ascii: ascii)]

        func assemble(_ titleLines: [[Character]], padded: Bool) -> [[Character]] {
            var lines: [[Character]] = padded ? [[]] : []
            lines += imageLines
            if !imageLines.isEmpty && !titleLines.isEmpty { lines.append([]) }
            lines += titleLines
            if padded { lines.append([]) }
            return lines
        }

        if title.isEmpty {
            let lines = assemble([], padded: true)
            return lines.count >= 3 ? lines : [[], [], []]
        }
        if let big = bigTitle(title, innerWidth: innerWidth) {
            for padded in [true, false] {
                let lines = assemble(big, padded: padded)
                if lines.count <= maxRows { return lines }
            }
        }
        for padded in [true, false] {
            let overhead = assemble([[]], padded: padded).count - 1
            let plain = plainTitle(title, innerWidth: innerWidth, maxLines: max(1, maxRows - overhead))
            let lines = assemble(plain, padded: padded)
            if lines.count <= maxRows || !padded { return Array(lines.prefix(maxRows)) }
        }
        return []
    }

    /// `title` in big letters wrapped on word boundaries (a blank line between
    /// big lines), or `nil` when a word is too wide or a character has no glyph.
    func bigTitle(_ title: [Character], innerWidth: Int) -> [[Character]]? {
        let words = S.words(title)
        guard !words.isEmpty else { return nil }
        var lines: [[Character]] = []
        var current: [Character] = []
        for word in words {
            guard let wordWidth = SceneBlockFont.width(of: word), wordWidth <= innerWidth else { return nil }
            let candidate = current.isEmpty ? word : current + [" "] + word
            if let candidateWidth = SceneBlockFont.width(of: candidate), candidateWidth <= innerWidth {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        lines.append(current)
        var rows: [[Character]] = []
        for (index, line) in lines.enumerated() {
            guard let big = SceneBlockFont.render(line, ascii: ascii) else { return nil }
            if index > 0 { rows.append([]) }
            rows += big
        }
        return rows
    }

    /// `title` as plain text wrapped on word boundaries into at most
    /// `maxLines` lines of `innerWidth` characters (over-long words are split,
    /// and the last line ends with an ellipsis when text was left out).
    func plainTitle(_ title: [Character], innerWidth: Int, maxLines: Int) -> [[Character]] {
        guard innerWidth > 0, maxLines > 0 else { return [] }
        var lines: [[Character]] = []
        var current: [Character] = []
        for word in S.words(title) {
            var word = word
            if !current.isEmpty {
                if current.count + 1 + word.count <= innerWidth {
                    current += [" "] + word
                    continue
                }
                lines.append(current)
                current = []
            }
            while word.count > innerWidth {
                lines.append(Array(word.prefix(innerWidth)))
                word = Array(word.dropFirst(innerWidth))
            }
            current = word
        }
        if !current.isEmpty { lines.append(current) }
        if lines.count > maxLines {
            var kept = Array(lines.prefix(maxLines))
            if let last = kept.popLast() {
                let cut = last.count < innerWidth ? last + [ascii ? "~" : "…"]
                    : S.truncated(last + ["x"], to: innerWidth, ascii: ascii)
                kept.append(cut)
            }
            return kept
        }
        return lines
    }

    // MARK: Output

    func text() -> String {
        var header: [Character] = [" "]
        if let seconds = S.fixedSeconds(snapshot.time) {
            header += Array("t=" + seconds + "s")
        } else {
            header += Array("t=?")
        }
        var caption = S.trimmed(S.terminalCharacters(snapshot.caption, ascii: ascii))
        if snapshot.touchesLeftOut > 0 {
            let more = snapshot.touchesLeftOut
            caption += Array(" (+\(more) finger\(more == 1 ? "" : "s") not drawn)")
        }
        if !caption.isEmpty { header += [" ", " "] + caption }
        header = S.truncated(header, to: width, ascii: ascii)
        header += Array(repeating: " ", count: width - header.count)

        var output = String(header)
        for line in grid {
            output += "\n"
            output += String(line)
        }
        output += "\n"
        return output
    }
}

extension TerminalPicture {
    /// The number of lines a picture has: the caption line and the window frame.
    public static let lineCount = 1 + TerminalPictureDrawing.frameLines

    /// The window point a character cell of the picture shows: the inverse
    /// of where the picture draws a finger, for pointing into a picture
    /// (a terminal mouse). `line` 0 is the caption line, which shows no
    /// point (nil); the frame's borders map to the window's edges.
    ///
    /// A finger at the returned point is drawn in that very cell: columns
    /// map to the left edge of their span, rows to the middle of theirs
    /// (the tab bar's rows to its image, title and selection bands).
    public static func windowPoint(column: Int, line: Int, of snapshot: SceneSnapshot, columns: Int = 48) -> Point? {
        let drawing = TerminalPictureDrawing(snapshot: snapshot, columns: columns, ascii: true)
        let row = line - 1
        guard row >= 0, row < TerminalPictureDrawing.frameLines, column >= 0, column < drawing.width else { return nil }
        let inner = min(max(column, 1), drawing.width - 2)
        let x = Double(inner - 1) / Double(drawing.width - 2) * drawing.windowWidth
        let y: Double
        if drawing.hasTabBar && row >= drawing.separatorRow {
            let span = drawing.windowHeight - drawing.tabBarTop
            let fraction: Double
            switch row {
            case drawing.separatorRow: fraction = 0
            case drawing.imageRow: fraction = 0.3
            case drawing.titleRow: fraction = 0.725
            default: fraction = 0.925
            }
            y = drawing.tabBarTop + fraction * span
        } else {
            let bottom = drawing.hasTabBar ? drawing.tabBarTop : drawing.windowHeight
            let band = min(max(row, 1), drawing.bodyLines)
            y = (Double(band - 1) + 0.5) / Double(drawing.bodyLines) * bottom
        }
        return Point(x: x, y: y)
    }
}
