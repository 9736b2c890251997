import Testing
@testable import InteractionKitReplay
import InteractionKitEvemu
import InteractionKitLinux

@Suite("The scroll scene line and buttons in scroll")
struct ScrollSceneLineTests {
    @Test("A scroll line and buttons in scroll parse; a title may be several words before 'at', as the contract writes it")
    func goodLines() throws {
        let script = try parseScript("""
            scroll 0 10 390 600 content 390 3000 paging
            button Row 7 at 0 420 390 60 in scroll
            button "Row 8" at 0 480 390 60 in scroll
            button Save at 20 700 100 44
            down @"Row 7"
            up
            """)
        #expect(script.scene.scroll == GestureScript.SceneScroll(
            frame: Rect(x: 0, y: 10, width: 390, height: 600), contentSize: Size(width: 390, height: 3000),
            isPagingEnabled: true))
        #expect(script.scene.buttons == [
            GestureScript.SceneButton(title: "Row 7", frame: Rect(x: 0, y: 420, width: 390, height: 60), isInScroll: true),
            GestureScript.SceneButton(title: "Row 8", frame: Rect(x: 0, y: 480, width: 390, height: 60), isInScroll: true),
            GestureScript.SceneButton(title: "Save", frame: Rect(x: 20, y: 700, width: 100, height: 44)),
        ])
        #expect(script.steps.first?.action == .down(id: 0, at: .item("Row 7")))
        let plain = try parseScript("button Save draft at 1 2 3 4\n")
        #expect(plain.scene.buttons.first?.title == "Save draft")
        #expect(plain.scene.scroll == nil)
    }

    @Test("A button in scroll is placed in content coordinates: it may lie below the window, not outside the content")
    func contentCoordinates() throws {
        let script = try parseScript("scroll 0 0 390 600 content 390 3000\nbutton Far at 0 2900 390 60 in scroll\n")
        #expect(script.scene.buttons.first?.isInScroll == true)
        #expect(firstScriptError("scroll 0 0 390 600 content 390 3000\nbutton Far at 0 2980 390 60 in scroll\ndown 1 1\nup")
            == "2:15: the button 'Far' does not fit in the scroll view's 390 × 3000 content; a button in scroll is placed "
            + "in content coordinates, inside it")
        #expect(firstScriptError("button Lost at 0 0 10 10 in scroll\n")
            == "1:26: the button 'Lost' is 'in scroll', but the scene has no scroll view; add a line such as: "
            + "scroll 0 0 390 600 content 390 3000")
    }

    @Test("'refresh SECONDS' gives the scroll view a refresh control, with or beside 'paging'; a bad duration is an error")
    func refreshLines() throws {
        let script = try parseScript("scroll 0 0 390 600 content 390 3000 refresh 1.5 paging\n")
        #expect(script.scene.scroll?.refreshDuration == 1.5 && script.scene.scroll?.isPagingEnabled == true)
        #expect(try parseScript("scroll 0 0 390 600 content 390 3000\n").scene.scroll?.refreshDuration == nil)
        #expect(firstScriptError("scroll 0 0 390 600 content 390 3000 refresh")
            == "1:44: expected how long a refresh lasts, in seconds, as in: scroll 0 0 390 600 content 390 3000 refresh 1.5")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 3000 refresh 0")
            == "1:45: a refresh must last more than 0 and at most 60 seconds")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 3000 refresh 61")
            == "1:45: a refresh must last more than 0 and at most 60 seconds")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 3000 refresh inf") == "1:45: 'inf' is not a finite number")
    }

    @Test("'zoom MIN MAX' gives the scroll view a zoom range, beside the other words; a bad range is an error")
    func zoomLines() throws {
        let script = try parseScript("scroll 0 0 390 600 content 390 600 zoom 0.5 4 refresh 2\n")
        #expect(script.scene.scroll?.zoomRange == 0.5...4 && script.scene.scroll?.refreshDuration == 2)
        #expect(try parseScript("scroll 0 0 390 600 content 390 600\n").scene.scroll?.zoomRange == nil)
        #expect(firstScriptError("scroll 0 0 390 600 content 390 600 zoom 1")
            == "1:42: expected the largest zoom scale, as in: scroll 0 0 390 600 content 390 600 zoom 1 4")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 600 zoom 2 2")
            == "1:43: the largest zoom scale must be above the smallest, as in: scroll 0 0 390 600 content 390 600 zoom 1 4")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 600 zoom 0 2") == "1:41: a zoom scale must be from 0.01 to 100")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 600 zoom 1 1000") == "1:43: a zoom scale must be from 0.01 to 100")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 600 zoom 1 nan") == "1:43: 'nan' is not a finite number")
    }

    @Test("A scene's zoom: the pinch zooms the content with its buttons in it, and the player records zoom and zoom.end")
    @MainActor
    func zoomReplay() throws {
        let script = try parseScript("""
            scroll 0 0 390 600 content 390 600 zoom 1 3
            button Photo at 145 250 100 100 in scroll
            down 145 300 id 1 and 245 300 id 2
            wait 0.05
            move 95 300 id 1 and 295 300 id 2
            wait 0.05
            up id 1 and id 2
            wait 0.5

            """)
        let player = ScriptPlayer(script: script)
        let replay = player.run()
        let scrollView = try #require(player.scrollView)
        #expect(scrollView.zoomScale == 2)
        #expect(player.buttons[0].superview !== scrollView && player.buttons[0].isDescendant(of: scrollView))
        let zooms = replay.events.compactMap { event -> Double? in
            if case .zoom(let scale) = event.kind { scale } else { nil }
        }
        let ends = replay.events.compactMap { event -> Double? in
            if case .zoomEnd(let scale) = event.kind { scale } else { nil }
        }
        // Both fingers moved at one instant: the frame's zoom is where both put it, not the first finger alone (1.5×).
        #expect(zooms == [2])
        #expect(ends == [2])
        #expect(TranscriptFormatter.text(replay).contains("zoom rests at 2×"))
    }

    @Test("Bad scroll lines are errors with line and column")
    func badLines() {
        #expect(firstScriptError("scroll") == "1:7: expected the scroll view's x, as in: scroll 0 0 390 600 content 390 3000")
        #expect(firstScriptError("scroll 0 0 390 600") == "1:19: expected 'content' and the content's width and height after the frame, "
            + "as in: scroll 0 0 390 600 content 390 3000")
        #expect(firstScriptError("scroll 0 0 390 600 size 3 4") == "1:20: expected 'content' and the content's width and height after "
            + "the frame, as in: scroll 0 0 390 600 content 390 3000")
        #expect(firstScriptError("scroll 0 0 390 600 content 390") == "1:31: expected the content's height")
        #expect(firstScriptError("scroll 0 0 0 600 content 390 900") == "1:12: the scroll view's width must be positive")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 0") == "1:32: the content's size must be positive and at most 1000000 points")
        #expect(firstScriptError("scroll 0 0 390 600 content nan 9") == "1:28: 'nan' is not a finite number")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 9e9") == "1:32: the content's size must be positive and at most 1000000 points")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 900 pages") == "1:36: unexpected 'pages' at the end of the line")
        #expect(firstScriptError("scroll 0 0 390 600 content 390 900\nscroll 0 0 390 600 content 390 900")
            == "2:1: 'scroll' is given twice; keep one")
        #expect(firstScriptError("scroll 0 0 390 900 content 390 900\ndown 1 1\nup")
            == "1:8: the scroll view does not fit in the 390 × 844 window; its frame must lie inside it")
        #expect(firstScriptError("tabbar Home\nscroll 0 0 390 800 content 390 900\ndown 1 1\nup")
            == "2:8: the scroll view overlaps the tab bar (from y 795 down); make it end above")
        #expect(firstScriptError("down 1 1\nscroll 0 0 390 600 content 390 900")
            == "2:1: 'scroll' describes the scene, so it must come before the first gesture line")
        #expect(firstScriptError("button Row at 0 0 10 10 in box") == "1:28: expected 'scroll' after 'in': a button may be placed "
            + "in the scroll view, as in: button Row 7 at 0 420 390 60 in scroll")
        #expect(firstScriptError("scrol 1") .hasPrefix("1:1: unknown command 'scrol'; expected one of: window, content-size, layout, "
            + "tabbar, button, scroll,"))
    }
}
