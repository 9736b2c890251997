import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux
import InteractionKitTestSupport

/// Whether `document` is well-formed XML (and its root is `svg`).
private func isWellFormedSVG(_ document: String) -> Bool {
    final class Root: NSObject, XMLParserDelegate {
        var name: String?
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == nil { name = elementName }
        }
    }
    let parser = XMLParser(data: Data(document.utf8))
    let root = Root()
    parser.delegate = root
    return parser.parse() && root.name == "svg"
}

/// Whether every numeric attribute holds a plain decimal with at most two
/// fraction digits (no `nan`, `inf` or exponent).
private func numericAttributesAreWellFormatted(_ document: String) -> Bool {
    let names = ["x", "y", "width", "height", "rx", "cx", "cy", "r", "x1", "y1", "x2", "y2",
                 "font-size", "stroke-width", "opacity", "fill-opacity", "stroke-opacity"]
    let pattern = try! NSRegularExpression(pattern: " (" + names.joined(separator: "|") + ")=\"([^\"]*)\"")
    let number = try! NSRegularExpression(pattern: "^-?[0-9]+(\\.[0-9]{1,2})?$")
    let range = NSRange(document.startIndex..., in: document)
    let matches = pattern.matches(in: document, range: range)
    guard !matches.isEmpty else { return false }
    for match in matches {
        guard let valueRange = Range(match.range(at: 2), in: document) else { return false }
        let value = String(document[valueRange])
        if number.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) == nil { return false }
    }
    return true
}

@Test("SVG typical frame matches golden") func svgTypicalFrameMatchesGolden() throws {
    let svg = SVGPicture.render(Fixtures.typical())
    #expect(svg == (try Fixtures.golden("typical.svg", actual: svg)))
    #expect(isWellFormedSVG(svg))
    #expect(numericAttributesAreWellFormatted(svg))
}

@Test("SVG typical frame contents") func svgTypicalFrameContents() {
    let svg = SVGPicture.render(Fixtures.typical())
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-10 -66 410 920\" width=\"410\" height=\"920\">\n"))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.contains(">t=0.15s · HUD shows Now Playing</text>"))
    #expect(svg.contains("<g id=\"hud\">"))
    #expect(svg.contains("<rect x=\"85\" y=\"312\" width=\"220\" height=\"220\" rx=\"16\""))
    #expect(svg.contains("font-size=\"28\" font-weight=\"bold\" fill=\"#ffffff\">Now Playing</text>"))
    #expect(svg.contains("<g id=\"tab-2\" opacity=\"0.4\">"))
    #expect(svg.contains("<circle cx=\"195\" cy=\"819.5\" r=\"22\""))
    #expect(!svg.contains("\t"))
}

@Test("SVG without HUD") func svgWithoutHUD() {
    let svg = SVGPicture.render(Fixtures.typical(hud: false))
    #expect(!svg.contains("id=\"hud\""))
    #expect(isWellFormedSVG(svg))
}

@Test("SVG right to left") func svgRightToLeft() {
    let svg = SVGPicture.render(Fixtures.typical(direction: .rightToLeft))
    #expect(svg.contains("accessibility-large · right-to-left"))
    // Home (the first tab) is drawn in the rightmost slot.
    #expect(svg.contains("<text x=\"351\" y=\"835\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"10.5\" font-weight=\"600\" fill=\"#007aff\">Home</text>"))
}

@Test("SVG shrinks long titles") func svgShrinksLongTitles() throws {
    var snapshot = Fixtures.typical()
    snapshot.hud?.title = "A Remarkably Long Title"
    let svg = SVGPicture.render(snapshot)
    let line = try #require(svg.split(separator: "\n").first { $0.contains(">A Remarkably Long Title<") })
    #expect(line.contains("font-size=\"13.62\""))
    snapshot.hud?.title = String(repeating: "W", count: 500)
    let cut = SVGPicture.render(snapshot)
    #expect(cut.contains("font-size=\"9\" font-weight=\"bold\" fill=\"#ffffff\">WWW"))
    #expect(cut.contains("W…</text>"))
}

@Test("SVG escapes and drops control characters") func svgEscapesAndDropsControlCharacters() {
    var snapshot = Fixtures.typical()
    snapshot.caption = "<b>&\"'\u{0}\u{7}\u{1B}x"
    snapshot.hud?.title = "<&>"
    snapshot.tabs[0].title = "a\"b'c"
    let svg = SVGPicture.render(snapshot)
    #expect(svg.contains("&lt;b&gt;&amp;&quot;&apos;x</text>"))
    #expect(svg.contains(">&lt;&amp;&gt;</text>"))
    #expect(svg.contains(">a&quot;b&apos;c</text>"))
    #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(isWellFormedSVG(svg))
}

@Test("SVG hostile snapshots are well formed") func svgHostileSnapshotsAreWellFormed() {
    for snapshot in Fixtures.hostile() {
        let svg = SVGPicture.render(snapshot)
        #expect(isWellFormedSVG(svg))
        #expect(svg == SVGPicture.render(snapshot))
        #expect(numericAttributesAreWellFormatted(svg))
        #expect(!svg.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFF })
        // No negative sizes.
        #expect(!svg.contains("width=\"-") && !svg.contains("height=\"-"))
        if !(snapshot.windowSize.width > 0 && snapshot.windowSize.width < 1e7
             && snapshot.windowSize.height > 0 && snapshot.windowSize.height < 1e7) {
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-10 -66 410 920\""))
        }
    }
}

@Test("SVG empty scene") func svgEmptyScene() {
    let empty = SceneSnapshot(time: .nan, caption: "", windowSize: Size(width: 0, height: 0),
                              layoutDirection: .leftToRight, contentSize: "", tabBarFrame: nil,
                              tabs: [], touches: [], hud: nil)
    let svg = SVGPicture.render(empty)
    #expect(isWellFormedSVG(svg))
    #expect(svg.contains(">t=?</text>"))
}

@Test("Number formatting") func numberFormatting() {
    let cases: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (-0.001, "0"), (1, "1"), (2.5, "2.5"), (0.05, "0.05"), (0.1, "0.1"),
        (12.345678, "12.35"), (3.999999, "4"), (-7.25, "-7.25"), (819.5, "819.5"), (100.10, "100.1"),
        (.nan, "0"), (.infinity, "0"), (-.infinity, "0"), (1e300, "1000000"), (-1e300, "-1000000"),
        (.leastNonzeroMagnitude, "0"),
    ]
    for (value, text) in cases {
        #expect(SceneRenderSupport.decimal(value) == text, "\(value)")
    }
    #expect(SceneRenderSupport.fixedSeconds(0.15) == "0.15")
    #expect(SceneRenderSupport.fixedSeconds(1) == "1.00")
    #expect(SceneRenderSupport.fixedSeconds(-0.5) == "-0.50")
    #expect(SceneRenderSupport.fixedSeconds(.nan) == nil)
    #expect(SceneRenderSupport.fixedSeconds(1e300) == nil)
}

@Test("Safe integer conversion") func safeIntegerConversion() {
    typealias S = SceneRenderSupport
    #expect(S.clampedInt(.nan, 0, 10, nanValue: 3) == 3)
    #expect(S.clampedInt(.infinity, 0, 10, nanValue: 3) == 10)
    #expect(S.clampedInt(-.infinity, 0, 10, nanValue: 3) == 0)
    #expect(S.clampedInt(1e300, -5, 5, nanValue: 0) == 5)
    #expect(S.clampedInt(4.9, 0, 10, nanValue: 0) == 4)
    #expect(S.roundedInt(4.5, 0, 10, nanValue: 0) == 5)
    #expect(S.clampedInt(3, 10, 0, nanValue: 0) == 3)
    #expect(S.clampedInt(.nan, 0, 10, nanValue: 99) == 10)
}

@Suite("SVG pictures of buttons and pressed tabs")
struct SVGButtonPictureTests {
    @Test("Buttons are drawn at their frames: pressed filled light blue, disabled at reduced opacity")
    func buttons() {
        let svg = SVGPicture.render(Fixtures.buttons())
        #expect(svg.contains("""
                  <g id="button-1">
                    <rect x="40" y="400" width="120" height="44" rx="10" fill="#cce4ff" stroke="#007aff" stroke-width="2.5"/>
            """))
        #expect(svg.contains(">Save</text>"))
        #expect(svg.contains("<g id=\"button-2\" opacity=\"0.4\">"))
        #expect(svg.contains("fill=\"#ffffff\" stroke=\"#8e8e93\" stroke-width=\"1.5\"/>"))
        #expect(svg.contains(">Delete</text>"))
        // Buttons lie under the fingers.
        let buttons = svg.range(of: "<g id=\"buttons\">")
        let touches = svg.range(of: "<g id=\"touches\">")
        #expect(buttons != nil && touches != nil && buttons!.lowerBound < touches!.lowerBound)
    }

    @Test("The pressed tab gets a grey shade; a snapshot without one draws none")
    func pressedTab() {
        let svg = SVGPicture.render(Fixtures.buttons())
        #expect(svg.components(separatedBy: "fill=\"#3a3a3c\" fill-opacity=\"0.16\"").count == 2)
        #expect(svg.contains("<g id=\"tab-2\">\n        <rect x=\"132\" y=\"797\""))
        #expect(!SVGPicture.render(Fixtures.typical()).contains("fill-opacity=\"0.16\""))
    }
}
