import Testing
import InteractionKitAccessibility
import InteractionKitLinux

/// A bar of a chart whose frame is computed from the model, in the chart's coordinates.
@MainActor
private final class ChartBar: AccessibilityElement {
    var month = 2

    override var accessibilityFrameInContainerSpace: Rect {
        get { Rect(x: Double(month) * 30, y: 0, width: 30, height: 120) }
        set {}
    }
}

@Suite("An element subclass that computes its frame is exported with that frame (contract §15)")
@MainActor
struct AtspiElementFrameTests {
    @Test("GetExtents gives the computed frame in window, screen and parent coordinates, and follows the model")
    func computedFrame() throws {
        let window = Window.phone()
        let chart = View(frame: Rect(x: 20, y: 100, width: 300, height: 200))
        window.addSubview(chart)
        let bar = ChartBar(accessibilityContainer: chart)
        bar.accessibilityLabel = "March"
        chart.accessibilityElements = [bar]
        let client = ExportClient(window: window)
        let path = client.path(of: bar)
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(80), .int32(100), .int32(30), .int32(120)])])
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(2)])
            == [.structure([.int32(60), .int32(0), .int32(30), .int32(120)])])
        window.screenOrigin = Point(x: 5, y: 7)
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(0)])
            == [.structure([.int32(85), .int32(107), .int32(30), .int32(120)])])
        let found = try client.values(client.path(of: chart), AtspiInterface.component, "GetAccessibleAtPoint",
                                      [.int32(85), .int32(150), .uint32(1)])
        #expect(client.path(found.first) == path)
        bar.month = 0
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(20), .int32(100), .int32(30), .int32(120)])])
    }

    /// A scroll view's delegate that zooms one view.
    private final class Zooming: ScrollViewDelegate {
        let view: View
        init(_ view: View) { self.view = view }
        func viewForZooming(in scrollView: ScrollView) -> View? { view }
    }

    @Test("A zoomed view's subviews are exported with scaled extents (S10), and a plain transform is honoured too")
    func zoomedExtents() throws {
        let window = Window.phone()
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
        let content = View(frame: Rect(x: 0, y: 0, width: 390, height: 600))
        let button = Button(title: "Go", frame: Rect(x: 100, y: 100, width: 50, height: 40))
        content.addSubview(button)
        scrollView.addSubview(content)
        scrollView.contentSize = content.frame.size
        window.addSubview(scrollView)
        let zooming = Zooming(content)
        scrollView.delegate = zooming
        scrollView.maximumZoomScale = 3
        let client = ExportClient(window: window)
        let path = client.path(of: button)
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(100), .int32(100), .int32(50), .int32(40)])])
        scrollView.setZoomScale(2, animated: false)
        scrollView.contentOffset = Point(x: 150, y: 160)
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(50), .int32(40), .int32(100), .int32(80)])])
        let found = try client.values(client.path(of: scrollView), AtspiInterface.component, "GetAccessibleAtPoint",
                                      [.int32(140), .int32(110), .uint32(1)])
        #expect(client.path(found.first) == path)
        // A view scaled by its own transform, outside any scroll view.
        let badge = View(frame: Rect(x: 200, y: 700, width: 40, height: 20))
        badge.isAccessibilityElement = true
        badge.accessibilityLabel = "Badge"
        window.addSubview(badge)
        badge.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(try client.values(client.path(of: badge), AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(180), .int32(690), .int32(80), .int32(40)])])
    }
}
