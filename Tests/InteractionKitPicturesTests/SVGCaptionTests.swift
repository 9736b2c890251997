import Testing
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux

/// An SVG picture on its own says when and what (issue 38): the caption
/// stands above the screen where nothing drawn on the screen can cover
/// it, wraps rather than being cut, and nothing on the screen is cut by a
/// rounded corner.
@Suite("SVG captions and the screen's edge")
struct SVGCaptionTests {
    /// The text of each `<text>` element in the `<g id="caption">` group, with its y.
    private func captionTexts(_ svg: String) -> [(text: String, y: Double)] {
        guard let start = svg.range(of: "<g id=\"caption\">"),
              let end = svg.range(of: "</g>", range: start.upperBound..<svg.endIndex) else { return [] }
        return svg[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            guard let yStart = line.range(of: " y=\""), let open = line.range(of: "\">"),
                  let close = line.range(of: "</text>") else { return nil }
            let yText = line[yStart.upperBound...].prefix { $0 != "\"" }
            return (String(line[open.upperBound..<close.lowerBound]), Double(yText) ?? .nan)
        }
    }

    /// A 390 × 844 scene whose first button covers the top of the screen, as a scroll view's first row does.
    private func rowAtTheTop(caption: String, time: Double = 0.5) -> SceneSnapshot {
        var snapshot = Fixtures.typical(hud: false)
        snapshot.time = time
        snapshot.caption = caption
        snapshot.buttons = [ButtonSnapshot(title: "Row 0", frame: Rect(x: 0, y: 0, width: 390, height: 60),
                                           isEnabled: true, isHighlighted: false)]
        return snapshot
    }

    @Test("The caption is above the screen (negative y), drawn before and outside the screen's clipped group")
    func captionAboveTheScreen() throws {
        let svg = SVGPicture.render(rowAtTheTop(caption: "scroll rests at (0, 0)"))
        let texts = captionTexts(svg)
        #expect(texts.map(\.text) == ["t=0.50s · scroll rests at (0, 0)", "accessibility-large"])
        #expect(texts.allSatisfy { $0.y < 0 && $0.y > -(SVGPicture.bezel + SVGPicture.captionBand) })
        let caption = try #require(svg.range(of: "<g id=\"caption\">")).lowerBound
        let screen = try #require(svg.range(of: "<g clip-path=\"url(#screen)\">")).lowerBound
        #expect(caption < screen)
        #expect(svg.contains("<clipPath id=\"screen\">\n      <rect x=\"0\" y=\"0\" width=\"390\" height=\"844\"/>"))
    }

    @Test("A caption too long for a line wraps into two, whole; past two lines it is cut with …")
    func longCaption() {
        // The seed's last picture, whose caption used to be cut ("focus on Setti…").
        let seed = SVGPicture.render(rowAtTheTop(caption: "Settings selected; focus on Settings", time: 1))
        #expect(captionTexts(seed).map(\.text).dropLast() == ["t=1.00s · Settings selected; focus on Settings"])
        let caption = "Now Playing selected; focus on Now Playing; HUD hidden"
        let svg = SVGPicture.render(rowAtTheTop(caption: caption, time: 1))
        let lines = captionTexts(svg).map(\.text).dropLast()
        #expect(lines.count == 2)
        #expect(lines.joined(separator: " ") == "t=1.00s · " + caption)
        let endless = SVGPicture.render(rowAtTheTop(caption: String(repeating: "focus moves on ", count: 20)))
        let cut = captionTexts(endless).map(\.text).dropLast()
        #expect(cut.count == 2)
        #expect(cut.last?.hasSuffix("…") == true)
        let room = 410.0 - 24
        #expect(cut.allSatisfy { Double($0.count) * SVGPicture.characterWidth * 13 <= room + 0.001 })
    }

    @Test("The focus ring on the tab in the screen's corner lies whole inside the screen, which has square corners")
    func cornerRing() throws {
        var snapshot = Fixtures.typical(hud: false)
        let last = try #require(snapshot.tabs.last)
        snapshot.focus = FocusSnapshot(title: last.title, kind: .tab, frame: last.frame)
        let svg = SVGPicture.render(snapshot)
        #expect(svg.contains("""
                <g id="focus">
                  <rect x="313.5" y="796.5" width="75" height="46" rx="8" fill="none" stroke="#5856d6" stroke-width="3"/>
            """))
        // The ring's outer edge (1.5 points out from its rect) stays within the 390 × 844 screen.
        #expect(313.5 + 75 + 1.5 <= 390 && 796.5 + 46 + 1.5 <= 844)
        let clip = try #require(svg.range(of: "<clipPath id=\"screen\">"))
        let clipLine = svg[clip.upperBound...].split(separator: "\n").first { $0.contains("<rect") } ?? ""
        #expect(!clipLine.contains("rx="), "the screen is the window's rectangle")
    }
}
