import Testing
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux
import InteractionKitTestSupport

/// A 390 × 844 window holding a 390 × 600 scroll view whose 20 rows are
/// 60 points tall, scrolled by `offset`.
private func scrolledSnapshot(offset: Double, highlighted: Int? = nil) -> SceneSnapshot {
    let frame = Rect(x: 0, y: 100, width: 390, height: 600)
    var buttons: [ButtonSnapshot] = []
    for index in 0..<20 {
        let enabled: Bool = index != 3
        let pressed: Bool = index == highlighted
        buttons.append(ButtonSnapshot(
            title: "Row \(index)", frame: Rect(x: 0, y: 100 + Double(index) * 60 - offset, width: 390, height: 60),
            isEnabled: enabled, isHighlighted: pressed, clip: frame))
    }
    return SceneSnapshot(
        time: 1, caption: "scrolled", windowSize: Size(width: 390, height: 844), layoutDirection: .leftToRight,
        contentSize: "large", tabBarFrame: nil, tabs: [], touches: [], hud: nil, buttons: buttons,
        scroll: ScrollSnapshot(frame: frame, contentOffset: Point(x: 0, y: offset), contentSize: Size(width: 390, height: 1200))
    )
}

@Suite("Pictures of a scroll view")
struct ScrollPictureTests {
    @Test("The terminal picture draws a dashed box, the rows that show inside it, and a thumb that follows the offset")
    func terminal() {
        let top = TerminalPicture.render(scrolledSnapshot(offset: 0, highlighted: 1))
        #expect(top.contains("┆"))
        #expect(top.contains("Row 0") && top.contains("Row 9"))
        #expect(!top.contains("Row 10") && !top.contains("Row 19"))
        #expect(top.contains("(Row 3)"), "a disabled row is in parentheses")
        #expect(top.contains("░Row░1░"), "a pressed row is shaded")
        let bottom = TerminalPicture.render(scrolledSnapshot(offset: 600))
        #expect(!bottom.contains("Row 9 ") && bottom.contains("Row 10") && bottom.contains("Row 19"))
        func thumbRows(_ picture: String) -> [Int] {
            picture.split(separator: "\n").enumerated().compactMap { $0.element.contains("┃") ? $0.offset : nil }
        }
        #expect(!thumbRows(top).isEmpty)
        #expect((thumbRows(top).min() ?? 99) < (thumbRows(bottom).min() ?? 0))
        #expect((thumbRows(top).max() ?? 99) < (thumbRows(bottom).max() ?? 0))
        let ascii = TerminalPicture.render(scrolledSnapshot(offset: 300), ascii: true)
        let onlyASCII = ascii.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(onlyASCII)
        #expect(ascii.contains("#") && ascii.contains(":"))
    }

    @Test("Non-finite scroll geometry draws nothing of it and never traps")
    func nonFinite() {
        var snapshot = scrolledSnapshot(offset: .nan)
        snapshot.scroll?.frame = Rect(x: .nan, y: 0, width: .infinity, height: 10)
        snapshot.buttons[0].clip = Rect(x: 0, y: .infinity, width: 1, height: 1)
        let picture = TerminalPicture.render(snapshot)
        #expect(picture.hasSuffix("\n"))
        let svg = SVGPicture.render(snapshot)
        #expect(!svg.contains("scroll-indicator"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test("The SVG clips the rows to the scroll view and places the indicator by the offset")
    func svg() {
        let svg = SVGPicture.render(scrolledSnapshot(offset: 600))
        #expect(svg.contains("<clipPath id=\"scroll-view\">"))
        #expect(svg.contains("<g id=\"scroll-buttons\" clip-path=\"url(#scroll-view)\">"))
        // At the end of the content the 300-point indicator ends at the bottom of the view (700).
        #expect(svg.contains("id=\"scroll-indicator\" x=\"385\" y=\"400\" width=\"3\" height=\"300\""))
    }
}
