import Foundation
import Testing
@testable import DemoCLI
@testable import InteractionKitReplay
import InteractionKitPictures
import InteractionKitLinux
import InteractionKitTestSupport

/// `Examples/scroll.gesture`: a flick, a bounce, a tap on a row.
@Suite("The scroll example")
@MainActor
struct ScrollExampleTests {
    private func replay() throws -> Replay {
        let path = Repository.examples.appendingPathComponent("scroll.gesture").path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let script = try GestureScriptParser(file: "Examples/scroll.gesture", reader: DemoCommand.readFile).parse(bytes)
        return ScriptPlayer(script: script).run()
    }

    @Test("The flick glides to rest, the pull springs back to the end within 0.5 s, the tap presses Row 22")
    func story() throws {
        let replay = try replay()
        let rests = replay.events.compactMap { event -> (Double, Point)? in
            if case .scrollEnd(let offset) = event.kind { return (event.time, offset) }
            return nil
        }
        #expect(rests.count == 2)
        // The flick: 1 200 points a second from 108, at 0.998 per millisecond.
        #expect(abs((rests.first?.1.y ?? 0) - (108 + 1200 / (-1000 * log(0.998)))) < 1e-6)
        // The pull past the end (956) lifts at 5.9 and springs back within 0.5 s.
        #expect(rests.last?.1 == Point(x: 0, y: 956))
        #expect((rests.last?.0 ?? 99) <= 5.9 + 0.5)
        let pressed = replay.events.compactMap { event -> String? in
            if case .control(let title, .primaryActionTriggered) = event.kind { return title }
            return nil
        }
        #expect(pressed == ["Row 22"])
        // Row 10, under the flick's finger, never heard it.
        #expect(!replay.events.contains { if case .control("Row 10", _) = $0.kind { true } else { false } })
    }

    @Test("Scroll events come at most once a frame: never two within 1/60 s")
    func rateLimit() throws {
        let times = try replay().events.compactMap { event -> Double? in
            if case .scroll = event.kind { return event.time }
            return nil
        }
        #expect(times.count > 60)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= 1.0 / 60 - 1e-9)
        }
    }

    @Test("The scroll example with pictures matches its golden file")
    func pictures() throws {
        let options = TranscriptFormatter.TextOptions(
            picture: { TerminalPicture.render($0, columns: 60) }, legend: TerminalPicture.legend(scroll: true))
        try expectGolden(TranscriptFormatter.text(try replay(), options: options), "scroll-pictures.txt")
    }

    @Test("The SVG picture of the rest after the flick draws the rows that show, clipped, and the indicator")
    func svg() throws {
        let replay = try replay()
        let frame = try #require(replay.frames.first { $0.snapshot.caption.hasPrefix("scroll rests") })
        let svg = SVGPicture.render(frame.snapshot)
        #expect(svg.contains("<clipPath id=\"scroll-view\">"))
        #expect(svg.contains("<g id=\"scroll-buttons\" clip-path=\"url(#scroll-view)\">"))
        #expect(svg.contains("id=\"scroll-indicator\""))
        #expect(svg.contains(">Row 12<"))
        #expect(frame.snapshot.buttons[12].clip == frame.snapshot.scroll?.frame)
        #expect(frame.snapshot.buttons[12].frame.minY == 720 - (frame.snapshot.scroll?.contentOffset.y ?? 0))
    }
}
