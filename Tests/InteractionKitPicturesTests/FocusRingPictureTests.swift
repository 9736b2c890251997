import Testing
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux

/// The keyboard focus in pictures: a heavy frame in the terminal, a 3-point ring in SVG.
@Suite("Focus rings in pictures")
struct FocusRingPictureTests {
    /// The picture's lines, the caption line (which names the focused item too) blanked.
    private func lines(_ picture: String) -> [[Character]] {
        var all = picture.split(separator: "\n").map { Array($0) }
        all[0] = []
        return all
    }

    @Test("A focused tab's cell is framed heavy: its walls, the separator above it, the window's edge below")
    func tabRing() throws {
        let picture = lines(TerminalPicture.render(Fixtures.focused(.tab), columns: 60))
        let titles = try #require(picture.firstIndex { String($0).contains("Profile") })
        let row = picture[titles]
        let profile = try #require(String(row).range(of: "Profile")).lowerBound.utf16Offset(in: String(row))
        let left = try #require(row[..<profile].lastIndex(of: "┃"))
        let right = try #require(row[profile...].firstIndex(of: "┃"))
        // Separator (3 lines above the titles) and bottom edge: heavy corners at the walls, heavy between.
        #expect(picture[titles - 2][left] == "┏" && picture[titles - 2][right] == "┓")
        #expect(picture[titles + 2][left] == "┗" && picture[titles + 2][right] == "┛")
        #expect(picture[titles - 2][(left + 1)..<right].allSatisfy { $0 == "━" })
        #expect(picture[titles + 2][(left + 1)..<right].allSatisfy { $0 == "━" })
        for offset in -1...1 { #expect(picture[titles + offset][left] == "┃" && picture[titles + offset][right] == "┃") }
        // Only one item is framed.
        #expect(picture.joined().filter { $0 == "┏" }.count == 1)
    }

    @Test("A focused button's box is drawn heavy; a focused row of a scroll view has its blanks drawn heavy")
    func buttonAndRowRings() throws {
        let button = TerminalPicture.render(Fixtures.focused(.button), columns: 60)
        let save = try #require(lines(button).first { String($0).contains("Save") })
        #expect(String(save).contains("┃      Save       ┃"))
        #expect(button.contains("┏━━━━━━━━━━━━━━━━━┓") && button.contains("┗━━━━━━━━━━━━━━━━━┛"))
        #expect(!button.contains("┌─────────────────┐"), "the box is drawn once, heavy")
        let row = TerminalPicture.render(Fixtures.focused(.view), columns: 60)
        #expect(row.contains("━━━━ Row 2 ━━━━"))
        #expect(!row.contains("━ Row 1 ━") && !row.contains("┏"))
    }

    @Test("In ASCII the ring is # and =; with nothing focused nothing is heavy")
    func asciiAndNone() {
        for kind in [FocusKind.tab, .button, .view] {
            let picture = TerminalPicture.render(Fixtures.focused(kind), columns: 60, ascii: true)
            #expect(picture.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(picture.contains("=="))
        }
        #expect(TerminalPicture.render(Fixtures.focused(.button), columns: 60, ascii: true).contains("#      Save       #"))
        var unfocused = Fixtures.focused(.tab)
        unfocused.focus = nil
        let plain = TerminalPicture.render(unfocused, columns: 60)
        #expect(!plain.contains("┏") && !plain.contains("━"))
    }

    @Test("The terminal key explains the ring, on a line of its own under the first")
    func legend() {
        let key = TerminalPicture.legend().split(separator: "\n")
        #expect(key.count == 4)
        #expect(key[1] == "     ┏━┓ keyboard focus: the item Tab and the arrows move to, and Space or Return activate")
        #expect(TerminalPicture.legend(ascii: true).split(separator: "\n")[1].hasPrefix("     #=# keyboard focus"))
    }

    @Test("In SVG the ring is a 3-point indigo outline: just inside a tab, just outside a button, clipped in a scroll view")
    func svgRing() {
        let tab = SVGPicture.render(Fixtures.focused(.tab))
        #expect(tab.contains("""
                <g id="focus">
                  <rect x="235.5" y="796.5" width="75" height="46" rx="8" fill="none" stroke="#5856d6" stroke-width="3"/>
                </g>
            """))
        let button = SVGPicture.render(Fixtures.focused(.button))
        #expect(button.contains(
            "<rect x=\"131.5\" y=\"596.5\" width=\"127\" height=\"51\" rx=\"13.5\" fill=\"none\" stroke=\"#5856d6\" stroke-width=\"3\"/>"))
        let row = SVGPicture.render(Fixtures.focused(.view))
        #expect(row.contains("<g id=\"focus\" clip-path=\"url(#scroll-view)\">"))
        var unfocused = Fixtures.focused(.tab)
        unfocused.focus = nil
        #expect(!SVGPicture.render(unfocused).contains("#5856d6"))
        // The ring lies over the tabs and under the HUD.
        let order = ["<g id=\"tabs\">", "<g id=\"focus\">"].map { tab.range(of: $0)?.lowerBound }
        #expect(order[0] != nil && order[1] != nil && order[0]! < order[1]!)
    }
}
