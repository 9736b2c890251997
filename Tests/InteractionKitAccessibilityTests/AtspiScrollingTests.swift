import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

/// Rule S8 and §13's clipping: a scroll view over AT-SPI.
@Suite("AT-SPI: scroll panes, SHOWING under clipping, ScrollTo")
@MainActor
struct AtspiScrollingTests {
    /// The harness's scene with a 390 × 300 scroll view at the top holding
    /// 20 rows of 60 points (buttons "Row 0"…"Row 19").
    private func harnessWithList() throws -> (ExportHarness, ScrollView, scrollPath: String, rows: [String]) {
        let harness = ExportHarness()
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 300))
        scrollView.contentSize = Size(width: 390, height: 1200)
        for index in 0..<20 {
            scrollView.addSubview(Button(title: "Row \(index)", frame: Rect(x: 0, y: Double(index) * 60, width: 390, height: 60)))
        }
        harness.scene.container.addSubview(scrollView)
        let container = try #require(try harness.children(harness.frame).first)
        let scrollPath = try #require(try harness.children(container).last)
        return (harness, scrollView, scrollPath, try harness.children(scrollPath))
    }

    @Test("A scroll view is a scroll pane; rows scrolled out of its bounds are visible but not showing")
    func roleAndShowing() throws {
        let (harness, scrollView, scrollPath, rows) = try harnessWithList()
        #expect(try harness.role(scrollPath) == "scroll pane")
        #expect(try harness.states(rows[0]).contains("showing"))
        #expect(try harness.states(rows[4]).contains("showing"))
        #expect(try !harness.states(rows[5]).contains("showing"), "rows[5] starts where the bounds end")
        #expect(try harness.states(rows[5]).contains("visible"))
        #expect(try !harness.states(rows[19]).contains("showing"))
        scrollView.contentOffset = Point(x: 0, y: 900)
        #expect(try !harness.states(rows[0]).contains("showing"))
        #expect(try harness.states(rows[19]).contains("showing"))
        // Partly inside still shows.
        scrollView.contentOffset = Point(x: 0, y: 30)
        #expect(try harness.states(rows[0]).contains("showing"))
        #expect(try harness.states(rows[5]).contains("showing"))
        #expect(try !harness.states(rows[6]).contains("showing"))
        // Without clipping everything shows, as before.
        scrollView.clipsToBounds = false
        #expect(try harness.states(rows[19]).contains("showing"))
    }

    @Test("Nested clipping: a row must overlap every clipping ancestor at once")
    func nestedClipping() throws {
        let (harness, scrollView, _, rows) = try harnessWithList()
        let outer = try #require(scrollView.superview)
        outer.clipsToBounds = true
        scrollView.frame = Rect(x: 0, y: 820, width: 390, height: 300)
        // The container ends at 844: of the scroll view only rows 0 (820…880) overlaps it.
        #expect(try harness.states(rows[0]).contains("showing"))
        #expect(try !harness.states(rows[1]).contains("showing"))
    }

    @Test("ScrollTo on a row scrolls its scroll view to bring it in, per scroll type, and answers true")
    func scrollTo() throws {
        let (harness, scrollView, _, rows) = try harnessWithList()
        #expect(try harness.values(rows[10], AtspiInterface.component, "ScrollTo", [.uint32(6)]) == [.boolean(true)])
        #expect(scrollView.contentOffset.y == 360)
        #expect(try harness.states(rows[10]).contains("showing"))
        _ = try harness.values(rows[10], AtspiInterface.component, "ScrollTo", [.uint32(0)])
        #expect(scrollView.contentOffset.y == 600)
        _ = try harness.values(rows[3], AtspiInterface.component, "ScrollTo", [.uint32(3)])
        #expect(scrollView.contentOffset.y == 0)
        _ = try harness.values(rows[19], AtspiInterface.component, "ScrollTo", [.uint32(2)])
        #expect(scrollView.contentOffset.y == 900, "held at the content's end")
        // A view outside any scroll view cannot be scrolled to.
        let tabs = try harness.children(try harness.children(try harness.children(harness.frame)[0])[0])
        #expect(try harness.values(tabs[0], AtspiInterface.component, "ScrollTo", [.uint32(6)]) == [.boolean(false)])
        // A type AT-SPI does not define is an error, not a guess.
        let bad = try harness.call(rows[1], AtspiInterface.component, "ScrollTo", [.uint32(7)])
        #expect(bad.errorName == DBusErrorName.invalidArgs)
        let wrong = try harness.call(rows[1], AtspiInterface.component, "ScrollTo", [.string("top")])
        #expect(wrong.errorName == DBusErrorName.invalidArgs)
    }

    @Test("ScrollToPoint puts a row's top-left corner at the point, as far as the content allows")
    func scrollToPoint() throws {
        let (harness, scrollView, _, rows) = try harnessWithList()
        let reply = try harness.values(rows[8], AtspiInterface.component, "ScrollToPoint", [.uint32(1), .int32(0), .int32(120)])
        #expect(reply == [.boolean(true)])
        #expect(scrollView.contentOffset.y == 360)
        _ = try harness.values(rows[0], AtspiInterface.component, "ScrollToPoint", [.uint32(1), .int32(0), .int32(250)])
        #expect(scrollView.contentOffset.y == 0)
        let bad = try harness.call(rows[0], AtspiInterface.component, "ScrollToPoint", [.uint32(9), .int32(0), .int32(0)])
        #expect(bad.errorName == DBusErrorName.invalidArgs)
    }
}
