import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

@Suite("Coordinate conversion")
@MainActor
struct CoordinateConversionTests {
    /// window ⊃ scroller (frame at 0,100; bounds origin 0,300) ⊃ row (frame at 20,400).
    private func scene() -> (Window, View, View) {
        let window = Window.phone()
        let scroller = View(frame: Rect(x: 0, y: 100, width: 390, height: 600))
        scroller.bounds.origin = Point(x: 0, y: 300)
        let row = View(frame: Rect(x: 20, y: 400, width: 200, height: 44))
        window.addSubview(scroller)
        scroller.addSubview(row)
        return (window, scroller, row)
    }

    @Test("Bounds origin shifts subviews: a row at y 400 in a view scrolled by 300 sits at y 200")
    func boundsOffset() {
        let (window, scroller, row) = scene()
        _ = (window, scroller)
        #expect(row.convert(Point(x: 0, y: 0), to: nil) == Point(x: 20, y: 200))
        #expect(row.convert(Point(x: 5, y: 5), from: nil) == Point(x: -15, y: -195))
    }

    @Test("Moving the bounds' origin leaves the frame exactly where it was, however awkward its numbers")
    func boundsOriginKeepsFrame() {
        // The frame's centre minus half its width is 878.298325557021, an ulp off.
        let frame = Rect(x: 878.2983255570211, y: 0.1, width: 381.20423768821246, height: 0.3)
        let view = View(frame: frame)
        for step in 1...50 {
            view.bounds.origin = Point(x: 0, y: Double(step) * 7.3)
        }
        #expect(view.frame == frame)
        view.bounds.size = Size(width: 10, height: 10)
        #expect(view.frame.center.x == frame.center.x)
    }

    @Test("Converting to a view and back gives the point again")
    func roundTrip() {
        let (window, scroller, row) = scene()
        let point = Point(x: 33, y: 250)
        let inRow = row.convert(point, from: window)
        #expect(row.convert(inRow, to: window) == point)
        let inScroller = row.convert(inRow, to: scroller)
        #expect(inScroller == Point(x: 33, y: 450))
        #expect(scroller.convert(inScroller, to: row) == inRow)
    }

    @Test("Rects convert by their origin and keep their size")
    func rects() {
        let (window, scroller, row) = scene()
        _ = window
        let rect = Rect(x: 1, y: 2, width: 30, height: 40)
        #expect(row.convert(rect, to: nil) == Rect(x: 21, y: 202, width: 30, height: 40))
        #expect(row.convert(rect, to: scroller) == Rect(x: 21, y: 402, width: 30, height: 40))
        #expect(row.convert(row.convert(rect, to: nil), from: nil) == rect)
    }

    @Test("Views outside a window convert relative to their root")
    func detachedTrees() {
        let root = View(frame: Rect(x: 500, y: 500, width: 10, height: 10))
        let child = View(frame: Rect(x: 3, y: 4, width: 1, height: 1))
        root.addSubview(child)
        #expect(child.convert(Point.zero, to: nil) == Point(x: 3, y: 4))
        #expect(child.convert(Point.zero, to: root) == Point(x: 3, y: 4))
    }

    @Test("Non-finite points convert to non-finite points without trapping")
    func nonFinite() {
        let (window, scroller, row) = scene()
        _ = (window, scroller)
        let converted = row.convert(Point(x: .nan, y: .infinity), to: nil)
        #expect(converted.x.isNaN)
        #expect(converted.y == .infinity)
    }
}
