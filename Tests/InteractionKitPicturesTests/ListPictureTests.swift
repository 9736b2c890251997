import Testing
@testable import InteractionKitPictures
import InteractionKitReplay
import InteractionKitLinux

@Suite("Lists in the pictures: a row a line, the selection, revealed actions, a dragged row")
struct ListPictureTests {
    static func snapshot(rows count: Int) -> SceneSnapshot {
        var snapshot = Fixtures.buttons()
        snapshot.buttons = []
        snapshot.touches = []
        let frame = Rect(x: 0, y: 100, width: 390, height: 600)
        var rows: [RowSnapshot] = []
        for index in 0..<count {
            let top = 100 + Double(index) * 44
            let revealed = index == 2
            let actions: [String] = revealed ? ["Archive", "Delete"] : []
            let actionsFrame: Rect? = revealed ? Rect(x: 242, y: top, width: 148, height: 44) : nil
            rows.append(RowSnapshot(title: "Row \(index + 1)", frame: Rect(x: 0, y: top, width: 390, height: 44),
                                    isSelected: index == 1, isHighlighted: false, revealedActions: actions,
                                    actionsFrame: actionsFrame, isDragged: index == 3))
        }
        snapshot.list = ListSnapshot(frame: frame, rowCount: 30, rows: rows.filter { $0.frame.midY < frame.maxY })
        return snapshot
    }

    @Test("The terminal draws a row a line: ✓ before the selected one, ↕ before the dragged one, the actions in brackets, the rest counted")
    func terminal() {
        let rows = TerminalPicture.render(Self.snapshot(rows: 14), columns: 60).split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains("│ Row 1 ") })
        #expect(rows.contains { $0.contains("│ ✓ Row 2 ") })
        #expect(rows.contains { $0.contains("│ Row 3") && $0.contains("[Archive] [Delete]│") })
        #expect(rows.contains { $0.contains("│ ↕ Row 4 ") })
        // 14 rows show and the box has fewer lines: the last one counts the rest.
        let counted = rows.first { $0.contains(" more") }
        #expect(counted != nil, "\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("Row 14") })
        let ascii = TerminalPicture.render(Self.snapshot(rows: 4), columns: 60, ascii: true)
        #expect(ascii.contains("| v Row 2 ") && ascii.contains("| = Row 4 "))
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("The SVG draws each row with its title, the selected one grey, the actions as buttons, Delete red")
    func svg() {
        let svg = SVGPicture.render(Self.snapshot(rows: 5))
        #expect(svg.contains("<g id=\"list\">"))
        #expect(svg.contains(">Row 1</text>") && svg.contains(">Row 5</text>"))
        #expect(svg.contains("fill=\"#d1d1d6\""), "the selected row")
        #expect(svg.contains("fill=\"#ff3b30\"") && svg.contains(">Delete</text>") && svg.contains(">Archive</text>"))
    }
}
