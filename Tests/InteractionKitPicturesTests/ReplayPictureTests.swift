import Foundation
import Testing
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Pictures of replays: the key, lifted fingers, fingers beside titles, recordings' trails")
@MainActor
struct ReplayPictureTests {
    private func replay(_ name: String) throws -> Replay {
        let path = Repository.examples.appendingPathComponent(name).path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let parser = GestureScriptParser(file: "Examples/\(name)", loader: { path in
            FileManager.default.contents(atPath: path).map { Array($0) }
        })
        return ScriptPlayer(script: try parser.parse(bytes)).run()
    }

    @Test("The key is printed once, under the first picture, and says what the HUD is")
    func legendOnce() throws {
        let options = TranscriptFormatter.TextOptions(
            picture: { TerminalPicture.render($0, columns: 60) }, legend: TerminalPicture.legend())
        let text = TranscriptFormatter.text(try replay("seed.gesture"), options: options)
        let key = "Key: ● finger"
        #expect(text.components(separatedBy: key).count == 2)
        #expect(text.contains("HUD: the large content viewer's heads-up display"))
        // The first picture's bottom right corner (its bottom left is the focus ring's, on Home).
        let firstPictureEnd = try #require(text.range(of: "┘"))
        let keyStart = try #require(text.range(of: key))
        #expect(firstPictureEnd.lowerBound < keyStart.lowerBound)
        #expect(text.components(separatedBy: "┌ accessibility-large").count == 9)  // 8 pictures
        #expect(!TranscriptFormatter.text(try replay("seed.gesture")).contains(key))  // no pictures, no key
    }

    @Test("A finger is not drawn in the pictures taken as it lifts")
    func liftedFinger() throws {
        let frames = try replay("seed.gesture").frames
        // The focus follows the selection (rule K5): one picture for both.
        let selected = try #require(frames.first {
            $0.snapshot.caption == "Settings selected; editing ends in Search; focus on Settings"
        })
        let hidden = try #require(frames.first { $0.snapshot.caption == "HUD hidden" })
        #expect(selected.snapshot.touches.isEmpty)
        #expect(hidden.snapshot.touches.isEmpty)
        let shown = try #require(frames.first { $0.snapshot.caption == "HUD shows Settings" })
        #expect(shown.snapshot.touches.map(\.location) == [Point(x: 351, y: 819.5)])
        #expect(!TerminalPicture.render(selected.snapshot, columns: 60).contains("●"))
    }

    @Test("In the SVG a finger lies under the tab titles and its name beside it, outside the tab bar")
    func fingerBesideTitle() throws {
        let svg = SVGPicture.render(Fixtures.typical())
        let circle = try #require(svg.range(of: "<g id=\"touches\">"))
        let titles = try #require(svg.range(of: "<g id=\"tabs\">"))
        #expect(circle.lowerBound < titles.lowerBound)
        let name = try #require(svg.range(of: ">finger 1</text>"))
        #expect(titles.lowerBound < name.lowerBound)
        let line = svg[svg[..<name.lowerBound].lastIndex(of: "<")!..<name.lowerBound]
        #expect(line.contains("y=\"793.5\""))  // above the tab bar, which starts at 795
    }

    @Test("A recording's replay ends with a picture of its trails and the recognizers' last states")
    func recordingTrails() throws {
        let replay = try replay("real-touches.gesture")
        let end = try #require(replay.frames.last?.snapshot)
        #expect(end.caption.hasPrefix("end of recordings/QUANTA OpticalTouchScreen.events"))
        #expect(end.trails.count == 9)
        #expect(end.trails.allSatisfy { !$0.isDown && $0.points.count <= TrailSnapshot.maximumPoints })
        #expect(end.gestures.map(\.name) == ["tap", "long-press", "pan"])
        // The surface's recognizers are simultaneous (contract §9): the two held touches that then drag
        // also pan, and a quick touch that moves under a tap's 45 points (G7) taps and pans.
        #expect(end.gestures.map(\.recognizedCount) == [2, 2, 8])
        #expect(end.gestures.last?.lastState == .ended)

        let text = TerminalPicture.render(end, columns: 60)
        #expect(text.contains("pan: ended, recognized ×8"))
        #expect(text.contains("·r0"))
        let svg = SVGPicture.render(end)
        #expect(svg.components(separatedBy: "<polyline").count == 10)
        // A long trail's points are written whole, up to its last point.
        let first = try #require(end.trails.first)
        let last = try #require(first.points.last)
        #expect(svg.contains(" \(SceneRenderSupport.decimal(last.x)),\(SceneRenderSupport.decimal(last.y))\" fill=\"none\""))
        #expect(svg.contains(">r0 lifted</text>"))
    }

    @Test("Trails are thinned to 64 points, keeping both ends")
    func thinnedTrail() throws {
        // A script's own fingers draw no trails; a recording's do: one finger, 1,000 moves.
        var events = "A: 00 0 1000 0 0\nA: 01 0 1000 0 0\nE: 0.000000 0003 0000 0\nE: 0.000000 0003 0001 0\n"
        events += "E: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0\n"
        for step in 1...1_000 {
            let time = String(step).count < 6 ? String(repeating: "0", count: 6 - String(step).count) + String(step) : String(step)
            events += "E: 0.\(time) 0003 0000 \(step)\nE: 0.\(time) 0000 0000 0\n"
        }
        events += "E: 1.000000 0001 014a 0\nE: 1.000000 0000 0000 0\n"
        let bytes = Array(events.utf8)
        let script = try GestureScriptParser(file: "t.gesture", loader: { _ in bytes }).parse("surface pan\nevemu \"x.events\"")
        let trail = try #require(ScriptPlayer(script: script).run().frames.last?.snapshot.trails.first)
        #expect(trail.points.count == TrailSnapshot.maximumPoints)
        #expect(trail.points.first?.x == 0)
        #expect(trail.points.last?.x == 390)
    }
}
